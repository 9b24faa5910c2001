// Account use cases: create with an opening balance, edit, close, delete with its transactions,
// and reconcile against the bank's balance. Balances themselves only move through the ledger.
// Each account has an owner and a visibility: a member lists, reads and changes only what
// domain/access allows them (404 for what they may not see, 403 for what they may not change).
import type { z } from 'zod'
import type { Account, createAccountBody, reconcileBody, updateAccountBody } from '#src/contract/accounts'
import { rateBook, toBase } from '#src/domain/currency'
import { localDate } from '#src/domain/dates'
import { asCents, subCents, type Cents } from '#src/domain/money'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { badRequest, forbidden, notFound } from '#src/server/http/errors'
import { accountView, canManageAccount, type AccountVisibility, type AccountView } from '#src/domain/access'
import { lastFour } from '#src/domain/accounts'
import { memberScope, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { insertTransactions } from '#src/server/core/ledger'
import { loadRateBook } from '../currencies/rates'
import * as repo from './repo'
import type { AccountRow } from './repo'

export function toAccountDto(row: AccountRow, view: Exclude<AccountView, 'none'> = 'full'): Account {
  return {
    id: row.id,
    name: row.name,
    type: row.type as Account['type'],
    ownerId: row.userId,
    visibility: row.visibility as AccountVisibility,
    sharedWithTeens: row.sharedWithTeens,
    view,
    balance: asCents(row.balance),
    currency: row.currency,
    accountNumber: row.accountNumber,
    institution: row.institution,
    isClosed: row.isClosed,
    createdAt: row.createdAt.toISOString(),
  }
}

async function findRow(db: DbOrTx, householdId: string, id: string): Promise<AccountRow> {
  const row = await repo.findAccountRow(db, householdId, id)
  if (!row) throw notFound('Account')
  return row
}

/** The account's row and what the member sees of it; 404 when they may not see it at all. */
async function visibleRow(db: DbOrTx, user: SessionUser, id: string): Promise<{ row: AccountRow; scope: MemberScope; view: 'full' | 'balance' }> {
  const scope = await memberScope(db, user)
  const view = scope.accounts.get(id)?.view ?? 'none'
  if (view === 'none') throw notFound('Account')
  return { row: await findRow(db, user.householdId, id), scope, view }
}

/** The account when the member may manage it (rename, re-share, close, reconcile, delete): domain/access. */
async function manageableRow(db: DbOrTx, user: SessionUser, id: string): Promise<AccountRow> {
  const { row, scope } = await visibleRow(db, user, id)
  const facts = { ownerId: row.userId, visibility: row.visibility as AccountVisibility, sharedWithTeens: row.sharedWithTeens }
  if (!canManageAccount(scope.member, facts)) {
    throw forbidden(
      user.role === 'viewer'
        ? 'Viewers can look but not change anything'
        : facts.visibility === 'balance_only'
          ? 'Only its owner can change a balance-only account'
          : 'Only the account’s owner (or the household’s owner) can change it',
    )
  }
  return row
}

/** A new owner must be a member of the household. */
async function checkOwner(db: DbOrTx, householdId: string, ownerId: string): Promise<void> {
  if (!(await repo.isHouseholdMember(db, householdId, ownerId))) {
    throw badRequest('The owner must be a member of the household', 'INVALID_OWNER')
  }
}

/**
 * Each account's balance in the base currency today. The rates are read only when an account is
 * in another currency than the member's (the household's) base, so a one-currency household
 * pays no extra round trip.
 */
async function withConverted(db: DbOrTx, user: SessionUser, list: Account[], now: Date): Promise<Account[]> {
  const book = list.some((a) => a.currency !== user.baseCurrency)
    ? await loadRateBook(db, user.householdId)
    : rateBook(user.baseCurrency, [])
  const today = localDate(now, user.timeZone)
  return list.map((a) => ({ ...a, convertedBalance: toBase(book, a.balance, a.currency, today) }))
}

export async function list(db: Db, user: SessionUser, now: Date): Promise<Account[]> {
  const [rows, scope] = await Promise.all([repo.listAccountRows(db, user.householdId), memberScope(db, user)])
  const out: Account[] = []
  for (const row of rows) {
    const view = scope.accounts.get(row.id)?.view ?? 'none'
    if (view !== 'none') out.push(toAccountDto(row, view))
  }
  return withConverted(db, user, out, now)
}

export async function getOne(db: Db, user: SessionUser, id: string, now: Date): Promise<Account> {
  const { row, view } = await visibleRow(db, user, id)
  const [account] = await withConverted(db, user, [toAccountDto(row, view)], now)
  if (!account) throw notFound('Account')
  return account
}

export async function create(
  db: Db,
  user: SessionUser,
  body: z.output<typeof createAccountBody>,
  now: Date,
): Promise<Account> {
  const ownerId = body.ownerId ?? user.id
  if (ownerId !== user.id && user.role !== 'owner' && user.role !== 'adult') {
    throw forbidden('Only adults and the owner can add accounts for someone else')
  }
  return db.transaction(async (tx) => {
    if (ownerId !== user.id) await checkOwner(tx, user.householdId, ownerId)
    const row = await repo.insertAccount(tx, {
      householdId: user.householdId,
      userId: ownerId,
      visibility: body.visibility,
      sharedWithTeens: body.sharedWithTeens,
      name: body.name,
      type: body.type,
      currency: body.currency ?? user.baseCurrency,
      accountNumber: lastFour(body.accountNumber),
      institution: body.institution ?? null,
    })
    if (body.openingBalance !== 0) {
      await insertTransactions(tx, [
        {
          householdId: user.householdId,
          userId: user.id,
          accountId: row.id,
          categoryId: null,
          date: body.openingDate ?? localDate(now, user.timeZone),
          amount: body.openingBalance,
          merchant: '',
          description: 'Opening balance',
          notes: '',
          kind: 'opening_balance',
          source: 'manual',
        },
      ])
    }
    // the creator sees it whole even when it is another member's private account: made for them
    const created = await findRow(tx, user.householdId, row.id)
    return toAccountDto(created, ownerId === user.id || created.visibility === 'shared' ? 'full' : 'balance')
  })
}

export async function update(
  db: Db,
  user: SessionUser,
  id: string,
  body: z.output<typeof updateAccountBody>,
  now: Date,
): Promise<Account> {
  await manageableRow(db, user, id)
  if (body.ownerId !== undefined) await checkOwner(db, user.householdId, body.ownerId)
  const row = await repo.updateAccountRow(db, user.householdId, id, {
    ...(body.ownerId !== undefined ? { userId: body.ownerId } : {}),
    ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
    ...(body.sharedWithTeens !== undefined ? { sharedWithTeens: body.sharedWithTeens } : {}),
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.type !== undefined ? { type: body.type } : {}),
    ...(body.accountNumber !== undefined ? { accountNumber: lastFour(body.accountNumber) } : {}),
    ...(body.institution !== undefined ? { institution: body.institution } : {}),
    ...(body.isClosed !== undefined ? { isClosed: body.isClosed } : {}),
    updatedAt: now,
  })
  if (!row) throw notFound('Account')
  // after a change of owner or visibility the caller may see less of it than before: worked out
  // from the row itself (the scope read before the change is out of date until the write ends)
  const view = accountView(
    { id: user.id, role: user.role },
    { ownerId: row.userId, visibility: row.visibility as AccountVisibility, sharedWithTeens: row.sharedWithTeens },
  )
  return toAccountDto(row, view === 'none' ? 'balance' : view)
}

/** Deletes the account and its transactions (rollups go with them); the other side of each of
 *  its transfers stays in the other account, so that account's balance does not change. */
export async function remove(db: Db, user: SessionUser, id: string): Promise<{ deletedTransactions: number }> {
  return db.transaction(async (tx) => {
    await manageableRow(tx, user, id)
    const deletedTransactions = await repo.countAccountTransactions(tx, id)
    await repo.deleteAccountRow(tx, user.householdId, id)
    return { deletedTransactions }
  })
}

export async function reconcile(
  db: Db,
  user: SessionUser,
  id: string,
  body: z.output<typeof reconcileBody>,
  now: Date,
): Promise<{ account: Account; difference: Cents; adjustmentId: string | null }> {
  return db.transaction(async (tx) => {
    const row = await manageableRow(tx, user, id)
    const difference = subCents(body.statementBalance, asCents(row.balance))
    let adjustmentId: string | null = null
    if (difference !== 0) {
      const [inserted] = await insertTransactions(tx, [
        {
          householdId: user.householdId,
          userId: user.id,
          accountId: id,
          categoryId: null,
          date: body.date ?? localDate(now, user.timeZone),
          amount: difference,
          merchant: '',
          description: 'Balance adjustment (reconciliation)',
          notes: '',
          kind: 'adjustment',
          source: 'manual',
        },
      ])
      adjustmentId = inserted ?? null
    }
    return { account: toAccountDto(await findRow(tx, user.householdId, id), 'full'), difference, adjustmentId }
  })
}
