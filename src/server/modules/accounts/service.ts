// Account use cases: create with an opening balance, edit, close, delete with its transactions,
// and reconcile against the bank's balance. Balances themselves only move through the ledger.
import { and, asc, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Account, createAccountBody, reconcileBody, updateAccountBody } from '../../../contract/accounts'
import { localDate } from '../../../domain/dates'
import { asCents, subCents, type Cents } from '../../../domain/money'
import type { Db, DbOrTx } from '../../db/connect'
import { param, prepared } from '../../db/prepared'
import { accounts, transactions } from '../../db/schema'
import { notFound } from '../../http/errors'
import type { SessionUser } from '../auth/sessions'
import { insertTransactions } from '../transactions/ledger'

type AccountRow = typeof accounts.$inferSelect

/** Only the last 4 letters or digits of an account number are ever stored. */
export function lastDigits(input: string | null | undefined): string | null {
  if (!input) return null
  const kept = input.replace(/[^A-Za-z0-9]/g, '').slice(-4)
  return kept === '' ? null : kept
}

export function toAccountDto(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    type: row.type as Account['type'],
    balance: asCents(row.balance),
    currency: row.currency,
    accountNumber: row.accountNumber,
    institution: row.institution,
    isClosed: row.isClosed,
    createdAt: row.createdAt.toISOString(),
  }
}

async function findRow(db: DbOrTx, householdId: string, id: string): Promise<AccountRow> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)))
  if (!row) throw notFound('Account')
  return row
}

const listRows = prepared('accounts_list', (db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.householdId, param('householdId')))
    .orderBy(asc(accounts.isClosed), asc(accounts.type), asc(accounts.name)),
)

export async function list(db: Db, user: SessionUser): Promise<Account[]> {
  const rows = await listRows(db).execute({ householdId: user.householdId })
  return rows.map(toAccountDto)
}

export async function getOne(db: Db, user: SessionUser, id: string): Promise<Account> {
  return toAccountDto(await findRow(db, user.householdId, id))
}

export async function create(
  db: Db,
  user: SessionUser,
  body: z.output<typeof createAccountBody>,
  now: Date,
): Promise<Account> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accounts)
      .values({
        householdId: user.householdId,
        userId: user.id,
        name: body.name,
        type: body.type,
        currency: body.currency ?? user.baseCurrency,
        accountNumber: lastDigits(body.accountNumber),
        institution: body.institution ?? null,
      })
      .returning()
    if (!row) throw new Error('insert returned no row')
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
    return toAccountDto(await findRow(tx, user.householdId, row.id))
  })
}

export async function update(
  db: Db,
  user: SessionUser,
  id: string,
  body: z.output<typeof updateAccountBody>,
  now: Date,
): Promise<Account> {
  await findRow(db, user.householdId, id)
  const [row] = await db
    .update(accounts)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.accountNumber !== undefined ? { accountNumber: lastDigits(body.accountNumber) } : {}),
      ...(body.institution !== undefined ? { institution: body.institution } : {}),
      ...(body.isClosed !== undefined ? { isClosed: body.isClosed } : {}),
      updatedAt: now,
    })
    .where(and(eq(accounts.householdId, user.householdId), eq(accounts.id, id)))
    .returning()
  if (!row) throw notFound('Account')
  return toAccountDto(row)
}

/** Deletes the account and its transactions (rollups go with them); the other side of each of
 *  its transfers stays in the other account, so that account's balance does not change. */
export async function remove(db: Db, user: SessionUser, id: string): Promise<{ deletedTransactions: number }> {
  return db.transaction(async (tx) => {
    await findRow(tx, user.householdId, id)
    const [counted] = await tx.select({ n: count() }).from(transactions).where(eq(transactions.accountId, id))
    await tx.delete(accounts).where(and(eq(accounts.householdId, user.householdId), eq(accounts.id, id)))
    return { deletedTransactions: counted?.n ?? 0 }
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
    const row = await findRow(tx, user.householdId, id)
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
    return { account: toAccountDto(await findRow(tx, user.householdId, id)), difference, adjustmentId }
  })
}
