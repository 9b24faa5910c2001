// "Through history": the plan replayed through every start year of the US record (Shiller's
// stocks and 10-year Treasuries), how often it lasted, the worst year to start and the median
// ending, with each start year's ending balance as a chart (or its table). When the plan is
// longer than the record there is nothing to replay, and the card says so.
import { lazy, Suspense, useState } from 'react'
import type { RetirementResult } from '#src/contract/planning'
import { asCents } from '#src/domain/money'
import { Money } from '#src/web/components/money'
import { Stat } from '#src/web/components/stat'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { ViewToggle, type ChartView } from '#src/web/components/view-toggle'
import { cn } from '#src/web/lib/cn'
import { useMoney } from '#src/web/lib/format'
import type { BacktestPoint } from './backtest-chart'
import { formatNumber } from '#src/domain/locale'
import { displayLocale } from '#src/web/lib/display-locale'

const BacktestChart = lazy(async () => ({
  default: (await import('./backtest-chart')).BacktestChart,
}))

const SOURCE = 'US stocks (S&P composite) and 10-year Treasuries, Robert Shiller’s data'
const RECORD_YEARS = 152

function percentText(rate: number): string {
  const p = Math.round(rate * 1000) / 10
  return formatNumber(p, displayLocale(), 1)
}

export function BacktestCard({
  backtest,
  compact,
}: {
  backtest: RetirementResult['backtest']
  compact: Intl.NumberFormat
}) {
  const money = useMoney()
  const [view, setView] = useState<ChartView>('chart')

  if (backtest === null)
    return (
      <Card data-testid="backtest">
        <CardHeader>
          <CardTitle>Through history</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <p className="text-sm">
            Your plan is longer than the {RECORD_YEARS} years of market record, so it can’t be
            replayed through history from any start year.
          </p>
          <p className="text-xs text-muted-foreground">{SOURCE}</p>
        </CardContent>
      </Card>
    )

  const worst = backtest.starts.find((s) => s.startYear === backtest.worstStartYear)
  const points: BacktestPoint[] = backtest.starts.map((s) => ({
    startYear: s.startYear,
    ending: s.ending / 100,
    success: s.success,
    depletedAge: s.depletedAge,
  }))
  const lastStart = backtest.starts[backtest.starts.length - 1]?.startYear ?? backtest.lastYear
  const stocks = percentText(backtest.stockShare)

  return (
    <Card data-testid="backtest">
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Through history</CardTitle>
          <CardDescription>
            {stocks} % in stocks and the rest in bonds, replayed year by year through real US
            markets.
          </CardDescription>
        </div>
        <ViewToggle view={view} onChange={setView} label="Endings by start year" />
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm" data-testid="backtest-summary">
          Replayed through every start year from {backtest.firstYear} to {lastStart}: it lasts in{' '}
          <span className="font-semibold tabular-nums">{percentText(backtest.successRate)} %</span>{' '}
          of them. The worst year to start was{' '}
          <span className="font-semibold tabular-nums" data-testid="backtest-worst-year">
            {backtest.worstStartYear}
          </span>{' '}
          {worst && !worst.success && worst.depletedAge !== null ? (
            <>(money ran out at {worst.depletedAge}).</>
          ) : (
            <>
              (it ended with <Money value={backtest.worstEnding} />
              ).
            </>
          )}
        </p>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Stat label="Lasted" testId="backtest-rate">
            {percentText(backtest.successRate)} % of {backtest.starts.length} starts
          </Stat>
          <Stat label="Median ending" testId="backtest-median">
            <Money value={backtest.medianEnding} />
          </Stat>
        </dl>
        {view === 'chart' ? (
          <div className="space-y-2">
            <Suspense fallback={<Skeleton className="h-56 w-full" />}>
              <BacktestChart
                points={points}
                formatAxis={(n) => compact.format(n)}
                formatValue={(n) => money(asCents(Math.round(n * 100)))}
              />
            </Suspense>
            <ul className="flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden="true">
              <li className="inline-flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm bg-positive" /> Lasted: the balance at the end
              </li>
              <li className="inline-flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm bg-negative" /> Ran out (or spending cut too
                far)
              </li>
            </ul>
          </div>
        ) : (
          <div className="max-h-96 overflow-auto">
            <table className="w-full text-sm" data-testid="backtest-table">
              <caption className="sr-only">The plan replayed from each start year</caption>
              <thead className="sticky top-0 bg-card">
                <tr className="border-b text-xs text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 text-left font-medium">
                    Start year
                  </th>
                  <th scope="col" className="py-2 pr-3 text-left font-medium">
                    Lasted
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Ending
                  </th>
                </tr>
              </thead>
              <tbody>
                {backtest.starts.map((s) => (
                  <tr
                    key={s.startYear}
                    className={cn(
                      'border-b last:border-0',
                      s.startYear === backtest.worstStartYear && 'font-medium',
                    )}
                  >
                    <th scope="row" className="py-1.5 pr-3 text-left font-[inherit] tabular-nums">
                      {s.startYear}
                      {s.startYear === backtest.worstStartYear && (
                        <span className="ml-1 text-xs text-muted-foreground">worst</span>
                      )}
                    </th>
                    <td className={cn('py-1.5 pr-3', !s.success && 'text-negative')}>
                      {s.success
                        ? 'Yes'
                        : s.depletedAge === null
                          ? 'No: spending cut too far'
                          : `Ran out at ${String(s.depletedAge)}`}
                    </td>
                    <td className="py-1.5 text-right">
                      <Money value={s.ending} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="text-xs text-muted-foreground" data-testid="backtest-source">
          {SOURCE}
        </p>
      </CardContent>
    </Card>
  )
}
