// What a reminder shows wherever it is listed (the page and the bell's dropdown): the unread
// dot, the title that says "unread" to screen readers, and the mark read, complete and dismiss
// buttons.
import { Check, MailOpen, X } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Reminder } from '#src/contract/reminders'
import { Button } from './ui/button'
import { cn } from '../lib/cn'

/** what a member can do to a reminder from a list */
export type ReminderAction = 'read' | 'completed' | 'dismissed'

export function UnreadDot({ isRead }: { isRead: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'mt-1.5 size-2 shrink-0 rounded-full',
        isRead ? 'bg-transparent' : 'bg-primary',
      )}
    />
  )
}

export function ReminderTitle({ reminder }: { reminder: Reminder }) {
  return (
    <p className={cn('text-sm', reminder.isRead ? 'font-normal' : 'font-semibold')}>
      {reminder.title}
      {!reminder.isRead && <span className="sr-only"> (unread)</span>}
    </p>
  )
}

const STATUS_ACTIONS = [
  { action: 'completed', label: 'Complete', icon: Check },
  { action: 'dismissed', label: 'Dismiss', icon: X },
] as const

/** Mark read while unread; complete and dismiss while it may still change; then any others. */
export function ReminderActions({
  reminder,
  canClose,
  busy,
  onAct,
  className,
  children,
}: {
  reminder: Reminder
  /** offers complete and dismiss */
  canClose: boolean
  busy: boolean
  onAct: (action: ReminderAction) => void
  className: string
  children?: ReactNode
}) {
  return (
    <div className={className}>
      {!reminder.isRead && (
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => onAct('read')}>
          <MailOpen aria-hidden="true" />
          Mark read
        </Button>
      )}
      {canClose &&
        STATUS_ACTIONS.map(({ action, label, icon: Icon }) => (
          <Button
            key={action}
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => onAct(action)}
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
      {children}
    </div>
  )
}
