// The transactions page's filters and sort, kept in the URL's search params (so a filtered view
// can be bookmarked, shared and restored by Back), and their translation into the list query.
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import {
  TRANSACTION_SORTS,
  TRANSACTION_SOURCES,
  type listTransactionsQuery,
} from '#src/contract/transactions'
import type { z } from 'zod'
import { isIsoDate } from '#src/domain/dates'
import { parseAmountText } from '#src/web/lib/money-input'

export type TransactionSort = (typeof TRANSACTION_SORTS)[number]
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number]

export type TransactionFilters = {
  from?: string
  to?: string
  accountId?: string
  /** a category id, or 'uncategorized' */
  categoryId?: string
  type?: 'income' | 'expense'
  /** decimal text as typed; with type 'expense' the bounds are sizes of spending (12 means −12) */
  minAmount?: string
  maxAmount?: string
  source?: TransactionSource
  /** with a receipt or other file attached, or without */
  hasReceipt?: 'yes' | 'no'
  search?: string
  sort: TransactionSort
}

const KEYS = {
  from: 'from',
  to: 'to',
  accountId: 'account',
  categoryId: 'category',
  type: 'type',
  minAmount: 'min',
  maxAmount: 'max',
  source: 'source',
  hasReceipt: 'receipt',
  search: 'q',
  sort: 'sort',
} as const satisfies Record<keyof TransactionFilters, string>

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value)
}

function text(value: string | null): string | undefined {
  return value === null || value.trim() === '' ? undefined : value
}

export function readFilters(params: URLSearchParams): TransactionFilters {
  const date = (key: string) => {
    const v = params.get(key)
    return v !== null && isIsoDate(v) ? v : undefined
  }
  return {
    from: date(KEYS.from),
    to: date(KEYS.to),
    accountId: text(params.get(KEYS.accountId)),
    categoryId: text(params.get(KEYS.categoryId)),
    type: pick(params.get(KEYS.type), ['income', 'expense'] as const),
    minAmount: text(params.get(KEYS.minAmount)),
    maxAmount: text(params.get(KEYS.maxAmount)),
    source: pick(params.get(KEYS.source), TRANSACTION_SOURCES),
    hasReceipt: pick(params.get(KEYS.hasReceipt), ['yes', 'no'] as const),
    search: text(params.get(KEYS.search)),
    sort: pick(params.get(KEYS.sort), TRANSACTION_SORTS) ?? 'date_desc',
  }
}

/** True when anything narrows the list (the sort does not). */
export function hasFilters(f: TransactionFilters): boolean {
  return Object.entries(f).some(([key, value]) => key !== 'sort' && value !== undefined)
}

function amountParam(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = parseAmountText(value)
  return n === null ? undefined : n
}

/** The signed bounds the API filters on: spending is negative, so for expenses "from 10 to 50"
 *  is −50 … −10. */
function amountBounds(f: TransactionFilters): { minAmount?: number; maxAmount?: number } {
  const min = amountParam(f.minAmount)
  const max = amountParam(f.maxAmount)
  if (f.type !== 'expense') return { minAmount: min, maxAmount: max }
  return {
    minAmount: max === undefined ? undefined : -Math.abs(max),
    maxAmount: min === undefined ? undefined : -Math.abs(min),
  }
}

/** The list query for a set of filters (amount bounds in decimals, as the query string wants). */
export function toListQuery(
  f: TransactionFilters,
): Omit<z.input<typeof listTransactionsQuery>, 'limit' | 'cursor'> {
  return {
    from: f.from,
    to: f.to,
    accountId: f.accountId,
    categoryId: f.categoryId,
    type: f.type,
    ...amountBounds(f),
    source: f.source,
    hasReceipt: f.hasReceipt === undefined ? undefined : f.hasReceipt === 'yes' ? 'true' : 'false',
    search: f.search,
    sort: f.sort,
  }
}

export function useTransactionFilters(): {
  filters: TransactionFilters
  setFilters: (patch: Partial<TransactionFilters>) => void
  clearFilters: () => void
} {
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => readFilters(params), [params])
  // React Router hands a functional update the params of the render that made the setter, so a
  // change written from a debounce timer (or two in one tick) would drop the one before it: each
  // patch goes on top of the latest params instead
  const latest = useRef(params)
  useLayoutEffect(() => {
    latest.current = params
  }, [params])
  const setFilters = useCallback(
    (patch: Partial<TransactionFilters>) => {
      const next = new URLSearchParams(latest.current)
      for (const [key, name] of Object.entries(KEYS)) {
        if (!(key in patch)) continue
        const value: unknown = Reflect.get(patch, key)
        if (value === undefined || value === '' || (key === 'sort' && value === 'date_desc'))
          next.delete(name)
        else next.set(name, String(value))
      }
      latest.current = next
      setParams(next, { replace: true })
    },
    [setParams],
  )
  const clearFilters = useCallback(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams()
        const sort = prev.get(KEYS.sort)
        if (sort !== null) next.set(KEYS.sort, sort)
        return next
      },
      { replace: true },
    )
  }, [setParams])
  return { filters, setFilters, clearFilters }
}
