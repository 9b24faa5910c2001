// Transaction use cases: add, edit, delete, bulk changes and transfers, each in one database
// transaction through the ledger, after checking that every account and category is the
// household's own.
import type { z } from 'zod'
import type {
  bulkTransactionsBody,
  createTransactionBody,
  createTransferBody,
  Transaction,
  updateTransactionBody,
} from '../../../contract/transactions'
import { splitsBalance } from '../../../domain/ledger'
import { absCents, asCents, negate, type Cents } from '../../../domain/money'
import { payeeKey } from '../../../domain/rules'
import type { Db, DbOrTx, Tx } from '../../db/connect'
import { uuidv7 } from '../../db/ids'
import { badRequest, notFound } from '../../http/errors'
import type { SessionUser } from '../auth/sessions'
import { learnPayeeCategories } from '../rules/repo'
import {
  deleteTransactions,
  insertTransactions,
  loadForWrite,
  updateStoredTransaction,
  type NewSplit,
  type TransactionPatch,
} from './ledger'
import { accountsOfHousehold, categoriesOfHousehold, findTransaction, listTransactions, type ListQuery, type TransactionRow } from './repo'

export function toTransactionDto(row: TransactionRow): Transaction {
  return {
    id: row.id,
    accountId: row.accountId,
    categoryId: row.categoryId,
    type: row.amount < 0 ? 'expense' : 'income',
    merchant: row.merchant,
    description: row.description,
    notes: row.notes,
    date: row.date,
    amount: asCents(row.amount),
    source: row.source as Transaction['source'],
    kind: row.kind as Transaction['kind'],
    transferAccountId: row.transferAccountId,
    transferId: row.transferGroupId,
    splits: row.splits.map((s) => ({ categoryId: s.categoryId, amount: asCents(s.amount), memo: s.memo })),
    importBatchId: row.importBatchId,
    billId: row.billId,
    runningBalance: row.runningBalance === null ? null : asCents(row.runningBalance),
    createdAt: row.createdAt.toISOString(),
  }
}

/** The sign of an amount follows `type` when a form sends one (amounts typed as positive). */
function signed(amount: Cents, type: 'income' | 'expense' | undefined): Cents {
  if (type === 'expense') return negate(absCents(amount))
  if (type === 'income') return absCents(amount)
  return amount
}

export async function checkAccounts(db: DbOrTx, householdId: string, ids: string[], forWriting = true): Promise<void> {
  const unique = [...new Set(ids)]
  const found = await accountsOfHousehold(db, householdId, unique)
  for (const id of unique) {
    const account = found.get(id)
    if (!account) throw badRequest('That account does not exist', 'UNKNOWN_ACCOUNT')
    if (forWriting && account.isClosed) {
      throw badRequest('That account is closed: reopen it to add or change its transactions', 'ACCOUNT_CLOSED')
    }
  }
}

export async function checkCategories(db: DbOrTx, householdId: string, ids: (string | null)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
  const found = await categoriesOfHousehold(db, householdId, wanted)
  if (wanted.some((id) => !found.has(id))) throw badRequest('That category does not exist', 'UNKNOWN_CATEGORY')
}

function checkSplits(amount: Cents, splits: NewSplit[]): void {
  if (splits.length === 1) throw badRequest('A split needs at least two parts', 'INVALID_SPLITS')
  if (splits.length > 1 && !splitsBalance(amount, splits)) {
    throw badRequest('The splits must add up to the transaction amount', 'INVALID_SPLITS')
  }
}

/** The user chose `categoryId` for these payees: imports suggest it next time (rules first). */
async function learn(tx: Tx, householdId: string, categoryId: string | null, payees: (string | null)[], now: Date): Promise<void> {
  if (categoryId === null) return
  const keys = payees.filter((p): p is string => p !== null).map(payeeKey)
  await learnPayeeCategories(tx, householdId, keys.map((key) => ({ payeeKey: key, categoryId })), now)
}

export async function list(db: Db, user: SessionUser, query: ListQuery) {
  const { rows, nextCursor } = await listTransactions(db, user.householdId, query)
  return { items: rows.map(toTransactionDto), nextCursor }
}

export async function getOne(db: DbOrTx, householdId: string, id: string): Promise<Transaction> {
  const row = await findTransaction(db, householdId, id)
  if (!row) throw notFound('Transaction')
  return toTransactionDto(row)
}

export async function create(
  db: Db,
  user: SessionUser,
  body: z.output<typeof createTransactionBody>,
  now: Date,
): Promise<Transaction> {
  const amount = signed(body.amount, body.type)
  const splits = body.splits.map((s) => ({ ...s, amount: body.type ? signed(s.amount, body.type) : s.amount }))
  checkSplits(amount, splits)
  return db.transaction(async (tx) => {
    await checkAccounts(tx, user.householdId, [body.accountId])
    await checkCategories(tx, user.householdId, [body.categoryId, ...splits.map((s) => s.categoryId)])
    const [id] = await insertTransactions(tx, [
      {
        householdId: user.householdId,
        userId: user.id,
        accountId: body.accountId,
        categoryId: splits.length ? null : body.categoryId,
        date: body.date,
        amount,
        merchant: body.merchant,
        description: body.description,
        notes: body.notes,
        kind: 'standard',
        source: 'manual',
        splits,
      },
    ])
    if (!splits.length) await learn(tx, user.householdId, body.categoryId, [body.merchant], now)
    return getOne(tx, user.householdId, id ?? '')
  })
}

async function updateTransferLegs(
  tx: Tx,
  user: SessionUser,
  leg: Awaited<ReturnType<typeof loadForWrite>>[number],
  body: z.output<typeof updateTransactionBody>,
  now: Date,
): Promise<void> {
  if (body.categoryId || (body.splits && body.splits.length)) {
    throw badRequest('A transfer has no category: it is neither income nor spending', 'TRANSFER_CATEGORY')
  }
  const legs = await tx.query.transactions.findMany({
    where: (t, { and, eq }) => and(eq(t.householdId, user.householdId), eq(t.transferGroupId, leg.transferGroupId ?? '')),
    columns: { id: true },
  })
  const stored = await loadForWrite(tx, user.householdId, legs.map((l) => l.id))
  const other = stored.find((s) => s.id !== leg.id)
  const amount = body.amount === undefined ? undefined : signed(body.amount, body.type)
  if (body.accountId && other && body.accountId === other.accountId) {
    throw badRequest('A transfer needs two different accounts', 'SAME_ACCOUNT')
  }
  const shared: TransactionPatch = {
    ...(body.date ? { date: body.date } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.merchant !== undefined ? { merchant: body.merchant } : {}),
  }
  await updateStoredTransaction(
    tx,
    leg,
    { ...shared, ...(body.notes !== undefined ? { notes: body.notes } : {}), ...(body.accountId ? { accountId: body.accountId } : {}), ...(amount !== undefined ? { amount } : {}) },
    now,
  )
  if (other) {
    await updateStoredTransaction(tx, other, { ...shared, ...(amount !== undefined ? { amount: negate(amount) } : {}) }, now)
  }
}

export async function update(
  db: Db,
  user: SessionUser,
  id: string,
  body: z.output<typeof updateTransactionBody>,
  now: Date,
): Promise<Transaction> {
  return db.transaction(async (tx) => {
    const [before] = await loadForWrite(tx, user.householdId, [id])
    if (!before) throw notFound('Transaction')
    await checkAccounts(tx, user.householdId, [before.accountId, ...(body.accountId ? [body.accountId] : [])])
    if (before.kind === 'transfer') {
      await updateTransferLegs(tx, user, before, body, now)
      return getOne(tx, user.householdId, id)
    }
    await checkCategories(tx, user.householdId, [body.categoryId ?? null, ...(body.splits ?? []).map((s) => s.categoryId)])
    const amount = signed(body.amount ?? asCents(before.amount), body.type)
    const splits = body.splits?.map((s) => ({ ...s, amount: body.type ? signed(s.amount, body.type) : s.amount }))
    if (splits !== undefined) checkSplits(amount, splits)
    else if (before.splits.length && amount !== before.amount) {
      throw badRequest('Change the splits together with the amount, so they still add up', 'INVALID_SPLITS')
    }
    const patch: TransactionPatch = {
      ...(body.accountId ? { accountId: body.accountId } : {}),
      ...(body.date ? { date: body.date } : {}),
      ...(body.merchant !== undefined ? { merchant: body.merchant } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...(body.categoryId !== undefined ? { categoryId: body.categoryId } : {}),
      ...(splits !== undefined ? { splits, ...(splits.length ? { categoryId: null } : {}) } : {}),
      amount,
    }
    await updateStoredTransaction(tx, before, patch, now)
    if (body.categoryId && !splits?.length) {
      await learn(tx, user.householdId, body.categoryId, [body.merchant ?? before.merchant, before.importedPayee], now)
    }
    return getOne(tx, user.householdId, id)
  })
}

/** Deletes a transaction; a transfer goes with its other side. */
export async function remove(db: Db, user: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await loadForWrite(tx, user.householdId, [id])
    if (!row) throw notFound('Transaction')
    const ids = [id]
    if (row.transferGroupId) {
      const legs = await tx.query.transactions.findMany({
        where: (t, { and, eq }) => and(eq(t.householdId, user.householdId), eq(t.transferGroupId, row.transferGroupId ?? '')),
        columns: { id: true },
      })
      ids.push(...legs.map((l) => l.id).filter((l) => l !== id))
    }
    await deleteTransactions(tx, user.householdId, ids)
  })
}

export async function bulk(
  db: Db,
  user: SessionUser,
  body: z.output<typeof bulkTransactionsBody>,
  now: Date,
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const rows = await loadForWrite(tx, user.householdId, [...new Set(body.ids)])
    if (rows.length !== new Set(body.ids).size) throw notFound('Transaction')
    if (body.action === 'delete') {
      const groups = [...new Set(rows.map((r) => r.transferGroupId).filter((g): g is string => g !== null))]
      const partners = groups.length
        ? await tx.query.transactions.findMany({
            where: (t, { and, eq, inArray }) => and(eq(t.householdId, user.householdId), inArray(t.transferGroupId, groups)),
            columns: { id: true },
          })
        : []
      await deleteTransactions(tx, user.householdId, [...new Set([...body.ids, ...partners.map((p) => p.id)])])
      return { updated: rows.length }
    }
    await checkCategories(tx, user.householdId, [body.categoryId])
    let updated = 0
    const payees: (string | null)[] = []
    for (const row of rows) {
      // transfers have no category; split rows keep their parts
      if (row.kind !== 'standard' || row.isSplit) continue
      await updateStoredTransaction(tx, row, { categoryId: body.categoryId }, now)
      payees.push(row.merchant, row.importedPayee)
      updated += 1
    }
    await learn(tx, user.householdId, body.categoryId, payees, now)
    return { updated }
  })
}

export async function transfer(
  db: Db,
  user: SessionUser,
  body: z.output<typeof createTransferBody>,
): Promise<{ from: Transaction; to: Transaction }> {
  return db.transaction(async (tx) => {
    await checkAccounts(tx, user.householdId, [body.fromAccountId, body.toAccountId])
    const groupId = uuidv7()
    const base = {
      householdId: user.householdId,
      userId: user.id,
      categoryId: null,
      date: body.date,
      merchant: '',
      description: body.description || 'Transfer',
      notes: '',
      kind: 'transfer' as const,
      source: 'manual' as const,
      transferGroupId: groupId,
    }
    const [fromId, toId] = await insertTransactions(tx, [
      { ...base, accountId: body.fromAccountId, amount: negate(body.amount) },
      { ...base, accountId: body.toAccountId, amount: body.amount },
    ])
    return {
      from: await getOne(tx, user.householdId, fromId ?? ''),
      to: await getOne(tx, user.householdId, toId ?? ''),
    }
  })
}
