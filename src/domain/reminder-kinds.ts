// The words reminders use everywhere (docs/product.md §3 Reminder): what a reminder is about, how
// pressing it is and where it stands. One list each, for the contracts and the database's check
// constraints.

export const REMINDER_TYPES = ['bill_due', 'goal_deadline', 'budget_limit', 'other'] as const
export type ReminderType = (typeof REMINDER_TYPES)[number]

export const REMINDER_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const
export type ReminderPriority = (typeof REMINDER_PRIORITIES)[number]

export const REMINDER_STATUSES = ['active', 'completed', 'dismissed'] as const
export type ReminderStatus = (typeof REMINDER_STATUSES)[number]
