// An automation's run history, newest first: when it ran, what it changed, a webhook's delivery
// attempts, and Undo for a run that made something (adults and the owner; asked to confirm).
import { History, Undo2 } from 'lucide-react'
import { useState } from 'react'
import type { Automation, AutomationRun } from '#src/contract/automations'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { FormDialog } from '#src/web/components/form-dialog'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { toast } from '#src/web/lib/toast'
import { useAutomationRuns } from '../api/get-automation-runs'
import { useUndoAutomationRun } from '../api/undo-automation-run'
import { formatMoment } from '#src/domain/locale'
import { displayLocale } from '#src/web/lib/display-locale'

const when = (iso: string) => formatMoment(new Date(iso), displayLocale())

function madeText(run: AutomationRun): string {
  const parts: string[] = []
  const { transactions, contributions, reminders } = run.made
  if (transactions)
    parts.push(`${String(transactions)} ${transactions === 1 ? 'transaction' : 'transactions'}`)
  if (contributions)
    parts.push(
      `${String(contributions)} goal ${contributions === 1 ? 'contribution' : 'contributions'}`,
    )
  if (reminders) parts.push(`${String(reminders)} ${reminders === 1 ? 'reminder' : 'reminders'}`)
  return parts.length ? `Made ${parts.join(', ')}` : ''
}

export function StatusBadge({ status }: { status: string }) {
  if (status === 'failed') return <Badge variant="danger">Failed</Badge>
  if (status === 'pending') return <Badge variant="warning">Sending</Badge>
  return <Badge variant="secondary">Done</Badge>
}

export function RunHistoryDialog({
  automation,
  canWrite,
  onOpenChange,
}: {
  automation: Automation | null
  canWrite: boolean
  onOpenChange: (open: boolean) => void
}) {
  const runs = useAutomationRuns(automation?.id ?? null)
  const undo = useUndoAutomationRun()
  const [undoing, setUndoing] = useState<AutomationRun | null>(null)
  const list = runs.data ?? []
  return (
    <>
      <FormDialog
        open={automation !== null}
        onOpenChange={onOpenChange}
        title={automation ? `History: ${automation.name}` : 'History'}
        description="Each run and what it changed, newest first."
        className="sm:max-w-xl"
      >
        {runs.isLoading ? (
          <div className="grid gap-2" role="status" aria-label="Loading the history">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : runs.error ? (
          <ErrorState what="the history" error={runs.error} onRetry={() => void runs.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={History}
            title="It has not run yet. Runs show up here with what they changed."
          />
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Runs">
            {list.map((run) => (
              <li key={run.id} className="grid gap-2 px-3 py-3 text-sm" data-testid="run-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-xs text-muted-foreground">{when(run.ranAt)}</span>
                  <span className="flex items-center gap-2">
                    {run.undoneAt ? (
                      <Badge variant="outline">Undone</Badge>
                    ) : (
                      <StatusBadge status={run.status} />
                    )}
                  </span>
                </div>
                <p className="break-words">{run.summary}</p>
                {(madeText(run) || run.attempts.length > 0) && (
                  <p className="text-xs text-muted-foreground">
                    {madeText(run)}
                    {run.attempts.length > 0 &&
                      `Delivery: ${run.attempts.map((a) => (a.status === null ? (a.error ?? 'no answer') : String(a.status))).join(', ')}`}
                  </p>
                )}
                {canWrite && run.canUndo && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => setUndoing(run)}
                  >
                    <Undo2 aria-hidden="true" />
                    Undo
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </FormDialog>
      <ConfirmDialog
        open={undoing !== null}
        onOpenChange={(o) => {
          if (!o) {
            setUndoing(null)
            undo.reset()
          }
        }}
        title="Undo this run?"
        description={
          <p>
            {undoing
              ? `${madeText(undoing)}. It is taken back; balances and goals return to where they were.`
              : ''}
          </p>
        }
        confirmLabel="Undo run"
        pendingLabel="Undoing…"
        destructive
        pending={undo.isPending}
        error={undo.error}
        onConfirm={() => {
          if (!undoing) return
          undo.mutate(undoing.id, {
            onSuccess: () => {
              toast({ title: 'Run undone', description: 'What it made was taken back.' })
              setUndoing(null)
            },
          })
        }}
      />
    </>
  )
}
