// The reminders the product writes by itself, one per event: a bill's due date, a goal's target
// date, a budget's alert level in a month. Every generator (the reminder job, the Automation
// Center's alerts, the demo household) names an event by the same source key and words it the
// same way, so one event gives one reminder (the reminders table is unique per user and key).
// Dates read as the member writes them ("due Tue, Nov 24"), never ISO.
import { budgetLevelPercent } from './budget'
import { daysUntil } from './bill-urgency'
import { formatDay, startOfMonth, type IsoDate } from './dates'
import { asCents, type Cents } from './money'

export type ReminderPriority = 'urgent' | 'high' | 'medium' | 'low'

export type GeneratedReminder = {
  sourceKey: string
  title: string
  description: string
  type: 'bill_due' | 'goal_deadline' | 'budget_limit'
  priority: ReminderPriority
  dueDate: IsoDate | null
}

/** How the reader writes money and dates; `today` is their local date. */
export type ReminderVoice = { locale: string; money: (cents: Cents) => string; today: IsoDate }

const day = (date: IsoDate, voice: ReminderVoice) =>
  formatDay(date, voice.locale, { weekday: true, thisYear: Number(voice.today.slice(0, 4)) })

/** The source key of a bill's due date: paying the bill completes the reminder with this key. */
export const billDueKey = (billId: string, dueDate: IsoDate): string => `bill:${billId}:${dueDate}`

export const goalDeadlineKey = (goalId: string, targetDate: IsoDate): string =>
  `goal:${goalId}:${targetDate}`

/** Every alert of one budget in one month starts with this. */
export const budgetMonthKeyPrefix = (categoryId: string, month: IsoDate): string =>
  `budget:${categoryId}:${startOfMonth(month)}:`

export const budgetAlertKey = (categoryId: string, month: IsoDate, percent: number): string =>
  `${budgetMonthKeyPrefix(categoryId, month)}${percent}`

/** "Internet due Tue, Nov 24": the date stays true whatever day it is read. */
export function billDueReminder(
  bill: { id: string; name: string; amount: Cents; nextDueDate: IsoDate },
  voice: ReminderVoice,
): GeneratedReminder {
  const days = daysUntil(voice.today, bill.nextDueDate)
  return {
    sourceKey: billDueKey(bill.id, bill.nextDueDate),
    title: `${bill.name} due ${day(bill.nextDueDate, voice)}`,
    description: `${voice.money(bill.amount)} to pay.`,
    type: 'bill_due',
    priority: days <= 0 ? 'urgent' : days <= 1 ? 'high' : 'medium',
    dueDate: bill.nextDueDate,
  }
}

export function goalDeadlineReminder(
  goal: { id: string; name: string; targetDate: IsoDate; current: Cents; target: Cents },
  voice: ReminderVoice,
): GeneratedReminder {
  return {
    sourceKey: goalDeadlineKey(goal.id, goal.targetDate),
    title: `${goal.name}: target date ${day(goal.targetDate, voice)}`,
    description: `${voice.money(asCents(goal.target - goal.current))} still to go to reach ${voice.money(goal.target)}.`,
    type: 'goal_deadline',
    priority: 'medium',
    dueDate: goal.targetDate,
  }
}

/**
 * The one alert a budget has this month: at 80 % ("Dining Out budget at 80%") or, once it is
 * used up, at 100 % ("… budget reached"), which retires the 80 % one; none below the line.
 */
export function budgetReminder(
  budget: { categoryId: string; name: string; spent: Cents; amount: Cents; month: IsoDate },
  voice: ReminderVoice,
): GeneratedReminder | null {
  const percent = budgetLevelPercent(budget.spent, budget.amount)
  if (percent === null) return null
  return {
    sourceKey: budgetAlertKey(budget.categoryId, budget.month, percent),
    title: percent >= 100 ? `${budget.name} budget reached` : `${budget.name} budget at ${percent}%`,
    description: `${voice.money(budget.spent)} spent of ${voice.money(budget.amount)} this month.`,
    type: 'budget_limit',
    priority: percent >= 100 ? 'high' : 'medium',
    dueDate: null,
  }
}
