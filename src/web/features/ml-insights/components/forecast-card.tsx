// The cash-flow forecast for 30, 60 or 90 days over the cash accounts the member sees: the
// expected balance with its likely range (chart, or the same figures as a table), the lowest day
// marked and said in words, the first day below zero as a warning, and the bills and recurring
// payments inside the window.
import type { UseQueryResult } from '@tanstack/react-query'
import { CalendarClock, TriangleAlert, Wallet } from 'lucide-react'
import { lazy, Suspense, useMemo, useState } from 'react'
import type { Forecast } from '#src/contract/insights'
import { FORECAST_DAYS, type ForecastDays } from '#src/domain/insights/kinds'
import { fromCents } from '#src/domain/money'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { ViewToggle, type ChartView } from '#src/web/components/view-toggle'
import { Alert } from '#src/web/components/ui/alert'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { cn } from '#src/web/lib/cn'
import { DEFAULT_LOCALE, useDateFormat } from '#src/web/lib/format'
import { chartPoints, longDate, lowestPoint } from '../insight-format'
import { useChartFormat } from '#src/web/lib/use-chart-format'
import { ScrollingTable } from '#src/web/components/scrolling-table'

const ForecastChart = lazy(async () => ({
  default: (await import('./forecast-chart')).ForecastChart,
}))

function DaysSwitch({
  days,
  onChange,
}: {
  days: ForecastDays
  onChange: (d: ForecastDays) => void
}) {
  return (
    <div
      role="group"
      aria-label="Forecast length"
      className="inline-flex w-full gap-0.5 rounded-lg bg-muted p-1 sm:w-auto"
    >
      {FORECAST_DAYS.map((d) => (
        <button
          key={d}
          type="button"
          aria-pressed={days === d}
          aria-label={`${d} days`}
          onClick={() => onChange(d)}
          className={cn(
            'h-8 flex-1 rounded-md px-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-none',
            days === d
              ? 'bg-card text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {d} days
        </button>
      ))}
    </div>
  )
}

const FORECAST_COLUMNS = [{ label: 'Expected' }, { label: 'Likely range', wideOnly: true }]

function ForecastTable({ data, currency }: { data: Forecast; currency: string }) {
  const formatDate = useDateFormat()
  return (
    <ScrollingTable
      label="Expected balance by day"
      caption="Expected balance by day, with the likely range"
      testId="forecast-table"
      columns={FORECAST_COLUMNS}
    >
      {data.points.map((p) => (
        <tr key={p.date}>
          <td className="px-3 py-1.5 whitespace-nowrap">{formatDate(p.date)}</td>
          <td className={cn('px-3 py-1.5 text-right', p.balance < 0 && 'text-negative')}>
            <Money value={p.balance} currency={currency} />
          </td>
          <td className="hidden px-3 py-1.5 text-right text-muted-foreground sm:table-cell">
            <Money value={p.low} currency={currency} /> to{' '}
            <Money value={p.high} currency={currency} />
          </td>
        </tr>
      ))}
    </ScrollingTable>
  )
}

function ForecastBody({ data, currency }: { data: Forecast; currency: string }) {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const formatDate = useDateFormat()
  const [view, setView] = useState<ChartView>('chart')
  const { formatAxis, formatValue } = useChartFormat(currency, 2)
  const points = useMemo(() => chartPoints(data.points, formatDate), [data.points, formatDate])
  const lowest = lowestPoint(data.points)
  const last = data.points[data.points.length - 1]
  const events = [...data.events].sort((a, b) => a.date.localeCompare(b.date)).slice(0, 6)
  return (
    <div className="space-y-4">
      {data.lowPoint !== null && (
        <Alert variant="warning" data-testid="forecast-below-zero">
          <TriangleAlert aria-hidden="true" />
          <span>
            Your cash would go below zero on {longDate(data.lowPoint.date, locale)}, at{' '}
            <Money value={data.lowPoint.balance} currency={currency} />. Move money in or delay a
            payment before then.
          </span>
        </Alert>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Cash today</dt>
          <dd className="text-sm font-semibold">
            <Money value={data.startBalance} currency={currency} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Usual spending a day</dt>
          <dd className="text-sm font-semibold">
            <Money value={data.dailySpending} currency={currency} />
          </dd>
        </div>
        {lowest !== null && (
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">Lowest expected</dt>
            <dd
              className={cn('text-sm font-semibold', lowest.balance < 0 && 'text-negative')}
              data-testid="forecast-lowest"
            >
              <Money value={lowest.balance} currency={currency} />
            </dd>
          </div>
        )}
        {last !== undefined && (
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">In {data.days} days</dt>
            <dd className="text-sm font-semibold">
              <Money value={last.balance} currency={currency} />
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {lowest !== null ? (
          <p className="text-sm text-muted-foreground" data-testid="forecast-summary">
            Your cash is expected to be lowest on{' '}
            <span className="font-medium text-foreground">{longDate(lowest.date, locale)}</span>, at{' '}
            <Money value={lowest.balance} currency={currency} className="text-foreground" />
            {lowest.low !== lowest.high && (
              <>
                {' '}
                (likely between <Money value={lowest.low} currency={currency} /> and{' '}
                <Money value={lowest.high} currency={currency} />)
              </>
            )}
            .
          </p>
        ) : (
          <span />
        )}
        <ViewToggle view={view} onChange={setView} label="Forecast" />
      </div>
      {view === 'chart' ? (
        <>
          <Suspense fallback={<Skeleton className="h-64 w-full sm:h-72" />}>
            <ForecastChart
              points={points}
              lowPoint={
                lowest === null
                  ? null
                  : { label: formatDate(lowest.date), balance: fromCents(lowest.balance) }
              }
              formatAxis={formatAxis}
              formatValue={formatValue}
            />
          </Suspense>
          <div
            className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
            aria-hidden="true"
          >
            <span className="inline-flex items-center gap-1.5">
              <span className="w-4 border-t-2 border-primary" /> Expected balance
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="h-2.5 w-4 rounded-sm bg-primary/20" /> Likely range
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-full bg-primary" /> Lowest day
            </span>
          </div>
        </>
      ) : (
        <ForecastTable data={data} currency={currency} />
      )}
      {events.length > 0 && (
        <section aria-labelledby="forecast-events-title" className="space-y-2">
          <h3 id="forecast-events-title" className="text-sm font-semibold">
            Bills and recurring payments counted
          </h3>
          <ul className="divide-y rounded-lg border text-sm" data-testid="forecast-events">
            {events.map((e, i) => (
              <li
                key={`${e.date}-${e.label}-${i}`}
                className="flex items-center justify-between gap-3 px-3 py-2"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <CalendarClock
                    className="size-4 shrink-0 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <span className="truncate">{e.label}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {formatDate(e.date)} · {e.source === 'bill' ? 'bill' : 'recurring'}
                  </span>
                </span>
                <Money value={e.amount} currency={currency} showPlus incomeTone />
              </li>
            ))}
          </ul>
          {data.events.length > events.length && (
            <p className="text-xs text-muted-foreground">
              And {data.events.length - events.length} more inside the {data.days} days.
            </p>
          )}
        </section>
      )}
    </div>
  )
}

export function ForecastCard({
  days,
  onDaysChange,
  forecast,
  currency,
}: {
  days: ForecastDays
  onDaysChange: (days: ForecastDays) => void
  forecast: UseQueryResult<Forecast>
  currency: string
}) {
  const data = forecast.data
  return (
    <Card aria-labelledby="forecast-title" data-testid="forecast-card">
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle id="forecast-title">Cash-flow forecast</CardTitle>
        <DaysSwitch days={days} onChange={onDaysChange} />
      </CardHeader>
      <CardContent>
        {forecast.isLoading ? (
          <div className="space-y-4" role="status" aria-label="Loading the forecast">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
            <Skeleton className="h-64 w-full" />
          </div>
        ) : forecast.error || data === undefined ? (
          <ErrorState
            what="the forecast"
            error={forecast.error}
            onRetry={() => void forecast.refetch()}
          />
        ) : data.accountIds.length === 0 || data.points.length === 0 ? (
          <EmptyState
            icon={Wallet}
            title="No cash accounts to forecast yet. Add a checking, savings or cash account (or one is shared with you) to see where your balance is heading."
          />
        ) : (
          <div
            className={cn(forecast.isPlaceholderData && 'opacity-60')}
            aria-busy={forecast.isPlaceholderData}
          >
            <ForecastBody data={data} currency={currency} />
          </div>
        )}
      </CardContent>
    </Card>
  )
}
