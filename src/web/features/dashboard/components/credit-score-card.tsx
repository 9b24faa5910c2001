// The Credit Score card (docs/product.md §2, §4, §5, §8): score, band, a bar out of 850, the change
// since the previous entry (or the placeholder trend of docs/product.md §2), and adding a score
// through a prompt.
import type { UseQueryResult } from '@tanstack/react-query'
import { Gauge, Plus, TrendingDown, TrendingUp } from 'lucide-react'
import type { CreditScore } from '#src/contract/credit-score'
import {
  CREDIT_SCORE_MAX,
  CREDIT_SCORE_MIN,
  creditBand,
  creditScoreBarPercent,
  creditScoreChange,
  INVALID_SCORE_TOAST,
  parseCreditScoreEntry,
  SCORE_ADDED_TOAST,
  SCORE_SAVE_FAILED_TOAST,
} from '#src/domain/credit-score'
import type { IsoDate } from '#src/domain/dates'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Button } from '#src/web/components/ui/button'
import { Progress } from '#src/web/components/ui/progress'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'
import { useAddCreditScore } from '../api/add-credit-score'
import { DashboardCard } from './dashboard-card'

/** The fixed trend of docs/product.md §2, shown until there are two entries to compare. */
export const PLACEHOLDER_TREND = '+12 points this month'

const BAND_CLASS = {
  Excellent: 'text-primary',
  Good: 'text-primary',
  Fair: 'text-warning',
  Poor: 'text-warning',
  'Very Poor': 'text-negative',
} as const

function Trend({ history }: { history: CreditScore[] | undefined }) {
  const change = history ? creditScoreChange(history) : null
  if (change === null) {
    return (
      <p
        className="flex items-center gap-1 text-xs text-muted-foreground"
        data-testid="credit-trend"
      >
        <TrendingUp className="size-3.5" aria-hidden="true" />
        {PLACEHOLDER_TREND}
      </p>
    )
  }
  const Icon = change < 0 ? TrendingDown : TrendingUp
  const n = Math.abs(change)
  return (
    <p className="flex items-center gap-1 text-xs text-muted-foreground" data-testid="credit-trend">
      <Icon className="size-3.5" aria-hidden="true" />
      {change === 0
        ? 'No change since the previous entry'
        : `${change > 0 ? '+' : '−'}${n} ${n === 1 ? 'point' : 'points'} since the previous entry`}
    </p>
  )
}

export function CreditScoreCard({
  current,
  history,
  today,
}: {
  current: UseQueryResult<CreditScore | null>
  history: UseQueryResult<CreditScore[]>
  today: IsoDate
}) {
  const add = useAddCreditScore()
  const formatDate = useDateFormat()

  const onAdd = () => {
    const entry = parseCreditScoreEntry(
      window.prompt(`Enter your credit score (${CREDIT_SCORE_MIN}-${CREDIT_SCORE_MAX}):`),
    )
    if (entry.kind === 'cancelled') return
    if (entry.kind === 'invalid') {
      toast({ variant: 'destructive', ...INVALID_SCORE_TOAST })
      return
    }
    add.mutate(
      { score: entry.score, provider: 'Manual', date: today },
      {
        onSuccess: () => toast(SCORE_ADDED_TOAST),
        onError: () => toast({ variant: 'destructive', ...SCORE_SAVE_FAILED_TOAST }),
      },
    )
  }

  const score = current.data
  return (
    <DashboardCard
      id="credit-title"
      title="Credit Score"
      testId="credit-score-card"
      linkTo="/reports#credit-score"
      linkLabel="History"
      action={
        <Button variant="outline" size="sm" onClick={onAdd} disabled={add.isPending}>
          <Plus aria-hidden="true" />
          Add score
        </Button>
      }
    >
      {current.isLoading ? (
        <div className="space-y-3">
          <Skeleton className="h-9 w-24" />
          <Skeleton className="h-2 w-full" />
          <Skeleton className="h-3 w-32" />
        </div>
      ) : current.error ? (
        <ErrorState what="your credit score" error={current.error} />
      ) : score === null || score === undefined ? (
        <EmptyState icon={Gauge} title="No Credit Score Available" />
      ) : (
        <div className="space-y-3">
          <div className="flex items-baseline gap-3">
            <p className="money text-4xl font-semibold tracking-tight" data-testid="credit-score">
              {score.score}
            </p>
            <p
              className={cn('text-sm font-semibold', BAND_CLASS[creditBand(score.score)])}
              data-testid="credit-band"
            >
              {creditBand(score.score)}
            </p>
          </div>
          <Progress
            value={creditScoreBarPercent(score.score)}
            aria-label={`Credit score ${score.score} out of ${CREDIT_SCORE_MAX}`}
          />
          <p className="text-right text-xs text-muted-foreground">out of {CREDIT_SCORE_MAX}</p>
          <Trend history={history.data} />
          <p className="text-xs text-muted-foreground">
            {score.provider || 'Manual'} · {formatDate(score.date)}
          </p>
        </div>
      )}
    </DashboardCard>
  )
}
