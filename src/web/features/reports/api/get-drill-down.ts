// The transactions behind a bar, slice or row of a report: GET /api/transactions with the
// matching from/to (and one account or category when only one is asked for), page after page,
// then the report's own rules on each row, so the list adds up to the figure clicked: only
// standard entries (transfers, opening balances and adjustments are neither income nor
// spending), a split counted per part in each part's category, income the positive parts and
// spending the negative ones. Net worth's drill-down takes every kind of entry of the month.
import { useQuery } from '@tanstack/react-query'
import { listTransactions, type Transaction } from '#src/contract/transactions'
import { asCents, type Cents } from '#src/domain/money'
import { callEndpointPage } from '#src/web/lib/api'
import { API_ROOTS } from '#src/web/lib/query-keys'

export type DrillRequest = {
  /** what was clicked, said in words: "Groceries, March 2026" */
  title: string
  from: string
  to: string
  /** the accounts counted; null for every account the member sees */
  accountIds: string[] | null
  /** category ids (or 'uncategorized'); empty for all */
  categoryIds: string[]
  type?: 'income' | 'expense'
  /** exactly this payee ('' for none) */
  merchant?: string
  /** every kind of entry (transfers included): what moved balances, for net worth */
  allKinds?: boolean
  /** the report's figure for what was clicked (positive), to show beside the list's total */
  expected?: Cents | null
  /** the currency of `expected` */
  currency?: string | null
}

export type DrillRow = { transaction: Transaction; amount: Cents }

export type DrillResult = { rows: DrillRow[]; total: Cents; truncated: boolean }

const PAGE = 500
/** at most this many rows are fetched for one drill-down */
export const DRILL_MAX_ROWS = 2000

/** The part of a transaction that the drill-down counts, or null when none of it counts. */
export function countedAmount(t: Transaction, request: DrillRequest): Cents | null {
  if (request.accountIds !== null && !request.accountIds.includes(t.accountId)) return null
  if (request.merchant !== undefined && t.merchant !== request.merchant) return null
  if (request.allKinds === true) return t.amount
  if (t.kind !== 'standard') return null
  const parts = t.splits.length > 0 ? t.splits : [{ categoryId: t.categoryId, amount: t.amount }]
  const wanted = new Set(request.categoryIds)
  let sum = 0
  let any = false
  for (const part of parts) {
    if (wanted.size > 0 && !wanted.has(part.categoryId ?? 'uncategorized')) continue
    if (request.type === 'income' && part.amount <= 0) continue
    if (request.type === 'expense' && part.amount >= 0) continue
    sum += part.amount
    any = true
  }
  return any ? asCents(sum) : null
}

async function fetchDrill(request: DrillRequest, signal: AbortSignal): Promise<DrillResult> {
  const oneAccount = request.accountIds?.length === 1 ? request.accountIds[0] : undefined
  const oneCategory = request.categoryIds.length === 1 ? request.categoryIds[0] : undefined
  const rows: DrillRow[] = []
  let total = 0
  let fetched = 0
  let cursor: string | undefined
  if (request.accountIds !== null && request.accountIds.length === 0)
    return { rows, total: asCents(0), truncated: false }
  do {
    const page = await callEndpointPage(listTransactions, {
      query: {
        from: request.from,
        to: request.to,
        accountId: oneAccount,
        categoryId: oneCategory,
        type: request.type,
        kind: request.allKinds === true ? undefined : 'standard',
        search:
          request.merchant !== undefined && request.merchant.trim() !== ''
            ? request.merchant.trim().slice(0, 100)
            : undefined,
        sort: 'date_desc',
        includeTransfers: request.allKinds === true ? 'true' : 'false',
        limit: PAGE,
        cursor,
      },
      signal,
    })
    fetched += page.items.length
    for (const t of page.items) {
      const amount = countedAmount(t, request)
      if (amount === null) continue
      rows.push({ transaction: t, amount })
      total += amount
    }
    cursor = page.nextCursor ?? undefined
  } while (cursor !== undefined && fetched < DRILL_MAX_ROWS)
  return { rows, total: asCents(total), truncated: cursor !== undefined }
}

export function useDrillDown(request: DrillRequest | null) {
  const { title: _title, expected: _expected, currency: _currency, ...query } = request ?? {}
  return useQuery({
    queryKey: [API_ROOTS.transactions, 'report-drill', query] as const,
    queryFn: ({ signal }) => {
      if (request === null) throw new Error('Nothing to drill into')
      return fetchDrill(request, signal)
    },
    enabled: request !== null,
  })
}
