// Investment use cases that write: activities, prices (typed in, CSV), securities, targets and
// an account's cost method. Each write and the revaluation it causes run in one transaction:
// an impossible history (selling more than is held) is refused and nothing changes.
//
// Privacy (ADR 0023): activities and holdings follow the rule of transactions: an account the
// member does not see whole (hidden or balance-only) is a 404, and lists leave it out.
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  activity as activitySchema,
  createActivityBody,
  importPricesResult,
  investmentAccount,
  listActivitiesQuery,
  pricePoint,
  putPriceBody,
  security as securitySchema,
  target,
  updateActivityBody,
  updateSecurityBody,
} from '../../../contract/investments'
import { checkActivityFields } from '../../../contract/investments'
import { rateBook, rateOn } from '../../../domain/currency'
import { formatDay, type IsoDate } from '../../../domain/dates'
import { checkTargets, type AssetKind } from '../../../domain/investments/allocation'
import {
  fromPrice,
  fromQuantity,
  InvestmentError,
  marketValue,
  toPrice,
  toQuantity,
  type Price,
  type Quantity,
} from '../../../domain/investments/lots'
import { asCents } from '../../../domain/money'
import type { Db, DbOrTx } from '../../db/connect'
import { accounts, allocationTargets, investmentActivities, securities, securityPrices } from '../../db/schema'
import { AppError, invalidField, notFound } from '../../http/errors'
import { fullAccount, memberScope, writableAccount, type MemberScope } from '../accounts/scope'
import type { SessionUser } from '../auth/sessions'
import { activityColumns, householdBaseCurrency, loadBooks, loadRates, type ActivityRow } from './book'
import { parsePriceCsv } from './price-csv'
import { currentValue, revalueAccounts } from './revalue'

export type Member = Pick<SessionUser, 'id' | 'householdId' | 'role' | 'timeZone' | 'locale'>
type ActivityDto = z.output<typeof activitySchema>
type SecurityDto = z.output<typeof securitySchema>
type PriceDto = z.output<typeof pricePoint>
type AccountDto = z.output<typeof investmentAccount>
type Target = z.output<typeof target>


const FIELD_OF: Record<string, string> = {
  oversell: 'quantity',
  bad_quantity: 'quantity',
  bad_price: 'price',
  bad_amount: 'amount',
  missing_amount: 'amount',
  missing_cost_basis: 'costBasis',
  bad_split_ratio: 'ratio',
  bad_date: 'date',
  bad_target: 'targets',
}

/**
 * Runs a revaluation after a write: the domain's refusal (an oversell, an impossible split)
 * becomes a 400 naming the field (or a 409 when the write was not the one that broke the history:
 * a deletion), and its transaction is rolled back by the throw.
 */
async function revalueOrRefuse(
  tx: DbOrTx,
  householdId: string,
  accountIds: string[],
  today: IsoDate,
  status: 400 | 409 = 400,
  from?: IsoDate,
  locale = 'en-US',
): Promise<void> {
  try {
    await revalueAccounts(tx, householdId, accountIds, from === undefined ? { today } : { today, from })
  } catch (error) {
    throw refusal(error, status, locale)
  }
}

/** The domain's refusal as an answer, its day written as the reader (`locale`) writes dates. */
export function refusal(error: unknown, status: 400 | 409 = 400, locale = 'en-US'): unknown {
  if (error instanceof InvestmentError) {
    const field = FIELD_OF[error.code] ?? 'body'
    const message = error.messageIn(locale)
    if (status === 409) return new AppError(409, error.code.toUpperCase(), `This would leave the account's history impossible: ${message}`)
    return new AppError(400, error.code.toUpperCase(), `Invalid body.${field}: ${message}`, {
      issues: [{ path: `body.${field}`, message }],
    })
  }
  if (error instanceof RangeError) return new AppError(status, 'OUT_OF_RANGE', `The amounts are too large: ${error.message}`)
  return error
}

// ---- accounts the member may use ----

/** The household's investment accounts the member sees whole. */
export async function visibleInvestmentAccounts(db: DbOrTx, scope: MemberScope): Promise<string[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.householdId, scope.householdId), eq(accounts.type, 'investment')))
  return rows.map((r) => r.id).filter((id) => scope.accounts.get(id)?.view === 'full')
}

/** One investment account the member sees whole (404 otherwise; 400 naming `path` when it is another type). */
async function investmentAccountOf(db: DbOrTx, scope: MemberScope, id: string, path: string, write: boolean): Promise<{ id: string; currency: string }> {
  if (write) writableAccount(scope, id)
  else fullAccount(scope, id)
  const [row] = await db
    .select({ id: accounts.id, type: accounts.type, currency: accounts.currency })
    .from(accounts)
    .where(and(eq(accounts.householdId, scope.householdId), eq(accounts.id, id)))
    .limit(1)
  if (!row) throw notFound('Account')
  if (row.type !== 'investment') throw invalidField(path, 'Only investment accounts hold investments')
  return row
}

/** The accounts to read: one (checked) or every visible investment account. */
export async function accountsToRead(db: DbOrTx, user: Member, accountId: string | undefined): Promise<{ scope: MemberScope; ids: string[] }> {
  const scope = await memberScope(db, user)
  if (accountId !== undefined) {
    await investmentAccountOf(db, scope, accountId, 'query.accountId', false)
    return { scope, ids: [accountId] }
  }
  return { scope, ids: await visibleInvestmentAccounts(db, scope) }
}

// ---- securities ----

type SecurityRow = typeof securities.$inferSelect

async function ensureSecurity(
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
async function accountsHolding(tx: DbOrTx, householdId: string, securityIds: string[]): Promise<string[]> {
  if (securityIds.length === 0) return []
  const rows = await tx
    .selectDistinct({ accountId: investmentActivities.accountId })
    .from(investmentActivities)
    .where(and(eq(investmentActivities.householdId, householdId), inArray(investmentActivities.securityId, securityIds)))
  return rows.map((r) => r.accountId)
}

/** Securities the member may know of: those with activities in an account they see whole, or none at all. */
async function visibleSecurities(db: DbOrTx, scope: MemberScope): Promise<SecurityRow[]> {
  const [rows, uses] = await Promise.all([
    db.select().from(securities).where(eq(securities.householdId, scope.householdId)).orderBy(asc(securities.symbol)),
    db
      .selectDistinct({ securityId: investmentActivities.securityId, accountId: investmentActivities.accountId })
      .from(investmentActivities)
      .where(and(eq(investmentActivities.householdId, scope.householdId), sql`${investmentActivities.securityId} is not null`)),
  ])
  const usedBy = new Map<string, string[]>()
  for (const u of uses) {
    if (!u.securityId) continue
    const list = usedBy.get(u.securityId) ?? []
    list.push(u.accountId)
    usedBy.set(u.securityId, list)
  }
  return rows.filter((s) => {
    const used = usedBy.get(s.id)
    return !used || used.some((a) => scope.accounts.get(a)?.view === 'full')
  })
}

export async function listSecurities(db: Db, user: Member): Promise<SecurityDto[]> {
  const scope = await memberScope(db, user)
  const [rows, ids] = await Promise.all([visibleSecurities(db, scope), visibleInvestmentAccounts(db, scope)])
  const books = await loadBooks(db, user.householdId, ids, { stored: true })
  const held = new Set<string>()
  const tradeLatest = new Map<string, { date: IsoDate; price: Price }>()
  for (const book of books) {
    for (const [symbol, p] of book.latest) {
      const had = tradeLatest.get(symbol)
      if (!had || p.date > had.date) tradeLatest.set(symbol, p)
    }
    for (const h of currentValue(book).portfolio.holdings) if (h.quantity > 0) held.add(h.symbol)
  }
  const latest = await latestTablePrices(db, user.householdId)
  return rows.map((s) => {
    const table = latest.get(s.id)
    const trade = tradeLatest.get(s.symbol)
    const best = table && (!trade || table.date >= trade.date) ? table : trade
    return toSecurityDto(s, best ?? null, held.has(s.symbol))
  })
}

async function latestTablePrices(db: DbOrTx, householdId: string): Promise<Map<string, { date: IsoDate; price: Price }>> {
  const rows = await db
    .selectDistinctOn([securityPrices.securityId], { securityId: securityPrices.securityId, date: securityPrices.date, price: securityPrices.price })
    .from(securityPrices)
    .where(eq(securityPrices.householdId, householdId))
    .orderBy(securityPrices.securityId, desc(securityPrices.date))
  return new Map(rows.map((r) => [r.securityId, { date: r.date, price: r.price as Price }]))
}

function toSecurityDto(s: SecurityRow, latest: { date: IsoDate; price: Price } | null, held: boolean): SecurityDto {
  return {
    id: s.id,
    symbol: s.symbol,
    name: s.name,
    kind: s.kind as AssetKind,
    currency: s.currency,
    latestPrice: latest ? fromPrice(latest.price) : null,
    latestPriceDate: latest?.date ?? null,
    held,
  }
}

export async function updateSecurity(db: Db, user: Member, id: string, body: z.output<typeof updateSecurityBody>, today: IsoDate): Promise<SecurityDto> {
  const scope = await memberScope(db, user)
  const visible = await visibleSecurities(db, scope)
  const found = visible.find((s) => s.id === id)
  if (!found) throw notFound('Security')
  await db.transaction(async (tx) => {
    await tx
      .update(securities)
      .set({ ...body, updatedAt: sql`now()` })
      .where(and(eq(securities.householdId, user.householdId), eq(securities.id, id)))
    if (body.currency !== undefined && body.currency !== found.currency) {
      await revalueOrRefuse(tx, user.householdId, await accountsHolding(tx, user.householdId, [id]), today, 400, undefined, user.locale)
    }
  })
  const list = await listSecurities(db, user)
  const out = list.find((s) => s.id === id)
  if (!out) throw notFound('Security')
  return out
}

// ---- activities ----

export function toActivityDto(row: ActivityRow): ActivityDto {
  return {
    id: row.id,
    accountId: row.accountId,
    securityId: row.securityId,
    symbol: row.symbol,
    securityName: row.securityName,
    type: row.type as ActivityDto['type'],
    date: row.date,
    quantity: row.quantity === null ? null : fromQuantity(row.quantity as Quantity),
    price: row.price === null ? null : fromPrice(row.price as Price),
    amount: row.amount === null ? null : asCents(row.amount),
    fees: asCents(row.fees),
    ratio: row.ratio,
    costBasis: row.costBasis === null ? null : asCents(row.costBasis),
    memo: row.memo,
    source: row.source === 'import' ? 'import' : 'manual',
    createdAt: row.createdAt.toISOString(),
  }
}

async function activityById(db: DbOrTx, householdId: string, id: string): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select(activityColumns)
    .from(investmentActivities)
    .leftJoin(securities, eq(securities.id, investmentActivities.securityId))
    .where(and(eq(investmentActivities.householdId, householdId), eq(investmentActivities.id, id)))
    .limit(1)
  return row
}

type ActivityValues = {
  type: ActivityDto['type']
  date: IsoDate
  symbol: string | null
  quantity: number | null
  price: number | null
  amount: number | null
  fees: number
  ratio: number | null
  costBasis: number | null
  memo: string
}

/** Fields that do not belong to the type are dropped, so a stored row never says two things. */
function cleanValues(v: ActivityValues): ActivityValues {
  const shares = v.type === 'buy' || v.type === 'sell' || ((v.type === 'transfer_in' || v.type === 'transfer_out') && v.symbol !== null)
  return {
    ...v,
    quantity: shares ? v.quantity : null,
    price: shares ? v.price : null,
    amount: v.type === 'split' || (shares && v.type !== 'buy' && v.type !== 'sell') ? null : v.amount,
    fees: v.type === 'split' || v.type === 'transfer_in' || v.type === 'transfer_out' ? 0 : v.fees,
    ratio: v.type === 'split' ? v.ratio : null,
    costBasis: v.type === 'transfer_in' && v.symbol !== null ? v.costBasis : null,
  }
}

/**
 * The stored amounts of a trade or shares moving in: a security quoted in another currency
 * needs the amount (or basis) in the account's, converted at the day's rate when not given; the
 * basis of shares moving in is their value at the price when not given.
 */
async function settleAmounts(
  tx: DbOrTx,
  user: { householdId: string; locale: string },
  v: ActivityValues,
  accountCurrency: string,
  securityCurrency: string | null,
): Promise<ActivityValues> {
  const needsAmount = (v.type === 'buy' || v.type === 'sell') && v.amount === null
  const needsBasis = v.type === 'transfer_in' && v.symbol !== null && v.costBasis === null
  if (!needsAmount && !needsBasis) return v
  if (v.price === null || v.quantity === null) return v
  let value: number = marketValue(toQuantity(v.quantity), toPrice(v.price))
  if (securityCurrency !== null && securityCurrency !== accountCurrency) {
    const rate = rateOn(rateBook(accountCurrency, await loadRates(tx, user.householdId)), securityCurrency, v.date)
    if (rate === null) {
      const field = needsAmount ? 'amount' : 'costBasis'
      throw invalidField(`body.${field}`, `No ${securityCurrency} to ${accountCurrency} exchange rate on ${formatDay(v.date, user.locale)}: give the ${needsAmount ? 'amount' : 'cost basis'} in ${accountCurrency}, or add the rate`)
    }
    value = Math.round(value * rate)
  }
  if (value >= 1_000_000_000_000) throw invalidField('body.price', 'Quantity × price is too large')
  return needsAmount ? { ...v, amount: value } : { ...v, costBasis: value }
}

function rowValues(v: ActivityValues, securityId: string | null): Omit<typeof investmentActivities.$inferInsert, 'householdId' | 'accountId' | 'userId'> {
  return {
    securityId,
    type: v.type,
    date: v.date,
    quantity: v.quantity === null ? null : toQuantity(v.quantity),
    price: v.price === null ? null : toPrice(v.price),
    amount: v.amount,
    fees: v.fees,
    ratio: v.ratio,
    costBasis: v.costBasis,
    memo: v.memo,
  }
}

export async function createActivity(db: Db, user: Member, body: z.output<typeof createActivityBody>, today: IsoDate): Promise<ActivityDto> {
  const scope = await memberScope(db, user)
  const account = await investmentAccountOf(db, scope, body.accountId, 'body.accountId', true)
  const id = await db.transaction(async (tx) => {
    let securityId: string | null = null
    let securityCurrency: string | null = null
    if (body.symbol) {
      const { row } = await ensureSecurity(tx, user.householdId, body.symbol, {
        name: body.name,
        kind: body.kind,
        currency: body.currency ?? account.currency,
      })
      securityId = row.id
      securityCurrency = row.currency
    }
    const values = await settleAmounts(
      tx,
      user,
      cleanValues({
        type: body.type,
        date: body.date,
        symbol: body.symbol ?? null,
        quantity: body.quantity ?? null,
        price: body.price ?? null,
        amount: body.amount ?? null,
        fees: body.fees ?? 0,
        ratio: body.ratio ?? null,
        costBasis: body.costBasis ?? null,
        memo: body.memo ?? '',
      }),
      account.currency,
      securityCurrency,
    )
    const [row] = await tx
      .insert(investmentActivities)
      .values({ householdId: user.householdId, accountId: account.id, userId: user.id, source: 'manual', ...rowValues(values, securityId) })
      .returning({ id: investmentActivities.id })
    if (!row) throw new Error('insert returned no row')
    await revalueOrRefuse(tx, user.householdId, [account.id], today, 400, values.date, user.locale)
    return row.id
  })
  const row = await activityById(db, user.householdId, id)
  if (!row) throw notFound('Activity')
  return toActivityDto(row)
}

/** An activity in an account the member sees whole; 404 otherwise. */
async function ownActivity(db: DbOrTx, scope: MemberScope, id: string, write: boolean): Promise<ActivityRow> {
  const row = await activityById(db, scope.householdId, id)
  if (!row) throw notFound('Activity')
  try {
    if (write) writableAccount(scope, row.accountId)
    else fullAccount(scope, row.accountId)
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw notFound('Activity')
    throw error
  }
  return row
}

export async function updateActivity(db: Db, user: Member, id: string, body: z.output<typeof updateActivityBody>, today: IsoDate): Promise<ActivityDto> {
  const scope = await memberScope(db, user)
  const existing = await ownActivity(db, scope, id, true)
  const [account] = await db.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, existing.accountId)).limit(1)
  const merged = {
    type: body.type ?? (existing.type as ActivityDto['type']),
    date: body.date ?? existing.date,
    symbol: body.symbol === undefined ? existing.symbol : body.symbol,
    quantity: body.quantity === undefined ? (existing.quantity === null ? null : fromQuantity(existing.quantity as Quantity)) : body.quantity,
    price: body.price === undefined ? (existing.price === null ? null : fromPrice(existing.price as Price)) : body.price,
    amount: body.amount === undefined ? existing.amount : body.amount,
    fees: body.fees ?? existing.fees,
    ratio: body.ratio === undefined ? existing.ratio : body.ratio,
    costBasis: body.costBasis === undefined ? existing.costBasis : body.costBasis,
    memo: body.memo ?? existing.memo,
  }
  // a changed quantity or price makes a derived amount stale: work it out again
  if ((body.quantity !== undefined || body.price !== undefined) && body.amount === undefined && (merged.type === 'buy' || merged.type === 'sell')) {
    merged.amount = null
  }
  const issues: { path: string; message: string }[] = []
  checkActivityFields(
    {
      type: merged.type,
      symbol: merged.symbol,
      quantity: merged.quantity ?? undefined,
      price: merged.price ?? undefined,
      amount: merged.amount ?? undefined,
      ratio: merged.ratio ?? undefined,
      costBasis: merged.costBasis ?? undefined,
    },
    {
      addIssue: (issue: { path?: PropertyKey[]; message?: string }) => {
        issues.push({ path: `body.${String(issue.path?.[0] ?? '')}`, message: issue.message ?? 'Invalid value' })
      },
    } as unknown as z.RefinementCtx,
  )
  const first = issues[0]
  if (first) throw new AppError(400, 'VALIDATION_ERROR', `Invalid ${first.path}: ${first.message}`, { issues })
  await db.transaction(async (tx) => {
    let securityId: string | null = null
    let securityCurrency: string | null = null
    if (merged.symbol) {
      const { row } = await ensureSecurity(tx, user.householdId, merged.symbol, { currency: account?.currency ?? 'USD' })
      securityId = row.id
      securityCurrency = row.currency
    }
    const values = await settleAmounts(tx, user, cleanValues(merged), account?.currency ?? 'USD', securityCurrency)
    await tx
      .update(investmentActivities)
      .set(rowValues(values, securityId))
      .where(and(eq(investmentActivities.householdId, user.householdId), eq(investmentActivities.id, id)))
    await revalueOrRefuse(tx, user.householdId, [existing.accountId], today, 400, values.date < existing.date ? values.date : existing.date, user.locale)
  })
  const row = await activityById(db, user.householdId, id)
  if (!row) throw notFound('Activity')
  return toActivityDto(row)
}

export async function deleteActivity(db: Db, user: Member, id: string, today: IsoDate): Promise<void> {
  const scope = await memberScope(db, user)
  const existing = await ownActivity(db, scope, id, true)
  await db.transaction(async (tx) => {
    await tx.delete(investmentActivities).where(and(eq(investmentActivities.householdId, user.householdId), eq(investmentActivities.id, id)))
    await revalueOrRefuse(tx, user.householdId, [existing.accountId], today, 409, existing.date, user.locale)
  })
}

function decodeCursor(cursor: string): { date: string; id: string } {
  const [date, id] = cursor.split('|')
  if (!date || !id || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^[0-9a-f-]{36}$/i.test(id)) throw invalidField('query.cursor', 'Not a cursor from this list')
  return { date, id }
}

export async function listActivities(
  db: Db,
  user: Member,
  query: z.output<typeof listActivitiesQuery>,
): Promise<{ items: ActivityDto[]; nextCursor: string | null }> {
  const { ids } = await accountsToRead(db, user, query.accountId)
  if (ids.length === 0) return { items: [], nextCursor: null }
  const a = investmentActivities
  const conditions: SQL[] = [eq(a.householdId, user.householdId), inArray(a.accountId, ids)]
  if (query.symbol !== undefined) conditions.push(eq(securities.symbol, query.symbol))
  if (query.from !== undefined) conditions.push(gte(a.date, query.from))
  if (query.to !== undefined) conditions.push(lte(a.date, query.to))
  if (query.cursor !== undefined) {
    const c = decodeCursor(query.cursor)
    const after = or(sql`${a.date} < ${c.date}`, and(eq(a.date, c.date), sql`${a.id} < ${c.id}::uuid`))
    if (after) conditions.push(after)
  }
  const rows = await db
    .select(activityColumns)
    .from(a)
    .leftJoin(securities, eq(securities.id, a.securityId))
    .where(and(...conditions))
    .orderBy(desc(a.date), desc(a.id))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return { items: page.map(toActivityDto), nextCursor: rows.length > query.limit && last ? `${last.date}|${last.id}` : null }
}

// ---- prices ----

export async function putPrice(db: Db, user: Member, body: z.output<typeof putPriceBody>, today: IsoDate): Promise<PriceDto> {
  const base = await householdBaseCurrency(db, user.householdId)
  return db.transaction(async (tx) => {
    const { row } = await ensureSecurity(tx, user.householdId, body.symbol, { currency: base })
    const units = toPrice(body.price)
    await tx
      .insert(securityPrices)
      .values({ securityId: row.id, householdId: user.householdId, date: body.date, price: units, source: 'manual' })
      .onConflictDoUpdate({
        target: [securityPrices.securityId, securityPrices.date],
        set: { price: units, source: 'manual', updatedAt: sql`now()` },
      })
    await revalueOrRefuse(tx, user.householdId, await accountsHolding(tx, user.householdId, [row.id]), today, 400, body.date, user.locale)
    return { symbol: row.symbol, date: body.date, price: fromPrice(units), source: 'manual' as const }
  })
}

/**
 * Writes prices for symbols (a CSV, a statement, a provider): securities are added for new
 * symbols, a price already there for the day is replaced, and the accounts holding them are
 * revalued. Used by the CSV import here and by the price job.
 */
export async function writePrices(
  tx: DbOrTx,
  householdId: string,
  points: { symbol: string; date: IsoDate; price: Price }[],
  source: 'csv' | 'statement' | 'provider',
  today: IsoDate,
  locale = 'en-US',
): Promise<z.output<typeof importPricesResult>> {
  const base = await householdBaseCurrency(tx, householdId)
  const bySymbol = new Map<string, string>()
  const created: string[] = []
  for (const symbol of new Set(points.map((p) => p.symbol))) {
    const { row, created: isNew } = await ensureSecurity(tx, householdId, symbol, { currency: base })
    bySymbol.set(symbol, row.id)
    if (isNew) created.push(symbol)
  }
  // the last price given for a symbol and day wins
  const unique = new Map<string, { securityId: string; date: IsoDate; price: number }>()
  for (const p of points) {
    const securityId = bySymbol.get(p.symbol)
    if (securityId) unique.set(`${securityId}|${p.date}`, { securityId, date: p.date, price: p.price })
  }
  const values = [...unique.values()]
  for (let i = 0; i < values.length; i += 1000) {
    await tx
      .insert(securityPrices)
      .values(values.slice(i, i + 1000).map((v) => ({ ...v, householdId, source })))
      .onConflictDoUpdate({
        target: [securityPrices.securityId, securityPrices.date],
        set: { price: sql`excluded.price`, source: sql`excluded.source`, updatedAt: sql`now()` },
      })
  }
  const revalue = await accountsHolding(tx, householdId, [...bySymbol.values()])
  let first: IsoDate | undefined
  for (const v of values) if (first === undefined || v.date < first) first = v.date
  await revalueOrRefuse(tx, householdId, revalue, today, 400, first, locale)
  return { imported: values.length, created: created.sort(), revalued: revalue.length }
}

export async function importPrices(db: Db, user: Member, csv: string, today: IsoDate): Promise<z.output<typeof importPricesResult>> {
  const parsed = parsePriceCsv(csv)
  if (!parsed.ok) throw invalidField('body.csv', parsed.message, 'INVALID_CSV')
  return db.transaction((tx) => writePrices(tx, user.householdId, parsed.prices, 'csv', today, user.locale))
}

export async function listPrices(db: Db, user: Member, query: { symbol: string; from?: IsoDate | undefined; to?: IsoDate | undefined }): Promise<PriceDto[]> {
  // a security used only in accounts the member does not see whole is unknown to them
  const sec = (await visibleSecurities(db, await memberScope(db, user))).find((s) => s.symbol === query.symbol)
  if (!sec) throw notFound('Security')
  const conditions: SQL[] = [eq(securityPrices.securityId, sec.id)]
  if (query.from) conditions.push(gte(securityPrices.date, query.from))
  if (query.to) conditions.push(lte(securityPrices.date, query.to))
  const rows = await db
    .select({ date: securityPrices.date, price: securityPrices.price, source: securityPrices.source })
    .from(securityPrices)
    .where(and(...conditions))
    .orderBy(desc(securityPrices.date))
    .limit(10_000)
  return rows.map((r) => ({ symbol: sec.symbol, date: r.date, price: fromPrice(r.price as Price), source: r.source as PriceDto['source'] }))
}

// ---- targets ----

export async function getTargets(db: DbOrTx, householdId: string): Promise<Target[]> {
  const rows = await db
    .select({ kind: allocationTargets.kind, percent: allocationTargets.percent })
    .from(allocationTargets)
    .where(eq(allocationTargets.householdId, householdId))
    .orderBy(desc(allocationTargets.percent), asc(allocationTargets.kind))
  return rows.map((r) => ({ kind: r.kind as AssetKind, percent: r.percent }))
}

export async function putTargets(db: Db, user: Member, targets: Target[]): Promise<Target[]> {
  if (targets.length > 0) {
    try {
      checkTargets(targets.map((t) => ({ key: t.kind, percent: t.percent })))
    } catch (error) {
      if (error instanceof InvestmentError) throw invalidField('body.targets', error.message)
      throw error
    }
  }
  await db.transaction(async (tx) => {
    await tx.delete(allocationTargets).where(eq(allocationTargets.householdId, user.householdId))
    if (targets.length > 0) {
      await tx.insert(allocationTargets).values(targets.map((t) => ({ householdId: user.householdId, kind: t.kind, percent: t.percent })))
    }
  })
  return getTargets(db, user.householdId)
}

// ---- accounts ----

export async function listInvestmentAccounts(db: Db, user: Member, only?: string): Promise<AccountDto[]> {
  const scope = await memberScope(db, user)
  const ids = only ? [only] : await visibleInvestmentAccounts(db, scope)
  const books = await loadBooks(db, user.householdId, ids, { stored: true })
  return books.map((book) => {
    const now = currentValue(book)
    const ledgerCash = book.account.balance - book.account.investmentValue
    return {
      accountId: book.account.id,
      name: book.account.name,
      currency: book.account.currency,
      costMethod: book.account.costMethod,
      cash: asCents(ledgerCash + now.portfolio.cash),
      marketValue: now.marketValue,
      balance: asCents(book.account.balance),
      missing: now.missing,
    }
  })
}

export async function setCostMethod(db: Db, user: Member, id: string, method: 'fifo' | 'average', today: IsoDate): Promise<AccountDto> {
  const scope = await memberScope(db, user)
  await investmentAccountOf(db, scope, id, 'params.id', true)
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ costMethod: method, updatedAt: sql`now()` })
      .where(and(eq(accounts.householdId, user.householdId), eq(accounts.id, id)))
    await revalueOrRefuse(tx, user.householdId, [id], today, 400, undefined, user.locale)
  })
  const [dto] = await listInvestmentAccounts(db, user, id)
  if (!dto) throw notFound('Account')
  return dto
}

