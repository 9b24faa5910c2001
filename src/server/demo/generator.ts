// Realistic, repeatable household data: three years of pay, rent, groceries, subscriptions,
// card payments and savings transfers, and — for benchmarks — any number of extra everyday
// purchases. Deterministic: the same seed gives the same rows.
import { addMonths, daysBetween, daysInMonth, makeDate, startOfMonth, type IsoDate } from '#src/domain/dates'
import { asCents, type Cents } from '#src/domain/money'
import { uuidv7 } from '../db/ids'
import type { NewTransaction } from '../core/ledger'

export type Rng = () => number

/** mulberry32: small, fast and good enough for test data. */
export function rng(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const between = (r: Rng, min: number, max: number): Cents => asCents(Math.round((min + r() * (max - min)) * 100))
const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T

export type DemoAccounts = {
  checking: string
  savings: string
  card: string
  investment: string
  loan: string
  mortgage: string
  cash: string
}

export type DemoCategories = Record<string, string>

type Everyday = { category: string; merchants: readonly string[]; min: number; max: number; account: keyof DemoAccounts }

/** Each of the two monthly pay cheques, in dollars. */
const PAY_MIN = 3640
const PAY_MAX = 3660

const EVERYDAY: readonly Everyday[] = [
  { category: 'Groceries', merchants: ['Fresh Market', 'Corner Grocer', 'Green Basket', 'SaveMore Foods', 'Farmers Market'], min: 18, max: 165, account: 'card' },
  { category: 'Dining Out', merchants: ['Luigi’s Trattoria', 'Blue Bottle Cafe', 'Taco Loco', 'Sushi Zen', 'The Burger Joint', 'Pho 88'], min: 8, max: 85, account: 'card' },
  { category: 'Fuel', merchants: ['Shell', 'Chevron', 'Costco Gas'], min: 32, max: 68, account: 'card' },
  { category: 'Shopping', merchants: ['Target', 'Amazon', 'IKEA', 'Best Buy', 'Uniqlo'], min: 12, max: 240, account: 'card' },
  { category: 'Entertainment', merchants: ['Cinema City', 'Steam', 'Concert Hall', 'Bowling Lanes'], min: 9, max: 95, account: 'card' },
  { category: 'Personal Care', merchants: ['Barber Shop', 'Pharmacy Plus', 'Hair Studio'], min: 8, max: 70, account: 'card' },
  { category: 'Public Transit', merchants: ['Metro Card', 'City Bus'], min: 2.75, max: 40, account: 'cash' },
  { category: 'Health', merchants: ['Dr. Patel', 'City Dental', 'Pharmacy Plus'], min: 15, max: 180, account: 'checking' },
  { category: 'Kids', merchants: ['Toy Planet', 'School Store', 'Swim Club'], min: 10, max: 120, account: 'card' },
  { category: 'Pets', merchants: ['Pet Supplies Co', 'Vet Clinic'], min: 12, max: 150, account: 'card' },
]

export type GenerateOptions = {
  householdId: string
  userId: string
  accounts: DemoAccounts
  categories: DemoCategories
  from: IsoDate
  to: IsoDate
  seed?: number
  /** extra everyday purchases per day on average, on top of the monthly structure */
  extraPerDay?: number
}

/**
 * The rows month by month, oldest first. Calls `emit` with batches (one month each) so a
 * million rows never sit in memory at once.
 */
export function generateTransactions(options: GenerateOptions, emit: (rows: NewTransaction[]) => void): number {
  const r = rng(options.seed ?? 42)
  const { accounts: acc, categories: cat } = options
  const base = { householdId: options.householdId, userId: options.userId, notes: '', source: 'manual' as const }
  const row = (
    accountId: string,
    date: IsoDate,
    amount: Cents,
    merchant: string,
    category: string | null,
    description = '',
  ): NewTransaction => ({
    ...base,
    accountId,
    date,
    amount,
    merchant,
    description,
    categoryId: category ? (cat[category] ?? null) : null,
    kind: 'standard',
  })
  const transfer = (from: string, to: string, date: IsoDate, amount: Cents, description: string): NewTransaction[] => {
    const group = uuidv7()
    const leg = { ...base, categoryId: null, date, merchant: '', description, kind: 'transfer' as const, transferGroupId: group }
    return [
      { ...leg, accountId: from, amount: asCents(-amount) },
      { ...leg, accountId: to, amount },
    ]
  }

  let total = 0
  // card purchases after the statement closes (the 24th) are paid with the next statement
  let cardCarry = 0
  const extra = options.extraPerDay ?? 0
  for (let month = startOfMonth(options.from); month <= options.to; month = addMonths(month, 1)) {
    const rows: NewTransaction[] = []
    const days = daysInMonth(month)
    const inRange = (d: IsoDate) => d >= options.from && d <= options.to
    const day = (n: number) => makeDate(Number(month.slice(0, 4)), Number(month.slice(5, 7)), Math.min(n, days))
    const add = (...items: NewTransaction[]) => {
      for (const item of items) if (inRange(item.date)) rows.push(item)
    }
    // pay twice a month (enough to pay the card in full and save every month), rent, utilities and subscriptions
    add(row(acc.checking, day(1), between(r, PAY_MIN, PAY_MAX), 'Acme Corp Payroll', 'Salary', 'Salary'))
    add(row(acc.checking, day(15), between(r, PAY_MIN, PAY_MAX), 'Acme Corp Payroll', 'Salary', 'Salary'))
    add(row(acc.checking, day(1), asCents(-165000), 'Oakwood Apartments', 'Rent & Mortgage', 'Rent'))
    add(row(acc.checking, day(5), between(r, -142, -58), 'City Power & Gas', 'Electricity & Gas'))
    add(row(acc.checking, day(8), asCents(-6500), 'FiberNet', 'Internet & Phone'))
    add(row(acc.checking, day(12), asCents(-4500), 'Mobile One', 'Internet & Phone'))
    add(row(acc.card, day(3), asCents(-1549), 'Netflix', 'Subscriptions'))
    add(row(acc.card, day(9), asCents(-1099), 'Spotify', 'Subscriptions'))
    add(row(acc.card, day(20), asCents(-3900), 'Gym Plus', 'Subscriptions'))
    add(row(acc.checking, day(18), between(r, -160, -120), 'SafeDrive Insurance', 'Insurance'))
    add(row(acc.savings, day(days), between(r, 8, 25), 'Interest', 'Interest & Dividends'))
    // everyday spending: a realistic handful, plus the extras a benchmark asks for
    const everyday = 55 + Math.floor(r() * 15) + Math.round(extra * days)
    let cardSpend = cardCarry
    cardCarry = 0
    for (let i = 0; i < everyday; i++) {
      const kind = pick(r, EVERYDAY)
      const date = day(1 + Math.floor(r() * days))
      const amount = asCents(-between(r, kind.min, kind.max))
      if (kind.account === 'card') {
        if (date <= day(24)) cardSpend -= amount
        else cardCarry -= amount
      }
      add(row(acc[kind.account], date, amount, pick(r, kind.merchants), kind.category))
    }
    // pay the card, save, invest, and pay the loans
    add(...transfer(acc.checking, acc.card, day(25), asCents(cardSpend), 'Credit card payment'))
    add(...transfer(acc.checking, acc.savings, day(2), asCents(40000), 'Monthly savings'))
    add(...transfer(acc.checking, acc.investment, day(16), asCents(30000), 'Brokerage deposit'))
    add(...transfer(acc.checking, acc.loan, day(10), asCents(35000), 'Car loan payment'))
    add(...transfer(acc.checking, acc.cash, day(6), asCents(12000), 'ATM withdrawal'))
    if (r() < 0.3) add(row(acc.checking, day(22), between(r, 40, 400), 'Marketplace sale', 'Other Income', 'Sold an old bike'))
    rows.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0))
    total += rows.length
    if (rows.length) emit(rows)
  }
  return total
}

/** How many extra purchases a day give about `target` rows over the range. */
export function extraPerDayFor(target: number, from: IsoDate, to: IsoDate): number {
  const days = daysBetween(from, to) + 1
  const months = days / 30.44
  const natural = months * 78
  return Math.max(0, (target - natural) / days)
}

