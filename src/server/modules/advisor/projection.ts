// The advisor's projection of the member's plan to a month ahead: reads what
// domain/plan/projection needs from the same plan the Spending Plan page shows (monthPlan), for
// the member's own plan only — the accounts planExclusions counts, and the bills and goals paid
// from them — so a teen's projection holds their own money, never the household's bills.
import { addMonths, startOfMonth, type IsoDate } from '#src/domain/dates'
import { asCents, type Cents } from '#src/domain/money'
import { projectToMonth, usualSpending, type Projection } from '#src/domain/plan/projection'
import * as accounts from '../accounts/service'
import { memberScope } from '#src/server/core/scope'
import { monthPlan, planExclusions } from '../spending-plan/plan'
import type { ToolContext } from './tools'

/** The accounts whose balance a projection starts from: money at hand, not investments or debts. */
const CASH_TYPES: ReadonlySet<string> = new Set(['checking', 'savings', 'cash'])
/** Complete months the usual spending is the median of. */
export const USUAL_SPENDING_MONTHS = 3

export type MemberProjection = { projection: Projection; usualSpendingMonths: number }

/** The member's plan projected from today to the end of the month of `target` (this month or later). */
export async function memberProjection(
  ctx: ToolContext,
  target: IsoDate,
): Promise<MemberProjection> {
  const { db, user, now } = ctx
  const scope = await memberScope(db, user)
  const { counted } = planExclusions(scope)
  const thisMonth = startOfMonth(ctx.today)
  const history = Array.from({ length: USUAL_SPENDING_MONTHS }, (_, i) =>
    addMonths(thisMonth, i - USUAL_SPENDING_MONTHS).slice(0, 7),
  )
  const [plan, pastPlans, accountList] = await Promise.all([
    monthPlan(db, user, now, undefined, { scope }),
    Promise.all(history.map((m) => monthPlan(db, user, now, m, { scope }))),
    accounts.list(db, user, now),
  ])

  // a month's spending outside bills: all it spent less what paid its bills; a month with no
  // spending at all in the plan is before the member's history began, not a month of none
  const spentOutsideBills = (p: { expenses: Cents; billsPaid: Cents }): Cents =>
    asCents(Math.max(0, p.expenses - p.billsPaid))
  const pastMonths = pastPlans.filter((p) => p.expenses > 0).map(spentOutsideBills)
  const cash = asCents(
    accountList
      .filter((a) => !a.isClosed && CASH_TYPES.has(a.type) && counted.has(a.id))
      .reduce((sum, a) => sum + (a.convertedBalance ?? 0), 0),
  )
  const projection = projectToMonth({
    today: ctx.today,
    target,
    cash,
    thisMonth: {
      incomeStillExpected: plan.incomeStillExpected,
      billsStillDue: plan.billsStillDue,
      spentOutsideBills: spentOutsideBills(plan),
    },
    usualSpending: usualSpending(pastMonths),
    incomeSources: plan.incomeSources,
    irregularHistory: plan.irregularHistory,
    scheduledBills: plan.scheduledBills,
    goals: plan.goals,
  })
  return { projection, usualSpendingMonths: pastMonths.length }
}
