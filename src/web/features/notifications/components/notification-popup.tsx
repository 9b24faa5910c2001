// The notification dropdown, opened (docs/product.md §2, §7, §8): the active reminders with
// mark-read, complete and dismiss, and a link to all reminders. It opens and closes on the bell and
// closes on an outside click or Escape. Downloaded on the bell's first use
// (notification-dropdown.tsx).
import { Bell } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { Reminder } from '#src/contract/reminders'
import { unreadBadgeText } from '#src/domain/badge'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { ReminderActions, ReminderTitle, UnreadDot } from '#src/web/components/reminder-parts'
import { Popover, PopoverContent, PopoverTrigger } from '#src/web/components/ui/popover'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useDateFormat } from '#src/web/lib/format'
import { REMINDER_UPDATED_TOAST } from '#src/web/lib/reminder-toast'
import { toast } from '#src/web/lib/toast'
import { useActiveReminders } from '../api/get-active-reminders'
import { BELL_POLL_MS, useUnreadCount } from '../api/get-unread-count'
import { BellButton } from './bell-button'
import { useMarkReminderRead } from '../api/mark-reminder-read'
import { useUpdateReminderStatus } from '../api/update-reminder-status'

const PRIORITY_BADGE = {
  urgent: { label: 'Urgent', variant: 'danger' },
  high: { label: 'High', variant: 'warning' },
  medium: { label: 'Medium', variant: 'secondary' },
  low: { label: 'Low', variant: 'outline' },
} as const

function onUpdated() {
  toast(REMINDER_UPDATED_TOAST)
}

function onFailed(error: unknown) {
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) })
}

function ReminderRow({ reminder }: { reminder: Reminder }) {
  const markRead = useMarkReminderRead()
  const update = useUpdateReminderStatus()
  const formatDate = useDateFormat()
  const busy = markRead.isPending || update.isPending
  const priority = PRIORITY_BADGE[reminder.priority]
  const setStatus = (status: 'completed' | 'dismissed') =>
    update.mutate({ id: reminder.id, status }, { onSuccess: onUpdated, onError: onFailed })
  return (
    <li className="flex gap-3 px-4 py-3" data-testid="reminder-item">
      <UnreadDot isRead={reminder.isRead} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <ReminderTitle reminder={reminder} />
          <Badge variant={priority.variant}>{priority.label}</Badge>
        </div>
        {reminder.description !== '' && (
          <p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground">
            {reminder.description}
          </p>
        )}
        {reminder.dueDate !== null && (
          <p className="mt-0.5 text-xs text-muted-foreground">
            Due {formatDate(reminder.dueDate, { weekday: true })}
          </p>
        )}
        <ReminderActions
          reminder={reminder}
          canClose
          busy={busy}
          onAct={(action) =>
            action === 'read'
              ? markRead.mutate(reminder.id, { onSuccess: onUpdated, onError: onFailed })
              : setStatus(action)
          }
          className="mt-2 flex flex-wrap gap-1.5"
        />
      </div>
    </li>
  )
}

function ReminderList({ open }: { open: boolean }) {
  const { data, isLoading, error } = useActiveReminders(open)
  if (isLoading) {
    return (
      <div className="space-y-3 p-4" role="status" aria-label="Loading reminders">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    )
  }
  if (error) {
    return (
      <p className="p-4 text-sm text-muted-foreground" role="alert">
        Reminders could not be loaded ({errorMessage(error)}). Close and open the list to retry.
      </p>
    )
  }
  const active = (data ?? []).filter((r) => r.status === 'active')
  if (active.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
        <Bell className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">No active reminders</p>
      </div>
    )
  }
  return (
    <ul className="max-h-96 divide-y overflow-y-auto">
      {active.map((reminder) => (
        <ReminderRow key={reminder.id} reminder={reminder} />
      ))}
    </ul>
  )
}

export function NotificationPopup() {
  const [open, setOpen] = useState(true)
  const { data: count } = useUnreadCount(BELL_POLL_MS)
  const badge = unreadBadgeText(count ?? 0)
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <BellButton badge={badge} />
      </PopoverTrigger>
      <PopoverContent className="w-[min(24rem,calc(100vw-1rem))] p-0" aria-label="Notifications">
        <div className="flex items-center justify-between border-b px-4 py-3">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {badge !== null && <span className="text-xs text-muted-foreground">{badge} unread</span>}
        </div>
        <ReminderList open={open} />
        <div className="border-t p-2">
          <Button asChild variant="ghost" className="w-full">
            <Link to="/reminders" onClick={() => setOpen(false)}>
              View All Reminders
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  )
}
