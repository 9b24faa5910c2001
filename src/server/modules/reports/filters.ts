// The reports' shared filter turned into what their queries take (contract/reports): the range
// as whole months, and the accounts to leave out as ONE id list (those the member may not see,
// and those the account and member filters drop), so every report's statement keeps one shape
// and one plan whatever is filtered (ADR 0018, 0023). A household's accounts are few, so the
// list is short.
import { withinApiDates } from '#src/contract/common'
import { MAX_REPORT_MONTHS, type ReportQuery } from '#src/contract/reports'
import { addMonths, localDate, startOfMonth, type IsoDate } from '#src/domain/dates'
import { AppError, invalidField, notFound } from '#src/server/http/errors'
import type { MemberScope } from '#src/server/core/scope'

export type ReportRange = {
  /** first day of the first month */
  first: IsoDate
  /** first day of the last month */
  last: IsoDate
  /** every month of the range, YYYY-MM, oldest first */
  months: string[]
  /** this month in the member's time zone, YYYY-MM */
  current: string
}

const invalid = (field: 'from' | 'to', message: string): AppError => invalidField(`querystring.${field}`, message)

const firstOf = (value: string): IsoDate => startOfMonth(value.length === 7 ? `${value}-01` : value)

/**
 * The months a report covers: default the 12 ending with this month in the member's time zone; a
 * default start before the first day the API speaks of starts there (`to=1900-03`: three months).
 */
export function reportRange(
  query: Pick<ReportQuery, 'from' | 'to'>,
  now: Date,
  timeZone: string,
  most: { months: number; what: string } = { months: MAX_REPORT_MONTHS, what: 'A report' },
): ReportRange {
  const thisMonth = startOfMonth(localDate(now, timeZone))
  const last = query.to ? firstOf(query.to) : thisMonth
  const first = query.from ? firstOf(query.from) : withinApiDates(addMonths(last, -11))
  if (first > last) throw invalid(query.from ? 'from' : 'to', 'Must not be after to')
  const count = (Number(last.slice(0, 4)) - Number(first.slice(0, 4))) * 12 + Number(last.slice(5, 7)) - Number(first.slice(5, 7)) + 1
  if (count > most.months) {
    throw invalid(query.from ? 'from' : 'to', `${most.what} covers at most ${most.months} months (${most.months / 12} years)`)
  }
  const months: string[] = []
  for (let i = 0; i < count; i++) months.push(addMonths(first, i).slice(0, 7))
  return { first, last, months, current: thisMonth.slice(0, 7) }
}

/**
 * The accounts a report leaves out. `need` is what the report reads: `transactions` (income and
 * spending: only accounts whose transactions the member sees) or `balances` (net worth: every
 * account they see). An account filter naming one they do not see at all is 404, like the
 * transactions list; a balance-only one is accepted and simply has no transactions to count.
 */
export function excludedAccounts(
  scope: MemberScope,
  query: Pick<ReportQuery, 'accountIds' | 'memberIds'>,
  need: 'transactions' | 'balances',
): string[] {
  const wanted = query.accountIds && query.accountIds.length > 0 ? new Set(query.accountIds) : null
  if (wanted) {
    for (const id of wanted) {
      const account = scope.accounts.get(id)
      if (!account || account.view === 'none') throw notFound('Account')
    }
  }
  const owners = query.memberIds && query.memberIds.length > 0 ? new Set(query.memberIds) : null
  const excluded: string[] = []
  for (const account of scope.accounts.values()) {
    const seen = need === 'transactions' ? account.view === 'full' : account.view !== 'none'
    if (!seen || (wanted && !wanted.has(account.id)) || (owners && !owners.has(account.ownerId))) excluded.push(account.id)
  }
  return excluded
}

/** The category filter as the statements take it: all, or these ids and/or the uncategorized. */
export function categoryFilter(query: Pick<ReportQuery, 'categoryIds'>): { allCats: boolean; cats: string[]; uncat: boolean } {
  const ids = query.categoryIds ?? []
  if (ids.length === 0) return { allCats: true, cats: [], uncat: false }
  return { allCats: false, cats: ids.filter((id) => id !== 'uncategorized'), uncat: ids.includes('uncategorized') }
}
