// The credit score over time (Recharts, its own lazily loaded chunk so no other page downloads
// it): one line on the 300–850 scale, each point coloured by its band, dates along the bottom.
import { Line, LineChart, YAxis } from 'recharts'
import { ChartFigure } from '#src/web/components/charts/chart-figure'
import {
  categoryAxis,
  ChartGrid,
  ChartTooltip,
  ResponsiveChart,
} from '#src/web/components/charts/chart-parts'
import { TICK, TOOLTIP_STYLE } from '#src/web/components/charts/chart-theme'
import type { CreditScore } from '#src/contract/credit-score'
import { CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, creditBand } from '#src/domain/credit-score'
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
    <ChartFigure
      label="Credit score over time"
      caption="Score (300–850) by date"
      height="h-64"
      box=""
    >
      <ResponsiveChart>
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: 0 }}>
          <ChartGrid />
          {categoryAxis({ dataKey: 'label', minTickGap: 24 })}
          <YAxis
            domain={[CREDIT_SCORE_MIN, CREDIT_SCORE_MAX]}
            ticks={[300, 400, 500, 600, 700, 800]}
            width={40}
            tick={TICK}
            tickLine={false}
            axisLine={false}
          />
          <ChartTooltip
            // the page's text size, as this chart has always had
            contentStyle={{ ...TOOLTIP_STYLE, fontSize: undefined }}
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
      </ResponsiveChart>
    </ChartFigure>
  )
}
