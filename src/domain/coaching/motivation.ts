// The Motivation Coach: streaks, milestones, a weekly recap and the mood's trend,
// each with a short message made of the member's real numbers. No model: the words are fixed
// sentences around computed figures.
//
// Definitions:
// - Days within the allowance: over the last STREAK_DAYS days (today included), a day counts when
//   its spending (money out, transfers and bill payments left out — the plan sets bills aside)
//   is at most the spending plan's daily allowance of today (domain/monthly-summary).
// - No-spend days: the same days, a day counts when it has no such spending at all.
// - Bills paid on time: each bill payment, oldest first, counts when it is dated on or before the
//   due date it paid (the bill's schedule stepped back from its current next due date).
// - All three go through challenges' streak(): one missed day (or payment) a week is forgiven.
import { goalProgressPercent } from '../goal-status'
import { addDays, addMonths, compareDates, type IsoDate } from '../dates'
import { asCents, formatMoney, type Cents } from '../money'
import { computeMood, type MoodInput } from '../mood'
import type { Recurrence } from '../recurrence'
import { streak, type Streak } from '../planning/challenges'

export const STREAK_DAYS = 30
export const NET_WORTH_LEVELS = [1_000, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000].map((d) => asCents(d * 100))
export const GOAL_STEPS = [25, 50, 75, 100] as const

export type Day = { date: IsoDate; spent: Cents; ok: boolean }

/** The last `days` days ending today, oldest first. */
export function lastDays(today: IsoDate, days = STREAK_DAYS): IsoDate[] {
  const out: IsoDate[] = []
  for (let i = days - 1; i >= 0; i--) out.push(addDays(today, -i))
  return out
}

export function allowanceDays(spentByDay: ReadonlyMap<IsoDate, Cents>, allowance: Cents, today: IsoDate): Day[] {
  return lastDays(today).map((date) => {
    const spent = spentByDay.get(date) ?? asCents(0)
    return { date, spent, ok: spent <= Math.max(0, allowance) }
  })
}

export function noSpendDays(spentByDay: ReadonlyMap<IsoDate, Cents>, today: IsoDate): Day[] {
  return lastDays(today).map((date) => {
    const spent = spentByDay.get(date) ?? asCents(0)
    return { date, spent, ok: spent <= 0 }
  })
}

const MONTH_STEPS: Partial<Record<Recurrence, number>> = { monthly: 1, quarterly: 3, yearly: 12 }
const DAY_STEPS: Partial<Record<Recurrence, number>> = { weekly: 7, biweekly: 14 }

/** The due date `k` steps before `due` on a bill's schedule (k = 0: `due` itself). */
export function previousDueDate(due: IsoDate, recurrence: Recurrence, anchorDay: number, k: number): IsoDate {
  const months = MONTH_STEPS[recurrence]
  if (months !== undefined) return addMonths(due, -months * k, anchorDay)
  const days = DAY_STEPS[recurrence]
  return days === undefined ? due : addDays(due, -days * k)
}

export type BillFacts = { id: string; name: string; nextDueDate: IsoDate; recurrence: Recurrence; anchorDay: number; isActive: boolean }
export type BillPayment = { billId: string; date: IsoDate }
export type PaidBill = { billId: string; name: string; date: IsoDate; dueDate: IsoDate; ok: boolean }

/**
 * Each payment with the due date it paid: the newest payment of a recurring bill paid the due
 * date one step before its current next due date, the one before it two steps, and so on; a
 * one-off bill (inactive once paid) paid its own due date. Oldest first.
 */
export function billPaymentsOnTime(bills: readonly BillFacts[], payments: readonly BillPayment[]): PaidBill[] {
  const out: PaidBill[] = []
  for (const bill of bills) {
    const mine = payments.filter((p) => p.billId === bill.id).sort((a, b) => compareDates(b.date, a.date))
    mine.forEach((p, i) => {
      const dueDate = bill.recurrence === 'once' ? bill.nextDueDate : previousDueDate(bill.nextDueDate, bill.recurrence, bill.anchorDay, i + 1)
      out.push({ billId: bill.id, name: bill.name, date: p.date, dueDate, ok: compareDates(p.date, dueDate) <= 0 })
    })
  }
  return out.sort((a, b) => compareDates(a.date, b.date) || a.billId.localeCompare(b.billId))
}

export type StreakSummary = Streak & { total: number; okCount: number }

export function summarise(items: readonly { date: IsoDate; ok: boolean }[]): StreakSummary {
  return { ...streak(items), total: items.length, okCount: items.filter((d) => d.ok).length }
}

// ---- milestones ----

export type NetWorthMilestone = { reached: Cents | null; next: Cents | null; toNext: Cents | null; crossedThisMonth: boolean }

/** The highest round number net worth has reached, the next one, and whether it was crossed this month. */
export function netWorthMilestone(netWorth: Cents, previousNetWorth: Cents): NetWorthMilestone {
  let reached: Cents | null = null
  let next: Cents | null = null
  for (const level of NET_WORTH_LEVELS) {
    if (netWorth >= level) reached = level
    else if (next === null) next = level
  }
  return {
    reached,
    next,
    toNext: next === null ? null : asCents(next - netWorth),
    crossedThisMonth: reached !== null && previousNetWorth < reached,
  }
}

export type GoalMilestone = { goalId: string; name: string; percent: number; reached: number | null; next: number | null; reachedThisWeek: boolean }

/** Each goal's highest step of 25/50/75/100 % reached, and whether this week's money crossed it. */
export function goalMilestones(goals: readonly { id: string; name: string; current: Cents; target: Cents; addedThisWeek: Cents }[]): GoalMilestone[] {
  return goals.map((g) => {
    const percent = goalProgressPercent(g.current, g.target)
    const before = goalProgressPercent(asCents(g.current - g.addedThisWeek), g.target)
    const reached = [...GOAL_STEPS].reverse().find((s) => percent >= s) ?? null
    const next = GOAL_STEPS.find((s) => percent < s) ?? null
    return { goalId: g.id, name: g.name, percent, reached, next, reachedThisWeek: reached !== null && before < reached }
  })
}

// ---- the weekly recap ----

export type Recap = {
  from: IsoDate
  to: IsoDate
  spent: Cents
  spentLastWeek: Cents
  /** spent − last week's: negative is less spending */
  change: Cents
  saved: Cents
  goals: { goalId: string; name: string; added: Cents; percent: number }[]
}

/** The last 7 days (today included) against the 7 before. */
export function recapWindow(today: IsoDate): { from: IsoDate; to: IsoDate; lastFrom: IsoDate; lastTo: IsoDate } {
  return { from: addDays(today, -6), to: today, lastFrom: addDays(today, -13), lastTo: addDays(today, -7) }
}

// ---- the mood's trend ----

export type MoodPoint = { month: string; score: number; mood: string }

export function moodTrend(months: readonly { month: string; input: MoodInput }[]): MoodPoint[] {
  return months.map((m) => {
    const mood = computeMood(m.input, `${m.month}-01T00:00:00Z`)
    return { month: m.month, score: mood.score, mood: mood.mood }
  })
}

// ---- messages ----

export type MotivationFacts = {
  allowance: Cents
  allowanceStreak: StreakSummary
  noSpend: StreakSummary
  bills: StreakSummary
  netWorth: NetWorthMilestone
  goals: readonly GoalMilestone[]
  recap: Recap
  mood: readonly MoodPoint[]
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** Short messages, each tied to a figure; the most encouraging first. */
export function motivationMessages(f: MotivationFacts, currency = 'USD', locale = 'en-US'): string[] {
  const m = (c: Cents) => formatMoney(c, currency, locale)
  const out: string[] = []
  // no allowance left (no income recorded this month, or the plan spent): no allowance streak to
  // praise, and a "$0.00 allowance" would read as a scolding
  if (f.allowance > 0 && f.allowanceStreak.current > 0)
    out.push(`${plural(f.allowanceStreak.current, 'day')} in a row within your daily allowance of ${m(f.allowance)}.`)
  if (f.noSpend.okCount > 0) out.push(`${plural(f.noSpend.okCount, 'no-spend day')} in the last ${f.noSpend.total} days.`)
  if (f.bills.total > 0 && f.bills.current > 0) out.push(`${plural(f.bills.current, 'bill')} in a row paid on time.`)
  for (const g of f.goals) if (g.reachedThisWeek && g.reached !== null) out.push(`${g.name} passed ${g.reached} % this week.`)
  if (f.netWorth.crossedThisMonth && f.netWorth.reached !== null) out.push(`Your net worth passed ${m(f.netWorth.reached)} this month.`)
  else if (f.netWorth.next !== null && f.netWorth.toNext !== null && f.netWorth.reached !== null)
    out.push(`${m(f.netWorth.toNext)} to go until your net worth reaches ${m(f.netWorth.next)}.`)
  const r = f.recap
  if (r.spentLastWeek > 0 && r.change < 0) out.push(`You spent ${m(asCents(-r.change))} less than the week before.`)
  else if (r.change > 0) out.push(`You spent ${m(r.change)} more than the week before: a calmer week ahead evens it out.`)
  if (r.saved > 0) out.push(`${m(r.saved)} went into your goals this week.`)
  const [prev, last] = [f.mood.at(-2), f.mood.at(-1)]
  if (prev && last && last.score !== prev.score)
    out.push(last.score > prev.score ? `Your mood score rose from ${prev.score} to ${last.score}.` : `Your mood score went from ${prev.score} to ${last.score}: small steps bring it back.`)
  if (f.allowance <= 0) out.push('Your spending plan has no daily allowance left this month: add this month’s income to start an allowance streak.')
  if (out.length === 0) out.push('Every day you track is a step: add today’s spending to start your first streak.')
  return out
}
