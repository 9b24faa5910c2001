// The daily price refresh: when a price provider is configured, asks it for the latest
// price of every symbol held in an investment account, writes them (source 'provider', a price
// already there for the day replaced) and revalues the accounts holding them, one household per
// transaction. A household whose history cannot be valued, or a provider that fails, is logged
// and skipped: the next run tries again.
import type { FastifyBaseLogger } from 'fastify'
import { and, eq, sql } from 'drizzle-orm'
import type { IsoDate } from '#src/domain/dates'
import { toPrice } from '#src/domain/investments/lots'
import type { Db } from '../db/connect'
import { accounts, investmentActivities } from '../db/schema'
import type { PriceProvider } from '../integrations/prices/price-provider'
import { loadBooks } from '../modules/investments/book'
import { currentValue } from '../modules/investments/revalue'
import { writePrices } from '../modules/investments/service'

export type PriceRefresh = { households: number; symbols: number; written: number; failed: number }

/** Symbols held (a quantity above 0) in each household's investment accounts. */
async function heldSymbols(db: Db, log: FastifyBaseLogger): Promise<Map<string, Set<string>>> {
  const rows = await db
    .selectDistinct({ householdId: investmentActivities.householdId, accountId: investmentActivities.accountId })
    .from(investmentActivities)
    .innerJoin(accounts, and(eq(accounts.id, investmentActivities.accountId), eq(accounts.type, 'investment')))
    .where(sql`${investmentActivities.securityId} is not null`)
  const byHousehold = new Map<string, string[]>()
  for (const r of rows) byHousehold.set(r.householdId, [...(byHousehold.get(r.householdId) ?? []), r.accountId])
  const held = new Map<string, Set<string>>()
  for (const [householdId, accountIds] of byHousehold) {
    try {
      const symbols = new Set<string>()
      for (const book of await loadBooks(db, householdId, accountIds, { stored: true })) {
        for (const h of currentValue(book).portfolio.holdings) if (h.quantity > 0) symbols.add(h.symbol)
      }
      if (symbols.size > 0) held.set(householdId, symbols)
    } catch (error) {
      log.warn({ err: error, householdId }, 'price refresh: holdings could not be worked out')
    }
  }
  return held
}

export async function refreshPrices(db: Db, provider: PriceProvider, now: Date, log: FastifyBaseLogger): Promise<PriceRefresh> {
  const today: IsoDate = now.toISOString().slice(0, 10)
  const held = await heldSymbols(db, log)
  const all = new Set<string>()
  for (const symbols of held.values()) for (const s of symbols) all.add(s)
  const result: PriceRefresh = { households: 0, symbols: all.size, written: 0, failed: 0 }
  if (all.size === 0) return result
  const latest = new Map((await provider.latest([...all])).map((p) => [p.symbol, p]))
  for (const [householdId, symbols] of held) {
    const points = [...symbols].flatMap((s) => {
      const p = latest.get(s)
      return p ? [{ symbol: s, date: p.date, price: toPrice(p.price) }] : []
    })
    if (points.length === 0) continue
    try {
      const written = await db.transaction((tx) => writePrices(tx, householdId, points, 'provider', today))
      result.households += 1
      result.written += written.imported
    } catch (error) {
      result.failed += 1
      log.warn({ err: error, householdId }, 'price refresh: prices could not be written')
    }
  }
  return result
}
