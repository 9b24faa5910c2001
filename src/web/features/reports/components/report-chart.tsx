// The chart of a report by month, drawn the same way in each: the figure that names it for
// screen readers (the numbers are in the table view), the chart at the figure's height, and the
// parts every monthly report shares (grid, months along the bottom, the money axis, the tooltip
// of amounts and the legend).
import type { ComponentProps, ReactNode } from 'react'
import { ReferenceLine, type Tooltip } from 'recharts'
import { ChartFigure } from '#src/web/components/charts/chart-figure'
import {
  centsTooltip,
  categoryAxis,
  ChartGrid,
  ChartLegend,
  ChartTooltip,
  moneyAxis,
  ResponsiveChart,
} from '#src/web/components/charts/chart-parts'
import { GRID, legendText } from '#src/web/components/charts/chart-theme'
import type { ReportFormat } from '../report-format'

/** A report's chart in its figure, filling the figure's fixed height. */
export function ReportChart({
  label,
  caption,
  height,
  children,
}: {
  /** what the chart says, for screen readers */
  label: string
  caption: string
  height?: string
  /** a Recharts chart */
  children: ReactNode
}) {
  return (
    <ChartFigure label={label} caption={caption} {...(height === undefined ? {} : { height })}>
      <ResponsiveChart>{children}</ResponsiveChart>
    </ChartFigure>
  )
}

/**
 * The parts of a chart by month, in the order Recharts draws them: the grid, the months (the
 * data's `label`) along the bottom, the money axis, a line at zero when asked, the tooltip and
 * the legend. The axes stay Recharts' own elements (see `categoryAxis`).
 */
export function monthChartParts(
  f: Pick<ReportFormat, 'compact' | 'money'>,
  {
    cursor,
    zeroLine = false,
  }: { cursor?: ComponentProps<typeof Tooltip>['cursor']; zeroLine?: boolean } = {},
) {
  return (
    <>
      <ChartGrid />
      {categoryAxis({ dataKey: 'label', minTickGap: 12 })}
      {moneyAxis({ tickFormatter: f.compact })}
      {zeroLine && <ReferenceLine y={0} stroke={GRID} />}
      <ChartTooltip
        {...(cursor === undefined ? {} : { cursor })}
        formatter={centsTooltip(f.money)}
      />
      <ChartLegend formatter={legendText} />
    </>
  )
}
