// The range of outcomes by age (Recharts, its own lazily loaded chunk): the band between the
// 10th and 90th percentile of the simulated markets, their median, and the projection at the
// expected return as a dashed line. The same figures are a table on request, so the chart itself
// is hidden from screen readers.
import { Area, ComposedChart, Line } from 'recharts'
import { ChartPanel } from '#src/web/components/charts/chart-figure'
import {
  axisLabel,
  categoryAxis,
  ChartGrid,
  ChartLegend,
  ChartTooltip,
  moneyAxis,
  PANEL_MARGIN,
} from '#src/web/components/charts/chart-parts'

/** currency units (not cents) */
export type FanPoint = {
  age: number
  band: [number, number]
  p50: number
  projection: number | null
}

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
    <ChartPanel className="h-72 w-full sm:h-80" testId="fan-chart">
      <ComposedChart accessibilityLayer={false} data={points} margin={PANEL_MARGIN}>
        <ChartGrid />
        {categoryAxis({
          dataKey: 'age',
          minTickGap: 24,
          label: axisLabel('Age', {
            position: 'insideBottomRight',
            offset: -2,
          }),
        })}
        {moneyAxis({ tickFormatter: formatAxis })}
        <ChartTooltip
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
        <ChartLegend formatter={(name) => NAMES[String(name)] ?? String(name)} />
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
    </ChartPanel>
  )
}
