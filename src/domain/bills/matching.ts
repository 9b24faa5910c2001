// Which payments settle which due dates of a household's bills (ADR 0045): the rule the server's
// settlement pass applies to every payment written, and the ranking "Mark paid" offers. Pure: the
// caller passes the bills, their unsettled due dates and the candidate payments.
//
// A payment settles a due date when
// - it is money out (a negative amount; money in never settles a bill);
// - its payee matches the bill's: the bill's `payee` if set, else its name, against any of the
//   payment's texts (payee, the bank's own text, a split part's memo), both reduced by
//   payeeTokens; they match when the words of one appear in the other as a run ('oakwood
//   apartments' in 'ach oakwood apartments rent') or both start with the same word of 3+ letters
//   ('oakwood apartments' and 'oakwood apts 0042'); a side with no words never matches;
// - its date falls from DAYS_BEFORE days before to DAYS_AFTER days after the due date;
// - it is on the bill's account, when the bill has one;
// - its amount is at most what is left of the due date plus the bill's tolerance (a share of the
//   bill's amount, rounded to the cent), and at least MIN_PARTIAL_SHARE of the bill's amount
//   unless it pays the rest within the tolerance; below the rest it is a partial payment and the
//   due date stays partly paid until its payments reach the rest;
// - a member has not declined that payment for that bill.
// Every payment settles at most one due date. Among the fitting pairs the best is taken first:
// amount closest to what is left, then date closest to the due date, then the earlier due date,
// then ids, so the result never depends on input order; then the next best, with what is left of
// each due date brought up to date, until none fits.
import { addDays, compareDates, daysBetween, type IsoDate } from '../dates'
import { asCents, type Cents } from '../money'
import { payeeTokens, payeeWordsMatch } from '../payee'
import type { DueStatus } from '../plan/kinds'
import { nextDueDate, type Recurrence } from '../recurrence'

/** How early a payment may come and still settle a due date. */
export const DAYS_BEFORE = 7
/** How late a payment may come and still settle a due date. */
export const DAYS_AFTER = 10
/** A payment under this share of the bill's amount settles nothing by itself (it may be a coffee at a shop with the landlord's name); link it by hand. */
export const MIN_PARTIAL_SHARE = 0.25

export type MatchBill = {
  id: string
  name: string
  /** '' = match on the name */
  payee: string
  /** due each time, positive */
  amount: Cents
  /** 0–100: how far a payment may be over (or under, and still count as paid) the amount */
  tolerancePercent: number
  accountId: string | null
}

/** A due date not yet fully paid, and what its payments settled so far. */
export type OpenDueDate = { billId: string; dueDate: IsoDate; paid: Cents }

export type CandidatePayment = {
  /** the transaction's id */
  id: string
  /** the split part's id when only one part of a split is the payment */
  splitId: string | null
  accountId: string
  /** the texts it goes by: the payee, the bank's text, a split part's memo */
  payees: readonly string[]
  date: IsoDate
  /** negative = money out */
  amount: Cents
}

/** A payment a member untied from a bill: never tied to it again. */
export type DeclinedPair = { billId: string; transactionId: string; splitId: string | null }

export type PaymentLink = {
  billId: string
  dueDate: IsoDate
  transactionId: string
  splitId: string | null
  /** what it settles, positive: the payment's whole amount */
  amount: Cents
}

/** How far a payment may differ from the bill's amount: tolerancePercent of it, to the cent. */
export function toleranceOf(bill: Pick<MatchBill, 'amount' | 'tolerancePercent'>): Cents {
  return asCents(Math.round((bill.amount * bill.tolerancePercent) / 100))
}

/** A due date is paid once its payments come within the tolerance of its amount (a utility a little under its usual amount is paid). */
export function isSettled(amount: Cents, paid: Cents, tolerance: Cents = asCents(0)): boolean {
  return paid > 0 && paid >= amount - tolerance
}

/** The words a bill is matched on: its payee if set, else its name. */
export function billPayeeWords(bill: Pick<MatchBill, 'payee' | 'name'>): string[] {
  return payeeTokens(bill.payee.trim() !== '' ? bill.payee : bill.name)
}

/** Whether any of a payment's texts matches the bill's payee. */
export function payeeMatches(bill: Pick<MatchBill, 'payee' | 'name'>, payees: readonly string[]): boolean {
  const words = billPayeeWords(bill)
  return payees.some((p) => payeeWordsMatch(words, payeeTokens(p)))
}

/** Whether a payment's date is in a due date's window. */
export function inWindow(dueDate: IsoDate, date: IsoDate): boolean {
  return compareDates(date, addDays(dueDate, -DAYS_BEFORE)) >= 0 && compareDates(date, addDays(dueDate, DAYS_AFTER)) <= 0
}

/** Whether `paying` (positive) fits a due date of `bill` that has `paid` settled already. */
export function amountFits(bill: Pick<MatchBill, 'amount' | 'tolerancePercent'>, paid: Cents, paying: Cents): boolean {
  if (paying <= 0) return false
  const tolerance = toleranceOf(bill)
  const rest = Math.max(0, bill.amount - paid)
  if (paying > rest + tolerance) return false
  return paying >= rest - tolerance || paying >= bill.amount * MIN_PARTIAL_SHARE
}

const pairKey = (billId: string, transactionId: string, splitId: string | null) => `${billId}|${transactionId}|${splitId ?? ''}`
const paymentKey = (p: { id: string; splitId: string | null }) => `${p.id}|${p.splitId ?? ''}`

type Pair = { bill: MatchBill; due: OpenDueDate; payment: CandidatePayment; paying: Cents; days: number }

/** Orders fitting pairs best first, given what is left of each due date. */
function better(a: Pair, b: Pair, restOf: (due: OpenDueDate, bill: MatchBill) => number): number {
  return (
    Math.abs(a.paying - restOf(a.due, a.bill)) - Math.abs(b.paying - restOf(b.due, b.bill)) ||
    a.days - b.days ||
    compareDates(a.due.dueDate, b.due.dueDate) ||
    (a.bill.id < b.bill.id ? -1 : a.bill.id > b.bill.id ? 1 : 0) ||
    (paymentKey(a.payment) < paymentKey(b.payment) ? -1 : paymentKey(a.payment) > paymentKey(b.payment) ? 1 : 0)
  )
}

/**
 * Which payment settles which due date (the rule at the top of this file). `dueDates` are the
 * bills' due dates not yet fully paid, with what they have; `payments` those not tied to any due
 * date yet. Returns the new links, best fit first.
 */
export function matchPayments(
  bills: readonly MatchBill[],
  dueDates: readonly OpenDueDate[],
  payments: readonly CandidatePayment[],
  declined: readonly DeclinedPair[] = [],
): PaymentLink[] {
  const refused = new Set(declined.map((d) => pairKey(d.billId, d.transactionId, d.splitId)))
  const byId = new Map(bills.map((b) => [b.id, b]))
  const words = new Map(bills.map((b) => [b.id, billPayeeWords(b)]))
  const paymentWords = new Map(payments.map((p) => [paymentKey(p), p.payees.map(payeeTokens)]))
  const paid = new Map(dueDates.map((d) => [`${d.billId}|${d.dueDate}`, d.paid as number]))
  const paidOf = (due: OpenDueDate) => paid.get(`${due.billId}|${due.dueDate}`) ?? 0
  const restOf = (due: OpenDueDate, bill: MatchBill) => Math.max(0, bill.amount - paidOf(due))

  let pairs: Pair[] = []
  for (const due of dueDates) {
    const bill = byId.get(due.billId)
    if (!bill) continue
    const billWords = words.get(bill.id) ?? []
    for (const payment of payments) {
      if (payment.amount >= 0) continue
      if (bill.accountId !== null && payment.accountId !== bill.accountId) continue
      if (!inWindow(due.dueDate, payment.date)) continue
      if (refused.has(pairKey(bill.id, payment.id, payment.splitId))) continue
      if (!(paymentWords.get(paymentKey(payment)) ?? []).some((w) => payeeWordsMatch(billWords, w))) continue
      const paying = asCents(-payment.amount)
      if (!amountFits(bill, asCents(paidOf(due)), paying)) continue
      pairs.push({ bill, due, payment, paying, days: Math.abs(daysBetween(due.dueDate, payment.date)) })
    }
  }

  const links: PaymentLink[] = []
  const used = new Set<string>()
  while (pairs.length > 0) {
    let best: Pair | undefined
    for (const pair of pairs) if (!best || better(pair, best, restOf) < 0) best = pair
    if (!best) break
    const chosen = best
    used.add(paymentKey(chosen.payment))
    const key = `${chosen.due.billId}|${chosen.due.dueDate}`
    paid.set(key, (paid.get(key) ?? 0) + chosen.paying)
    links.push({
      billId: chosen.bill.id,
      dueDate: chosen.due.dueDate,
      transactionId: chosen.payment.id,
      splitId: chosen.payment.splitId,
      amount: chosen.paying,
    })
    // what is left: pairs of other payments that still fit their due date as it now stands
    pairs = pairs.filter(
      (p) =>
        !used.has(paymentKey(p.payment)) &&
        !isSettled(p.bill.amount, asCents(paidOf(p.due)), toleranceOf(p.bill)) &&
        amountFits(p.bill, asCents(paidOf(p.due)), p.paying),
    )
  }
  return links
}

/**
 * The payments a member may pick to pay a bill's due date ("Mark paid"), best first. Looser than
 * matchPayments, as a person decides: money out in the due date's window, on the bill's account
 * when it has one, not declined for this bill, and either its payee matches (any amount up to the
 * rest plus the tolerance: a small part payment too) or its amount is the rest within the
 * tolerance (a payee the bank writes otherwise). Payee matches first, then the closest amount,
 * then the closest date.
 */
export function rankCandidates(
  bill: MatchBill,
  due: OpenDueDate,
  payments: readonly CandidatePayment[],
  declined: readonly DeclinedPair[] = [],
): CandidatePayment[] {
  const refused = new Set(declined.map((d) => pairKey(d.billId, d.transactionId, d.splitId)))
  const billWords = billPayeeWords(bill)
  const rest = Math.max(0, bill.amount - due.paid)
  const tolerance = toleranceOf(bill)
  const named = new Set<CandidatePayment>()
  const offered = payments.filter((p) => {
    if (p.amount >= 0 || (bill.accountId !== null && p.accountId !== bill.accountId)) return false
    if (!inWindow(due.dueDate, p.date) || refused.has(pairKey(bill.id, p.id, p.splitId))) return false
    const paying = -p.amount
    if (p.payees.some((text) => payeeWordsMatch(billWords, payeeTokens(text)))) {
      named.add(p)
      return paying <= rest + tolerance
    }
    return Math.abs(paying - rest) <= tolerance
  })
  return offered.sort(
    (a, b) =>
      Number(named.has(b)) - Number(named.has(a)) ||
      Math.abs(-a.amount - rest) - Math.abs(-b.amount - rest) ||
      Math.abs(daysBetween(due.dueDate, a.date)) - Math.abs(daysBetween(due.dueDate, b.date)) ||
      (paymentKey(a) < paymentKey(b) ? -1 : paymentKey(a) > paymentKey(b) ? 1 : 0),
  )
}

/** What the next-due-date walk needs of a bill. */
export type BillSchedule = {
  amount: Cents
  tolerancePercent: number
  recurrence: Recurrence
  anchorDay?: number
  endDate?: IsoDate | null
}

/** The most due dates the walk steps over: bounds it however many payments a bill has. */
const MAX_STEPS = 1000

/**
 * A bill's next due date once its payments are counted: the first due date from `from` (a due date
 * of its schedule, usually its current next due date, or an earlier one whose payment went) that
 * its payments do not settle. Null when every due date is settled through the last one (a one-off,
 * or the last before `endDate` or after `lastDate`): the bill becomes inactive.
 */
export function nextUnpaidDueDate(
  bill: BillSchedule,
  paidByDueDate: ReadonlyMap<IsoDate, Cents>,
  from: IsoDate,
  lastDate?: IsoDate,
): IsoDate | null {
  const tolerance = toleranceOf(bill)
  let date: IsoDate | null = from
  for (let step = 0; date !== null && step < MAX_STEPS; step++) {
    if (bill.endDate && compareDates(date, bill.endDate) > 0) return null
    if (lastDate && compareDates(date, lastDate) > 0) return null
    if (!isSettled(bill.amount, paidByDueDate.get(date) ?? asCents(0), tolerance)) return date
    date = nextDueDate(date, bill.recurrence, bill.anchorDay)
  }
  return date
}

export type CurrentDue = { dueDate: IsoDate; amount: Cents; paid: Cents; status: DueStatus }

/** How close a next due date must be before a bill shows it rather than the one just paid. */
export const SHOW_NEXT_DAYS = 7

/**
 * The due date a bill shows now, with its status: while its next due date is more than
 * SHOW_NEXT_DAYS away, the latest one its payments settled ("Paid"); otherwise the next one (paid
 * in part, overdue once its day has passed, else due). An inactive bill shows its last due date
 * when that is paid (a one-off just paid), else nothing.
 */
export function currentDue(
  bill: { amount: Cents; tolerancePercent: number; nextDueDate: IsoDate; isActive: boolean },
  paidByDueDate: ReadonlyMap<IsoDate, Cents>,
  today: IsoDate,
): CurrentDue | null {
  const tolerance = toleranceOf(bill)
  const paidOn = (d: IsoDate) => paidByDueDate.get(d) ?? asCents(0)
  const settledHere = isSettled(bill.amount, paidOn(bill.nextDueDate), tolerance)
  if (!bill.isActive) {
    return settledHere ? { dueDate: bill.nextDueDate, amount: bill.amount, paid: paidOn(bill.nextDueDate), status: 'paid' } : null
  }
  if (daysBetween(today, bill.nextDueDate) > SHOW_NEXT_DAYS && paidOn(bill.nextDueDate) === 0) {
    let last: IsoDate | null = null
    for (const [d, amount] of paidByDueDate) {
      if (compareDates(d, bill.nextDueDate) < 0 && isSettled(bill.amount, amount, tolerance) && (last === null || compareDates(d, last) > 0)) last = d
    }
    if (last !== null) return { dueDate: last, amount: bill.amount, paid: paidOn(last), status: 'paid' }
  }
  const paid = paidOn(bill.nextDueDate)
  const status = settledHere ? 'paid' : paid > 0 ? 'partial' : compareDates(bill.nextDueDate, today) < 0 ? 'overdue' : 'due'
  return { dueDate: bill.nextDueDate, amount: bill.amount, paid, status }
}
