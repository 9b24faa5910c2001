// The credit score history: the latest score with its band and the change since the entry
// before it, the chart of every entry (loaded on demand), a form to add an entry (300–850, the
// messages of docs/product.md §5 and §8) and the list of entries, each with its band and a delete
// button. Export CSV gives every entry, oldest first, with its band and its change from the one
// before.
import { zodResolver } from '@hookform/resolvers/zod'
import { Download, Gauge, Plus, Trash2, TrendingDown, TrendingUp } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { createCreditScoreBody, type CreditScore } from '#src/contract/credit-score'
import {
  creditBand,
  creditScoreChange,
  INVALID_SCORE_TOAST,
  SCORE_ADDED_TOAST,
  SCORE_SAVE_FAILED_TOAST,
} from '#src/domain/credit-score'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'
import { useAddScore, useCreditHistory, useDeleteScore } from '../api/credit-score'
import { creditScoreCsv, downloadCsv } from '../csv'
import { BAND_BADGE, BAND_TEXT } from './credit-bands'

const CreditScoreChart = lazy(async () => ({
  default: (await import('./credit-score-chart')).CreditScoreChart,
}))

const fields = createCreditScoreBody.shape
const schema = z.object({
  score: z
    .string()
    .trim()
    .min(1, INVALID_SCORE_TOAST.description)
    .transform((text) => (/^\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN))
    .pipe(fields.score),
  provider: fields.provider,
  date: fields.date,
})
type FormInput = z.input<typeof schema>
type FormOutput = z.output<typeof schema>

function Change({ history }: { history: CreditScore[] }) {
  const change = creditScoreChange(history)
  if (change === null)
    return <p className="text-sm text-muted-foreground">Add another entry to see the change.</p>
  const Icon = change < 0 ? TrendingDown : TrendingUp
  const n = Math.abs(change)
  return (
    <p
      className="flex items-center gap-1 text-sm text-muted-foreground"
      data-testid="credit-change"
    >
      <Icon className="size-4" aria-hidden="true" />
      {change === 0
        ? 'No change since the previous entry'
        : `${change > 0 ? '+' : '−'}${n} ${n === 1 ? 'point' : 'points'} since the previous entry`}
    </p>
  )
}

function AddScoreForm({ today }: { today: string }) {
  const add = useAddScore()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { score: '', provider: '', date: today },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(
    async (v) => {
      try {
        await add.mutateAsync({ ...v, provider: v.provider === '' ? 'Manual' : v.provider })
        toast(SCORE_ADDED_TOAST)
        form.reset({ score: '', provider: v.provider, date: today })
      } catch {
        toast({ variant: 'destructive', ...SCORE_SAVE_FAILED_TOAST })
      }
    },
    (invalid) => {
      if (invalid.score) toast({ variant: 'destructive', ...INVALID_SCORE_TOAST })
    },
  )
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add a credit score"
      className="grid gap-3 sm:grid-cols-[8rem_1fr_10rem_auto] sm:items-start print:hidden"
    >
      <FormField label="Score" error={errors.score?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            placeholder="300–850"
            {...form.register('score')}
          />
        )}
      </FormField>
      <FormField label="Provider" error={errors.provider?.message}>
        {(control) => (
          <Input {...control} placeholder="e.g. Experian" {...form.register('provider')} />
        )}
      </FormField>
      <FormField label="Date" error={errors.date?.message}>
        {(control) => <Input {...control} type="date" {...form.register('date')} />}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="sm:mt-6">
        <Plus aria-hidden="true" />
        Add score
      </Button>
    </form>
  )
}

export function CreditScoreSection({ today }: { today: string }) {
  const history = useCreditHistory()
  const remove = useDeleteScore()
  const formatDate = useDateFormat()
  const list = history.data ?? []
  const newestFirst = [...list].reverse()
  const latest = newestFirst[0]
  return (
    <Card id="credit-score" aria-labelledby="credit-score-title" data-testid="credit-score-history">
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-1">
          <CardTitle id="credit-score-title">Credit score</CardTitle>
          <CardDescription>
            Bands: 781 and up Excellent, 661–780 Good, 601–660 Fair, 500–600 Poor, below 500 Very
            Poor.
          </CardDescription>
        </div>
        {list.length > 0 && (
          <Button
            size="sm"
            variant="outline"
            className="shrink-0 print:hidden"
            onClick={() => downloadCsv('kinwise-credit-score-history.csv', creditScoreCsv(list))}
          >
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-6">
        {history.isLoading ? (
          <div className="space-y-3">
            <Skeleton className="h-10 w-32" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : history.error ? (
          <ErrorState
            what="your credit score history"
            error={history.error}
            onRetry={() => void history.refetch()}
          />
        ) : latest === undefined ? (
          <EmptyState icon={Gauge} title="No Credit Score Available" />
        ) : (
          <>
            <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
              <p className="money text-4xl font-semibold tracking-tight" data-testid="latest-score">
                {latest.score}
              </p>
              <p className={cn('text-sm font-semibold', BAND_TEXT[creditBand(latest.score)])}>
                {creditBand(latest.score)}
              </p>
              <Change history={list} />
            </div>
            {list.length > 1 && (
              <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <CreditScoreChart history={list} formatDate={formatDate} />
              </Suspense>
            )}
          </>
        )}
        <AddScoreForm today={today} />
        {newestFirst.length > 0 && (
          <ul className="divide-y rounded-lg border" aria-label="Credit score entries">
            {newestFirst.map((entry, i) => {
              const previous = newestFirst[i + 1]
              const band = creditBand(entry.score)
              return (
                <li
                  key={entry.id}
                  className="flex items-center gap-3 px-4 py-2.5"
                  data-testid="credit-entry"
                >
                  <span className="money w-12 text-lg font-semibold">{entry.score}</span>
                  <Badge variant={BAND_BADGE[band]}>{band}</Badge>
                  <span className="min-w-0 flex-1 truncate text-sm text-muted-foreground">
                    {entry.provider || 'Manual'} · {formatDate(entry.date)}
                  </span>
                  {previous !== undefined && (
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {entry.score - previous.score > 0
                        ? '+'
                        : entry.score - previous.score < 0
                          ? '−'
                          : '±'}
                      {Math.abs(entry.score - previous.score)}
                    </span>
                  )}
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="print:hidden"
                    aria-label={`Delete the score of ${formatDate(entry.date)}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(entry.id, {
                        onSuccess: () =>
                          toast({
                            title: 'Entry deleted',
                            description: 'The score was removed from your history.',
                          }),
                        onError: (e) =>
                          toast({
                            variant: 'destructive',
                            title: 'Error',
                            description: errorMessage(e),
                          }),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
