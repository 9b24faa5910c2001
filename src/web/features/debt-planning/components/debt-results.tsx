// The plan's answer: when the debts are gone and what they cost, against paying only the
// minimums; warnings first; the order debts are paid off; every strategy side by side; the
// balances as a chart (or a table); and the month-by-month schedule anyone can check.
import { TriangleAlert } from 'lucide-react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { DebtPlan } from '#src/contract/planning'
import { asCents, type Cents } from '#src/domain/money'
import { Money } from '#src/web/components/money'
import { Stat } from '#src/web/components/stat'
import { Alert } from '#src/web/components/ui/alert'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { ViewToggle, type ChartView } from '#src/web/components/view-toggle'
import { useAuth } from '#src/web/lib/auth'
import { cn } from '#src/web/lib/cn'
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, useMoney } from '#src/web/lib/format'
import { formatMonth } from '../month-format'
import type { BalancePoint } from './balances-chart'
import { Pager } from './pager'
import { STRATEGY_LABEL } from './strategy-picker'

const BalancesChart = lazy(async () => ({
  default: (await import('./balances-chart')).BalancesChart,
}))

const PAGE = 12

type ScheduleMonth = DebtPlan['schedule'][number]

/** A table of the plan's months, a page of twelve at a time, with a pager below it. */
function PagedMonthTable({
  schedule,
  page,
  onPageChange,
  className,
  testId,
  caption,
  head,
  rowHead,
  row,
}: {
  schedule: ScheduleMonth[]
  page: number
  onPageChange: (page: number) => void
  className?: string
  testId?: string
  caption: string
  /** the rows of the table's head */
  head: ReactNode
  /** a month's heading cell, then its other cells */
  rowHead: (m: ScheduleMonth) => ReactNode
  row: (m: ScheduleMonth) => ReactNode
}) {
  const pages = Math.ceil(schedule.length / PAGE)
  const safePage = Math.min(page, Math.max(0, pages - 1))
  return (
    <>
      <div className={cn(className, 'overflow-x-auto')}>
        <table className="w-full text-sm" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead>{head}</thead>
          <tbody>
            {schedule.slice(safePage * PAGE, (safePage + 1) * PAGE).map((m) => (
              <tr key={m.month} className="border-b last:border-0">
                <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap">
                  {rowHead(m)}
                </th>
                {row(m)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={safePage}
        pages={pages}
        label={`Months ${String(safePage * PAGE + 1)}–${String(Math.min(schedule.length, (safePage + 1) * PAGE))} of ${String(schedule.length)}`}
        onChange={onPageChange}
      />
    </>
  )
}

const STRATEGY_HEADS = [
  ['Strategy', 'py-2 pr-2 font-medium'],
  ['Debt-free', 'py-2 pr-2 text-right font-medium'],
  ['Interest', 'py-2 pr-2 text-right font-medium'],
  ['Paid', 'py-2 text-right font-medium'],
] as const

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
                  {STRATEGY_HEADS.map(([head, className]) => (
                    <th key={head} scope="col" className={className}>
                      {head}
                    </th>
                  ))}
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
            <PagedMonthTable
              schedule={plan.schedule}
              page={balancePage}
              onPageChange={setBalancePage}
              testId="balances-table"
              caption="What is owed on each debt at the end of each month"
              head={
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
              }
              rowHead={(m) => month(m.date)}
              row={(m) => (
                <>
                  {m.debts.map((d) => (
                    <td key={d.name} className="py-1.5 pr-3 text-right">
                      <Money value={d.balance} />
                    </td>
                  ))}
                  <td className="py-1.5 text-right font-medium">
                    <Money value={m.balance} />
                  </td>
                </>
              )}
            />
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
            <PagedMonthTable
              className="mt-4"
              schedule={plan.schedule}
              page={schedulePage}
              onPageChange={setSchedulePage}
              caption="Each month: the interest added, the principal paid and the balance left on each debt"
              head={
                <>
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
                </>
              }
              rowHead={(m) => (
                <>
                  <span className="tabular-nums">{m.month}</span>
                  <span className="ml-2 text-muted-foreground">{month(m.date)}</span>
                </>
              )}
              row={(m) => (
                <>
                  {m.debts.map((d) => (
                    <ScheduleCells key={d.name} debt={d} />
                  ))}
                  <td className="border-l py-1.5 pl-2 text-right">
                    <Money value={m.payment} />
                  </td>
                </>
              )}
            />
          </details>
        </CardContent>
      </Card>
    </div>
  )
}

/** The three columns each debt has in the schedule, under its name. */
const SCHEDULE_PARTS = [
  ['interest', 'Interest'],
  ['principal', 'Principal'],
  ['balance', 'Balance'],
] as const

function ScheduleHeads() {
  return SCHEDULE_PARTS.map(([part, label], i) => (
    <th
      key={part}
      scope="col"
      className={cn(i === 0 && 'border-l', 'px-2 py-1 text-right font-normal')}
    >
      {label}
    </th>
  ))
}

function ScheduleCells({ debt }: { debt: Record<(typeof SCHEDULE_PARTS)[number][0], Cents> }) {
  return SCHEDULE_PARTS.map(([part], i) => (
    <td key={part} className={cn(i === 0 && 'border-l', 'px-2 py-1.5 text-right')}>
      <Money value={debt[part]} />
    </td>
  ))
}
