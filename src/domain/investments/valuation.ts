// The daily valuation of an investment account: for each day, its cash plus the market value of
// its holdings at the last known price on or before that day, and the money that came in or went
// out (the external flows that returns are measured around).
//
// A holding with no known price is reported as missing, and that day has no value: a price is
// never taken as 0 or 1. Known prices are the price table's, and the prices of the account's own
// trades and transfers (the table wins on the same day), so a holding is valued from the day it
// was bought even before anyone types a price.
//
// External flows are cash transfers in and out, at their amount, and shares transferred in or
// out, at their market value on that day; they happen at the start of the day (see returns.ts).

import { addDays, type IsoDate } from '../dates'
import { asCents, type Cents } from '../money'
import {
  applyActivity,
  asQuantity,
  marketValue,
  openBook,
  sortActivities,
  type Activity,
  type CashTransfer,
  type CostMethod,
  type Price,
} from './lots'

export type PricePoint = { symbol: string; date: IsoDate; price: Price }

type Series = { dates: IsoDate[]; prices: Price[] }

/** Known prices per symbol, by date. */
export type PriceIndex = ReadonlyMap<string, Series>

export function priceIndex(
  prices: readonly PricePoint[],
  activities: readonly Activity[] = [],
): PriceIndex {
  const byDay = new Map<string, Map<IsoDate, Price>>()
  const put = (symbol: string, date: IsoDate, price: Price, replace: boolean): void => {
    let days = byDay.get(symbol)
    if (!days) {
      days = new Map()
      byDay.set(symbol, days)
    }
    if (replace || !days.has(date)) days.set(date, price)
  }
  for (const p of prices) put(p.symbol, p.date, p.price, true)
  for (const a of activities) {
    if (
      (a.type === 'buy' ||
        a.type === 'sell' ||
        a.type === 'transfer_in' ||
        a.type === 'transfer_out') &&
      a.symbol !== undefined &&
      a.price !== undefined
    ) {
      put(a.symbol, a.date, a.price, false)
    }
  }
  const index = new Map<string, Series>()
  for (const [symbol, days] of byDay) {
    const entries = [...days.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    index.set(symbol, { dates: entries.map(([d]) => d), prices: entries.map(([, p]) => p) })
  }
  return index
}

/** The last known price on or before a date, or null when there is none. */
export function priceOn(index: PriceIndex, symbol: string, date: IsoDate): Price | null {
  const series = index.get(symbol)
  if (!series) return null
  let lo = 0
  let hi = series.dates.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((series.dates[mid] ?? '') <= date) lo = mid + 1
    else hi = mid
  }
  return lo === 0 ? null : (series.prices[lo - 1] ?? null)
}

export type ValuationDay = {
  date: IsoDate
  cash: Cents
  /** null when a holding has no known price */
  marketValue: Cents | null
  /** cash + market value; null when a holding has no known price */
  value: Cents | null
  /** net money in (+) or out (−) that day; null when shares moved without a known price */
  flow: Cents | null
  /** symbols held (or transferred) that day with no known price, sorted */
  missing: readonly string[]
}

export type ValuationOptions = {
  method?: CostMethod
  /** first day; the first activity's date when left out */
  from?: IsoDate
  /** last day, inclusive: the caller's today, as the domain takes no clock */
  to: IsoDate
}

/** One entry per day from `from` to `to`. */
export function dailyValuation(
  activities: readonly Activity[],
  prices: readonly PricePoint[],
  options: ValuationOptions,
): ValuationDay[] {
  const sorted = sortActivities(activities)
  const from = options.from ?? sorted[0]?.date
  if (from === undefined || from > options.to) return []
  const index = priceIndex(prices, activities)
  const book = openBook(options.method ?? 'fifo')
  // a cursor per symbol: days only move forward, so each price series is walked once
  const cursors = new Map<string, number>()
  const price = (symbol: string, day: IsoDate): Price | null => {
    const series = index.get(symbol)
    if (!series) return null
    let at = cursors.get(symbol) ?? -1
    while ((series.dates[at + 1] ?? '\uffff') <= day) at += 1
    cursors.set(symbol, at)
    return at < 0 ? null : (series.prices[at] ?? null)
  }

  let next = 0
  while (next < sorted.length && (sorted[next]?.date ?? '') < from) {
    const activity = sorted[next]
    if (activity) applyActivity(book, activity)
    next += 1
  }

  const days: ValuationDay[] = []
  for (let day = from; day <= options.to; day = addDays(day, 1)) {
    const missing = new Set<string>()
    let flow = 0
    let activity = sorted[next]
    while (activity && activity.date === day) {
      applyActivity(book, activity)
      if (activity.type === 'transfer_in' || activity.type === 'transfer_out') {
        const sign = activity.type === 'transfer_in' ? 1 : -1
        if (activity.symbol === undefined) {
          flow += sign * activity.amount
        } else {
          const p = price(activity.symbol, day)
          if (p === null) missing.add(activity.symbol)
          else flow += sign * marketValue(activity.quantity, p)
        }
      }
      next += 1
      activity = sorted[next]
    }
    const flowKnown = missing.size === 0
    let market = 0
    for (const holding of book.holdings.values()) {
      if (holding.quantity <= 0) continue
      const p = price(holding.symbol, day)
      if (p === null) missing.add(holding.symbol)
      else market += marketValue(asQuantity(holding.quantity), p)
    }
    const priced = missing.size === 0
    const cash = asCents(book.cash)
    days.push({
      date: day,
      cash,
      marketValue: priced ? asCents(market) : null,
      value: priced ? asCents(book.cash + market) : null,
      flow: flowKnown ? asCents(flow) : null,
      missing: [...missing].sort(),
    })
  }
  return days
}

// ---- the valuation kept as the days it changes (ADR 0034) ----

function sameDay(a: ValuationDay, b: ValuationDay): boolean {
  if (a.cash !== b.cash || a.marketValue !== b.marketValue) return false
  if (a.missing.length !== b.missing.length) return false
  for (let i = 0; i < a.missing.length; i += 1) if (a.missing[i] !== b.missing[i]) return false
  return true
}

/**
 * The days of a daily valuation on which it changes: a day is kept when its cash, market value or
 * missing symbols differ from the day before (`before`, the last change ahead of the first day;
 * nothing held and no cash when null), or when money moved that day. `valuationDays` gives the
 * days back.
 */
export function valuationChanges(
  days: readonly ValuationDay[],
  before: ValuationDay | null,
): ValuationDay[] {
  const out: ValuationDay[] = []
  let previous: ValuationDay | null = before
  for (const day of days) {
    const same =
      previous === null
        ? day.cash === 0 && day.marketValue === 0 && day.missing.length === 0
        : sameDay(previous, day)
    if (!same || day.flow !== 0) out.push(day)
    previous = day
  }
  return out
}

/**
 * Every day from `from` to `to` of a valuation kept as its changes (`valuationChanges`; those
 * before `from` may be left out but the last one), with cash moving in and out beside the
 * activities (the ledger's transfers, of any date: their sum before `from` is cash already there)
 * added to its cash and flows: the same days `dailyValuation` gives for the activities and those
 * transfers together.
 */
export function valuationDays(
  changes: readonly ValuationDay[],
  transfers: readonly CashTransfer[],
  from: IsoDate,
  to: IsoDate,
): ValuationDay[] {
  const sortedTransfers = sortActivities(transfers)
  let cash = 0
  let t = 0
  while (t < sortedTransfers.length && (sortedTransfers[t]?.date ?? '') < from) {
    const transfer = sortedTransfers[t]
    if (transfer) cash += transfer.type === 'transfer_in' ? transfer.amount : -transfer.amount
    t += 1
  }
  let c = -1
  while ((changes[c + 1]?.date ?? '\uffff') < from) c += 1
  const days: ValuationDay[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) {
    let moved = 0
    let transfer = sortedTransfers[t]
    while (transfer && transfer.date === day) {
      moved += transfer.type === 'transfer_in' ? transfer.amount : -transfer.amount
      t += 1
      transfer = sortedTransfers[t]
    }
    cash += moved
    while ((changes[c + 1]?.date ?? '\uffff') <= day) c += 1
    const change = c < 0 ? undefined : changes[c]
    const market = change ? change.marketValue : asCents(0)
    const dayCash = asCents((change?.cash ?? 0) + cash)
    const flow = change && change.date === day ? change.flow : 0
    days.push({
      date: day,
      cash: dayCash,
      marketValue: market,
      value: market === null ? null : asCents(dayCash + market),
      flow: flow === null ? null : asCents(flow + moved),
      missing: change ? change.missing : [],
    })
  }
  return days
}
