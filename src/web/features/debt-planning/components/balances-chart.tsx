// What is still owed on each debt month by month, stacked (Recharts, its own lazily loaded chunk
// so no other page downloads it). The same figures are a table on request, so the chart itself is
// hidden from screen readers.
import { Area, AreaChart } from 'recharts'
import { ChartPanel } from '#src/web/components/charts/chart-figure'
import {
  categoryAxis,
  ChartGrid,
  ChartLegend,
  ChartTooltip,
  moneyAxis,
  PANEL_MARGIN,
} from '#src/web/components/charts/chart-parts'
import { debtColor } from '../debt-colors'

/** d0, d1 … the balance of each debt in `names` order, in currency units (not cents) */
export type BalancePoint = { label: string } & Record<`d${number}`, number>

export function BalancesChart({
  points,
  names,
  formatAxis,
  formatValue,
}: {
  points: BalancePoint[]
  names: string[]
  formatAxis: (n: number) => string
  formatValue: (n: number) => string
}) {
  return (
    <ChartPanel className="h-64 w-full sm:h-72" testId="balances-chart">
      <AreaChart accessibilityLayer={false} data={points} margin={PANEL_MARGIN}>
        <ChartGrid />
        {categoryAxis({ dataKey: 'label', minTickGap: 32 })}
        {moneyAxis({ tickFormatter: formatAxis })}
        <ChartTooltip
          formatter={(value, name) => [
            typeof value === 'number' ? formatValue(value) : String(value),
            String(name),
          ]}
        />
        {names.length > 1 && <ChartLegend />}
        {names.map((name, i) => (
          <Area
            key={name}
            type="linear"
            dataKey={`d${String(i)}`}
            name={name}
            stackId="owed"
            stroke={debtColor(i)}
            fill={debtColor(i)}
            fillOpacity={0.35}
            strokeWidth={1.5}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ChartPanel>
  )
}
