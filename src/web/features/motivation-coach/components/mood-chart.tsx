// The mood score's trend over the last six months (Recharts, loaded lazily so no other page
// downloads it): one line on a 0–100 axis, both axes labelled, colours from the theme so it holds
// in light and dark mode. The page lists the same figures beside it for screen readers.
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

const TICK = { fill: 'var(--muted-foreground)', fontSize: 12 }
const TOOLTIP_STYLE = {
  background: 'var(--popover)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--popover-foreground)',
  fontSize: 12,
}

export type MoodChartPoint = { label: string; score: number; mood: string }

export function MoodChart({ points }: { points: MoodChartPoint[] }) {
  return (
    <div className="h-56 w-full sm:h-64" aria-hidden="true" data-testid="mood-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          accessibilityLayer={false}
          data={points}
          margin={{ top: 8, right: 12, bottom: 20, left: 4 }}
        >
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="label"
            tick={TICK}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            label={{
              value: 'Month',
              position: 'insideBottom',
              offset: -12,
              fill: 'var(--muted-foreground)',
              fontSize: 12,
            }}
          />
          <YAxis
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tick={TICK}
            tickLine={false}
            axisLine={false}
            width={48}
            label={{
              value: 'Mood score',
              angle: -90,
              position: 'insideLeft',
              offset: 10,
              fill: 'var(--muted-foreground)',
              fontSize: 12,
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip
            contentStyle={TOOLTIP_STYLE}
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
      </ResponsiveContainer>
    </div>
  )
}
