// Investments (ADR 0027): securities, the activities of investment accounts, prices,
// holdings with cost basis, performance (time- and money-weighted returns), income, allocation
// with targets, and the daily valuation history.
//
// On the wire, money is a decimal with 2 places (`money`, cents inside); quantities and prices
// are plain JSON numbers with up to 8 decimals (1e-8 units inside, domain/investments/lots).
// Returns and shares are fractions (0.2 is 20 %). A price (or exchange rate) that is not known is
// null, never 0 or 1: `missing` lists what is missing.
import { z } from 'zod'
import { ASSET_KINDS } from '../domain/investments/allocation'
import { ACTIVITY_SOURCES, ACTIVITY_TYPES, COST_METHODS, PRICE_SOURCES } from '../domain/investments/lots'
import { ADULT_WRITE, MEMBER_READ, endpoint } from './endpoint'
import {
  currencyCode,
  id,
  idParams,
  isoDate,
  isoMonth,
  MAX_AMOUNT,
  money,
  nonNegativeMoney,
  paginationQuery,
  trimmed,
} from './common'

export { ACTIVITY_TYPES }
export const activityType = z.enum(ACTIVITY_TYPES)
export type ActivityType = z.infer<typeof activityType>

export { ASSET_KINDS }
export const assetKind = z.enum(ASSET_KINDS)
export { ACTIVITY_SOURCES, COST_METHODS, PRICE_SOURCES }
export const costMethod = z.enum(COST_METHODS)
export const priceSource = z.enum(PRICE_SOURCES)

/** Below this a quantity or a price per share fits in 1e-8 units as a safe integer. */
export const MAX_UNITS = 90_000_000

function hasAtMost8Decimals(value: number): boolean {
  const units = value * 1e8
  const rounded = Math.round(units)
  return Number.isFinite(units) && Math.abs(units - rounded) <= Math.max(1e-6, Math.abs(units) * 1e-12)
}

/** A number of shares: more than 0, at most 8 decimals. */
export const quantity = z
  .number({ error: 'Must be a number' })
  .positive('Must be more than 0')
  .lt(MAX_UNITS, `Must be less than ${MAX_UNITS.toLocaleString('en-US')}`)
  .refine(hasAtMost8Decimals, 'Must have at most 8 decimals')

/** A price per share in the security's currency: 0 or more, at most 8 decimals. */
export const price = z
  .number({ error: 'Must be a number' })
  .nonnegative('Must not be negative')
  .lt(MAX_UNITS, `Must be less than ${MAX_UNITS.toLocaleString('en-US')}`)
  .refine(hasAtMost8Decimals, 'Must have at most 8 decimals')

/** A ticker (or CUSIP/ISIN): letters, digits and . - _ : / ^ =, kept in upper case. */
export const symbol = z
  .string()
  .trim()
  .min(1, 'Symbol is required')
  .max(32, 'Symbol must be at most 32 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9.\-_:/^=]*$/, 'Symbol may have letters, digits and . - _ : / ^ = only')
  .toUpperCase()

// ---- Securities ----

export const security = z.object({
  id,
  symbol: z.string(),
  name: z.string(),
  kind: assetKind,
  /** the currency its prices are quoted in */
  currency: z.string(),
  latestPrice: z.number().nullable(),
  latestPriceDate: isoDate.nullable(),
  /** held now (a quantity above 0) in an account the member sees whole */
  held: z.boolean(),
})
export type Security = z.output<typeof security>

export const updateSecurityBody = z
  .object({
    name: trimmed(120, 'Name'),
    kind: assetKind,
    currency: currencyCode,
  })
  .partial()

export const listSecurities = endpoint({
  method: 'GET',
  path: '/api/investments/securities',
  summary: 'The securities of the household that the member may see, by symbol',
  tag: 'investments',
  access: MEMBER_READ,
  response: z.array(security),
})

export const updateSecurity = endpoint({
  method: 'PATCH',
  path: '/api/investments/securities/:id',
  summary: "Rename a security, or change its kind or its prices' currency",
  tag: 'investments',
  access: ADULT_WRITE,
  params: idParams,
  body: updateSecurityBody,
  response: security,
})

// ---- Activities ----

export const activity = z.object({
  id,
  accountId: id,
  securityId: id.nullable(),
  /** null for cash activities (interest, a fee, cash in or out) */
  symbol: z.string().nullable(),
  securityName: z.string().nullable(),
  type: activityType,
  date: isoDate,
  quantity: z.number().nullable(),
  price: z.number().nullable(),
  /** gross amount (trades: quantity × price when not given; income: before fees) */
  amount: money.nullable(),
  fees: money,
  /** a split's new shares per old share (2 for 2-for-1) */
  ratio: z.number().nullable(),
  /** shares transferred in: the basis they bring */
  costBasis: money.nullable(),
  memo: z.string(),
  source: z.enum(ACTIVITY_SOURCES),
  createdAt: z.string(),
})
export type InvestmentActivity = z.output<typeof activity>

const activityFields = {
  /** required for buy, sell, split and shares moving in or out; optional for income and fees */
  symbol: symbol.nullable().optional(),
  type: activityType,
  date: isoDate,
  quantity: quantity.optional(),
  price: price.optional(),
  /** gross amount: for trades, quantity × price when left out; required for income, fees and cash in or out */
  amount: nonNegativeMoney.optional(),
  fees: nonNegativeMoney.optional(),
  /** splits: new shares per old share (2 for 2-for-1, 0.1 for 1-for-10) */
  ratio: z.number({ error: 'Must be a number' }).positive('Must be more than 0').max(1_000_000, 'Must be at most 1,000,000').optional(),
  /** shares transferred in: the cost basis they bring (quantity × price when left out) */
  costBasis: nonNegativeMoney.optional(),
  memo: trimmed(200, 'Memo').optional(),
  /** for a symbol seen for the first time: the new security's name, kind and currency */
  name: trimmed(120, 'Name').optional(),
  kind: assetKind.optional(),
  currency: currencyCode.optional(),
}

type ActivityFieldsIn = {
  symbol?: string | null | undefined
  type: ActivityType
  quantity?: number | undefined
  price?: number | undefined
  amount?: number | undefined
  ratio?: number | undefined
  costBasis?: number | undefined
}

/** What each type needs: one message per missing field, named. */
export function checkActivityFields(a: ActivityFieldsIn, ctx: z.RefinementCtx): void {
  const need = (field: string, message: string): void => {
    ctx.addIssue({ code: 'custom', path: [field], message })
  }
  const hasSymbol = a.symbol !== undefined && a.symbol !== null
  switch (a.type) {
    case 'buy':
    case 'sell':
      if (!hasSymbol) need('symbol', `A ${a.type} needs a symbol`)
      if (a.quantity === undefined) need('quantity', `A ${a.type} needs a quantity`)
      if (a.price === undefined && a.amount === undefined) need('price', `A ${a.type} needs a price or an amount`)
      break
    case 'split':
      if (!hasSymbol) need('symbol', 'A split needs a symbol')
      if (a.ratio === undefined) need('ratio', 'A split needs a ratio (new shares per old share)')
      break
    case 'dividend':
    case 'interest':
    case 'fee':
      if (a.amount === undefined) need('amount', `A${a.type === 'interest' ? 'n' : ''} ${a.type} needs an amount`)
      break
    case 'transfer_in':
    case 'transfer_out':
      if (hasSymbol) {
        if (a.quantity === undefined) need('quantity', 'Shares moving in or out need a quantity')
        if (a.type === 'transfer_in' && a.costBasis === undefined && a.price === undefined) {
          need('costBasis', 'Shares transferred in need their cost basis (or a price)')
        }
      } else if (a.amount === undefined) {
        need('amount', 'Cash moving in or out needs an amount (or give a symbol for shares)')
      }
      break
  }
  // cents of a trade must stay within the API's amounts
  if (a.quantity !== undefined && a.price !== undefined && a.quantity * a.price >= MAX_AMOUNT) {
    need('price', 'Quantity × price must be less than 10,000,000,000')
  }
}

export const createActivityBody = z
  .object({ accountId: id, ...activityFields })
  .superRefine(checkActivityFields)

/** Every field may change except the account; the result must still make sense for its type. */
export const updateActivityBody = z.object({
  symbol: activityFields.symbol,
  type: activityType.optional(),
  date: isoDate.optional(),
  quantity: quantity.nullable().optional(),
  price: price.nullable().optional(),
  amount: nonNegativeMoney.nullable().optional(),
  fees: nonNegativeMoney.optional(),
  ratio: activityFields.ratio.unwrap().nullable().optional(),
  costBasis: nonNegativeMoney.nullable().optional(),
  memo: activityFields.memo,
})

export const listActivitiesQuery = paginationQuery.extend({
  /** one investment account; every visible investment account when left out */
  accountId: id.optional(),
  symbol: symbol.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
})

export const createActivity = endpoint({
  method: 'POST',
  path: '/api/investments/activities',
  summary: 'Record a buy, sell, dividend, interest, fee, split or transfer in an investment account',
  tag: 'investments',
  access: ADULT_WRITE,
  body: createActivityBody,
  response: activity,
  status: 201,
})

export const listActivities = endpoint({
  method: 'GET',
  path: '/api/investments/activities',
  summary: 'Activities of one or every visible investment account, newest first (cursor in X-Next-Cursor)',
  tag: 'investments',
  access: MEMBER_READ,
  query: listActivitiesQuery,
  response: z.array(activity),
})

export const updateActivity = endpoint({
  method: 'PATCH',
  path: '/api/investments/activities/:id',
  summary: 'Correct an activity (the account is revalued)',
  tag: 'investments',
  access: ADULT_WRITE,
  params: idParams,
  body: updateActivityBody,
  response: activity,
})

export const deleteActivity = endpoint({
  method: 'DELETE',
  path: '/api/investments/activities/:id',
  summary: 'Delete an activity (the account is revalued)',
  tag: 'investments',
  access: ADULT_WRITE,
  params: idParams,
  response: null,
})

// ---- Prices ----

export const pricePoint = z.object({
  symbol: z.string(),
  date: isoDate,
  price: z.number(),
  source: priceSource,
})

export const putPriceBody = z.object({ symbol, date: isoDate, price })

export const importPricesBody = z.object({
  /** CSV with the columns symbol, date, price (a header row, any case and order) */
  csv: z.string().min(1, 'The CSV is empty').max(2_000_000, 'The CSV must be at most 2,000,000 characters'),
})

export const importPricesResult = z.object({
  /** prices written (a price already there for that symbol and day is replaced) */
  imported: z.number().int(),
  /** symbols seen for the first time: a security was added for each */
  created: z.array(z.string()),
  /** investment accounts revalued */
  revalued: z.number().int(),
})

export const putPrice = endpoint({
  method: 'PUT',
  path: '/api/investments/prices',
  summary: "Set a security's price on a day (the accounts holding it are revalued)",
  tag: 'investments',
  access: ADULT_WRITE,
  body: putPriceBody,
  response: pricePoint,
})

export const importPrices = endpoint({
  method: 'POST',
  path: '/api/investments/prices/import',
  summary: 'Import prices from a CSV of symbol, date, price',
  tag: 'investments',
  access: ADULT_WRITE,
  body: importPricesBody,
  response: importPricesResult,
})

export const listPrices = endpoint({
  method: 'GET',
  path: '/api/investments/prices',
  summary: "A security's price history, newest first",
  tag: 'investments',
  access: MEMBER_READ,
  query: z.object({ symbol, from: isoDate.optional(), to: isoDate.optional() }),
  response: z.array(pricePoint),
})

// ---- Accounts ----

export const investmentAccount = z.object({
  accountId: id,
  name: z.string(),
  currency: z.string(),
  costMethod,
  /** cash from the activities and the ledger's transactions (the balance less the holdings) */
  cash: money,
  /** holdings at their latest prices, in the account's currency; null when one has none */
  marketValue: money.nullable(),
  /** the account's balance: cash + holdings (a holding with no price counted at its cost) */
  balance: money,
  /** symbols held with no price (or no exchange rate to the account's currency) */
  missing: z.array(z.string()),
})

export const listInvestmentAccounts = endpoint({
  method: 'GET',
  path: '/api/investments/accounts',
  summary: 'The investment accounts the member sees whole, with cash, holdings and cost method',
  tag: 'investments',
  access: MEMBER_READ,
  response: z.array(investmentAccount),
})

export const updateInvestmentAccount = endpoint({
  method: 'PATCH',
  path: '/api/investments/accounts/:id',
  summary: "Choose how an account's sold shares take their cost: FIFO or average cost",
  tag: 'investments',
  access: ADULT_WRITE,
  params: idParams,
  body: z.object({ costMethod }),
  response: investmentAccount,
})

// ---- Holdings ----

export const accountQuery = z.object({
  /** one investment account; every visible investment account when left out */
  accountId: id.optional(),
})

export const holding = z.object({
  accountId: id,
  securityId: id,
  symbol: z.string(),
  name: z.string(),
  kind: assetKind,
  /** the security's currency (its price's) */
  currency: z.string(),
  /** the account's currency (every money field of the row) */
  accountCurrency: z.string(),
  quantity: z.number(),
  costBasis: money,
  /** cost basis per share, in the account's currency; null when nothing is held */
  averageCost: money.nullable(),
  /** latest price per share in the security's currency; null when none is known */
  price: z.number().nullable(),
  priceDate: isoDate.nullable(),
  marketValue: money.nullable(),
  unrealizedGain: money.nullable(),
  realizedGain: money,
  /** dividends and interest received, gross */
  income: money,
  missingPrice: z.boolean(),
  /** why the market value is missing */
  missingReason: z.enum(['no_price', 'no_exchange_rate']).nullable(),
})
export type HoldingRow = z.output<typeof holding>

export const listHoldings = endpoint({
  method: 'GET',
  path: '/api/investments/holdings',
  summary: 'Holdings (and sold-out positions with their realised gain) of one or every visible investment account',
  tag: 'investments',
  access: MEMBER_READ,
  query: accountQuery,
  response: z.array(holding),
})

// ---- Performance and valuation ----

export const PERFORMANCE_RANGES = ['1M', 'YTD', '1Y', '5Y', 'all'] as const

export const rangeQuery = z.object({
  accountId: id.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** against the member's today in their time zone (or `to`); from/to win when given; never starts before 1900-01-01 */
  range: z.enum(PERFORMANCE_RANGES).optional(),
})

export const performancePoint = z.object({
  date: isoDate,
  /** cash + holdings at the end of the day; null when a price was missing */
  value: money.nullable(),
  /** the value at the start of the range plus the money added since (withdrawals taken off) */
  contributions: money,
})

export const performance = z.object({
  accountId: id.nullable(),
  /** the currency of every money field: the account's, or the household's base for several */
  currency: z.string(),
  from: isoDate,
  to: isoDate,
  /** time-weighted return over the range (0.2 is 20 %); null when nothing was invested */
  twr: z.number().nullable(),
  /** annualised, only when the range is over a year */
  twrAnnualized: z.number().nullable(),
  /** money-weighted return, annualised (actual/365) */
  xirr: z.number().nullable(),
  /** net money added in the range */
  contributions: money,
  startValue: money.nullable(),
  /** the value at the end of the range */
  marketValue: money.nullable(),
  /** end value − start value − contributions */
  gain: money.nullable(),
  explanation: z.string(),
  /** symbols with no price (or currencies with no rate) that kept figures from being worked out */
  missing: z.array(z.string()),
  /** daily, weekly or monthly points (at most about 400) for the contributions-against-growth chart */
  series: z.array(performancePoint),
})
export type PerformanceResult = z.output<typeof performance>

export const getPerformance = endpoint({
  method: 'GET',
  path: '/api/investments/performance',
  summary: 'Time-weighted and money-weighted returns, contributions and gain over a range',
  tag: 'investments',
  access: MEMBER_READ,
  query: rangeQuery,
  response: performance,
})

export const valuationPoint = z.object({
  date: isoDate,
  cash: money.nullable(),
  marketValue: money.nullable(),
  value: money.nullable(),
  missing: z.array(z.string()),
})

export const valuation = z.object({
  accountId: id.nullable(),
  currency: z.string(),
  from: isoDate,
  to: isoDate,
  /** the spacing of the points: every day, or the last day of each week or month */
  step: z.enum(['day', 'week', 'month']),
  points: z.array(valuationPoint),
})

export const getValuation = endpoint({
  method: 'GET',
  path: '/api/investments/valuation',
  summary: 'Daily valuation history (down-sampled to weeks or months for long ranges)',
  tag: 'investments',
  access: MEMBER_READ,
  query: rangeQuery,
  response: valuation,
})

// ---- Income ----

export const incomeRow = z.object({ dividends: money, interest: money, total: money })

export const income = z.object({
  accountId: id.nullable(),
  currency: z.string(),
  byMonth: z.array(incomeRow.extend({ month: isoMonth })),
  byYear: z.array(incomeRow.extend({ year: z.number().int() })),
  bySymbol: z.array(z.object({ symbol: z.string(), total: money })),
  /** the last 12 months up to the member's today */
  trailing12Months: money,
  total: money,
  /** currencies with no rate to convert income received in them */
  missing: z.array(z.string()),
})

export const getIncome = endpoint({
  method: 'GET',
  path: '/api/investments/income',
  summary: 'Dividends and interest by month and year, and over the trailing 12 months',
  tag: 'investments',
  access: MEMBER_READ,
  query: accountQuery,
  response: income,
})

// ---- Allocation and targets ----

export const allocationSlice = z.object({
  key: z.string(),
  /** a readable name for the key (an account's name, a security's name) */
  label: z.string(),
  value: money,
  share: z.number().nullable(),
})

export const target = z.object({
  kind: assetKind,
  percent: z.number().int('Must be a whole percent').min(0, 'Must be 0 or more').max(100, 'Must be at most 100'),
})

export const driftRow = z.object({
  kind: z.string(),
  value: money,
  actual: z.number().nullable(),
  target: z.number(),
  drift: z.number().nullable(),
  toTarget: money,
})

export const allocation = z.object({
  /** the household's base currency: every value is converted to it */
  currency: z.string(),
  total: money,
  byKind: z.array(allocationSlice),
  byAccount: z.array(allocationSlice),
  byCurrency: z.array(allocationSlice),
  topHoldings: z.array(allocationSlice),
  rest: z.object({ count: z.number().int(), value: money, share: z.number().nullable() }).nullable(),
  targets: z.array(target),
  /** empty when no target is set */
  drift: z.array(driftRow),
  /** symbols with no price, or currencies with no rate: left out of the totals */
  missing: z.array(z.string()),
})

export const getAllocation = endpoint({
  method: 'GET',
  path: '/api/investments/allocation',
  summary: 'Allocation by asset kind, account, currency and top holdings, and the drift from the targets',
  tag: 'investments',
  access: MEMBER_READ,
  query: accountQuery,
  response: allocation,
})

export const putTargetsBody = z.object({
  /** whole percents adding up to 100, one per kind; empty to clear the targets */
  targets: z.array(target).max(ASSET_KINDS.length, `At most ${ASSET_KINDS.length} targets`),
})

export const getTargets = endpoint({
  method: 'GET',
  path: '/api/investments/targets',
  summary: 'The target allocation by asset kind',
  tag: 'investments',
  access: MEMBER_READ,
  response: z.object({ targets: z.array(target) }),
})

export const putTargets = endpoint({
  method: 'PUT',
  path: '/api/investments/targets',
  summary: 'Set the target allocation by asset kind (percents adding up to 100)',
  tag: 'investments',
  access: ADULT_WRITE,
  body: putTargetsBody,
  response: z.object({ targets: z.array(target) }),
})
