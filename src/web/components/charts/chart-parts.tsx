// The pieces every Recharts chart of the app draws the same way: the grid, the category axis
// along the bottom, the money axis with the member's compact amounts, the tooltip's box and the
// legend. Each takes Recharts' props to override what a chart needs. The grid, tooltip and
// legend are components (Recharts 3 finds its parts through context). The axes are functions that
// return Recharts' own axis element, used as `{moneyAxis({ … })}`, so a chart holds the same axis
// elements it had before the kit: Recharts measures the tick labels when an axis mounts, and
// which month labels it drops for room depends on that moment.
import type { ComponentProps, ReactNode } from 'react'
import {
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type LabelProps,
} from 'recharts'
import { asCents, type Cents } from '#src/domain/money'
import { AXIS_LABEL, GRID, LEGEND_STYLE, TICK, TOOLTIP_STYLE } from './chart-theme'

/** The reports' margin: the chart fills its card up to the figure's edges. */
export const REPORT_MARGIN = { top: 8, right: 8, bottom: 0, left: 0 }
/** The margin of a chart inside a page's panel, with room for the last tick's label. */
export const PANEL_MARGIN = { top: 8, right: 12, bottom: 4, left: 4 }

/** The tooltip's highlight behind a hovered bar. */
export const BAR_CURSOR = { fill: 'var(--muted)', opacity: 0.6 }

/** The chart at the size of its box (the frame around it sets the height). */
export function ResponsiveChart({ children }: { children: ReactNode }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      {children}
    </ResponsiveContainer>
  )
}

/** Horizontal grid lines only (vertical ones for a chart whose bars lie down). */
export function ChartGrid({ across = false }: { across?: boolean }) {
  return across ? (
    <CartesianGrid stroke={GRID} horizontal={false} />
  ) : (
    <CartesianGrid stroke={GRID} vertical={false} />
  )
}

/** The axis along the bottom: months, dates or ages, on the grid's line, no tick marks. */
export function categoryAxis(props: ComponentProps<typeof XAxis>) {
  return <XAxis tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} {...props} />
}

/** The money axis: the member's compact amounts ("$1.2K"), no line, no tick marks. */
export function moneyAxis(
  props: ComponentProps<typeof YAxis> & { tickFormatter: (value: number) => string },
) {
  return <YAxis tick={TICK} tickLine={false} axisLine={false} width={64} {...props} />
}

/** The money axis along the bottom, for bars that lie down. */
export function moneyAxisAcross(
  props: ComponentProps<typeof XAxis> & { tickFormatter: (value: number) => string },
) {
  return <XAxis type="number" tick={TICK} tickLine={false} axisLine={false} {...props} />
}

/** An axis's name (Age, Date, Balance), in the ticks' colour and size. */
export function axisLabel(value: string, placement: Omit<LabelProps, 'value'> = {}): LabelProps {
  return { value, ...AXIS_LABEL, ...placement }
}

/** The tooltip in the popover's colours. */
export function ChartTooltip(props: ComponentProps<typeof Tooltip>) {
  return <Tooltip contentStyle={TOOLTIP_STYLE} {...props} />
}

/** The legend in the ticks' size. */
export function ChartLegend(props: ComponentProps<typeof Legend>) {
  return <Legend wrapperStyle={LEGEND_STYLE} {...props} />
}

/**
 * A tooltip line of an amount in cents: the series' name and the amount, or "Missing" for a
 * figure that could not be worked out (an exchange rate was missing).
 */
export function centsTooltip(money: (value: Cents) => string) {
  return (value: unknown, name: unknown): [string, string] => [
    value === null || value === undefined ? 'Missing' : money(asCents(Number(value))),
    String(name),
  ]
}
