// Investment activities: add, change, delete and list the buys, sells, dividends, splits and
// transfers of an account. Each write and the revaluation it causes run in one transaction: an
// impossible history (selling more than is held) is refused and nothing changes.
import type { z } from 'zod'
import type { activity as activitySchema, createActivityBody, listActivitiesQuery, updateActivityBody } from '#src/contract/investments'
import { checkActivityFields } from '#src/contract/investments'
import { rateBook, rateOn } from '#src/domain/currency'
import { formatDay, type IsoDate } from '#src/domain/dates'
import { fromPrice, fromQuantity, marketValue, toPrice, toQuantity, type Price, type Quantity } from '#src/domain/investments/lots'
import { asCents } from '#src/domain/money'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { AppError, invalidField, notFound } from '#src/server/http/errors'
import { fullAccount, memberScope, writableAccount, type MemberScope } from '#src/server/core/scope'
import { accountsToRead, investmentAccountOf, revalueOrRefuse, type Member } from './access'
import { loadRates, type ActivityRow } from './book'
import {
  accountCurrency,
  activityById,
  deleteActivityRow,
  ensureSecurity,
  insertActivity,
  listActivityRows,
  updateActivityRow,
  type ActivityWrite,
} from './repo'

type ActivityDto = z.output<typeof activitySchema>

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

function rowValues(v: ActivityValues, securityId: string | null): ActivityWrite {
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
    const inserted = await insertActivity(tx, { householdId: user.householdId, accountId: account.id, userId: user.id }, rowValues(values, securityId))
    await revalueOrRefuse(tx, user.householdId, [account.id], today, 400, values.date, user.locale)
    return inserted
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
  const account = await accountCurrency(db, existing.accountId)
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
    await updateActivityRow(tx, user.householdId, id, rowValues(values, securityId))
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
    await deleteActivityRow(tx, user.householdId, id)
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
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor)
  const rows = await listActivityRows(db, user.householdId, ids, { symbol: query.symbol, from: query.from, to: query.to, after }, query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return { items: page.map(toActivityDto), nextCursor: rows.length > query.limit && last ? `${last.date}|${last.id}` : null }
}
