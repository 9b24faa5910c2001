// Loads what the investments domain needs for some investment accounts (their activities, the
// ledger's transactions as cash moving in and out, prices and exchange rates) and turns the rows
// into domain activities and price points in each account's currency.
//
// Amounts and fees are in the account's currency; a price is in its security's. For a security
// quoted in another currency than the account's, prices are converted with the account's rate
// book (domain/currency) on each day a price or a rate changes, and a trade with no amount gets
// its amount converted at the trade date's rate; with no rate, the holding is missing ('no
// exchange rate'), never taken at 1.
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { rateBook, rateOn, type Rate, type RateBook } from '#src/domain/currency'
import { addDays, type IsoDate } from '#src/domain/dates'
import {
  InvestmentError,
  marketValue,
  type Activity,
  type CashTransfer,
  type CostMethod,
  type Portfolio,
  type Price,
  type Quantity,
} from '#src/domain/investments/lots'
import type { PricePoint, ValuationDay } from '#src/domain/investments/valuation'
import { asCents, type Cents } from '#src/domain/money'
import type { DbOrTx } from '#src/server/db/connect'
import {
  accounts,
  exchangeRates,
  households,
  investmentActivities,
  investmentDayValues,
  investmentPositions,
  securities,
  securityPrices,
  transactions,
  type StoredSecurity,
} from '#src/server/db/schema'

export type AccountRow = {
  id: string
  name: string
  type: string
  currency: string
  costMethod: CostMethod
  balance: number
  investmentValue: number
}

export type ActivityRow = {
  id: string
  accountId: string
  securityId: string | null
  symbol: string | null
  securityName: string | null
  securityCurrency: string | null
  type: string
  date: string
  quantity: number | null
  price: number | null
  amount: number | null
  fees: number
  ratio: number | null
  costBasis: number | null
  memo: string
  source: string
  createdAt: Date
}

export type SecurityInfo = { id: string; symbol: string; name: string; kind: string; currency: string }

export type AccountBook = {
  account: AccountRow
  rows: BookRow[]
  /** the activities, in the account's currency (none when the stored positions were read instead) */
  activities: Activity[]
  /** the positions after every activity, as the last revaluation stored them (ADR 0034); null: replay `activities` */
  portfolio: Portfolio | null
  /** the securities the activities name, each with its last trade price (from `rows` or the stored positions) */
  named: StoredSecurity[]
  /**
   * The activities' valuation as stored on the days it changed, from the last change before the
   * range asked for to its end (`series` option); null when it is not stored: replay `activities`.
   */
  series: ValuationDay[] | null
  /** the ledger's transactions summed by day, as cash transfers in (+) and out (−) */
  ledger: CashTransfer[]
  /** prices in the account's currency, per symbol, from the price table, trades and rates */
  prices: PricePoint[]
  /** the latest known price of each symbol in its own currency, with its date */
  latest: Map<string, { price: Price; date: IsoDate }>
  /** symbols quoted in another currency with no rate to the account's */
  noRate: Set<string>
  securities: Map<string, SecurityInfo>
}

export const activityColumns = {
  id: investmentActivities.id,
  accountId: investmentActivities.accountId,
  securityId: investmentActivities.securityId,
  symbol: securities.symbol,
  securityName: securities.name,
  securityCurrency: securities.currency,
  type: investmentActivities.type,
  date: investmentActivities.date,
  quantity: investmentActivities.quantity,
  price: investmentActivities.price,
  amount: investmentActivities.amount,
  fees: investmentActivities.fees,
  ratio: investmentActivities.ratio,
  costBasis: investmentActivities.costBasis,
  memo: investmentActivities.memo,
  source: investmentActivities.source,
  createdAt: investmentActivities.createdAt,
}

export async function loadAccounts(db: DbOrTx, householdId: string, ids: string[]): Promise<AccountRow[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      type: accounts.type,
      currency: accounts.currency,
      costMethod: accounts.costMethod,
      balance: accounts.balance,
      investmentValue: accounts.investmentValue,
    })
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), inArray(accounts.id, ids)))
    .orderBy(asc(accounts.name), asc(accounts.id))
  return rows.map((r) => ({ ...r, costMethod: r.costMethod === 'average' ? 'average' : 'fifo' }))
}

export async function householdBaseCurrency(db: DbOrTx, householdId: string): Promise<string> {
  const [row] = await db
    .select({ base: households.baseCurrency })
    .from(households)
    .where(eq(households.id, householdId))
    .limit(1)
  return row?.base ?? 'USD'
}

export async function loadRates(db: DbOrTx, householdId: string): Promise<Rate[]> {
  return db
    .select({
      currency: exchangeRates.currency,
      quote: exchangeRates.quote,
      date: exchangeRates.date,
      rate: exchangeRates.rate,
    })
    .from(exchangeRates)
    .where(eq(exchangeRates.householdId, householdId))
}

/** A price in one currency times a rate, in 1e-8 units of the other. */
function convertPrice(price: number, rate: number): Price {
  return Math.round(price * rate) as Price
}

function toDomain(row: BookRow, account: AccountRow, book: RateBook | null): Activity {
  const symbol = row.symbol ?? undefined
  const foreign = row.securityCurrency !== null && row.securityCurrency !== account.currency
  const q = (row.quantity ?? 0) as Quantity
  const fees = asCents(row.fees)
  // a trade's value in the account's currency when only a price (in the security's) is known
  const converted = (): Cents | undefined => {
    if (row.price === null || row.quantity === null) return undefined
    const native = marketValue(q, row.price as Price)
    if (!foreign) return native
    const rate = book && row.securityCurrency ? rateOn(book, row.securityCurrency, row.date) : null
    if (rate === null) {
      throw new InvestmentError(
        'missing_amount',
        (day) => `${row.type} of ${row.symbol} on ${day}: no ${row.securityCurrency} to ${account.currency} exchange rate; give the amount in ${account.currency}`,
        row.date,
      )
    }
    return asCents(Math.round(native * rate))
  }
  switch (row.type) {
    case 'buy':
    case 'sell':
      return {
        type: row.type,
        date: row.date,
        symbol: symbol ?? '',
        quantity: q,
        ...(row.amount !== null ? { amount: asCents(row.amount) } : foreign ? { amount: converted() } : {}),
        ...(row.price !== null && !foreign ? { price: row.price as Price } : {}),
        fees,
      }
    case 'dividend':
    case 'interest':
      return { type: row.type, date: row.date, symbol, amount: asCents(row.amount ?? 0), fees }
    case 'fee':
      return { type: 'fee', date: row.date, symbol, amount: asCents((row.amount ?? 0) + row.fees) }
    case 'split':
      return { type: 'split', date: row.date, symbol: symbol ?? '', ratio: row.ratio ?? 1 }
    case 'transfer_in':
    case 'transfer_out':
      if (symbol === undefined) return { type: row.type, date: row.date, amount: asCents(row.amount ?? 0) }
      return {
        type: row.type,
        date: row.date,
        symbol,
        quantity: q,
        ...(row.costBasis !== null
          ? { costBasis: asCents(row.costBasis) }
          : row.type === 'transfer_in'
            ? { costBasis: converted() }
            : {}),
        ...(row.price !== null && !foreign ? { price: row.price as Price } : {}),
      }
    default:
      throw new InvestmentError('bad_amount', `Unknown activity type ${row.type}`)
  }
}

/** Activities of accounts, oldest first (the order they were entered within a day). */
export async function loadActivityRows(db: DbOrTx, householdId: string, accountIds: string[]): Promise<ActivityRow[]> {
  if (accountIds.length === 0) return []
  return db
    .select(activityColumns)
    .from(investmentActivities)
    .leftJoin(securities, eq(securities.id, investmentActivities.securityId))
    .where(and(eq(investmentActivities.householdId, householdId), inArray(investmentActivities.accountId, accountIds)))
    .orderBy(asc(investmentActivities.date), asc(investmentActivities.createdAt), asc(investmentActivities.id))
}

/** One activity as the domain needs it (loadBooks reads no more than this). */
export type BookRow = Pick<
  ActivityRow,
  'accountId' | 'securityId' | 'symbol' | 'securityCurrency' | 'type' | 'date' | 'quantity' | 'price' | 'amount' | 'fees' | 'ratio' | 'costBasis'
>

/**
 * Which prices to read. The full history of 50 securities over 20 years is a quarter of a million
 * rows: a read never loads it. `latest`: each security's latest price (holdings, allocation, the
 * balance). `monthEnds`: the last price of each month (the month-end values). A range: the latest
 * price on or before `from`, then every price up to `to`, or only the last of each week or month.
 */
export type PriceSelection =
  | 'none'
  | 'latest'
  | 'monthEnds'
  | { from: IsoDate; to: IsoDate; step: 'day' | 'week' | 'month' }

export type LoadOptions = {
  /** also read the ledger's transactions (for valuation and performance; revaluation needs none) */
  ledger?: boolean
  prices?: PriceSelection
  /**
   * Read the positions the last revaluation stored instead of the activities (an account with
   * none stored is replayed as before). A read of the current value wants this; a revaluation,
   * which stores them, does not.
   */
  stored?: boolean
  /**
   * With `stored`: also read the stored daily valuation over this range; the prices (`prices`)
   * are then read only for accounts that have none stored.
   */
  series?: { from: IsoDate; to: IsoDate }
}

type StoredPositions = { portfolio: Portfolio; securities: StoredSecurity[] }

async function loadStored(db: DbOrTx, householdId: string, ids: string[]): Promise<Map<string, StoredPositions>> {
  const rows = await db
    .select({ accountId: investmentPositions.accountId, portfolio: investmentPositions.portfolio, securities: investmentPositions.securities })
    .from(investmentPositions)
    .where(and(eq(investmentPositions.householdId, householdId), inArray(investmentPositions.accountId, ids)))
  return new Map(rows.map((r) => [r.accountId, { portfolio: r.portfolio, securities: r.securities }]))
}

/** The stored changes of an account's valuation from the last one before `from` up to `to`. */
export async function loadSeries(db: DbOrTx, householdId: string, accountId: string, range: { from: IsoDate; to: IsoDate }): Promise<ValuationDay[]> {
  const result = await db.execute<{ date: string; cash: string; market: string | null; flow: string | null; missing: string[] }>(sql`
    select date::text as date, cash::text as cash, market_value::text as market, flow::text as flow, missing
    from ${investmentDayValues}
    where account_id = ${accountId} and household_id = ${householdId} and date <= ${range.to}::date
      and date >= coalesce(
        (select max(date) from ${investmentDayValues} where account_id = ${accountId} and date < ${range.from}::date),
        ${range.from}::date)
    order by date`)
  return result.rows.map((r) => {
    const market = r.market === null ? null : asCents(Number(r.market))
    const cash = asCents(Number(r.cash))
    return {
      date: r.date,
      cash,
      marketValue: market,
      value: market === null ? null : asCents(cash + market),
      flow: r.flow === null ? null : asCents(Number(r.flow)),
      missing: r.missing,
    }
  })
}

type PriceRow = { securityId: string; date: IsoDate; price: number }

async function latestPrices(db: DbOrTx, householdId: string, ids: string[], onOrBefore: IsoDate): Promise<PriceRow[]> {
  const result = await db.execute<{ security_id: string; date: string; price: string }>(sql`
    select s.id as security_id, p.date::text as date, p.price::text as price
    from unnest(${sql.param(ids)}::uuid[]) as s(id)
    cross join lateral (
      select date, price from security_prices
      where security_id = s.id and household_id = ${householdId} and date <= ${onOrBefore}::date
      order by date desc limit 1
    ) p`)
  return result.rows.map((r) => ({ securityId: r.security_id, date: r.date, price: Number(r.price) }))
}

async function bucketPrices(
  db: DbOrTx,
  householdId: string,
  ids: string[],
  range: { from: IsoDate; to: IsoDate },
  step: 'week' | 'month',
): Promise<PriceRow[]> {
  const unit = step === 'week' ? sql.raw(`'week'`) : sql.raw(`'month'`)
  const result = await db.execute<{ security_id: string; date: string; price: string }>(sql`
    select distinct on (security_id, date_trunc(${unit}, date)) security_id, date::text as date, price::text as price
    from security_prices
    where household_id = ${householdId} and security_id = any(${sql.param(ids)}::uuid[])
      and date between ${range.from}::date and ${range.to}::date
    order by security_id, date_trunc(${unit}, date), date desc`)
  return result.rows.map((r) => ({ securityId: r.security_id, date: r.date, price: Number(r.price) }))
}

async function selectPrices(db: DbOrTx, householdId: string, ids: string[], selection: PriceSelection): Promise<PriceRow[]> {
  if (ids.length === 0 || selection === 'none') return []
  if (selection === 'latest') return latestPrices(db, householdId, ids, '9999-12-31')
  if (selection === 'monthEnds') return bucketPrices(db, householdId, ids, { from: '1900-01-01', to: '9999-12-31' }, 'month')
  const before = await latestPrices(db, householdId, ids, addDays(selection.from, -1))
  if (selection.step !== 'day') return [...before, ...(await bucketPrices(db, householdId, ids, selection, selection.step))]
  const rows = await db
    .select({ securityId: securityPrices.securityId, date: securityPrices.date, price: securityPrices.price })
    .from(securityPrices)
    .where(
      and(
        eq(securityPrices.householdId, householdId),
        inArray(securityPrices.securityId, ids),
        gte(securityPrices.date, selection.from),
        lte(securityPrices.date, selection.to),
      ),
    )
  return [...before, ...rows]
}

/** Everything needed to value the accounts (investment accounts of the household only). */
export async function loadBooks(
  db: DbOrTx,
  householdId: string,
  accountIds: string[],
  options: LoadOptions = {},
): Promise<AccountBook[]> {
  const accountRows = (await loadAccounts(db, householdId, accountIds)).filter((a) => a.type === 'investment')
  if (accountRows.length === 0) return []
  const ids = accountRows.map((a) => a.id)
  const stored = options.stored ? await loadStored(db, householdId, ids) : new Map<string, StoredPositions>()
  const replayed = ids.filter((id) => !stored.has(id))
  const a = investmentActivities
  const lean =
    replayed.length === 0
      ? []
      : await db
          .select({
            accountId: a.accountId,
            securityId: a.securityId,
            type: a.type,
            date: a.date,
            quantity: a.quantity,
            price: a.price,
            amount: a.amount,
            fees: a.fees,
            ratio: a.ratio,
            costBasis: a.costBasis,
          })
          .from(a)
          .where(and(eq(a.householdId, householdId), inArray(a.accountId, replayed)))
          .orderBy(asc(a.date), asc(a.createdAt), asc(a.id))

  const securityIds = new Set<string>()
  for (const r of lean) if (r.securityId) securityIds.add(r.securityId)
  for (const s of stored.values()) for (const sec of s.securities) securityIds.add(sec.id)
  const secRows =
    securityIds.size === 0
      ? []
      : await db
          .select({ id: securities.id, symbol: securities.symbol, name: securities.name, kind: securities.kind, currency: securities.currency })
          .from(securities)
          .where(and(eq(securities.householdId, householdId), inArray(securities.id, [...securityIds])))
  const secById = new Map(secRows.map((s) => [s.id, s]))
  const rowsByAccount = new Map<string, BookRow[]>(ids.map((id) => [id, []]))
  for (const r of lean) {
    const sec = r.securityId ? secById.get(r.securityId) : undefined
    rowsByAccount.get(r.accountId)?.push({ ...r, symbol: sec?.symbol ?? null, securityCurrency: sec?.currency ?? null })
  }
  // the securities each account's activities name, with the last price their trades gave
  const namedByAccount = new Map<string, StoredSecurity[]>()
  for (const id of ids) {
    const kept = stored.get(id)
    namedByAccount.set(id, kept ? kept.securities : namedSecurities(rowsByAccount.get(id) ?? []))
  }
  // with the stored valuation, prices are only needed for the accounts replayed
  const priceIds = new Set<string>()
  for (const id of options.series ? replayed : ids) for (const sec of namedByAccount.get(id) ?? []) priceIds.add(sec.id)
  const priceRows = await selectPrices(db, householdId, [...priceIds], options.prices ?? 'latest')
  const tablePrices = new Map<string, { date: IsoDate; price: number }[]>()
  for (const p of priceRows) {
    const sec = secById.get(p.securityId)
    if (!sec) continue
    let list = tablePrices.get(sec.symbol)
    if (!list) tablePrices.set(sec.symbol, (list = []))
    list.push({ date: p.date, price: p.price })
  }

  const needsRates = accountRows.some((acc) =>
    (namedByAccount.get(acc.id) ?? []).some((n) => {
      const currency = secById.get(n.id)?.currency
      return currency !== undefined && currency !== acc.currency
    }),
  )
  const rates = needsRates ? await loadRates(db, householdId) : []

  const ledgerByAccount = new Map<string, CashTransfer[]>()
  if (options.ledger) {
    const sums = await db
      .select({
        accountId: transactions.accountId,
        date: transactions.date,
        total: sql<string>`sum(${transactions.amount})`,
      })
      .from(transactions)
      .where(and(eq(transactions.householdId, householdId), inArray(transactions.accountId, ids)))
      .groupBy(transactions.accountId, transactions.date)
    for (const s of sums) {
      const amount = Number(s.total)
      if (amount === 0) continue
      let list = ledgerByAccount.get(s.accountId)
      if (!list) ledgerByAccount.set(s.accountId, (list = []))
      list.push({ type: amount > 0 ? 'transfer_in' : 'transfer_out', date: s.date, amount: asCents(Math.abs(amount)) })
    }
  }

  const seriesByAccount = new Map<string, ValuationDay[]>()
  if (options.series) {
    for (const id of ids) {
      if (stored.has(id)) seriesByAccount.set(id, await loadSeries(db, householdId, id, options.series))
    }
  }

  return accountRows.map((account) => {
    const rows = rowsByAccount.get(account.id) ?? []
    const named = namedByAccount.get(account.id) ?? []
    const kept = stored.get(account.id)
    const book = needsRates ? rateBook(account.currency, rates) : null
    const held = new Map<string, SecurityInfo>()
    for (const n of named) {
      const sec = secById.get(n.id)
      if (sec) held.set(sec.symbol, sec)
    }
    const activities = rows.map((r) => toDomain(r, account, book))
    const prices: PricePoint[] = []
    const latest = new Map<string, { price: Price; date: IsoDate }>()
    const noRate = new Set<string>()
    // native prices of each security: the trades', then the table's (which win on the same day);
    // replayed activities give every trade's, the stored positions the last one's (all a current
    // value needs)
    const tradePrices = new Map<string, Map<IsoDate, number>>()
    if (kept) {
      for (const n of named) if (n.lastTrade) tradePrices.set(n.id, new Map([[n.lastTrade.date, n.lastTrade.price]]))
    } else {
      for (const r of rows) {
        if (r.securityId === null || r.price === null) continue
        if (r.type !== 'buy' && r.type !== 'sell' && r.type !== 'transfer_in' && r.type !== 'transfer_out') continue
        let days = tradePrices.get(r.securityId)
        if (!days) tradePrices.set(r.securityId, (days = new Map()))
        days.set(r.date, r.price)
      }
    }
    for (const sec of held.values()) {
      const native = new Map<IsoDate, number>(tradePrices.get(sec.id) ?? [])
      for (const p of tablePrices.get(sec.symbol) ?? []) native.set(p.date, p.price)
      const dates = [...native.keys()].sort()
      const last = dates[dates.length - 1]
      if (last !== undefined) latest.set(sec.symbol, { price: native.get(last) as Price, date: last })
      if (sec.currency === account.currency) {
        // the domain adds the replayed trades' prices itself; a stored last trade price goes
        // first, so the table's price of the same day wins
        if (kept) for (const [date, price] of tradePrices.get(sec.id) ?? []) prices.push({ symbol: sec.symbol, date, price: price as Price })
        for (const p of tablePrices.get(sec.symbol) ?? []) prices.push({ symbol: sec.symbol, date: p.date, price: p.price as Price })
        continue
      }
      const series = book?.series.get(sec.currency.toUpperCase())
      const first = dates[0]
      if (first === undefined) continue
      const days = [...new Set([...dates, ...(series?.dates ?? []).filter((d) => d >= first)])].sort()
      let at = -1
      let any = false
      for (const day of days) {
        while (at + 1 < dates.length && (dates[at + 1] ?? '') <= day) at += 1
        const p = native.get(dates[at] ?? '')
        const rate = book ? rateOn(book, sec.currency, day) : null
        if (p === undefined || rate === null) continue
        prices.push({ symbol: sec.symbol, date: day, price: convertPrice(p, rate) })
        any = true
      }
      if (!any || (book ? rateOn(book, sec.currency, last ?? first) : null) === null) noRate.add(sec.symbol)
    }
    return {
      account,
      rows,
      activities,
      portfolio: kept?.portfolio ?? null,
      named,
      series: seriesByAccount.get(account.id) ?? null,
      ledger: ledgerByAccount.get(account.id) ?? [],
      prices,
      latest,
      noRate,
      securities: held,
    }
  })
}

/** The securities some activities name, in the order first named, each with its last trade price. */
export function namedSecurities(rows: readonly BookRow[]): StoredSecurity[] {
  const named = new Map<string, StoredSecurity>()
  for (const r of rows) {
    if (r.securityId === null) continue
    let entry = named.get(r.securityId)
    if (!entry) named.set(r.securityId, (entry = { id: r.securityId, lastTrade: null }))
    if (r.price === null) continue
    if (r.type !== 'buy' && r.type !== 'sell' && r.type !== 'transfer_in' && r.type !== 'transfer_out') continue
    entry.lastTrade = { date: r.date, price: r.price }
  }
  return [...named.values()]
}
