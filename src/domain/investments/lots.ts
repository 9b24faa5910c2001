// Holdings of an investment account from its securities activities: lots and their cost basis
// (FIFO by default, average cost as the account's choice), realised gain on sales, income
// received, fees, splits and transfers in and out.
//
// Quantities are whole numbers of 1e-8 shares (`Quantity`, as bitcoin counts satoshis), so sums,
// sales and splits of fractional shares stay exact where 0.1 + 0.2 shares in floating point would
// not; eight decimals cover fund units and crypto, and a safe integer still holds 90 million
// shares of one security. Prices (`Price`) are per share in 1e-8 of the currency unit, so a fund's
// 12.3456 or a token's 0.00001234 is exact. Money is integer cents: a quantity times a price is
// rounded to the cent once, half away from zero. When part of a lot is sold, its share of the
// lot's cost is rounded to the cent and the rest stays with the lot, so rounding never creates or
// loses basis.
//
// Impossible input (selling more than is held, a quantity of 0 or less, a split ratio of 0 or
// less, a negative amount) throws an InvestmentError: a RangeError, as the other domain checks
// (dates, cents) throw, with a code the server can map and a message naming the activity.

import { compareDates, formatDay, isIsoDate, type IsoDate } from '../dates'
import { asCents, type Cents } from '../money'

export type Quantity = number & { readonly __brand: 'Quantity' }
export type Price = number & { readonly __brand: 'Price' }

/** Units of a Quantity in one share, and of a Price in one currency unit. */
export const QUANTITY_SCALE = 100_000_000
export const PRICE_SCALE = 100_000_000

export type InvestmentErrorCode =
  | 'bad_date'
  | 'bad_quantity'
  | 'bad_price'
  | 'bad_amount'
  | 'missing_amount'
  | 'missing_cost_basis'
  | 'oversell'
  | 'bad_split_ratio'
  | 'bad_target'

export class InvestmentError extends RangeError {
  readonly code: InvestmentErrorCode
  /** the activity's day, when the refusal names one ("sell of ACME on Mar 2, 2026: …") */
  readonly date: IsoDate | undefined
  readonly #words: (day: string) => string

  /** `words` says the refusal with the day written as given (see messageIn). */
  constructor(code: InvestmentErrorCode, words: string | ((day: string) => string), date?: IsoDate) {
    const say = typeof words === 'string' ? () => words : words
    super(say(date === undefined ? '' : formatDay(date, 'en-US')))
    this.name = 'InvestmentError'
    this.code = code
    this.date = date
    this.#words = say
  }

  /** The refusal with its day as the reader writes dates. */
  messageIn(locale: string): string {
    return this.#words(this.date === undefined ? '' : formatDay(this.date, locale))
  }
}

/** a × b / c rounded half away from zero, exactly, for whole a, b and a whole c > 0. */
export function mulDivRound(a: number, b: number, c: number): number {
  const approx = (a * b) / c
  // Two roundings in floating point are off by at most 2.2e-16 of the result: far from a tie
  // and below 1e12, Math.round is right; near a tie, or beyond, do it in BigInt.
  const magnitude = Math.abs(approx)
  if (magnitude < 1e12 && Math.abs(magnitude - Math.trunc(magnitude) - 0.5) > 1e-3) {
    const rounded = Math.round(magnitude)
    return rounded === 0 ? 0 : Math.sign(approx) * rounded
  }
  const n = BigInt(a) * BigInt(b)
  const d = BigInt(c)
  const negative = n < 0n
  const abs = negative ? -n : n
  const q = abs / d + ((abs % d) * 2n >= d ? 1n : 0n)
  const result = Number(q)
  return negative && result !== 0 ? -result : result
}

function scaled(value: number, scale: number, what: string, code: InvestmentErrorCode): number {
  const units = value * scale
  const rounded = Math.round(units)
  if (
    !Number.isFinite(units) ||
    !Number.isSafeInteger(rounded) ||
    Math.abs(units - rounded) > Math.max(1e-6, Math.abs(units) * 1e-12)
  ) {
    throw new InvestmentError(code, `Not a ${what} with at most 8 decimals: ${value}`)
  }
  return rounded === 0 ? 0 : rounded
}

/** Brands a whole number of 1e-8 shares. */
export function asQuantity(units: number): Quantity {
  if (!Number.isSafeInteger(units))
    throw new InvestmentError('bad_quantity', `Not a whole number of 1e-8 shares: ${units}`)
  return units as Quantity
}

/** 1.5 shares → 150000000 units; refuses more than 8 decimals. */
export function toQuantity(shares: number): Quantity {
  return asQuantity(scaled(shares, QUANTITY_SCALE, 'quantity', 'bad_quantity'))
}

export function fromQuantity(quantity: Quantity): number {
  return quantity / QUANTITY_SCALE
}

/** 101.25 per share → 10125000000 units; refuses more than 8 decimals. */
export function toPrice(perShare: number): Price {
  return scaled(perShare, PRICE_SCALE, 'price', 'bad_price') as Price
}

export function fromPrice(price: Price): number {
  return price / PRICE_SCALE
}

/** What a quantity is worth at a price, in cents. */
export function marketValue(quantity: Quantity, price: Price): Cents {
  // shares × currency units × 100 cents = units × units × 100 / (1e8 × 1e8)
  return asCents(mulDivRound(quantity, price, (QUANTITY_SCALE * PRICE_SCALE) / 100))
}

export const COST_METHODS = ['fifo', 'average'] as const
export type CostMethod = (typeof COST_METHODS)[number]

/** Where a stored price came from. */
export const PRICE_SOURCES = ['manual', 'csv', 'statement', 'provider'] as const
export type PriceSource = (typeof PRICE_SOURCES)[number]

/** Where an activity came from: typed in, or a statement import. */
export const ACTIVITY_SOURCES = ['manual', 'import'] as const
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number]

/** Every kind of activity an investment account has (the API, imports and the export use these). */
export const ACTIVITY_TYPES = ['buy', 'sell', 'dividend', 'interest', 'fee', 'split', 'transfer_in', 'transfer_out'] as const
export type ActivityType = (typeof ACTIVITY_TYPES)[number]

/** amount is the gross value of the trade (quantity × price when left out); fees come on top. */
export type TradeActivity = {
  type: 'buy' | 'sell'
  date: IsoDate
  symbol: string
  quantity: Quantity
  price?: Price
  amount?: Cents
  fees?: Cents
}

/** Income paid in cash: amount is gross, fees (a withholding tax) are kept back from it. */
export type IncomeActivity = {
  type: 'dividend' | 'interest'
  date: IsoDate
  symbol?: string
  amount: Cents
  fees?: Cents
}

export type FeeActivity = { type: 'fee'; date: IsoDate; symbol?: string; amount: Cents }

/** ratio is new shares per old share: 2 for a 2-for-1 split, 0.1 for a 1-for-10 reverse split. */
export type SplitActivity = { type: 'split'; date: IsoDate; symbol: string; ratio: number }

/**
 * Shares moving between accounts. In, they bring their cost basis (and the date they were
 * bought, for FIFO order); out, they take the basis of the lots they leave, with no gain.
 */
export type SecuritiesTransfer = {
  type: 'transfer_in' | 'transfer_out'
  date: IsoDate
  symbol: string
  quantity: Quantity
  costBasis?: Cents
  acquired?: IsoDate
  price?: Price
}

/** Cash moving in (a contribution) or out (a withdrawal): a transfer with no symbol. */
export type CashTransfer = {
  type: 'transfer_in' | 'transfer_out'
  date: IsoDate
  symbol?: undefined
  amount: Cents
}

export type Activity =
  TradeActivity | IncomeActivity | FeeActivity | SplitActivity | SecuritiesTransfer | CashTransfer

export type Lot = { acquired: IsoDate; quantity: Quantity; cost: Cents }

export type Holding = {
  symbol: string
  quantity: Quantity
  costBasis: Cents
  /** oldest first; under average cost, one pooled lot dated at the first purchase */
  lots: readonly Lot[]
  realizedGain: Cents
  income: Cents
}

export type Portfolio = {
  method: CostMethod
  cash: Cents
  /** by symbol, including those sold out (their realised gain and income remain) */
  holdings: readonly Holding[]
  realizedGain: Cents
  /** dividends and interest, gross */
  income: Cents
  /** every fee: on trades, kept back from income, and charged on its own */
  fees: Cents
}

type BookLot = { acquired: IsoDate; quantity: number; cost: number }
type BookHolding = {
  symbol: string
  quantity: number
  lots: BookLot[]
  realizedGain: number
  income: number
}

/** The running state that activities are applied to, one at a time, in date order. */
export type Book = {
  readonly method: CostMethod
  cash: number
  fees: number
  income: number
  readonly holdings: Map<string, BookHolding>
}

export function openBook(method: CostMethod = 'fifo'): Book {
  return { method, cash: 0, fees: 0, income: 0, holdings: new Map() }
}

/** Activities in date order; those of one day keep the order they were given in. */
export function sortActivities<T extends { date: IsoDate }>(activities: readonly T[]): T[] {
  return [...activities].sort((a, b) => compareDates(a.date, b.date))
}

function describe(activity: Activity, day: string): string {
  const what =
    activity.symbol === undefined ? activity.type : `${activity.type} of ${activity.symbol}`
  return `${what} on ${day}`
}

function fail(code: InvestmentErrorCode, activity: Activity, problem: string): never {
  throw new InvestmentError(code, (day) => `${describe(activity, day)}: ${problem}`, activity.date)
}

function checkQuantity(activity: Activity, quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) {
    fail(
      'bad_quantity',
      activity,
      `the quantity must be more than 0 (got ${quantity / QUANTITY_SCALE})`,
    )
  }
}

function checkAmount(activity: Activity, name: string, value: number | undefined): number {
  if (value === undefined) return 0
  if (!Number.isSafeInteger(value) || value < 0) {
    fail('bad_amount', activity, `the ${name} must be 0 or more whole cents (got ${value})`)
  }
  return value
}

function holdingOf(book: Book, symbol: string): BookHolding {
  let holding = book.holdings.get(symbol)
  if (!holding) {
    holding = { symbol, quantity: 0, lots: [], realizedGain: 0, income: 0 }
    book.holdings.set(symbol, holding)
  }
  return holding
}

function addLot(book: Book, holding: BookHolding, lot: BookLot): void {
  holding.quantity += lot.quantity
  const pooled = holding.lots[0]
  if (book.method === 'average' && pooled) {
    pooled.quantity += lot.quantity
    pooled.cost += lot.cost
    if (lot.acquired < pooled.acquired) pooled.acquired = lot.acquired
    return
  }
  // FIFO sells the earliest acquired first: a transfer can bring in an older lot
  let at = holding.lots.length
  while (at > 0 && (holding.lots[at - 1]?.acquired ?? '') > lot.acquired) at -= 1
  holding.lots.splice(at, 0, lot)
}

/** Takes a quantity from the oldest lots (or the pool) and returns the cost it carried. */
function removeShares(holding: BookHolding, quantity: number): number {
  let remaining = quantity
  let cost = 0
  while (remaining > 0) {
    const lot = holding.lots[0]
    if (!lot) break
    if (lot.quantity <= remaining) {
      remaining -= lot.quantity
      cost += lot.cost
      holding.lots.shift()
    } else {
      const part = mulDivRound(lot.cost, remaining, lot.quantity)
      lot.cost -= part
      lot.quantity -= remaining
      cost += part
      remaining = 0
    }
  }
  holding.quantity -= quantity
  return cost
}

function takeShares(book: Book, activity: TradeActivity | SecuritiesTransfer): number {
  const holding = book.holdings.get(activity.symbol)
  const held = holding?.quantity ?? 0
  if (!holding || held < activity.quantity) {
    const verb = activity.type === 'sell' ? 'sell' : 'transfer out'
    fail(
      'oversell',
      activity,
      `cannot ${verb} ${activity.quantity / QUANTITY_SCALE} when only ${held / QUANTITY_SCALE} are held`,
    )
  }
  return removeShares(holding, activity.quantity)
}

function tradeAmount(activity: TradeActivity): number {
  if (activity.amount !== undefined) return checkAmount(activity, 'amount', activity.amount)
  if (activity.price === undefined) fail('missing_amount', activity, 'give a price or an amount')
  if (!Number.isSafeInteger(activity.price) || activity.price < 0) {
    fail('bad_price', activity, 'the price must be 0 or more')
  }
  return marketValue(activity.quantity, activity.price)
}

/** Applies one activity to the book (activities must come in date order). */
export function applyActivity(book: Book, activity: Activity): void {
  if (!isIsoDate(activity.date)) fail('bad_date', activity, 'not a date written YYYY-MM-DD')
  switch (activity.type) {
    case 'buy': {
      checkQuantity(activity, activity.quantity)
      const amount = tradeAmount(activity)
      const fees = checkAmount(activity, 'fees', activity.fees)
      addLot(book, holdingOf(book, activity.symbol), {
        acquired: activity.date,
        quantity: activity.quantity,
        cost: amount + fees,
      })
      book.cash -= amount + fees
      book.fees += fees
      return
    }
    case 'sell': {
      checkQuantity(activity, activity.quantity)
      const amount = tradeAmount(activity)
      const fees = checkAmount(activity, 'fees', activity.fees)
      const cost = takeShares(book, activity)
      holdingOf(book, activity.symbol).realizedGain += amount - fees - cost
      book.cash += amount - fees
      book.fees += fees
      return
    }
    case 'dividend':
    case 'interest': {
      const amount = checkAmount(activity, 'amount', activity.amount)
      const fees = checkAmount(activity, 'fees', activity.fees)
      if (activity.symbol !== undefined) holdingOf(book, activity.symbol).income += amount
      book.income += amount
      book.cash += amount - fees
      book.fees += fees
      return
    }
    case 'fee': {
      const amount = checkAmount(activity, 'amount', activity.amount)
      book.cash -= amount
      book.fees += amount
      return
    }
    case 'split': {
      const { ratio } = activity
      if (!Number.isFinite(ratio) || ratio <= 0) {
        fail('bad_split_ratio', activity, `the split ratio must be more than 0 (got ${ratio})`)
      }
      const holding = book.holdings.get(activity.symbol)
      if (!holding) return
      // Each lot keeps its cost; only its share count changes. A lot a reverse split rounds
      // away to nothing can never be sold, so its cost is realised as a loss there and then.
      let quantity = 0
      const lots: BookLot[] = []
      for (const lot of holding.lots) {
        const split = Math.round(lot.quantity * ratio)
        if (!Number.isSafeInteger(split))
          fail('bad_split_ratio', activity, 'the split makes too many shares')
        if (split > 0) {
          lots.push({ ...lot, quantity: split })
          quantity += split
        } else {
          holding.realizedGain -= lot.cost
        }
      }
      holding.lots = lots
      holding.quantity = quantity
      return
    }
    case 'transfer_in':
    case 'transfer_out': {
      if (activity.symbol === undefined) {
        const amount = checkAmount(activity, 'amount', activity.amount)
        book.cash += activity.type === 'transfer_in' ? amount : -amount
        return
      }
      checkQuantity(activity, activity.quantity)
      if (activity.type === 'transfer_out') {
        takeShares(book, activity)
        return
      }
      if (activity.costBasis === undefined) {
        fail('missing_cost_basis', activity, 'shares transferred in need their cost basis')
      }
      const cost = checkAmount(activity, 'cost basis', activity.costBasis)
      const acquired = activity.acquired ?? activity.date
      if (!isIsoDate(acquired))
        fail('bad_date', activity, 'the acquisition date is not a date written YYYY-MM-DD')
      addLot(book, holdingOf(book, activity.symbol), {
        acquired,
        quantity: activity.quantity,
        cost,
      })
      return
    }
  }
}

function holdingOut(holding: BookHolding): Holding {
  let costBasis = 0
  const lots = holding.lots.map((lot) => {
    costBasis += lot.cost
    return { acquired: lot.acquired, quantity: asQuantity(lot.quantity), cost: asCents(lot.cost) }
  })
  return {
    symbol: holding.symbol,
    quantity: asQuantity(holding.quantity),
    costBasis: asCents(costBasis),
    lots,
    realizedGain: asCents(holding.realizedGain),
    income: asCents(holding.income),
  }
}

/** A read-only copy of the book as it stands. */
export function readBook(book: Book): Portfolio {
  const holdings = [...book.holdings.values()]
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    .map(holdingOut)
  let realized = 0
  for (const h of holdings) realized += h.realizedGain
  return {
    method: book.method,
    cash: asCents(book.cash),
    holdings,
    realizedGain: asCents(realized),
    income: asCents(book.income),
    fees: asCents(book.fees),
  }
}

/** The account's holdings after all its activities (in any order; sorted by date here). */
export function portfolioFrom(
  activities: readonly Activity[],
  method: CostMethod = 'fifo',
): Portfolio {
  const book = openBook(method)
  for (const activity of sortActivities(activities)) applyActivity(book, activity)
  return readBook(book)
}

/** Market value less cost basis at a price. */
export function unrealizedGain(
  holding: Pick<Holding, 'quantity' | 'costBasis'>,
  price: Price,
): Cents {
  return asCents(marketValue(holding.quantity, price) - holding.costBasis)
}

/** Cost basis per share in cents (rounded to the cent; the basis itself stays exact). */
export function averageCost(holding: Pick<Holding, 'quantity' | 'costBasis'>): Cents | null {
  if (holding.quantity <= 0) return null
  return asCents(mulDivRound(holding.costBasis, QUANTITY_SCALE, holding.quantity))
}
