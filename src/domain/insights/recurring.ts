// Recurring payments found in a household's history: rows grouped by account,
// normalised payee (domain/payee) and direction; a group whose recent intervals sit around one
// cadence is a series, with the expected amount (median of the recent charges), the next date,
// the last price change and whether it stopped (two expected dates missed). Built for a
// million rows in well under the nightly job's 3 s: typed arrays, two counting sorts, one
// pass per group, and no object per row.
import { billPayeeWords } from '../bills/matching'
import { addDays, addMonths, compareDates, type IsoDate } from '../dates'
import { asCents, type Cents } from '../money'
import { payeeKey, payeeTokens, payeeWordsMatch } from '../payee'
import { isRecurrence, occurrencesBetween } from '../recurrence'
import { CADENCES, type Cadence } from './kinds'
import { dateOfDay, dayNumber, medianOf, roundCents } from './stats'

export type LedgerRow = {
  accountId: string
  /** the payee as shown (merchant, else description) */
  payee: string
  date: IsoDate
  /** negative = money out */
  amount: Cents
  categoryId: string | null
}

export type PriceChange = { from: Cents; to: Cents; date: IsoDate; change: number }

export type DetectedSeries = {
  payeeKey: string
  /** the newest charge's payee text */
  payee: string
  accountId: string
  /** the newest charge's category that has one */
  categoryId: string | null
  cadence: Cadence
  /** median of the recent charges (up to 6), negative = money out */
  amount: Cents
  lastDate: IsoDate
  nextDate: IsoDate
  /** the day of month a monthly, quarterly or yearly series comes back to */
  anchorDay: number
  /** charges it was found from (the recent ones looked at) */
  occurrences: number
  priceChange: PriceChange | null
  /** the charges before the last one (up to three) were all the same: a change is news, not noise */
  steadyBefore: boolean
  /** two expected dates passed without a charge */
  stopped: boolean
}

type CadenceRule = { cadence: Cadence; min: number; max: number; days: number; months: number; grace: number; minCharges: number }

/** Interval windows in days (a month is 28–31 days, a charge may move a day or two). */
export const CADENCE_RULES: readonly CadenceRule[] = [
  { cadence: 'weekly', min: 6, max: 8, days: 7, months: 0, grace: 2, minCharges: 4 },
  { cadence: 'biweekly', min: 12, max: 16, days: 14, months: 0, grace: 3, minCharges: 3 },
  { cadence: 'monthly', min: 26, max: 35, days: 30, months: 1, grace: 5, minCharges: 3 },
  { cadence: 'quarterly', min: 80, max: 100, days: 91, months: 3, grace: 10, minCharges: 3 },
  { cadence: 'yearly', min: 350, max: 380, days: 365, months: 12, grace: 15, minCharges: 2 },
]

/** The recent charges a series is judged on (older history may have had another rhythm). */
const RECENT_CHARGES = 24
/** The recent charges the expected amount is the median of. */
const AMOUNT_CHARGES = 6
/** Share of the recent intervals that must fit the cadence. */
const REGULARITY = 0.7

/** One step of a cadence after `date` (monthly ones keep `anchorDay`). */
export function stepDate(date: IsoDate, rule: CadenceRule, anchorDay: number, steps = 1): IsoDate {
  return rule.months ? addMonths(date, rule.months * steps, anchorDay) : dateOfDay(dayNumber(date) + rule.days * steps)
}

export function isCadence(value: string): value is Cadence {
  return (CADENCES as readonly string[]).includes(value)
}

export function cadenceRule(cadence: Cadence): CadenceRule {
  const rule = CADENCE_RULES.find((r) => r.cadence === cadence)
  if (!rule) throw new RangeError(`Unknown cadence ${cadence}`)
  return rule
}

/** The cadence whose interval window holds `days`, if any. */
export function cadenceOf(days: number): CadenceRule | null {
  return CADENCE_RULES.find((r) => days >= r.min && days <= r.max) ?? null
}

/** Adds `by` to array[index] and returns the new value. */
function bump(array: Int32Array, index: number, by: number): number {
  const value = (array[index] ?? 0) + by
  array[index] = value
  return value
}

type Groups = { count: number; accountOf: string[]; keyOf: string[]; groupOfRow: Int32Array }

/** Each row's group (account, payee key, direction), -1 for rows with no payee words or no amount. */
function groupRows(rows: readonly LedgerRow[]): Groups {
  const keys = new Map<string, string>()
  // per account and direction: payee text → group, and payee key → group (no string built per row)
  type Side = { raw: Map<string, number>; key: Map<string, number> }
  const byAccount = new Map<string, { out: Side; in: Side }>()
  const accountOf: string[] = []
  const keyOf: string[] = []
  const groupOfRow = new Int32Array(rows.length)
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]
    if (!row || row.amount === 0) {
      groupOfRow[i] = -1
      continue
    }
    let account = byAccount.get(row.accountId)
    if (!account) {
      account = { out: { raw: new Map(), key: new Map() }, in: { raw: new Map(), key: new Map() } }
      byAccount.set(row.accountId, account)
    }
    // money in and money out of one payee are different series
    const side = row.amount < 0 ? account.out : account.in
    let group = side.raw.get(row.payee)
    if (group === undefined) {
      let key = keys.get(row.payee)
      if (key === undefined) {
        key = payeeKey(row.payee)
        keys.set(row.payee, key)
      }
      if (key === '') group = -1
      else {
        group = side.key.get(key)
        if (group === undefined) {
          group = accountOf.length
          accountOf.push(row.accountId)
          keyOf.push(key)
          side.key.set(key, group)
        }
      }
      side.raw.set(row.payee, group)
    }
    groupOfRow[i] = group
  }
  return { count: accountOf.length, accountOf, keyOf, groupOfRow }
}

/**
 * Row indexes ordered by group, and by date inside each group (a counting sort by day, then a
 * stable one by group), with each group's start in `starts` (length groups + 1).
 */
function orderByGroupAndDay(groupOfRow: Int32Array, days: Int32Array, groups: number): { order: Int32Array; starts: Int32Array } {
  const n = groupOfRow.length
  let minDay = Infinity
  let maxDay = -Infinity
  for (let i = 0; i < n; i++) {
    if ((groupOfRow[i] ?? -1) < 0) continue
    const d = days[i] ?? 0
    if (d < minDay) minDay = d
    if (d > maxDay) maxDay = d
  }
  const starts = new Int32Array(groups + 1)
  if (minDay > maxDay) return { order: new Int32Array(0), starts }
  const span = maxDay - minDay + 1
  const dayStarts = new Int32Array(span + 1)
  for (let i = 0; i < n; i++) if ((groupOfRow[i] ?? -1) >= 0) bump(dayStarts, (days[i] ?? 0) - minDay + 1, 1)
  for (let d = 0; d < span; d++) bump(dayStarts, d + 1, dayStarts[d] ?? 0)
  const byDay = new Int32Array(dayStarts[span] ?? 0)
  for (let i = 0; i < n; i++) if ((groupOfRow[i] ?? -1) >= 0) byDay[bump(dayStarts, (days[i] ?? 0) - minDay, 1) - 1] = i
  for (const i of byDay) bump(starts, (groupOfRow[i] ?? 0) + 1, 1)
  for (let g = 0; g < groups; g++) bump(starts, g + 1, starts[g] ?? 0)
  const next = starts.slice(0, groups)
  const order = new Int32Array(byDay.length)
  for (const i of byDay) order[bump(next, groupOfRow[i] ?? 0, 1) - 1] = i
  return { order, starts }
}

/** The most common day of month among these dates (ties: the later day, so month ends stay month ends). */
function anchorDayOf(dates: readonly IsoDate[]): number {
  const counts = new Int32Array(32)
  for (const date of dates) bump(counts, Number(date.slice(8, 10)), 1)
  let best = 1
  for (let d = 1; d <= 31; d++) if ((counts[d] ?? 0) >= (counts[best] ?? 0)) best = d
  return best
}

/**
 * Finds the recurring series in `rows` (any order) as of `today`. A group is a series when it
 * has the cadence's minimum charges, no more than one charge every five days on average, and at
 * least 70 % of its recent intervals inside the window of the cadence its median interval falls
 * in. The next date is one step after the last charge (a charge more than the grace late counts
 * as missed, and the step after is shown); two missed dates and the series has stopped.
 */
export function detectRecurring(rows: readonly LedgerRow[], today: IsoDate): DetectedSeries[] {
  const n = rows.length
  const days = new Int32Array(n)
  for (let i = 0; i < n; i++) days[i] = dayNumber(rows[i]?.date ?? '1970-01-01')
  const groups = groupRows(rows)
  const { order, starts } = orderByGroupAndDay(groups.groupOfRow, days, groups.count)
  const scratch: Scratch = { intervals: new Float64Array(2 * RECENT_CHARGES), amounts: new Float64Array(AMOUNT_CHARGES) }
  const found: DetectedSeries[] = []
  for (let g = 0; g < groups.count; g++) {
    const end = starts[g + 1] ?? 0
    const first = starts[g] ?? 0
    const count = end - first
    if (count < 2) continue
    const firstDay = days[order[first] ?? 0] ?? 0
    const lastDay = days[order[end - 1] ?? 0] ?? 0
    // more often than every five days on average is shopping, not a subscription
    if (count > (lastDay - firstDay) / 5 + 2) continue
    const key = groups.keyOf[g] ?? ''
    const accountId = groups.accountOf[g] ?? ''
    const one = judge(rows, days, order.subarray(Math.max(first, end - RECENT_CHARGES), end), today, scratch)
    // paid twice a month (the 1st and the 15th) looks nearly biweekly: a monthly series for each
    // of the two days, when the charges keep to them (a true biweekly series drifts through the month)
    if (!one || one.cadence === 'biweekly') {
      const halves = twiceMonthly(rows, order.subarray(Math.max(first, end - 2 * RECENT_CHARGES), end)).map((half) => ({
        day: half.day,
        series: judge(rows, days, half.charges, today, scratch),
      }))
      if (halves.length === 2 && halves.every((h) => h.series?.cadence === 'monthly')) {
        for (const { day, series } of halves) if (series) found.push({ ...series, payeeKey: `${key}${TWICE_MONTHLY_MARK}${day}`, accountId })
        continue
      }
    }
    if (one) found.push({ ...one, payeeKey: key, accountId })
  }
  return found
}

/** Separates the day of a twice-monthly series from the payee key it is stored under ('acme payroll#15'). */
export const TWICE_MONTHLY_MARK = '#'

/** The payee key of a stored series without its twice-monthly day. */
export function basePayeeKey(key: string): string {
  const at = key.indexOf(TWICE_MONTHLY_MARK)
  return at < 0 ? key : key.slice(0, at)
}

/**
 * Charges that fall around two days of the month at least ten days apart (within 3 days of one
 * of them, 80 % of them at least), split by the day: empty when they do not.
 */
function twiceMonthly(rows: readonly LedgerRow[], charges: Int32Array): { day: number; charges: Int32Array }[] {
  if (charges.length < 6) return []
  const dayOf = (i: number) => Number(rows[i]?.date.slice(8, 10) ?? 0)
  const counts = new Int32Array(32)
  for (const i of charges) bump(counts, dayOf(i), 1)
  let d1 = 1
  for (let d = 1; d <= 31; d++) if ((counts[d] ?? 0) > (counts[d1] ?? 0)) d1 = d
  let d2 = 0
  for (let d = 1; d <= 31; d++) if (Math.abs(d - d1) >= 10 && (d2 === 0 || (counts[d] ?? 0) > (counts[d2] ?? 0))) d2 = d
  if (d2 === 0) return []
  const a: number[] = []
  const b: number[] = []
  for (const i of charges) {
    const day = dayOf(i)
    if (Math.abs(day - d1) <= 3) a.push(i)
    else if (Math.abs(day - d2) <= 3) b.push(i)
  }
  if (a.length + b.length < 0.8 * charges.length || a.length < 3 || b.length < 3) return []
  return [
    { day: d1, charges: Int32Array.from(a) },
    { day: d2, charges: Int32Array.from(b) },
  ]
}

type Scratch = { intervals: Float64Array; amounts: Float64Array }

/** A series from charges (row indexes, oldest first), or null when they keep no cadence. */
function judge(
  rows: readonly LedgerRow[],
  days: Int32Array,
  charges: Int32Array,
  today: IsoDate,
  scratch: Scratch,
): Omit<DetectedSeries, 'payeeKey' | 'accountId'> | null {
  const k = charges.length
  if (k < 2) return null
  const dayAt = (j: number) => days[charges[j] ?? 0] ?? 0
  const intervals = scratch.intervals.subarray(0, k - 1)
  for (let j = 1; j < k; j++) intervals[j - 1] = dayAt(j) - dayAt(j - 1)
  const rule = cadenceOf(medianOf(intervals.slice()))
  if (!rule || k < rule.minCharges) return null
  let fitting = 0
  for (let j = 1; j < k; j++) {
    const gap = dayAt(j) - dayAt(j - 1)
    if (gap >= rule.min && gap <= rule.max) fitting += 1
  }
  if (fitting < REGULARITY * (k - 1) || fitting < rule.minCharges - 1) return null

  const lastRow = rows[charges[k - 1] ?? 0]
  const prevRow = rows[charges[k - 2] ?? 0]
  if (!lastRow || !prevRow) return null
  const m = Math.min(AMOUNT_CHARGES, k)
  const recentDates: IsoDate[] = []
  let categoryId: string | null = null
  for (let j = 0; j < m; j++) {
    const row = rows[charges[k - 1 - j] ?? 0]
    scratch.amounts[j] = row?.amount ?? 0
    recentDates.push(row?.date ?? today)
    if (categoryId === null && row?.categoryId) categoryId = row.categoryId
  }
  const amount = asCents(roundCents(medianOf(scratch.amounts.slice(0, m))))
  const anchorDay = rule.months ? anchorDayOf(recentDates) : 0
  let nextDate = stepDate(lastRow.date, rule, anchorDay)
  // more than the grace late: that date was missed, the one after is next
  const todayNumber = dayNumber(today)
  let missed = 0
  while (missed < 2 && dayNumber(nextDate) + rule.grace < todayNumber) {
    missed += 1
    if (missed < 2) nextDate = stepDate(nextDate, rule, anchorDay)
  }
  const priceChange =
    Math.abs(lastRow.amount - prevRow.amount) > 1
      ? {
          from: prevRow.amount,
          to: lastRow.amount,
          date: lastRow.date,
          change: (Math.abs(lastRow.amount) - Math.abs(prevRow.amount)) / Math.abs(prevRow.amount),
        }
      : null
  let steadyBefore = k >= 3
  for (let j = k - 3; j >= Math.max(0, k - 4); j--) {
    if (Math.abs((rows[charges[j] ?? 0]?.amount ?? 0) - prevRow.amount) > 1) steadyBefore = false
  }
  return {
    payee: lastRow.payee,
    categoryId,
    cadence: rule.cadence,
    amount,
    lastDate: lastRow.date,
    nextDate,
    anchorDay: anchorDay || Number(lastRow.date.slice(8, 10)),
    occurrences: k,
    priceChange,
    steadyBefore,
    stopped: missed >= 2,
  }
}

/**
 * A bill already stands for the series (so the forecast counts it once and the feed shows it as
 * that bill, never offering to make it again): money out, the same cadence, the bill's account the
 * series' one (or none), and either an amount within the bill's tolerance (5 % when it has none)
 * of the series' expected one, or the bill's payee (its name when it has none) matching the
 * series' payee by the bill-matching rule (ADR 0045), whatever the amount: a rent that went up is
 * still the rent bill, with an update to suggest (billDifference).
 */
export function billCovers(
  bill: { accountId: string | null; amount: number; recurrence: string; name?: string; payee?: string; tolerancePercent?: number },
  series: { accountId: string; amount: number; cadence: string; payee?: string },
): boolean {
  if (series.amount >= 0 || bill.recurrence !== series.cadence) return false
  if (bill.accountId !== null && bill.accountId !== series.accountId) return false
  const share = Math.max(5, bill.tolerancePercent ?? 5) / 100
  if (Math.abs(Math.abs(series.amount) - Math.abs(bill.amount)) <= share * Math.abs(bill.amount)) return true
  if (bill.name === undefined || series.payee === undefined) return false
  return payeeWordsMatch(billPayeeWords({ name: bill.name, payee: bill.payee ?? '' }), payeeTokens(series.payee))
}

/** How far apart a series' next date and the bill's nearest due date may be and still agree. */
export const BILL_DATE_SLACK_DAYS = 3

/**
 * What a bill that stands for a series should change to follow it: the series' amount when it is
 * outside the bill's tolerance, its next date when no due date of the bill falls within
 * BILL_DATE_SLACK_DAYS of it. Null when the bill agrees with the series.
 */
export function billDifference(
  bill: { amount: number; tolerancePercent?: number; nextDueDate: IsoDate; recurrence: string; anchorDay?: number },
  series: { amount: number; nextDate: IsoDate },
): { amount: Cents | null; nextDueDate: IsoDate | null } | null {
  const expected = Math.abs(series.amount)
  const tolerance = Math.round((bill.amount * (bill.tolerancePercent ?? 5)) / 100)
  const amount = Math.abs(expected - bill.amount) > tolerance ? asCents(expected) : null
  let nextDueDate: IsoDate | null = null
  if (isRecurrence(bill.recurrence)) {
    const near = occurrencesBetween(bill.nextDueDate, bill.recurrence, addDays(series.nextDate, -BILL_DATE_SLACK_DAYS), addDays(series.nextDate, BILL_DATE_SLACK_DAYS), bill.anchorDay)
    // a bill due later than the series' next date (paid ahead) is not wrong about its day
    if (near.length === 0 && compareDates(bill.nextDueDate, addDays(series.nextDate, BILL_DATE_SLACK_DAYS)) <= 0) nextDueDate = series.nextDate
  }
  return amount === null && nextDueDate === null ? null : { amount, nextDueDate }
}
