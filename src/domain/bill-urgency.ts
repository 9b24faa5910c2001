// How urgent an upcoming bill looks (docs/product.md §4): colour level and the "Due today / Due
// tomorrow / N days" text, plus overdue wording, from whole days between the user's today and the
// due date.

import { daysBetween, type IsoDate } from './dates'

export type BillUrgency = 'danger' | 'warning' | 'normal'

/** 1 day or less (overdue included) is danger, 3 days or less is warning. */
export function billUrgency(daysUntilDue: number): BillUrgency {
  if (daysUntilDue <= 1) return 'danger'
  if (daysUntilDue <= 3) return 'warning'
  return 'normal'
}

/** "Due today", "Due tomorrow", "5 days"; overdue bills read "Overdue by 1 day" / "by N days". */
export function billDueText(daysUntilDue: number): string {
  if (daysUntilDue === 0) return 'Due today'
  if (daysUntilDue === 1) return 'Due tomorrow'
  if (daysUntilDue === -1) return 'Overdue by 1 day'
  if (daysUntilDue < 0) return `Overdue by ${-daysUntilDue} days`
  return `${daysUntilDue} days`
}

/** Whole days from today to the due date; negative when the bill is overdue. */
export function daysUntil(today: IsoDate, due: IsoDate): number {
  return daysBetween(today, due)
}
