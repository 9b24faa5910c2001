// What a what-if page shows below its inputs, one of: what is still missing, a call to fix the
// marked fields, the error of the run, the result, or a skeleton while the first answer comes.
import type { ReactNode } from 'react'
import { ErrorState } from './error-state'
import { LoadingCard } from './loading-card'
import { Card, CardContent } from './ui/card'

/** "a", "a and b", "a, b and c". */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`
}

type SimulationQuery<T> = { data: T | undefined; error: unknown; refetch: () => unknown }

export function SimulationOutcome<T>({
  what,
  ready,
  missing,
  namesAtMost,
  missingTestId,
  simulation,
  fieldIssue,
  loadingLabel,
  loading,
  children,
}: {
  /** what the run shows, as in "To see your plan" */
  what: string
  /** the inputs are complete and valid, so the run can be asked for */
  ready: boolean
  /** the names of the inputs still to enter, when not ready */
  missing: string[]
  /** name this many missing inputs at the most, then "and the rest" */
  namesAtMost?: number
  missingTestId: string
  simulation: SimulationQuery<T>
  /** the run's error is about the inputs (marked at their fields) */
  fieldIssue: boolean
  loadingLabel: string
  /** the skeletons shown while the first answer comes */
  loading: ReactNode
  children: (data: T) => ReactNode
}) {
  const fixFields = `Fix the fields marked above to see ${what}.`
  if (!ready) {
    const named = namesAtMost === undefined ? missing : missing.slice(0, namesAtMost)
    const rest = named.length < missing.length ? ' and the rest' : ''
    return (
      <Card>
        <CardContent className="pt-5 text-sm text-muted-foreground" data-testid={missingTestId}>
          {missing.length > 0 ? `To see ${what}, enter ${listOf(named)}${rest}.` : fixFields}
        </CardContent>
      </Card>
    )
  }
  if (simulation.error && !simulation.data) {
    return fieldIssue ? (
      <Card>
        <CardContent className="pt-5 text-sm text-negative" role="alert">
          {fixFields}
        </CardContent>
      </Card>
    ) : (
      <ErrorState what={what} error={simulation.error} onRetry={() => void simulation.refetch()} />
    )
  }
  if (simulation.data) return children(simulation.data)
  return <LoadingCard label={loadingLabel}>{loading}</LoadingCard>
}
