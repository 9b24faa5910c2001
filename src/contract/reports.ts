// Reports: cash flow, net worth over time, spending by category (with each
// category's months and trend), a Sankey from income to spending, and top merchants.
//
// Every report is by whole calendar months and reads the rollups the ledger keeps on every write
// (never all history): the monthly rollups, and for top merchants the merchant rollups (with a
// category filter, top merchants reads the range's transactions of those categories).
//
// The shared filter (query string of every report):
// - from, to: YYYY-MM or YYYY-MM-DD (a date stands for its month). Default: the 12 months ending
//   with this month in the user's time zone (a `from` alone runs to this month; a `to` alone
//   starts 11 months before it, but never before January 1900, the first month the API takes). At most 120 months (top merchants: 24); beyond, or `from` after
//   `to`, is a 400 naming the field.
// - accountIds: ids, comma-separated or repeated. An account the member does not see at all is
//   404 "Account not found" (as the transactions list answers); a balance-only one is accepted
//   and counts in net worth only (its transactions are not the member's to see).
// - categoryIds: ids, or `uncategorized`; comma-separated or repeated. A group stands for itself
//   and its subcategories, a subcategory for itself (as the transactions list's categoryId, ADR
//   0036); a split part counts in its own category. Unknown ids match nothing. Net worth ignores
//   them (balances have no category).
// - memberIds: only accounts owned by these members (accounts.user_id), still only the ones the
//   caller may see; unknown ids match nothing.
//
// Definitions, as the dashboard's (contract/analytics): income is the sum of positive standard
// amounts, expenses the spending as a positive number; transfers, opening balances and
// reconciliation adjustments are neither. A split counts per part, in each part's category.
// Income, expenses, categories, the Sankey and merchants count only accounts whose transactions
// the member sees; net worth counts every account they see (balance-only ones included).
//
// Net worth at a month's end is each account's balance then: the current balance less what the
// rollups record after that month; an investment account's holdings part is the month-end value
// its revaluation kept (investment_month_values), and when that value is unknown (a price was
// missing) the month's figures are null and the account is listed in `missingValues`. Assets
// are the accounts of every type but credit_card, loan and mortgage (signed: an overdrawn
// checking account lowers them); liabilities are minus the balances of those three types (a
// positive number for money owed); netWorth = assets − liabilities, the plain sum of balances.
// Another member's balance-only account counts at today's balance (and holdings value) in every
// month: its month-end balances would show its flows (ADR 0048); its owner sees its past.
//
// Currencies: amounts are converted to the household's base currency at each month's last day's
// rate (the latest rate on or before it). The answer names the base currency in the
// X-Report-Currency header. A figure that needs a rate nobody entered is null (never converted
// at 1), and the X-Missing-Rates header lists those currencies, comma-separated (absent when
// nothing is missing). In the Sankey and top merchants, which have no room for a null, amounts
// without a rate are left out, and the header still names their currencies. A household whose
// accounts are all in its base currency gets no nulls and no X-Missing-Rates header.
import { z } from 'zod'
import { ACCOUNT_TYPES } from './accounts'
import { id, isoDate, isoMonth, money } from './common'
import { MEMBER_READ, endpoint } from './endpoint'
import { CATEGORY_LEVELS } from '../domain/category-groups'

export const REPORT_CURRENCY_HEADER = 'x-report-currency'
export const MISSING_RATES_HEADER = 'x-missing-rates'
/** The longest range a report covers, in months. */
export const MAX_REPORT_MONTHS = 120
/**
 * Top merchants with a category filter reads the range's transactions (the merchant rollups have
 * no category), so its range is kept shorter: 24 months at most (the longest preset), 400 naming
 * `from` beyond.
 */
export const MAX_MERCHANT_MONTHS = 24

/** A month (YYYY-MM) or a date in it (YYYY-MM-DD). */
const monthOrDate = z
  .string()
  .refine((v) => isoMonth.safeParse(v).success || isoDate.safeParse(v).success, 'Must be a month YYYY-MM or a date YYYY-MM-DD')

/** Ids, comma-separated in one value or repeated (`?accountIds=a,b` or `?accountIds=a&accountIds=b`). */
const listOf = <T extends z.ZodType<string, string>>(item: T, most: number) =>
  z
    .union([z.string().max(4000), z.array(z.string().max(4000)).max(most)])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(item).max(most, `At most ${most} at once`))

export const reportQuery = z.object({
  from: monthOrDate.optional(),
  to: monthOrDate.optional(),
  accountIds: listOf(id, 200).optional(),
  categoryIds: listOf(z.union([id, z.literal('uncategorized')], { error: 'Must be a category id or uncategorized' }), 500).optional(),
  memberIds: listOf(id, 50).optional(),
})
export type ReportQuery = z.output<typeof reportQuery>

export const topMerchantsQuery = reportQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(10),
})

const amount = money.nullable()

export const cashFlowMonth = z.object({
  /** YYYY-MM */
  month: isoMonth,
  income: amount,
  expenses: amount,
  /** income − expenses */
  net: amount,
})

export const netWorthByKind = z.object(
  Object.fromEntries(ACCOUNT_TYPES.map((type) => [type, amount])) as Record<(typeof ACCOUNT_TYPES)[number], typeof amount>,
)

export const netWorthMonth = z.object({
  month: isoMonth,
  assets: amount,
  liabilities: amount,
  netWorth: amount,
  /** the sum of balances of each account type at the month's end (signed, as balances are) */
  byKind: netWorthByKind,
  /** investment accounts whose month-end value is unknown (a price was missing then) */
  missingValues: z.array(id),
})

export const categoryMonth = z.object({ month: isoMonth, total: amount })

export const categorySpendingRow = z.object({
  /** null: uncategorized */
  categoryId: id.nullable(),
  categoryName: z.string(),
  /** the parent category (the spending group), null for a top-level one */
  groupId: id.nullable(),
  groupName: z.string().nullable(),
  /** spending over the range, positive */
  total: amount,
  /** total ÷ the range's number of months, to the cent */
  average: amount,
  /** the range's last month against the average, as a fraction (0.2: 20 % above); null when the average is 0 or unknown */
  trend: z.number().nullable(),
  /** the spending of every month of the range, oldest first (0 for none) */
  months: z.array(categoryMonth),
})

export const SANKEY_NODE_KINDS = ['income', 'total', 'group', 'category', 'saved', 'shortfall'] as const

export const sankey = z.object({
  /**
   * income categories (kind income) → one "Income" node (total) → spending groups (group:
   * parent categories) → their categories (category), or straight to a top-level category
   * (category). When income exceeds spending a "Saved" node takes the rest; when spending
   * exceeds income a "Shortfall" node feeds the difference into the total.
   */
  nodes: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(SANKEY_NODE_KINDS),
      /** the category (or group's parent category) behind the node; null for uncategorized and the synthetic nodes */
      categoryId: id.nullable(),
    }),
  ),
  /** source and target are indexes into nodes (the shape Recharts' Sankey takes); value > 0 */
  links: z.array(z.object({ source: z.number().int(), target: z.number().int(), value: money })),
  income: money,
  expenses: money,
})

export const merchantRow = z.object({
  /** the payee as stored; '' for rows without one */
  merchant: z.string(),
  /** spending with this payee over the range, positive */
  total: money,
  /** how many transactions */
  count: z.number().int(),
})

export const getCashFlow = endpoint({
  method: 'GET',
  path: '/api/reports/cash-flow',
  summary: 'Income, spending and net by month (default: the last 12 months)',
  tag: 'reports',
  access: MEMBER_READ,
  query: reportQuery,
  response: z.array(cashFlowMonth),
})

export const getNetWorthHistory = endpoint({
  method: 'GET',
  path: '/api/reports/net-worth',
  summary: 'Assets, liabilities and net worth at each month end, with the balance of each account type',
  tag: 'reports',
  access: MEMBER_READ,
  query: reportQuery,
  response: z.array(netWorthMonth),
})

export const spendingByCategoryQuery = reportQuery.extend({
  /** 'group': one row per category group, its subcategories' spending rolled up into it (ADR 0036) */
  level: z.enum(CATEGORY_LEVELS).default('category'),
})

export const getSpendingByCategory = endpoint({
  method: 'GET',
  path: '/api/reports/spending-by-category',
  summary: 'Spending per category (or per category group) over the range, largest first, with its monthly average, trend and months',
  tag: 'reports',
  access: MEMBER_READ,
  query: spendingByCategoryQuery,
  response: z.array(categorySpendingRow),
})

export const getSankey = endpoint({
  method: 'GET',
  path: '/api/reports/sankey',
  summary: 'Where the money went: income categories to spending groups and categories, with what was saved',
  tag: 'reports',
  access: MEMBER_READ,
  query: reportQuery,
  response: sankey,
})

export const getTopMerchants = endpoint({
  method: 'GET',
  path: '/api/reports/top-merchants',
  summary: 'The payees with the most spending over the range, largest first',
  tag: 'reports',
  access: MEMBER_READ,
  query: topMerchantsQuery,
  response: z.array(merchantRow),
})
