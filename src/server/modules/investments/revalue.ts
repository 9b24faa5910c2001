// Revaluation of investment accounts (ADR 0027): an account's balance is its ledger's
// transactions plus `investment_value`, the cash effect of its activities and its holdings at
// the latest prices. Whenever activities, prices, rates or the cost method change, this works the
// value out again and moves `balance` by the difference, in one statement, so every sum of
// balances (net worth, the dashboard, the mood score) includes the holdings; and it rewrites the
// account's month-end values (`investment_month_values`, null where a price was missing) for the
// net-worth history.
//
// A holding with no known price (or no exchange rate to the account's currency) counts in the
// balance at its cost basis: what was paid for it, not an invented price; the holdings and
// month-end values show it as missing.
import { and, eq, sql } from 'drizzle-orm'
import { endOfMonth, startOfMonth, type IsoDate } from '../../../domain/dates'
import { asQuantity, marketValue, portfolioFrom, type Portfolio } from '../../../domain/investments/lots'
import { dailyValuation, priceIndex, priceOn, type PriceIndex } from '../../../domain/investments/valuation'
import { asCents, type Cents } from '../../../domain/money'
import type { DbOrTx } from '../../db/connect'
import { accounts, investmentMonthValues } from '../../db/schema'
import { loadBooks, type AccountBook } from './book'

export type RevalueOptions = {
  /** the last day of the month-end history: today (UTC) when left out */
  today?: IsoDate
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

/** The account's investment value now: its activities' cash and its holdings at the latest prices. */
export function currentValue(book: AccountBook): CurrentValue {
  const portfolio = portfolioFrom(book.activities, book.account.costMethod)
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

/** The value at each month's end (the last month's at `today`, or its last activity). */
export function monthEndValues(book: AccountBook, today: IsoDate): { month: IsoDate; value: Cents | null }[] {
  const first = book.activities.reduce<IsoDate | null>((min, a) => (min === null || a.date < min ? a.date : min), null)
  if (first === null) return []
  const lastActivity = book.activities.reduce<IsoDate>((max, a) => (a.date > max ? a.date : max), first)
  const to = lastActivity > today ? lastActivity : today
  const days = dailyValuation(book.activities, book.prices, { method: book.account.costMethod, to })
  const out: { month: IsoDate; value: Cents | null }[] = []
  for (let i = 0; i < days.length; i += 1) {
    const day = days[i]
    if (!day) continue
    const next = days[i + 1]
    if (next === undefined || day.date === endOfMonth(day.date)) {
      out.push({ month: startOfMonth(day.date), value: day.value })
    }
  }
  return out
}

function utcToday(): IsoDate {
  return new Date().toISOString().slice(0, 10)
}

/**
 * Works out the accounts' investment value again and moves their balances by the difference,
 * and rewrites their month-end values; accounts that are not investment accounts of the
 * household are left alone. Runs in a transaction (a savepoint inside the caller's): an
 * impossible history (a sale of more than is held) throws InvestmentError and changes nothing.
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
    const books = await loadBooks(tx, householdId, ids, { prices: 'monthEnds' })
    for (const book of books) {
      const now = book.activities.length === 0 ? null : currentValue(book)
      const value = now?.value ?? 0
      await tx
        .update(accounts)
        .set({
          balance: sql`${accounts.balance} + ${value}::bigint - ${accounts.investmentValue}`,
          investmentValue: value,
          updatedAt: sql`now()`,
        })
        .where(and(eq(accounts.householdId, householdId), eq(accounts.id, book.account.id)))
      await tx.delete(investmentMonthValues).where(eq(investmentMonthValues.accountId, book.account.id))
      const months = monthEndValues(book, today)
      for (let i = 0; i < months.length; i += 1000) {
        await tx.insert(investmentMonthValues).values(
          months.slice(i, i + 1000).map((m) => ({ accountId: book.account.id, householdId, month: m.month, value: m.value })),
        )
      }
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
