// Dividends and interest: the last 12 months' total, a bar for each of the last 24 months (or
// the same months as a table), each year's total, and which holdings paid the most.
import type { UseQueryResult } from '@tanstack/react-query'
import { Coins } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { z } from 'zod'
import type { income as incomeSchema } from '#src/contract/investments'
import { addMonths, type IsoDate } from '#src/domain/dates'
import { asCents, fromCents } from '#src/domain/money'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_LOCALE } from '#src/web/lib/format'
import { SERIES } from '../chart-colors'
import { useChartFormat } from '#src/web/lib/use-chart-format'
import { ViewToggle, type ChartView } from '#src/web/components/view-toggle'

const IncomeChart = lazy(async () => ({
  default: (await import('./investment-charts')).IncomeChart,
}))

export type Income = z.output<typeof incomeSchema>
type MonthRow = Income['byMonth'][number]

const MONTHS = 24

function monthLabel(month: string, locale: string, withYear: boolean): string {
  const [y, m] = month.split('-').map(Number)
  if (y === undefined || m === undefined) return month
  try {
    return new Intl.DateTimeFormat(locale, {
      month: 'short',
      ...(withYear ? { year: '2-digit' } : {}),
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y, m - 1, 1)))
  } catch {
    return month
  }
}

/** The last 24 months up to today's, with nothing for a month that paid nothing. */
export function lastMonths(rows: readonly MonthRow[], today: IsoDate): MonthRow[] {
  const byMonth = new Map(rows.map((r) => [r.month, r]))
  const zero = asCents(0)
  const out: MonthRow[] = []
  for (let i = MONTHS - 1; i >= 0; i -= 1) {
    const month = addMonths(`${today.slice(0, 7)}-01`, -i).slice(0, 7)
    out.push(byMonth.get(month) ?? { month, dividends: zero, interest: zero, total: zero })
  }
  return out
}

function MonthTable({
  rows,
  currency,
  locale,
}: {
  rows: MonthRow[]
  currency: string
  locale: string
}) {
  const paid = rows.filter((r) => r.total !== 0).reverse()
  if (paid.length === 0)
    return <p className="text-sm text-muted-foreground">Nothing was paid in the last 24 months.</p>
  return (
    <div
      className="max-h-72 overflow-auto rounded-lg border"
      tabIndex={0}
      role="region"
      aria-label="Income by month"
    >
      <table className="w-full text-sm" data-testid="income-month-table">
        <caption className="sr-only">Dividends and interest by month, newest first</caption>
        <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Month
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Dividends
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Interest
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {paid.map((r) => (
            <tr key={r.month}>
              <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                {monthLabel(r.month, locale, true)}
              </th>
              <td className="px-3 py-1.5 text-right">
                <Money value={r.dividends} currency={currency} />
              </td>
              <td className="px-3 py-1.5 text-right">
                <Money value={r.interest} currency={currency} />
              </td>
              <td className="px-3 py-1.5 text-right font-medium">
                <Money value={r.total} currency={currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function YearTable({ data }: { data: Income }) {
  const years = [...data.byYear].sort((a, b) => b.year - a.year)
  return (
    <table className="w-full text-sm" data-testid="income-year-table">
      <caption className="sr-only">Dividends and interest by year</caption>
      <thead className="text-xs text-muted-foreground">
        <tr className="border-b">
          <th scope="col" className="py-1.5 pr-2 text-left font-medium">
            Year
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-medium">
            Dividends
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-medium">
            Interest
          </th>
          <th scope="col" className="py-1.5 pl-2 text-right font-medium">
            Total
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {years.map((y) => (
          <tr key={y.year}>
            <th scope="row" className="py-1.5 pr-2 text-left font-normal tabular-nums">
              {y.year}
            </th>
            <td className="px-2 py-1.5 text-right">
              <Money value={y.dividends} currency={data.currency} />
            </td>
            <td className="px-2 py-1.5 text-right">
              <Money value={y.interest} currency={data.currency} />
            </td>
            <td className="py-1.5 pl-2 text-right font-medium">
              <Money value={y.total} currency={data.currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function IncomeBody({ data, today }: { data: Income; today: IsoDate }) {
  const [view, setView] = useState<ChartView>('chart')
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const { formatAxis, formatValue } = useChartFormat(data.currency)
  const months = lastMonths(data.byMonth, today)
  const anyRecent = months.some((m) => m.total !== 0)
  const top = data.bySymbol.filter((s) => s.total > 0).slice(0, 5)
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end gap-x-8 gap-y-2">
        <div>
          <p className="text-xs text-muted-foreground">Last 12 months</p>
          <p className="text-2xl font-semibold tracking-tight" data-testid="income-t12m">
            <Money value={data.trailing12Months} currency={data.currency} />
          </p>
        </div>
        <div>
          <p className="text-xs text-muted-foreground">All time</p>
          <p className="text-lg font-semibold">
            <Money value={data.total} currency={data.currency} />
          </p>
        </div>
      </div>
      {anyRecent && (
        <section aria-labelledby="income-month-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="income-month-title" className="text-sm font-semibold">
              By month
            </h3>
            <ViewToggle view={view} onChange={setView} label="Income by month" />
          </div>
          {view === 'chart' ? (
            <>
              <Suspense fallback={<Skeleton className="h-56 w-full" />}>
                <IncomeChart
                  bars={months.map((m, i) => ({
                    label: monthLabel(m.month, locale, i === 0 || m.month.endsWith('-01')),
                    dividends: fromCents(m.dividends),
                    interest: fromCents(m.interest),
                  }))}
                  formatAxis={formatAxis}
                  formatValue={formatValue}
                />
              </Suspense>
              <div className="flex gap-4 text-xs text-muted-foreground" aria-hidden="true">
                <span className="inline-flex items-center gap-1.5">
                  <span className="size-2.5 rounded-sm" style={{ background: SERIES.dividends }} />
                  Dividends
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <span className="size-2.5 rounded-sm" style={{ background: SERIES.interest }} />
                  Interest
                </span>
              </div>
            </>
          ) : (
            <MonthTable rows={months} currency={data.currency} locale={locale} />
          )}
        </section>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <section aria-labelledby="income-year-title" className="space-y-2">
          <h3 id="income-year-title" className="text-sm font-semibold">
            By year
          </h3>
          <YearTable data={data} />
        </section>
        {top.length > 0 && (
          <section aria-labelledby="income-top-title" className="space-y-2">
            <h3 id="income-top-title" className="text-sm font-semibold">
              Paid the most
            </h3>
            <ul className="divide-y text-sm">
              {top.map((s) => (
                <li key={s.symbol} className="flex justify-between gap-2 py-1.5">
                  <span className="font-medium">{s.symbol}</span>
                  <Money value={s.total} currency={data.currency} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  )
}

export function IncomeCard({ income, today }: { income: UseQueryResult<Income>; today: IsoDate }) {
  const data = income.data
  return (
    <Card aria-labelledby="income-title" data-testid="income-card" className="min-w-0">
      <CardHeader>
        <CardTitle id="income-title">Dividends and interest</CardTitle>
        <CardDescription>What your investments paid you, before any tax kept back.</CardDescription>
      </CardHeader>
      <CardContent>
        {income.isLoading ? (
          <div className="space-y-3">
            <Skeleton className="h-8 w-32" />
            <Skeleton className="h-56 w-full" />
          </div>
        ) : income.error || data === undefined ? (
          <ErrorState
            what="your income"
            error={income.error}
            onRetry={() => void income.refetch()}
          />
        ) : data.total === 0 && data.byYear.length === 0 ? (
          <EmptyState
            icon={Coins}
            title="No dividends or interest yet. Add them as activities when they are paid."
          />
        ) : (
          <IncomeBody data={data} today={today} />
        )}
      </CardContent>
    </Card>
  )
}
