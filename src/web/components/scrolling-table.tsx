// A table of figures by date in a bordered box that scrolls (the header stays at the top): a
// named region the keyboard can reach, a caption for screen readers, a first column "Date" and
// the figure columns, right-aligned; a column can be left out on a phone.
import type { ReactNode } from 'react'

export function ScrollingTable({
  label,
  caption = label,
  testId,
  columns,
  children,
}: {
  /** the region's accessible name */
  label: string
  caption?: string
  testId: string
  /** the figure columns after "Date" */
  columns: readonly { label: string; wideOnly?: boolean }[]
  /** the body's rows */
  children: ReactNode
}) {
  return (
    <div
      className="max-h-80 overflow-auto rounded-lg border"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Date
            </th>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={
                  column.wideOnly
                    ? 'hidden px-3 py-2 text-right font-medium sm:table-cell'
                    : 'px-3 py-2 text-right font-medium'
                }
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  )
}
