// The mood score's trend over the last six months (Recharts, loaded lazily so no other page
// downloads it): one line on a 0–100 axis, both axes labelled, colours from the theme so it holds
// in light and dark mode. The page lists the same figures beside it for screen readers.
import { Line, LineChart, YAxis } from 'recharts'
import { ChartPanel } from '#src/web/components/charts/chart-figure'
import {
  axisLabel,
  categoryAxis,
  ChartGrid,
  ChartTooltip,
} from '#src/web/components/charts/chart-parts'
import { TICK } from '#src/web/components/charts/chart-theme'

export type MoodChartPoint = { label: string; score: number; mood: string }

export function MoodChart({ points }: { points: MoodChartPoint[] }) {
  return (
    <ChartPanel className="h-56 w-full sm:h-64" testId="mood-chart">
      <LineChart
        accessibilityLayer={false}
        data={points}
        margin={{ top: 8, right: 12, bottom: 20, left: 4 }}
      >
        <ChartGrid />
        {categoryAxis({
          dataKey: 'label',
          label: axisLabel('Month', {
            position: 'insideBottom',
            offset: -12,
          }),
        })}
        <YAxis
          domain={[0, 100]}
          ticks={[0, 25, 50, 75, 100]}
          tick={TICK}
          tickLine={false}
          axisLine={false}
          width={48}
          label={axisLabel('Mood score', {
            angle: -90,
            position: 'insideLeft',
            offset: 10,
            style: { textAnchor: 'middle' },
          })}
        />
        <ChartTooltip
          formatter={(value, _name, item) => {
            const mood =
              typeof item.payload === 'object' && item.payload !== null && 'mood' in item.payload
                ? String(item.payload.mood)
                : ''
            return [`${String(value)} (${mood})`, 'Mood score']
          }}
        />
        <Line
          type="linear"
          dataKey="score"
          stroke="var(--primary)"
          strokeWidth={2}
          dot={{ r: 4, fill: 'var(--primary)', strokeWidth: 0 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartPanel>
  )
}
