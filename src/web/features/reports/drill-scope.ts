// What a drill-down asks the transactions list for, from the report's filters: the range's
// days, the accounts counted (the accounts picked, narrowed to those the picked members own) and
// the categories picked; and the link that opens the same list on the Transactions page, which
// reads one account and one category from its URL.
import type { DrillRequest } from './api/get-drill-down'
import { monthDays, type ReportFilters } from './report-filters'

export type DrillScope = Pick<DrillRequest, 'from' | 'to' | 'accountIds' | 'categoryIds'>

export function drillScope(
  filters: ReportFilters,
  accounts: readonly { id: string; ownerId: string }[],
): DrillScope {
  const days = monthDays(filters.from, filters.to)
  let accountIds: string[] | null = null
  if (filters.accountIds.length > 0 || filters.memberIds.length > 0) {
    const picked = new Set(filters.accountIds)
    const members = new Set(filters.memberIds)
    accountIds = accounts
      .filter((a) => picked.size === 0 || picked.has(a.id))
      .filter((a) => members.size === 0 || members.has(a.ownerId))
      .map((a) => a.id)
  }
  return { ...days, accountIds, categoryIds: [...filters.categoryIds] }
}

/** /transactions with the drill-down's filters, as far as that page can show them. */
export function transactionsLink(request: DrillRequest): { href: string; exact: boolean } {
  const params = new URLSearchParams({ from: request.from, to: request.to })
  let exact = true
  if (request.accountIds !== null) {
    if (request.accountIds.length === 1) params.set('account', request.accountIds[0] ?? '')
    else exact = false
  }
  if (request.categoryIds.length === 1) params.set('category', request.categoryIds[0] ?? '')
  else if (request.categoryIds.length > 1) exact = false
  if (request.type !== undefined) params.set('type', request.type)
  if (request.merchant !== undefined) {
    if (request.merchant !== '') params.set('q', request.merchant)
    exact = false
  }
  return { href: `/transactions?${params.toString()}`, exact }
}
