// A report's table view, the chart's accessible twin: a caption for screen readers, a header row
// that names each column, a row per item whose first cell names it, right-aligned figures in
// tabular numbers, and total rows at the foot. Every report draws its table through this one,
// so they all look and read the same; amounts that drill down are quiet link-like buttons.
import type { ReactNode } from 'react'
import type { ClassValue } from 'clsx'
import type { Cents } from '#src/domain/money'
import { cn } from '#src/web/lib/cn'
import type { ReportFormat } from '../report-format'

const TH = 'px-2 py-2 text-left text-xs font-medium text-muted-foreground'
const TH_NUM = 'px-2 py-2 text-right text-xs font-medium text-muted-foreground'
const TD = 'px-2 py-1.5'
const TD_NUM = 'money px-2 py-1.5 text-right'

export type ReportColumn<R> = {
  /** the column's name in the header row (unique within the table) */
  header: string
  /**
   * `name`: the cell that names the row (its row header); `text`: words, left-aligned;
   * `figure` (the default): an amount, a count or a rate, right-aligned
   */
  kind?: 'name' | 'text' | 'figure'
  cell: (row: R) => ReactNode
  /** classes a row's cell adds (a negative amount in red) */
  tone?: (row: R) => ClassValue
}

/** A row at the table's foot: its name, then one figure for each column after the first. */
export type ReportTotalRow = {
  label: string
  cells: ReactNode[]
  /** a quieter row (the average under the total) */
  muted?: boolean
}

const CELL_CLASS = { name: cn(TD, 'text-left font-normal'), text: TD, figure: TD_NUM } as const

function BodyCell<R>({ column, row }: { column: ReportColumn<R>; row: R }) {
  const kind = column.kind ?? 'figure'
  const className = cn(CELL_CLASS[kind], column.tone?.(row))
  return kind === 'name' ? (
    <th scope="row" className={className}>
      {column.cell(row)}
    </th>
  ) : (
    <td className={className}>{column.cell(row)}</td>
  )
}

export function ReportTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
  totals = [],
}: {
  /** the table's name, for screen readers */
  caption: string
  columns: ReportColumn<R>[]
  rows: readonly R[]
  rowKey: (row: R) => string
  rowTestId?: string
  totals?: ReportTotalRow[]
}) {
  return (
    <table className="w-full min-w-[32rem] text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b">
          {columns.map((c) => (
            <th
              key={c.header}
              scope="col"
              className={(c.kind ?? 'figure') === 'figure' ? TH_NUM : TH}
            >
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y">
        {rows.map((r) => (
          <tr key={rowKey(r)} data-testid={rowTestId}>
            {columns.map((c) => (
              <BodyCell key={c.header} column={c} row={r} />
            ))}
          </tr>
        ))}
      </tbody>
      {totals.length > 0 && (
        <tfoot className="border-t font-medium">
          {totals.map((t) => (
            <tr key={t.label} className={t.muted === true ? 'text-muted-foreground' : undefined}>
              <th scope="row" className={cn(TD, 'text-left', t.muted === true && 'font-normal')}>
                {t.label}
              </th>
              {t.cells.map((cell, i) => (
                <td key={i} className={TD_NUM}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tfoot>
      )}
    </table>
  )
}

/** An amount in a table that drills down: a quiet link-like button. */
export function DrillButton({
  label,
  onClick,
  children,
}: {
  label: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="money rounded-sm underline decoration-dotted underline-offset-4 hover:text-primary hover:decoration-solid focus-visible:outline-2 print:no-underline"
    >
      {children}
    </button>
  )
}

/**
 * An amount that lists its transactions when clicked, named "`name`: amount" for screen
 * readers; the plain figure ("Missing" when unknown) where there is nothing to list.
 */
export function DrillAmount({
  value,
  f,
  name,
  onDrill,
}: {
  value: Cents | null
  f: Pick<ReportFormat, 'money' | 'maybe'>
  name: string
  /** left out for an amount that does not drill down (a zero, what was saved) */
  onDrill?: () => void
}) {
  if (value === null || onDrill === undefined) return f.maybe(value)
  return (
    <DrillButton label={`${name}: ${f.money(value)}`} onClick={onDrill}>
      {f.money(value)}
    </DrillButton>
  )
}
