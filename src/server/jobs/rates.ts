// The daily rate refresh: when a rate provider is configured, asks it for today's rate
// of every currency a household's accounts or securities use against the household's base (one
// request per base currency, for every household on it), and writes them (source 'provider'; a
// provider's rate of the same day is replaced, one typed in or imported never is), revaluing the
// household's investment accounts (holdings quoted in another currency). Every other figure reads
// the rates when it is shown. A provider that fails is logged and the next run tries again.
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/connect'
import { accounts, households, securities } from '../db/schema'
import type { RateProvider } from '../integrations/rates/rate-provider'
import { upsertRates } from '../modules/currencies/service'

export type RateRefresh = { households: number; currencies: number; written: number; failed: number }

type Row = { id: string; base: string; symbols: string[] }

/** Each household with an account or security in a currency other than its base. */
async function foreignCurrencies(db: Db): Promise<Row[]> {
  const result = await db.execute<Row>(sql`
    select h.id, h.base_currency as base,
      array(select distinct x.c from (
        select a.currency as c from ${accounts} a where a.household_id = h.id
        union select s.currency from ${securities} s where s.household_id = h.id) x
        where x.c <> h.base_currency order by 1) as symbols
    from ${households} h`)
  return result.rows.filter((r) => r.symbols.length > 0)
}

export async function refreshRates(db: Db, provider: RateProvider, now: Date, log: FastifyBaseLogger): Promise<RateRefresh> {
  const rows = await foreignCurrencies(db)
  const byBase = new Map<string, Row[]>()
  for (const r of rows) byBase.set(r.base, [...(byBase.get(r.base) ?? []), r])
  const result: RateRefresh = { households: 0, currencies: 0, written: 0, failed: 0 }
  for (const [base, list] of byBase) {
    const symbols = [...new Set(list.flatMap((r) => r.symbols))]
    result.currencies += symbols.length
    let latest
    try {
      latest = await provider.latest(base, symbols)
    } catch (error) {
      result.failed += list.length
      log.warn({ err: error, base }, 'rate refresh: the provider failed')
      continue
    }
    for (const household of list) {
      const wanted = new Set(household.symbols)
      const rates = latest.filter((r) => wanted.has(r.quote))
      if (rates.length === 0) continue
      try {
        result.written += await upsertRates(db, household.id, rates, 'provider', now, now.toISOString().slice(0, 10))
        result.households += 1
      } catch (error) {
        result.failed += 1
        log.warn({ err: error, householdId: household.id }, 'rate refresh: rates could not be written')
      }
    }
  }
  return result
}
