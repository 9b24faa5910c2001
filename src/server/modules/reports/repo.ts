// The reports' reads, each ONE round trip of one fixed shape (ADR 0018): the accounts left out
// and the category filter go as array parameters (empty for "all"), so a statement keeps its
// plan whatever is filtered. Every report reads rollups (monthly, merchant) and the small
// accounts, categories and month-end investment value tables; only top merchants filtered by
// category reads the transactions of those categories.
// Each answer carries the household's base currency, so a household whose accounts are all in
// it needs no second trip for rates.
import { sql } from 'drizzle-orm'
import { startOfMonth, type IsoDate } from '#src/domain/dates'
import type { Db } from '#src/server/db/connect'
import { param, preparedSql } from '#src/server/db/prepared'
import {
  accounts,
  categories,
  households,
  investmentMonthValues,
  merchantRollups,
  monthlyRollups,
  transactions,
  transactionSplits,
} from '#src/server/db/schema'
import type { AccountBalance, CategoryInfo, CategoryMonthRow, MerchantMonthRow } from './compute'

/** What every statement filters by: the household, the range, the accounts left out, the categories. */
export type ReportParams = {
  h: string
  first: IsoDate
  last: IsoDate
  excluded: string[]
  allCats: boolean
  cats: string[]
  uncat: boolean
}

// A category filter names categories and groups: a group stands for itself and its children, as
// the transactions list it drills into (ADR 0036). The ids are expanded in the statement, from the
// household's categories (a few dozen rows).
const family = (household: ReturnType<typeof sql>, cats: ReturnType<typeof sql>) =>
  sql`array(select c.id from ${categories} c where c.household_id = ${household} and (c.id = any(${cats}) or c.parent_id = any(${cats})))`

const categoryMatches = (column: ReturnType<typeof sql>) =>
  sql`(${param('allCats')}::boolean or ${column} = any(${family(sql`${param('h')}::uuid`, sql`${param('cats')}::uuid[]`)}) or (${param('uncat')}::boolean and ${column} is null))`

type CategoryRowsResult = {
  base: string
  rows: [string | null, string, string, number | string, number | string][] | null
  categories: [string, string, string | null][] | null
}

const categoryMonthRows = preparedSql<CategoryRowsResult>('report_category_months', () => sql`
    select h.base_currency as base,
      (select json_agg(json_build_array(x.category_id, x.currency, x.month, x.income, x.expense)) from (
        select r.category_id, a.currency, to_char(r.month, 'YYYY-MM') as month, sum(r.income) as income, sum(r.expense) as expense
        from ${monthlyRollups} r join ${accounts} a on a.id = r.account_id
        where r.household_id = h.id and r.month between ${param('first')}::date and ${param('last')}::date
          and r.account_id <> all(${param('excluded')}::uuid[])
          and ${categoryMatches(sql`r.category_id`)}
        group by r.category_id, a.currency, r.month
        having sum(r.income) <> 0 or sum(r.expense) <> 0) x) as rows,
      (select json_agg(json_build_array(c.id, c.name, c.parent_id)) from ${categories} c
        where ${param('wantCategories')}::boolean and c.household_id = h.id) as categories
    from ${households} h where h.id = ${param('h')}`)

export type CategoryMonths = {
  base: string
  rows: CategoryMonthRow[]
  categories: Map<string, CategoryInfo>
}

/** Income and spending per category, account currency and month of the range (rollups). */
export async function categoryMonths(db: Db, p: ReportParams, wantCategories: boolean): Promise<CategoryMonths> {
  const result = await categoryMonthRows(db, { ...p, wantCategories })
  const row = result[0]
  return {
    base: row?.base ?? 'USD',
    rows: (row?.rows ?? []).map(([categoryId, currency, month, income, expense]) => ({
      categoryId,
      currency,
      month,
      income: Number(income),
      expense: Number(expense),
    })),
    categories: new Map((row?.categories ?? []).map(([id, name, parentId]) => [id, { name, parentId }])),
  }
}

type NetWorthResult = {
  base: string
  accounts: [string, string, string, number | string, number | string][] | null
  changes: [string, string, number | string][] | null
  values: [string, string, number | string | null][] | null
}

const netWorthRows = preparedSql<NetWorthResult>('report_net_worth', () => sql`
    select h.base_currency as base,
      (select json_agg(json_build_array(a.id, a.type, a.currency, a.balance, a.investment_value)) from ${accounts} a
        where a.household_id = h.id and a.id <> all(${param('excluded')}::uuid[])) as accounts,
      (select json_agg(json_build_array(x.account_id, x.month, x.change)) from (
        select r.account_id, to_char(r.month, 'YYYY-MM') as month, sum(r.income - r.expense + r.other) as change
        from ${monthlyRollups} r
        where r.household_id = h.id and r.month > ${param('first')}::date and r.account_id <> all(${param('excluded')}::uuid[])
          and r.account_id <> all(${param('todayOnly')}::uuid[])
        group by r.account_id, r.month
        having sum(r.income - r.expense + r.other) <> 0) x) as changes,
      (select json_agg(json_build_array(v.account_id, to_char(v.month, 'YYYY-MM'), v.value)) from ${investmentMonthValues} v
        where v.household_id = h.id and v.month between ${param('first')}::date and ${param('last')}::date
          and v.account_id <> all(${param('excluded')}::uuid[]) and v.account_id <> all(${param('todayOnly')}::uuid[])) as values
    from ${households} h where h.id = ${param('h')}`)

export type NetWorthInputs = {
  base: string
  accounts: AccountBalance[]
  changes: Map<string, Map<string, number>>
  values: Map<string, Map<string, number | null>>
}

function nested<V>(entries: Iterable<[string, string, V]>): Map<string, Map<string, V>> {
  const map = new Map<string, Map<string, V>>()
  for (const [outer, inner, value] of entries) {
    let m = map.get(outer)
    if (!m) {
      m = new Map()
      map.set(outer, m)
    }
    m.set(inner, value)
  }
  return map
}

/**
 * Balances now, every change after the range's first month, and the kept month-end investment
 * values; of the `todayOnly` accounts (balance-only ones of another member) the balance now
 * only, never their past (ADR 0048).
 */
export async function netWorthInputs(db: Db, p: Pick<ReportParams, 'h' | 'first' | 'last' | 'excluded'> & { todayOnly: string[] }): Promise<NetWorthInputs> {
  const row = (await netWorthRows(db, p))[0]
  return {
    base: row?.base ?? 'USD',
    accounts: (row?.accounts ?? []).map(([id, type, currency, balance, investmentValue]) => ({
      id,
      type,
      currency,
      balance: Number(balance),
      investmentValue: Number(investmentValue),
    })),
    changes: nested((row?.changes ?? []).map(([a, m, v]) => [a, m, Number(v)] as [string, string, number])),
    values: nested((row?.values ?? []).map(([a, m, v]) => [a, m, v === null ? null : Number(v)] as [string, string, number | null])),
  }
}

type MerchantResult = { rows: [string, string, string | null, number | string, number | string][] | null }

// The one report that reads transactions: the range's standard spending rows through the
// household/date index, summed per payee and account — and per month only when the member sees
// accounts in another currency than the base, which need a month's rate. Split rows (few) come
// from their parts in the filtered categories, found through the parts' household index. Not a
// prepared statement: how many rows a range holds decides the plan (a generic one, planned for
// a few rows, sorted 300k of them on disk where a hash of 50 payees does: 1.4 s against 0.45 s),
// and grouping by month only when needed keeps the planner's guess of the groups small enough
// to hash.
function merchantQuery(p: ReportParams, byMonth: boolean) {
  const matches = (column: ReturnType<typeof sql>) =>
    sql`(${p.allCats}::boolean or ${column} = any(${family(sql`${p.h}::uuid`, sql`${sql.param(p.cats)}::uuid[]`)}) or (${p.uncat}::boolean and ${column} is null))`
  const month = byMonth ? sql`to_char(t.date, 'YYYY-MM')` : sql`null::text`
  const excluded = sql`${sql.param(p.excluded)}::uuid[]`
  return sql`
    select json_agg(json_build_array(x.merchant, x.account_id, x.month, x.total, x.n)) as rows from (
      select t.merchant, t.account_id, ${month} as month, sum(-t.amount) as total, count(*) as n
      from ${transactions} t
      where t.household_id = ${p.h} and t.date between ${p.first}::date and ${p.last}::date
        and t.kind = 'standard' and not t.is_split and t.amount < 0
        and t.account_id <> all(${excluded}) and ${matches(sql`t.category_id`)}
      group by 1, 2, 3
      union all
      select x.merchant, x.account_id, x.month, sum(x.spent), count(*) from (
        select t.merchant, t.account_id, ${month} as month, sum(-s.amount) as spent
        from ${transactionSplits} s join ${transactions} t on t.id = s.transaction_id
        where s.household_id = ${p.h} and s.amount < 0 and ${matches(sql`s.category_id`)}
          and t.date between ${p.first}::date and ${p.last}::date
          and t.kind = 'standard' and t.account_id <> all(${excluded})
        group by t.id) x
      group by 1, 2, 3) x`
}

// Without a category filter, top merchants reads the merchant rollups the ledger keeps with every
// write (per account, payee and month): a year is a few thousand rows however many transactions
// it holds. With one, it reads the transactions of those categories (merchantQuery above).
const merchantRollupRows = preparedSql<MerchantResult>('report_merchant_rollups', () => sql`
    select json_agg(json_build_array(x.merchant, x.account_id, x.month, x.total, x.n)) as rows from (
      select r.merchant, r.account_id, case when ${param('byMonth')}::boolean then to_char(r.month, 'YYYY-MM') end as month,
        sum(r.spent) as total, sum(r.count) as n
      from ${merchantRollups} r
      where r.household_id = ${param('h')} and r.month between ${param('first')}::date and ${param('last')}::date
        and r.account_id <> all(${param('excluded')}::uuid[])
      group by 1, 2, 3
      having sum(r.count) > 0) x`)

type CurrencyResult = { base: string; currencies: [string, string][] | null }

const accountCurrencies = preparedSql<CurrencyResult>('report_account_currencies', () => sql`
    select h.base_currency as base,
      (select json_agg(json_build_array(a.id, a.currency)) from ${accounts} a where a.household_id = h.id) as currencies
    from ${households} h where h.id = ${param('h')}`)

/** Spending per payee and account (and month, when a rate is needed) over the range's days, with each account's currency. */
export async function merchantTotals(db: Db, p: ReportParams): Promise<{ base: string; rows: MerchantMonthRow[] }> {
  const known = (await accountCurrencies(db, { h: p.h }))[0]
  const base = known?.base ?? 'USD'
  const currencyOf = new Map(known?.currencies ?? [])
  const excluded = new Set(p.excluded)
  const byMonth = [...currencyOf].some(([id, currency]) => !excluded.has(id) && currency.toUpperCase() !== base.toUpperCase())
  const row = p.allCats
    ? (await merchantRollupRows(db, { h: p.h, first: startOfMonth(p.first), last: p.last, excluded: p.excluded, byMonth }))[0]
    : (await db.execute<MerchantResult>(merchantQuery(p, byMonth))).rows[0]
  return {
    base,
    rows: (row?.rows ?? []).map(([merchant, accountId, month, total, count]) => ({
      merchant,
      currency: currencyOf.get(accountId) ?? base,
      month,
      total: Number(total),
      count: Number(count),
    })),
  }
}
