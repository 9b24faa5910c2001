// The investments page's charts (Recharts, one lazily loaded chunk so no other page downloads
// them): the value against the money put in, dividends and interest by month, and an allocation
// donut. Each one has a table beside it on the page (the figures behind it), so the charts
// themselves are hidden from screen readers and keyboard: they add nothing a table does not say.
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { SERIES } from '../chart-colors'

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 }
const TOOLTIP_STYLE = {
  background: 'var(--popover)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--popover-foreground)',
  fontSize: 12,
}

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
    <div className="h-64 w-full sm:h-72" aria-hidden="true" data-testid="growth-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          accessibilityLayer={false}
          data={points}
          margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
        >
          <defs>
            <linearGradient id="investments-value-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={SERIES.value} stopOpacity={0.3} />
              <stop offset="100%" stopColor={SERIES.value} stopOpacity={0.03} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="label"
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={32}
          />
          <YAxis
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            width={64}
            tickFormatter={formatAxis}
          />
          <Tooltip
            contentStyle={TOOLTIP_STYLE}
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
      </ResponsiveContainer>
    </div>
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
    <div className="h-56 w-full" aria-hidden="true" data-testid="income-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={bars}
          margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
        >
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="label"
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={8}
          />
          <YAxis
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            width={56}
            tickFormatter={formatAxis}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)' }}
            contentStyle={TOOLTIP_STYLE}
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
      </ResponsiveContainer>
    </div>
  )
}

export type DonutSlice = { key: string; label: string; value: number; color: string }

export function AllocationDonut({ slices }: { slices: DonutSlice[] }) {
  return (
    <div className="mx-auto size-44 shrink-0" aria-hidden="true" data-testid="allocation-chart">
      <ResponsiveContainer width="100%" height="100%">
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
      </ResponsiveContainer>
    </div>
  )
}
