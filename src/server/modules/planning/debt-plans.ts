// Saved debt plans, tied to real life: a plan is saved with its debts linked to
// the household's accounts; each time it is read, the payments actually made into those accounts
// are compared with the plan month by month (domain/planning/progress), the plan's monthly extra
// is set against today's daily allowance, and the plan's payments can become monthly bills (the
// reminders job then reminds of them like any bill).
import { and, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  simulateDebtBody,
  type SavedDebtPlan,
  type saveDebtPlanBody,
} from '#src/contract/planning'
import {
  addMonths,
  dayOfMonth,
  localDate,
  makeDate,
  monthLabel,
  startOfMonth,
  type IsoDate,
} from '#src/domain/dates'
import { asCents, ZERO, type Cents } from '#src/domain/money'
import { calendarMonthOf, promotionEnd } from '#src/domain/planning/debt'
import {
  allowanceEffect,
  planMonth,
  planProgress,
  type PlanProgress,
} from '#src/domain/planning/progress'
import type { Db } from '#src/server/db/connect'
import { accounts, bills, debtPlans, transactions } from '#src/server/db/schema'
import { invalidField, notFound } from '#src/server/http/errors'
import { memberScope, type MemberScope } from '#src/server/core/scope'
import { monthPlan } from '../spending-plan/plan'
import type { SessionUser } from '#src/server/core/sessions'
import { moneyFor, simulateDebt } from './service'
import { formatMonth } from '#src/domain/locale'

type PlanBody = z.output<typeof simulateDebtBody>
type PlanRow = typeof debtPlans.$inferSelect

const DEBT_TYPES = ['credit_card', 'loan', 'mortgage'] as const

export async function saveDebtPlan(
  db: Db,
  user: SessionUser,
  now: Date,
  body: z.output<typeof saveDebtPlanBody>,
): Promise<SavedDebtPlan> {
  const scope = await memberScope(db, user)
  const wanted = body.plan.debts.flatMap((d) => (d.accountId ? [d.accountId] : []))
  const debtAccounts = new Set(
    wanted.length === 0
      ? []
      : (
          await db
            .select({ id: accounts.id })
            .from(accounts)
            .where(
              and(
                eq(accounts.householdId, user.householdId),
                inArray(accounts.id, wanted),
                inArray(accounts.type, [...DEBT_TYPES]),
              ),
            )
        ).map((a) => a.id),
  )
  body.plan.debts.forEach((d, i) => {
    if (d.accountId === undefined) return
    const account = scope.accounts.get(d.accountId)
    if (!account || account.view === 'none' || !debtAccounts.has(d.accountId)) {
      throw invalidField(
        `body.plan.debts.${i}.accountId`,
        'Must be a credit card, loan or mortgage account of the household',
      )
    }
  })
  const startMonth = body.plan.startMonth ?? startOfMonth(localDate(now, user.timeZone)).slice(0, 7)
  simulateDebt(user, now, { ...body.plan, startMonth }, 'body.plan') // refuses a plan that cannot be simulated, naming the field
  // each promotion is kept as the calendar month it ends, whichever form it was given in
  const plan: PlanBody = { ...body.plan, startMonth, debts: withPromotionEnds(body.plan.debts, startMonth) }
  const [row] = await db
    .insert(debtPlans)
    .values({
      householdId: user.householdId,
      createdBy: user.id,
      name: body.name,
      input: z.encode(simulateDebtBody, plan),
      startMonth: `${startMonth}-01`,
    })
    .returning()
  if (!row) throw new Error('insert returned no row')
  const available = await availableToday(db, user, now, scope)
  return view(db, user, now, scope, row, available)
}

export async function listDebtPlans(
  db: Db,
  user: SessionUser,
  now: Date,
): Promise<SavedDebtPlan[]> {
  const rows = await db
    .select()
    .from(debtPlans)
    .where(eq(debtPlans.householdId, user.householdId))
    .orderBy(desc(debtPlans.createdAt))
  if (rows.length === 0) return []
  const scope = await memberScope(db, user)
  const available = await availableToday(db, user, now, scope)
  return Promise.all(rows.map((row) => view(db, user, now, scope, row, available)))
}

export async function deleteDebtPlan(db: Db, user: SessionUser, id: string): Promise<void> {
  const deleted = await db
    .delete(debtPlans)
    .where(and(eq(debtPlans.householdId, user.householdId), eq(debtPlans.id, id)))
    .returning({ id: debtPlans.id })
  if (deleted.length === 0) throw notFound('Debt plan')
}

/**
 * This month's planned payment of each debt (or month 1's, before the plan starts) as a monthly
 * bill due on `dueDay`, all in one transaction. Each bill ends with the debt: its last due date
 * is `dueDay` of the month the plan pays the debt off (no end when the plan never does), so paying
 * that one makes the bill inactive and no reminder comes after it; a debt paid off before its
 * first due date gets no bill. Later months' payments may differ (freed minimums roll on); the
 * bill's notes say so. The bill is not paid from the debt's account (a bill's account is where
 * its payments come from, and paying it records spending there): its notes name that account.
 */
export async function createDebtPlanBills(
  db: Db,
  user: SessionUser,
  now: Date,
  id: string,
  dueDay: number,
) {
  const row = await findPlan(db, user, id)
  const plan = decode(row)
  const result = simulateDebt(user, now, plan, 'body')
  const today = localDate(now, user.timeZone)
  const month = Math.max(1, monthIndex(row.startMonth, today))
  const line = result.schedule[month - 1]
  if (!line)
    throw invalidField('params.id', 'This plan has no payments left: every debt is paid off by now')
  const thisMonthDue = makeDate(Number(today.slice(0, 4)), Number(today.slice(5, 7)), dueDay)
  const nextDueDate: IsoDate =
    dayOfMonth(today) <= dueDay ? thisMonthDue : addMonths(thisMonthDue, 1, dueDay)
  const planMonthName = monthLabel(planMonth(row.startMonth, month))
  const payoffMonth = new Map(result.payoffOrder.map((p) => [p.name, p.payoffMonth]))
  // the debts' accounts by name, where the member sees them
  const scope = await memberScope(db, user)
  const linked = plan.debts.flatMap((d) =>
    d.accountId && (scope.accounts.get(d.accountId)?.view ?? 'none') !== 'none' ? [d.accountId] : [],
  )
  const names = new Map(
    linked.length === 0
      ? []
      : (
          await db
            .select({ id: accounts.id, name: accounts.name })
            .from(accounts)
            .where(and(eq(accounts.householdId, user.householdId), inArray(accounts.id, linked)))
        ).map((a) => [a.id, a.name]),
  )
  const accountOf = new Map(plan.debts.map((d) => [d.name, d.accountId]))
  const made = line.debts.flatMap((d) => {
    if (d.payment <= 0) return []
    const payoff = payoffMonth.get(d.name)
    const endDate =
      payoff === undefined ? null : makeDate(Number(payoff.slice(0, 4)), Number(payoff.slice(5, 7)), dueDay)
    if (endDate !== null && endDate < nextDueDate) return []
    const accountId = accountOf.get(d.name)
    return [{ debt: d, endDate, payoff, accountName: (accountId && names.get(accountId)) ?? null }]
  })
  if (made.length === 0) throw invalidField('params.id', 'This month the plan pays nothing')
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(bills)
      .values(
        made.map(({ debt, endDate, payoff, accountName }) => ({
          householdId: user.householdId,
          userId: user.id,
          name: `${debt.name} payment`.slice(0, 80),
          amount: debt.payment,
          nextDueDate,
          anchorDay: dueDay,
          recurrence: 'monthly',
          endDate,
          notes: [
            `From the debt plan "${row.name}": the payment it plans for ${planMonthName}. Later months may differ as paid-off debts free their minimums.`,
            payoff === undefined
              ? 'The plan never pays this debt off, so the bill has no end.'
              : `The plan pays it off in ${monthLabel(payoff)}: the bill ends with that payment.`,
            accountName === null ? '' : `It pays into the ${accountName} account.`,
          ]
            .filter((t) => t !== '')
            .join(' ')
            .slice(0, 1000),
        })),
      )
      .returning({
        id: bills.id,
        name: bills.name,
        amount: bills.amount,
        nextDueDate: bills.nextDueDate,
        endDate: bills.endDate,
      })
    return { bills: inserted.map((b) => ({ ...b, amount: asCents(b.amount) })) }
  })
}

async function findPlan(db: Db, user: SessionUser, id: string): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(debtPlans)
    .where(and(eq(debtPlans.householdId, user.householdId), eq(debtPlans.id, id)))
  if (!row) throw notFound('Debt plan')
  return row
}

/**
 * A stored plan as the planner reads it: its first month from the row, and each promotion as the
 * calendar month it ends. Plans saved before promotions were kept that way hold promoMonths,
 * counted from the plan's own first month, so the end month they give is the one meant then;
 * half a promotion, which the planner then ignored, is still ignored rather than refused.
 */
function decode(row: PlanRow): PlanBody & { startMonth: string } {
  const startMonth = row.startMonth.slice(0, 7)
  const stored = simulateDebtBody.parse(row.input)
  const debts = stored.debts.map((d) => {
    const { promoApr, promoEnds, promoMonths, ...rest } = d
    const whole = promoApr !== undefined && (promoEnds !== undefined || promoMonths !== undefined)
    return whole ? { ...rest, promoApr, ...(promoEnds !== undefined ? { promoEnds } : { promoMonths }) } : rest
  })
  return { ...stored, startMonth, debts: withPromotionEnds(debts, startMonth) }
}

/** Each debt's promotion as the calendar month it ends (promoEnds), counted from `startMonth`. */
function withPromotionEnds(debts: PlanBody['debts'], startMonth: string): PlanBody['debts'] {
  return debts.map((d, i) => {
    const last = promotionEnd(d, startMonth, `debts.${String(i)}`)
    if (last === null) return d
    const { promoMonths: _months, ...rest } = d
    return { ...rest, promoEnds: calendarMonthOf(startMonth, last) }
  })
}

/** Month n of a plan starting on `start` that contains `date` (0 or less before it starts). */
function monthIndex(start: IsoDate, date: IsoDate): number {
  return (
    (Number(date.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
    Number(date.slice(5, 7)) -
    Number(start.slice(5, 7)) +
    1
  )
}

async function availableToday(
  db: Db,
  user: SessionUser,
  now: Date,
  scope: MemberScope,
): Promise<Cents> {
  return (await monthPlan(db, user, now, undefined, { scope })).available
}

async function view(
  db: Db,
  user: SessionUser,
  now: Date,
  scope: MemberScope,
  row: PlanRow,
  available: Cents,
): Promise<SavedDebtPlan> {
  const money = moneyFor(user)
  const input = decode(row)
  const result = simulateDebt(user, now, input, 'body')
  const today = localDate(now, user.timeZone)
  const currentMonth = today.slice(0, 7)
  // payments are compared where the member sees the account's transactions
  const linked = new Map<string, string>()
  for (const d of input.debts) {
    if (d.accountId && scope.accounts.get(d.accountId)?.view === 'full')
      linked.set(d.name, d.accountId)
  }
  const accountIds = [...new Set(linked.values())]
  const planned = result.schedule.map((m) =>
    asCents(m.debts.reduce((sum, d) => (linked.has(d.name) ? sum + d.payment : sum), 0)),
  )
  const paid = await paymentsByMonth(db, user.householdId, accountIds, row.startMonth, today)
  const progress = planProgress(row.startMonth, planned, paid, currentMonth)
  const extra = input.extraMonthly ?? ZERO
  const effect = allowanceEffect(available, today, extra)
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    startMonth: input.startMonth,
    input,
    debtFreeMonth: result.debtFreeMonth,
    progress: {
      ...progress,
      accountIds,
      text: progressText(progress, accountIds.length, row.startMonth, currentMonth, money, (m) => formatMonth(m, user.locale)),
    },
    allowance: {
      extraMonthly: extra,
      ...effect,
      text:
        extra === 0
          ? 'This plan pays nothing beyond the minimums, so your daily allowance stays as it is.'
          : effect.now === 0
            ? `Nothing is left to spend this month, so the ${money(extra)} extra would come from savings or next month's money.`
            : `Setting aside the ${money(extra)} extra this month leaves ${money(effect.withExtra)} a day to spend instead of ${money(effect.now)} (${money(effect.difference)} less a day).`,
    },
  }
}

function progressText(
  p: PlanProgress,
  linked: number,
  start: IsoDate,
  currentMonth: string,
  money: (c: number) => string,
  monthName: (month: string) => string,
): string {
  if (linked === 0)
    return 'None of these debts is linked to an account whose transactions you see, so there are no payments to compare yet.'
  if (p.status === 'not_started') return `The plan starts in ${monthName(start.slice(0, 7))}.`
  const last = p.months.at(-1)?.month ?? currentMonth
  if (p.status === 'behind') {
    return `Behind by ${money(p.behindBy)}: ${money(p.paidToDate)} paid against ${money(p.plannedDue)} planned for the months already over.`
  }
  if (p.status === 'ahead') {
    return `Ahead: ${money(p.paidToDate)} paid, ${money(p.paidToDate - p.plannedToDate)} more than planned up to the end of ${monthName(last)}.`
  }
  return `On track: ${money(p.paidToDate)} paid; ${money(p.plannedToDate)} is planned up to the end of ${monthName(last)}.`
}

/** Money into the accounts (payments, refunds) per YYYY-MM from the plan's start to today. */
async function paymentsByMonth(
  db: Db,
  householdId: string,
  accountIds: string[],
  from: IsoDate,
  to: IsoDate,
): Promise<Map<string, Cents>> {
  if (accountIds.length === 0) return new Map()
  const month = sql<string>`to_char(${transactions.date}, 'YYYY-MM')`
  const rows = await db
    .select({ month, total: sql<string>`sum(${transactions.amount})::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, householdId),
        inArray(transactions.accountId, accountIds),
        gt(transactions.amount, 0),
        inArray(transactions.kind, ['standard', 'transfer']),
        gte(transactions.date, from),
        lte(transactions.date, to),
      ),
    )
    .groupBy(month)
  return new Map(rows.map((r) => [r.month, asCents(Number(r.total))]))
}
