// Each historical start year's ending balance (Recharts, its own lazily loaded chunk): a bar per
// start year, coloured by whether the money lasted. Years it ran out end at nothing, so every bar
// gets a sliver of height to stay visible. The same figures are a table on request, so the chart
// itself is hidden from screen readers and has no focusable parts (no accessibility layer).
import { Bar, BarChart, Cell } from 'recharts'
import { ChartPanel } from '#src/web/components/charts/chart-figure'
import {
  categoryAxis,
  ChartGrid,
  ChartTooltip,
  moneyAxis,
  PANEL_MARGIN,
} from '#src/web/components/charts/chart-parts'

/** ending in currency units (not cents) */
export type BacktestPoint = {
  startYear: number
  ending: number
  success: boolean
  depletedAge: number | null
}

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
    <ChartPanel className="h-56 w-full" testId="backtest-chart">
      <BarChart accessibilityLayer={false} data={points} barCategoryGap="12%" margin={PANEL_MARGIN}>
        <ChartGrid />
        {categoryAxis({ dataKey: 'startYear', minTickGap: 24 })}
        {moneyAxis({ tickFormatter: formatAxis })}
        <ChartTooltip
          cursor={{ fill: 'var(--muted)', opacity: 0.5 }}
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
    </ChartPanel>
  )
}
