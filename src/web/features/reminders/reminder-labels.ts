// How reminder types and priorities read on screen (colour is never the only signal).
import type { Reminder } from '#src/contract/reminders'

export const TYPE_LABELS: Record<Reminder['type'], string> = {
  bill_due: 'Bill due',
  goal_deadline: 'Goal deadline',
  budget_limit: 'Budget limit',
  other: 'Other',
}

export const PRIORITY_LABELS = {
  urgent: { label: 'Urgent', variant: 'danger' },
  high: { label: 'High', variant: 'warning' },
  medium: { label: 'Medium', variant: 'secondary' },
  low: { label: 'Low', variant: 'outline' },
} as const satisfies Record<Reminder['priority'], { label: string; variant: string }>

export const STATUS_LABELS: Record<Reminder['status'] | 'all', string> = {
  active: 'Active',
  completed: 'Completed',
  dismissed: 'Dismissed',
  all: 'All',
}
