// Unusual transactions and months, scored robustly: a spending's distance from the
// median of its kind in MADs (1.4826 × MAD is a standard deviation for normal data, so a score of
// 3.5 is far out), per payee for single transactions and per category for months. Each comes
// with its reason in words: "3.4× your usual at Harbor Grocers". Typed arrays and counting
// sorts, so a million rows take a few passes.
import { MONTH_NAMES, type IsoDate } from '../dates'
import { asCents, type Cents } from '../money'
import { payeeKey } from '../payee'
import { dateOfDay, dayNumber, MAD_TO_SIGMA, medianOf, monthNumber, monthStart, roundCents } from './stats'

export type SpendingRow = {
  id: string
  accountId: string
  payee: string
  date: IsoDate
  /** negative = money out; only money out is looked at */
  amount: Cents
  categoryId: string | null
}

export type TransactionAnomaly = {
  transactionId: string
  date: IsoDate
  payee: string
  payeeKey: string
  accountId: string
  categoryId: string | null
  /** spent, positive */
  amount: Cents
  /** the payee's median spending, positive */
  usual: Cents
  ratio: number
  score: number
  reason: string
}

export type MonthAnomaly = {
  categoryId: string
  categoryName: string
  /** YYYY-MM */
  month: string
  /** the first day of the month */
  date: IsoDate
  amount: Cents
  usual: Cents
  ratio: number
  score: number
  reason: string
  /** the accounts whose spending made the month */
  accountIds: string[]
}

export type AnomalyOptions = {
  today: IsoDate
  categoryNames: ReadonlyMap<string, string>
  /** transactions older than this many days are not reported (they still count as usual) */
  recentDays?: number
  /** the robust score from which a spending is unusual */
  threshold?: number
}

/** Scores count from this score up. */
export const ANOMALY_SCORE = 3.5
/** …and only when the spending is at least this many times the usual one… */
export const ANOMALY_RATIO = 1.5
/** …and at least this much above it (cents): a $3 coffee at $9 is not news. */
export const ANOMALY_EXCESS = 2000
/** A payee needs this many earlier spendings before one of them can be unusual. */
const MIN_PAYEE_HISTORY = 6
/** A category needs this many earlier months. */
const MIN_MONTH_HISTORY = 4
/** Months of history a category month is compared with. */
const MONTH_HISTORY = 12

/**
 * A robust score: (value − median) / (1.4826 × MAD), the MAD floored at 5 % of the median (and a
 * cent) so that a payee that always charges the same has a finite score.
 */
export function robustScore(value: number, median: number, mad: number): number {
  const scale = MAD_TO_SIGMA * Math.max(mad, 0.05 * Math.abs(median), 1)
  return (value - median) / scale
}

/** "3.4×": one decimal, as the reason words show it. */
export function formatRatio(ratio: number): string {
  return `${(Math.round(ratio * 10) / 10).toFixed(1)}×`
}

export function transactionReason(ratio: number, payee: string): string {
  return `${formatRatio(ratio)} your usual at ${payee}`
}

export function monthReason(ratio: number, categoryName: string, month: string): string {
  return `${formatRatio(ratio)} your usual ${categoryName} spending in ${monthName(month)}`
}

function monthName(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`
}

function isUnusual(amount: number, usual: number, score: number, threshold: number): boolean {
  return usual > 0 && score >= threshold && amount >= ANOMALY_RATIO * usual && amount - usual >= ANOMALY_EXCESS
}

/** Per payee: money-out rows of the last `recentDays` far above the payee's median. */
export function transactionAnomalies(rows: readonly SpendingRow[], options: AnomalyOptions): TransactionAnomaly[] {
  const threshold = options.threshold ?? ANOMALY_SCORE
  const sinceDate = dateOfDay(dayNumber(options.today) - (options.recentDays ?? 90))
  const keys = new Map<string, number>()
  const groupKeys: string[] = []
  const rawGroups = new Map<string, number>()
  const groupOf = new Int32Array(rows.length)
  const counts: number[] = []
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]
    if (!row || row.amount >= 0) {
      groupOf[i] = -1
      continue
    }
    let g = rawGroups.get(row.payee)
    if (g === undefined) {
      const key = payeeKey(row.payee)
      g = key === '' ? -1 : keys.get(key)
      if (g === undefined) {
        g = groupKeys.length
        groupKeys.push(key)
        keys.set(key, g)
        counts.push(0)
      }
      rawGroups.set(row.payee, g)
    }
    groupOf[i] = g
    if (g >= 0) counts[g] = (counts[g] ?? 0) + 1
  }
  // each group's amounts side by side, to take medians of
  const starts = new Int32Array(groupKeys.length + 1)
  for (let g = 0; g < groupKeys.length; g++) starts[g + 1] = (starts[g] ?? 0) + (counts[g] ?? 0)
  const fill = starts.slice(0, groupKeys.length)
  const values = new Float64Array(starts[groupKeys.length] ?? 0)
  for (let i = 0; i < rows.length; i++) {
    const g = groupOf[i] ?? -1
    if (g < 0) continue
    const at = fill[g] ?? 0
    values[at] = -(rows[i]?.amount ?? 0)
    fill[g] = at + 1
  }
  const medians = new Float64Array(groupKeys.length)
  const mads = new Float64Array(groupKeys.length)
  for (let g = 0; g < groupKeys.length; g++) {
    const from = starts[g] ?? 0
    const to = starts[g + 1] ?? 0
    if (to - from < MIN_PAYEE_HISTORY) continue
    const med = medianOf(values, from, to)
    medians[g] = med
    for (let j = from; j < to; j++) values[j] = Math.abs((values[j] ?? 0) - med)
    mads[g] = medianOf(values, from, to)
  }
  const found: TransactionAnomaly[] = []
  for (let i = 0; i < rows.length; i++) {
    const g = groupOf[i] ?? -1
    const row = rows[i]
    if (g < 0 || !row || (counts[g] ?? 0) < MIN_PAYEE_HISTORY) continue
    // ISO dates compare as text: no date arithmetic per row
    if (row.date <= sinceDate || row.date > options.today) continue
    const amount = -row.amount
    const usual = medians[g] ?? 0
    const score = robustScore(amount, usual, mads[g] ?? 0)
    if (!isUnusual(amount, usual, score, threshold)) continue
    const ratio = amount / usual
    found.push({
      transactionId: row.id,
      date: row.date,
      payee: row.payee,
      payeeKey: groupKeys[g] ?? '',
      accountId: row.accountId,
      categoryId: row.categoryId,
      amount: asCents(amount),
      usual: asCents(roundCents(usual)),
      ratio,
      score,
      reason: transactionReason(ratio, row.payee),
    })
  }
  return found.sort((a, b) => b.score - a.score)
}

/**
 * Per category: this month and last month (money out) against the median of the up to 12
 * months before each, months without spending since the category's first counting as zero.
 */
export function monthAnomalies(rows: readonly SpendingRow[], options: AnomalyOptions): MonthAnomaly[] {
  const threshold = options.threshold ?? ANOMALY_SCORE
  const current = monthNumber(options.today)
  const oldest = current - MONTH_HISTORY - 1
  const slots = current - oldest + 1
  const categories = new Map<string, number>()
  const categoryIds: string[] = []
  let totals = new Float64Array(0)
  const firstMonth: number[] = []
  const accounts = new Map<string, Set<string>>()
  for (const row of rows) {
    if (row.amount >= 0 || row.categoryId === null) continue
    const month = monthNumber(row.date)
    let c = categories.get(row.categoryId)
    if (c === undefined) {
      c = categoryIds.length
      categoryIds.push(row.categoryId)
      categories.set(row.categoryId, c)
      firstMonth.push(month)
      if (totals.length < categoryIds.length * slots) {
        const grown = new Float64Array(Math.max(categoryIds.length * slots, totals.length * 2))
        grown.set(totals)
        totals = grown
      }
    }
    if (month < (firstMonth[c] ?? month)) firstMonth[c] = month
    if (month < oldest || month > current) continue
    const at = c * slots + (month - oldest)
    totals[at] = (totals[at] ?? 0) - row.amount
    if (month >= current - 1) {
      const cell = `${row.categoryId}:${month}`
      let set = accounts.get(cell)
      if (!set) {
        set = new Set()
        accounts.set(cell, set)
      }
      set.add(row.accountId)
    }
  }
  const found: MonthAnomaly[] = []
  const history = new Float64Array(MONTH_HISTORY)
  for (let c = 0; c < categoryIds.length; c++) {
    for (const month of [current - 1, current]) {
      const amount = totals[c * slots + (month - oldest)] ?? 0
      let k = 0
      for (let m = Math.max(month - MONTH_HISTORY, firstMonth[c] ?? month); m < month; m++) {
        history[k++] = totals[c * slots + (m - oldest)] ?? 0
      }
      if (k < MIN_MONTH_HISTORY || amount <= 0) continue
      const usual = medianOf(history.slice(0, k))
      const deviations = new Float64Array(k)
      for (let j = 0; j < k; j++) deviations[j] = Math.abs((history[j] ?? 0) - usual)
      const score = robustScore(amount, usual, medianOf(deviations))
      if (!isUnusual(amount, usual, score, threshold)) continue
      const categoryId = categoryIds[c] ?? ''
      const name = options.categoryNames.get(categoryId) ?? 'Uncategorised'
      const iso = monthStart(month)
      const ratio = amount / usual
      found.push({
        categoryId,
        categoryName: name,
        month: iso.slice(0, 7),
        date: iso,
        amount: asCents(roundCents(amount)),
        usual: asCents(roundCents(usual)),
        ratio,
        score,
        reason: monthReason(ratio, name, iso.slice(0, 7)),
        accountIds: [...(accounts.get(`${categoryId}:${month}`) ?? [])].sort(),
      })
    }
  }
  return found.sort((a, b) => b.score - a.score)
}
