// Spending by category over time: the largest categories stacked month by month (the rest as
// "Everything else"), then each category with its months drawn small against its average and
// its trend in words ("12 % above its 12-month average"). A click on a stack segment lists
// that category's transactions of that month; a category's total lists the whole range.
import { TrendingDown, TrendingUp } from 'lucide-react'
import { useState } from 'react'
import { Bar, BarChart } from 'recharts'
import { asCents, type Cents } from '#src/domain/money'
import { Button } from '#src/web/components/ui/button'
import { cn } from '#src/web/lib/cn'
import type { SpendingAnswer } from '../api/get-report'
import { moneyCell } from '../csv'
import { monthDays, monthsOf } from '../report-filters'
import { useReportFormat, type ReportFormat } from '../report-format'
import { BAR_CURSOR, REPORT_MARGIN } from '#src/web/components/charts/chart-parts'
import { CATEGORY_COLORS, OTHER_COLOR } from '#src/web/components/charts/chart-theme'
import { ReportCard, type ReportProps } from './report-card'
import { monthChartParts, ReportChart } from './report-chart'
import { DrillAmount, ReportTable } from './report-table'

type Row = SpendingAnswer['rows'][number]

/** how many categories get their own colour in the stacked chart */
const STACKED = 6
/** the change from the average below which a month counts as "at its average" */
const FLAT = 0.005

const categoryKey = (r: Pick<Row, 'categoryId'>) => r.categoryId ?? 'uncategorized'

function trendCell(trend: number | null): string | null {
  return trend === null ? null : (Math.round(trend * 1000) / 1000).toString()
}

function signedPercent(trend: number | null, f: Pick<ReportFormat, 'percent'>): string {
  if (trend === null) return '—'
  return `${trend > 0 ? '+' : trend < 0 ? '−' : ''}${f.percent(trend)}`
}

/**
 * The month each category is compared in, and each one's change from its average then: the
 * range's last month (the server's trend) — or, when that is the month still under way, the one
 * before it, since a month half gone always looks low against whole ones.
 */
export function comparedMonth(
  months: readonly string[],
  today: string,
): { month: string; partial: boolean } {
  const last = months.at(-1) ?? today.slice(0, 7)
  const before = months.at(-2)
  if (last === today.slice(0, 7) && before !== undefined) return { month: before, partial: true }
  return { month: last, partial: false }
}

export function trendIn(
  row: Pick<Row, 'trend' | 'average' | 'months'>,
  month: string,
  partial: boolean,
): number | null {
  if (!partial) return row.trend
  const total = row.months.find((m) => m.month === month)?.total
  if (row.average === null || row.average === 0 || total === null || total === undefined)
    return null
  return total / row.average - 1
}

/** A category's month against its average, in words. */
export function trendWords(
  trend: number | null,
  months: number,
  month: string,
  f: Pick<ReportFormat, 'percent' | 'monthLong'>,
): string {
  const when = f.monthLong(month)
  const average = months === 1 ? 'its average' : `its ${months}-month average`
  if (trend === null) return `${when}: no average to compare with`
  if (trend <= -1 + FLAT) return `${when}: nothing spent, against ${average}`
  if (Math.abs(trend) < FLAT) return `${when}: at ${average}`
  return `${when}: ${f.percent(trend)} ${trend > 0 ? 'above' : 'below'} ${average}`
}

/** A category's months as small bars, with its average as a dashed line. */
function MonthBars({ row, color }: { row: Row; color: string }) {
  const values = row.months.map((m) => m.total ?? 0)
  const max = Math.max(1, ...values)
  const w = 120
  const h = 28
  const step = w / Math.max(1, values.length)
  const avgY = row.average === null ? null : h - (row.average / max) * h
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} aria-hidden="true" className="shrink-0">
      {values.map((v, i) => (
        <rect
          key={row.months[i]?.month ?? i}
          x={i * step + step * 0.15}
          width={Math.max(1, step * 0.7)}
          y={h - (v / max) * h}
          height={(v / max) * h}
          fill={row.months[i]?.total === null ? 'var(--muted)' : color}
          opacity={i === values.length - 1 ? 1 : 0.55}
        />
      ))}
      {avgY !== null && (
        <line
          x1={0}
          x2={w}
          y1={avgY}
          y2={avgY}
          stroke="var(--foreground)"
          strokeDasharray="3 2"
          strokeWidth={1}
          opacity={0.6}
        />
      )}
    </svg>
  )
}

/**
 * Each group's total (its subcategories rolled up by the server), its subcategories one click
 * away. A group without subcategory spending is a plain row.
 */
function ByGroup({
  groups,
  rows,
  format: f,
  onDrill,
}: {
  groups: Row[]
  rows: Row[]
  format: ReportFormat
  onDrill: (ids: string[], name: string, total: Cents | null) => void
}) {
  if (groups.length === 0) return null
  return (
    <>
      <h3 className="text-sm font-medium">By group</h3>
      <ul
        className="divide-y rounded-lg border"
        aria-label="Spending by group"
        data-testid="category-groups"
      >
        {groups.map((g) => {
          const parts = rows.filter((r) => r.groupId !== null && r.groupId === g.categoryId)
          const own = rows.find((r) => r.categoryId === g.categoryId && r.groupId === null)
          const members = own !== undefined && parts.length > 0 ? [...parts, own] : parts
          const drillGroup = () =>
            onDrill([categoryKey(g), ...parts.map(categoryKey)], g.categoryName, g.total)
          const total = (
            <button
              type="button"
              className="rounded-sm tabular-nums hover:text-primary hover:underline"
              aria-label={`${g.categoryName}: ${f.maybe(g.total)}, its transactions`}
              onClick={drillGroup}
            >
              {f.maybe(g.total)}
            </button>
          )
          return (
            <li key={categoryKey(g)} className="px-3 py-2 text-sm" data-testid="category-group">
              {members.length === 0 ? (
                <div className="flex justify-between gap-4">
                  <span>{g.categoryName}</span>
                  {total}
                </div>
              ) : (
                <details>
                  <summary className="flex cursor-pointer justify-between gap-4 rounded-sm">
                    <span>
                      {g.categoryName}
                      <span className="text-muted-foreground">
                        {' '}
                        · {members.length} {members.length === 1 ? 'part' : 'parts'}
                      </span>
                    </span>
                    <span className="tabular-nums">{f.maybe(g.total)}</span>
                  </summary>
                  <ul className="mt-1 space-y-0.5 pl-4 text-muted-foreground">
                    {members.map((r) => (
                      <li key={categoryKey(r)} className="flex justify-between gap-4">
                        <span>
                          {r.categoryId === g.categoryId
                            ? `${r.categoryName} (itself)`
                            : r.categoryName}
                        </span>
                        <span className="tabular-nums">{f.maybe(r.total)}</span>
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1 pl-4">
                    <button
                      type="button"
                      className="rounded-sm text-xs text-primary hover:underline"
                      onClick={drillGroup}
                    >
                      Transactions of {g.categoryName}
                    </button>
                  </p>
                </details>
              )}
            </li>
          )
        })}
      </ul>
    </>
  )
}

export function SpendingByCategoryReport({
  answer,
  groups,
  state,
  filters,
  scope,
  today,
  onDrill,
}: ReportProps<SpendingAnswer> & {
  /** the same spending per category group (level=group) */
  groups?: SpendingAnswer | undefined
  today: string
}) {
  const f = useReportFormat(answer?.currency)
  const [showAll, setShowAll] = useState(false)
  const rows = (answer?.rows ?? []).filter((r) => r.total === null || r.total !== 0)
  const empty = answer !== undefined && rows.length === 0
  const months = monthsOf(filters.from, filters.to)
  const { month: compared, partial } = comparedMonth(months, today)
  const trendOf = (r: Row) => trendIn(r, compared, partial)
  const top = rows.slice(0, STACKED)
  const rest = rows.slice(STACKED)
  const colorOf = new Map(top.map((r, i) => [categoryKey(r), CATEGORY_COLORS[i] ?? OTHER_COLOR]))
  const data = months.map((month) => {
    const point: Record<string, number | string | null> = { month, label: f.monthShort(month) }
    top.forEach((r, j) => {
      const m = r.months.find((x) => x.month === month)
      point[`c${j}`] = m === undefined ? 0 : m.total
    })
    if (rest.length > 0)
      point.other = rest.reduce(
        (s, r) => s + (r.months.find((m) => m.month === month)?.total ?? 0),
        0,
      )
    return point
  })
  const drill = (ids: string[], name: string, from: string, to: string, expected: Cents | null) =>
    onDrill({
      ...scope,
      ...monthDays(from, to),
      title:
        from === to
          ? `${name}, ${f.monthLong(from)}`
          : `${name}, ${f.monthLong(from)} to ${f.monthLong(to)}`,
      categoryIds: ids,
      type: 'expense',
      expected,
      currency: answer?.currency ?? null,
    })
  const largest = rows[0]
  const above = rows.filter((r) => (trendOf(r) ?? 0) >= 0.1)
  const listed = showAll ? rows : rows.slice(0, 8)
  return (
    <ReportCard
      id="spending-by-category"
      title="Spending by category"
      description="Where the money went each month, and how each category compares with its usual month."
      hint="Click a bar to see its transactions."
      filters={filters}
      state={{ ...state, empty }}
      missingRates={answer?.missingRates}
      summary={
        largest !== undefined && (
          <p data-testid="spending-words">
            {largest.categoryName} was the largest category at {f.maybe(largest.total)} (
            {f.maybe(largest.average)} a month).{' '}
            {above.length === 0
              ? `No category was 10 % or more above its average in ${f.monthLong(compared)}.`
              : `${above.length === 1 ? '1 category was' : `${above.length} categories were`} 10 % or more above ${above.length === 1 ? 'its' : 'their'} average in ${f.monthLong(compared)}: ${above
                  .slice(0, 3)
                  .map((r) => r.categoryName)
                  .join(', ')}${above.length > 3 ? ' and more' : ''}.`}
          </p>
        )
      }
      csv={
        answer === undefined
          ? null
          : {
              header: [
                'Category',
                'Group',
                'Total',
                'Monthly average',
                `Against average in ${compared}`,
                ...months,
              ],
              rows: rows.map((r) => [
                r.categoryName,
                r.groupName,
                moneyCell(r.total),
                moneyCell(r.average),
                trendCell(trendOf(r)),
                ...months.map((m) => moneyCell(r.months.find((x) => x.month === m)?.total ?? null)),
              ]),
            }
      }
      chart={
        <ReportChart
          label={`Spending by category stacked by month; the largest is ${largest?.categoryName ?? 'none'}`}
          caption={`Spending each month by category, in ${f.currency}`}
          height="h-80"
        >
          <BarChart data={data} margin={REPORT_MARGIN}>
            {monthChartParts(f, { cursor: BAR_CURSOR })}
            {top.map((r, j) => (
              <Bar
                key={categoryKey(r)}
                dataKey={`c${j}`}
                name={r.categoryName}
                stackId="spending"
                fill={CATEGORY_COLORS[j] ?? OTHER_COLOR}
                cursor="pointer"
                isAnimationActive={false}
                onClick={(bar) => {
                  const month = (bar.payload as { month?: string } | undefined)?.month
                  if (month !== undefined)
                    drill(
                      [categoryKey(r)],
                      r.categoryName,
                      month,
                      month,
                      r.months.find((m) => m.month === month)?.total ?? null,
                    )
                }}
              />
            ))}
            {rest.length > 0 && (
              <Bar
                dataKey="other"
                name="Everything else"
                stackId="spending"
                fill={OTHER_COLOR}
                cursor="pointer"
                isAnimationActive={false}
                onClick={(bar) => {
                  const point = bar.payload as { month?: string; other?: number } | undefined
                  if (point?.month !== undefined)
                    drill(
                      rest.map(categoryKey),
                      'Everything else',
                      point.month,
                      point.month,
                      asCents(point.other ?? 0),
                    )
                }}
              />
            )}
          </BarChart>
        </ReportChart>
      }
      table={
        <ReportTable
          caption="Spending by category"
          rows={rows}
          rowKey={categoryKey}
          rowTestId="category-row"
          columns={[
            {
              header: 'Category',
              kind: 'name',
              cell: (r) => (
                <>
                  {r.categoryName}
                  {r.groupName !== null && (
                    <span className="text-muted-foreground"> · {r.groupName}</span>
                  )}
                </>
              ),
            },
            {
              header: 'Total',
              cell: (r) => (
                <DrillAmount
                  value={r.total}
                  f={f}
                  name={r.categoryName}
                  onDrill={() =>
                    drill([categoryKey(r)], r.categoryName, filters.from, filters.to, r.total)
                  }
                />
              ),
            },
            { header: 'Monthly average', cell: (r) => f.maybe(r.average) },
            {
              header: f.monthLong(compared),
              cell: (r) => f.maybe(r.months.find((m) => m.month === compared)?.total ?? null),
            },
            { header: 'Against average', cell: (r) => signedPercent(trendOf(r), f) },
          ]}
        />
      }
      notes={
        <div className="space-y-2">
          <ByGroup
            groups={(groups?.rows ?? []).filter((g) => g.total === null || g.total !== 0)}
            rows={rows}
            format={f}
            onDrill={(ids, name, total) => drill(ids, name, filters.from, filters.to, total)}
          />
          <h3 className="text-sm font-medium">Each category against its average</h3>
          <ul className="divide-y rounded-lg border" data-testid="category-trends">
            {listed.map((r) => {
              const trend = trendOf(r)
              const Icon = trend !== null && trend < 0 ? TrendingDown : TrendingUp
              const words = trendWords(trend, months.length, compared, f)
              return (
                <li
                  key={categoryKey(r)}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5"
                  data-testid="category-trend"
                >
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="truncate text-sm font-medium">
                      <button
                        type="button"
                        className="rounded-sm text-left hover:text-primary hover:underline"
                        onClick={() =>
                          drill([categoryKey(r)], r.categoryName, filters.from, filters.to, r.total)
                        }
                      >
                        {r.categoryName}
                      </button>
                    </p>
                    <p
                      className={cn(
                        'flex items-center gap-1 text-xs',
                        trend !== null && trend >= 0.1 ? 'text-warning' : 'text-muted-foreground',
                      )}
                    >
                      {trend !== null && Math.abs(trend) >= FLAT && (
                        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
                      )}
                      {words}
                    </p>
                  </div>
                  <MonthBars row={r} color={colorOf.get(categoryKey(r)) ?? OTHER_COLOR} />
                  <div className="w-28 text-right">
                    <p className="money text-sm font-medium">{f.maybe(r.total)}</p>
                    <p className="money text-xs text-muted-foreground">
                      {f.maybe(r.average)} / month
                    </p>
                  </div>
                </li>
              )
            })}
          </ul>
          {rows.length > 8 && (
            <Button
              variant="ghost"
              size="sm"
              className="print:hidden"
              onClick={() => setShowAll((s) => !s)}
            >
              {showAll ? 'Show the largest 8' : `Show all ${rows.length} categories`}
            </Button>
          )}
        </div>
      }
    />
  )
}
