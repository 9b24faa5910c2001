// Currency queries, each scoped by household: the base currency, the exchange rates, and what
// is held in each currency.
import { and, desc, eq, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { accounts, exchangeRates, households, securities } from '#src/server/db/schema'
import { ratesColumn } from './rates'

export type RateRow = typeof exchangeRates.$inferSelect
type NewRateRow = typeof exchangeRates.$inferInsert

export type OverviewRow = {
  base: string
  accounts: [string, number][] | string | null
  securities: [string, number][] | string | null
  rates: [string, string, string, number][] | string | null
  rated: string[] | string | null
}

/**
 * One round trip: the base, accounts (leaving out `hidden`) and securities per currency, the
 * rates to the base, and every currency that has a rate of any kind.
 */
export async function findOverviewRow(db: DbOrTx, householdId: string, hidden: string[]): Promise<OverviewRow | undefined> {
  const result = await db.execute<OverviewRow>(sql`
    select hh.base_currency as base,
      (select json_agg(json_build_array(x.currency, x.n)) from (
        select a.currency, count(*)::int as n from ${accounts} a
        where a.household_id = hh.id and a.id <> all(${sql.param(hidden)}::uuid[]) group by a.currency) x) as accounts,
      (select json_agg(json_build_array(x.currency, x.n)) from (
        select s.currency, count(*)::int as n from ${securities} s
        where s.household_id = hh.id group by s.currency) x) as securities,
      ${ratesColumn(sql`hh.id`, sql`hh.base_currency`)} as rates,
      (select json_agg(distinct x.c) from (
        select r.currency as c from ${exchangeRates} r where r.household_id = hh.id
        union select r.quote from ${exchangeRates} r where r.household_id = hh.id) x) as rated
    from ${households} hh where hh.id = ${householdId}`)
  return result.rows[0]
}

export async function setHouseholdBase(db: DbOrTx, householdId: string, baseCurrency: string, now: Date): Promise<void> {
  await db.update(households).set({ baseCurrency, updatedAt: now }).where(eq(households.id, householdId))
}

export async function findHouseholdBase(db: DbOrTx, householdId: string): Promise<string | undefined> {
  const [row] = await db.select({ base: households.baseCurrency }).from(households).where(eq(households.id, householdId))
  return row?.base
}

/** Moves the household's accounts in one currency to another (amounts unchanged); how many moved. */
export async function moveAccountsCurrency(db: DbOrTx, householdId: string, from: string, to: string, now: Date): Promise<number> {
  const rows = await db
    .update(accounts)
    .set({ currency: to, updatedAt: now })
    .where(and(eq(accounts.householdId, householdId), eq(accounts.currency, from)))
    .returning({ id: accounts.id })
  return rows.length
}

/** The household's rates, newest first; with `currency`, those it is either side of. */
export function listRateRows(db: DbOrTx, householdId: string, currency: string | undefined): Promise<RateRow[]> {
  return db
    .select()
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.householdId, householdId),
        currency ? or(eq(exchangeRates.currency, currency), eq(exchangeRates.quote, currency)) : undefined,
      ),
    )
    .orderBy(desc(exchangeRates.date), exchangeRates.currency, exchangeRates.quote)
}

const PAIR_DAY = [exchangeRates.householdId, exchangeRates.currency, exchangeRates.quote, exchangeRates.date]

/** A rate typed in, replacing any of the same pair and day. */
export async function upsertManualRate(
  db: DbOrTx,
  householdId: string,
  rate: Pick<NewRateRow, 'currency' | 'quote' | 'date' | 'rate'>,
  now: Date,
): Promise<RateRow | undefined> {
  const [row] = await db
    .insert(exchangeRates)
    .values({ householdId, currency: rate.currency, quote: rate.quote, date: rate.date, rate: rate.rate, source: 'manual', updatedAt: now })
    .onConflictDoUpdate({
      target: PAIR_DAY,
      set: { rate: rate.rate, source: 'manual', updatedAt: now },
    })
    .returning()
  return row
}

/** Whether there was such a rate (it is gone now). */
export async function deleteRateRow(
  db: DbOrTx,
  householdId: string,
  rate: Pick<NewRateRow, 'currency' | 'quote' | 'date'>,
): Promise<boolean> {
  const deleted = await db
    .delete(exchangeRates)
    .where(
      and(
        eq(exchangeRates.householdId, householdId),
        eq(exchangeRates.currency, rate.currency),
        eq(exchangeRates.quote, rate.quote),
        eq(exchangeRates.date, rate.date),
      ),
    )
    .returning({ date: exchangeRates.date })
  return deleted.length > 0
}

/** Writes rates replacing those of the same pair and day; the provider's only replace the provider's. */
export async function upsertRateRows(db: DbOrTx, values: NewRateRow[], now: Date, onlyOverProvider: boolean): Promise<void> {
  await db
    .insert(exchangeRates)
    .values(values)
    .onConflictDoUpdate({
      target: PAIR_DAY,
      set: { rate: sql`excluded.rate`, source: sql`excluded.source`, updatedAt: now },
      ...(onlyOverProvider ? { setWhere: sql`${exchangeRates.source} = 'provider'` } : {}),
    })
}
