// The cash-flow forecast of Smart Insights: from today's balance of the cash
// accounts, day by day for 30, 60 or 90 days, the bills and recurring payments on their dates
// and the usual variable spending every day, with a band that widens with the square root of the
// days ahead, and the first day the balance goes below zero. The usual spending is the median
// WEEK of the last ones, a seventh a day: most people spend on a few days a week, so the median
// day is often 0 and would forecast no spending at all. Bills come as their payments left them
// (ADR 0045): paid due dates are behind their next due date, a partly paid one counts its rest,
// and overdue ones count on the first day.
import type { IsoDate } from '../dates'
import { occurrencesBetween, type Recurrence } from '../recurrence'
import { asCents, type Cents } from '../money'
import { dateOfDay, dayNumber, MAD_TO_SIGMA, madOf, median, roundCents } from './stats'

export type ForecastSchedule = {
  label: string
  /** negative = money out */
  amount: Cents
  source: 'bill' | 'recurring'
  accountId: string | null
  /** the next date it falls on (may be today or earlier: only dates after today count) */
  nextDate: IsoDate
  recurrence: Recurrence
  anchorDay?: number
  /** no date after this day (a bill's last due date) */
  endDate?: IsoDate | null
  /**
   * a bill's: what is left of its first due date (`nextDate`, its first not fully paid: partly
   * paid leaves the rest), negative; default `amount`. A bill's due dates from `nextDate` to today
   * are overdue: they are counted on the first day, not dropped (ADR 0045)
   */
  firstAmount?: Cents
}

export type ForecastEvent = { date: IsoDate; label: string; amount: Cents; source: 'bill' | 'recurring'; accountId: string | null }
export type ForecastPoint = { date: IsoDate; balance: Cents; low: Cents; high: Cents }

export type ForecastInput = {
  today: IsoDate
  days: number
  startBalance: Cents
  schedules: readonly ForecastSchedule[]
  /** variable spending (positive cents) of each of the last days, oldest first, zero days included */
  dailySpending: readonly number[]
}

export type CashForecast = {
  days: number
  today: IsoDate
  startBalance: Cents
  dailySpending: Cents
  points: ForecastPoint[]
  lowPoint: { date: IsoDate; balance: Cents } | null
  events: ForecastEvent[]
}

/** The band is this many standard deviations of the cumulative spending wide each side (80 %). */
export const BAND_Z = 1.2816

export function forecastCashFlow(input: ForecastInput): CashForecast {
  const start = dayNumber(input.today)
  const from = dateOfDay(start + 1)
  const to = dateOfDay(start + input.days)
  const events: ForecastEvent[] = []
  for (const s of input.schedules) {
    const until = s.endDate && s.endDate < to ? s.endDate : to
    const amountOn = (date: IsoDate) => (date === s.nextDate && s.firstAmount !== undefined ? s.firstAmount : s.amount)
    // a bill's unpaid due dates up to today: still to pay, so on the first day
    if (s.source === 'bill' && s.nextDate <= input.today) {
      const last = s.endDate && s.endDate < input.today ? s.endDate : input.today
      for (const date of occurrencesBetween(s.nextDate, s.recurrence, s.nextDate, last, s.anchorDay)) {
        const amount = amountOn(date)
        if (amount !== 0) events.push({ date: from, label: s.label, amount, source: s.source, accountId: s.accountId })
      }
    }
    for (const date of occurrencesBetween(s.nextDate, s.recurrence, from, until, s.anchorDay)) {
      const amount = amountOn(date)
      if (amount !== 0) events.push({ date, label: s.label, amount, source: s.source, accountId: s.accountId })
    }
  }
  events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.label.localeCompare(b.label)))
  const { daily, sigmaPerDay } = usualSpending(input.dailySpending)
  const byDay = new Float64Array(input.days + 1)
  for (const e of events) {
    const d = dayNumber(e.date) - start
    byDay[d] = (byDay[d] ?? 0) + e.amount
  }
  const points: ForecastPoint[] = []
  let balance: number = input.startBalance
  let lowPoint: CashForecast['lowPoint'] = null
  for (let d = 1; d <= input.days; d++) {
    balance += (byDay[d] ?? 0) - daily
    const half = roundCents(BAND_Z * sigmaPerDay * Math.sqrt(d))
    const date = dateOfDay(start + d)
    points.push({ date, balance: asCents(balance), low: asCents(balance - half), high: asCents(balance + half) })
    if (lowPoint === null && balance < 0) lowPoint = { date, balance: asCents(balance) }
  }
  return { days: input.days, today: input.today, startBalance: input.startBalance, dailySpending: asCents(daily), points, lowPoint, events }
}

/**
 * The usual spending a day and its spread: from whole weeks (the newest days first; an oldest
 * part-week is left out) when there is at least one, the median week ÷ 7, and the weeks' MAD as a
 * standard deviation spread over 7 days (σ_day = σ_week ÷ √7); with less than a week of history,
 * the median day and the days' MAD.
 */
export function usualSpending(days: readonly number[]): { daily: number; sigmaPerDay: number } {
  const weeks: number[] = []
  for (let end = days.length; end - 7 >= 0; end -= 7) {
    let total = 0
    for (let i = end - 7; i < end; i++) total += days[i] ?? 0
    weeks.push(total)
  }
  if (weeks.length === 0) {
    const mid = median(days)
    return { daily: roundCents(mid), sigmaPerDay: MAD_TO_SIGMA * madOf(days, mid) }
  }
  const mid = median(weeks)
  return { daily: roundCents(mid / 7), sigmaPerDay: (MAD_TO_SIGMA * madOf(weeks, mid)) / Math.sqrt(7) }
}
