// The household's base currency and exchange rates: what is in use, the latest rate
// of each currency (missing ones flagged), rates typed in, imported from CSV or fetched by the
// optional provider. The base is household-wide: adults and the owner change it, and every
// member's figures follow (SessionUser.baseCurrency is the household's). Rates are kept as
// entered; conversions read them when they need them, so a new, changed or deleted rate shows in
// every figure at once. The one stored figure that depends on them, the value of holdings quoted
// in another currency than their investment account's, is revalued in the rate's transaction.
import type { z } from 'zod'
import type { Currencies, deleteRateQuery, ExchangeRate, putRateBody, setBaseBody } from '#src/contract/currencies'
import { MAX_RATE_LINES, RATE_SOURCES } from '#src/contract/currencies'
import { parseRatesCsv, rateBook, rateDateOn, rateOn, type Rate } from '#src/domain/currency'
import { localDate, type IsoDate } from '#src/domain/dates'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { AppError, notFound } from '#src/server/http/errors'
import { memberScope } from '#src/server/core/scope'
import { refusal } from '../investments/access'
import { revalueHousehold } from '../investments/revalue'
import type { SessionUser } from '#src/server/core/sessions'
import { ratesFromJson } from './rates'
import * as repo from './repo'
import type { RateRow } from './repo'

const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v)

export async function overview(db: Db, user: SessionUser, now: Date): Promise<Currencies> {
  const { hidden } = await memberScope(db, user)
  const row = await repo.findOverviewRow(db, user.householdId, hidden)
  if (!row) throw notFound('Household')
  const today = localDate(now, user.timeZone)
  const book = rateBook(row.base, ratesFromJson(row.rates))
  const byAccount = new Map(json<[string, number][]>(row.accounts) ?? [])
  const bySecurity = new Map(json<[string, number][]>(row.securities) ?? [])
  const codes = new Set([...byAccount.keys(), ...bySecurity.keys(), ...(json<string[]>(row.rated) ?? [])])
  codes.delete(book.base)
  const list = [...codes].sort().map((currency) => {
    const accountsIn = byAccount.get(currency) ?? 0
    const securitiesIn = bySecurity.get(currency) ?? 0
    const rate = rateOn(book, currency, today)
    return {
      currency,
      accounts: accountsIn,
      securities: securitiesIn,
      rate,
      rateDate: rate === null ? null : rateDateOn(book, currency, today),
      missing: rate === null && accountsIn + securitiesIn > 0,
    }
  })
  return { baseCurrency: book.base, today, accountsInBase: byAccount.get(book.base) ?? 0, currencies: list }
}

/** Sets the household's base currency. Rates stay as they are: each pair reads either way. */
export async function setBase(db: DbOrTx, householdId: string, baseCurrency: string, now: Date): Promise<void> {
  await repo.setHouseholdBase(db, householdId, baseCurrency, now)
}

/**
 * Sets the base from the currencies API; with `moveAccounts`, the accounts in the old base move
 * to the new one (amounts unchanged), in the same transaction. Returns how many moved.
 */
export async function changeBase(
  db: Db,
  householdId: string,
  body: z.output<typeof setBaseBody>,
  now: Date,
  today: IsoDate,
): Promise<number> {
  return db.transaction(async (tx) => {
    const old = await baseOf(tx, householdId)
    let moved = 0
    if (body.moveAccounts && old !== body.baseCurrency) {
      moved = await repo.moveAccountsCurrency(tx, householdId, old, body.baseCurrency, now)
    }
    await setBase(tx, householdId, body.baseCurrency, now)
    // an investment account in another currency values its holdings through other rates now
    if (moved > 0) await revalueAfterRates(tx, householdId, today)
    return moved
  })
}

async function baseOf(db: DbOrTx, householdId: string): Promise<string> {
  const base = await repo.findHouseholdBase(db, householdId)
  if (base === undefined) throw notFound('Household')
  return base
}

function toRateDto(row: Pick<RateRow, 'currency' | 'quote' | 'date' | 'rate' | 'source'>): ExchangeRate {
  return {
    currency: row.currency,
    quote: row.quote,
    date: row.date,
    rate: row.rate,
    source: RATE_SOURCES.find((s) => s === row.source) ?? 'manual',
  }
}

export async function listRates(db: Db, householdId: string, currency: string | undefined): Promise<ExchangeRate[]> {
  const rows = await repo.listRateRows(db, householdId, currency)
  return rows.map(toRateDto)
}

const samePair = () =>
  new AppError(400, 'SAME_CURRENCY', 'A rate needs two different currencies', {
    issues: [{ path: 'body.quote', message: 'Must differ from the currency' }],
  })

/**
 * Holdings quoted in another currency than their account's are valued through the rates
 * (ADR 0027): after a rate changes, the household's investment accounts are revalued in the same
 * transaction. A history the rates no longer value (a trade without an amount whose rate is
 * gone) refuses the change: 400, or 409 for a deletion, and nothing is written.
 */
async function revalueAfterRates(tx: DbOrTx, householdId: string, today: IsoDate, status: 400 | 409 = 400): Promise<void> {
  try {
    await revalueHousehold(tx, householdId, { today })
  } catch (error) {
    throw refusal(error, status)
  }
}

export async function putRate(
  db: Db,
  householdId: string,
  body: z.output<typeof putRateBody>,
  now: Date,
  today: IsoDate,
): Promise<ExchangeRate> {
  return db.transaction(async (tx) => {
    const quote = body.quote ?? (await baseOf(tx, householdId))
    if (quote === body.currency) throw samePair()
    const row = await repo.upsertManualRate(tx, householdId, { currency: body.currency, quote, date: body.date, rate: body.rate }, now)
    if (!row) throw new Error('upsert returned no row')
    await revalueAfterRates(tx, householdId, today)
    return toRateDto(row)
  })
}

export async function deleteRate(db: Db, householdId: string, query: z.output<typeof deleteRateQuery>, today: IsoDate): Promise<void> {
  await db.transaction(async (tx) => {
    const quote = query.quote ?? (await baseOf(tx, householdId))
    const deleted = await repo.deleteRateRow(tx, householdId, { currency: query.currency, quote, date: query.date })
    if (!deleted) throw notFound('Rate')
    await revalueAfterRates(tx, householdId, today, 409)
  })
}

/**
 * Writes rates (the last of duplicates wins), all in one transaction, replacing those of the
 * same pair and day; the provider's never replace a rate typed in or imported. Returns how many
 * were sent.
 */
export async function upsertRates(
  db: Db,
  householdId: string,
  rates: readonly Rate[],
  source: 'csv' | 'provider',
  now: Date,
  today: IsoDate,
): Promise<number> {
  const unique = new Map<string, Rate>()
  for (const r of rates) unique.set(`${r.currency} ${r.quote} ${r.date}`, r)
  const values = [...unique.values()].map((r) => ({ householdId, ...r, source, updatedAt: now }))
  if (values.length === 0) return 0
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += 2000) {
      await repo.upsertRateRows(tx, values.slice(i, i + 2000), now, source === 'provider')
    }
    await revalueAfterRates(tx, householdId, today)
  })
  return values.length
}

export async function importRates(
  db: Db,
  householdId: string,
  csv: string,
  now: Date,
  today: IsoDate,
): Promise<{ imported: number; currencies: string[] }> {
  const parsed = parseRatesCsv(csv, MAX_RATE_LINES)
  if (!parsed.ok) {
    const message = `Line ${parsed.line}: ${parsed.message}`
    throw new AppError(400, 'INVALID_CSV', message, { issues: [{ path: 'body.csv', message }] })
  }
  const base = parsed.rates.some((r) => r.quote === undefined) ? await baseOf(db, householdId) : ''
  const rates: Rate[] = []
  for (const r of parsed.rates) {
    const quote = r.quote ?? base
    if (quote === r.currency) {
      const message = `Line ${r.line}: the currency is the base currency (${base}); give a quote currency`
      throw new AppError(400, 'INVALID_CSV', message, { issues: [{ path: 'body.csv', message }] })
    }
    rates.push({ currency: r.currency, quote, date: r.date, rate: r.rate })
  }
  const imported = await upsertRates(db, householdId, rates, 'csv', now, today)
  return { imported, currencies: [...new Set(rates.map((r) => r.currency))].sort() }
}

/** The household's base currency changed from the settings form: only adults and the owner may. */
export function assertMayChangeBase(user: SessionUser): void {
  if (user.role !== 'owner' && user.role !== 'adult') {
    throw new AppError(403, 'FORBIDDEN', "Only adults and the owner can change the household's base currency")
  }
}
