// Returns over a range (1M, YTD, 1Y, 5Y, All): the time-weighted return (cumulative, and per
// year when the range is over a year) and the money-weighted return (XIRR, per year) side by
// side, the API's sentence on why they differ, what went in and what it grew to, and the chart of
// the value against the money put in (or the same figures as a table).
import type { UseQueryResult } from '@tanstack/react-query'
import { Info, TriangleAlert } from 'lucide-react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { PerformanceResult } from '#src/contract/investments'
import { asCents, fromCents, type Cents } from '#src/domain/money'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { Alert } from '#src/web/components/ui/alert'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'
import { DIRECTION_CLASS, direction, percentText } from '../investment-format'
import { RANGE_OPTIONS, rangeName, type RangeId } from '../ranges'
import { useChartFormat } from '#src/web/lib/use-chart-format'
import { Explainer } from './explainer'
import { ViewToggle, type ChartView } from '#src/web/components/view-toggle'
import { ScrollingTable } from '#src/web/components/scrolling-table'

const GrowthChart = lazy(async () => ({
  default: (await import('./investment-charts')).GrowthChart,
}))

function RangeSwitch({ range, onChange }: { range: RangeId; onChange: (r: RangeId) => void }) {
  return (
    <div
      role="group"
      aria-label="Period"
      className="inline-flex w-full gap-0.5 rounded-lg bg-muted p-1 sm:w-auto"
    >
      {RANGE_OPTIONS.map((r) => (
        <button
          key={r.id}
          type="button"
          aria-pressed={range === r.id}
          aria-label={`${r.label}: ${r.name}`}
          onClick={() => onChange(r.id)}
          className={cn(
            'h-8 flex-1 rounded-md px-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-none',
            range === r.id
              ? 'bg-card text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {r.label}
        </button>
      ))}
    </div>
  )
}

function ReturnTile({
  title,
  testId,
  value,
  detail,
  help,
}: {
  title: string
  testId: string
  value: number | null
  detail: string
  help: string
}) {
  return (
    <div className="space-y-1 rounded-lg border p-4" data-testid={testId}>
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      <p
        className={cn(
          'money text-3xl font-semibold tracking-tight',
          DIRECTION_CLASS[direction(value)],
        )}
        data-testid={`${testId}-value`}
      >
        {percentText(value)}
      </p>
      <p className="text-xs text-muted-foreground" data-testid={`${testId}-detail`}>
        {detail}
      </p>
      <Explainer>{help}</Explainer>
    </div>
  )
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-semibold">{children}</dd>
    </div>
  )
}

function MaybeMoney({ value, currency }: { value: Cents | null; currency: string }) {
  return value === null ? (
    <span className="text-muted-foreground">Missing a price</span>
  ) : (
    <Money value={value} currency={currency} />
  )
}

const GROWTH_COLUMNS = [{ label: 'Money put in' }, { label: 'Value' }, { label: 'Growth' }]

function GrowthTable({ data, currency }: { data: PerformanceResult; currency: string }) {
  const formatDate = useDateFormat()
  return (
    <ScrollingTable
      label="Value against money put in, by date"
      testId="growth-table"
      columns={GROWTH_COLUMNS}
    >
      {[...data.series].reverse().map((p) => (
        <tr key={p.date}>
          <td className="px-3 py-1.5 whitespace-nowrap">{formatDate(p.date)}</td>
          <td className="px-3 py-1.5 text-right">
            <Money value={p.contributions} currency={currency} />
          </td>
          <td className="px-3 py-1.5 text-right">
            <MaybeMoney value={p.value} currency={currency} />
          </td>
          <td className="px-3 py-1.5 text-right">
            {p.value === null ? (
              '—'
            ) : (
              <Money value={asCents(p.value - p.contributions)} currency={currency} showPlus />
            )}
          </td>
        </tr>
      ))}
    </ScrollingTable>
  )
}

function Growth({ data }: { data: PerformanceResult }) {
  const [view, setView] = useState<ChartView>('chart')
  const formatDate = useDateFormat()
  const { formatAxis, formatValue } = useChartFormat(data.currency)
  const last = data.series[data.series.length - 1]
  const points = data.series.map((p) => ({
    label: formatDate(p.date),
    value: p.value === null ? null : fromCents(p.value),
    contributions: fromCents(p.contributions),
  }))
  return (
    <section aria-labelledby="growth-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="growth-title" className="text-sm font-semibold">
          Money put in against its value
        </h3>
        <ViewToggle view={view} onChange={setView} label="Growth" />
      </div>
      {last !== undefined && (
        <p className="text-sm text-muted-foreground" data-testid="growth-summary">
          {last.value === null ? (
            <>
              Put in by {formatDate(last.date)}:{' '}
              <Money value={last.contributions} currency={data.currency} />; the value is missing a
              price.
            </>
          ) : (
            <>
              By {formatDate(last.date)},{' '}
              <Money value={last.contributions} currency={data.currency} /> put in (with the value
              at the start) is worth{' '}
              <Money value={last.value} currency={data.currency} className="text-foreground" />.
            </>
          )}
        </p>
      )}
      {view === 'chart' ? (
        <>
          <Suspense fallback={<Skeleton className="h-64 w-full sm:h-72" />}>
            <GrowthChart points={points} formatAxis={formatAxis} formatValue={formatValue} />
          </Suspense>
          <div
            className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
            aria-hidden="true"
          >
            <span className="inline-flex items-center gap-1.5">
              <span className="h-2.5 w-4 rounded-sm bg-primary/40" /> Value
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="w-4 border-t-2 border-dashed border-muted-foreground" /> Money put in
            </span>
          </div>
        </>
      ) : (
        <GrowthTable data={data} currency={data.currency} />
      )}
    </section>
  )
}

export function PerformanceCard({
  range,
  onRangeChange,
  performance,
}: {
  range: RangeId
  onRangeChange: (range: RangeId) => void
  performance: UseQueryResult<PerformanceResult>
}) {
  const data = performance.data
  const name = rangeName(range)
  return (
    <Card aria-labelledby="returns-title" data-testid="performance-card">
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle id="returns-title">Returns</CardTitle>
        <RangeSwitch range={range} onChange={onRangeChange} />
      </CardHeader>
      <CardContent className="space-y-5">
        {performance.isLoading ? (
          <div className="space-y-4" role="status" aria-label="Loading returns">
            <div className="grid gap-3 sm:grid-cols-2">
              <Skeleton className="h-32 w-full" />
              <Skeleton className="h-32 w-full" />
            </div>
            <Skeleton className="h-64 w-full" />
          </div>
        ) : performance.error || data === undefined ? (
          <ErrorState
            what="your returns"
            error={performance.error}
            onRetry={() => void performance.refetch()}
          />
        ) : (
          <div
            className={cn('space-y-5', performance.isPlaceholderData && 'opacity-60')}
            aria-busy={performance.isPlaceholderData}
          >
            {data.missing.length > 0 && (
              <Alert variant="warning" data-testid="performance-missing">
                <TriangleAlert aria-hidden="true" />
                <span>
                  Missing a price or exchange rate for {data.missing.join(', ')}: figures that need
                  it are left out. Add a price to see them.
                </span>
              </Alert>
            )}
            <div className="grid gap-3 sm:grid-cols-2">
              <ReturnTile
                title="Time-weighted return"
                testId="twr"
                value={data.twr}
                detail={
                  data.twrAnnualized !== null
                    ? `Over ${name}: ${percentText(data.twrAnnualized)} a year`
                    : `Over ${name}, in total`
                }
                help="How your investments themselves did, leaving out when and how much money you added or took out. This is the figure to compare with a fund or an index."
              />
              <ReturnTile
                title="Money-weighted return"
                testId="xirr"
                value={data.xirr}
                detail={`Per year, over ${name}`}
                help="How your own money did, counting when you added or took it out: money added just before prices rose lifts it, money added just before they fell lowers it. Worked out as a yearly rate (XIRR)."
              />
            </div>
            <p
              className="flex items-start gap-2 rounded-lg bg-muted/60 p-3 text-sm"
              data-testid="returns-explanation"
            >
              <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {data.explanation}
            </p>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Stat label="Value at the start">
                <MaybeMoney value={data.startValue} currency={data.currency} />
              </Stat>
              <Stat label="Money added">
                <Money value={data.contributions} currency={data.currency} showPlus />
              </Stat>
              <Stat label="Gain">
                {data.gain === null ? (
                  <span className="text-muted-foreground">Missing a price</span>
                ) : (
                  <span data-testid="range-gain">
                    <Money
                      value={data.gain}
                      currency={data.currency}
                      showPlus
                      className={DIRECTION_CLASS[direction(data.gain)]}
                    />
                  </span>
                )}
              </Stat>
              <Stat label="Value at the end">
                <MaybeMoney value={data.marketValue} currency={data.currency} />
              </Stat>
            </dl>
            {data.series.length > 1 && <Growth data={data} />}
          </div>
        )}
      </CardContent>
    </Card>
  )
}
