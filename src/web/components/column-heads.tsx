// The head cells of a table's columns, from a list: each a label (text, or a node for a
// screen-reader-only head) with the classes all heads share and any of its own.
import type { ReactNode } from 'react'
import { cn } from '../lib/cn'

export type ColumnHead = string | { key: string; label: ReactNode; className?: string }

export function ColumnHeads({ heads, className }: { heads: ColumnHead[]; className: string }) {
  return heads.map((head) =>
    typeof head === 'string' ? (
      <th key={head} scope="col" className={className}>
        {head}
      </th>
    ) : (
      <th key={head.key} scope="col" className={cn(head.className, className)}>
        {head.label}
      </th>
    ),
  )
}
