// What is still owed on each debt month by month, stacked (Recharts, its own lazily loaded chunk
// so no other page downloads it). The same figures are a table on request, so the chart itself is
// hidden from screen readers.
import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { debtColor } from '../debt-colors'

/** d0, d1 … the balance of each debt in `names` order, in currency units (not cents) */
export type BalancePoint = { label: string } & Record<`d${number}`, number>

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 }

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
    <div className="h-64 w-full sm:h-72" aria-hidden="true" data-testid="balances-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart
          accessibilityLayer={false}
          data={points}
          margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
        >
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
            contentStyle={{
              background: 'var(--popover)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--popover-foreground)',
              fontSize: 12,
            }}
            formatter={(value, name) => [
              typeof value === 'number' ? formatValue(value) : String(value),
              String(name),
            ]}
          />
          {names.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
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
      </ResponsiveContainer>
    </div>
  )
}
