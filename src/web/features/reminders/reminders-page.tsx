// The Reminders page: every reminder, filtered by status (active, completed, dismissed or all),
// type and priority; mark read, complete, dismiss or delete each; create custom ones. Bills due
// soon, goal deadlines and budgets reaching 80 % and 100 % add theirs on their own.
import { Bell, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { reminderPriority, reminderType, type Reminder } from '#src/contract/reminders'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { ReminderActions, ReminderTitle, UnreadDot } from '#src/web/components/reminder-parts'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent } from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Select } from '#src/web/components/ui/select'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'
import { REMINDER_UPDATED_TOAST } from '#src/web/lib/reminder-toast'
import { toast } from '#src/web/lib/toast'
import { useChangeReminder, useDeleteReminder, type ReminderAction } from './api/change-reminder'
import { useReminderList } from './api/get-reminders'
import type { ReminderFilters } from './api/reminder-keys'
import { ReminderFormDialog } from './components/reminder-form-dialog'
import { PRIORITY_LABELS, STATUS_LABELS, TYPE_LABELS } from './reminder-labels'

const STATUSES = ['active', 'completed', 'dismissed', 'all'] as const

function failed(error: unknown) {
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) })
}

function ReminderItem({ reminder }: { reminder: Reminder }) {
  const formatDate = useDateFormat()
  const change = useChangeReminder()
  const remove = useDeleteReminder()
  const act = (action: ReminderAction) =>
    change.mutate(
      { id: reminder.id, action },
      { onSuccess: () => toast(REMINDER_UPDATED_TOAST), onError: failed },
    )
  const priority = PRIORITY_LABELS[reminder.priority]
  return (
    <li
      className="flex gap-3 py-4 first:pt-0 last:pb-0"
      data-testid="reminder-row"
      data-status={reminder.status}
    >
      <UnreadDot isRead={reminder.isRead} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <ReminderTitle reminder={reminder} />
          <Badge variant={priority.variant}>{priority.label}</Badge>
          <Badge variant="outline">{TYPE_LABELS[reminder.type]}</Badge>
          {reminder.status !== 'active' && (
            <Badge variant="secondary">{STATUS_LABELS[reminder.status]}</Badge>
          )}
        </div>
        {reminder.description !== '' && (
          <p className="text-sm text-muted-foreground">{reminder.description}</p>
        )}
        {reminder.dueDate !== null && (
          <p className="text-xs text-muted-foreground">
            Due {formatDate(reminder.dueDate, { weekday: true })}
          </p>
        )}
        <ReminderActions
          reminder={reminder}
          canClose={reminder.status === 'active'}
          busy={change.isPending}
          onAct={act}
          className="flex flex-wrap gap-1.5 pt-1"
        >
          <Button
            size="sm"
            variant="ghost"
            className="text-negative"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(reminder.id, {
                onSuccess: () =>
                  toast({
                    title: 'Reminder deleted',
                    description: `${reminder.title} was deleted.`,
                  }),
                onError: failed,
              })
            }
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </ReminderActions>
      </div>
    </li>
  )
}

export function RemindersPage() {
  const [filters, setFilters] = useState<ReminderFilters>({ status: 'active' })
  const [creating, setCreating] = useState(false)
  const reminders = useReminderList(filters)
  const list = reminders.data ?? []
  const status = filters.status ?? 'active'
  return (
    <PageBody>
      <PageHeader
        description="Bills due soon, goal deadlines, budgets running out and your own notes."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            New reminder
          </Button>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <div
          role="group"
          aria-label="Status"
          className="inline-flex h-10 items-center rounded-lg bg-muted p-1"
        >
          {STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={status === s}
              onClick={() => setFilters((f) => ({ ...f, status: s }))}
              className={cn(
                'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-ring',
                status === s ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground',
              )}
            >
              {STATUS_LABELS[s]}
            </button>
          ))}
        </div>
        <FormField label="Type" className="w-40">
          {(control) => (
            <Select
              {...control}
              value={filters.type ?? ''}
              onChange={(e) =>
                setFilters((f) => ({
                  ...f,
                  type: reminderType.options.find((t) => t === e.target.value),
                }))
              }
            >
              <option value="">Any type</option>
              {reminderType.options.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Priority" className="w-36">
          {(control) => (
            <Select
              {...control}
              value={filters.priority ?? ''}
              onChange={(e) =>
                setFilters((f) => ({
                  ...f,
                  priority: reminderPriority.options.find((p) => p === e.target.value),
                }))
              }
            >
              <option value="">Any priority</option>
              {reminderPriority.options.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p].label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <Card>
        <CardContent className="pt-5">
          {reminders.isLoading ? (
            <div className="space-y-4" role="status" aria-label="Loading reminders">
              {[0, 1, 2].map((i) => (
                <div key={i} className="space-y-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-3/4" />
                </div>
              ))}
            </div>
          ) : reminders.error ? (
            <ErrorState
              what="your reminders"
              error={reminders.error}
              onRetry={() => void reminders.refetch()}
            />
          ) : list.length === 0 ? (
            <EmptyState
              icon={Bell}
              title={
                status === 'active'
                  ? 'No active reminders'
                  : status === 'all'
                    ? 'No reminders yet'
                    : `No ${STATUS_LABELS[status].toLowerCase()} reminders`
              }
              action={
                <Button variant="outline" onClick={() => setCreating(true)}>
                  <Plus aria-hidden="true" />
                  New reminder
                </Button>
              }
            />
          ) : (
            <ul className="divide-y" aria-label="Reminders">
              {list.map((r) => (
                <ReminderItem key={r.id} reminder={r} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <ReminderFormDialog open={creating} onOpenChange={setCreating} />
    </PageBody>
  )
}
