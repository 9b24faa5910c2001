// The frames a chart sits in. A figure that screen readers meet (its message as the figure's
// name, a caption above, the chart at a fixed height; the numbers are in the table that goes
// with it), or a panel hidden from them, for a chart whose page already shows its figures in a
// table or in words beside it.
import type { ReactNode } from 'react'
import { cn } from '#src/web/lib/cn'
import { ResponsiveChart } from './chart-parts'

/** A chart's frame: its message as the figure's name, the chart drawn at a fixed height. */
export function ChartFigure({
  label,
  caption,
  height = 'h-72',
  box = 'report-chart',
  children,
}: {
  /** what the chart says, for screen readers (the table has the numbers) */
  label: string
  caption?: string
  height?: string
  /** the class of the chart's box (the reports' one keeps its size when printed) */
  box?: string
  children: ReactNode
}) {
  return (
    <figure className="w-full" aria-label={label}>
      {caption !== undefined && (
        <figcaption className="mb-2 text-xs text-muted-foreground">{caption}</figcaption>
      )}
      <div className={cn(box, 'w-full', height)}>{children}</div>
    </figure>
  )
}

/**
 * A chart hidden from screen readers and the keyboard, at the size `className` gives it: the
 * page says the same in a table or in words, so the drawing adds nothing to them. The chart
 * inside turns its own accessibility layer off.
 */
export function ChartPanel({
  className,
  testId,
  children,
}: {
  className: string
  testId: string
  children: ReactNode
}) {
  return (
    <div className={className} aria-hidden="true" data-testid={testId}>
      <ResponsiveChart>{children}</ResponsiveChart>
    </div>
  )
}
