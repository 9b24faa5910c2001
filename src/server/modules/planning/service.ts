// Debt payoff and retirement simulations over domain/planning, and the defaults they
// start from: the debts and investment accounts the member sees, and the spending of the last 12
// months in the accounts whose transactions they see (ADR 0023).
import type { z } from 'zod'
import type { DebtPlan, RetirementResult, simulateDebtBody, simulateRetirementBody } from '#src/contract/planning'
import { addMonths, localDate, startOfMonth, type IsoDate } from '#src/domain/dates'
import { DEFAULT_LOCALE, formatMonth } from '#src/domain/locale'
import { asCents, formatMoney, type Cents } from '#src/domain/money'
import {
  compareWithMinimums,
  PlanError,
  promotionEnd,
  simulateDebtPlan,
  STRATEGIES,
  type Debt,
  type PlanInput,
} from '#src/domain/planning/debt'
import {
  historicalBacktest,
  monteCarlo,
  projectRetirement,
  RetirementError,
  sensitivity,
  type RetirementInput,
} from '#src/domain/planning/retirement'
import type { Db } from '#src/server/db/connect'
import { invalidField } from '#src/server/http/errors'
import { memberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import * as repo from './repo'

const monthOf = (start: IsoDate, month: number) => addMonths(start, month - 1).slice(0, 7)

/** Amounts in the member's currency and locale. */
export const moneyFor = (user?: Pick<SessionUser, 'baseCurrency' | 'locale'>) => (cents: number) =>
  formatMoney(asCents(cents), user?.baseCurrency, user?.locale)

/**
 * `path`: where the plan sits in the request, for the field an error names. A promotion's end
 * (promoEnds, YYYY-MM; or the older promoMonths) counts from the plan's first month: `startMonth`
 * when given, else this month by the server's clock in the member's time zone.
 */
export function simulateDebt(user: SessionUser, now: Date, body: z.output<typeof simulateDebtBody>, path = 'body'): DebtPlan {
  const dollars = moneyFor(user)
  const start: IsoDate = body.startMonth ? `${body.startMonth}-01` : startOfMonth(localDate(now, user.timeZone))
  try {
    const debts: Debt[] = body.debts.map((d, i) => {
      const promoUntilMonth = promotionEnd(d, start.slice(0, 7), `debts.${String(i)}`)
      return {
        name: d.name,
        balance: d.balance,
        apr: d.apr,
        minimum:
          d.minimumPercent === undefined
            ? { kind: 'fixed', amount: d.minimumPayment }
            : { kind: 'percent', percent: d.minimumPercent, floor: d.minimumPayment },
        ...(d.promoApr !== undefined && promoUntilMonth !== null ? { promoApr: d.promoApr, promoUntilMonth } : {}),
      }
    })
    const input: PlanInput = {
      debts,
      strategy: body.strategy,
      extraMonthly: body.extraMonthly ?? asCents(0),
      ...(body.order ? { order: body.order } : {}),
      ...(body.oneTime ? { oneTime: body.oneTime } : {}),
    }
    const { plan, interestSaved, monthsSaved, baseline } = compareWithMinimums(input)
    const strategies = STRATEGIES.filter((s) => s !== 'custom' || body.order !== undefined).map((strategy) => {
      const r = strategy === body.strategy ? plan : strategy === 'minimum' ? baseline : simulateDebtPlan({ ...input, strategy })
      return {
        strategy,
        finished: r.finished,
        months: r.months,
        totalInterest: r.totalInterest,
        totalPaid: r.totalPaid,
        debtFreeMonth: r.months === null ? null : monthOf(start, r.months),
      }
    })
    const explanation = !plan.finished
      ? 'With these payments the debts are never paid off: raise the monthly extra or the minimums.'
      : interestSaved !== null && monthsSaved !== null && body.strategy !== 'minimum' && (interestSaved > 0 || monthsSaved > 0)
        ? `Debt-free in ${plan.months} months (${formatMonth(monthOf(start, plan.months ?? 1), user?.locale ?? DEFAULT_LOCALE)}), paying ${dollars(plan.totalInterest)} in interest: ${dollars(interestSaved)} less and ${monthsSaved} months sooner than paying only the minimums.`
        : `Debt-free in ${plan.months} months (${formatMonth(monthOf(start, plan.months ?? 1), user?.locale ?? DEFAULT_LOCALE)}), paying ${dollars(plan.totalInterest)} in interest.`
    return {
      strategy: plan.strategy,
      finished: plan.finished,
      months: plan.months,
      debtFreeMonth: plan.months === null ? null : monthOf(start, plan.months),
      totalInterest: plan.totalInterest,
      totalPaid: plan.totalPaid,
      payoffOrder: plan.payoffOrder.map((p) => ({ ...p, payoffMonth: monthOf(start, Math.max(1, p.month)) })),
      schedule: plan.schedule.map((m) => ({ ...m, date: monthOf(start, m.month) })),
      warnings: plan.warnings,
      interestSaved,
      monthsSaved,
      strategies,
      explanation,
    }
  } catch (e) {
    if (e instanceof PlanError) throw invalidField(`${path}.${e.field}`, e.message)
    throw e
  }
}

export function simulateRetirement(
  body: z.output<typeof simulateRetirementBody>,
  user?: Pick<SessionUser, 'baseCurrency' | 'locale'>,
): RetirementResult {
  const dollars = moneyFor(user)
  const input: RetirementInput = {
    currentAge: body.currentAge,
    retirementAge: body.retirementAge,
    planUntilAge: body.planUntilAge,
    savings: body.savings,
    monthlyContribution: body.monthlyContribution,
    contributionRaise: body.contributionRaise,
    annualReturn: body.annualReturn,
    volatility: body.volatility,
    inflation: body.inflation,
    annualSpending: body.annualSpending,
    withdrawalRate: body.withdrawalRate,
    strategy: body.strategy,
    otherIncome: body.otherIncome,
    ...(body.stockShare === undefined ? {} : { stockShare: body.stockShare }),
  }
  try {
    const projection = projectRetirement(input)
    const mc = monteCarlo(input, { seed: body.seed })
    const what = body.sensitivity ? sensitivity(input, { seed: body.seed }) : []
    const backtest = historicalBacktest(input)
    const pct = Math.round(mc.successRate * 1000) / 10
    const explanation =
      `Your FIRE number is ${dollars(projection.fireNumber)} (${dollars(body.annualSpending)} a year ÷ ${Math.round(body.withdrawalRate * 1000) / 10} %). ` +
      (projection.fiAge !== null
        ? `At the expected return your savings reach it at ${projection.fiAge}. `
        : `At the expected return your savings reach ${dollars(projection.projectedAtRetirement)} at ${body.retirementAge}, short of it. `) +
      `In ${mc.paths.toLocaleString('en-US')} simulated markets the money lasts to ${body.planUntilAge} in ${pct} % of them` +
      (backtest
        ? `; replayed through every start year of US history from ${backtest.firstYear}, in ${Math.round(backtest.successRate * 1000) / 10} % of them (the worst start: ${backtest.worstStartYear}).`
        : '.')
    return {
      realReturn: projection.realReturn,
      fireNumber: projection.fireNumber,
      projectedAtRetirement: projection.projectedAtRetirement,
      fiAge: projection.fiAge,
      depletedAge: projection.depletedAge,
      successRate: mc.successRate,
      percentiles: mc.percentiles,
      projection: projection.years,
      paths: mc.paths,
      seed: mc.seed,
      medianEnding: mc.medianEnding,
      worstEnding: mc.worstEnding,
      sensitivity: what,
      backtest,
      explanation,
    }
  } catch (e) {
    if (e instanceof RetirementError) throw invalidField(`body.${e.field}`, e.message)
    throw e
  }
}

const DEBT_TYPES = ['credit_card', 'loan', 'mortgage'] as const

export async function listDebtCandidates(db: Db, user: SessionUser) {
  const scope = await memberScope(db, user)
  const rows = await repo.listOpenAccountsOfTypes(db, user.householdId, [...DEBT_TYPES])
  const hidden = new Set(scope.hidden)
  return rows
    .filter((a) => !hidden.has(a.id) && a.balance < 0)
    .map((a) => ({
      accountId: a.id,
      name: a.name,
      type: a.type as (typeof DEBT_TYPES)[number],
      balance: asCents(-a.balance),
    }))
}

export async function retirementDefaults(db: Db, user: SessionUser, now: Date) {
  const scope = await memberScope(db, user)
  const thisMonth = startOfMonth(localDate(now, user.timeZone))
  const from = addMonths(thisMonth, -12)
  const to = addMonths(thisMonth, -1)
  const hidden = new Set(scope.hidden)
  const investment = (await repo.listOpenInvestmentBalances(db, user.householdId)).filter((a) => !hidden.has(a.id))
  const total = await repo.sumExpenses(db, user.householdId, from, to, scope.noTransactions)
  const savings: Cents = asCents(Math.max(0, investment.reduce((s, a) => s + a.balance, 0)))
  return {
    savings,
    annualSpending: asCents(Number(total ?? 0)),
    spendingFrom: from.slice(0, 7),
    spendingTo: to.slice(0, 7),
    investmentAccounts: investment.length,
  }
}
