// The investment part of a statement import: securities (found by symbol or added), activities
// (source 'import', the statement's id as external_id so a re-import skips them, the batch's id so
// undo removes them), opening positions for shares held before the statement's window, prices
// (source 'statement'), then the accounts' revaluation — all inside the import's one transaction.
import { and, eq, sql } from 'drizzle-orm'
import { formatDay, type IsoDate } from '#src/domain/dates'
import {
  grossOf,
  openingPositions,
  type ActivityType,
  type ParsedActivity,
  type ParsedPosition,
  type ParsedPrice,
  type ParsedSecurity,
  type ShareMove,
} from '#src/domain/import/invest'
import type { ParseIssue, ParseResult, ParsedAccount } from '#src/domain/import/types'
import { fromPrice, fromQuantity, InvestmentError } from '#src/domain/investments/lots'
import { asCents } from '#src/domain/money'
import type { DbOrTx, Tx } from '#src/server/db/connect'
import { uuidv7 } from '#src/server/db/ids'
import { badRequest, conflict } from '#src/server/http/errors'
import { investmentActivities, securities, securityPrices } from '#src/server/db/schema'
import { revalueAccounts } from '../investments/revalue'

/** Within a day: splits, shares coming in and buys before income and fees, sales last. */
const DAY_ORDER: Record<ActivityType, number> = {
  split: 0,
  transfer_in: 1,
  buy: 2,
  dividend: 3,
  interest: 3,
  fee: 3,
  sell: 4,
  transfer_out: 5,
}

export function inDayOrder<T extends { date: IsoDate; type: ActivityType }>(
  list: readonly T[],
): T[] {
  return list
    .map((a, i) => ({ a, i }))
    .sort((x, y) =>
      x.a.date < y.a.date
        ? -1
        : x.a.date > y.a.date
          ? 1
          : DAY_ORDER[x.a.type] - DAY_ORDER[y.a.type] || x.i - y.i,
    )
    .map((x) => x.a)
}

export function hasInvestments(account: ParsedAccount): boolean {
  return (account.activities?.length ?? 0) > 0 || (account.positions?.length ?? 0) > 0
}

/** The external ids among `ids` the account already holds. */
export async function storedActivityIds(
  db: DbOrTx,
  accountId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ externalId: investmentActivities.externalId })
    .from(investmentActivities)
    .where(
      and(
        eq(investmentActivities.accountId, accountId),
        sql`${investmentActivities.externalId} = any(${sql.param([...ids])}::text[])`,
      ),
    )
  return new Set(rows.flatMap((r) => (r.externalId === null ? [] : [r.externalId])))
}

/** The activities of the file that the account does not hold yet (for a new account, all of them). */
export async function newActivities(
  db: DbOrTx,
  accountId: string | null,
  parsed: ParsedAccount,
): Promise<ParsedActivity[]> {
  const all = parsed.activities ?? []
  if (accountId === null) return all
  const stored = await storedActivityIds(
    db,
    accountId,
    all.map((a) => a.externalId),
  )
  return all.filter((a) => !stored.has(a.externalId))
}

async function storedMoves(db: DbOrTx, accountId: string): Promise<ShareMove[]> {
  const rows = await db
    .select({
      type: investmentActivities.type,
      date: investmentActivities.date,
      symbol: securities.symbol,
      quantity: investmentActivities.quantity,
      ratio: investmentActivities.ratio,
    })
    .from(investmentActivities)
    .innerJoin(securities, eq(securities.id, investmentActivities.securityId))
    .where(eq(investmentActivities.accountId, accountId))
  return rows.map((r) => ({ ...r, type: r.type as ActivityType }))
}

/** Security ids by symbol: the household's, with the file's new ones added (existing ones are kept as they are). */
async function securityIds(
  tx: Tx,
  householdId: string,
  symbols: ReadonlySet<string>,
  known: ReadonlyMap<string, ParsedSecurity>,
  currency: (symbol: string) => string,
): Promise<Map<string, string>> {
  if (symbols.size === 0) return new Map()
  const values = [...symbols].map((symbol) => {
    const s = known.get(symbol)
    return {
      householdId,
      symbol,
      name: (s?.name ?? symbol).slice(0, 200),
      kind: s?.kind ?? 'other',
      currency: s?.currency ?? currency(symbol),
    }
  })
  await tx
    .insert(securities)
    .values(values)
    .onConflictDoNothing({ target: [securities.householdId, securities.symbol] })
  const rows = await tx
    .select({ id: securities.id, symbol: securities.symbol })
    .from(securities)
    .where(
      and(
        eq(securities.householdId, householdId),
        sql`${securities.symbol} = any(${sql.param([...symbols])}::text[])`,
      ),
    )
  return new Map(rows.map((r) => [r.symbol, r.id]))
}

export type InvestmentTarget = { accountId: string; currency: string; parsed: ParsedAccount }

export type InvestmentOutcome = {
  activities: number
  prices: number
  perAccount: Map<string, number>
}

function money(cents: number): string {
  return (cents / 100).toFixed(2)
}

/**
 * Writes the investment part of the file into the accounts it was planned for and revalues
 * them. `warnings` receives a line for each opening position added.
 */
export async function writeInvestments(
  tx: Tx,
  user: { id: string; locale: string },
  householdId: string,
  batchId: string,
  targets: readonly InvestmentTarget[],
  result: ParseResult,
  warnings: ParseIssue[],
): Promise<InvestmentOutcome> {
  const outcome: InvestmentOutcome = { activities: 0, prices: 0, perAccount: new Map() }
  const known = new Map((result.investments?.securities ?? []).map((s) => [s.symbol, s]))
  const prices: ParsedPrice[] = result.investments?.prices ?? []
  const plans: { target: InvestmentTarget; fresh: ParsedActivity[]; openings: ParsedActivity[] }[] =
    []
  const symbols = new Set<string>()
  const currencyOf = new Map<string, string>()
  for (const target of targets) {
    const fresh = await newActivities(tx, target.accountId, target.parsed)
    const positions: ParsedPosition[] = target.parsed.positions ?? []
    const moves = [...(await storedMoves(tx, target.accountId)), ...inDayOrder(fresh)]
    const openings = openingPositions(moves, positions).map((o): ParsedActivity => {
      // the basis is unknown: the shares come in at the first price the statement gives for them
      const price =
        prices.filter((p) => p.symbol === o.symbol).sort((a, b) => (a.date < b.date ? -1 : 1))[0]
          ?.price ??
        positions.find((p) => p.symbol === o.symbol)?.price ??
        null
      // a basis no one could mean (a hostile file's price) is left at 0 rather than overflowing
      const costBasis =
        price === null || fromQuantity(o.quantity) * fromPrice(price) >= 1e10
          ? asCents(0)
          : grossOf(o.quantity, price)
      const why =
        o.reason === 'position' ? 'the position the statement reports' : 'the shares it sells'
      warnings.push({
        line: 0,
        message:
          `${o.symbol}: ${String(fromQuantity(o.quantity))} shares held before the statement (for ${why}) were added on ${formatDay(o.date, user.locale)} as an opening position, ` +
          (price === null
            ? 'with a cost basis of 0 (no price is known)'
            : `at ${String(fromPrice(price))} a share (cost basis ${money(costBasis)}): change it if you know what they cost`),
      })
      return {
        line: 0,
        externalId: '',
        type: 'transfer_in',
        date: o.date,
        symbol: o.symbol,
        quantity: o.quantity,
        price,
        amount: null,
        fees: asCents(0),
        ratio: null,
        costBasis,
        memo: 'Opening position from the statement (cost basis estimated)',
      }
    })
    for (const a of [...fresh, ...openings]) {
      if (a.symbol !== null) {
        symbols.add(a.symbol)
        currencyOf.set(a.symbol, target.currency)
      }
    }
    plans.push({ target, fresh, openings })
  }
  for (const p of prices) symbols.add(p.symbol)
  const fallbackCurrency = targets[0]?.currency ?? 'USD'
  const ids = await securityIds(
    tx,
    householdId,
    symbols,
    known,
    (s) => currencyOf.get(s) ?? fallbackCurrency,
  )

  for (const { target, fresh, openings } of plans) {
    const ordered = inDayOrder([...openings, ...fresh])
    // time-ordered ids in this order: activities of one day are read back as written
    const rows = ordered.map((a) => ({
      id: uuidv7(),
      householdId,
      accountId: target.accountId,
      securityId: a.symbol === null ? null : (ids.get(a.symbol) ?? null),
      userId: user.id,
      type: a.type,
      date: a.date,
      quantity: a.quantity,
      price: a.price,
      amount: a.amount,
      fees: a.fees,
      ratio: a.ratio,
      costBasis: a.costBasis,
      memo: a.memo.slice(0, 500),
      source: 'import' as const,
      externalId: a.externalId === '' ? null : a.externalId,
      importBatchId: batchId,
    }))
    for (let i = 0; i < rows.length; i += 1000)
      await tx.insert(investmentActivities).values(rows.slice(i, i + 1000))
    outcome.activities += rows.length
    outcome.perAccount.set(
      target.accountId,
      (outcome.perAccount.get(target.accountId) ?? 0) + rows.length,
    )
  }

  const priceRows = prices.flatMap((p) => {
    const securityId = ids.get(p.symbol)
    return securityId
      ? [{ securityId, householdId, date: p.date, price: p.price, source: 'statement' }]
      : []
  })
  for (let i = 0; i < priceRows.length; i += 1000) {
    // a price the user typed is theirs: a statement does not overwrite it
    await tx
      .insert(securityPrices)
      .values(priceRows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [securityPrices.securityId, securityPrices.date],
        set: { price: sql`excluded.price`, source: sql`excluded.source`, updatedAt: sql`now()` },
        setWhere: sql`${securityPrices.source} <> 'manual'`,
      })
  }
  outcome.prices = priceRows.length
  // the statement's first day: nothing before it changed, in its accounts or in the other
  // accounts holding a security it priced (revalued too, so their history has its prices)
  let first: IsoDate | undefined
  for (const { fresh, openings } of plans) {
    for (const a of [...fresh, ...openings]) if (first === undefined || a.date < first) first = a.date
  }
  for (const p of priceRows) if (first === undefined || p.date < first) first = p.date
  const priced = [...new Set(priceRows.map((p) => p.securityId))]
  const holders =
    priced.length === 0
      ? []
      : await tx
          .selectDistinct({ accountId: investmentActivities.accountId })
          .from(investmentActivities)
          .where(
            and(
              eq(investmentActivities.householdId, householdId),
              sql`${investmentActivities.securityId} = any(${sql.param(priced)}::uuid[])`,
            ),
          )
  try {
    await revalueAccounts(
      tx,
      householdId,
      [...targets.map((t) => t.accountId), ...holders.map((h) => h.accountId)],
      first === undefined ? {} : { from: first },
    )
  } catch (error) {
    // the account's other activities and the statement cannot both be true (a split that
    // leaves too few shares for a later sale): say so, write nothing
    if (error instanceof InvestmentError) {
      throw badRequest(
        `The statement does not fit the account's activities: ${error.messageIn(user.locale)}`,
        'INVESTMENT_HISTORY',
      )
    }
    // holdings worth more than a safe number of cents: only a hostile file gets here
    if (error instanceof RangeError)
      throw badRequest('The statement’s holdings are too large to value', 'INVESTMENT_HISTORY')
    throw error
  }
  return outcome
}

/** How many activities each of these imports added (and are still there). */
export async function activitiesByBatch(
  db: DbOrTx,
  householdId: string,
  batchIds: readonly string[],
): Promise<Map<string, number>> {
  if (batchIds.length === 0) return new Map()
  const rows = await db
    .select({ batchId: investmentActivities.importBatchId, n: sql<number>`count(*)::int` })
    .from(investmentActivities)
    .where(
      and(
        eq(investmentActivities.householdId, householdId),
        sql`${investmentActivities.importBatchId} = any(${sql.param([...batchIds])}::uuid[])`,
      ),
    )
    .groupBy(investmentActivities.importBatchId)
  return new Map(rows.flatMap((r) => (r.batchId === null ? [] : [[r.batchId, r.n] as const])))
}

/** Undo: the activities an import added go, and their accounts are valued again. */
export async function undoInvestments(
  tx: Tx,
  householdId: string,
  batchId: string,
): Promise<number> {
  const removed = await tx
    .delete(investmentActivities)
    .where(
      and(
        eq(investmentActivities.householdId, householdId),
        eq(investmentActivities.importBatchId, batchId),
      ),
    )
    .returning({ accountId: investmentActivities.accountId, date: investmentActivities.date })
  if (removed.length === 0) return 0
  let first = removed[0]?.date ?? ''
  for (const r of removed) if (r.date < first) first = r.date
  try {
    // the days before the first activity removed stay as they were
    await revalueAccounts(tx, householdId, [...new Set(removed.map((r) => r.accountId))], { from: first })
  } catch (error) {
    // shares this import brought in were sold by a later import or by hand
    if (error instanceof InvestmentError) {
      throw conflict(
        `Later activities depend on this import's shares: undo or change those first (${error.message})`,
        'INVESTMENT_HISTORY',
      )
    }
    throw error
  }
  return removed.length
}
