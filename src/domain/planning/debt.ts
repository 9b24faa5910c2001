// Debt payoff plans: snowball, avalanche, a custom order, and minimums only as the
// baseline, simulated month by month so that anyone can check each line with a calculator.
//
// Each month, for each debt with something still owed:
//  1. interest = balance × APR ÷ 12, rounded to the cent (half away from zero), is added; the APR
//     is the promotional one up to and including its last month, the standard one after;
//  2. the debt receives its minimum (fixed, or a percentage of the balance with a floor), or its
//     whole balance when that is smaller;
//  3. what is left of the month's budget goes to the debts in strategy order, each paid off before
//     the next receives anything. The budget is the sum of the minimums in the plan's first month
//     plus the monthly extra (so a minimum freed by a paid-off debt rolls on to the next), plus any
//     one-off payment that month.
// With minimums only, each debt gets its own minimum and nothing rolls on (nor are the extra and
// the one-off payments used): it is the baseline the strategies are measured against.
// The plan ends when every balance is zero, or after 600 months (then it never finishes).
//
// Money is integer cents; APRs and percentages arrive as percentages with up to two decimals
// (19.99) and are used as whole basis points, so every product is exact before its one rounding.

import { mulDivRound } from '../investments/lots'
import { asCents, formatMoney, type Cents } from '../money'

export const MAX_MONTHS = 600
/** owed beyond this (ten trillion) the plan has long failed: it stops there, before numbers lose cents */
const MAX_OWED = 1e15

export const STRATEGIES = ['snowball', 'avalanche', 'custom', 'minimum'] as const
export type Strategy = (typeof STRATEGIES)[number]

export type MinimumPayment =
  | { kind: 'fixed'; amount: Cents }
  /** percent of the balance after the month's interest, never below the floor */
  | { kind: 'percent'; percent: number; floor: Cents }

export type Debt = {
  name: string
  /** owed, positive */
  balance: Cents
  /** percent a year: 19.99 */
  apr: number
  minimum: MinimumPayment
  /** a promotional APR that applies up to and including month `promoUntilMonth` (1 = the first) */
  promoApr?: number
  promoUntilMonth?: number
}

export type PlanInput = {
  debts: readonly Debt[]
  strategy: Strategy
  /** added to the budget every month */
  extraMonthly: Cents
  /** names, for the custom strategy; debts left out follow in the order given */
  order?: readonly string[]
  /** one-off extra payments: month 1 is the first month of the plan */
  oneTime?: readonly { month: number; amount: Cents }[]
}

export type ScheduleLine = { name: string; interest: Cents; payment: Cents; principal: Cents; balance: Cents }
export type ScheduleMonth = {
  month: number
  debts: ScheduleLine[]
  interest: Cents
  payment: Cents
  /** owed after this month's payments */
  balance: Cents
}

export type Warning = {
  code: 'minimum_below_interest' | 'never_finishes' | 'budget_below_minimums'
  name?: string
  message: string
}

export type PlanResult = {
  strategy: Strategy
  /** months until every debt is paid (the last month with a payment); null when it never finishes */
  months: number | null
  finished: boolean
  totalInterest: Cents
  totalPaid: Cents
  /** the order debts are paid off, with the month each reaches zero */
  payoffOrder: { name: string; month: number }[]
  schedule: ScheduleMonth[]
  warnings: Warning[]
}

export class PlanError extends RangeError {
  readonly field: string
  constructor(field: string, message: string) {
    super(message)
    this.name = 'PlanError'
    this.field = field
  }
}

/** A percentage with at most two decimals (19.99) as whole basis points (1999). */
export function basisPoints(percent: number, field: string): number {
  const bp = Math.round(percent * 100)
  if (!Number.isFinite(percent) || percent < 0 || Math.abs(percent * 100 - bp) > 1e-6 || bp > 100_000) {
    throw new PlanError(field, 'Must be a percentage from 0 to 1000 with at most 2 decimals')
  }
  return bp
}

/** One month's interest on a balance: balance × APR ÷ 12, to the cent. */
export function monthlyInterest(balance: Cents, aprPercent: number): Cents {
  return asCents(mulDivRound(balance, basisPoints(aprPercent, 'apr'), 12 * 10_000))
}

export function aprInMonth(debt: Debt, month: number): number {
  return debt.promoApr !== undefined && debt.promoUntilMonth !== undefined && month <= debt.promoUntilMonth
    ? debt.promoApr
    : debt.apr
}

/**
 * The plan month (1 = the plan's first) of a calendar month: both written YYYY-MM. Before the
 * plan starts it is 0 or less.
 */
export function planMonthOf(startMonth: string, month: string): number {
  return (Number(month.slice(0, 4)) - Number(startMonth.slice(0, 4))) * 12 + Number(month.slice(5, 7)) - Number(startMonth.slice(5, 7)) + 1
}

/** The calendar month (YYYY-MM) of plan month `n` (1 = the first) of a plan starting in `startMonth`. */
export function calendarMonthOf(startMonth: string, n: number): string {
  const index = Number(startMonth.slice(0, 4)) * 12 + Number(startMonth.slice(5, 7)) - 1 + n - 1
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/**
 * A promotional rate as it is asked for: its APR with the month it ends (YYYY-MM, the last month
 * it applies), or — the older form — with how many of the plan's first months it lasts.
 */
export type PromotionInput = { promoApr?: number | undefined; promoEnds?: string | undefined; promoMonths?: number | undefined }

/**
 * The promotion's last plan month (1 = the plan's first month, `startMonth`), or null when the
 * debt has none. Half a promotion (a rate without its end, or an end without its rate), an end
 * before the plan starts, or an end month and a number of months that disagree are refused with
 * the field (under `at`, e.g. "debts.0") to fix: nothing is silently dropped.
 */
export function promotionEnd(p: PromotionInput, startMonth: string, at: string): number | null {
  const hasEnd = p.promoEnds !== undefined || p.promoMonths !== undefined
  if (p.promoApr === undefined) {
    if (hasEnd) throw new PlanError(`${at}.promoApr`, 'Give the promotional APR, or leave out when the promotion ends')
    return null
  }
  if (!hasEnd) throw new PlanError(`${at}.promoEnds`, 'Give the month the promotional rate ends')
  let last: number | null = null
  if (p.promoEnds !== undefined) {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(p.promoEnds)) throw new PlanError(`${at}.promoEnds`, 'Must be a month written YYYY-MM')
    last = planMonthOf(startMonth, p.promoEnds)
    if (last < 1) throw new PlanError(`${at}.promoEnds`, `The promotion must end in or after the plan's first month (${startMonth})`)
  }
  if (p.promoMonths !== undefined) {
    if (!Number.isInteger(p.promoMonths) || p.promoMonths < 1)
      throw new PlanError(`${at}.promoMonths`, 'Must be a whole number of months, at least 1')
    if (last !== null && last !== p.promoMonths)
      throw new PlanError(`${at}.promoMonths`, `Give the month the promotion ends or its number of months, not two that disagree (${p.promoEnds ?? ''} is month ${String(last)} of the plan)`)
    last = p.promoMonths
  }
  return last
}

/** The minimum due on a balance (after the month's interest), capped at the balance. */
export function minimumDue(debt: Debt, balance: Cents): Cents {
  if (balance <= 0) return asCents(0)
  const due =
    debt.minimum.kind === 'fixed'
      ? debt.minimum.amount
      : Math.max(debt.minimum.floor, mulDivRound(balance, basisPoints(debt.minimum.percent, 'minimum.percent'), 10_000))
  return asCents(Math.min(due, balance))
}

function check(input: PlanInput): void {
  const names = new Set<string>()
  input.debts.forEach((d, i) => {
    if (names.has(d.name)) throw new PlanError(`debts.${i}.name`, `Two debts are named "${d.name}": names must differ`)
    names.add(d.name)
    if (!Number.isSafeInteger(d.balance) || d.balance < 0) throw new PlanError(`debts.${i}.balance`, 'Must not be negative')
    basisPoints(d.apr, `debts.${i}.apr`)
    if (d.promoApr !== undefined) basisPoints(d.promoApr, `debts.${i}.promoApr`)
    if (d.minimum.kind === 'fixed' && d.minimum.amount < 0) throw new PlanError(`debts.${i}.minimumPayment`, 'Must not be negative')
    if (d.minimum.kind === 'percent') {
      basisPoints(d.minimum.percent, `debts.${i}.minimumPercent`)
      if (d.minimum.floor < 0) throw new PlanError(`debts.${i}.minimumFloor`, 'Must not be negative')
    }
  })
  if (input.extraMonthly < 0) throw new PlanError('extraMonthly', 'Must not be negative')
  input.oneTime?.forEach((p, i) => {
    if (!Number.isInteger(p.month) || p.month < 1 || p.month > MAX_MONTHS)
      throw new PlanError(`oneTime.${i}.month`, `Must be a month from 1 to ${MAX_MONTHS}`)
    if (p.amount < 0) throw new PlanError(`oneTime.${i}.amount`, 'Must not be negative')
  })
  input.order?.forEach((name, i) => {
    if (!names.has(name)) throw new PlanError(`order.${i}`, `No debt is named "${name}"`)
  })
}

/**
 * The order extra money goes in, fixed at the plan's start: snowball the smallest balance first
 * (then the higher APR), avalanche the highest standard APR first (then the smaller balance) —
 * a promotional rate ends, the standard one is what the debt really costs — custom the given
 * names first, the rest in the order the debts were given.
 */
export function strategyOrder(debts: readonly Debt[], strategy: Strategy, order: readonly string[] = []): Debt[] {
  const indexed = debts.map((d, i) => ({ d, i }))
  if (strategy === 'snowball') indexed.sort((a, b) => a.d.balance - b.d.balance || b.d.apr - a.d.apr || a.i - b.i)
  else if (strategy === 'avalanche') indexed.sort((a, b) => b.d.apr - a.d.apr || a.d.balance - b.d.balance || a.i - b.i)
  else if (strategy === 'custom') {
    const rank = new Map(order.map((name, i) => [name, i]))
    indexed.sort((a, b) => (rank.get(a.d.name) ?? order.length + a.i) - (rank.get(b.d.name) ?? order.length + b.i))
  }
  return indexed.map((x) => x.d)
}

const money = (cents: number) => formatMoney(asCents(Math.abs(cents)))

/** Simulates one strategy. Throws PlanError (with the field) on impossible input. */
export function simulateDebtPlan(input: PlanInput): PlanResult {
  check(input)
  const ordered = strategyOrder(input.debts, input.strategy, input.order)
  const balances = new Map<string, number>(ordered.map((d) => [d.name, d.balance]))
  const warnings: Warning[] = []
  const minimumOnly = input.strategy === 'minimum'

  // the budget: the first month's minimums (on the balance after its interest) plus the extra
  let firstMinimums = 0
  for (const d of ordered) {
    const withInterest = d.balance + monthlyInterest(asCents(d.balance), aprInMonth(d, 1))
    firstMinimums += minimumDue(d, asCents(withInterest))
    const interest = monthlyInterest(asCents(d.balance), d.apr)
    const standardMinimum = minimumDue(d, asCents(d.balance + interest))
    if (d.balance > 0 && standardMinimum <= interest) {
      warnings.push({
        code: 'minimum_below_interest',
        name: d.name,
        message: `${d.name}: the minimum payment of ${money(standardMinimum)} doesn't cover its ${money(interest)} monthly interest, so paying only the minimum never pays it off.`,
      })
    }
  }
  const budget = firstMinimums + (minimumOnly ? 0 : input.extraMonthly)
  const oneTime = new Map<number, number>()
  if (!minimumOnly) for (const p of input.oneTime ?? []) oneTime.set(p.month, (oneTime.get(p.month) ?? 0) + p.amount)

  const schedule: ScheduleMonth[] = []
  const payoffOrder: { name: string; month: number }[] = []
  let totalInterest = 0
  let totalPaid = 0
  let owed = ordered.reduce((s, d) => s + d.balance, 0)
  let month = 0
  let budgetShort = false
  for (const d of ordered) if (d.balance === 0) payoffOrder.push({ name: d.name, month: 0 })

  while (owed > 0 && month < MAX_MONTHS && owed < MAX_OWED) {
    month += 1
    const lines = new Map<string, ScheduleLine>()
    // 1. interest
    for (const d of ordered) {
      const balance = balances.get(d.name) ?? 0
      const interest = balance > 0 ? monthlyInterest(asCents(balance), aprInMonth(d, month)) : 0
      balances.set(d.name, balance + interest)
      lines.set(d.name, { name: d.name, interest: asCents(interest), payment: asCents(0), principal: asCents(0), balance: asCents(0) })
      totalInterest += interest
    }
    // 2. minimums
    let paidThisMonth = 0
    for (const d of ordered) {
      const balance = balances.get(d.name) ?? 0
      const due = minimumDue(d, asCents(balance))
      balances.set(d.name, balance - due)
      const line = lines.get(d.name)
      if (line) line.payment = asCents(line.payment + due)
      paidThisMonth += due
    }
    // 3. the rest of the budget, in order
    if (!minimumOnly) {
      let left = budget + (oneTime.get(month) ?? 0) - paidThisMonth
      if (left < 0) budgetShort = true
      for (const d of ordered) {
        if (left <= 0) break
        const balance = balances.get(d.name) ?? 0
        if (balance <= 0) continue
        const pay = Math.min(balance, left)
        balances.set(d.name, balance - pay)
        const line = lines.get(d.name)
        if (line) line.payment = asCents(line.payment + pay)
        left -= pay
        paidThisMonth += pay
      }
    }
    totalPaid += paidThisMonth
    owed = 0
    let monthInterest = 0
    const debtsLines: ScheduleLine[] = []
    for (const d of ordered) {
      const line = lines.get(d.name)
      if (!line) continue
      const balance = balances.get(d.name) ?? 0
      line.balance = asCents(balance)
      line.principal = asCents(line.payment - line.interest)
      owed += balance
      monthInterest += line.interest
      debtsLines.push(line)
      if (balance === 0 && line.payment > 0) payoffOrder.push({ name: d.name, month })
    }
    schedule.push({
      month,
      debts: debtsLines,
      interest: asCents(monthInterest),
      payment: asCents(paidThisMonth),
      balance: asCents(owed),
    })
  }

  const finished = owed === 0
  if (budgetShort) {
    warnings.push({
      code: 'budget_below_minimums',
      message: 'In some months the minimums came to more than the plan’s budget; the minimums were paid anyway.',
    })
  }
  if (!finished) {
    warnings.push({
      code: 'never_finishes',
      message: `This plan never finishes: after ${month} months ${money(owed)} is still owed.`,
    })
  }
  return {
    strategy: input.strategy,
    months: finished ? month : null,
    finished,
    totalInterest: asCents(totalInterest),
    totalPaid: asCents(totalPaid),
    payoffOrder,
    schedule,
    warnings,
  }
}

export type PlanComparison = {
  plan: PlanResult
  baseline: PlanResult
  /** interest and months saved against paying only the minimums; null when either never ends */
  interestSaved: Cents | null
  monthsSaved: number | null
}

/** A strategy with the minimums-only baseline it is measured against. */
export function compareWithMinimums(input: PlanInput): PlanComparison {
  const plan = simulateDebtPlan(input)
  const baseline = input.strategy === 'minimum' ? plan : simulateDebtPlan({ ...input, strategy: 'minimum' })
  const bothEnd = plan.finished && baseline.finished
  return {
    plan,
    baseline,
    interestSaved: bothEnd ? asCents(baseline.totalInterest - plan.totalInterest) : null,
    monthsSaved: bothEnd && plan.months !== null && baseline.months !== null ? baseline.months - plan.months : null,
  }
}
