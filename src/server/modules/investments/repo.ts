// Investment queries of the use cases that write: investment accounts, securities, activities,
// prices and allocation targets, each scoped by household. The books and the stored valuation
// read theirs in book.ts and revalue.ts.
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import type { IsoDate } from '#src/domain/dates'
import type { AssetKind } from '#src/domain/investments/allocation'
import type { Price } from '#src/domain/investments/lots'
import type { DbOrTx } from '#src/server/db/connect'
import { accounts, allocationTargets, investmentActivities, securities, securityPrices } from '#src/server/db/schema'
import { activityColumns, type ActivityRow } from './book'

export type SecurityRow = typeof securities.$inferSelect
export type ActivityWrite = Omit<typeof investmentActivities.$inferInsert, 'householdId' | 'accountId' | 'userId'>
export type TargetRow = { kind: AssetKind; percent: number }

// ---- accounts ----

/** The ids of the household's investment accounts (visible to the member or not). */
export async function investmentAccountIds(db: DbOrTx, householdId: string): Promise<string[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), eq(accounts.type, 'investment')))
  return rows.map((r) => r.id)
}

export async function findAccountType(db: DbOrTx, householdId: string, id: string): Promise<{ id: string; type: string; currency: string } | undefined> {
  const [row] = await db
    .select({ id: accounts.id, type: accounts.type, currency: accounts.currency })
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)))
    .limit(1)
  return row
}

/** The currency of an activity's account (the activity was found in the household already). */
export async function accountCurrency(db: DbOrTx, accountId: string): Promise<{ currency: string } | undefined> {
  const [account] = await db.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, accountId)).limit(1)
  return account
}

export async function setAccountCostMethod(tx: DbOrTx, householdId: string, id: string, method: 'fifo' | 'average'): Promise<void> {
  await tx
    .update(accounts)
    .set({ costMethod: method, updatedAt: sql`now()` })
    .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)))
}

// ---- securities ----

/** The household's security for a symbol, added with `defaults` when it is new. */
export async function ensureSecurity(
  tx: DbOrTx,
  householdId: string,
  symbol: string,
  defaults: { name?: string | undefined; kind?: AssetKind | undefined; currency: string },
): Promise<{ row: SecurityRow; created: boolean }> {
  const inserted = await tx
    .insert(securities)
    .values({ householdId, symbol, name: defaults.name ?? '', kind: defaults.kind ?? 'stock', currency: defaults.currency })
    .onConflictDoNothing({ target: [securities.householdId, securities.symbol] })
    .returning()
  if (inserted[0]) return { row: inserted[0], created: true }
  const [row] = await tx
    .select()
    .from(securities)
    .where(and(eq(securities.householdId, householdId), eq(securities.symbol, symbol)))
    .limit(1)
  if (!row) throw new Error('security vanished')
  return { row, created: false }
}

/** Accounts of the household with activities in these securities (to revalue). */
export async function accountsHolding(tx: DbOrTx, householdId: string, securityIds: string[]): Promise<string[]> {
  if (securityIds.length === 0) return []
  const rows = await tx
    .selectDistinct({ accountId: investmentActivities.accountId })
    .from(investmentActivities)
    .where(and(eq(investmentActivities.householdId, householdId), inArray(investmentActivities.securityId, securityIds)))
  return rows.map((r) => r.accountId)
}

/** The household's securities by symbol, and which accounts have activities in each. */
export async function securitiesWithUses(
  db: DbOrTx,
  householdId: string,
): Promise<{ rows: SecurityRow[]; uses: { securityId: string | null; accountId: string }[] }> {
  const [rows, uses] = await Promise.all([
    db.select().from(securities).where(eq(securities.householdId, householdId)).orderBy(asc(securities.symbol)),
    db
      .selectDistinct({ securityId: investmentActivities.securityId, accountId: investmentActivities.accountId })
      .from(investmentActivities)
      .where(and(eq(investmentActivities.householdId, householdId), sql`${investmentActivities.securityId} is not null`)),
  ])
  return { rows, uses }
}

export async function updateSecurityRow(
  tx: DbOrTx,
  householdId: string,
  id: string,
  changes: Partial<Pick<SecurityRow, 'name' | 'kind' | 'currency'>>,
): Promise<void> {
  await tx
    .update(securities)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(securities.householdId, householdId), eq(securities.id, id)))
}

// ---- activities ----

export async function activityById(db: DbOrTx, householdId: string, id: string): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select(activityColumns)
    .from(investmentActivities)
    .leftJoin(securities, eq(securities.id, investmentActivities.securityId))
    .where(and(eq(investmentActivities.householdId, householdId), eq(investmentActivities.id, id)))
    .limit(1)
  return row
}

/** Adds an activity; its id. */
export async function insertActivity(
  tx: DbOrTx,
  owner: { householdId: string; accountId: string; userId: string },
  values: ActivityWrite,
): Promise<string> {
  const [row] = await tx
    .insert(investmentActivities)
    .values({ householdId: owner.householdId, accountId: owner.accountId, userId: owner.userId, source: 'manual', ...values })
    .returning({ id: investmentActivities.id })
  if (!row) throw new Error('insert returned no row')
  return row.id
}

export async function updateActivityRow(tx: DbOrTx, householdId: string, id: string, values: ActivityWrite): Promise<void> {
  await tx
    .update(investmentActivities)
    .set(values)
    .where(and(eq(investmentActivities.householdId, householdId), eq(investmentActivities.id, id)))
}

export async function deleteActivityRow(tx: DbOrTx, householdId: string, id: string): Promise<void> {
  await tx.delete(investmentActivities).where(and(eq(investmentActivities.householdId, householdId), eq(investmentActivities.id, id)))
}

export type ActivityFilter = {
  symbol?: string | undefined
  from?: IsoDate | undefined
  to?: IsoDate | undefined
  /** the keyset cursor: rows strictly before this (date, id) */
  after?: { date: string; id: string } | undefined
}

/** A page of the accounts' activities, newest first (`limit` rows at most). */
export async function listActivityRows(db: DbOrTx, householdId: string, accountIds: string[], filter: ActivityFilter, limit: number): Promise<ActivityRow[]> {
  const a = investmentActivities
  const conditions: SQL[] = [eq(a.householdId, householdId), inArray(a.accountId, accountIds)]
  if (filter.symbol !== undefined) conditions.push(eq(securities.symbol, filter.symbol))
  if (filter.from !== undefined) conditions.push(gte(a.date, filter.from))
  if (filter.to !== undefined) conditions.push(lte(a.date, filter.to))
  if (filter.after !== undefined) {
    const c = filter.after
    const after = or(sql`${a.date} < ${c.date}`, and(eq(a.date, c.date), sql`${a.id} < ${c.id}::uuid`))
    if (after) conditions.push(after)
  }
  return db
    .select(activityColumns)
    .from(a)
    .leftJoin(securities, eq(securities.id, a.securityId))
    .where(and(...conditions))
    .orderBy(desc(a.date), desc(a.id))
    .limit(limit)
}

// ---- prices ----

/** The newest price in the price table of each of the household's securities. */
export async function latestTablePrices(db: DbOrTx, householdId: string): Promise<Map<string, { date: IsoDate; price: Price }>> {
  const rows = await db
    .selectDistinctOn([securityPrices.securityId], { securityId: securityPrices.securityId, date: securityPrices.date, price: securityPrices.price })
    .from(securityPrices)
    .where(eq(securityPrices.householdId, householdId))
    .orderBy(securityPrices.securityId, desc(securityPrices.date))
  return new Map(rows.map((r) => [r.securityId, { date: r.date, price: r.price as Price }]))
}

/** A price typed in: it replaces the day's price of the security. */
export async function upsertManualPrice(tx: DbOrTx, householdId: string, securityId: string, date: IsoDate, price: Price): Promise<void> {
  await tx
    .insert(securityPrices)
    .values({ securityId, householdId, date, price, source: 'manual' })
    .onConflictDoUpdate({
      target: [securityPrices.securityId, securityPrices.date],
      set: { price, source: 'manual', updatedAt: sql`now()` },
    })
}

/** Prices from a file or provider, each replacing its security's price of the day, 1,000 rows a statement. */
export async function upsertPrices(
  tx: DbOrTx,
  householdId: string,
  values: { securityId: string; date: IsoDate; price: number }[],
  source: 'csv' | 'statement' | 'provider',
): Promise<void> {
  for (let i = 0; i < values.length; i += 1000) {
    await tx
      .insert(securityPrices)
      .values(values.slice(i, i + 1000).map((v) => ({ ...v, householdId, source })))
      .onConflictDoUpdate({
        target: [securityPrices.securityId, securityPrices.date],
        set: { price: sql`excluded.price`, source: sql`excluded.source`, updatedAt: sql`now()` },
      })
  }
}

/** A security's prices between two days, newest first. */
export async function listPriceRows(
  db: DbOrTx,
  securityId: string,
  range: { from?: IsoDate | undefined; to?: IsoDate | undefined },
): Promise<{ date: IsoDate; price: number; source: string }[]> {
  const conditions: SQL[] = [eq(securityPrices.securityId, securityId)]
  if (range.from) conditions.push(gte(securityPrices.date, range.from))
  if (range.to) conditions.push(lte(securityPrices.date, range.to))
  return db
    .select({ date: securityPrices.date, price: securityPrices.price, source: securityPrices.source })
    .from(securityPrices)
    .where(and(...conditions))
    .orderBy(desc(securityPrices.date))
    .limit(10_000)
}

// ---- targets ----

export async function getTargets(db: DbOrTx, householdId: string): Promise<TargetRow[]> {
  const rows = await db
    .select({ kind: allocationTargets.kind, percent: allocationTargets.percent })
    .from(allocationTargets)
    .where(eq(allocationTargets.householdId, householdId))
    .orderBy(desc(allocationTargets.percent), asc(allocationTargets.kind))
  return rows.map((r) => ({ kind: r.kind as AssetKind, percent: r.percent }))
}

/** The household's targets become `targets` (none when empty). */
export async function replaceTargets(tx: DbOrTx, householdId: string, targets: TargetRow[]): Promise<void> {
  await tx.delete(allocationTargets).where(eq(allocationTargets.householdId, householdId))
  if (targets.length > 0) {
    await tx.insert(allocationTargets).values(targets.map((t) => ({ householdId, kind: t.kind, percent: t.percent })))
  }
}
