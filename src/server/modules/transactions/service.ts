// Transaction use cases: add, edit, delete, bulk changes and transfers, each in one database
// transaction through the ledger, after checking that every account and category is the
// household's own. Each member reads only the rows of accounts whose transactions they see and
// changes only those of accounts they may write to (ADR 0023): a row or account they may not see
// answers 404, as one that does not exist; a role that may not write answers 403.
import type { z } from 'zod'
import type {
  bulkTransactionsBody,
  createTransactionBody,
  createTransferBody,
  Transaction,
  transactionTotals as transactionTotalsSchema,
  updateTransactionBody,
} from '#src/contract/transactions'
import { splitsBalance } from '#src/domain/ledger'
import { absCents, asCents, negate, type Cents } from '#src/domain/money'
import { payeeKey } from '#src/domain/rules'
import type { Db, DbOrTx, Tx } from '#src/server/db/connect'
import { uuidv7 } from '#src/server/db/ids'
import { badRequest, forbidden, notFound } from '#src/server/http/errors'
import { canChangeTransaction } from '#src/domain/access'
import { fullAccount, memberScope, writableAccount, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { learnPayeeCategories } from '../rules/learned'
import {
  deleteTransactions,
  insertTransactions,
  loadForWrite,
  updateStoredTransaction,
  type NewSplit,
  type TransactionPatch,
} from '#src/server/core/ledger'
import {
  accountsOfHousehold,
  categoriesOfHousehold,
  findTransaction,
  listTransactions,
  transactionTotals,
  type ListQuery,
  type TotalsQuery,
  type TransactionRow,
} from './repo'
import { settleBudgetAlerts } from '../reminders/generated'
import { localDate, type IsoDate } from '#src/domain/dates'
import { releaseLinks, reopenedBy, settleBills } from '../bills/settle'

/** The span of some dates, for the bill settlement pass. */
function spanOf(dates: IsoDate[]): { from: IsoDate; to: IsoDate } {
  const sorted = [...dates].sort()
  return { from: sorted[0] ?? '', to: sorted[sorted.length - 1] ?? '' }
}

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
    enteredBy: row.userId,
    runningBalance: row.runningBalance === null ? null : asCents(row.runningBalance),
    attachmentCount: row.attachmentCount,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The sign of an amount follows `type` when a form sends one (amounts typed as positive). */
function signed(amount: Cents, type: 'income' | 'expense' | undefined): Cents {
  if (type === 'expense') return negate(absCents(amount))
  if (type === 'income') return absCents(amount)
  return amount
}

/**
 * The accounts a write puts rows into: each must be one the member may write to (404 when they
 * may not see its transactions or it does not exist, 403 for a viewer) and open.
 */
async function checkWritableAccounts(db: DbOrTx, scope: MemberScope, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)]
  for (const id of unique) writableAccount(scope, id)
  const found = await accountsOfHousehold(db, scope.householdId, unique)
  for (const id of unique) {
    const account = found.get(id)
    if (!account) throw notFound('Account')
    if (account.isClosed) {
      throw badRequest('That account is closed: reopen it to add or change its transactions', 'ACCOUNT_CLOSED')
    }
  }
}

/**
 * Rows the member is about to change or delete: a teen may change, in an account that is not
 * theirs, only what they entered (403 NOT_YOUR_ENTRY). Their accounts are writable already.
 */
function checkChangeable(scope: MemberScope, rows: readonly { accountId: string; userId: string }[]): void {
  for (const row of rows) {
    const account = scope.accounts.get(row.accountId)
    if (account && !canChangeTransaction(scope.member, account, row.userId)) {
      throw forbidden('Teens can change only the entries they made in an account that is not theirs', 'NOT_YOUR_ENTRY')
    }
  }
}

/** A stored row the member may see: 404 when its account's transactions are hidden from them. */
function seen<T extends { accountId: string }>(scope: MemberScope, row: T | undefined): T {
  if (!row || scope.accounts.get(row.accountId)?.view !== 'full') throw notFound('Transaction')
  return row
}

/**
 * Rows a write changes besides the ones the member chose (the other leg of a transfer): their
 * accounts must be writable too, or the write would reach into an account the member may not
 * change. The chosen row is seen, so its transfer is no secret: 403 rather than 404.
 */
function checkPartnerLegs(scope: MemberScope, legs: readonly { accountId: string }[]): void {
  for (const leg of legs) {
    const account = scope.accounts.get(leg.accountId)
    if (account?.view !== 'full') {
      throw forbidden('The other side of this transfer is in an account you cannot change: ask its owner', 'TRANSFER_PARTNER_LOCKED')
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
  const scope = await memberScope(db, user)
  // an account whose transactions the member may not see answers as GET /api/accounts/:id would
  // for one that does not exist, rather than as an empty list
  if (query.accountId) fullAccount(scope, query.accountId)
  const visible = [...scope.accounts.values()].flatMap((a) => (a.view === 'full' ? [a.id] : []))
  const { rows, nextCursor } = await listTransactions(db, user.householdId, query, { visible, excluded: scope.noTransactions })
  return { items: rows.map(toTransactionDto), nextCursor }
}

/** The count and sum of what the list's filters find, over the rows the member may see. */
export async function totals(db: Db, user: SessionUser, query: TotalsQuery): Promise<z.output<typeof transactionTotalsSchema>> {
  const scope = await memberScope(db, user)
  if (query.accountId) fullAccount(scope, query.accountId)
  const visible = [...scope.accounts.values()].flatMap((a) => (a.view === 'full' ? [a.id] : []))
  const sums = await transactionTotals(db, user.householdId, query, { visible, excluded: scope.noTransactions })
  return { count: sums.count, total: asCents(sums.total), moneyIn: asCents(sums.moneyIn), moneyOut: asCents(sums.moneyOut) }
}

async function readOne(db: DbOrTx, scope: MemberScope, id: string): Promise<Transaction> {
  const row = await findTransaction(db, scope.householdId, id, scope.noTransactions)
  if (!row) throw notFound('Transaction')
  return toTransactionDto(row)
}

export async function getOne(db: DbOrTx, user: SessionUser, id: string): Promise<Transaction> {
  return readOne(db, await memberScope(db, user), id)
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
    const scope = await memberScope(tx, user)
    await checkWritableAccounts(tx, scope, [body.accountId])
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
    // a payment typed in settles the bill it pays (ADR 0045)
    if (amount < 0) await settleBills(tx, user.householdId, { today: localDate(now, user.timeZone), now, span: spanOf([body.date]) })
    return readOne(tx, scope, id ?? '')
  })
}

async function updateTransferLegs(
  tx: Tx,
  user: SessionUser,
  scope: MemberScope,
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
  const reachesOther = Object.keys(shared).length > 0 || amount !== undefined
  // notes and a move of this leg stay on this side; anything else changes the other leg too
  if (other && reachesOther) checkPartnerLegs(scope, [other])
  await updateStoredTransaction(
    tx,
    leg,
    { ...shared, ...(body.notes !== undefined ? { notes: body.notes } : {}), ...(body.accountId ? { accountId: body.accountId } : {}), ...(amount !== undefined ? { amount } : {}) },
    now,
  )
  if (other && reachesOther) {
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
    const scope = await memberScope(tx, user)
    const before = seen(scope, (await loadForWrite(tx, user.householdId, [id]))[0])
    // moving a row takes both accounts: the one it leaves and the one it goes to
    await checkWritableAccounts(tx, scope, [before.accountId, ...(body.accountId ? [body.accountId] : [])])
    checkChangeable(scope, [before])
    if (before.kind === 'transfer') {
      await updateTransferLegs(tx, user, scope, before, body, now)
      return readOne(tx, scope, id)
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
    // a payment that changes what bills see (amount, date, payee, account, parts) is settled afresh
    const paying =
      amount !== before.amount ||
      (body.date !== undefined && body.date !== before.date) ||
      (body.merchant !== undefined && body.merchant !== before.merchant) ||
      (body.accountId !== undefined && body.accountId !== before.accountId) ||
      splits !== undefined
    const wholeAfter = amount < 0 && !(splits ?? before.splits).length
    const reopen = paying
      ? await releaseLinks(tx, user.householdId, [id], (link) =>
          // a member's own link stays on a whole payment, its amount following it; a split's part goes if its parts change
          link.splitId === null ? (wholeAfter ? -amount : null) : splits === undefined ? link.amount : null,
        )
      : new Map<string, IsoDate>()
    await updateStoredTransaction(tx, before, patch, now)
    if (paying) {
      await settleBills(tx, user.householdId, {
        today: localDate(now, user.timeZone),
        now,
        span: spanOf([before.date, body.date ?? before.date]),
        reopen,
      })
    }
    if (body.categoryId && !splits?.length) {
      await learn(tx, user.householdId, body.categoryId, [body.merchant ?? before.merchant, before.importedPayee], now)
    }
    // a split, a smaller amount or another category can bring a budget back under its alert line
    await settleBudgetAlerts(tx, user.householdId, now)
    return readOne(tx, scope, id)
  })
}

/** Deletes a transaction; a transfer goes with its other side. */
export async function remove(db: Db, user: SessionUser, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    const row = seen(scope, (await loadForWrite(tx, user.householdId, [id]))[0])
    writableAccount(scope, row.accountId)
    checkChangeable(scope, [row])
    const ids = [id]
    if (row.transferGroupId) {
      const legs = await tx.query.transactions.findMany({
        where: (t, { and, eq }) => and(eq(t.householdId, user.householdId), eq(t.transferGroupId, row.transferGroupId ?? '')),
        columns: { id: true, accountId: true },
      })
      const others = legs.filter((l) => l.id !== id)
      checkPartnerLegs(scope, others)
      ids.push(...others.map((l) => l.id))
    }
    const reopen = await reopenedBy(tx, user.householdId, ids)
    await deleteTransactions(tx, user.householdId, ids)
    // the bills it paid are due again from the due date it settled (another payment may settle it)
    if (reopen.size) await settleBills(tx, user.householdId, { today: localDate(now, user.timeZone), now, span: spanOf([row.date]), reopen })
    await settleBudgetAlerts(tx, user.householdId, now)
  })
}

export async function bulk(
  db: Db,
  user: SessionUser,
  body: z.output<typeof bulkTransactionsBody>,
  now: Date,
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    const rows = await loadForWrite(tx, user.householdId, [...new Set(body.ids)])
    // one id the member may not see and nothing changes, as for an id that does not exist
    if (rows.length !== new Set(body.ids).size) throw notFound('Transaction')
    for (const row of rows) seen(scope, row)
    for (const accountId of new Set(rows.map((r) => r.accountId))) writableAccount(scope, accountId)
    checkChangeable(scope, rows)
    if (body.action === 'delete') {
      const groups = [...new Set(rows.map((r) => r.transferGroupId).filter((g): g is string => g !== null))]
      const partners = groups.length
        ? await tx.query.transactions.findMany({
            where: (t, { and, eq, inArray }) => and(eq(t.householdId, user.householdId), inArray(t.transferGroupId, groups)),
            columns: { id: true, accountId: true },
          })
        : []
      checkPartnerLegs(scope, partners)
      const gone = [...new Set([...body.ids, ...partners.map((p) => p.id)])]
      const reopen = await reopenedBy(tx, user.householdId, gone)
      await deleteTransactions(tx, user.householdId, gone)
      if (reopen.size) {
        await settleBills(tx, user.householdId, { today: localDate(now, user.timeZone), now, span: spanOf(rows.map((r) => r.date)), reopen })
      }
      await settleBudgetAlerts(tx, user.householdId, now)
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
    await settleBudgetAlerts(tx, user.householdId, now)
    return { updated }
  })
}

export async function transfer(
  db: Db,
  user: SessionUser,
  body: z.output<typeof createTransferBody>,
): Promise<{ from: Transaction; to: Transaction }> {
  return db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    await checkWritableAccounts(tx, scope, [body.fromAccountId, body.toAccountId])
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
      from: await readOne(tx, scope, fromId ?? ''),
      to: await readOne(tx, scope, toId ?? ''),
    }
  })
}
