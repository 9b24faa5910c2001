// The household's exchange rates as a RateBook (domain/currency): its base currency and every
// rate that pairs a currency with that base, in one round trip (the embedded database serves
// one query at a time). Rates against another quote are kept in the table but cannot convert
// to this base (no cross rates), so they are not read.
import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import { rateBook, type Rate, type RateBook } from '#src/domain/currency'
import type { DbOrTx } from '#src/server/db/connect'
import { exchangeRates, households } from '#src/server/db/schema'

type Row = { base: string | null; rates: [string, string, string, number][] | string | null }

/** Parses what `ratesColumn` selects (a JSON array of [currency, quote, date, rate]). */
export function ratesFromJson(value: [string, string, string, number][] | string | null | undefined): Rate[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as [string, string, string, number][]) : (value ?? [])
  return list.map(([currency, quote, date, rate]) => ({ currency, quote, date, rate: Number(rate) }))
}

/**
 * A scalar subquery: the rates of household `householdId` (an SQL expression) that pair a
 * currency with `base` (an SQL expression), as a JSON array of [currency, quote, date, rate].
 */
export function ratesColumn(householdId: SQL | Placeholder, base: SQL | Placeholder): SQL {
  return sql`coalesce((select json_agg(json_build_array(r.currency, r.quote, r.date, r.rate))
      from ${exchangeRates} r
      where r.household_id = ${householdId} and (r.quote = ${base} or r.currency = ${base})), '[]'::json)`
}

export async function loadRateBook(db: DbOrTx, householdId: string): Promise<RateBook> {
  const result = await db.execute<Row>(sql`
    select h.base_currency as base, ${ratesColumn(sql`h.id`, sql`h.base_currency`)} as rates
    from ${households} h where h.id = ${householdId}`)
  const row = result.rows[0]
  return rateBook(row?.base ?? 'USD', ratesFromJson(row?.rates))
}
