// Net worth over time: at each month's end, assets, liabilities and the net worth between them,
// and the balance of each kind of account. A month whose investment value is unknown (a price
// was missing) shows as missing, naming the accounts. A click on a month lists the entries
// that moved balances in it.
import { Landmark } from 'lucide-react'
import { Link } from 'react-router'
import { Area, ComposedChart, Line } from 'recharts'
import { ACCOUNT_TYPES, type AccountType } from '#src/contract/accounts'
import { asCents } from '#src/domain/money'
import { Button } from '#src/web/components/ui/button'
import { cn } from '#src/web/lib/cn'
import type { NetWorthAnswer } from '../api/get-report'
import { moneyCell } from '../csv'
import { monthDays } from '../report-filters'
import { useReportFormat } from '../report-format'
import { REPORT_MARGIN } from '#src/web/components/charts/chart-parts'
import { NET } from '#src/web/components/charts/chart-theme'
import { ReportCard, type ReportProps } from './report-card'
import { monthChartParts, ReportChart } from './report-chart'
import { DrillButton, ReportTable } from './report-table'

const KIND_LABELS: Record<AccountType, string> = {
  checking: 'Checking',
  savings: 'Savings',
  credit_card: 'Credit cards',
  investment: 'Investments',
  loan: 'Loans',
  mortgage: 'Mortgages',
  cash: 'Cash',
  other: 'Other',
}

const ASSETS = '#0072B2'
const LIABILITIES = '#D55E00'

export function NetWorthReport({
  answer,
  state,
  filters,
  scope,
  accountNames,
  onDrill,
}: ReportProps<NetWorthAnswer> & {
  accountNames: ReadonlyMap<string, string>
}) {
  const f = useReportFormat(answer?.currency)
  const rows = answer?.rows ?? []
  const empty =
    answer !== undefined &&
    rows.every((r) => r.assets === 0 && r.liabilities === 0 && r.missingValues.length === 0)
  const kinds = ACCOUNT_TYPES.filter((k) => rows.some((r) => r.byKind[k] !== 0))
  const known = rows.filter((r) => r.netWorth !== null)
  const first = known[0]
  const last = known.at(-1)
  const missing = rows.filter((r) => r.missingValues.length > 0)
  const drill = (month: string) =>
    onDrill({
      ...scope,
      ...monthDays(month),
      categoryIds: [],
      title: `What moved balances, ${f.monthLong(month)}`,
      allKinds: true,
      currency: answer?.currency ?? null,
    })
  const data = rows.map((r) => ({ ...r, label: f.monthShort(r.month) }))
  const change =
    first && last && first.netWorth !== null && last.netWorth !== null
      ? last.netWorth - first.netWorth
      : null
  return (
    <ReportCard
      id="net-worth"
      title="Net worth"
      description="What you own less what you owe, at the end of each month."
      hint="Click a month to see what moved the balances."
      filters={filters}
      state={{ ...state, empty }}
      emptyTitle="No account balances in this range"
      emptyIcon={Landmark}
      emptyAction={
        <Button asChild variant="outline" size="sm">
          <Link to="/accounts">Add an account</Link>
        </Button>
      }
      missingRates={answer?.missingRates}
      summary={
        first !== undefined &&
        last !== undefined && (
          <div className="space-y-2">
            <p data-testid="net-worth-words">
              Net worth went from {f.maybe(first.netWorth)} at the end of {f.monthLong(first.month)}{' '}
              to {f.maybe(last.netWorth)} at the end of {f.monthLong(last.month)}
              {change === null
                ? '.'
                : change === 0
                  ? ': no change.'
                  : `: ${change > 0 ? 'up' : 'down'} ${f.money(asCents(Math.abs(change)))}.`}{' '}
              Assets {f.maybe(last.assets)}, liabilities {f.maybe(last.liabilities)}.
            </p>
            {filters.categoryIds.length > 0 && (
              <p className="text-xs text-muted-foreground">
                Balances have no category: the category filter does not apply to net worth.
              </p>
            )}
          </div>
        )
      }
      csv={
        answer === undefined
          ? null
          : {
              header: [
                'Month',
                'Assets',
                'Liabilities',
                'Net worth',
                ...kinds.map((k) => KIND_LABELS[k]),
              ],
              rows: rows.map((r) => [
                r.month,
                moneyCell(r.assets),
                moneyCell(r.liabilities),
                moneyCell(r.netWorth),
                ...kinds.map((k) => moneyCell(r.byKind[k])),
              ]),
            }
      }
      chart={
        <ReportChart
          label={`Net worth by month end${change === null ? '' : `, ${change >= 0 ? 'up' : 'down'} ${f.money(asCents(Math.abs(change)))} over the range`}`}
          caption={`Month-end balances, in ${f.currency}`}
        >
          <ComposedChart
            data={data}
            margin={REPORT_MARGIN}
            onClick={(s) => {
              const row = data[Number(s.activeTooltipIndex ?? -1)]
              if (row) drill(row.month)
            }}
            style={{ cursor: 'pointer' }}
          >
            {monthChartParts(f)}
            <Area
              dataKey="netWorth"
              name="Net worth"
              stroke={NET}
              strokeWidth={2}
              fill={NET}
              fillOpacity={0.12}
              connectNulls={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="assets"
              name="Assets"
              stroke={ASSETS}
              strokeDasharray="5 3"
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="liabilities"
              name="Liabilities"
              stroke={LIABILITIES}
              strokeDasharray="2 3"
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ReportChart>
      }
      table={
        <ReportTable
          caption="Net worth at each month end"
          rows={rows}
          rowKey={(r) => r.month}
          columns={[
            {
              header: 'Month end',
              kind: 'name',
              cell: (r) => (
                <DrillButton
                  label={`What moved balances, ${f.monthLong(r.month)}`}
                  onClick={() => drill(r.month)}
                >
                  {f.monthLong(r.month)}
                </DrillButton>
              ),
            },
            { header: 'Assets', cell: (r) => f.maybe(r.assets) },
            { header: 'Liabilities', cell: (r) => f.maybe(r.liabilities) },
            { header: 'Net worth', cell: (r) => f.maybe(r.netWorth), tone: () => 'font-medium' },
            ...kinds.map((k) => ({
              header: KIND_LABELS[k],
              cell: (r: (typeof rows)[number]) => f.maybe(r.byKind[k]),
            })),
          ]}
        />
      }
      notes={
        <>
          {last !== undefined && kinds.length > 0 && (
            <div className="space-y-2">
              <h3 className="text-sm font-medium">
                By kind of account, end of {f.monthLong(last.month)}
              </h3>
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="net-worth-kinds">
                {kinds.map((k) => (
                  <div key={k} className="rounded-lg border px-3 py-2">
                    <dt className="text-xs text-muted-foreground">{KIND_LABELS[k]}</dt>
                    <dd
                      className={cn(
                        'money text-sm font-medium',
                        (last.byKind[k] ?? 0) < 0 && 'text-negative',
                      )}
                    >
                      {f.maybe(last.byKind[k])}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          {missing.length > 0 && (
            <p className="text-xs text-muted-foreground" data-testid="missing-values">
              Missing month-end values (a price was missing):{' '}
              {missing
                .map(
                  (r) =>
                    `${f.monthLong(r.month)} (${r.missingValues.map((id) => accountNames.get(id) ?? 'an investment account').join(', ')})`,
                )
                .join('; ')}
              .
            </p>
          )}
        </>
      }
    />
  )
}
