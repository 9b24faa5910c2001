// The desktop table: thousands of rows through a window virtualizer (only the rows on screen
// are in the page), more pages loaded as the end comes near, sorting by date or amount from the
// column headers, a checkbox per row for bulk actions, inline add and edit (click a row or press
// Enter on it; the arrow keys move between rows, Home and End go to the first and last loaded),
// and the running balance when one account is shown.
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { ArrowDown, ArrowUp, ArrowUpDown, Paperclip } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import type { Account } from '#src/contract/accounts'
import type { Transaction } from '#src/contract/transactions'
import type { IsoDate } from '#src/domain/dates'
import { Money } from '#src/web/components/money'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'
import type { CategoryOption } from '#src/web/lib/queries/categories'
import type { TransactionSort } from '../filters'
import { categoryLabel, isMoneyIn, payeeLabel, type Names } from '../labels'
import { emptyForm, formFromTransaction } from '../transaction-form'
import { GRID, GRID_WITH_BALANCE, ROW_HEIGHT } from './grid'
import { RowActions } from './row-actions'
import { TransactionEditorRow } from './transaction-editor-row'

/** How close to the end of the loaded rows the next page is asked for. */
const PREFETCH_ROWS = 40

function SortHeader({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string
  column: 'date' | 'amount'
  sort: TransactionSort
  onSort: (sort: TransactionSort) => void
  className?: string
}) {
  const active = sort.startsWith(column)
  const descending = sort.endsWith('desc')
  const Icon = !active ? ArrowUpDown : descending ? ArrowDown : ArrowUp
  return (
    <div
      role="columnheader"
      aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}
      className={cn('flex items-center px-1.5', className)}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-sm px-1.5 py-1 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        onClick={() => onSort(active && descending ? `${column}_asc` : `${column}_desc`)}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </div>
  )
}

function Cell({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <div role="cell" className={cn('flex min-w-0 items-center px-3', className)}>
      {children}
    </div>
  )
}

export function TransactionTable({
  rows,
  names,
  accounts,
  categories,
  sort,
  onSort,
  showBalance,
  selected,
  onToggle,
  onToggleAll,
  adding,
  onAddingChange,
  today,
  defaultAccountId,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onSplit,
  onDelete,
  onReceipts,
}: {
  rows: Transaction[]
  names: Names
  accounts: Account[]
  categories: CategoryOption[]
  sort: TransactionSort
  onSort: (sort: TransactionSort) => void
  showBalance: boolean
  selected: ReadonlySet<string>
  onToggle: (id: string) => void
  onToggleAll: (all: boolean) => void
  adding: boolean
  onAddingChange: (adding: boolean) => void
  today: IsoDate
  defaultAccountId: string
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => void
  onSplit: (t: Transaction) => void
  onDelete: (t: Transaction) => void
  /** opens the transaction's receipts */
  onReceipts: (t: Transaction) => void
}) {
  const formatDate = useDateFormat()
  const grid = showBalance ? GRID_WITH_BALANCE : GRID
  const [editingId, setEditingId] = useState<string | null>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const el = listRef.current
    if (el) setScrollMargin(el.getBoundingClientRect().top + window.scrollY)
  }, [adding])

  const count = rows.length + (hasNextPage ? 1 : 0)
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
    getItemKey: (index) => rows[index]?.id ?? 'loader',
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? 0
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS)
      fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, fetchNextPage])

  // the row the arrow keys move to: scrolled into view (it may not be rendered yet), then focused
  const pendingFocus = useRef<number | null>(null)
  const [, setMoves] = useState(0)
  useEffect(() => {
    const index = pendingFocus.current
    if (index === null) return
    const el = listRef.current?.querySelector<HTMLElement>(`[role="row"][data-index="${String(index)}"]`)
    if (!el) return
    pendingFocus.current = null
    el.focus({ preventScroll: true })
  })
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index))
    pendingFocus.current = next
    virtualizer.scrollToIndex(next, { align: 'auto' })
    setMoves((n) => n + 1)
  }

  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id))
  const someSelected = !allSelected && rows.some((r) => selected.has(r.id))
  const openAccounts = accounts.filter((a) => !a.isClosed)

  return (
    <div
      role="table"
      aria-label="Transactions"
      aria-rowcount={hasNextPage ? -1 : rows.length + 1}
      className="rounded-xl border bg-card text-sm shadow-xs"
      data-testid="transaction-table"
    >
      <div
        role="rowgroup"
        className="sticky top-16 z-10 rounded-t-xl border-b bg-card/95 backdrop-blur"
      >
        <div
          role="row"
          className={cn('grid h-11 items-center text-xs font-medium text-muted-foreground', grid)}
        >
          <div role="columnheader" className="flex items-center justify-center">
            <Checkbox
              aria-label="Select all loaded transactions"
              checked={allSelected}
              ref={(el) => {
                if (el) el.indeterminate = someSelected
              }}
              onChange={(e) => onToggleAll(e.target.checked)}
            />
          </div>
          <SortHeader label="Date" column="date" sort={sort} onSort={onSort} />
          <div role="columnheader" className="px-3">
            Payee
          </div>
          <div role="columnheader" className="px-3">
            Category
          </div>
          <div role="columnheader" className="px-3">
            Account
          </div>
          <SortHeader
            label="Amount"
            column="amount"
            sort={sort}
            onSort={onSort}
            className="justify-end"
          />
          {showBalance && (
            <div role="columnheader" className="px-3 text-right">
              Balance
            </div>
          )}
          <div role="columnheader" className="px-3">
            <span className="sr-only">Actions</span>
          </div>
        </div>
      </div>
      <div role="rowgroup">
        {adding && (
          <TransactionEditorRow
            initial={emptyForm(today, defaultAccountId)}
            accounts={openAccounts}
            categories={categories}
            grid={grid}
            showBalance={showBalance}
            onDone={() => onAddingChange(false)}
          />
        )}
        <div ref={listRef} className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const t = rows[item.index]
            const style = {
              transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
            }
            if (t === undefined) {
              return (
                <div
                  key={item.key}
                  role="row"
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className={cn('absolute inset-x-0 top-0 grid items-center border-b', grid)}
                  style={{ ...style, height: ROW_HEIGHT }}
                >
                  <div role="cell" className="col-span-full px-3">
                    <Skeleton className="h-4 w-1/3" />
                    <span className="sr-only">Loading more transactions</span>
                  </div>
                </div>
              )
            }
            if (editingId === t.id) {
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  role="presentation"
                  className="absolute inset-x-0 top-0"
                  style={style}
                >
                  <TransactionEditorRow
                    initial={formFromTransaction(t)}
                    transaction={t}
                    accounts={accounts.filter((a) => !a.isClosed || a.id === t.accountId)}
                    categories={categories}
                    grid={grid}
                    showBalance={showBalance}
                    onDone={() => setEditingId(null)}
                  />
                </div>
              )
            }
            const payee = payeeLabel(t, names)
            const incoming = isMoneyIn(t)
            const isSelected = selected.has(t.id)
            return (
              <div
                key={item.key}
                role="row"
                tabIndex={0}
                aria-selected={isSelected}
                data-index={item.index}
                data-testid="transaction-row"
                ref={virtualizer.measureElement}
                className={cn(
                  'absolute inset-x-0 top-0 grid cursor-pointer items-center border-b outline-none hover:bg-muted/60 focus-visible:z-[1] focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                  isSelected && 'bg-accent/50',
                  grid,
                )}
                style={{ ...style, height: ROW_HEIGHT }}
                onClick={() => setEditingId(t.id)}
                onKeyDown={(e) => {
                  if (e.target !== e.currentTarget) return
                  const moves: Record<string, number> = {
                    ArrowDown: item.index + 1,
                    ArrowUp: item.index - 1,
                    Home: 0,
                    End: rows.length - 1,
                  }
                  const to = moves[e.key]
                  if (e.key === 'Enter') setEditingId(t.id)
                  else if (to !== undefined) {
                    e.preventDefault()
                    moveTo(to)
                  }
                }}
              >
                <div
                  role="cell"
                  className="flex items-center justify-center"
                  onClick={(e) => e.stopPropagation()}
                >
                  <Checkbox
                    aria-label={`Select ${payee}`}
                    checked={isSelected}
                    onChange={() => onToggle(t.id)}
                  />
                </div>
                <Cell className="text-muted-foreground tabular-nums">{formatDate(t.date)}</Cell>
                <Cell>
                  <span className="truncate font-medium">{payee}</span>
                  {t.description !== '' && t.merchant !== '' && (
                    <span className="ml-2 truncate text-muted-foreground">{t.description}</span>
                  )}
                  {t.attachmentCount > 0 && (
                    <button
                      type="button"
                      className="ml-2 inline-flex shrink-0 items-center gap-0.5 rounded-sm text-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                      aria-label={`${String(t.attachmentCount)} ${t.attachmentCount === 1 ? 'receipt' : 'receipts'} of ${payee}`}
                      onClick={(e) => {
                        e.stopPropagation()
                        onReceipts(t)
                      }}
                      onKeyDown={(e) => e.stopPropagation()}
                    >
                      <Paperclip className="size-3.5" aria-hidden="true" />
                      {t.attachmentCount > 1 && t.attachmentCount}
                    </button>
                  )}
                </Cell>
                <Cell
                  className={cn(
                    'text-muted-foreground',
                    t.kind === 'standard' &&
                      t.categoryId === null &&
                      t.splits.length === 0 &&
                      'text-warning',
                  )}
                >
                  <span className="truncate">{categoryLabel(t, names)}</span>
                </Cell>
                <Cell className="text-muted-foreground">
                  <span className="truncate">{names.accounts.get(t.accountId) ?? 'Account'}</span>
                </Cell>
                <Cell className="justify-end font-medium">
                  <Money value={t.amount} showPlus={incoming} incomeTone={incoming} />
                </Cell>
                {showBalance && (
                  <Cell className="justify-end text-muted-foreground">
                    {t.runningBalance !== null && <Money value={t.runningBalance} />}
                  </Cell>
                )}
                <div role="cell" className="flex items-center justify-end pr-2">
                  <RowActions
                    transaction={t}
                    label={payee}
                    onEdit={() => setEditingId(t.id)}
                    onSplit={() => onSplit(t)}
                    onDelete={() => onDelete(t)}
                    onReceipts={() => onReceipts(t)}
                  />
                </div>
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
