// The retirement answer: the chance the money lasts as one big figure in words, the FIRE number
// and when savings reach it, the fan of simulated outcomes (or its table), the median and worst
// endings, and the what-ifs as cards against the plan as entered.
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
import { useAuth } from '#src/web/lib/auth'
import { cn } from '#src/web/lib/cn'
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, useMoney } from '#src/web/lib/format'
import { BacktestCard } from './backtest-card'
import type { FanPoint } from './fan-chart'
import { formatNumber } from '#src/domain/locale'
import { displayLocale } from '#src/web/lib/display-locale'

const FanChart = lazy(async () => ({ default: (await import('./fan-chart')).FanChart }))

/** 0.8734 → "87.3"; whole numbers without a decimal ("100", "0") */
export function percentText(rate: number): string {
  const p = Math.round(rate * 1000) / 10
  return formatNumber(p, displayLocale(), 1)
}

function rateTone(rate: number): string {
  if (rate < 0.5) return 'text-negative'
  if (rate < 0.75) return 'text-warning'
  return 'text-foreground'
}

export function RetirementResults({
  result,
  planUntilAge,
  retirementAge,
  stale,
}: {
  result: RetirementResult
  planUntilAge: number
  retirementAge: number
  stale: boolean
}) {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const currency = user?.baseCurrency ?? DEFAULT_CURRENCY
  const money = useMoney()
  const [view, setView] = useState<ChartView>('chart')
  const compact = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  })
  const projectionByAge = new Map(result.projection.map((p) => [p.age, p.balance]))
  const points: FanPoint[] = result.percentiles.map((p) => {
    const projected = projectionByAge.get(p.age)
    return {
      age: p.age,
      band: [p.p10 / 100, p.p90 / 100],
      p50: p.p50 / 100,
      projection: projected === undefined ? null : projected / 100,
    }
  })
  const paths = result.paths.toLocaleString(locale)

  return (
    <div className={cn('space-y-6 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      <Card>
        <CardContent className="grid gap-6 pt-5 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="space-y-1" data-testid="success-rate">
            <p className="text-sm text-muted-foreground">
              Chance your money lasts to {planUntilAge}
            </p>
            <p
              className={cn(
                'text-5xl font-semibold tracking-tight tabular-nums',
                rateTone(result.successRate),
              )}
            >
              {percentText(result.successRate)} %
            </p>
            <p className="text-sm">
              It lasts in {percentText(result.successRate)} % of {paths} simulated markets.
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <Stat label="FIRE number" testId="fire-number">
              <Money value={result.fireNumber} />
            </Stat>
            <Stat label="Financially independent at" testId="fi-age">
              {result.fiAge === null ? 'Not before retiring' : `Age ${String(result.fiAge)}`}
            </Stat>
            <Stat label={`Projected at ${String(retirementAge)}`} testId="projected-at-retirement">
              <Money value={result.projectedAtRetirement} />
            </Stat>
            <Stat label="Runs out at (expected return)" testId="depleted-age">
              {result.depletedAge === null ? 'Never' : `Age ${String(result.depletedAge)}`}
            </Stat>
          </dl>
          <p
            className="text-sm md:col-span-2"
            data-testid="retirement-explanation"
            aria-live="polite"
          >
            {result.explanation}
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1.5">
            <CardTitle>Savings by age, in today’s money</CardTitle>
            <CardDescription>
              The shaded band holds 8 of every 10 simulated markets; the dashed line is the expected
              return every year.
            </CardDescription>
          </div>
          <ViewToggle view={view} onChange={setView} label="Savings by age" />
        </CardHeader>
        <CardContent className="space-y-4">
          {view === 'chart' ? (
            <Suspense fallback={<Skeleton className="h-72 w-full sm:h-80" />}>
              <FanChart
                points={points}
                retirementAge={retirementAge}
                formatAxis={(n) => compact.format(n)}
                formatValue={(n) => money(asCents(Math.round(n * 100)))}
              />
            </Suspense>
          ) : (
            <div className="max-h-96 overflow-auto">
              <table className="w-full text-sm" data-testid="fan-table">
                <caption className="sr-only">
                  Savings by age: simulated percentiles and the projection
                </caption>
                <thead className="sticky top-0 bg-card">
                  <tr className="border-b text-xs text-muted-foreground">
                    <th scope="col" className="py-2 pr-3 text-left font-medium">
                      Age
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      10th percentile
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Median
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      90th percentile
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Expected return
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.percentiles.map((p) => {
                    const projected = projectionByAge.get(p.age)
                    return (
                      <tr
                        key={p.age}
                        className={cn(
                          'border-b last:border-0',
                          p.age === retirementAge && 'font-medium',
                        )}
                      >
                        <th
                          scope="row"
                          className="py-1.5 pr-3 text-left font-[inherit] tabular-nums"
                        >
                          {p.age}
                          {p.age === retirementAge && (
                            <span className="ml-1 text-xs text-muted-foreground">retiring</span>
                          )}
                        </th>
                        <td className="py-1.5 pr-3 text-right">
                          <Money value={p.p10} />
                        </td>
                        <td className="py-1.5 pr-3 text-right">
                          <Money value={p.p50} />
                        </td>
                        <td className="py-1.5 pr-3 text-right">
                          <Money value={p.p90} />
                        </td>
                        <td className="py-1.5 text-right">
                          {projected === undefined ? '—' : <Money value={projected} />}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          )}
          <dl className="grid grid-cols-2 gap-3">
            <Stat label={`Median at ${String(planUntilAge)}`} testId="median-ending">
              <Money value={result.medianEnding} />
            </Stat>
            <Stat label={`Worst at ${String(planUntilAge)}`} testId="worst-ending">
              <Money value={result.worstEnding} />
            </Stat>
          </dl>
        </CardContent>
      </Card>

      <BacktestCard backtest={result.backtest} compact={compact} />

      {result.sensitivity.length > 0 && (
        <section aria-labelledby="what-ifs" className="space-y-3">
          <h2 id="what-ifs" className="text-base font-semibold">
            What if you…
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3" data-testid="what-ifs">
            {result.sensitivity.map((s) => {
              const diff = Math.round((s.successRate - result.successRate) * 1000) / 10
              return (
                <li key={s.change} className="rounded-xl border bg-card p-4">
                  <p className="text-sm font-medium">{s.label}</p>
                  <p className="mt-2 text-2xl font-semibold tabular-nums">
                    {percentText(s.successRate)} %
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {diff === 0
                      ? 'the same chance of lasting'
                      : `${diff > 0 ? '+' : '−'}${String(Math.abs(diff))} points of lasting`}
                    {' · '}
                    {s.fiAge === null
                      ? 'not independent before retiring'
                      : `independent at ${String(s.fiAge)}`}
                  </p>
                </li>
              )
            })}
          </ul>
        </section>
      )}
    </div>
  )
}
