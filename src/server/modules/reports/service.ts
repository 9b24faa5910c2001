// The reports (contract/reports): each reads its one statement (repo), then converts to the
// household's base currency and does its arithmetic (compute). A household whose accounts are
// all in its base currency never reads its rates; another reads them once per request.
import { MAX_MERCHANT_MONTHS, type ReportQuery } from '#src/contract/reports'
import type { CategoryLevel } from '#src/domain/category-groups'
import { endOfMonth } from '#src/domain/dates'
import type { Db } from '#src/server/db/connect'
import { memberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { loadRateBook } from '../currencies/rates'
import {
  cashFlow as cashFlowOf,
  converter,
  netWorthHistory,
  sankey as sankeyOf,
  spendingByCategory as spendingOf,
  spendingByGroup,
  topMerchants as topMerchantsOf,
  type Converter,
} from './compute'
import { categoryFilter, excludedAccounts, reportRange } from './filters'
import { categoryMonths, merchantTotals, netWorthInputs } from './repo'

/** A report's figures, with the base currency they are in and the currencies that had no rate. */
export type Report<T> = { data: T; currency: string; missingRates: string[] }

async function converterFor(db: Db, householdId: string, base: string, currencies: Iterable<string>): Promise<Converter> {
  const foreign = [...currencies].some((c) => c.toUpperCase() !== base.toUpperCase())
  return converter(base, foreign ? await loadRateBook(db, householdId) : null)
}

const done = <T>(data: T, conv: Converter): Report<T> => ({ data, currency: conv.base, missingRates: [...conv.missing].sort() })

async function transactionInputs(db: Db, user: SessionUser, now: Date, query: ReportQuery, wantCategories: boolean) {
  const range = reportRange(query, now, user.timeZone)
  const scope = await memberScope(db, user)
  const excluded = excludedAccounts(scope, query, 'transactions')
  const read = await categoryMonths(db, { h: user.householdId, first: range.first, last: range.last, excluded, ...categoryFilter(query) }, wantCategories)
  const conv = await converterFor(db, user.householdId, read.base, read.rows.map((r) => r.currency))
  return { range, read, conv }
}

export async function cashFlow(db: Db, user: SessionUser, now: Date, query: ReportQuery) {
  const { range, read, conv } = await transactionInputs(db, user, now, query, false)
  return done(cashFlowOf(read.rows, range.months, conv), conv)
}

/** Per category, or (`level: 'group'`) per category group, its children rolled up into it (ADR 0036). */
export async function spendingByCategory(db: Db, user: SessionUser, now: Date, query: ReportQuery & { level?: CategoryLevel }) {
  const { range, read, conv } = await transactionInputs(db, user, now, query, true)
  const rows = spendingOf(read.rows, read.categories, range.months, conv)
  return done(query.level === 'group' ? spendingByGroup(rows, read.categories) : rows, conv)
}

export async function sankey(db: Db, user: SessionUser, now: Date, query: ReportQuery) {
  const { read, conv } = await transactionInputs(db, user, now, query, true)
  return done(sankeyOf(read.rows, read.categories, conv), conv)
}

export async function netWorth(db: Db, user: SessionUser, now: Date, query: ReportQuery) {
  const range = reportRange(query, now, user.timeZone)
  const scope = await memberScope(db, user)
  const excluded = excludedAccounts(scope, query, 'balances')
  // a balance-only account of another member counts at today's balance in every month (ADR 0048)
  const todayOnly = scope.noTransactions
  const read = await netWorthInputs(db, { h: user.householdId, first: range.first, last: range.last, excluded, todayOnly })
  const conv = await converterFor(db, user.householdId, read.base, read.accounts.map((a) => a.currency))
  return done(netWorthHistory(read.accounts, read.changes, read.values, range.months, range.current, conv, new Set(todayOnly)), conv)
}

export async function topMerchants(db: Db, user: SessionUser, now: Date, query: ReportQuery & { limit: number }) {
  const range = reportRange(query, now, user.timeZone, { months: MAX_MERCHANT_MONTHS, what: 'Top merchants' })
  const scope = await memberScope(db, user)
  const excluded = excludedAccounts(scope, query, 'transactions')
  const read = await merchantTotals(db, {
    h: user.householdId,
    first: range.first,
    last: endOfMonth(range.last),
    excluded,
    ...categoryFilter(query),
  })
  const conv = await converterFor(db, user.householdId, read.base, read.rows.filter((r) => r.month !== null).map((r) => r.currency))
  return done(topMerchantsOf(read.rows, query.limit, conv), conv)
}
