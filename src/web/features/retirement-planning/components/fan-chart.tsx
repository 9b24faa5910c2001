// The range of outcomes by age (Recharts, its own lazily loaded chunk): the band between the
// 10th and 90th percentile of the simulated markets, their median, and the projection at the
// expected return as a dashed line. The same figures are a table on request, so the chart itself
// is hidden from screen readers.
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

/** currency units (not cents) */
export type FanPoint = {
  age: number
  band: [number, number]
  p50: number
  projection: number | null
}

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 }
const NAMES: Record<string, string> = {
  band: '10th–90th percentile',
  p50: 'Median',
  projection: 'At the expected return',
}

export function FanChart({
  points,
  retirementAge,
  formatAxis,
  formatValue,
}: {
  points: FanPoint[]
  retirementAge: number
  formatAxis: (n: number) => string
  formatValue: (n: number) => string
}) {
  return (
    <div className="h-72 w-full sm:h-80" aria-hidden="true" data-testid="fan-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          accessibilityLayer={false}
          data={points}
          margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
        >
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="age"
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={24}
            label={{
              value: 'Age',
              position: 'insideBottomRight',
              offset: -2,
              fill: 'var(--muted-foreground)',
              fontSize: 12,
            }}
          />
          <YAxis
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            width={64}
            tickFormatter={formatAxis}
          />
          <Tooltip
            contentStyle={{
              background: 'var(--popover)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--popover-foreground)',
              fontSize: 12,
            }}
            labelFormatter={(age) =>
              `Age ${String(age)}${Number(age) === retirementAge ? ' (retiring)' : ''}`
            }
            formatter={(value, name) => [
              Array.isArray(value)
                ? value.map((v) => (typeof v === 'number' ? formatValue(v) : '')).join(' – ')
                : typeof value === 'number'
                  ? formatValue(value)
                  : '',
              NAMES[String(name)] ?? String(name),
            ]}
          />
          <Legend
            wrapperStyle={{ fontSize: 12 }}
            formatter={(name) => NAMES[String(name)] ?? String(name)}
          />
          <Area
            type="monotone"
            dataKey="band"
            name="band"
            stroke="none"
            fill="var(--primary)"
            fillOpacity={0.18}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="p50"
            name="p50"
            stroke="var(--primary)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="projection"
            name="projection"
            stroke="var(--muted-foreground)"
            strokeWidth={2}
            strokeDasharray="5 4"
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}
