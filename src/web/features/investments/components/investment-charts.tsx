// The investments page's charts (Recharts, one lazily loaded chunk so no other page downloads
// them): the value against the money put in, dividends and interest by month, and an allocation
// donut. Each one has a table beside it on the page (the figures behind it), so the charts
// themselves are hidden from screen readers and keyboard: they add nothing a table does not say.
import { Area, Bar, BarChart, Cell, ComposedChart, Line, Pie, PieChart } from 'recharts'
import { ChartPanel } from '#src/web/components/charts/chart-figure'
import {
  categoryAxis,
  ChartGrid,
  ChartTooltip,
  moneyAxis,
  PANEL_MARGIN,
} from '#src/web/components/charts/chart-parts'
import { SERIES } from '../chart-colors'

export type GrowthPoint = {
  label: string
  /** decimals of the currency (not cents): what the axis shows */
  value: number | null
  contributions: number
}

export function GrowthChart({
  points,
  formatAxis,
  formatValue,
}: {
  points: GrowthPoint[]
  formatAxis: (n: number) => string
  formatValue: (n: number) => string
}) {
  return (
    <ChartPanel className="h-64 w-full sm:h-72" testId="growth-chart">
      <ComposedChart accessibilityLayer={false} data={points} margin={PANEL_MARGIN}>
        <defs>
          <linearGradient id="investments-value-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={SERIES.value} stopOpacity={0.3} />
            <stop offset="100%" stopColor={SERIES.value} stopOpacity={0.03} />
          </linearGradient>
        </defs>
        <ChartGrid />
        {categoryAxis({ dataKey: 'label', minTickGap: 32 })}
        {moneyAxis({ tickFormatter: formatAxis })}
        <ChartTooltip
          formatter={(value, name) => [
            typeof value === 'number' ? formatValue(value) : 'No price',
            name === 'value' ? 'Value' : 'Money put in',
          ]}
        />
        <Area
          type="monotone"
          dataKey="value"
          name="value"
          stroke={SERIES.value}
          strokeWidth={2}
          fill="url(#investments-value-fill)"
          isAnimationActive={false}
        />
        <Line
          type="stepAfter"
          dataKey="contributions"
          name="contributions"
          stroke={SERIES.contributions}
          strokeWidth={2}
          strokeDasharray="6 4"
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartPanel>
  )
}

export type IncomeBar = { label: string; dividends: number; interest: number }

export function IncomeChart({
  bars,
  formatAxis,
  formatValue,
}: {
  bars: IncomeBar[]
  formatAxis: (n: number) => string
  formatValue: (n: number) => string
}) {
  return (
    <ChartPanel className="h-56 w-full" testId="income-chart">
      <BarChart accessibilityLayer={false} data={bars} margin={PANEL_MARGIN}>
        <ChartGrid />
        {categoryAxis({ dataKey: 'label', minTickGap: 8 })}
        {moneyAxis({ width: 56, tickFormatter: formatAxis })}
        <ChartTooltip
          cursor={{ fill: 'var(--muted)' }}
          formatter={(value, name) => [
            formatValue(Number(value)),
            name === 'dividends' ? 'Dividends' : 'Interest',
          ]}
        />
        <Bar
          dataKey="dividends"
          name="dividends"
          stackId="income"
          fill={SERIES.dividends}
          isAnimationActive={false}
        />
        <Bar
          dataKey="interest"
          name="interest"
          stackId="income"
          fill={SERIES.interest}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartPanel>
  )
}

export type DonutSlice = { key: string; label: string; value: number; color: string }

export function AllocationDonut({ slices }: { slices: DonutSlice[] }) {
  return (
    <ChartPanel className="mx-auto size-44 shrink-0" testId="allocation-chart">
      <PieChart accessibilityLayer={false}>
        <Pie
          data={slices}
          dataKey="value"
          nameKey="label"
          innerRadius="62%"
          outerRadius="100%"
          paddingAngle={slices.length > 1 ? 1.5 : 0}
          rootTabIndex={-1}
          stroke="var(--card)"
          strokeWidth={2}
          isAnimationActive={false}
        >
          {slices.map((s) => (
            <Cell key={s.key} fill={s.color} />
          ))}
        </Pie>
      </PieChart>
    </ChartPanel>
  )
}
