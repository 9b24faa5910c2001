// Bills (docs/product.md §3 Bill: id, name, amount, nextDueDate, categoryId) with recurrence.
import { z } from 'zod'
import { BILL_LINK_KINDS, DUE_STATUSES } from '../domain/plan/kinds'
import { RECURRENCES } from '../domain/recurrence'
import { ADULT_WRITE, MEMBER_READ, endpoint } from './endpoint'
import { id, idParams, isoDate, money, nonNegativeMoney, requiredText, trimmed } from './common'

export const recurrence = z.enum(RECURRENCES)

/** How far (percent of the amount) a payment may differ and still settle the bill. */
export const tolerancePercent = z
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .min(0, 'Must be 0 or more')
  .max(100, 'Must be 100 or less')

/** What the bank writes for the bill's payments; '' = match on the name. */
export const billPayee = trimmed(120, 'Payee')

export const dueStatus = z.enum(DUE_STATUSES)

/**
 * The bill's current due date (ADR 0045): the one just paid while the next is more than a week
 * away, else the next one; with what its payments settled so far.
 */
export const billDue = z.object({
  dueDate: isoDate,
  /** what it asks for, positive */
  amount: nonNegativeMoney,
  /** what its payments settled, positive */
  paid: nonNegativeMoney,
  status: dueStatus,
})
export type BillDue = z.output<typeof billDue>

export const bill = z.object({
  id,
  name: z.string(),
  /** what is due, as a positive number */
  amount: nonNegativeMoney,
  nextDueDate: isoDate,
  categoryId: id.nullable(),
  /** the account it is paid from; null to a member who does not see that account whole */
  accountId: id.nullable(),
  recurrence,
  /** the last day a due date may fall on: paying the last one ends the bill; null: no end */
  endDate: isoDate.nullable(),
  isActive: z.boolean(),
  autopay: z.boolean(),
  notes: z.string(),
  /** the payee the bank writes ('' = its name): what payments are matched on */
  payee: z.string(),
  tolerancePercent: z.number().int(),
  /** null for an inactive bill */
  current: billDue.nullable(),
})
export type Bill = z.output<typeof bill>

export const createBillBody = z.object({
  name: requiredText(80, 'Name'),
  amount: nonNegativeMoney,
  nextDueDate: isoDate,
  categoryId: id.nullable().default(null),
  accountId: id.nullable().default(null),
  recurrence: recurrence.default('monthly'),
  /** no due date after this day (not before nextDueDate); null: the bill has no end */
  endDate: isoDate.nullable().default(null),
  autopay: z.boolean().default(false),
  notes: trimmed(1000, 'Notes').default(''),
  payee: billPayee.default(''),
  tolerancePercent: tolerancePercent.default(5),
})

export const updateBillBody = z
  .object({
    name: requiredText(80, 'Name'),
    amount: nonNegativeMoney,
    nextDueDate: isoDate,
    categoryId: id.nullable(),
    accountId: id.nullable(),
    recurrence,
    endDate: isoDate.nullable(),
    isActive: z.boolean(),
    autopay: z.boolean(),
    notes: trimmed(1000, 'Notes'),
    payee: billPayee,
    tolerancePercent,
  })
  .partial()

export const payBillBody = z.object({
  /** defaults to today */
  date: isoDate.optional(),
  /** defaults to the bill's amount */
  amount: nonNegativeMoney.optional(),
  /** defaults to the bill's account (when the payer sees it whole); 404 for one they may not write */
  accountId: id.optional(),
  /**
   * marks it paid with this transaction of the ledger instead of recording a new one (date,
   * amount and accountId are then not allowed): 404 for one the member does not see
   */
  transactionId: id.optional(),
})

export const listBills = endpoint({
  method: 'GET',
  path: '/api/bills',
  summary: 'Every bill, soonest first',
  tag: 'bills',
  access: MEMBER_READ,
  response: z.array(bill),
})

export const upcomingBills = endpoint({
  method: 'GET',
  path: '/api/bills/upcoming',
  summary: 'Active bills due within `days` days (overdue ones included), soonest first',
  tag: 'bills',
  access: MEMBER_READ,
  query: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
  response: z.array(bill),
})

export const createBill = endpoint({
  method: 'POST',
  path: '/api/bills',
  summary: 'Create a bill',
  tag: 'bills',
  access: ADULT_WRITE,
  body: createBillBody,
  response: bill,
  status: 201,
})

export const updateBill = endpoint({
  method: 'PATCH',
  path: '/api/bills/:id',
  summary: 'Edit a bill',
  tag: 'bills',
  access: ADULT_WRITE,
  params: idParams,
  body: updateBillBody,
  response: bill,
})

export const deleteBill = endpoint({
  method: 'DELETE',
  path: '/api/bills/:id',
  summary: 'Delete a bill (its past payments stay as transactions)',
  tag: 'bills',
  access: ADULT_WRITE,
  params: idParams,
  response: null,
})

/** A payment of a bill: a transaction the member sees, on the account it was paid from. */
export const billPayment = z.object({
  billId: id,
  name: z.string(),
  /** the day it was paid */
  date: isoDate,
  /** what was paid, as a positive number */
  amount: nonNegativeMoney,
  transactionId: id,
})
export type BillPayment = z.output<typeof billPayment>

export const listBillPayments = endpoint({
  method: 'GET',
  path: '/api/bills/payments',
  summary: 'Payments of bills from `from` through `to` (the calendar shows them as paid), by date',
  tag: 'bills',
  access: MEMBER_READ,
  /** at most 62 days apart: a month's calendar with the days of its first and last weeks */
  query: z.object({ from: isoDate, to: isoDate }),
  response: z.array(billPayment),
})

export const payBill = endpoint({
  method: 'POST',
  path: '/api/bills/:id/pay',
  summary: 'Mark a bill paid: records the payment as a transaction and moves the due date on',
  tag: 'bills',
  access: ADULT_WRITE,
  params: idParams,
  body: payBillBody,
  response: z.object({ bill, transactionId: id }),
})

export const linkKind = z.enum(BILL_LINK_KINDS)

/** A payment tied to one due date of a bill: a transaction or one part of a split. */
export const billLink = z.object({
  id,
  dueDate: isoDate,
  transactionId: id,
  splitId: id.nullable(),
  /** what it settles, positive */
  amount: nonNegativeMoney,
  /** how it was tied: found by the matcher, linked by hand, or recorded by Mark paid */
  kind: linkKind.exclude(['declined']),
  /** the transaction's date and payee */
  date: isoDate,
  merchant: z.string(),
  accountId: id,
})
export type BillLink = z.output<typeof billLink>

export const listBillLinks = endpoint({
  method: 'GET',
  path: '/api/bills/:id/payments',
  summary: "The bill's linked payments that the member sees, latest due date first (at most 24)",
  tag: 'bills',
  access: MEMBER_READ,
  params: idParams,
  response: z.array(billLink),
})

/** A transaction of the ledger (or one part of a split) that could pay a bill's due date. */
export const billMatch = z.object({
  transactionId: id,
  splitId: id.nullable(),
  date: isoDate,
  merchant: z.string(),
  /** money out, negative */
  amount: money,
  accountId: id,
  /**
   * its payee is the bill's: only such a match is chosen for the member; the others (the right
   * amount under another payee) are offered, never preselected
   */
  payeeMatches: z.boolean(),
})
export type BillMatch = z.output<typeof billMatch>

export const billMatches = endpoint({
  method: 'GET',
  path: '/api/bills/:id/matches',
  summary: "Unlinked transactions the member sees whole that could pay the bill's next due date, best first",
  tag: 'bills',
  access: MEMBER_READ,
  params: idParams,
  response: z.object({ dueDate: isoDate, matches: z.array(billMatch) }),
})

export const linkBillPaymentBody = z.object({
  transactionId: id,
  /** the part of a split that pays it; null or absent: the whole transaction */
  splitId: id.nullable().default(null),
  /** the due date it pays; defaults to the bill's next due date */
  dueDate: isoDate.optional(),
})

export const linkBillPayment = endpoint({
  method: 'POST',
  path: '/api/bills/:id/payments',
  summary: 'Tie a payment to a due date of the bill by hand (moving it from any other bill or due date)',
  tag: 'bills',
  access: ADULT_WRITE,
  params: idParams,
  body: linkBillPaymentBody,
  response: z.object({ bill, payment: billLink }),
  status: 201,
})

export const unlinkBillPayment = endpoint({
  method: 'DELETE',
  path: '/api/bills/:id/payments/:paymentId',
  summary: 'Untie a payment from the bill: the matcher will not tie it to this bill again',
  tag: 'bills',
  access: ADULT_WRITE,
  params: z.object({ id, paymentId: id }),
  response: bill,
})
