// Investment reads: holdings, performance, the valuation history, income and allocation, for
// one investment account or every one the member sees whole. Figures of one account are in its
// currency; several accounts together are in the household's base currency, converted at each
// day's rate (domain/currency); a missing price or rate makes a figure null and is named in
// `missing`, never filled in.
import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  allocation as allocationSchema,
  holding as holdingSchema,
  income as incomeSchema,
  performance as performanceSchema,
  rangeQuery,
  valuation as valuationSchema,
} from '#src/contract/investments'
import { withinApiDates } from '#src/contract/common'
import { rateBook, toBase, type RateBook } from '#src/domain/currency'
import { addDays, addMonths, dayOfWeek, daysBetween, endOfMonth, type IsoDate } from '#src/domain/dates'
import { allocationBy, allocationDrift, topHoldings, type AssetKind, type Position } from '#src/domain/investments/allocation'
import { asQuantity, averageCost, fromPrice, fromQuantity, marketValue } from '#src/domain/investments/lots'
import { measurePerformance, type CashFlow, type ValuePoint } from '#src/domain/investments/returns'
import { dailyValuation, priceOn, valuationDays } from '#src/domain/investments/valuation'
import { asCents, type Cents } from '#src/domain/money'
import type { Db } from '#src/server/db/connect'
import { invalidField } from '#src/server/http/errors'
import { householdBaseCurrency, loadBooks, loadRates, type AccountBook } from './book'
import { currentValue } from './revalue'
import { accountsToRead, refusal, type Member } from './access'
import { getTargets } from './repo'

type HoldingDto = z.output<typeof holdingSchema>
type PerformanceDto = z.output<typeof performanceSchema>
type ValuationDto = z.output<typeof valuationSchema>
type IncomeDto = z.output<typeof incomeSchema>
type AllocationDto = z.output<typeof allocationSchema>
type RangeQuery = z.output<typeof rangeQuery>

const FAR_FUTURE = '9999-12-31'
const MAX_POINTS = 400

/** Books of the accounts to read; the domain's refusal of a stored history is a 409. */
async function booksFor(db: Db, user: Member, accountId: string | undefined, ledger: boolean, prices: 'none' | 'latest' = 'latest'): Promise<AccountBook[]> {
  const { ids } = await accountsToRead(db, user, accountId)
  try {
    // the current value reads the stored positions; income reads the activities themselves
    return await loadBooks(db, user.householdId, ids, { ledger, prices, stored: prices === 'latest' })
  } catch (error) {
    throw refusal(error, 409)
  }
}

function computed<T>(work: () => T): T {
  try {
    return work()
  } catch (error) {
    throw refusal(error, 409)
  }
}

// ---- holdings ----

export async function holdings(db: Db, user: Member, accountId: string | undefined): Promise<HoldingDto[]> {
  const books = await booksFor(db, user, accountId, false)
  return computed(() => {
    const out: HoldingDto[] = []
    for (const book of books) {
      const { portfolio, index } = currentValue(book)
      for (const h of portfolio.holdings) {
        const sec = book.securities.get(h.symbol)
        const native = book.latest.get(h.symbol) ?? null
        const noRate = book.noRate.has(h.symbol)
        const converted = noRate ? null : priceOn(index, h.symbol, FAR_FUTURE)
        const held = h.quantity > 0
        const value = !held ? asCents(0) : converted === null ? null : marketValue(asQuantity(h.quantity), converted)
        out.push({
          accountId: book.account.id,
          securityId: sec?.id ?? '',
          symbol: h.symbol,
          name: sec?.name ?? '',
          kind: (sec?.kind ?? 'other') as AssetKind,
          currency: sec?.currency ?? book.account.currency,
          accountCurrency: book.account.currency,
          quantity: fromQuantity(h.quantity),
          costBasis: h.costBasis,
          averageCost: averageCost(h),
          price: native ? fromPrice(native.price) : null,
          priceDate: native?.date ?? null,
          marketValue: value,
          unrealizedGain: value === null ? null : asCents(value - h.costBasis),
          realizedGain: h.realizedGain,
          income: h.income,
          missingPrice: held && value === null,
          missingReason: held && value === null ? (noRate && native ? 'no_exchange_rate' : 'no_price') : null,
        })
      }
    }
    return out
  })
}

// ---- the daily series of one or several accounts ----

type Day = { date: IsoDate; cash: Cents | null; market: Cents | null; value: Cents | null; flow: Cents | null; missing: string[] }

type Combined = { currency: string; days: Day[] }

/** Each day from `from` to `to`: every account's cash, holdings and flows, converted and summed. */
function combinedDays(books: AccountBook[], from: IsoDate, to: IsoDate, base: string, book: RateBook | null): Combined {
  const currency = books.length === 1 && books[0] ? books[0].account.currency : base
  const total: Day[] = []
  for (let d = from; d <= to; d = addDays(d, 1)) total.push({ date: d, cash: asCents(0), market: asCents(0), value: asCents(0), flow: asCents(0), missing: [] })
  for (const b of books) {
    // the stored valuation of the activities with the ledger's cash added; replayed when none is stored
    const days = b.series
      ? valuationDays(b.series, b.ledger, from, to)
      : dailyValuation([...b.activities, ...b.ledger], b.prices, { method: b.account.costMethod, from, to })
    // nothing is nothing in any currency: a day the account holds nothing needs no rate (an
    // account opened after the range starts does not make its start "missing")
    const convert = (amount: Cents | null, date: IsoDate): Cents | null => {
      if (amount === null) return null
      if (amount === 0 || b.account.currency === currency) return amount
      return book ? toBase(book, amount, b.account.currency, date) : null
    }
    for (let i = 0; i < days.length; i += 1) {
      const day = days[i]
      const sum = total[i]
      if (!day || !sum) continue
      const empty = day.cash === 0 && day.marketValue === 0 && day.value === 0 && day.flow === 0
      const noRate = !empty && b.account.currency !== currency && convert(asCents(1), day.date) === null
      const missing = noRate ? [`${b.account.currency}→${currency}`] : day.missing
      const add = (a: Cents | null, c: Cents | null): Cents | null => (a === null || c === null ? null : asCents(a + c))
      const market = convert(day.marketValue, day.date)
      sum.cash = add(sum.cash, convert(day.cash, day.date))
      sum.market = add(sum.market, market)
      sum.value = add(sum.value, convert(day.value, day.date))
      sum.flow = add(sum.flow, convert(day.flow, day.date))
      for (const m of missing) if (!sum.missing.includes(m)) sum.missing.push(m)
    }
  }
  return { currency, days: total }
}

/** The first day with an activity or a ledger transaction in the accounts (for range=all). */
async function firstDay(db: Db, householdId: string, ids: string[]): Promise<IsoDate | null> {
  if (ids.length === 0) return null
  const result = await db.execute<{ first: string | null }>(sql`
    select least(
      (select min(date) from investment_activities where household_id = ${householdId} and account_id = any(${sql.param(ids)}::uuid[])),
      (select min(date) from transactions where household_id = ${householdId} and account_id = any(${sql.param(ids)}::uuid[]))
    )::text as first`)
  return result.rows[0]?.first ?? null
}

/** every day up to MAX_POINTS days, then the end of each week, then of each month */
function stepFor(from: IsoDate, to: IsoDate): 'day' | 'week' | 'month' {
  const days = daysBetween(from, to) + 1
  return days <= MAX_POINTS ? 'day' : days / 7 <= MAX_POINTS ? 'week' : 'month'
}

type Series = { combined: Combined; from: IsoDate; to: IsoDate; accountId: string | null; step: 'day' | 'week' | 'month' }

async function seriesFor(db: Db, user: Member, query: RangeQuery, today: IsoDate, defaultRange: 'all' | '1Y'): Promise<Series> {
  const { ids } = await accountsToRead(db, user, query.accountId)
  const to = query.to ?? today
  let from: IsoDate
  if (query.from !== undefined) from = query.from
  else {
    const range = query.range ?? defaultRange
    switch (range) {
      case '1M':
        from = addDays(addMonths(to, -1), 1)
        break
      case 'YTD':
        from = `${to.slice(0, 4)}-01-01`
        break
      case '1Y':
        from = addDays(addMonths(to, -12), 1)
        break
      case '5Y':
        from = addDays(addMonths(to, -60), 1)
        break
      case 'all': {
        const first = await firstDay(db, user.householdId, ids)
        from = first !== null && first < to ? first : to
        break
      }
    }
  }
  // a range reaching back before the first day the API speaks of starts there
  from = withinApiDates(from)
  if (from > to) throw invalidField('query.from', 'Must be on or before the end of the range')
  const step = stepFor(from, to)
  let books: AccountBook[]
  try {
    books = await loadBooks(db, user.householdId, ids, {
      ledger: true,
      prices: { from, to, step },
      stored: true,
      series: { from: addDays(from, -1), to },
    })
  } catch (error) {
    throw refusal(error, 409)
  }
  const needsRates = books.some((b) => b.account.currency !== (books[0]?.account.currency ?? ''))
  const base = await householdBaseCurrency(db, user.householdId)
  const book = needsRates ? rateBook(base, await loadRates(db, user.householdId)) : null
  // the day before `from` carries the value the range starts from
  const combined = computed(() => combinedDays(books, addDays(from, -1), to, base, book))
  return { combined, from, to, accountId: query.accountId ?? null, step }
}

/**
 * The points of a step: every day, or the last day of each week (Sunday) or month, and the last
 * day. Prices were read for exactly those days (the last price of each week or month), so the
 * values on the days in between are not shown.
 */
function sample<T extends { date: IsoDate }>(points: T[], step: 'day' | 'week' | 'month'): T[] {
  if (step === 'day') return points
  const last = points[points.length - 1]?.date
  // a day before the 28th is never a month's last: endOfMonth is only worked out for the rest
  const keep = step === 'week' ? (d: IsoDate) => dayOfWeek(d) === 0 : (d: IsoDate) => d.slice(8) >= '28' && d === endOfMonth(d)
  return points.filter((p) => keep(p.date) || p.date === last)
}

// ---- performance ----

export async function performance(db: Db, user: Member, query: RangeQuery, today: IsoDate): Promise<PerformanceDto> {
  const { combined, from, to, accountId, step } = await seriesFor(db, user, query, today, '1Y')
  const [start, ...days] = combined.days
  // over a long range the values are those of each week's (month's) end: a deposit or withdrawal
  // then counts from the start of its week (month), the domain's rule for a gap; XIRR, the
  // contributions and the gain take every flow on its own day
  const sampled = new Set(sample(days, step).map((d) => d.date))
  const missing = new Set<string>()
  for (const d of combined.days) for (const m of d.missing) missing.add(m)
  const startValue = start?.value ?? null
  const end = days[days.length - 1]
  const flowsKnown = days.every((d) => d.flow !== null)
  const series: ValuePoint[] = []
  if (start && start.value !== null) series.push({ date: start.date, value: start.value })
  const flows: CashFlow[] = []
  let contributions = 0
  const points: PerformanceDto['series'] = []
  for (const d of days) {
    if (d.value !== null && sampled.has(d.date)) series.push({ date: d.date, value: d.value })
    if (d.flow !== null && d.flow !== 0) flows.push({ date: d.date, amount: d.flow })
    contributions += d.flow ?? 0
    points.push({ date: d.date, value: d.value, contributions: asCents((startValue ?? 0) + contributions) })
  }
  const complete = startValue !== null && end !== undefined && end.value !== null && flowsKnown && days.every((d) => !sampled.has(d.date) || d.value !== null)
  const base = {
    accountId,
    currency: combined.currency,
    from,
    to,
    missing: [...missing].sort(),
    series: sample(points, step),
  }
  if (!complete) {
    const names = [...missing].sort().join(', ')
    return {
      ...base,
      twr: null,
      twrAnnualized: null,
      xirr: null,
      contributions: asCents(contributions),
      startValue,
      marketValue: end?.value ?? null,
      gain: null,
      explanation: names
        ? `Some figures are missing (${names}), so the returns can't be worked out: add the missing prices or rates.`
        : "Some figures are missing, so the returns can't be worked out.",
    }
  }
  const perf = measurePerformance(series, flows, { from, to })
  return {
    ...base,
    twr: perf.twr,
    twrAnnualized: perf.twrAnnualized,
    xirr: perf.xirr,
    contributions: perf.contributions,
    startValue: perf.startValue,
    marketValue: perf.marketValue,
    gain: perf.gain,
    explanation: perf.explanation,
  }
}

// ---- valuation ----

export async function valuation(db: Db, user: Member, query: RangeQuery, today: IsoDate): Promise<ValuationDto> {
  const { combined, from, to, accountId, step } = await seriesFor(db, user, query, today, 'all')
  const points = combined.days.slice(1).map((d) => ({ date: d.date, cash: d.cash, marketValue: d.market, value: d.value, missing: d.missing.sort() }))
  return { accountId, currency: combined.currency, from, to, step, points: sample(points, step) }
}

// ---- income ----

export async function income(db: Db, user: Member, accountId: string | undefined, today: IsoDate): Promise<IncomeDto> {
  const books = await booksFor(db, user, accountId, false, 'none')
  const base = await householdBaseCurrency(db, user.householdId)
  const currency = books.length === 1 && books[0] ? books[0].account.currency : base
  const needsRates = books.some((b) => b.account.currency !== currency)
  const book = needsRates ? rateBook(currency, await loadRates(db, user.householdId)) : null
  const months = new Map<string, { dividends: number; interest: number }>()
  const years = new Map<number, { dividends: number; interest: number }>()
  const symbols = new Map<string, number>()
  const missing = new Set<string>()
  const since = addMonths(today, -12)
  let trailing = 0
  let total = 0
  for (const b of books) {
    for (const a of b.activities) {
      if (a.type !== 'dividend' && a.type !== 'interest') continue
      const amount = b.account.currency === currency ? a.amount : book ? toBase(book, a.amount, b.account.currency, a.date) : null
      if (amount === null) {
        missing.add(`${b.account.currency}→${currency}`)
        continue
      }
      const kind = a.type === 'dividend' ? 'dividends' : 'interest'
      const month = months.get(a.date.slice(0, 7)) ?? { dividends: 0, interest: 0 }
      month[kind] += amount
      months.set(a.date.slice(0, 7), month)
      const yearKey = Number(a.date.slice(0, 4))
      const year = years.get(yearKey) ?? { dividends: 0, interest: 0 }
      year[kind] += amount
      years.set(yearKey, year)
      const symbol = a.symbol ?? '(cash)'
      symbols.set(symbol, (symbols.get(symbol) ?? 0) + amount)
      total += amount
      if (a.date > since && a.date <= today) trailing += amount
    }
  }
  const row = (r: { dividends: number; interest: number }) => ({
    dividends: asCents(r.dividends),
    interest: asCents(r.interest),
    total: asCents(r.dividends + r.interest),
  })
  return {
    accountId: accountId ?? null,
    currency,
    byMonth: [...months.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, r]) => ({ month, ...row(r) })),
    byYear: [...years.entries()].sort(([a], [b]) => a - b).map(([year, r]) => ({ year, ...row(r) })),
    bySymbol: [...symbols.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([symbol, t]) => ({ symbol, total: asCents(t) })),
    trailing12Months: asCents(trailing),
    total: asCents(total),
    missing: [...missing].sort(),
  }
}

// ---- allocation ----

export async function allocation(db: Db, user: Member, accountId: string | undefined, today: IsoDate): Promise<AllocationDto> {
  const books = await booksFor(db, user, accountId, false)
  const base = await householdBaseCurrency(db, user.householdId)
  const needsRates = books.some((b) => b.account.currency !== base)
  const book = needsRates ? rateBook(base, await loadRates(db, user.householdId)) : null
  const targets = await getTargets(db, user.householdId)
  const positions: Position[] = []
  const missing = new Set<string>()
  const names = new Map<string, string>()
  computed(() => {
    for (const b of books) {
      names.set(b.account.id, b.account.name)
      const now = currentValue(b)
      const index = now.index
      const toHousehold = (amount: Cents): Cents | null =>
        b.account.currency === base ? amount : book ? toBase(book, amount, b.account.currency, today) : null
      for (const h of now.portfolio.holdings) {
        if (h.quantity <= 0) continue
        const sec = b.securities.get(h.symbol)
        const p = b.noRate.has(h.symbol) ? null : priceOn(index, h.symbol, FAR_FUTURE)
        const value = p === null ? null : toHousehold(marketValue(asQuantity(h.quantity), p))
        if (value === null) {
          missing.add(p === null ? h.symbol : `${b.account.currency}→${base}`)
          continue
        }
        names.set(h.symbol, sec?.name || h.symbol)
        positions.push({ symbol: h.symbol, kind: (sec?.kind ?? 'other') as AssetKind, accountId: b.account.id, currency: sec?.currency ?? b.account.currency, value })
      }
      const cash = toHousehold(asCents(b.account.balance - b.account.investmentValue + now.portfolio.cash))
      if (cash === null) missing.add(`${b.account.currency}→${base}`)
      else if (cash !== 0) positions.push({ symbol: 'Cash', kind: 'cash', accountId: b.account.id, currency: b.account.currency, value: cash })
    }
  })
  names.set('Cash', 'Cash')
  const label = (key: string): string => names.get(key) ?? key
  const slices = (dimension: 'kind' | 'account' | 'currency') =>
    allocationBy(positions, dimension).map((s) => ({ ...s, label: dimension === 'account' ? label(s.key) : s.key }))
  const top = topHoldings(positions, 10)
  let total = 0
  for (const p of positions) total += p.value
  return {
    currency: base,
    total: asCents(total),
    byKind: slices('kind'),
    byAccount: slices('account'),
    byCurrency: slices('currency'),
    topHoldings: top.top.map((s) => ({ ...s, label: label(s.key) })),
    rest: top.rest,
    targets,
    drift:
      targets.length === 0
        ? []
        : allocationDrift(positions, 'kind', targets.map((t) => ({ key: t.kind, percent: t.percent }))).map((r) => ({
            kind: r.key,
            value: r.value,
            actual: r.actual,
            target: r.target,
            drift: r.drift,
            toTarget: r.toTarget,
          })),
    missing: [...missing].sort(),
  }
}
