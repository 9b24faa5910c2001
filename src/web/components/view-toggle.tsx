// Chart or table: a chart shows the same figures as a table on request (and screen readers get
// the table).
import { ChartColumn, Table2 } from 'lucide-react'
import { cn } from '../lib/cn'

export type ChartView = 'chart' | 'table'

export function ViewToggle({
  view,
  onChange,
  label,
}: {
  view: ChartView
  onChange: (view: ChartView) => void
  /** what the chart shows: "Balances" → "Show balances as" */
  label: string
}) {
  const option = (value: ChartView, text: string, Icon: typeof ChartColumn) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={cn(
        'inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
        view === value
          ? 'bg-card text-foreground shadow-sm'
          : 'text-muted-foreground hover:text-foreground',
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {text}
    </button>
  )
  return (
    <div
      role="group"
      aria-label={`Show ${label.toLowerCase()} as`}
      className="inline-flex shrink-0 gap-0.5 rounded-lg bg-muted p-0.5"
    >
      {option('chart', 'Chart', ChartColumn)}
      {option('table', 'Table', Table2)}
    </div>
  )
}
