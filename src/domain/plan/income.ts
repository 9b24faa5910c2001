// The income a month will bring (ADR 0044): what has arrived, plus what is still expected. Expected
// income comes from the recurring income found in the history (weekly, every two weeks, twice a
// month, monthly…) and from income a member plans, which wins over what was found for the same
// payee. A payday whose money arrives takes its line's place (never adds to it); one that has not
// arrived stays expected for LATE_DAYS days, then is flagged as missed and no longer counted.
// Income that keeps no schedule (freelance, commission) is estimated conservatively: the lowest
// month of the last three, or what the member set.
import { addDays, addMonths, compareDates, daysBetween, dayOfMonth, endOfMonth, startOfMonth, type IsoDate } from '../dates'
import { basePayeeKey } from '../insights/recurring'
import { dayNumber } from '../insights/stats'
import { asCents, type Cents } from '../money'
import { payeeKey, payeeWordsMatch } from '../payee'
import type { IncomeLineStatus, IncomeOrigin, IncomeSchedule } from './kinds'

/** Days a payday may pass without its money before it is flagged as missed (and not counted). */
export const LATE_DAYS = 4
/** How early a payment may come and still be that payday's (a payday on a Sunday is paid Friday). */
export const EARLY_DAYS = 5
/** Months of history the irregular estimate looks at (the lowest one counts). */
export const IRREGULAR_MONTHS = 3
/** An arrival on the planned account within this share of the planned amount is that payday's, whatever the payee text says. */
const AMOUNT_MATCH = 0.2

export type IncomeSource = {
  /** `planned:<id>` or `found:<key>`: stable across days, for the page's lines */
  key: string
  label: string
  origin: 'planned' | 'found'
  /** the normalised payee its payments carry ('' = none known) */
  payeeKey: string
  /** the account it is paid into (null: any) */
  accountId: string | null
  /** each payment (irregular: what a month brings), positive */
  amount: Cents
  schedule: IncomeSchedule
  /** a payday of the schedule (the next one, or any one: the schedule is walked both ways) */
  nextDate: IsoDate
  /** the second day of a semimonthly schedule */
  secondDay: number | null
}

export type PlannedIncomeInput = {
  id: string
  name: string
  payee: string
  amount: Cents
  schedule: IncomeSchedule
  nextDate: IsoDate
  secondDay: number | null
  accountId: string | null
  isActive: boolean
}

/** A recurring money-in series found in the history (domain/insights/recurring's, amount > 0). */
export type FoundIncomeInput = {
  payeeKey: string
  payee: string
  accountId: string
  cadence: 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'yearly'
  amount: Cents
  nextDate: IsoDate
  anchorDay: number
  stopped: boolean
}

/** A payment in (positive amount, not a transfer). */
export type IncomeArrival = { id: string; accountId: string; payee: string; date: IsoDate; amount: Cents }


export type IncomeLine = {
  key: string
  label: string
  origin: IncomeOrigin
  /** the payday (for other income: the day it arrived; irregular: the month's last day) */
  date: IsoDate
  /** what it counts for in this month's income: received and expected/late lines their amount, missed 0 */
  amount: Cents
  /** what the schedule expected (for a received line, what it expected before the money came) */
  expected: Cents
  status: IncomeLineStatus
  /** the transaction that settled it */
  transactionId: string | null
  /** the day the money arrived, when it did */
  arrivedOn: IsoDate | null
}

export type ExpectedIncome = {
  /** received + stillExpected: the plan's income */
  total: Cents
  /** money in dated this month (every payment in, scheduled or not) */
  received: Cents
  /** paydays not yet paid (late ones included) and the rest of the irregular estimate */
  stillExpected: Cents
  lines: IncomeLine[]
  /** true when part of the total is an estimate of irregular income */
  hasEstimate: boolean
  /** true when nothing is known: no source, nothing received, no history */
  unknown: boolean
}

/** Two payee keys (payeeKey's words) are the same payee by the rule bills are matched on too. */
const samePayee = (a: string, b: string) => a !== '' && b !== '' && payeeWordsMatch(a.split(' '), b.split(' '))

/**
 * The month's sources: planned ones, then found ones no planned source stands for (same payee,
 * or the same account and an amount within 20 %). Stopped series are left out.
 */
export function incomeSources(planned: readonly PlannedIncomeInput[], found: readonly FoundIncomeInput[]): IncomeSource[] {
  const sources: IncomeSource[] = planned
    .filter((p) => p.isActive)
    .map((p) => ({
      key: `planned:${p.id}`,
      label: p.name,
      origin: 'planned' as const,
      payeeKey: payeeKey(p.payee || p.name),
      accountId: p.accountId,
      amount: p.amount,
      schedule: p.schedule,
      nextDate: p.nextDate,
      secondDay: p.schedule === 'semimonthly' ? (p.secondDay ?? 15) : null,
    }))
  const plannedOnes = [...sources]
  // a twice-monthly series is found as two monthly ones (payee#1, payee#15): join them again
  const halves = new Map<string, FoundIncomeInput[]>()
  for (const f of found) {
    if (f.stopped || f.amount <= 0) continue
    const k = `${f.accountId}|${basePayeeKey(f.payeeKey)}`
    halves.set(k, [...(halves.get(k) ?? []), f])
  }
  for (const [k, group] of halves) {
    const first = group[0]
    if (!first) continue
    const key = basePayeeKey(first.payeeKey)
    const covered = plannedOnes.some(
      (p) =>
        samePayee(p.payeeKey, key) ||
        (p.accountId === first.accountId && Math.abs(p.amount - first.amount) <= AMOUNT_MATCH * p.amount),
    )
    if (covered) continue
    const monthlyPair = group.length === 2 && group.every((g) => g.cadence === 'monthly')
    if (monthlyPair) {
      const [a, b] = [...group].sort((x, y) => x.anchorDay - y.anchorDay)
      if (!a || !b) continue
      sources.push({
        key: `found:${k}`,
        label: first.payee,
        origin: 'found',
        payeeKey: key,
        accountId: first.accountId,
        amount: asCents(Math.round((a.amount + b.amount) / 2)),
        schedule: 'semimonthly',
        nextDate: compareDates(a.nextDate, b.nextDate) <= 0 ? a.nextDate : b.nextDate,
        secondDay: compareDates(a.nextDate, b.nextDate) <= 0 ? b.anchorDay : a.anchorDay,
      })
      continue
    }
    for (const f of group) {
      // a quarterly or yearly payment is no paycheck to plan a month on: it counts when it comes
      if (f.cadence === 'quarterly' || f.cadence === 'yearly') continue
      sources.push({
        key: `found:${k}|${f.payeeKey}`,
        label: f.payee,
        origin: 'found',
        payeeKey: key,
        accountId: f.accountId,
        amount: f.amount,
        schedule: f.cadence,
        nextDate: f.nextDate,
        secondDay: null,
      })
    }
  }
  return sources
}

/** Every payday of a source within [from, to], in order (irregular sources have none). */
export function paydaysBetween(source: Pick<IncomeSource, 'schedule' | 'nextDate' | 'secondDay'>, from: IsoDate, to: IsoDate): IsoDate[] {
  if (compareDates(from, to) > 0) return []
  const out: IsoDate[] = []
  switch (source.schedule) {
    case 'irregular':
      return []
    case 'weekly':
    case 'biweekly': {
      const step = source.schedule === 'weekly' ? 7 : 14
      // the first payday on or after `from`, walking from nextDate in whole steps either way
      const offset = daysBetween(source.nextDate, from)
      let day = addDays(source.nextDate, Math.ceil(offset / step) * step)
      while (compareDates(day, to) <= 0) {
        out.push(day)
        day = addDays(day, step)
      }
      return out
    }
    case 'monthly':
    case 'semimonthly': {
      const days = source.schedule === 'semimonthly' ? [dayOfMonth(source.nextDate), source.secondDay ?? 15] : [dayOfMonth(source.nextDate)]
      for (let month = startOfMonth(from); compareDates(month, to) <= 0; month = addMonths(month, 1)) {
        for (const d of [...new Set(days)].sort((a, b) => a - b)) {
          const date = addMonths(month, 0, d)
          if (compareDates(date, from) >= 0 && compareDates(date, to) <= 0) out.push(date)
        }
      }
      return out.sort(compareDates)
    }
  }
}

/** Whether an arrival (on day number `day`) can be the payment of a source's payday (a day number too). */
function fits(source: IncomeSource, arrival: IncomeArrival, day: number, payday: number, keyOf: (a: IncomeArrival) => string): boolean {
  const lead = payday - day
  if (lead > EARLY_DAYS || -lead > LATE_DAYS + 3) return false
  if (source.accountId !== null && source.accountId !== arrival.accountId) return false
  if (samePayee(source.payeeKey, keyOf(arrival))) return true
  return source.accountId !== null && Math.abs(arrival.amount - source.amount) <= AMOUNT_MATCH * source.amount
}

/**
 * The month [first, last] of `today`, or any other month seen from today: a past month counts
 * what arrived; a future month expects every payday. `arrivals` are the payments in dated from a
 * week before the month to its end (an early paycheck for the 1st comes in the month before);
 * `irregularHistory` the money in of each of the last IRREGULAR_MONTHS complete months that no
 * source's payday took (oldest first; fewer when the household is newer).
 */
export function expectedIncome(input: {
  sources: readonly IncomeSource[]
  arrivals: readonly IncomeArrival[]
  irregularHistory: readonly Cents[]
  first: IsoDate
  today: IsoDate
}): ExpectedIncome {
  const { sources, arrivals, today } = input
  const first = startOfMonth(input.first)
  const last = endOfMonth(first)
  const isPast = compareDates(last, today) < 0
  const taken = new Set<string>()
  const lines: IncomeLine[] = []
  const inMonth = (date: IsoDate) => compareDates(date, first) >= 0 && compareDates(date, last) <= 0
  // paydays in order, so an arrival goes to the payday nearest it
  const paydays = sources
    .flatMap((source) => paydaysBetween(source, first, last).map((date) => ({ source, date })))
    .sort((a, b) => compareDates(a.date, b.date) || a.source.key.localeCompare(b.source.key))
  // each arrival's day and payee key worked out once, the key only when a payday's dates fit it
  const days = arrivals.map((a) => dayNumber(a.date))
  const keys = new Map<IncomeArrival, string>()
  const keyOf = (a: IncomeArrival) => {
    let key = keys.get(a)
    if (key === undefined) keys.set(a, (key = payeeKey(a.payee)))
    return key
  }
  for (const { source, date } of paydays) {
    const payday = dayNumber(date)
    let arrival: IncomeArrival | undefined
    let best = Infinity
    for (let i = 0; i < arrivals.length; i++) {
      const a = arrivals[i]
      const day = days[i] ?? 0
      if (!a || taken.has(a.id) || !fits(source, a, day, payday, keyOf)) continue
      // the nearest to the payday, then the lowest id: the same answer in any order
      const distance = Math.abs(day - payday)
      if (distance < best || (distance === best && arrival !== undefined && a.id < arrival.id)) {
        best = distance
        arrival = a
      }
    }
    if (arrival) {
      taken.add(arrival.id)
      lines.push({
        key: `${source.key}|${date}`,
        label: source.label,
        origin: source.origin,
        date,
        // money that came before the month was last month's income: this month it adds nothing
        amount: inMonth(arrival.date) ? arrival.amount : asCents(0),
        expected: source.amount,
        status: 'received',
        transactionId: arrival.id,
        arrivedOn: arrival.date,
      })
      continue
    }
    const overdueDays = daysBetween(date, today)
    const status: IncomeLineStatus = isPast || overdueDays > LATE_DAYS ? 'missed' : overdueDays > 0 ? 'late' : 'expected'
    lines.push({
      key: `${source.key}|${date}`,
      label: source.label,
      origin: source.origin,
      date,
      amount: status === 'missed' ? asCents(0) : source.amount,
      expected: source.amount,
      status,
      transactionId: null,
      arrivedOn: null,
    })
  }
  // money in this month that no payday took: a refund, a gift, freelance pay
  let other = 0
  for (const a of arrivals) {
    if (taken.has(a.id) || !inMonth(a.date)) continue
    other += a.amount
    lines.push({ key: `other:${a.id}`, label: a.payee || 'Other income', origin: 'other', date: a.date, amount: a.amount, expected: asCents(0), status: 'received', transactionId: a.id, arrivedOn: a.date })
  }
  // irregular income: what the member set, else the lowest recent month; its arrivals so far count against it
  const setByMember = sources.filter((s) => s.schedule === 'irregular')
  const estimate = setByMember.length
    ? setByMember.reduce((sum, s) => sum + s.amount, 0)
    : input.irregularHistory.length >= IRREGULAR_MONTHS
      ? Math.min(...input.irregularHistory)
      : 0
  const irregularLeft = isPast ? 0 : Math.max(0, estimate - other)
  if (estimate > 0 && !isPast) {
    lines.push({
      key: 'irregular',
      label: setByMember.length ? setByMember.map((s) => s.label).join(', ') : 'Irregular income (lowest of the last 3 months)',
      origin: 'irregular',
      date: last,
      amount: asCents(irregularLeft),
      expected: asCents(estimate),
      status: irregularLeft === 0 ? 'received' : 'expected',
      transactionId: null,
      arrivedOn: null,
    })
  }
  lines.sort((a, b) => compareDates(a.date, b.date) || a.key.localeCompare(b.key))
  const received = lines.filter((l) => l.status === 'received' && l.origin !== 'irregular').reduce((s, l) => s + l.amount, 0)
  const stillExpected = lines.filter((l) => l.status === 'expected' || l.status === 'late').reduce((s, l) => s + l.amount, 0)
  return {
    total: asCents(received + stillExpected),
    received: asCents(received),
    stillExpected: asCents(stillExpected),
    lines,
    hasEstimate: estimate > 0 && !setByMember.length,
    unknown: sources.length === 0 && received === 0 && input.irregularHistory.every((m) => m === 0),
  }
}

/**
 * Per month, the money in that no source's payday took: what the irregular estimate is made of.
 * `months` are month starts, oldest first; arrivals cover them (and a week before the first).
 */
export function unscheduledIncomeByMonth(sources: readonly IncomeSource[], arrivals: readonly IncomeArrival[], months: readonly IsoDate[], today: IsoDate): Cents[] {
  return months.map((m) => {
    const result = expectedIncome({ sources: sources.filter((s) => s.schedule !== 'irregular'), arrivals, irregularHistory: [], first: m, today })
    return asCents(result.lines.filter((l) => l.origin === 'other').reduce((s, l) => s + l.amount, 0))
  })
}


/**
 * A source's paydays as the repeating dates the cash-flow forecast walks: one schedule, or two
 * monthly ones for twice a month; none for irregular income, which has no dates.
 */
export function paydaySchedules(source: Pick<IncomeSource, 'schedule' | 'nextDate' | 'secondDay'>): { nextDate: IsoDate; recurrence: 'weekly' | 'biweekly' | 'monthly'; anchorDay?: number }[] {
  switch (source.schedule) {
    case 'irregular':
      return []
    case 'weekly':
    case 'biweekly':
      return [{ nextDate: source.nextDate, recurrence: source.schedule }]
    case 'monthly':
      return [{ nextDate: source.nextDate, recurrence: 'monthly', anchorDay: dayOfMonth(source.nextDate) }]
    case 'semimonthly': {
      const second = source.secondDay ?? 15
      return [
        { nextDate: source.nextDate, recurrence: 'monthly', anchorDay: dayOfMonth(source.nextDate) },
        { nextDate: addMonths(source.nextDate, 0, second), recurrence: 'monthly', anchorDay: second },
      ]
    }
  }
}
