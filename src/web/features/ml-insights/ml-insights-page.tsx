// The Smart Insights page (premium): the insight feed (read, dismiss, one-click rule, budget or
// bill), unusual transactions and months with the reason in words, the cash-flow forecast for
// 30, 60 or 90 days (?days=), recurring payments and subscriptions (confirm into a bill, dismiss)
// and category suggestions for uncategorised rows (one by one or in bulk). Adults and the owner
// press Refresh to run the household's insight job now; viewers see everything without the
// buttons. Refresh queues the job: the page says "Refreshing…" while it is queued or running
// (whoever pressed it) and shows the new feed once it is done. A household whose plan does not
// include it sees which plans do.
import { useQueryClient } from '@tanstack/react-query'
import { Eye, RefreshCw, Sparkles } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { roleAtLeast } from '#src/domain/access'
import { FORECAST_DAYS, type ForecastDays } from '#src/domain/insights/kinds'
import { planAllows } from '#src/domain/tiers'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { PremiumPageNote } from '#src/web/components/premium-note'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent } from '#src/web/components/ui/card'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_CURRENCY } from '#src/web/lib/format'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'
import { toast } from '#src/web/lib/toast'
import {
  useAnomalies,
  useCategorySuggestions,
  useForecast,
  useInsightFeed,
  useRecurring,
  useRefreshStatus,
} from './api/get-insights'
import { useRefreshInsights } from './api/save-insights'
import { AnomaliesCard } from './components/anomalies-card'
import { FeedCard } from './components/feed-card'
import { ForecastCard } from './components/forecast-card'
import { RecurringCard } from './components/recurring-card'
import { SuggestionsCard } from './components/suggestions-card'
import { isRefreshing } from './insight-format'

function ViewOnlyNote() {
  return (
    <p
      className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm text-muted-foreground"
      data-testid="view-only-note"
    >
      <Eye className="size-4" aria-hidden="true" />
      View only: adults act on insights
    </p>
  )
}

function RefreshButton({ label = 'Refresh', busy }: { label?: string; busy: boolean }) {
  const refresh = useRefreshInsights()
  const working = busy || refresh.isPending
  return (
    <Button
      disabled={working}
      onClick={() =>
        refresh.mutate(undefined, {
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Not refreshed',
              description: errorMessage(error),
            }),
        })
      }
    >
      <RefreshCw className={working ? 'animate-spin' : undefined} aria-hidden="true" />
      {working ? 'Refreshing…' : label}
    </Button>
  )
}

/**
 * Follows the household's insight job: while it is queued or running the page says so (and the
 * status is polled); once it is over, every section is read again and a toast says how it went.
 */
function useRefreshWatch(enabled: boolean): boolean {
  const queryClient = useQueryClient()
  const state = useRefreshStatus(enabled)
  const status = state.data?.status
  const busy = isRefreshing(status)
  const wasBusy = useRef(false)
  useEffect(() => {
    if (busy) {
      wasBusy.current = true
      return
    }
    if (!wasBusy.current || status === undefined) return
    wasBusy.current = false
    if (status === 'done') {
      void invalidateRoots(queryClient, [API_ROOTS.insights])
      toast({
        title: 'Insights refreshed',
        description: 'Recurring payments, unusual spending and suggestions are up to date.',
      })
    } else if (status === 'failed') {
      toast({
        variant: 'destructive',
        title: 'Not refreshed',
        description: 'The look at your transactions stopped on an error. Try again in a while.',
      })
    }
  }, [busy, status, queryClient])
  return busy
}

function RefreshingNote() {
  return (
    <p
      role="status"
      className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm text-muted-foreground"
      data-testid="refreshing-note"
    >
      <RefreshCw className="size-4 animate-spin" aria-hidden="true" />
      Refreshing: looking through your transactions…
    </p>
  )
}

function NoDataYet({ canWrite, busy }: { canWrite: boolean; busy: boolean }) {
  return (
    <Card data-testid="insights-empty">
      <CardContent className="flex flex-col items-start gap-3 pt-5 sm:flex-row sm:items-center">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Sparkles className="size-5" aria-hidden="true" />
        </span>
        <div className="flex-1 space-y-1">
          <h2 className="font-semibold">No insights yet</h2>
          <p className="text-sm text-muted-foreground">
            Every night Smart Insights looks through your household’s transactions for recurring
            payments, unusual charges and categories to suggest.{' '}
            {canWrite
              ? 'Press Refresh to look now.'
              : 'An adult in your household can run it now; otherwise it runs tonight.'}
          </p>
        </div>
        {canWrite && <RefreshButton label="Look now" busy={busy} />}
      </CardContent>
    </Card>
  )
}

export function MlInsightsPage() {
  const { user } = useAuth()
  const role = user?.role ?? 'viewer'
  const canWrite = roleAtLeast(role, 'adult')
  const allowed = user !== null && planAllows(user.subscriptionTier, 'smartInsights')
  const currency = user?.baseCurrency ?? DEFAULT_CURRENCY
  const [search, setSearch] = useSearchParams()
  const daysParam = Number(search.get('days'))
  const days: ForecastDays = FORECAST_DAYS.find((d) => d === daysParam) ?? 30

  const feed = useInsightFeed(allowed)
  const recurring = useRecurring(allowed)
  const anomalies = useAnomalies(allowed)
  const suggestions = useCategorySuggestions(allowed)
  const forecast = useForecast(days, allowed)
  const refreshing = useRefreshWatch(allowed)

  if (user !== null && !allowed) {
    return (
      <PageBody>
        <PremiumPageNote feature="smartInsights" title="Smart Insights" icon={Sparkles} description="Unusual charges, recurring payments, category suggestions and a cash-flow forecast, all found in your own transactions." tier={user.subscriptionTier} isOwner={role === 'owner'} />
      </PageBody>
    )
  }

  const loaded =
    feed.data !== undefined &&
    recurring.data !== undefined &&
    anomalies.data !== undefined &&
    suggestions.data !== undefined
  const nothingYet =
    loaded &&
    feed.data.length === 0 &&
    recurring.data.length === 0 &&
    anomalies.data.length === 0 &&
    suggestions.data.items.length === 0 &&
    suggestions.data.trainedAt === null

  return (
    <PageBody wide>
      <PageHeader
        description="Recurring payments, unusual spending, categories and a cash-flow forecast, all worked out from your own transactions."
        actions={canWrite ? <RefreshButton busy={refreshing} /> : <ViewOnlyNote />}
      />
      {refreshing && <RefreshingNote />}
      {nothingYet && <NoDataYet canWrite={canWrite} busy={refreshing} />}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <FeedCard feed={feed} canWrite={canWrite} />
        <AnomaliesCard anomalies={anomalies} currency={currency} />
      </div>
      <ForecastCard
        days={days}
        onDaysChange={(d) =>
          setSearch(
            (prev) => {
              const next = new URLSearchParams(prev)
              if (d === 30) next.delete('days')
              else next.set('days', String(d))
              return next
            },
            { replace: true },
          )
        }
        forecast={forecast}
        currency={currency}
      />
      <RecurringCard recurring={recurring} currency={currency} canWrite={canWrite} />
      <SuggestionsCard suggestions={suggestions} currency={currency} canWrite={canWrite} />
    </PageBody>
  )
}
