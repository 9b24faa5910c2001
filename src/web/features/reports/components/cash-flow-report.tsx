// Cash flow by month: income and spending as bars, the net as a line; the totals and monthly
// averages in words; a click on a bar (or an amount in the table) lists its transactions.
import { Bar, ComposedChart, Line, ReferenceLine } from 'recharts'
import { asCents, type Cents } from '../../../../domain/money'
import { cn } from '../../../lib/cn'
import type { CashFlowAnswer } from '../api/get-report'
import type { DrillRequest } from '../api/get-drill-down'
import { moneyCell } from '../csv'
import type { DrillScope } from '../drill-scope'
import { monthDays, type ReportFilters } from '../report-filters'
import { useReportFormat, type ReportFormat } from '../report-format'
import {
  BAR_CURSOR,
  centsTooltip,
  categoryAxis,
  ChartGrid,
  ChartLegend,
  ChartTooltip,
  moneyAxis,
  REPORT_MARGIN,
  ResponsiveChart,
} from '../../../components/charts/chart-parts'
import { GRID, INCOME, legendText, NET, SPENDING } from '../../../components/charts/chart-theme'
import { ChartFigure } from '../../../components/charts/chart-figure'
import {
  DrillButton,
  ReportCard,
  ReportTable,
  TD,
  TD_NUM,
  TH,
  TH_NUM,
  type ReportState,
} from './report-card'

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

export function CashFlowReport({
  answer,
  state,
  filters,
  scope,
  onDrill,
}: {
  answer: CashFlowAnswer | undefined
  state: Omit<ReportState, 'empty'>
  filters: ReportFilters
  scope: DrillScope
  onDrill: (request: DrillRequest) => void
}) {
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
        <ChartFigure
          label={`Income and spending by month, ${f.monthLong(filters.from)} to ${f.monthLong(filters.to)}`}
          caption={`Income and spending each month, in ${f.currency}`}
        >
          <ResponsiveChart>
            <ComposedChart data={data} margin={REPORT_MARGIN}>
              <ChartGrid />
              {categoryAxis({ dataKey: 'label', minTickGap: 12 })}
              {moneyAxis({ tickFormatter: f.compact })}
              <ReferenceLine y={0} stroke={GRID} />
              <ChartTooltip cursor={BAR_CURSOR} formatter={centsTooltip(f.money)} />
              <ChartLegend formatter={legendText} />
              <Bar
                dataKey="income"
                name="Income"
                fill={INCOME}
                radius={[3, 3, 0, 0]}
                cursor="pointer"
                isAnimationActive={false}
                onClick={(bar) => {
                  const row = bar.payload as Month | undefined
                  if (row) drill(row.month, 'income', row.income)
                }}
              />
              <Bar
                dataKey="expenses"
                name="Spending"
                fill={SPENDING}
                radius={[3, 3, 0, 0]}
                cursor="pointer"
                isAnimationActive={false}
                onClick={(bar) => {
                  const row = bar.payload as Month | undefined
                  if (row) drill(row.month, 'expense', row.expenses)
                }}
              />
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
          </ResponsiveChart>
        </ChartFigure>
      }
      table={
        <ReportTable caption="Cash flow by month">
          <thead>
            <tr className="border-b">
              <th scope="col" className={TH}>
                Month
              </th>
              <th scope="col" className={TH_NUM}>
                Income
              </th>
              <th scope="col" className={TH_NUM}>
                Spending
              </th>
              <th scope="col" className={TH_NUM}>
                Net
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((r) => (
              <tr key={r.month} data-testid="cash-flow-row">
                <th scope="row" className={cn(TD, 'text-left font-normal')}>
                  {f.monthLong(r.month)}
                </th>
                <td className={TD_NUM}>
                  {r.income === null || r.income === 0 ? (
                    f.maybe(r.income)
                  ) : (
                    <DrillButton
                      label={`Income, ${f.monthLong(r.month)}: ${f.money(r.income)}`}
                      onClick={() => drill(r.month, 'income', r.income)}
                    >
                      {f.money(r.income)}
                    </DrillButton>
                  )}
                </td>
                <td className={TD_NUM}>
                  {r.expenses === null || r.expenses === 0 ? (
                    f.maybe(r.expenses)
                  ) : (
                    <DrillButton
                      label={`Spending, ${f.monthLong(r.month)}: ${f.money(r.expenses)}`}
                      onClick={() => drill(r.month, 'expense', r.expenses)}
                    >
                      {f.money(r.expenses)}
                    </DrillButton>
                  )}
                </td>
                <td className={cn(TD_NUM, r.net !== null && r.net < 0 && 'text-negative')}>
                  {f.maybe(r.net)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t font-medium">
            <tr>
              <th scope="row" className={cn(TD, 'text-left')}>
                Total
              </th>
              <td className={TD_NUM}>{f.money(t.income)}</td>
              <td className={TD_NUM}>{f.money(t.expenses)}</td>
              <td className={TD_NUM}>{f.money(t.net)}</td>
            </tr>
            <tr className="text-muted-foreground">
              <th scope="row" className={cn(TD, 'text-left font-normal')}>
                Monthly average
              </th>
              <td className={TD_NUM}>{f.money(perMonth(t.income, t.counted))}</td>
              <td className={TD_NUM}>{f.money(perMonth(t.expenses, t.counted))}</td>
              <td className={TD_NUM}>{f.money(perMonth(t.net, t.counted))}</td>
            </tr>
          </tfoot>
        </ReportTable>
      }
    />
  )
}
