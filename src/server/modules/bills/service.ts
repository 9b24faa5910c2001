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
  type BillLink,
  type BillMatch,
  type BillPayment,
  type createBillBody,
  type linkBillPaymentBody,
  type payBillBody,
  type updateBillBody,
} from '#src/contract/bills'
import { currentDue, DAYS_AFTER, DAYS_BEFORE, payeeMatches, rankCandidates, toleranceOf } from '#src/domain/bills/matching'
import { addDays, compareDates, dayOfMonth, daysBetween, localDate, type IsoDate } from '#src/domain/dates'
import { asCents, negate, type Cents } from '#src/domain/money'
import { occurrencesBetween } from '#src/domain/recurrence'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { badRequest, invalidField, notFound } from '#src/server/http/errors'
import { memberScope, wholeAccountId, writableAccount, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { insertTransactions } from '#src/server/core/ledger'
import * as repo from './repo'
import { settleBills, toCandidate, toMatchBill, wordsOf } from './settle'

const MAX_PAYMENT_DAYS = 61

type Scope = Pick<SessionUser, 'householdId' | 'id' | 'timeZone' | 'role'>

/** What each bill's payments settled per due date over the last year and a bit (a yearly bill's last one). */
type PaidMap = Map<string, Map<IsoDate, Cents>>

async function paidOfBills(db: DbOrTx, householdId: string, billIds: string[], today: IsoDate): Promise<PaidMap> {
  const rows = await repo.paidByDueDate(db, householdId, billIds, addDays(today, -400))
  const out: PaidMap = new Map()
  for (const r of rows) {
    const of = out.get(r.billId) ?? new Map<IsoDate, Cents>()
    of.set(r.dueDate, asCents(r.paid))
    out.set(r.billId, of)
  }
  return out
}

export function toBillDto(row: repo.BillRow, scope: MemberScope, paid: ReadonlyMap<IsoDate, Cents> = new Map(), today?: IsoDate): Bill {
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
    payee: row.payee,
    tolerancePercent: row.tolerancePercent,
    current:
      today === undefined
        ? null
        : currentDue({ amount: asCents(row.amount), tolerancePercent: row.tolerancePercent, nextDueDate: row.nextDueDate, isActive: row.isActive }, paid, today),
  }
}

/** Bills as the member sees them, each with its current due date's status. */
async function billDtos(db: DbOrTx, user: Scope, rows: repo.BillRow[], scope: MemberScope, now: Date): Promise<Bill[]> {
  const today = localDate(now, user.timeZone)
  const paid = await paidOfBills(db, user.householdId, rows.map((r) => r.id), today)
  return rows.map((row) => toBillDto(row, scope, paid.get(row.id), today))
}

async function readBill(db: DbOrTx, user: Scope, id: string, scope: MemberScope, now: Date): Promise<Bill> {
  const row = await repo.findBill(db, user.householdId, id)
  if (!row) throw notFound('Bill')
  const [dto] = await billDtos(db, user, [row], scope, now)
  if (!dto) throw notFound('Bill')
  return dto
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

export async function listBills(db: Db, user: Scope, now: Date): Promise<Bill[]> {
  const [rows, scope] = await Promise.all([repo.listBillRows(db, user.householdId), memberScope(db, user)])
  return billDtos(db, user, rows, scope, now)
}

/** Active bills due within `days` days of the user's today, overdue ones included. */
export async function upcomingBills(db: Db, user: Scope, days: number, now: Date): Promise<Bill[]> {
  const until = addDays(localDate(now, user.timeZone), days)
  const [rows, scope] = await Promise.all([repo.listDueBillRows(db, user.householdId, until), memberScope(db, user)])
  return billDtos(db, user, rows, scope, now)
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

/** A bill created or edited is matched against the payments already in the ledger at once. */
export async function createBill(
  db: Db,
  user: Scope,
  body: z.output<typeof createBillBody>,
  now: Date,
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
    await settleBills(tx, user.householdId, { today: localDate(now, user.timeZone), now, billIds: [row.id] })
    return readBill(tx, user, row.id, scope, now)
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
    await settleBills(tx, user.householdId, { today: localDate(now, user.timeZone), now, billIds: [row.id] })
    return readBill(tx, user, row.id, scope, now)
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
 * Pays a bill's next due date (the first not fully paid): with a new spending transaction (the
 * bill's amount unless another is given) on the given or the bill's account, in the bill's
 * category, or with `transactionId`, a transaction already in the ledger. Either way a 'paid' link
 * ties it to the due date; then the bill moves to its first due date not paid (a one-off, or one
 * whose next due date would be after 2200 or its end, becomes inactive), and the paid due date's
 * reminders are completed. The bill's own account counts only when the member sees it whole (to
 * anyone else the bill has no account); a given one must be theirs to write.
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
    const today = localDate(now, user.timeZone)
    let transactionId: string
    let amount: number
    if (body.transactionId !== undefined) {
      for (const field of ['date', 'amount', 'accountId'] as const) {
        if (body[field] !== undefined) throw invalidField(`body.${field}`, 'Leave this out when paying with a transaction of the ledger')
      }
      const payment = await seenPayment(tx, scope, body.transactionId, null)
      transactionId = payment.id
      amount = -payment.amount
      await moveLinkOff(tx, user.householdId, bill.id, payment.id, null)
    } else {
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
      amount = body.amount ?? asCents(bill.amount)
      const [created] = await insertTransactions(tx, [
        {
          householdId: user.householdId,
          userId: user.id,
          accountId,
          categoryId: bill.categoryId,
          date: body.date ?? today,
          amount: negate(asCents(amount)),
          merchant: bill.name,
          description: '',
          notes: '',
          kind: 'standard',
          source: 'manual',
          billId: bill.id,
        },
      ])
      if (!created) throw new Error('the ledger returned no id')
      transactionId = created
    }
    await repo.insertLinks(tx, [
      { householdId: user.householdId, billId: bill.id, dueDate: bill.nextDueDate, transactionId, splitId: null, amount, kind: 'paid' },
    ])
    await repo.syncBillMarkers(tx, user.householdId, [transactionId])
    // moves the due date on (and completes its reminders) as any settled payment does
    await settleBills(tx, user.householdId, { today, now, billIds: [bill.id], reopen: new Map([[bill.id, bill.nextDueDate]]) })
    return { bill: await readBill(tx, user, bill.id, scope, now), transactionId }
  })
}

/** A payment the member sees whole (404 otherwise, as for one that does not exist): money out, a standard transaction or one part of a split. */
async function seenPayment(
  tx: DbOrTx,
  scope: MemberScope,
  transactionId: string,
  splitId: string | null,
): Promise<{ id: string; amount: number; date: string; accountId: string }> {
  const row = await repo.paymentOf(tx, scope.householdId, transactionId, splitId)
  if (!row || scope.accounts.get(row.accountId)?.view !== 'full') throw notFound('Transaction')
  if (splitId !== null && row.splitAmount === null) throw invalidField('body.splitId', 'That is not a part of this transaction')
  const amount = splitId !== null ? (row.splitAmount ?? 0) : row.amount
  if (row.kind !== 'standard' || amount >= 0) {
    throw invalidField(splitId !== null ? 'body.splitId' : 'body.transactionId', 'Only money paid out (not a transfer) can pay a bill')
  }
  return { id: row.id, amount, date: row.date, accountId: row.accountId }
}

/**
 * Takes a payment off whatever due date it settles now (of this or another bill) before it is
 * tied again, and forgets that a member declined it for `billId`: they now say it pays it.
 * The bill it leaves moves back to that due date when it is no longer paid.
 */
async function moveLinkOff(tx: DbOrTx, householdId: string, billId: string, transactionId: string, splitId: string | null): Promise<Map<string, IsoDate>> {
  const links = (await repo.linksOfTransactions(tx, householdId, [transactionId])).filter((l) => l.splitId === splitId)
  const gone = links.filter((l) => l.kind !== 'declined' || l.billId === billId)
  await repo.deleteLinks(tx, householdId, gone.map((l) => l.id))
  const reopen = new Map<string, IsoDate>()
  for (const l of gone) if (l.kind !== 'declined') reopen.set(l.billId, l.dueDate)
  return reopen
}

/** Whether `date` is one of the bill's due dates (its schedule runs through its next due date). */
function onSchedule(bill: repo.BillRow, date: IsoDate): boolean {
  const recurrence = recurrenceSchema.parse(bill.recurrence)
  if (compareDates(date, bill.nextDueDate) >= 0) {
    return occurrencesBetween(bill.nextDueDate, recurrence, date, date, bill.anchorDay).length > 0
  }
  return recurrence !== 'once' && occurrencesBetween(date, recurrence, bill.nextDueDate, bill.nextDueDate, bill.anchorDay).length > 0
}

function toLinkDto(row: Awaited<ReturnType<typeof repo.linksOfBill>>[number]): BillLink {
  return {
    id: row.id,
    dueDate: row.dueDate,
    transactionId: row.transactionId,
    splitId: row.splitId,
    amount: asCents(row.amount),
    // the query leaves declined rows out
    kind: row.kind === 'auto' || row.kind === 'manual' ? row.kind : 'paid',
    date: row.date,
    merchant: row.merchant,
    accountId: row.accountId,
  }
}

const MAX_LINKS = 24

/** The bill's linked payments on accounts whose transactions the member sees, latest due date first. */
export async function billLinks(db: Db, user: Scope, id: string): Promise<BillLink[]> {
  const scope = await memberScope(db, user)
  if (!(await repo.findBill(db, user.householdId, id))) throw notFound('Bill')
  const rows = await repo.linksOfBill(db, user.householdId, id, scope.noTransactions, MAX_LINKS)
  return rows.map(toLinkDto)
}

const MAX_MATCHES = 10

/** Transactions the member sees whole that could pay the bill's next due date, best first. */
export async function billMatches(db: Db, user: Scope, id: string): Promise<{ dueDate: IsoDate; matches: BillMatch[] }> {
  const scope = await memberScope(db, user)
  const bill = await repo.findBill(db, user.householdId, id)
  if (!bill) throw notFound('Bill')
  const dueDate = bill.nextDueDate
  const matchBill = toMatchBill(bill)
  const [paid, declined] = await Promise.all([
    repo.paidByDueDate(db, user.householdId, [bill.id], dueDate),
    repo.declinedPairs(db, user.householdId, [bill.id]),
  ])
  const already = asCents(paid.find((p) => p.dueDate === dueDate)?.paid ?? 0)
  const rest = Math.max(0, bill.amount - already)
  const tolerance = toleranceOf(matchBill)
  const rows = await repo.candidatePayments(db, user.householdId, addDays(dueDate, -DAYS_BEFORE), addDays(dueDate, DAYS_AFTER), wordsOf([matchBill]), {
    excluded: scope.noTransactions,
    amountOut: { min: Math.max(1, rest - tolerance), max: rest + tolerance },
  })
  // a member may be offered any payment they see whole; the bill's account, when they do not see it, does not narrow it
  const offered = rankCandidates({ ...matchBill, accountId: wholeAccountId(scope, bill.accountId) }, { billId: bill.id, dueDate, paid: already }, rows.map(toCandidate), declined)
  const byKey = new Map(rows.map((r) => [`${r.id}|${r.splitId ?? ''}`, r]))
  return {
    dueDate,
    matches: offered.slice(0, MAX_MATCHES).map((c) => ({
      transactionId: c.id,
      splitId: c.splitId,
      date: c.date,
      merchant: byKey.get(`${c.id}|${c.splitId ?? ''}`)?.merchant ?? '',
      amount: c.amount,
      accountId: c.accountId,
      payeeMatches: payeeMatches(matchBill, c.payees),
    })),
  }
}

/** Ties a payment to a due date of the bill by hand (kind 'manual'), moving it off any other. */
export async function linkPayment(
  db: Db,
  user: Scope,
  id: string,
  body: z.output<typeof linkBillPaymentBody>,
  now: Date,
): Promise<{ bill: Bill; payment: BillLink }> {
  return db.transaction(async (tx) => {
    const bill = await repo.findBill(tx, user.householdId, id, { lock: true })
    if (!bill) throw notFound('Bill')
    const scope = await memberScope(tx, user)
    const payment = await seenPayment(tx, scope, body.transactionId, body.splitId)
    const dueDate = body.dueDate ?? bill.nextDueDate
    if (!onSchedule(bill, dueDate)) throw invalidField('body.dueDate', 'That is not a due date of this bill')
    const reopen = await moveLinkOff(tx, user.householdId, bill.id, payment.id, body.splitId)
    const [link] = await repo.insertLinks(tx, [
      { householdId: user.householdId, billId: bill.id, dueDate, transactionId: payment.id, splitId: body.splitId, amount: -payment.amount, kind: 'manual' },
    ])
    if (!link) throw new Error('insert returned no row')
    await repo.syncBillMarkers(tx, user.householdId, [payment.id])
    const back = reopen.get(bill.id)
    reopen.set(bill.id, back && compareDates(back, dueDate) < 0 ? back : dueDate)
    await settleBills(tx, user.householdId, { today: localDate(now, user.timeZone), now, billIds: [...reopen.keys()], reopen })
    const [row] = (await repo.linksOfBill(tx, user.householdId, bill.id, [], 1000)).filter((l) => l.id === link.id)
    if (!row) throw new Error('the link just made is missing')
    return { bill: await readBill(tx, user, bill.id, scope, now), payment: toLinkDto(row) }
  })
}

/** Unties a payment from the bill; a declined row keeps the matcher from tying it again. */
export async function unlinkPayment(db: Db, user: Scope, id: string, paymentId: string, now: Date): Promise<Bill> {
  return db.transaction(async (tx) => {
    const bill = await repo.findBill(tx, user.householdId, id, { lock: true })
    if (!bill) throw notFound('Bill')
    const scope = await memberScope(tx, user)
    const link = await repo.findLink(tx, user.householdId, bill.id, paymentId)
    if (!link || link.kind === 'declined') throw notFound('Payment')
    const payment = await repo.paymentOf(tx, user.householdId, link.transactionId, null)
    if (!payment || scope.accounts.get(payment.accountId)?.view !== 'full') throw notFound('Payment')
    await repo.deleteLinks(tx, user.householdId, [link.id])
    await repo.insertLinks(tx, [{ ...link, id: undefined, createdAt: undefined, kind: 'declined' }])
    await repo.syncBillMarkers(tx, user.householdId, [link.transactionId])
    await settleBills(tx, user.householdId, {
      today: localDate(now, user.timeZone),
      now,
      billIds: [bill.id],
      reopen: new Map([[bill.id, link.dueDate]]),
    })
    return readBill(tx, user, bill.id, scope, now)
  })
}

// For other modules: they reach this module's data here, never through repo.ts.
export { categoryExists, insertBill } from './repo'
