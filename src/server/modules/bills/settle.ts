// The settlement pass (ADR 0045): after any write that can add or change a payment, ties the
// household's unlinked payments to the due dates of its bills they settle (domain/bills/matching),
// keeps transactions.bill_id in step, moves each bill's next due date to its first due date not
// paid (back as well as forward: a payment that went leaves its due date open again) and completes
// the reminders of the due dates it paid. It runs inside the caller's database transaction.
// It looks only at due dates from LOOKBACK_DAYS ago to LOOKAHEAD_DAYS ahead (a payment in an older
// statement can still be linked by hand), and reads the payments of their windows in one range of
// the (household, date) index, so it costs the same on a household with a million transactions.
import { recurrence as recurrenceSchema } from '#src/contract/bills'
import { MAX_YEAR } from '#src/contract/common'
import {
  DAYS_AFTER,
  DAYS_BEFORE,
  billPayeeWords,
  isSettled,
  matchPayments,
  nextUnpaidDueDate,
  toleranceOf,
  type CandidatePayment,
  type MatchBill,
  type OpenDueDate,
} from '#src/domain/bills/matching'
import { addDays, compareDates, type IsoDate } from '#src/domain/dates'
import { asCents, type Cents } from '#src/domain/money'
import { occurrencesBetween } from '#src/domain/recurrence'
import type { DbOrTx } from '#src/server/db/connect'
import { completeBillReminders } from '../reminders/generated'
import * as repo from './repo'

/** How far back due dates are settled automatically: the last three months. */
export const LOOKBACK_DAYS = 92
/** How far ahead: a payment made a few days before its due date settles it. */
export const LOOKAHEAD_DAYS = DAYS_BEFORE

/** The last day a due date may fall on (the contracts' last year). */
const LAST_DATE = `${MAX_YEAR}-12-31`

export type SettleOptions = {
  /** the household's today */
  today: IsoDate
  now: Date
  /** only these bills (default: every active one) */
  billIds?: readonly string[]
  /**
   * the dates of the payments just written: only due dates whose window reaches them are looked
   * at (an import's first and last date, a transaction's old and new date)
   */
  span?: { from: IsoDate; to: IsoDate }
  /** the first due date to look at (default LOOKBACK_DAYS before today): the demo settles its whole history */
  since?: IsoDate
  /**
   * due dates whose payments went (a deleted or changed transaction, an unlink): each bill's next
   * due date may move back to them, and they are settled again from the other payments
   */
  reopen?: ReadonlyMap<string, IsoDate>
}

const schedule = (bill: repo.BillRow) => ({
  amount: asCents(bill.amount),
  tolerancePercent: bill.tolerancePercent,
  recurrence: recurrenceSchema.parse(bill.recurrence),
  anchorDay: bill.anchorDay,
  endDate: bill.endDate,
})

export function toMatchBill(bill: repo.BillRow): MatchBill {
  return {
    id: bill.id,
    name: bill.name,
    payee: bill.payee,
    amount: asCents(bill.amount),
    tolerancePercent: bill.tolerancePercent,
    accountId: bill.accountId,
  }
}

export function toCandidate(row: repo.CandidateRow): CandidatePayment {
  return {
    id: row.id,
    splitId: row.splitId,
    accountId: row.accountId,
    payees: [row.merchant, row.importedPayee ?? '', row.memo ?? ''].filter((p) => p !== ''),
    date: row.date,
    amount: asCents(row.amount),
  }
}

const minDate = (a: IsoDate, b: IsoDate) => (compareDates(a, b) <= 0 ? a : b)
const maxDate = (a: IsoDate, b: IsoDate) => (compareDates(a, b) >= 0 ? a : b)

/** The payee words of these bills, letters only: the database keeps the rows that name one. */
export function wordsOf(bills: readonly MatchBill[]): string[] {
  return [...new Set(bills.flatMap((b) => billPayeeWords(b)))].filter((w) => /^\p{L}+$/u.test(w))
}

/**
 * Settles what the household's payments pay (see the top of this file). Returns how many
 * payments it tied.
 */
export async function settleBills(tx: DbOrTx, householdId: string, opts: SettleOptions): Promise<number> {
  const reopen = opts.reopen ?? new Map<string, IsoDate>()
  const rows = await repo.billsToSettle(tx, householdId, opts.billIds ?? null, [...reopen.keys()])
  if (rows.length === 0) return 0
  const since = opts.since ?? addDays(opts.today, -LOOKBACK_DAYS)
  const until = addDays(opts.today, LOOKAHEAD_DAYS)

  // each bill's first due date to look at: its next one, or an earlier one that lost its payment
  const floors = new Map<string, IsoDate>()
  for (const bill of rows) {
    const back = reopen.get(bill.id)
    floors.set(bill.id, back && (!bill.isActive || compareDates(back, bill.nextDueDate) < 0) ? back : bill.nextDueDate)
  }
  const earliest = [...floors.values()].reduce((a, b) => minDate(a, b))
  const paidRows = await repo.paidByDueDate(tx, householdId, rows.map((b) => b.id), minDate(earliest, since))
  const paid = new Map<string, Map<IsoDate, Cents>>()
  for (const r of paidRows) {
    const of = paid.get(r.billId) ?? new Map<IsoDate, Cents>()
    of.set(r.dueDate, asCents(r.paid))
    paid.set(r.billId, of)
  }

  const open: OpenDueDate[] = []
  for (const bill of rows) {
    const floor = floors.get(bill.id) ?? bill.nextDueDate
    let from = maxDate(floor, since)
    let to = bill.endDate ? minDate(until, bill.endDate) : until
    if (opts.span) {
      from = maxDate(from, addDays(opts.span.from, -DAYS_AFTER))
      to = minDate(to, addDays(opts.span.to, DAYS_BEFORE))
    }
    if (compareDates(from, to) > 0) continue
    const tolerance = toleranceOf({ amount: asCents(bill.amount), tolerancePercent: bill.tolerancePercent })
    for (const dueDate of occurrencesBetween(floor, recurrenceSchema.parse(bill.recurrence), from, to, bill.anchorDay)) {
      const already = paid.get(bill.id)?.get(dueDate) ?? asCents(0)
      if (!isSettled(asCents(bill.amount), already, tolerance)) open.push({ billId: bill.id, dueDate, paid: already })
    }
  }

  let links: ReturnType<typeof matchPayments> = []
  if (open.length > 0) {
    const bills = rows.filter((b) => open.some((d) => d.billId === b.id)).map(toMatchBill)
    const first = open.reduce((a, d) => minDate(a, d.dueDate), open[0]?.dueDate ?? opts.today)
    const last = open.reduce((a, d) => maxDate(a, d.dueDate), first)
    const [candidates, declined] = await Promise.all([
      repo.candidatePayments(tx, householdId, addDays(first, -DAYS_BEFORE), addDays(last, DAYS_AFTER), wordsOf(bills)),
      repo.declinedPairs(tx, householdId, bills.map((b) => b.id)),
    ])
    links = matchPayments(bills, open, candidates.map(toCandidate), declined)
    if (links.length > 0) {
      await repo.insertLinks(
        tx,
        links.map((l) => ({ householdId, billId: l.billId, dueDate: l.dueDate, transactionId: l.transactionId, splitId: l.splitId, amount: l.amount, kind: 'auto' })),
      )
      await repo.syncBillMarkers(tx, householdId, links.map((l) => l.transactionId))
      for (const l of links) {
        const of = paid.get(l.billId) ?? new Map<IsoDate, Cents>()
        of.set(l.dueDate, asCents((of.get(l.dueDate) ?? 0) + l.amount))
        paid.set(l.billId, of)
      }
    }
  }

  const touched = new Set([...links.map((l) => l.billId), ...reopen.keys()])
  for (const bill of rows) {
    if (!touched.has(bill.id)) continue
    await moveDueDate(tx, householdId, bill, floors.get(bill.id) ?? bill.nextDueDate, paid.get(bill.id) ?? new Map(), opts.now)
  }
  return links.length
}

/**
 * Puts a bill's next due date on its first due date from `floor` that its payments do not settle
 * (inactive when none is left), and completes the reminders of the due dates passed over.
 */
async function moveDueDate(
  tx: DbOrTx,
  householdId: string,
  bill: repo.BillRow,
  floor: IsoDate,
  paid: ReadonlyMap<IsoDate, Cents>,
  now: Date,
): Promise<void> {
  const next = nextUnpaidDueDate(schedule(bill), paid, floor, LAST_DATE)
  const tolerance = toleranceOf({ amount: asCents(bill.amount), tolerancePercent: bill.tolerancePercent })
  const settled = [...paid].filter(([, amount]) => isSettled(asCents(bill.amount), amount, tolerance)).map(([d]) => d)
  let target: { nextDueDate: IsoDate; isActive: boolean }
  if (next === null) {
    // all paid through the last due date: the bill ends on it, as a one-off does once paid
    const lastPaid = settled.reduce((a, d) => maxDate(a, d), bill.nextDueDate)
    target = { nextDueDate: lastPaid, isActive: false }
  } else if (bill.isActive) {
    target = { nextDueDate: next, isActive: true }
  } else if (compareDates(next, bill.nextDueDate) <= 0) {
    // an ended bill whose last due date lost its payment is due again
    target = { nextDueDate: next, isActive: true }
  } else {
    return
  }
  if (target.nextDueDate !== bill.nextDueDate || target.isActive !== bill.isActive) {
    await repo.updateBillRow(tx, householdId, bill.id, { ...target, updatedAt: now })
  }
  // every due date now settled from the floor on: its reminder is done, as when it is paid by hand
  for (const [dueDate, amount] of paid) {
    if (compareDates(dueDate, floor) < 0 || (next !== null && compareDates(dueDate, next) >= 0)) continue
    if (isSettled(asCents(bill.amount), amount, tolerance)) {
      await completeBillReminders(tx, householdId, bill.id, dueDate, now)
    }
  }
}

/**
 * Takes the links of these transactions off before they change (amount, date, payee, account or
 * splits) or go: auto links go (the pass ties them again if they still fit); a member's own link
 * (manual or paid) stays on a row that is still one whole payment of money out, its amount
 * following the row's. Returns the due dates that lost a payment, for settleBills' `reopen`.
 */
export async function releaseLinks(
  tx: DbOrTx,
  householdId: string,
  transactionIds: readonly string[],
  keepMemberLinks: (link: repo.LinkRow) => number | null,
): Promise<Map<string, IsoDate>> {
  const links = (await repo.linksOfTransactions(tx, householdId, transactionIds)).filter((l) => l.kind !== 'declined')
  const reopen = new Map<string, IsoDate>()
  const gone: string[] = []
  for (const link of links) {
    const amount = link.kind === 'auto' ? null : keepMemberLinks(link)
    if (amount === null) gone.push(link.id)
    else if (amount !== link.amount) await repo.updateLinkAmount(tx, householdId, link.id, amount)
    else continue
    const before = reopen.get(link.billId)
    if (!before || compareDates(link.dueDate, before) < 0) reopen.set(link.billId, link.dueDate)
  }
  await repo.deleteLinks(tx, householdId, gone)
  await repo.syncBillMarkers(tx, householdId, [...new Set(links.map((l) => l.transactionId))])
  return reopen
}

/** Merges due dates to reopen, keeping each bill's earliest. */
export function mergeReopen(...maps: ReadonlyMap<string, IsoDate>[]): Map<string, IsoDate> {
  const out = new Map<string, IsoDate>()
  for (const m of maps) for (const [billId, date] of m) {
    const had = out.get(billId)
    if (!had || compareDates(date, had) < 0) out.set(billId, date)
  }
  return out
}

/** The due dates that lose a payment when these transactions go (their links cascade away with them). */
export async function reopenedBy(tx: DbOrTx, householdId: string, transactionIds: readonly string[]): Promise<Map<string, IsoDate>> {
  const links = (await repo.linksOfTransactions(tx, householdId, transactionIds)).filter((l) => l.kind !== 'declined')
  return mergeReopen(...links.map((l) => new Map([[l.billId, l.dueDate]])))
}

/**
 * The same for an import's rows, found by the batch's id range (`ids` are the rows of the batch
 * that go): each bill they paid and the earliest due date they settled.
 */
export async function reopenedByBatch(
  tx: DbOrTx,
  householdId: string,
  range: { first: string; last: string },
  ids: ReadonlySet<string>,
): Promise<Map<string, IsoDate>> {
  const links = (await repo.linksInIdRange(tx, householdId, range.first, range.last)).filter((l) => ids.has(l.transactionId))
  return mergeReopen(...links.map((l) => new Map([[l.billId, l.dueDate]])))
}

/** What payments settled of each due date of these bills from `since` on (the cash-flow forecast's bills). */
export async function paidDueDates(db: DbOrTx, householdId: string, billIds: readonly string[], since: IsoDate): Promise<{ billId: string; dueDate: IsoDate; paid: number }[]> {
  return repo.paidByDueDate(db, householdId, billIds, since)
}
