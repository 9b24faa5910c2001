// The phone list: one tappable line per transaction (payee, category and account, date, amount)
// through the same window virtualizer as the desktop table; tapping opens the form. In select
// mode each line has a checkbox for the bulk actions.
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Transaction } from '#src/contract/transactions'
import { Money } from '#src/web/components/money'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'
import { Paperclip } from 'lucide-react'
import { categoryLabel, isMoneyIn, payeeLabel, type Names } from '../labels'

const ITEM_HEIGHT = 64
const PREFETCH_ROWS = 30

export function TransactionList({
  rows,
  names,
  selecting,
  selected,
  onToggle,
  onOpen,
  showBalance,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  rows: Transaction[]
  names: Names
  selecting: boolean
  selected: ReadonlySet<string>
  onToggle: (id: string) => void
  onOpen: (t: Transaction) => void
  showBalance: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => void
}) {
  const formatDate = useDateFormat()
  const listRef = useRef<HTMLUListElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const el = listRef.current
    if (el) setScrollMargin(el.getBoundingClientRect().top + window.scrollY)
  }, [])
  const virtualizer = useWindowVirtualizer({
    count: rows.length + (hasNextPage ? 1 : 0),
    estimateSize: () => ITEM_HEIGHT,
    overscan: 8,
    scrollMargin,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? 0
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS)
      fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, fetchNextPage])

  return (
    <ul
      ref={listRef}
      aria-label="Transactions"
      className="relative rounded-xl border bg-card"
      style={{ height: virtualizer.getTotalSize() }}
      data-testid="transaction-list"
    >
      {items.map((item) => {
        const t = rows[item.index]
        const style = {
          transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
          height: ITEM_HEIGHT,
        }
        if (t === undefined) {
          return (
            <li
              key="loader"
              className="absolute inset-x-0 top-0 flex items-center px-4"
              style={style}
            >
              <Skeleton className="h-4 w-1/2" />
              <span className="sr-only">Loading more transactions</span>
            </li>
          )
        }
        const payee = payeeLabel(t, names)
        const incoming = isMoneyIn(t)
        return (
          <li
            key={t.id}
            className="absolute inset-x-0 top-0 flex items-center gap-3 border-b px-4 last:border-b-0"
            style={style}
            data-testid="transaction-row"
          >
            {selecting && (
              <Checkbox
                aria-label={`Select ${payee}`}
                checked={selected.has(t.id)}
                onChange={() => onToggle(t.id)}
                className="size-5"
              />
            )}
            <button
              type="button"
              className="flex min-w-0 flex-1 items-center gap-3 py-2 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => (selecting ? onToggle(t.id) : onOpen(t))}
            >
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1 text-sm font-medium">
                  <span className="truncate">{payee}</span>
                  {t.attachmentCount > 0 && (
                    <Paperclip
                      className="size-3.5 shrink-0 text-muted-foreground"
                      aria-label={`${String(t.attachmentCount)} ${t.attachmentCount === 1 ? 'receipt' : 'receipts'}`}
                    />
                  )}
                </span>
                <span className={cn('block truncate text-xs text-muted-foreground')}>
                  {categoryLabel(t, names)} · {names.accounts.get(t.accountId) ?? 'Account'} ·{' '}
                  {formatDate(t.date)}
                </span>
              </span>
              <span className="shrink-0 text-right">
                <Money
                  value={t.amount}
                  showPlus={incoming}
                  incomeTone={incoming}
                  className="block text-sm font-medium"
                />
                {showBalance && t.runningBalance !== null && (
                  <Money value={t.runningBalance} className="block text-xs text-muted-foreground" />
                )}
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
