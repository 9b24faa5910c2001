// Revaluation of investment accounts (ADR 0027): an account's balance is its ledger's
// transactions plus `investment_value`, the cash effect of its activities and its holdings at
// the latest prices. Whenever activities, prices, rates or the cost method change, this works the
// value out again and moves `balance` by the difference, in one statement, so every sum of
// balances (net worth, the dashboard, the mood score) includes the holdings; and it rewrites the
// account's month-end values (`investment_month_values`, null where a price was missing) for the
// net-worth history. It also keeps what reads would otherwise replay the activities for (ADR 0034):
// the positions after every activity (`investment_positions`) and the daily valuation of the
// activities, stored on the days it changes (`investment_day_values`). A write names the first day
// it changed (`from`): the days before it stay as they are, and only the days from it onward (and
// the current month, for the month-end values) are worked out again.
//
// A holding with no known price (or no exchange rate to the account's currency) counts in the
// balance at its cost basis: what was paid for it, not an invented price; the holdings and
// month-end values show it as missing.
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { startOfMonth, type IsoDate } from '#src/domain/dates'
import { asQuantity, marketValue, portfolioFrom, type Portfolio } from '#src/domain/investments/lots'
import {
  dailyValuation,
  priceIndex,
  priceOn,
  valuationChanges,
  type PriceIndex,
  type ValuationDay,
} from '#src/domain/investments/valuation'
import { asCents, type Cents } from '#src/domain/money'
import type { DbOrTx } from '#src/server/db/connect'
import { accounts, investmentDayValues, investmentMonthValues, investmentPositions } from '#src/server/db/schema'
import { loadBooks, namedSecurities, type AccountBook } from './book'

export type RevalueOptions = {
  /** the last day of the month-end history: today (UTC) when left out */
  today?: IsoDate
  /**
   * The first day the write changed (an activity's date, a price's): the stored valuation before
   * it is kept. Left out, the whole history is worked out again (a rate, a cost method, an import).
   */
  from?: IsoDate
}

export type CurrentValue = {
  portfolio: Portfolio
  /** cash from the activities + holdings at their latest prices (a missing one at cost) */
  value: Cents
  /** holdings at their latest prices; null when one has no price */
  marketValue: Cents | null
  missing: string[]
  /** the prices it was valued with, in the account's currency */
  index: PriceIndex
}

const FAR_FUTURE = '9999-12-31'
const FAR_PAST = '1900-01-01'

/** The account's investment value now: its activities' cash and its holdings at the latest prices. */
export function currentValue(book: AccountBook): CurrentValue {
  const portfolio = book.portfolio ?? portfolioFrom(book.activities, book.account.costMethod)
  const index = priceIndex(book.prices, book.activities)
  let market = 0
  let atCost = 0
  const missing: string[] = []
  for (const h of portfolio.holdings) {
    if (h.quantity <= 0) continue
    const price = book.noRate.has(h.symbol) ? null : priceOn(index, h.symbol, FAR_FUTURE)
    if (price === null) {
      missing.push(h.symbol)
      atCost += h.costBasis
    } else {
      market += marketValue(asQuantity(h.quantity), price)
    }
  }
  return {
    portfolio,
    value: asCents(portfolio.cash + market + atCost),
    marketValue: missing.length === 0 ? asCents(market) : null,
    missing,
    index,
  }
}

/** The value at each month's end from a run of days (the last month's at its last day). */
function monthEnds(days: readonly ValuationDay[]): { month: IsoDate; value: Cents | null }[] {
  const out: { month: IsoDate; value: Cents | null }[] = []
  for (let i = 0; i < days.length; i += 1) {
    const day = days[i]
    if (!day) continue
    if (i === days.length - 1 || (days[i + 1]?.date ?? '').endsWith('-01')) {
      out.push({ month: startOfMonth(day.date), value: day.value })
    }
  }
  return out
}

/** The value at each month's end (the last month's at `today`, or its last activity). */
export function monthEndValues(book: AccountBook, today: IsoDate): { month: IsoDate; value: Cents | null }[] {
  const first = book.activities.reduce<IsoDate | null>((min, a) => (min === null || a.date < min ? a.date : min), null)
  if (first === null) return []
  const lastActivity = book.activities.reduce<IsoDate>((max, a) => (a.date > max ? a.date : max), first)
  const to = lastActivity > today ? lastActivity : today
  return monthEnds(dailyValuation(book.activities, book.prices, { method: book.account.costMethod, to }))
}

function utcToday(): IsoDate {
  return new Date().toISOString().slice(0, 10)
}

const min = (a: IsoDate, b: IsoDate): IsoDate => (a < b ? a : b)
const max = (a: IsoDate, b: IsoDate): IsoDate => (a > b ? a : b)

/**
 * The first day each account's stored valuation must be worked out from: the write's first day,
 * or the month the month-end values last ended in (its value was taken mid-month), or this month;
 * the whole history for an account with nothing stored yet.
 */
async function startDays(tx: DbOrTx, householdId: string, ids: string[], from: IsoDate | undefined, today: IsoDate): Promise<Map<string, IsoDate>> {
  const starts = new Map<string, IsoDate>(ids.map((id) => [id, FAR_PAST]))
  if (from === undefined) return starts
  const [kept, months] = await Promise.all([
    tx
      .select({ accountId: investmentPositions.accountId })
      .from(investmentPositions)
      .where(and(eq(investmentPositions.householdId, householdId), inArray(investmentPositions.accountId, ids))),
    tx
      .select({ accountId: investmentMonthValues.accountId, last: sql<string | null>`max(${investmentMonthValues.month})::text` })
      .from(investmentMonthValues)
      .where(and(eq(investmentMonthValues.householdId, householdId), inArray(investmentMonthValues.accountId, ids)))
      .groupBy(investmentMonthValues.accountId),
  ])
  const lastMonth = new Map(months.map((m) => [m.accountId, m.last]))
  for (const { accountId } of kept) {
    let start = min(from, startOfMonth(today))
    const last = lastMonth.get(accountId)
    if (last) start = min(start, startOfMonth(last))
    starts.set(accountId, start)
  }
  return starts
}

/** The last stored change of an account's valuation before a day, or null. */
async function changeBefore(tx: DbOrTx, accountId: string, day: IsoDate): Promise<ValuationDay | null> {
  const [row] = await tx
    .select({
      date: investmentDayValues.date,
      cash: investmentDayValues.cash,
      marketValue: investmentDayValues.marketValue,
      flow: investmentDayValues.flow,
      missing: investmentDayValues.missing,
    })
    .from(investmentDayValues)
    .where(and(eq(investmentDayValues.accountId, accountId), lt(investmentDayValues.date, day)))
    .orderBy(sql`${investmentDayValues.date} desc`)
    .limit(1)
  if (!row) return null
  const cash = asCents(row.cash)
  const market = row.marketValue === null ? null : asCents(row.marketValue)
  return {
    date: row.date,
    cash,
    marketValue: market,
    value: market === null ? null : asCents(cash + market),
    flow: row.flow === null ? null : asCents(row.flow),
    missing: row.missing,
  }
}

/**
 * Stores an account's positions, and its valuation and month-end values from `start` on (the
 * days before stay as they were).
 */
async function storeValuation(tx: DbOrTx, householdId: string, book: AccountBook, portfolio: Portfolio, start: IsoDate, today: IsoDate): Promise<void> {
  const accountId = book.account.id
  await tx
    .insert(investmentPositions)
    .values({ accountId, householdId, portfolio, securities: namedSecurities(book.rows) })
    .onConflictDoUpdate({
      target: investmentPositions.accountId,
      set: { portfolio, securities: namedSecurities(book.rows), updatedAt: sql`now()` },
    })
  await tx.delete(investmentDayValues).where(and(eq(investmentDayValues.accountId, accountId), gte(investmentDayValues.date, start)))
  await tx.delete(investmentMonthValues).where(and(eq(investmentMonthValues.accountId, accountId), gte(investmentMonthValues.month, startOfMonth(start))))
  const firstActivity = book.activities[0]?.date
  if (firstActivity === undefined) return
  let lastActivity = firstActivity
  for (const a of book.activities) if (a.date > lastActivity) lastActivity = a.date
  // after the last activity and the last price nothing changes: the stored days end there
  let lastPrice = firstActivity
  for (const p of book.prices) if (p.date > lastPrice) lastPrice = p.date
  const monthsTo = max(lastActivity, today)
  const from = max(start, firstActivity)
  const to = max(max(monthsTo, lastPrice), from)
  const days = dailyValuation(book.activities, book.prices, { method: book.account.costMethod, from, to })
  const changes = valuationChanges(days, await changeBefore(tx, accountId, from))
  for (let i = 0; i < changes.length; i += 2000) {
    const part = changes.slice(i, i + 2000)
    await tx.execute(sql`
      insert into ${investmentDayValues} (account_id, household_id, date, cash, market_value, flow, missing)
      select ${accountId}::uuid, ${householdId}::uuid, d, c, m, f, array(select jsonb_array_elements_text(s))
      from unnest(
        ${sql.param(part.map((d) => d.date))}::date[],
        ${sql.param(part.map((d) => d.cash))}::bigint[],
        ${sql.param(part.map((d) => d.marketValue))}::bigint[],
        ${sql.param(part.map((d) => d.flow))}::bigint[],
        ${sql.param(part.map((d) => JSON.stringify(d.missing)))}::jsonb[]
      ) as t(d, c, m, f, s)`)
  }
  const months = monthEnds(days.filter((d) => d.date <= monthsTo))
  for (let i = 0; i < months.length; i += 1000) {
    await tx.insert(investmentMonthValues).values(
      months.slice(i, i + 1000).map((m) => ({ accountId, householdId, month: m.month, value: m.value })),
    )
  }
}

/**
 * Works out the accounts' investment value again and moves their balances by the difference,
 * and stores their positions, daily valuation and month-end values; accounts that are not
 * investment accounts of the household are left alone. Runs in a transaction (a savepoint inside
 * the caller's): an impossible history (a sale of more than is held) throws InvestmentError and
 * changes nothing.
 */
export async function revalueAccounts(
  db: DbOrTx,
  householdId: string,
  accountIds: string[],
  options: RevalueOptions = {},
): Promise<void> {
  const ids = [...new Set(accountIds)]
  if (ids.length === 0) return
  const today = options.today ?? utcToday()
  await db.transaction(async (tx) => {
    const starts = await startDays(tx, householdId, ids, options.from, today)
    let earliest = FAR_FUTURE
    for (const start of starts.values()) earliest = min(earliest, start)
    // the prices of the days worked out again, and the last one before them
    const books = await loadBooks(tx, householdId, ids, { prices: { from: earliest, to: FAR_FUTURE, step: 'day' } })
    for (const book of books) {
      const now = currentValue(book)
      const value = book.activities.length === 0 ? 0 : now.value
      await tx
        .update(accounts)
        .set({
          balance: sql`${accounts.balance} + ${value}::bigint - ${accounts.investmentValue}`,
          investmentValue: value,
          updatedAt: sql`now()`,
        })
        .where(and(eq(accounts.householdId, householdId), eq(accounts.id, book.account.id)))
      await storeValuation(tx, householdId, book, now.portfolio, starts.get(book.account.id) ?? FAR_PAST, today)
    }
  })
}

/**
 * Revalues every investment account of the household: after a change that may move many of them
 * (an exchange rate, a security's currency). Cheap for a household's handful of accounts.
 */
export async function revalueHousehold(db: DbOrTx, householdId: string, options: RevalueOptions = {}): Promise<void> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), eq(accounts.type, 'investment')))
  await revalueAccounts(
    db,
    householdId,
    rows.map((r) => r.id),
    options,
  )
}
