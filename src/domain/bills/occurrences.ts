// A bill's due dates in a month, each with what has settled it: the plan's bill lines. A due date
// is paid when its payments reach its amount (less the bill's tolerance), partly paid when some arrived, overdue when its
// day has passed unpaid (due dates before the month still unpaid are carried into it as
// overdue), and due otherwise. A bill's next due date is its first due date not fully paid.
import { compareDates, type IsoDate } from '../dates'
import { asCents, type Cents } from '../money'
import { occurrencesBetween, type Recurrence } from '../recurrence'
import type { DueStatus } from '../plan/kinds'
import { isSettled, toleranceOf } from './matching'

export type ScheduledBill = {
  id: string
  name: string
  /** due each time, positive */
  amount: Cents
  nextDueDate: IsoDate
  recurrence: Recurrence
  anchorDay?: number
  endDate?: IsoDate | null
  isActive: boolean
  accountId: string | null
  categoryId: string | null
  /** how far under its amount a due date's payments may come and still pay it */
  tolerancePercent: number
}

/** A payment tied to one due date of a bill (a bill_payments row that is not declined). */
export type SettledPayment = { billId: string; dueDate: IsoDate; amount: Cents }

export type OccurrenceStatus = DueStatus

export type BillOccurrence = {
  billId: string
  name: string
  dueDate: IsoDate
  /** what the due date asks for */
  amount: Cents
  /** what its payments settled so far */
  paid: Cents
  /** amount − paid, never below 0: what is still due */
  remaining: Cents
  status: OccurrenceStatus
  accountId: string | null
  categoryId: string | null
}

/**
 * Every due date of every bill that matters to the month [first, last] seen from `today`:
 * the ones in the month that payments settled (paid or partly), and the unpaid ones from the
 * bill's next due date to the month's end; for this month the unpaid ones before it too
 * (overdue). A past month (last < today) lists only what was paid in it; a future month only
 * its own due dates. Ordered by due date, then name.
 */
export function billOccurrences(
  bills: readonly ScheduledBill[],
  payments: readonly SettledPayment[],
  first: IsoDate,
  last: IsoDate,
  today: IsoDate,
): BillOccurrence[] {
  const paidOf = new Map<string, number>()
  for (const p of payments) paidOf.set(`${p.billId}|${p.dueDate}`, (paidOf.get(`${p.billId}|${p.dueDate}`) ?? 0) + p.amount)
  const isPast = compareDates(last, today) < 0
  const isFuture = compareDates(first, today) > 0
  const lines: BillOccurrence[] = []
  for (const bill of bills) {
    const seen = new Set<string>()
    const push = (dueDate: IsoDate) => {
      if (seen.has(dueDate)) return
      seen.add(dueDate)
      const paid = paidOf.get(`${bill.id}|${dueDate}`) ?? 0
      // paid within the bill's tolerance is paid: nothing of it is still due
      const settled = isSettled(bill.amount, asCents(paid), toleranceOf(bill))
      const remaining = settled ? 0 : Math.max(0, bill.amount - paid)
      const status: OccurrenceStatus =
        settled || remaining === 0 ? 'paid' : paid > 0 ? 'partial' : compareDates(dueDate, today) < 0 ? 'overdue' : 'due'
      lines.push({
        billId: bill.id,
        name: bill.name,
        dueDate,
        amount: bill.amount,
        paid: asCents(paid),
        remaining: asCents(remaining),
        status,
        accountId: bill.accountId,
        categoryId: bill.categoryId,
      })
    }
    // settled (fully or partly) due dates inside the month
    for (const p of payments) {
      if (p.billId === bill.id && compareDates(p.dueDate, first) >= 0 && compareDates(p.dueDate, last) <= 0) push(p.dueDate)
    }
    if (!bill.isActive || isPast) continue
    const until = bill.endDate && compareDates(bill.endDate, last) < 0 ? bill.endDate : last
    const from = isFuture ? first : bill.nextDueDate
    for (const dueDate of occurrencesBetween(bill.nextDueDate, bill.recurrence, from, until, bill.anchorDay)) push(dueDate)
  }
  return lines.sort((a, b) => compareDates(a.dueDate, b.dueDate) || a.name.localeCompare(b.name))
}

/** What is still due of these due dates (paid ones add nothing, partly paid ones their rest). */
export function stillDue(lines: readonly BillOccurrence[]): Cents {
  return asCents(lines.reduce((sum, l) => sum + l.remaining, 0))
}
