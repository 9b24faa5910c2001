// Each historical start year's ending balance (Recharts, its own lazily loaded chunk): a bar per
// start year, coloured by whether the money lasted. Years it ran out end at nothing, so every bar
// gets a sliver of height to stay visible. The same figures are a table on request, so the chart
// itself is hidden from screen readers and has no focusable parts (no accessibility layer).
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

/** ending in currency units (not cents) */
export type BacktestPoint = {
  startYear: number
  ending: number
  success: boolean
  depletedAge: number | null
}

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 }

export function BacktestChart({
  points,
  formatAxis,
  formatValue,
}: {
  points: BacktestPoint[]
  formatAxis: (n: number) => string
  formatValue: (n: number) => string
}) {
  return (
    <div className="h-56 w-full" aria-hidden="true" data-testid="backtest-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={points}
          barCategoryGap="12%"
          margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
        >
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="startYear"
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={24}
          />
          <YAxis
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            width={64}
            tickFormatter={formatAxis}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)', opacity: 0.5 }}
            contentStyle={{
              background: 'var(--popover)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--popover-foreground)',
              fontSize: 12,
            }}
            labelFormatter={(year) => `Starting in ${String(year)}`}
            formatter={(value, _name, item) => {
              const p = item.payload as BacktestPoint | undefined
              return [
                p && !p.success
                  ? p.depletedAge === null
                    ? `${typeof value === 'number' ? formatValue(value) : ''}, spending cut too far`
                    : `ran out at ${String(p.depletedAge)}`
                  : typeof value === 'number'
                    ? formatValue(value)
                    : '',
                'Ending',
              ]
            }}
          />
          <Bar dataKey="ending" minPointSize={3} isAnimationActive={false}>
            {points.map((p) => (
              <Cell key={p.startYear} fill={p.success ? 'var(--positive)' : 'var(--negative)'} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
