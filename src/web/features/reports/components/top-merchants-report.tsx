// The payees with the most spending over the range, as horizontal bars with how many
// transactions each; a click on a bar lists that payee's transactions.
import { Store } from 'lucide-react'
import { Bar, BarChart, YAxis } from 'recharts'
import { asCents } from '#src/domain/money'
import { Select } from '#src/web/components/ui/select'
import type { MerchantsAnswer } from '../api/get-report'
import { moneyCell } from '../csv'
import { useReportFormat } from '../report-format'
import {
  BAR_CURSOR,
  ChartGrid,
  ChartTooltip,
  moneyAxisAcross,
  ResponsiveChart,
} from '#src/web/components/charts/chart-parts'
import { SPENDING, TICK } from '#src/web/components/charts/chart-theme'
import { ChartFigure } from '#src/web/components/charts/chart-figure'
import { ReportCard, type ReportProps } from './report-card'
import { DrillAmount, ReportTable } from './report-table'

export const MERCHANT_LIMITS = [10, 25, 50] as const

const NO_PAYEE = 'No payee'

function shorten(text: string, most = 15): string {
  return text.length > most ? `${text.slice(0, most - 1)}…` : text
}

export function TopMerchantsReport({
  answer,
  state,
  filters,
  scope,
  limit,
  onLimit,
  onDrill,
}: ReportProps<MerchantsAnswer> & {
  limit: number
  onLimit: (limit: number) => void
}) {
  const f = useReportFormat(answer?.currency)
  const rows = answer?.rows ?? []
  const empty = answer !== undefined && rows.length === 0
  const data = rows.map((r) => ({ ...r, name: r.merchant === '' ? NO_PAYEE : r.merchant }))
  const drill = (merchant: string, total: number) =>
    onDrill({
      ...scope,
      title: `${merchant === '' ? NO_PAYEE : merchant}, ${f.monthLong(filters.from)} to ${f.monthLong(filters.to)}`,
      type: 'expense',
      merchant,
      expected: asCents(total),
      currency: answer?.currency ?? null,
    })
  const top = data[0]
  const sum = rows.reduce((s, r) => s + r.total, 0)
  return (
    <ReportCard
      id="top-merchants"
      title="Top merchants"
      description="Who got the most of your spending."
      hint="Click a bar to see the transactions."
      filters={filters}
      state={{ ...state, empty }}
      emptyIcon={Store}
      missingRates={answer?.missingRates}
      summary={
        top !== undefined && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p data-testid="merchants-words">
              {top.name} took the most: {f.money(top.total)} over {top.count}{' '}
              {top.count === 1 ? 'transaction' : 'transactions'}. These {rows.length} payees add up
              to {f.money(asCents(sum))}.
            </p>
            <label className="flex items-center gap-2 text-sm text-muted-foreground print:hidden">
              Show
              <Select
                aria-label="How many merchants"
                className="w-20"
                value={String(limit)}
                onChange={(e) => onLimit(Number(e.target.value))}
              >
                {MERCHANT_LIMITS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Select>
            </label>
          </div>
        )
      }
      csv={
        answer === undefined
          ? null
          : {
              header: ['Merchant', 'Transactions', 'Total'],
              rows: rows.map((r) => [r.merchant, r.count, moneyCell(r.total)]),
            }
      }
      chart={
        <ChartFigure
          label={`Spending by payee, largest first: ${top?.name ?? 'none'} with ${top === undefined ? '' : f.money(top.total)}`}
          caption={`Spending with each payee, in ${f.currency}`}
          height=""
        >
          <div style={{ height: Math.max(160, data.length * 34 + 32) }}>
            <ResponsiveChart>
              <BarChart
                data={data}
                layout="vertical"
                margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
              >
                <ChartGrid across />
                {moneyAxisAcross({ tickFormatter: f.compact })}
                <YAxis
                  type="category"
                  dataKey="name"
                  tick={TICK}
                  tickLine={false}
                  axisLine={false}
                  width={132}
                  tickFormatter={(v: string) => shorten(v)}
                />
                <ChartTooltip
                  cursor={BAR_CURSOR}
                  formatter={(value, _name, item) => {
                    const count = (item.payload as { count?: number } | undefined)?.count ?? 0
                    return [
                      `${f.money(asCents(Number(value)))} · ${count} ${count === 1 ? 'transaction' : 'transactions'}`,
                      'Spent',
                    ]
                  }}
                />
                <Bar
                  dataKey="total"
                  name="Spent"
                  fill={SPENDING}
                  radius={[0, 3, 3, 0]}
                  cursor="pointer"
                  isAnimationActive={false}
                  onClick={(bar) => {
                    const row = bar.payload as { merchant: string; total: number } | undefined
                    if (row) drill(row.merchant, row.total)
                  }}
                />
              </BarChart>
            </ResponsiveChart>
          </div>
        </ChartFigure>
      }
      table={
        <ReportTable
          caption="Top merchants"
          rows={data}
          rowKey={(r) => r.merchant}
          rowTestId="merchant-row"
          columns={[
            { header: 'Merchant', kind: 'name', cell: (r) => r.name },
            { header: 'Transactions', cell: (r) => r.count },
            {
              header: 'Total',
              cell: (r) => (
                <DrillAmount
                  value={r.total}
                  f={f}
                  name={r.name}
                  onDrill={() => drill(r.merchant, r.total)}
                />
              ),
            },
          ]}
        />
      }
    />
  )
}
