// Recurring payments and subscriptions found in the history: each with its cadence, expected
// amount, next date and what it costs a month, a badge for a price rise and for one that stopped
// or is already a bill; adults and the owner confirm one into a bill or dismiss it.
import type { UseQueryResult } from '@tanstack/react-query'
import { ArrowUpRight, Ban, CalendarCheck, Receipt, Repeat, X } from 'lucide-react'
import { Link } from 'react-router'
import type { RecurringItem } from '#src/contract/insights'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_LOCALE, useDateFormat } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'
import { useConfirmRecurring, useDismissRecurring } from '../api/save-insights'
import { cadenceText, changeText, longDate, plural, priceRise } from '../insight-format'

function RecurringRow({
  item,
  currency,
  canWrite,
}: {
  item: RecurringItem
  currency: string
  canWrite: boolean
}) {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const formatDate = useDateFormat()
  const confirm = useConfirmRecurring()
  const dismiss = useDismissRecurring()
  const rise = priceRise(item.priceChange)
  const busy = confirm.isPending || dismiss.isPending
  const stopped = item.status === 'stopped'
  return (
    <li
      className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="recurring-row"
      data-status={item.status}
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium break-words" data-testid="recurring-payee">
            {item.payee}
          </h3>
          {rise !== null && (
            <Badge variant="warning" data-testid="price-rise">
              <ArrowUpRight aria-hidden="true" />
              Price up {changeText(rise.change)}
            </Badge>
          )}
          {stopped && (
            <Badge variant="secondary" data-testid="recurring-stopped">
              <Ban aria-hidden="true" />
              Stopped
            </Badge>
          )}
          {item.status === 'confirmed' && (
            <Badge variant="accent" data-testid="recurring-bill">
              <CalendarCheck aria-hidden="true" />A bill
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          <span data-testid="recurring-cadence">{cadenceText(item.cadence)}</span> ·{' '}
          <Money value={item.amount} currency={currency} className="text-foreground" /> ·{' '}
          {stopped ? (
            <>last on {formatDate(item.lastDate)}</>
          ) : (
            <>
              next on{' '}
              <span data-testid="recurring-next" className="text-foreground">
                {longDate(item.nextDate, locale)}
              </span>
            </>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          About <Money value={item.monthly} currency={currency} /> a month · found from{' '}
          {plural(item.occurrences, 'charge')}
          {rise !== null && (
            <>
              {' '}
              · up from <Money value={rise.from} currency={currency} /> on {formatDate(rise.date)}
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {item.status === 'confirmed' ? (
          <Button asChild size="sm" variant="outline">
            <Link to="/bills">
              <Receipt aria-hidden="true" />
              See bills
            </Link>
          </Button>
        ) : (
          canWrite && (
            <>
              {!stopped && (
                <Button
                  size="sm"
                  disabled={busy}
                  aria-label={`Make ${item.payee} a bill`}
                  onClick={() =>
                    void confirm.mutateAsync(item.id).then(
                      () =>
                        toast({
                          title: 'Bill added',
                          description: `${item.payee} is now a bill, next due ${longDate(item.nextDate, locale)}.`,
                        }),
                      (error: unknown) =>
                        toast({
                          variant: 'destructive',
                          title: 'Not added',
                          description: errorMessage(error),
                        }),
                    )
                  }
                >
                  <Receipt aria-hidden="true" />
                  Make it a bill
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                aria-label={`Dismiss ${item.payee}`}
                onClick={() =>
                  // mutateAsync: the dismissed row leaves the list before mutate's callbacks would run
                  void dismiss.mutateAsync(item.id).then(
                    () =>
                      toast({
                        title: 'Dismissed',
                        description: `${item.payee} will not be suggested again.`,
                      }),
                    (error: unknown) =>
                      toast({
                        variant: 'destructive',
                        title: 'Not dismissed',
                        description: errorMessage(error),
                      }),
                  )
                }
              >
                <X aria-hidden="true" />
                Dismiss
              </Button>
            </>
          )
        )}
      </div>
    </li>
  )
}

export function RecurringCard({
  recurring,
  currency,
  canWrite,
}: {
  recurring: UseQueryResult<RecurringItem[]>
  currency: string
  canWrite: boolean
}) {
  const items = recurring.data ?? []
  const active = items.filter((i) => i.status !== 'stopped')
  const stopped = items.filter((i) => i.status === 'stopped')
  return (
    <Card
      aria-labelledby="recurring-title"
      data-testid="recurring-card"
      className="overflow-hidden"
    >
      <CardHeader>
        <CardTitle id="recurring-title" className="flex items-center gap-2">
          <Repeat className="size-5 text-primary" aria-hidden="true" />
          Recurring payments and subscriptions
        </CardTitle>
        <CardDescription>Found in your history: how often, how much and when next.</CardDescription>
      </CardHeader>
      <CardContent className="px-0 pb-0">
        {recurring.isLoading ? (
          <div className="space-y-3 px-5 pb-5" role="status" aria-label="Loading recurring payments">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : recurring.error ? (
          <div className="px-5 pb-5">
            <ErrorState
              what="your recurring payments"
              error={recurring.error}
              onRetry={() => void recurring.refetch()}
            />
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={Repeat}
            className="px-5 pb-5"
            title="No recurring payments found yet. They show up once a payee has charged you on a regular schedule a few times."
          />
        ) : (
          <>
            <ul className="divide-y border-t" aria-label="Recurring payments">
              {active.map((i) => (
                <RecurringRow key={i.id} item={i} currency={currency} canWrite={canWrite} />
              ))}
            </ul>
            {stopped.length > 0 && (
              <>
                <h3 className="border-t bg-muted/50 px-5 py-2 text-xs font-medium text-muted-foreground">
                  Stopped: no charge on the last two expected dates
                </h3>
                <ul className="divide-y border-t" aria-label="Stopped recurring payments">
                  {stopped.map((i) => (
                    <RecurringRow key={i.id} item={i} currency={currency} canWrite={canWrite} />
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
