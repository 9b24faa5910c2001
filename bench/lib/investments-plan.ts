// The investments the bench seeds: 50 securities, 10k activities over 20 years and a
// price for every weekday of those years, planned in memory (pure and seeded: the same data on
// every run). bench/lib/investments-seed.ts writes it into a household.
//
// Activities are valid by construction: a sale never takes more than was held at the start of
// its day (less what that day's other sales took), a security's split day has no other activity
// of it, splits are whole (2-for-1, 3-for-1) so every lot's shares stay exact, and a contribution
// (a cash transfer in) comes before a buy or fee the cash does not cover. Prices follow a random
// walk divided by each split's ratio after it; trades are at that day's price.
import { addDays, dayOfWeek, type IsoDate } from '../../src/domain/dates'
import { marketValue, type Price, type Quantity } from '../../src/domain/investments/lots'

export type InvestmentPlanOptions = {
  securities: number
  activities: number
  years: number
  /** the last day of the history (today) */
  today: IsoDate
  /** a price every weekday (a provider's daily closes, default) or every Friday */
  priceEvery?: 'day' | 'week'
  seed?: number
}

type PlannedSecurity = { symbol: string; name: string; kind: string; yieldPerYear: number }
type PlannedPrice = { symbol: string; date: IsoDate; price: number }
export type PlannedActivity = {
  type: 'buy' | 'sell' | 'dividend' | 'interest' | 'fee' | 'split' | 'transfer_in'
  date: IsoDate
  symbol: string | null
  quantity: number | null
  price: number | null
  amount: number | null
  fees: number
  ratio: number | null
}

export type InvestmentPlan = {
  securities: PlannedSecurity[]
  prices: PlannedPrice[]
  activities: PlannedActivity[]
  /** what the plan holds at the end, by symbol (1e-8 shares) */
  held: Map<string, number>
}

/** A small seeded PRNG (mulberry32): the same plan on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const KINDS = ['stock', 'stock', 'stock', 'etf', 'etf', 'fund', 'bond', 'crypto'] as const
const QUANTITY_UNITS = 100_000_000
const PRICE_UNITS = 100_000_000

/** Weekdays from `years` ago to today, oldest first. */
function tradingDays(today: IsoDate, years: number): IsoDate[] {
  const days: IsoDate[] = []
  const first = addDays(today, -Math.round(years * 365.25))
  for (let d = first; d <= today; d = addDays(d, 1)) {
    const weekday = dayOfWeek(d)
    if (weekday !== 0 && weekday !== 6) days.push(d)
  }
  return days
}

export function planInvestments(options: InvestmentPlanOptions): InvestmentPlan {
  const rnd = random(options.seed ?? 16)
  const normal = () => {
    const u = Math.max(rnd(), 1e-12)
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd())
  }
  const days = tradingDays(options.today, options.years)
  const secs: PlannedSecurity[] = Array.from({ length: options.securities }, (_, i) => {
    const kind = KINDS[i % KINDS.length] ?? 'stock'
    return {
      symbol: `BN${String(i).padStart(3, '0')}`,
      name: `Bench ${kind} ${String(i + 1)}`,
      kind,
      yieldPerYear: kind === 'crypto' ? 0 : kind === 'bond' ? 0.04 : 0.005 + rnd() * 0.03,
    }
  })

  // a few whole splits, on days after the first year, one security at most once
  const splits = new Map<string, { day: number; ratio: number }>()
  const splitCount = Math.min(8, Math.floor(options.securities / 5))
  while (splits.size < splitCount) {
    const s = secs[Math.floor(rnd() * secs.length)]
    if (!s || s.kind === 'bond' || splits.has(s.symbol)) continue
    splits.set(s.symbol, {
      day: 260 + Math.floor(rnd() * (days.length - 300)),
      ratio: rnd() < 0.7 ? 2 : 3,
    })
  }

  // prices: a daily random walk per security, 4 decimals, divided by the split ratio after it
  const priceOf = new Map<string, number[]>()
  const prices: PlannedPrice[] = []
  for (const s of secs) {
    const volatility = s.kind === 'crypto' ? 0.04 : s.kind === 'bond' ? 0.003 : 0.015
    const drift = s.kind === 'bond' ? 0.0001 : 0.0003
    let p = 10 + rnd() * 290
    const split = splits.get(s.symbol)
    const series: number[] = []
    days.forEach((date, i) => {
      p = Math.max(0.5, p * Math.exp(drift - (volatility * volatility) / 2 + volatility * normal()))
      if (split && i === split.day) p /= split.ratio
      const units = Math.round(p * 10_000) * (PRICE_UNITS / 10_000)
      series.push(units)
      if (options.priceEvery !== 'week' || dayOfWeek(date) === 5)
        prices.push({ symbol: s.symbol, date, price: units })
    })
    priceOf.set(s.symbol, series)
  }

  const splitDays = new Map<number, string[]>()
  for (const [symbol, split] of splits) {
    splitDays.set(split.day, [...(splitDays.get(split.day) ?? []), symbol])
  }
  const draw = (budget: number) =>
    planActivities({
      rnd,
      days,
      secs,
      priceOf,
      splits,
      splitDays,
      budget,
      limit: options.activities,
    })
  // contributions (cash transfers in) count too: plan again with fewer trades until the total
  // is the one asked for and the history still reaches today
  let budget = options.activities - splits.size
  let planned = draw(budget)
  for (let tries = 0; tries < 6 && planned.overflow !== 0; tries++) {
    budget -= planned.overflow
    planned = draw(budget)
  }
  return { securities: secs, prices, activities: planned.activities, held: planned.held }
}

type ActivityInputs = {
  rnd: () => number
  days: IsoDate[]
  secs: PlannedSecurity[]
  priceOf: Map<string, number[]>
  splits: Map<string, { day: number; ratio: number }>
  splitDays: Map<number, string[]>
  /** trades, income and fees to spread over the days */
  budget: number
  /** activities at most */
  limit: number
}

function planActivities(input: ActivityInputs): {
  activities: PlannedActivity[]
  held: Map<string, number>
  /** planned minus the limit: > 0 when the limit cut the last days off */
  overflow: number
} {
  const { rnd, days, secs, priceOf, splits, splitDays } = input

  const held = new Map<string, number>(secs.map((s) => [s.symbol, 0]))
  const activities: PlannedActivity[] = []
  let cash = 0
  const contribute = (date: IsoDate, need: number) => {
    // whole $25,000s (about a contribution a month over 20 years), at least what is needed
    const amount = Math.ceil((need - cash + 1) / 2_500_000) * 2_500_000
    activities.push({
      type: 'transfer_in',
      date,
      symbol: null,
      quantity: null,
      price: null,
      amount,
      fees: 0,
      ratio: null,
    })
    cash += amount
  }

  // how many activities each day gets: the budget spread at random over the trading days
  const perDay = new Array<number>(days.length).fill(0)
  for (let k = 0; k < input.budget; k++) {
    const day = Math.floor(rnd() * days.length)
    perDay[day] = (perDay[day] ?? 0) + 1
  }

  for (let i = 0; i < days.length && activities.length < input.limit; i++) {
    const date = days[i] ?? days.at(-1) ?? ''
    const busy = new Set<string>()
    for (const symbol of splitDays.get(i) ?? []) {
      const ratio = splits.get(symbol)?.ratio ?? 2
      activities.push({
        type: 'split',
        date,
        symbol,
        quantity: null,
        price: null,
        amount: null,
        fees: 0,
        ratio,
      })
      held.set(symbol, (held.get(symbol) ?? 0) * ratio)
      busy.add(symbol)
    }
    // a sale takes at most what was held at the day's start: today's buys do not count
    const boughtToday = new Map<string, number>()
    for (let n = perDay[i] ?? 0; n > 0 && activities.length < input.limit; n--) {
      const roll = rnd()
      const holdings = secs.filter((s) => !busy.has(s.symbol) && (held.get(s.symbol) ?? 0) > 0)
      const pick = (list: PlannedSecurity[]) => list[Math.floor(rnd() * list.length)]
      if (roll < 0.03) {
        activities.push({
          type: 'interest',
          date,
          symbol: null,
          quantity: null,
          price: null,
          amount: 100 + Math.floor(rnd() * 5000),
          fees: 0,
          ratio: null,
        })
        cash += activities.at(-1)?.amount ?? 0
        continue
      }
      if (roll < 0.05) {
        const amount = 500 + Math.floor(rnd() * 2000)
        if (cash < amount) contribute(date, amount)
        activities.push({
          type: 'fee',
          date,
          symbol: null,
          quantity: null,
          price: null,
          amount,
          fees: 0,
          ratio: null,
        })
        cash -= amount
        continue
      }
      const dividend = roll < 0.3 ? pick(holdings.filter((s) => s.yieldPerYear > 0)) : undefined
      if (dividend) {
        const price = priceOf.get(dividend.symbol)?.[i] ?? 0
        const value = marketValue((held.get(dividend.symbol) ?? 0) as Quantity, price as Price)
        const amount = Math.max(1, Math.round((value * dividend.yieldPerYear) / 4))
        const fees = rnd() < 0.3 ? Math.round(amount * 0.15) : 0
        activities.push({
          type: 'dividend',
          date,
          symbol: dividend.symbol,
          quantity: null,
          price: null,
          amount,
          fees,
          ratio: null,
        })
        cash += amount - fees
        continue
      }
      const seller = roll < 0.45 ? pick(holdings) : undefined
      if (seller) {
        const available = (held.get(seller.symbol) ?? 0) - (boughtToday.get(seller.symbol) ?? 0)
        // a tenth to the whole of it, in whole 1e-4 shares (or all of it)
        const share = rnd() < 0.1 ? 1 : 0.1 + rnd() * 0.5
        let quantity = Math.floor((available * share) / 10_000) * 10_000
        if (share === 1 || quantity <= 0) quantity = available
        if (quantity > 0) {
          const price = priceOf.get(seller.symbol)?.[i] ?? 0
          const amount = marketValue(quantity as Quantity, price as Price)
          const fees = rnd() < 0.5 ? 0 : 495
          activities.push({
            type: 'sell',
            date,
            symbol: seller.symbol,
            quantity,
            price,
            amount,
            fees,
            ratio: null,
          })
          held.set(seller.symbol, (held.get(seller.symbol) ?? 0) - quantity)
          cash += amount - fees
          busy.add(seller.symbol)
          continue
        }
      }
      // a buy of $200 to $5,000 worth, in whole 1e-4 shares
      const buyer = pick(secs.filter((s) => !busy.has(s.symbol))) ?? secs[0]
      if (!buyer) break
      const price = priceOf.get(buyer.symbol)?.[i] ?? PRICE_UNITS
      const spend = 200 + rnd() * 4800
      const quantity = Math.max(
        10_000,
        Math.floor(((spend / (price / PRICE_UNITS)) * QUANTITY_UNITS) / 10_000) * 10_000,
      )
      const amount = marketValue(quantity as Quantity, price as Price)
      const fees = rnd() < 0.5 ? 0 : 495
      if (cash < amount + fees) contribute(date, amount + fees)
      if (activities.length >= input.limit) break
      activities.push({
        type: 'buy',
        date,
        symbol: buyer.symbol,
        quantity,
        price,
        amount,
        fees,
        ratio: null,
      })
      held.set(buyer.symbol, (held.get(buyer.symbol) ?? 0) + quantity)
      boughtToday.set(buyer.symbol, (boughtToday.get(buyer.symbol) ?? 0) + quantity)
      cash -= amount + fees
    }
  }
  const contributions = activities.filter((a) => a.type === 'transfer_in').length
  return { activities, held, overflow: input.budget + splits.size + contributions - input.limit }
}
