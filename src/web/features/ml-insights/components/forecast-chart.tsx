// The cash-flow forecast chart (Recharts, its own lazily loaded chunk): the likely range as a
// band, the expected balance as a line, zero marked when the band reaches it and the lowest day
// dotted; both axes labelled. The page shows the same figures as a table on request, so the chart is hidden from
// screen readers and the keyboard: it adds nothing the table and the sentence above do not say.
import { Area, ComposedChart, Line, ReferenceDot, ReferenceLine, YAxis } from 'recharts'
import { ChartPanel } from '#src/web/components/charts/chart-figure'
import {
  axisLabel,
  categoryAxis,
  ChartGrid,
  ChartTooltip,
} from '#src/web/components/charts/chart-parts'
import { TICK } from '#src/web/components/charts/chart-theme'
import { axisDomain } from '../insight-format'

export type ForecastChartPoint = {
  label: string
  /** decimals of the currency (not cents): what the axis shows */
  balance: number
  /** the likely range [low, high], when the forecast gives one */
  band: [number, number] | null
}

export function ForecastChart({
  points,
  lowPoint,
  formatAxis,
  formatValue,
}: {
  points: ForecastChartPoint[]
  lowPoint: { label: string; balance: number } | null
  formatAxis: (n: number) => string
  formatValue: (n: number) => string
}) {
  const lowest = Math.min(...points.map((p) => Math.min(p.balance, p.band?.[0] ?? p.balance)))
  return (
    <ChartPanel className="h-64 w-full sm:h-72" testId="forecast-chart">
      <ComposedChart
        accessibilityLayer={false}
        data={points}
        margin={{ top: 8, right: 16, bottom: 0, left: 12 }}
      >
        <ChartGrid />
        {categoryAxis({
          dataKey: 'label',
          minTickGap: 32,
          height: 44,
          label: axisLabel('Date', {
            position: 'insideBottom',
            offset: 0,
          }),
        })}
        <YAxis
          tick={TICK}
          tickLine={false}
          axisLine={false}
          width={76}
          domain={axisDomain(points.flatMap((p) => [p.balance, ...(p.band ?? [])]))}
          tickFormatter={formatAxis}
          label={axisLabel('Balance', {
            angle: -90,
            position: 'insideLeft',
            offset: 2,
            style: { textAnchor: 'middle' },
          })}
        />
        <ChartTooltip
          formatter={(value, name) =>
            name === 'band' && Array.isArray(value)
              ? [
                  `${formatValue(Number(value[0]))} to ${formatValue(Number(value[1]))}`,
                  'Likely range',
                ]
              : [formatValue(Number(value)), 'Expected balance']
          }
        />
        {lowest < 0 && (
          <ReferenceLine y={0} stroke="var(--negative)" strokeDasharray="4 4" strokeWidth={1.5} />
        )}
        <Area
          type="monotone"
          dataKey="band"
          name="band"
          stroke="none"
          fill="var(--primary)"
          fillOpacity={0.15}
          isAnimationActive={false}
          activeDot={false}
        />
        <Line
          type="monotone"
          dataKey="balance"
          name="balance"
          stroke="var(--primary)"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        {lowPoint !== null && (
          <ReferenceDot
            x={lowPoint.label}
            y={lowPoint.balance}
            r={5}
            fill={lowPoint.balance < 0 ? 'var(--negative)' : 'var(--primary)'}
            stroke="var(--card)"
            strokeWidth={2}
          />
        )}
      </ComposedChart>
    </ChartPanel>
  )
}
