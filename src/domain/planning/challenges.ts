// Savings challenges: each challenge's progress is worked out from real data — the
// household's transactions and goal contributions — never from ticked boxes.
//
// The catalogue:
// - week52: the 52-week challenge; week n saves n × step (ascending) or (53 − n) × step
//   (descending); 1,378 steps in all. Saved = money put into the linked goal since the start.
// - no_spend: days (every day, or weekend days only) with no spending in chosen categories.
// - round_up: each card purchase rounded up to the next whole unit, the difference swept to a goal.
// - unspent_allowance: keep what is left of a daily allowance each day (allowance − that day's
//   spending, when positive).
// - cut_category: spend X % less in a category this month than its average of the 3 months before.
// - custom: a target amount by a date, from money put into the linked goal.
//
// Streaks count successful days in a row; each calendar week (Monday–Sunday) has one freeze: the
// first missed day of a week uses it and the streak goes on (the day itself does not count);
// a second miss that week ends the streak.

import { addDays, compareDates, daysBetween, dayOfWeek, type IsoDate } from '../dates'
import { asCents, formatMoney, type Cents } from '../money'

export const CHALLENGE_KINDS = ['week52', 'no_spend', 'round_up', 'unspent_allowance', 'cut_category', 'custom'] as const
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number]

/** A spending transaction as challenges read it: negative amounts are money out. */
export type Spend = { date: IsoDate; amount: Cents; categoryId: string | null; accountId: string }
export type Contribution = { date: IsoDate; amount: Cents }

export type Milestone = { share: number; reached: boolean; label: string }
export type Streak = { current: number; longest: number; freezesUsed: number }

export type Progress = {
  /** saved so far, or for no_spend the successful days, or for cut_category the month's spending */
  value: number
  /** what completes it (money in cents, or days) */
  target: number
  /** value ÷ target, 0–1 (for cut_category 1 while under the target) */
  share: number
  /** where the user should be by today, same unit as value; null when the pace doesn't apply */
  expectedByNow: number | null
  status: 'ahead' | 'on_track' | 'behind' | 'completed' | 'failed'
  /** one sentence, with the numbers */
  summary: string
  milestones: Milestone[]
  streak: Streak | null
}

const WEEK52_STEPS = (52 * 53) / 2 // 1 + 2 + … + 52 = 1,378

const money = (cents: number) => formatMoney(asCents(cents))

function milestones(share: number): Milestone[] {
  return [0.25, 0.5, 0.75, 1].map((s) => ({ share: s, reached: share >= s - 1e-12, label: `${s * 100} %` }))
}

function paceStatus(value: number, expected: number, target: number): Progress['status'] {
  if (value >= target) return 'completed'
  if (value >= expected * 1.05) return 'ahead'
  return value >= expected ? 'on_track' : 'behind'
}

/** The week of a 52-week challenge a day falls in: 1 on the start day's week, capped at 52; 0 before. */
export function challengeWeek(start: IsoDate, today: IsoDate): number {
  if (compareDates(today, start) < 0) return 0
  return Math.min(52, Math.floor(daysBetween(start, today) / 7) + 1)
}

/** What week n of a 52-week challenge asks for. */
export function week52Amount(week: number, step: Cents, direction: 'ascending' | 'descending'): Cents {
  return asCents((direction === 'ascending' ? week : 53 - week) * step)
}

/** The sum of weeks 1..n. */
export function week52Cumulative(weeks: number, step: Cents, direction: 'ascending' | 'descending'): Cents {
  let total = 0
  for (let w = 1; w <= weeks; w++) total += week52Amount(w, step, direction)
  return asCents(total)
}

function savedSince(contributions: readonly Contribution[], start: IsoDate, today: IsoDate): number {
  let saved = 0
  for (const c of contributions) if (c.date >= start && c.date <= today) saved += c.amount
  return saved
}

export function week52Progress(
  config: { step: Cents; direction: 'ascending' | 'descending'; start: IsoDate },
  contributions: readonly Contribution[],
  today: IsoDate,
): Progress {
  const target = config.step * WEEK52_STEPS
  const week = challengeWeek(config.start, today)
  const expected = week52Cumulative(week, config.step, config.direction)
  const value = savedSince(contributions, config.start, today)
  const status = paceStatus(value, expected, target)
  const share = target > 0 ? Math.min(1, Math.max(0, value / target)) : 0
  const thisWeek = week > 0 ? week52Amount(week, config.step, config.direction) : 0
  return {
    value,
    target,
    share,
    expectedByNow: expected,
    status,
    summary:
      status === 'completed'
        ? `You saved ${money(value)}: the 52-week challenge is complete.`
        : `Week ${week} of 52 asks for ${money(thisWeek)}. You have saved ${money(value)} of ${money(target)}; by now the plan is ${money(expected)}.`,
    milestones: milestones(share),
    streak: null,
  }
}

/** Days from start to end (inclusive) that count: every day, or Saturdays and Sundays only. */
export function challengeDays(start: IsoDate, end: IsoDate, which: 'all' | 'weekends'): IsoDate[] {
  const days: IsoDate[] = []
  for (let d = start; compareDates(d, end) <= 0; d = addDays(d, 1)) {
    const dow = dayOfWeek(d)
    if (which === 'all' || dow === 0 || dow === 6) days.push(d)
  }
  return days
}

/** Monday of the day's week, as the week's key for freezes. */
function weekKey(day: IsoDate): IsoDate {
  const dow = dayOfWeek(day) // 0 = Sunday
  return addDays(day, -((dow + 6) % 7))
}

/** Streaks over days in order, with one freeze per calendar week. */
export function streak(days: readonly { date: IsoDate; ok: boolean }[]): Streak {
  let current = 0
  let longest = 0
  let freezesUsed = 0
  const frozenWeeks = new Set<string>()
  for (const day of days) {
    if (day.ok) {
      current += 1
      if (current > longest) longest = current
      continue
    }
    const week = weekKey(day.date)
    if (!frozenWeeks.has(week)) {
      frozenWeeks.add(week)
      freezesUsed += 1
    } else current = 0
  }
  return { current, longest, freezesUsed }
}

export function noSpendProgress(
  config: { which: 'all' | 'weekends'; categoryIds: readonly string[] | null; start: IsoDate; end: IsoDate },
  spending: readonly Spend[],
  today: IsoDate,
): Progress {
  const all = challengeDays(config.start, config.end, config.which)
  const sofar = all.filter((d) => compareDates(d, today) <= 0)
  const counted = config.categoryIds ? new Set(config.categoryIds) : null
  const spentOn = new Set<string>()
  for (const s of spending)
    if (s.amount < 0 && (counted === null || (s.categoryId !== null && counted.has(s.categoryId)))) spentOn.add(s.date)
  const days = sofar.map((date) => ({ date, ok: !spentOn.has(date) }))
  const value = days.filter((d) => d.ok).length
  const target = all.length
  const missed = days.length - value
  const share = target > 0 ? value / target : 0
  const over = compareDates(today, config.end) >= 0
  const s = streak(days)
  return {
    value,
    target,
    share,
    expectedByNow: days.length,
    status: over ? (missed === 0 ? 'completed' : value >= target * 0.8 ? 'completed' : 'failed') : missed === 0 ? 'on_track' : 'behind',
    summary: `${value} of ${days.length} no-spend ${config.which === 'weekends' ? 'weekend days' : 'days'} so far (${target} in all); current streak ${s.current}.`,
    milestones: milestones(share),
    streak: s,
  }
}

/** The round-up of one purchase to the next whole unit (100 cents): −3.40 gives 0.60, −5.00 gives 0. */
export function roundUp(amount: Cents, unit = 100): Cents {
  if (amount >= 0) return asCents(0)
  const spent = -amount
  const rest = spent % unit
  return asCents(rest === 0 ? 0 : unit - rest)
}

export function roundUpProgress(
  config: { accountIds: readonly string[]; start: IsoDate; target: Cents },
  spending: readonly Spend[],
  today: IsoDate,
): Progress {
  const cards = new Set(config.accountIds)
  let value = 0
  let purchases = 0
  for (const s of spending) {
    if (s.date < config.start || s.date > today || !cards.has(s.accountId) || s.amount >= 0) continue
    value += roundUp(s.amount)
    purchases += 1
  }
  const share = config.target > 0 ? Math.min(1, value / config.target) : 0
  return {
    value,
    target: config.target,
    share,
    expectedByNow: null,
    status: value >= config.target ? 'completed' : 'on_track',
    summary: `${purchases} purchases rounded up to ${money(value)} of ${money(config.target)}.`,
    milestones: milestones(share),
    streak: null,
  }
}

export function unspentAllowanceProgress(
  config: { dailyAllowance: Cents; start: IsoDate; end: IsoDate; target: Cents },
  spending: readonly Spend[],
  today: IsoDate,
): Progress {
  const last = compareDates(today, config.end) < 0 ? today : config.end
  const byDay = new Map<string, number>()
  for (const s of spending) if (s.amount < 0) byDay.set(s.date, (byDay.get(s.date) ?? 0) - s.amount)
  let value = 0
  const days: { date: IsoDate; ok: boolean }[] = []
  for (let d = config.start; compareDates(d, last) <= 0; d = addDays(d, 1)) {
    const left = config.dailyAllowance - (byDay.get(d) ?? 0)
    if (left > 0) value += left
    days.push({ date: d, ok: left >= 0 })
  }
  const share = config.target > 0 ? Math.min(1, value / config.target) : 0
  return {
    value,
    target: config.target,
    share,
    expectedByNow: null,
    status: value >= config.target ? 'completed' : compareDates(today, config.end) >= 0 ? 'failed' : 'on_track',
    summary: `You kept ${money(value)} of your daily allowance of ${money(config.dailyAllowance)} over ${days.length} days.`,
    milestones: milestones(share),
    streak: streak(days),
  }
}

/**
 * Spend `percent` less in a category in `month` than its average of the three months before.
 * `monthly` holds that category's spending (positive) by month, YYYY-MM.
 */
export function cutCategoryProgress(
  config: { percent: number; month: string; previousMonths: readonly [string, string, string] },
  monthly: ReadonlyMap<string, number>,
  today: IsoDate,
): Progress {
  const average = Math.round(config.previousMonths.reduce((s, m) => s + (monthly.get(m) ?? 0), 0) / 3)
  const target = Math.round((average * (100 - config.percent)) / 100)
  const value = monthly.get(config.month) ?? 0
  const over = today.slice(0, 7) > config.month
  const under = value <= target
  const share = target > 0 ? Math.min(1, value / target) : value > 0 ? 1 : 0
  return {
    value,
    target,
    share: under ? 1 : 0,
    expectedByNow: null,
    status: over ? (under ? 'completed' : 'failed') : under ? 'on_track' : 'behind',
    summary: under
      ? `${money(value)} spent of a ${money(target)} limit (${config.percent} % under the ${money(average)} average); ${money(target - value)} left.`
      : `${money(value)} spent: ${money(value - target)} over the ${money(target)} limit (${config.percent} % under the ${money(average)} average).`,
    milestones: milestones(under ? 1 - share : 0),
    streak: null,
  }
}

export function customProgress(
  config: { target: Cents; start: IsoDate; by: IsoDate },
  contributions: readonly Contribution[],
  today: IsoDate,
): Progress {
  const value = savedSince(contributions, config.start, today)
  const total = Math.max(1, daysBetween(config.start, config.by))
  const elapsed = Math.min(total, Math.max(0, daysBetween(config.start, today)))
  const expected = Math.round((config.target * elapsed) / total)
  const status = value >= config.target ? 'completed' : compareDates(today, config.by) > 0 ? 'failed' : paceStatus(value, expected, config.target)
  const share = config.target > 0 ? Math.min(1, value / config.target) : 0
  const daysLeft = Math.max(0, daysBetween(today, config.by))
  const perWeek = daysLeft > 0 ? Math.ceil(((config.target - value) * 7) / daysLeft) : 0
  return {
    value,
    target: config.target,
    share,
    expectedByNow: expected,
    status,
    summary:
      status === 'completed'
        ? `You saved ${money(value)}: the goal of ${money(config.target)} is reached.`
        : `${money(value)} of ${money(config.target)} saved; ${daysLeft} days left, about ${money(Math.max(0, perWeek))} a week to finish on time.`,
    milestones: milestones(share),
    streak: null,
  }
}
