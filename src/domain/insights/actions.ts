// The figures behind an insight's one-click action, worked out once here so the feed's
// words and the action agree to the cent: the month a category usually costs, the budget that
// makes room for an unusual charge, the biggest variable category to trim before the cash runs
// short and by how much, and the budget a stopped payment no longer needs.
import { addDays, daysBetween, startOfMonth, type IsoDate } from '../dates'
import { asCents, type Cents } from '../money'
import { payeeKey } from '../payee'
import { median, monthNumber, roundCents } from './stats'

/** A ledger row as the actions read it: negative = money out. */
export type ActionRow = { accountId: string; payee: string; date: IsoDate; amount: number; categoryId: string | null }

/** Months of history "usual" looks back over. */
const USUAL_MONTHS = 12
/** Days of spending the trim of a forecast low point looks at (three months). */
export const VARIABLE_DAYS = 90
/** A budget is never trimmed by more than this share of it: a budget of zero helps nobody. */
export const MAX_TRIM_SHARE = 0.5

/**
 * What the category usually costs a month: the median of its spending in the (up to) 12 months
 * before `month` (YYYY-MM-01), from its first month with spending on (months without any count as
 * zero). Zero without earlier spending.
 */
export function usualMonth(rows: readonly ActionRow[], categoryId: string, month: IsoDate): Cents {
  const current = monthNumber(month)
  const totals = new Map<number, number>()
  let first = current
  for (const row of rows) {
    if (row.categoryId !== categoryId || row.amount >= 0) continue
    const m = monthNumber(row.date)
    if (m >= current) continue
    first = Math.min(first, m)
    totals.set(m, (totals.get(m) ?? 0) - row.amount)
  }
  const from = Math.max(first, current - USUAL_MONTHS)
  if (from >= current) return asCents(0)
  const months: number[] = []
  for (let m = from; m < current; m++) months.push(totals.get(m) ?? 0)
  return asCents(roundCents(median(months)))
}

/**
 * The month's budget that makes room for one unusual charge: the budget it has (or, without one,
 * what the category usually costs a month) plus the unusual part of the charge (what it cost above
 * the payee's usual), so the rest of the month keeps its usual pace.
 */
export function roomForUnusual(input: { budget: Cents | null; usualMonth: Cents; amount: Cents; usual: Cents }): Cents {
  const base = input.budget ?? input.usualMonth
  return asCents(base + Math.max(0, input.amount - input.usual))
}

/**
 * Spending per category over [from, to] that is not a recurring payment (a row of one of the
 * `recurring` series, given as "accountId:payee key"): what a member can choose to spend less
 * on. Money out with a category, in the given accounts; biggest first.
 */
export function variableSpending(
  rows: readonly ActionRow[],
  options: { accountIds: ReadonlySet<string>; recurring: ReadonlySet<string>; from: IsoDate; to: IsoDate },
): { categoryId: string; total: Cents }[] {
  const totals = new Map<string, number>()
  for (const row of rows) {
    if (row.amount >= 0 || row.categoryId === null || !options.accountIds.has(row.accountId)) continue
    if (row.date < options.from || row.date > options.to) continue
    if (options.recurring.has(`${row.accountId}:${payeeKey(row.payee)}`)) continue
    totals.set(row.categoryId, (totals.get(row.categoryId) ?? 0) - row.amount)
  }
  return [...totals.entries()]
    .map(([categoryId, total]) => ({ categoryId, total: asCents(total) }))
    .sort((a, b) => b.total - a.total || (a.categoryId < b.categoryId ? -1 : 1))
}

/**
 * A budget trimmed to cover a shortfall (both positive cents): by the shortfall, at most half
 * the budget. `covers` says whether the trim covers the whole shortfall.
 */
export function trimmedBudget(base: Cents, shortfall: Cents): { amount: Cents; trim: Cents; covers: boolean } {
  const trim = Math.min(shortfall, Math.floor(base * MAX_TRIM_SHARE))
  return { amount: asCents(base - trim), trim: asCents(trim), covers: trim >= shortfall }
}

/**
 * The month whose budget a trim before a low point belongs to: the one holding the middle day
 * between today and the low point, where most of the spending to come falls.
 */
export function trimMonth(today: IsoDate, lowDate: IsoDate): IsoDate {
  return startOfMonth(addDays(today, Math.floor(Math.max(0, daysBetween(today, lowDate)) / 2)))
}

/** A category's budget once a stopped payment (its cost a month, either sign) no longer comes. */
export function budgetWithout(budget: Cents, monthly: Cents): Cents {
  return asCents(Math.max(0, budget - Math.abs(monthly)))
}
