// What every chart of the app shares: colours that hold in light and dark mode (the theme's
// variables for money in, money out and the accent; the Okabe–Ito palette, which colour-blind
// readers can tell apart, for categories), the tooltip's look, the axes' ticks and names.
import { createElement, type CSSProperties, type ReactNode } from 'react'

export const INCOME = 'var(--positive)'
export const SPENDING = 'var(--negative)'
export const NET = 'var(--primary)'

/** Okabe–Ito, yellow left out (too faint on white) and grey last, for "everything else". */
export const CATEGORY_COLORS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
] as const
export const OTHER_COLOR = '#999999'

export const TOOLTIP_STYLE: CSSProperties = {
  background: 'var(--popover)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--popover-foreground)',
  fontSize: 12,
}

export const TICK = { fill: 'var(--muted-foreground)', fontSize: 12 } as const
export const GRID = 'var(--border)'
/** An axis's name ("Age", "Balance"): the ticks' colour and size. */
export const AXIS_LABEL = { fill: 'var(--muted-foreground)', fontSize: 12 } as const

/** A legend entry's text in the page's colour (the swatch beside it carries the series' colour,
 *  which as text is too faint on a light card). */
export function legendText(value: unknown): ReactNode {
  return createElement('span', { style: { color: 'var(--foreground)' } }, String(value))
}

export const LEGEND_STYLE: CSSProperties = { fontSize: 12 }
