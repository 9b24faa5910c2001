// "Dry run": what an automation would have done over the last 90 days, read from the server
// (nothing changes). A list of dated actions, or a plain sentence when there would have been none.
import { FlaskConical } from 'lucide-react'
import type { Automation } from '#src/contract/automations'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { FormDialog } from '#src/web/components/form-dialog'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useDateFormat, useMoney } from '#src/web/lib/format'
import { cn } from '#src/web/lib/cn'
import { useDryRun } from '../api/get-dry-run'

export function DryRunDialog({
  automation,
  onOpenChange,
}: {
  automation: Automation | null
  onOpenChange: (open: boolean) => void
}) {
  const dry = useDryRun(automation?.id ?? null)
  const money = useMoney()
  const date = useDateFormat()
  const result = dry.data
  return (
    <FormDialog
      open={automation !== null}
      onOpenChange={onOpenChange}
      title={automation ? `Dry run: ${automation.name}` : 'Dry run'}
      description={
        result
          ? `What it would have done from ${date(result.from)} to ${date(result.to)}. Nothing was changed.`
          : 'What it would have done over the last 90 days. Nothing is changed.'
      }
      className="sm:max-w-xl"
    >
      {dry.isLoading ? (
        <div className="grid gap-2" role="status" aria-label="Loading the dry run">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : dry.error ? (
        <ErrorState what="the dry run" error={dry.error} onRetry={() => void dry.refetch()} />
      ) : result && result.actions.length === 0 ? (
        <EmptyState icon={FlaskConical} title="Nothing would have happened in the last 90 days." />
      ) : result ? (
        <div className="grid gap-2">
          <p className="text-sm font-medium" data-testid="dry-run-count">
            {result.truncated
              ? `More than ${String(result.actions.length)}`
              : String(result.actions.length)}{' '}
            {result.actions.length === 1 ? 'action' : 'actions'}
          </p>
          <ul className="divide-y rounded-lg border" aria-label="What it would have done">
            {result.actions.map((a, i) => (
              <li
                key={`${a.date}-${String(i)}`}
                className="flex items-start justify-between gap-3 px-3 py-2 text-sm"
              >
                <span className="grid min-w-0 gap-0.5">
                  <span className="text-xs text-muted-foreground tabular-nums">{date(a.date)}</span>
                  <span className="break-words">{a.summary}</span>
                </span>
                {a.amount !== null && (
                  <span
                    className={cn(
                      'shrink-0 text-right tabular-nums',
                      a.amount < 0 ? 'text-negative' : 'text-positive',
                    )}
                  >
                    {money(a.amount)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </FormDialog>
  )
}
