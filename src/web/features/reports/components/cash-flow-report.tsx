// Cash flow by month: income and spending as bars, the net as a line; the totals and monthly
// averages in words; a click on a bar (or an amount in the table) lists its transactions.
import { Bar, ComposedChart, Line } from 'recharts'
import { asCents, type Cents } from '#src/domain/money'
import { cn } from '#src/web/lib/cn'
import type { CashFlowAnswer } from '../api/get-report'
import { moneyCell } from '../csv'
import { monthDays } from '../report-filters'
import { useReportFormat, type ReportFormat } from '../report-format'
import { BAR_CURSOR, REPORT_MARGIN } from '#src/web/components/charts/chart-parts'
import { INCOME, NET, SPENDING } from '#src/web/components/charts/chart-theme'
import { ReportCard, type ReportProps } from './report-card'
import { monthChartParts, ReportChart } from './report-chart'
import { DrillAmount, ReportTable } from './report-table'

type Month = CashFlowAnswer['rows'][number]

export type CashFlowTotals = {
  income: Cents
  expenses: Cents
  net: Cents
  /** months with every figure known */
  counted: number
  /** months with a figure missing (no exchange rate), left out of the totals */
  missing: string[]
}

/** Totals over the months whose figures are all known. */
export function cashFlowTotals(rows: readonly Month[]): CashFlowTotals {
  let income = 0
  let expenses = 0
  const missing: string[] = []
  for (const r of rows) {
    if (r.income === null || r.expenses === null) {
      missing.push(r.month)
      continue
    }
    income += r.income
    expenses += r.expenses
  }
  return {
    income: asCents(income),
    expenses: asCents(expenses),
    net: asCents(income - expenses),
    counted: rows.length - missing.length,
    missing,
  }
}

export function isCashFlowEmpty(rows: readonly Month[]): boolean {
  return rows.every((r) => r.income === 0 && r.expenses === 0)
}

function perMonth(total: Cents, months: number): Cents {
  return asCents(months === 0 ? 0 : Math.round(total / months))
}

function Summary({ rows, f }: { rows: Month[]; f: ReportFormat }) {
  const t = cashFlowTotals(rows)
  const first = rows[0]?.month
  const last = rows.at(-1)?.month
  const rate = t.income > 0 ? t.net / t.income : null
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3" data-testid="cash-flow-totals">
        {(
          [
            ['Income', t.income, 'text-positive'],
            ['Spending', t.expenses, ''],
            ['Net', t.net, t.net < 0 ? 'text-negative' : ''],
          ] as const
        ).map(([label, value, tone]) => (
          // a row on a phone (label, total, average), a tile from sm up
          <div
            key={label}
            className="grid grid-cols-[5rem_1fr] items-baseline gap-x-3 rounded-lg border px-3 py-2 sm:block sm:p-3"
          >
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd
              className={cn('money text-lg font-semibold sm:text-xl', tone)}
              data-testid={`total-${label.toLowerCase()}`}
            >
              {f.money(value)}
            </dd>
            <dd className="col-start-2 text-xs text-muted-foreground">
              <span className="money">{f.money(perMonth(value, t.counted))}</span> a month on
              average
            </dd>
          </div>
        ))}
      </dl>
      {first !== undefined && last !== undefined && (
        <p data-testid="cash-flow-words">
          From {f.monthLong(first)} to {f.monthLong(last)} {f.money(t.income)} came in and{' '}
          {f.money(t.expenses)} went out:{' '}
          {t.net >= 0
            ? `${f.money(t.net)} kept${rate === null ? '' : `, ${f.percent(rate)} of income`}.`
            : `${f.money(asCents(-t.net))} more went out than came in.`}{' '}
          On average {f.money(perMonth(t.income, t.counted))} came in and{' '}
          {f.money(perMonth(t.expenses, t.counted))} went out each month.
          {t.missing.length > 0 &&
            ` ${t.missing.map(f.monthLong).join(', ')} ${t.missing.length === 1 ? 'is' : 'are'} missing an exchange rate and left out of these totals.`}
        </p>
      )}
    </div>
  )
}

/** the two bars of a month, each drilling to its own transactions */
const BARS = [
  { key: 'income', name: 'Income', fill: INCOME, type: 'income' },
  { key: 'expenses', name: 'Spending', fill: SPENDING, type: 'expense' },
] as const

export function CashFlowReport({
  answer,
  state,
  filters,
  scope,
  onDrill,
}: ReportProps<CashFlowAnswer>) {
  const f = useReportFormat(answer?.currency)
  const rows = answer?.rows ?? []
  const empty = answer !== undefined && isCashFlowEmpty(rows)
  const drill = (month: string, type: 'income' | 'expense', expected: Cents | null) =>
    onDrill({
      ...scope,
      ...monthDays(month),
      title: `${type === 'income' ? 'Income' : 'Spending'}, ${f.monthLong(month)}`,
      type,
      expected,
      currency: answer?.currency ?? null,
    })
  // spending is a positive figure: its bar stands beside income's
  const data = rows.map((r) => ({ ...r, label: f.monthShort(r.month) }))
  const t = cashFlowTotals(rows)
  // a month's amount drills down unless it is missing or nothing
  const amount = (r: Month, bar: (typeof BARS)[number]) => (
    <DrillAmount
      value={r[bar.key]}
      f={f}
      name={`${bar.name}, ${f.monthLong(r.month)}`}
      onDrill={r[bar.key] === 0 ? undefined : () => drill(r.month, bar.type, r[bar.key])}
    />
  )
  return (
    <ReportCard
      id="cash-flow"
      title="Cash flow"
      description="Money in and out each month, and what was left."
      hint="Click a bar to see its transactions."
      filters={filters}
      state={{ ...state, empty }}
      missingRates={answer?.missingRates}
      summary={<Summary rows={rows} f={f} />}
      csv={
        answer === undefined
          ? null
          : {
              header: ['Month', 'Income', 'Spending', 'Net'],
              rows: rows.map((r) => [
                r.month,
                moneyCell(r.income),
                moneyCell(r.expenses),
                moneyCell(r.net),
              ]),
            }
      }
      chart={
        <ReportChart
          label={`Income and spending by month, ${f.monthLong(filters.from)} to ${f.monthLong(filters.to)}`}
          caption={`Income and spending each month, in ${f.currency}`}
        >
          <ComposedChart data={data} margin={REPORT_MARGIN}>
            {monthChartParts(f, { cursor: BAR_CURSOR, zeroLine: true })}
            {BARS.map((bar) => (
              <Bar
                key={bar.key}
                dataKey={bar.key}
                name={bar.name}
                fill={bar.fill}
                radius={[3, 3, 0, 0]}
                cursor="pointer"
                isAnimationActive={false}
                onClick={(point) => {
                  const row = point.payload as Month | undefined
                  if (row) drill(row.month, bar.type, row[bar.key])
                }}
              />
            ))}
            <Line
              dataKey="net"
              name="Net"
              stroke={NET}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ReportChart>
      }
      table={
        <ReportTable
          caption="Cash flow by month"
          rows={rows}
          rowKey={(r) => r.month}
          rowTestId="cash-flow-row"
          columns={[
            { header: 'Month', kind: 'name', cell: (r) => f.monthLong(r.month) },
            { header: 'Income', cell: (r) => amount(r, BARS[0]) },
            { header: 'Spending', cell: (r) => amount(r, BARS[1]) },
            {
              header: 'Net',
              cell: (r) => f.maybe(r.net),
              tone: (r) => r.net !== null && r.net < 0 && 'text-negative',
            },
          ]}
          totals={[
            { label: 'Total', cells: [t.income, t.expenses, t.net].map((v) => f.money(v)) },
            {
              label: 'Monthly average',
              muted: true,
              cells: [t.income, t.expenses, t.net].map((v) => f.money(perMonth(v, t.counted))),
            },
          ]}
        />
      }
    />
  )
}
