// Bills (spec §3 Bill: id, name, amount, nextDueDate, categoryId) with recurrence.
import { z } from 'zod'
import { RECURRENCES } from '../domain/recurrence'
import { ADULT_WRITE, MEMBER_READ, endpoint } from './endpoint'
import { id, idParams, isoDate, nonNegativeMoney, requiredText, trimmed } from './common'

export const recurrence = z.enum(RECURRENCES)

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
  })
  .partial()

export const payBillBody = z.object({
  /** defaults to today */
  date: isoDate.optional(),
  /** defaults to the bill's amount */
  amount: nonNegativeMoney.optional(),
  /** defaults to the bill's account (when the payer sees it whole); 404 for one they may not write */
  accountId: id.optional(),
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
