// What investment statements bring besides cash: securities, activities (buys, sells, income,
// fees, splits, shares moved in and out), prices and the positions the broker reports. The OFX
// (invest-ofx.ts) and QIF (invest-qif.ts) readers fill these shapes; the import service stores
// them, and `openingPositions` works out the shares a statement window implies were already held.
//
// Quantities and prices are exact whole 1e-8 units (domain/investments/lots), read digit by digit
// from the file's text: a float would turn "0.76817" into 0.7681699999.

import { addDays, type IsoDate } from '../dates'
import type { Cents } from '../money'
import { asCents } from '../money'
import {
  mulDivRound,
  PRICE_SCALE,
  QUANTITY_SCALE,
  type Price,
  type Quantity,
} from '../investments/lots'
import { issue, quoted } from './common'
import type { AssetKind } from '../investments/allocation'
import type { ActivityType } from '../investments/lots'
import type { ParseIssue } from './types'

export { ACTIVITY_TYPES, type ActivityType } from '../investments/lots'
export type SecurityKind = AssetKind

export type ParsedSecurity = {
  /** upper case: the ticker, else the statement's id for it (CUSIP, ISIN) or its QIF name */
  symbol: string
  name: string
  kind: SecurityKind
  /** ISO 4217; null when the file does not say (the account's currency then) */
  currency: string | null
  /** CUSIP / ISIN / broker id, when the file has one */
  uniqueId: string | null
}

export type ParsedActivity = {
  /** 1-based line where the entry starts */
  line: number
  /** FITID, or an id made from the entry's content when the file has none (so re-imports skip it) */
  externalId: string
  type: ActivityType
  date: IsoDate
  symbol: string | null
  quantity: Quantity | null
  price: Price | null
  /** gross and positive: a trade's quantity × price before fees, an income's amount before tax */
  amount: Cents | null
  /** commission, fees, load and taxes, positive */
  fees: Cents
  /** splits: new shares per old share */
  ratio: number | null
  /** shares transferred in: the basis they bring */
  costBasis: Cents | null
  memo: string
}

export type ParsedPrice = { symbol: string; date: IsoDate; price: Price }

/** A holding as the broker reports it at the end of the statement. */
export type ParsedPosition = {
  symbol: string
  date: IsoDate
  quantity: Quantity
  price: Price | null
  marketValue: Cents | null
}

const MAX_SYMBOL = 32

/**
 * 'vfiax ' → 'VFIAX', '$AAPL' → 'AAPL', 'Growth Fund' → 'GROWTH-FUND': what the investments API
 * takes as a symbol (letters, digits and . - _ : / ^ =, starting with a letter or digit); ''
 * when there is nothing usable.
 */
export function normalizeSymbol(raw: string | null | undefined): string {
  if (!raw) return ''
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9.\-_:/^=]+/g, '-')
    .replace(/^[^A-Z0-9]+/, '')
    .slice(0, MAX_SYMBOL)
    .replace(/-+$/, '')
}

/**
 * A decimal in text ("-42.123", "0073.607", "1,5") as whole 1e-`decimals` units, exactly;
 * digits beyond are rounded half away from zero. Null when it is not a plain number.
 */
export function parseScaled(text: string | null | undefined, decimals = 8): number | null {
  if (text === null || text === undefined) return null
  const m = /^\s*([+-]?)(\d*)(?:[.,](\d*))?\s*$/.exec(text)
  if (!m) return null
  const [, sign = '', whole = '', frac = ''] = m
  if (whole === '' && frac === '') return null
  let units = Number(
    `${whole === '' ? '0' : whole.replace(/^0+(?=\d)/, '')}${frac.slice(0, decimals).padEnd(decimals, '0')}`,
  )
  if ((frac.charCodeAt(decimals) || 48) >= 53) units += 1
  if (!Number.isSafeInteger(units)) return null
  return sign === '-' && units !== 0 ? -units : units
}

export function parseQuantity(text: string | null | undefined): Quantity | null {
  return parseScaled(text, 8) as Quantity | null
}

export function parsePrice(text: string | null | undefined): Price | null {
  return parseScaled(text, 8) as Price | null
}

export function parseMoney(text: string | null | undefined): Cents | null {
  const v = parseScaled(text, 2)
  return v === null ? null : asCents(v)
}

/** quantity × price in cents, rounded half away from zero. */
export function grossOf(quantity: Quantity, price: Price): Cents {
  return asCents(mulDivRound(quantity, price, (QUANTITY_SCALE * PRICE_SCALE) / 100))
}

export function absolute<T extends number>(value: T): T {
  return (value < 0 ? -value : value) as T
}

/** An id for an entry the file gives none: the same entry in the same file always gets the same one. */
export function contentId(
  prefix: string,
  a: Pick<ParsedActivity, 'date' | 'type' | 'symbol' | 'quantity' | 'amount'>,
): string {
  return `${prefix}:${a.date}:${a.type}:${a.symbol ?? ''}:${String(a.quantity ?? '')}:${String(a.amount ?? '')}`
}

/** Later activities of the file that share an id get '#2', '#3'… (stable across re-imports). */
export function makeActivityIdsUnique(activities: ParsedActivity[], warnings: ParseIssue[]): void {
  const counts = new Map<string, number>()
  for (const a of activities) {
    const count = (counts.get(a.externalId) ?? 0) + 1
    counts.set(a.externalId, count)
    if (count === 1) continue
    if (!a.externalId.startsWith('qif:') && !a.externalId.startsWith('ofx:')) {
      warnings.push(
        issue(
          a.line,
          `the id ${quoted(a.externalId)} is used by more than one investment entry; both are kept`,
        ),
      )
    }
    a.externalId = `${a.externalId}#${String(count)}`
  }
}

const MAX_CENTS = 1_000_000_000_000
/** the investments API's bound on quantities and prices (90 million), in 1e-8 units */
const MAX_SCALED = 90_000_000 * QUANTITY_SCALE
const inYears = (date: string): boolean => date >= '1900-01-01' && date <= '2200-12-31'

/** A quantity or price of 90 million or more, or a holding worth ten billion or more. */
function tooMany(quantity: number | null, price: number | null): boolean {
  if (quantity !== null && Math.abs(quantity) >= MAX_SCALED) return true
  if (price !== null && price >= MAX_SCALED) return true
  return (
    quantity !== null &&
    price !== null &&
    (Math.abs(quantity) / QUANTITY_SCALE) * (price / PRICE_SCALE) >= MAX_CENTS / 100
  )
}

/**
 * Entries no one could have meant (amounts of ten billion or more, 90 million shares or more, a
 * price of 90 million or more, years outside 1900–2200) become errors; such positions and prices
 * are left out.
 */
export function investmentsWithinBounds(
  account: { activities?: ParsedActivity[]; positions?: ParsedPosition[] },
  errors: ParseIssue[],
): void {
  if (account.activities) {
    account.activities = account.activities.filter((a) => {
      const big = [a.amount, a.fees, a.costBasis].some(
        (v) => v !== null && Math.abs(v) >= MAX_CENTS,
      )
      if (big) errors.push(issue(a.line, 'the amount is too large (10,000,000,000 or more)'))
      else if (tooMany(a.quantity, a.price))
        errors.push(issue(a.line, 'the number of shares or the price is too large'))
      else if (!inYears(a.date))
        errors.push(issue(a.line, `the date ${a.date} is not between 1900 and 2200`))
      else return true
      return false
    })
  }
  if (account.positions)
    account.positions = account.positions.filter(
      (p) => !tooMany(p.quantity, p.price) && inYears(p.date),
    )
}

/** Prices, one per security and day: the first one given wins (positions are read before trades). */
export function uniquePrices(prices: readonly ParsedPrice[]): ParsedPrice[] {
  const seen = new Map<string, ParsedPrice>()
  for (const p of prices) {
    if (p.price < 0 || p.price >= MAX_SCALED || !inYears(p.date)) continue
    const key = `${p.symbol}\u0000${p.date}`
    if (!seen.has(key)) seen.set(key, p)
  }
  return [...seen.values()]
}

// ---------------------------------------------------------------------------------------
// Opening positions

/** What matters of an activity, stored or new, to count shares. */
export type ShareMove = {
  type: ActivityType
  date: IsoDate
  symbol: string | null
  quantity: number | null
  ratio: number | null
}

export type OpeningPosition = {
  symbol: string
  date: IsoDate
  quantity: Quantity
  /** why: a shortfall (a sale of shares bought before the statement) or the broker's position */
  reason: 'shortfall' | 'position'
}

/**
 * A statement covers a window: shares bought before it are sold in it, and its positions are
 * more than its buys. For each security, the shares that must already have been held before
 * its first activity (stored or new) so that no sale or transfer out takes more than is held and
 * the holding on the position's date is what the broker reports; dated the day before that first
 * activity. A position below what the activities leave is not forced down (a warning is the
 * caller's). Splits scale the opening shares like any others.
 */
export function openingPositions(
  moves: readonly ShareMove[],
  positions: readonly ParsedPosition[],
): OpeningPosition[] {
  const bySymbol = new Map<string, ShareMove[]>()
  for (const m of moves) {
    if (m.symbol === null) continue
    let list = bySymbol.get(m.symbol)
    if (!list) bySymbol.set(m.symbol, (list = []))
    list.push(m)
  }
  const positionBySymbol = new Map<string, { date: IsoDate; quantity: number }>()
  for (const p of positions) {
    const known = positionBySymbol.get(p.symbol)
    // one security reported twice (two sub-accounts): the holding is their sum
    if (known && known.date === p.date) known.quantity += p.quantity
    else if (!known || p.date > known.date)
      positionBySymbol.set(p.symbol, { date: p.date, quantity: p.quantity })
  }
  const symbols = new Set([...bySymbol.keys(), ...positionBySymbol.keys()])
  const out: OpeningPosition[] = []
  for (const symbol of [...symbols].sort()) {
    const list = [...(bySymbol.get(symbol) ?? [])].sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
    )
    const position = positionBySymbol.get(symbol)
    // opening shares q become q × factor after the splits so far; own = shares from the activities
    let factor = 1
    let own = 0
    let needed = 0
    let reason: OpeningPosition['reason'] = 'shortfall'
    const atPosition = (): void => {
      if (!position) return
      const wanted = (position.quantity - own) / factor
      if (wanted > needed + 0.5) {
        needed = wanted
        reason = 'position'
      }
    }
    let positionSeen = false
    for (const m of list) {
      if (position && !positionSeen && m.date > position.date) {
        atPosition()
        positionSeen = true
      }
      const q = m.quantity ?? 0
      if (m.type === 'buy' || m.type === 'transfer_in') own += q
      else if (m.type === 'sell' || m.type === 'transfer_out') {
        own -= q
        const short = -own / factor
        if (short > needed + 0.5) {
          needed = short
          reason = 'shortfall'
        }
      } else if (m.type === 'split' && m.ratio !== null && m.ratio > 0) {
        own = Math.round(own * m.ratio)
        factor *= m.ratio
      }
    }
    if (!positionSeen) atPosition()
    const quantity = Math.round(needed)
    if (quantity <= 0) continue
    const first = list[0]?.date ?? position?.date
    if (!first) continue
    out.push({
      symbol,
      date: list.length > 0 ? addDays(first, -1) : first,
      quantity: quantity as Quantity,
      reason,
    })
  }
  return out
}
