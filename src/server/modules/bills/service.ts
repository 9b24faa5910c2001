// Bills: the list, what is due soon, edits, and paying one, which records the payment through
// the ledger and moves the due date on by the bill's recurrence, in one transaction.
// A bill is household data (adults write, every member reads), but the account it is paid from
// may be one the member does not see whole (ADR 0023): to them its accountId is null, they can
// link only an account they see whole (another is an unknown account, as if it did not exist),
// and paying into an account they may not write is 404, as adding a transaction there is.
import type { z } from 'zod'
import {
  recurrence as recurrenceSchema,
  type Bill,
  type BillPayment,
  type createBillBody,
  type payBillBody,
  type updateBillBody,
} from '../../../contract/bills'
import { MAX_YEAR } from '../../../contract/common'
import { addDays, dayOfMonth, daysBetween, localDate } from '../../../domain/dates'
import { asCents, negate } from '../../../domain/money'
import { nextDueDate } from '../../../domain/recurrence'
import type { Db, DbOrTx } from '../../db/connect'
import { badRequest, invalidField, notFound } from '../../http/errors'
import { completeBillReminders } from '../reminders/generated'
import { memberScope, wholeAccountId, writableAccount, type MemberScope } from '../accounts/scope'
import type { SessionUser } from '../auth/sessions'
import { insertTransactions } from '../transactions/ledger'
import * as repo from './repo'

const MAX_PAYMENT_DAYS = 61

type Scope = Pick<SessionUser, 'householdId' | 'id' | 'timeZone' | 'role'>

export function toBillDto(row: repo.BillRow, scope: MemberScope): Bill {
  return {
    id: row.id,
    name: row.name,
    amount: asCents(row.amount),
    nextDueDate: row.nextDueDate,
    categoryId: row.categoryId,
    accountId: wholeAccountId(scope, row.accountId),
    // the table's check constraint holds it to the contract's values
    recurrence: recurrenceSchema.parse(row.recurrence),
    endDate: row.endDate,
    isActive: row.isActive,
    autopay: row.autopay,
    notes: row.notes,
  }
}

async function requireReferences(
  db: DbOrTx,
  scope: MemberScope,
  refs: { categoryId?: string | null; accountId?: string | null },
): Promise<void> {
  if (refs.categoryId && !(await repo.categoryExists(db, scope.householdId, refs.categoryId))) {
    throw badRequest('That category does not exist', 'UNKNOWN_CATEGORY')
  }
  if (refs.accountId && wholeAccountId(scope, refs.accountId) === null) {
    throw badRequest('That account does not exist', 'UNKNOWN_ACCOUNT')
  }
}

/** A bill's end may not come before its next due date: there would be nothing left to pay. */
function requireEndAfterDue(nextDueDate: string, endDate: string | null | undefined): void {
  if (endDate && endDate < nextDueDate)
    throw invalidField('body.endDate', 'The last due date must not be before the next due date')
}

export async function listBills(db: Db, user: Scope): Promise<Bill[]> {
  const [rows, scope] = await Promise.all([repo.listBillRows(db, user.householdId), memberScope(db, user)])
  return rows.map((row) => toBillDto(row, scope))
}

/** Active bills due within `days` days of the user's today, overdue ones included. */
export async function upcomingBills(db: Db, user: Scope, days: number, now: Date): Promise<Bill[]> {
  const until = addDays(localDate(now, user.timeZone), days)
  const [rows, scope] = await Promise.all([repo.listDueBillRows(db, user.householdId, until), memberScope(db, user)])
  return rows.map((row) => toBillDto(row, scope))
}

/** The bills paid from..to, as the member sees them: a payment on an account whose transactions they do not see is not listed. */
export async function billPayments(db: Db, user: Scope, from: string, to: string): Promise<BillPayment[]> {
  const span = daysBetween(from, to)
  if (span < 0 || span > MAX_PAYMENT_DAYS)
    throw badRequest(`Ask for at most ${MAX_PAYMENT_DAYS + 1} days, from before to`, 'INVALID_RANGE')
  const scope = await memberScope(db, user)
  const rows = await repo.listPaymentRows(db, user.householdId, from, to, scope.noTransactions)
  return rows.map((row) => ({ ...row, amount: asCents(Math.abs(row.amount)) }))
}

export async function createBill(
  db: Db,
  user: Scope,
  body: z.output<typeof createBillBody>,
): Promise<Bill> {
  requireEndAfterDue(body.nextDueDate, body.endDate)
  return db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    await requireReferences(tx, scope, body)
    const row = await repo.insertBill(tx, {
      ...body,
      householdId: user.householdId,
      userId: user.id,
      anchorDay: dayOfMonth(body.nextDueDate),
    })
    return toBillDto(row, scope)
  })
}

export async function updateBill(
  db: Db,
  user: Scope,
  id: string,
  body: z.output<typeof updateBillBody>,
  now: Date,
): Promise<Bill> {
  return db.transaction(async (tx) => {
    const bill = await repo.findBill(tx, user.householdId, id)
    if (!bill) throw notFound('Bill')
    const scope = await memberScope(tx, user)
    await requireReferences(tx, scope, body)
    requireEndAfterDue(body.nextDueDate ?? bill.nextDueDate, body.endDate === undefined ? bill.endDate : body.endDate)
    // a due date set by hand is the new anchor: a bill moved to the 31st stays on month ends
    const anchor =
      body.nextDueDate !== undefined && body.nextDueDate !== bill.nextDueDate
        ? { anchorDay: dayOfMonth(body.nextDueDate) }
        : {}
    const row = await repo.updateBillRow(tx, user.householdId, id, {
      ...body,
      ...anchor,
      updatedAt: now,
    })
    if (!row) throw notFound('Bill')
    return toBillDto(row, scope)
  })
}

/** Deletes a bill; its payments stay, as ordinary transactions. */
export async function deleteBill(db: Db, user: Scope, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteBillRow(tx, user.householdId, id))) throw notFound('Bill')
    await repo.unlinkPayments(tx, user.householdId, id, now)
  })
}

/**
 * Pays a bill: a spending transaction (the bill's amount unless another is given) on the
 * given or the bill's account, in the bill's category; then the next due date, or, for a
 * one-off bill (or one whose next due date would be after 2200), the bill becomes inactive; and
 * the paid due date's reminders are completed. The bill's own account counts only when the member
 * sees it whole (to anyone else the bill has no account); a given one must be theirs to write.
 */
export async function payBill(
  db: Db,
  user: Scope,
  id: string,
  body: z.output<typeof payBillBody>,
  now: Date,
): Promise<{ bill: Bill; transactionId: string }> {
  return db.transaction(async (tx) => {
    // locked, so a double-click cannot pay the same due date twice
    const bill = await repo.findBill(tx, user.householdId, id, { lock: true })
    if (!bill) throw notFound('Bill')
    if (!bill.isActive)
      throw badRequest('This bill is inactive: turn it back on to pay it', 'BILL_INACTIVE')
    const scope = await memberScope(tx, user)
    const accountId = body.accountId ?? wholeAccountId(scope, bill.accountId)
    if (!accountId)
      throw badRequest('Choose the account this bill is paid from', 'ACCOUNT_REQUIRED')
    // 404 for an account that does not exist or that the member may not write, alike
    writableAccount(scope, accountId)
    const account = await repo.findAccount(tx, user.householdId, accountId)
    if (!account) throw notFound('Account')
    if (account.isClosed) {
      throw badRequest(
        'That account is closed: reopen it to add or change its transactions',
        'ACCOUNT_CLOSED',
      )
    }
    const [transactionId] = await insertTransactions(tx, [
      {
        householdId: user.householdId,
        userId: user.id,
        accountId,
        categoryId: bill.categoryId,
        date: body.date ?? localDate(now, user.timeZone),
        amount: negate(body.amount ?? asCents(bill.amount)),
        merchant: bill.name,
        description: '',
        notes: '',
        kind: 'standard',
        source: 'manual',
        billId: bill.id,
      },
    ])
    if (!transactionId) throw new Error('the ledger returned no id')
    const following = nextDueDate(
      bill.nextDueDate,
      recurrenceSchema.parse(bill.recurrence),
      bill.anchorDay,
    )
    // a schedule ends at its end date (the last payment of a debt), or at the last year a date
    // may have (a due date in 2201 could be neither answered nor edited): the bill becomes
    // inactive, as a one-off does once paid
    const next =
      following !== null &&
      Number(following.slice(0, 4)) <= MAX_YEAR &&
      (bill.endDate === null || following <= bill.endDate)
        ? following
        : null
    const updated = await repo.updateBillRow(
      tx,
      user.householdId,
      id,
      next === null ? { isActive: false, updatedAt: now } : { nextDueDate: next, updatedAt: now },
    )
    if (!updated) throw notFound('Bill')
    // the due date just paid is done: its reminder too, for every member who has one
    await completeBillReminders(tx, user.householdId, bill.id, bill.nextDueDate, now)
    return { bill: toBillDto(updated, scope), transactionId }
  })
}
