// Income against spending: the two as lines month by month, so the months where spending ran
// above income stand out, with the savings rate of each month. Same answer as cash flow.
import { Line, LineChart } from 'recharts'
import type { CashFlowAnswer } from '../api/get-report'
import { moneyCell } from '../csv'
import { monthDays } from '../report-filters'
import { useReportFormat } from '../report-format'
import { REPORT_MARGIN } from '#src/web/components/charts/chart-parts'
import { INCOME, SPENDING } from '#src/web/components/charts/chart-theme'
import { cashFlowTotals, isCashFlowEmpty } from './cash-flow-report'
import { ReportCard, type ReportProps } from './report-card'
import { monthChartParts, ReportChart } from './report-chart'
import { DrillButton, ReportTable } from './report-table'

/** net ÷ income, or null when there was no income (or a figure is missing) */
function savingsRate(r: CashFlowAnswer['rows'][number]): number | null {
  if (r.income === null || r.net === null || r.income <= 0) return null
  return r.net / r.income
}

export function IncomeVsSpendingReport({
  answer,
  state,
  filters,
  scope,
  onDrill,
}: ReportProps<CashFlowAnswer>) {
  const f = useReportFormat(answer?.currency)
  const rows = answer?.rows ?? []
  const empty = answer !== undefined && isCashFlowEmpty(rows)
  const over = rows.filter((r) => r.income !== null && r.expenses !== null && r.expenses > r.income)
  const t = cashFlowTotals(rows)
  const rate = t.income > 0 ? t.net / t.income : null
  const drill = (month: string) =>
    onDrill({
      ...scope,
      ...monthDays(month),
      title: `Income and spending, ${f.monthLong(month)}`,
      currency: answer?.currency ?? null,
    })
  const data = rows.map((r) => ({ ...r, label: f.monthShort(r.month) }))
  return (
    <ReportCard
      id="income-vs-spending"
      title="Income vs spending"
      description="The months where spending ran above income."
      hint="Click a month to see its transactions."
      filters={filters}
      state={{ ...state, empty }}
      missingRates={answer?.missingRates}
      summary={
        <p data-testid="income-vs-spending-words">
          {over.length === 0
            ? 'Income covered spending in every month of this range.'
            : `Spending was above income in ${over.length} of ${rows.length} months: ${over.map((r) => f.monthLong(r.month)).join(', ')}.`}{' '}
          {rate !== null &&
            (rate >= 0
              ? `Over the range you kept ${f.percent(rate)} of what came in.`
              : `Over the range spending was ${f.percent(rate)} more than what came in.`)}
        </p>
      }
      csv={
        answer === undefined
          ? null
          : {
              header: ['Month', 'Income', 'Spending', 'Difference', 'Savings rate'],
              rows: rows.map((r) => {
                const s = savingsRate(r)
                return [
                  r.month,
                  moneyCell(r.income),
                  moneyCell(r.expenses),
                  moneyCell(r.net),
                  s === null ? null : (Math.round(s * 1000) / 1000).toString(),
                ]
              }),
            }
      }
      chart={
        <ReportChart
          label={`Income and spending lines by month; spending above income in ${over.length} months`}
          caption={`Each month's income and spending, in ${f.currency}`}
        >
          <LineChart
            data={data}
            margin={REPORT_MARGIN}
            onClick={(state) => {
              const row = data[Number(state.activeTooltipIndex ?? -1)]
              if (row) drill(row.month)
            }}
            style={{ cursor: 'pointer' }}
          >
            {monthChartParts(f)}
            <Line
              dataKey="income"
              name="Income"
              stroke={INCOME}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
            <Line
              dataKey="expenses"
              name="Spending"
              stroke={SPENDING}
              strokeWidth={2}
              strokeDasharray="6 3"
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ReportChart>
      }
      table={
        <ReportTable
          caption="Income against spending by month"
          rows={rows}
          rowKey={(r) => r.month}
          columns={[
            {
              header: 'Month',
              kind: 'name',
              cell: (r) => (
                <DrillButton
                  label={`Transactions of ${f.monthLong(r.month)}`}
                  onClick={() => drill(r.month)}
                >
                  {f.monthLong(r.month)}
                </DrillButton>
              ),
            },
            { header: 'Income', cell: (r) => f.maybe(r.income) },
            { header: 'Spending', cell: (r) => f.maybe(r.expenses) },
            {
              header: 'Difference',
              cell: (r) => f.maybe(r.net),
              tone: (r) => r.net !== null && r.net < 0 && 'text-negative',
            },
            {
              header: 'Savings rate',
              cell: (r) => {
                const s = savingsRate(r)
                return s === null ? '—' : `${s < 0 ? '−' : ''}${f.percent(s)}`
              },
            },
          ]}
        />
      }
    />
  )
}
