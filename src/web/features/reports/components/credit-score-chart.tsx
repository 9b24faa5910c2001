// The credit score over time (Recharts, its own lazily loaded chunk so no other page downloads
// it): one line on the 300–850 scale, each point coloured by its band, dates along the bottom.
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { CreditScore } from '../../../../contract/credit-score'
import { CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, creditBand } from '../../../../domain/credit-score'
import { BAND_FILL } from './credit-bands'

type Point = { date: string; label: string; score: number }

function Dot(props: { cx?: number; cy?: number; payload?: Point }) {
  const { cx, cy, payload } = props
  if (cx === undefined || cy === undefined || payload === undefined) return null
  return (
    <circle
      cx={cx}
      cy={cy}
      r={4}
      fill={BAND_FILL[creditBand(payload.score)]}
      stroke="var(--card)"
      strokeWidth={2}
    />
  )
}

export function CreditScoreChart({
  history,
  formatDate,
}: {
  history: CreditScore[]
  formatDate: (date: string) => string
}) {
  const data: Point[] = history.map((h) => ({
    date: h.date,
    label: formatDate(h.date),
    score: h.score,
  }))
  return (
    <figure className="w-full" aria-label="Credit score over time">
      <figcaption className="mb-2 text-xs text-muted-foreground">
        Score (300–850) by date
      </figcaption>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: 0 }}>
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: 'var(--border)' }}
              minTickGap={24}
            />
            <YAxis
              domain={[CREDIT_SCORE_MIN, CREDIT_SCORE_MAX]}
              ticks={[300, 400, 500, 600, 700, 800]}
              width={40}
              tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              contentStyle={{
                background: 'var(--popover)',
                border: '1px solid var(--border)',
                borderRadius: 8,
                color: 'var(--popover-foreground)',
              }}
              formatter={(value) => [`${String(value)} (${creditBand(Number(value))})`, 'Score']}
            />
            <Line
              type="monotone"
              dataKey="score"
              stroke="var(--primary)"
              strokeWidth={2}
              dot={<Dot />}
              activeDot={{ r: 6 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  )
}
