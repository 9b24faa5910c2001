// "Dry run" of the categorisation rules: what each rule would change over the last 90 days of
// transactions the member sees (how many rows, and the newest few with the change in words),
// read from the server; nothing is changed.
import { FlaskConical } from 'lucide-react'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { FormDialog } from '#src/web/components/form-dialog'
import { Badge } from '#src/web/components/ui/badge'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { cn } from '#src/web/lib/cn'
import { useDateFormat, useMoney } from '#src/web/lib/format'
import { useRulesDryRun } from '../api/get-rules-dry-run'
import { ruleChangeText, ruleDryRunText } from '../automation-text'

export function RulesDryRunDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const dry = useRulesDryRun(open)
  const money = useMoney()
  const date = useDateFormat()
  const result = dry.data
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Dry run: rules"
      description={
        result
          ? `What each rule would change among the ${String(result.examined)} ${result.examined === 1 ? 'transaction' : 'transactions'} you see from ${date(result.from)} to ${date(result.to)}. Nothing was changed.`
          : 'What each rule would change over the last 90 days. Nothing is changed.'
      }
      className="sm:max-w-xl"
    >
      {dry.isLoading ? (
        <div className="grid gap-2" role="status" aria-label="Loading the dry run">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : dry.error ? (
        <ErrorState what="the dry run" error={dry.error} onRetry={() => void dry.refetch()} />
      ) : result && result.rules.length === 0 ? (
        <EmptyState icon={FlaskConical} title="No rules yet: there is nothing to try." />
      ) : result ? (
        <ul className="grid gap-3" aria-label="What each rule would change">
          {result.rules.map((rule) => (
            <li
              key={rule.ruleId}
              className="grid gap-2 rounded-lg border px-3 py-2"
              data-testid="rule-dry-run"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{rule.name}</span>
                <span className="flex items-center gap-2 text-sm">
                  {!rule.isActive && <Badge variant="outline">Paused</Badge>}
                  <span
                    className={cn(rule.changes === 0 && 'text-muted-foreground')}
                    data-testid="rule-dry-run-count"
                  >
                    {ruleDryRunText(rule)}
                  </span>
                </span>
              </div>
              {rule.examples.length > 0 && (
                <ul className="divide-y text-sm" aria-label={`Examples for ${rule.name}`}>
                  {rule.examples.map((e) => (
                    <li
                      key={e.transactionId}
                      className="flex items-start justify-between gap-3 py-1.5"
                      data-testid="rule-dry-run-example"
                    >
                      <span className="grid min-w-0 gap-0.5">
                        <span className="truncate">
                          <span className="text-xs text-muted-foreground tabular-nums">
                            {date(e.date)}
                          </span>{' '}
                          {e.payee}
                        </span>
                        <span className="text-xs text-muted-foreground">
                          {ruleChangeText(e).join(' · ')}
                        </span>
                      </span>
                      <span
                        className={cn(
                          'shrink-0 text-right tabular-nums',
                          e.amount < 0 ? 'text-negative' : 'text-positive',
                        )}
                      >
                        {money(e.amount)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </FormDialog>
  )
}
