// The plan's answer: when the debts are gone and what they cost, against paying only the
// minimums; warnings first; the order debts are paid off; every strategy side by side; the
// balances as a chart (or a table); and the month-by-month schedule anyone can check.
import { TriangleAlert } from 'lucide-react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { DebtPlan } from '../../../../contract/planning'
import { asCents, type Cents } from '../../../../domain/money'
import { Money } from '../../../components/money'
import { Stat } from '../../../components/stat'
import { Alert } from '../../../components/ui/alert'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Skeleton } from '../../../components/ui/skeleton'
import { ViewToggle, type ChartView } from '../../../components/view-toggle'
import { useAuth } from '../../../lib/auth'
import { cn } from '../../../lib/cn'
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, useMoney } from '../../../lib/format'
import { formatMonth } from '../month-format'
import type { BalancePoint } from './balances-chart'
import { Pager } from './pager'
import { STRATEGY_LABEL } from './strategy-picker'

const BalancesChart = lazy(async () => ({
  default: (await import('./balances-chart')).BalancesChart,
}))

const PAGE = 12

/** A month of a table: its heading cell, then the cells of each debt and the total. */
function MonthRow({ head, children }: { head: ReactNode; children: ReactNode }) {
  return (
    <tr className="border-b last:border-0">
      <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap">
        {head}
      </th>
      {children}
    </tr>
  )
}

const plural = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`

export function DebtResults({ plan, stale }: { plan: DebtPlan; stale: boolean }) {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const currency = user?.baseCurrency ?? DEFAULT_CURRENCY
  const money = useMoney()
  const month = (m: string) => formatMonth(m, locale)
  const [view, setView] = useState<ChartView>('chart')
  const [balancePage, setBalancePage] = useState(0)
  const [schedulePage, setSchedulePage] = useState(0)
  const names = plan.schedule[0]?.debts.map((d) => d.name) ?? []
  const starting = plan.schedule[0]?.debts.map((d) => d.balance + d.principal) ?? []

  const compact = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  })
  const points: BalancePoint[] = [
    {
      label: 'Start',
      ...Object.fromEntries(starting.map((b, i) => [`d${String(i)}`, b / 100])),
    },
    ...plan.schedule.map((m) => ({
      label: month(m.date),
      ...Object.fromEntries(m.debts.map((d, i) => [`d${String(i)}`, d.balance / 100])),
    })),
  ]

  const pages = Math.ceil(plan.schedule.length / PAGE)
  const pageLabel = (page: number) =>
    `Months ${String(page * PAGE + 1)}–${String(Math.min(plan.schedule.length, (page + 1) * PAGE))} of ${String(plan.schedule.length)}`
  const safeBalancePage = Math.min(balancePage, Math.max(0, pages - 1))
  const safeSchedulePage = Math.min(schedulePage, Math.max(0, pages - 1))
  const pageOf = (page: number) => plan.schedule.slice(page * PAGE, (page + 1) * PAGE)

  return (
    <div className={cn('space-y-6 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      {plan.warnings.length > 0 && (
        <Alert variant="warning" data-testid="debt-warnings">
          <TriangleAlert aria-hidden="true" />
          <ul className="space-y-1">
            {plan.warnings.map((w) => (
              <li key={`${w.code}-${w.name ?? ''}`}>{w.message}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Your plan: {STRATEGY_LABEL[plan.strategy]}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-sm" data-testid="debt-explanation" aria-live="polite">
            {plan.explanation}
          </p>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            <Stat label="Debt-free" testId="debt-free-month">
              {plan.debtFreeMonth === null ? 'Never' : month(plan.debtFreeMonth)}
            </Stat>
            <Stat label="Months" testId="debt-months">
              {plan.months === null ? '600+' : String(plan.months)}
            </Stat>
            <Stat label="Total interest" testId="debt-total-interest">
              <Money value={plan.totalInterest} />
            </Stat>
            <Stat label="Total paid" testId="debt-total-paid">
              <Money value={plan.totalPaid} />
            </Stat>
            <Stat label="Interest saved vs minimums only" testId="debt-interest-saved">
              {plan.interestSaved === null ? '—' : <Money value={plan.interestSaved} />}
            </Stat>
            <Stat label="Months saved vs minimums only" testId="debt-months-saved">
              {plan.monthsSaved === null ? '—' : String(plan.monthsSaved)}
            </Stat>
          </dl>
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Payoff order</CardTitle>
          </CardHeader>
          <CardContent>
            {plan.payoffOrder.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No debt is paid off within 600 months.
              </p>
            ) : (
              <ol className="space-y-2 text-sm" data-testid="payoff-order">
                {plan.payoffOrder.map((p, i) => (
                  <li key={p.name} className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0 truncate">
                      <span className="mr-2 text-muted-foreground tabular-nums">{i + 1}.</span>
                      {p.name}
                    </span>
                    <span className="shrink-0 text-muted-foreground tabular-nums">
                      {p.month <= 0
                        ? 'Already paid'
                        : `${month(p.payoffMonth)} · month ${String(p.month)}`}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Strategies compared</CardTitle>
          </CardHeader>
          <CardContent className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="strategies-table">
              <caption className="sr-only">Every strategy on the same debts and budget</caption>
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-2 pr-2 font-medium">
                    Strategy
                  </th>
                  <th scope="col" className="py-2 pr-2 text-right font-medium">
                    Debt-free
                  </th>
                  <th scope="col" className="py-2 pr-2 text-right font-medium">
                    Interest
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Paid
                  </th>
                </tr>
              </thead>
              <tbody>
                {plan.strategies.map((s) => (
                  <tr
                    key={s.strategy}
                    className={cn(
                      'border-b last:border-0',
                      s.strategy === plan.strategy && 'font-medium',
                    )}
                    aria-current={s.strategy === plan.strategy ? 'true' : undefined}
                  >
                    <th scope="row" className="py-2 pr-2 text-left font-[inherit]">
                      {STRATEGY_LABEL[s.strategy]}
                    </th>
                    <td className="py-2 pr-2 text-right tabular-nums">
                      {s.debtFreeMonth === null ? (
                        'Never'
                      ) : (
                        <>
                          <span className="block whitespace-nowrap">{month(s.debtFreeMonth)}</span>
                          <span className="block text-xs whitespace-nowrap text-muted-foreground">
                            {plural(s.months ?? 0, 'month')}
                          </span>
                        </>
                      )}
                    </td>
                    <td className="py-2 pr-2 text-right">
                      <Money value={s.totalInterest} />
                    </td>
                    <td className="py-2 text-right">
                      <Money value={s.totalPaid} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader className="flex-row items-center justify-between gap-2">
          <CardTitle>Balances over time</CardTitle>
          <ViewToggle view={view} onChange={setView} label="Balances" />
        </CardHeader>
        <CardContent>
          {view === 'chart' ? (
            <>
              <Suspense fallback={<Skeleton className="h-64 w-full sm:h-72" />}>
                <BalancesChart
                  points={points}
                  names={names}
                  formatAxis={(n) => compact.format(n)}
                  formatValue={(n) => money(asCents(Math.round(n * 100)))}
                />
              </Suspense>
              <p className="sr-only">Switch to the table to read the balances month by month.</p>
            </>
          ) : (
            <>
              <div className="overflow-x-auto">
                <table className="w-full text-sm" data-testid="balances-table">
                  <caption className="sr-only">
                    What is owed on each debt at the end of each month
                  </caption>
                  <thead>
                    <tr className="border-b text-xs text-muted-foreground">
                      <th scope="col" className="py-2 pr-3 text-left font-medium">
                        Month
                      </th>
                      {names.map((n) => (
                        <th key={n} scope="col" className="py-2 pr-3 text-right font-medium">
                          {n}
                        </th>
                      ))}
                      <th scope="col" className="py-2 text-right font-medium">
                        Total
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {pageOf(safeBalancePage).map((m) => (
                      <MonthRow key={m.month} head={month(m.date)}>
                        {m.debts.map((d) => (
                          <td key={d.name} className="py-1.5 pr-3 text-right">
                            <Money value={d.balance} />
                          </td>
                        ))}
                        <td className="py-1.5 text-right font-medium">
                          <Money value={m.balance} />
                        </td>
                      </MonthRow>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                page={safeBalancePage}
                pages={pages}
                label={pageLabel(safeBalancePage)}
                onChange={setBalancePage}
              />
            </>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardContent className="pt-5">
          <details className="group" data-testid="debt-schedule">
            <summary className="cursor-pointer text-base font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring">
              Month-by-month schedule
              <span className="ml-2 text-sm font-normal text-muted-foreground">
                interest, principal and balance of each debt
              </span>
            </summary>
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">
                  Each month: the interest added, the principal paid and the balance left on each
                  debt
                </caption>
                <thead>
                  <tr className="border-b text-xs text-muted-foreground">
                    <th
                      scope="col"
                      rowSpan={2}
                      className="py-2 pr-3 text-left align-bottom font-medium"
                    >
                      Month
                    </th>
                    {names.map((n) => (
                      <th
                        key={n}
                        scope="colgroup"
                        colSpan={3}
                        className="border-l px-2 pt-2 text-center font-medium"
                      >
                        {n}
                      </th>
                    ))}
                    <th
                      scope="col"
                      rowSpan={2}
                      className="border-l py-2 pl-2 text-right align-bottom font-medium"
                    >
                      Paid
                    </th>
                  </tr>
                  <tr className="border-b text-xs text-muted-foreground">
                    {names.map((n) => (
                      <ScheduleHeads key={n} />
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {pageOf(safeSchedulePage).map((m) => (
                    <MonthRow
                      key={m.month}
                      head={
                        <>
                          <span className="tabular-nums">{m.month}</span>
                          <span className="ml-2 text-muted-foreground">{month(m.date)}</span>
                        </>
                      }
                    >
                      {m.debts.map((d) => (
                        <ScheduleCells
                          key={d.name}
                          interest={d.interest}
                          principal={d.principal}
                          balance={d.balance}
                        />
                      ))}
                      <td className="border-l py-1.5 pl-2 text-right">
                        <Money value={m.payment} />
                      </td>
                    </MonthRow>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={safeSchedulePage}
              pages={pages}
              label={pageLabel(safeSchedulePage)}
              onChange={setSchedulePage}
            />
          </details>
        </CardContent>
      </Card>
    </div>
  )
}

function ScheduleHeads() {
  return (
    <>
      <th scope="col" className="border-l px-2 py-1 text-right font-normal">
        Interest
      </th>
      <th scope="col" className="px-2 py-1 text-right font-normal">
        Principal
      </th>
      <th scope="col" className="px-2 py-1 text-right font-normal">
        Balance
      </th>
    </>
  )
}

function ScheduleCells({
  interest,
  principal,
  balance,
}: {
  interest: Cents
  principal: Cents
  balance: Cents
}) {
  return (
    <>
      <td className="border-l px-2 py-1.5 text-right">
        <Money value={interest} />
      </td>
      <td className="px-2 py-1.5 text-right">
        <Money value={principal} />
      </td>
      <td className="px-2 py-1.5 text-right">
        <Money value={balance} />
      </td>
    </>
  )
}
