// Transactions (docs/product.md §3): amount negative = spending, positive = income. Transfers are a
// linked pair between two accounts that counts as neither. Splits spread one amount over
// categories.
import { z } from 'zod'
import { CATEGORY_KINDS } from '../domain/categories'
import { TRANSACTION_KINDS, TRANSACTION_SOURCES } from '../domain/ledger'
import { MEMBER_READ, TEEN_WRITE, endpoint } from './endpoint'
import {
  booleanQuery,
  id,
  idParams,
  isoDate,
  money,
  paginationQuery,
  positiveMoney,
  trimmed,
} from './common'

export { TRANSACTION_SOURCES }
export const transactionSource = z.enum(TRANSACTION_SOURCES)
export const transactionKind = z.enum(TRANSACTION_KINDS)
export const transactionType = z.enum(CATEGORY_KINDS)

export const split = z.object({
  categoryId: id.nullable(),
  amount: money,
  memo: z.string(),
})

export const transaction = z.object({
  id,
  accountId: id,
  categoryId: id.nullable(),
  /** income when amount ≥ 0, expense when < 0 */
  type: transactionType,
  merchant: z.string(),
  description: z.string(),
  notes: z.string(),
  date: isoDate,
  amount: money,
  source: transactionSource,
  kind: transactionKind,
  /** for a transfer: the other account of the pair */
  transferAccountId: id.nullable(),
  transferId: id.nullable(),
  splits: z.array(split),
  importBatchId: id.nullable(),
  billId: id.nullable(),
  /** the member who entered it (or whose import or bank sync brought it in) */
  enteredBy: id,
  /** with an accountId filter and date sorting: the account balance after this row */
  runningBalance: money.nullable(),
  /** how many receipts and other files it carries (GET /api/transactions/:id/attachments) */
  attachmentCount: z.number().int(),
  createdAt: z.string(),
})
export type Transaction = z.output<typeof transaction>

export const TRANSACTION_SORTS = ['date_desc', 'date_asc', 'amount_desc', 'amount_asc'] as const

export const listTransactionsQuery = paginationQuery.extend({
  from: isoDate.optional(),
  to: isoDate.optional(),
  accountId: id.optional(),
  categoryId: z.union([id, z.literal('uncategorized')]).optional(),
  type: transactionType.optional(),
  minAmount: z.coerce.number().pipe(money).optional(),
  maxAmount: z.coerce.number().pipe(money).optional(),
  source: transactionSource.optional(),
  kind: transactionKind.optional(),
  importBatchId: id.optional(),
  /** only what this member entered (a user id) */
  enteredBy: id.optional(),
  search: trimmed(100, 'Search').optional(),
  /** true: only rows with a receipt or other file attached; false: only rows without */
  hasReceipt: booleanQuery.optional(),
  /** amount_desc / amount_asc: by size (absolute value), largest or smallest first */
  sort: z.enum(TRANSACTION_SORTS).default('date_desc'),
  includeTransfers: booleanQuery.default(true),
})

const splitInput = z.object({
  categoryId: id.nullable(),
  amount: money,
  memo: trimmed(200, 'Memo').default(''),
})

const transactionFields = {
  accountId: id,
  date: isoDate,
  amount: money,
  /** optional: when given, the amount's sign follows it (a form can send positive numbers) */
  type: transactionType.optional(),
  merchant: trimmed(200, 'Merchant').default(''),
  description: trimmed(500, 'Description').default(''),
  notes: trimmed(2000, 'Notes').default(''),
  categoryId: id.nullable().default(null),
  splits: z.array(splitInput).max(50, 'At most 50 splits').default([]),
}

export const createTransactionBody = z.object(transactionFields)

export const updateTransactionBody = z
  .object({
    accountId: id,
    date: isoDate,
    amount: money,
    type: transactionType,
    merchant: trimmed(200, 'Merchant'),
    description: trimmed(500, 'Description'),
    notes: trimmed(2000, 'Notes'),
    categoryId: id.nullable(),
    splits: z.array(splitInput).max(50, 'At most 50 splits'),
  })
  .partial()

export const bulkTransactionsBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('categorize'), ids: z.array(id).min(1).max(1000), categoryId: id.nullable() }),
  z.object({ action: z.literal('delete'), ids: z.array(id).min(1).max(1000) }),
])

export const createTransferBody = z
  .object({
    fromAccountId: id,
    toAccountId: id,
    amount: positiveMoney,
    date: isoDate,
    description: trimmed(500, 'Description').default(''),
  })
  .refine((b) => b.fromAccountId !== b.toAccountId, {
    message: 'A transfer needs two different accounts',
    path: ['toAccountId'],
  })

export const listTransactions = endpoint({
  method: 'GET',
  path: '/api/transactions',
  summary: 'Transactions, newest first, filtered; paginated by limit and cursor (next cursor in X-Next-Cursor)',
  tag: 'transactions',
  access: MEMBER_READ,
  query: listTransactionsQuery,
  response: z.array(transaction),
})

/** The list's filters without its paging and order: what GET /api/transactions/totals adds up. */
export const transactionTotalsQuery = listTransactionsQuery.omit({ cursor: true, limit: true, sort: true })

export const transactionTotals = z.object({
  /** rows the filters find, among those the member may see */
  count: z.number().int(),
  /** their sum (money in positive, money out negative) */
  total: money,
  moneyIn: money,
  moneyOut: money,
})

export const getTransactionTotals = endpoint({
  method: 'GET',
  path: '/api/transactions/totals',
  summary: 'How many transactions the list filters find and what they add up to (the member sees only what they may)',
  tag: 'transactions',
  access: MEMBER_READ,
  query: transactionTotalsQuery,
  response: transactionTotals,
})

export const getTransaction = endpoint({
  method: 'GET',
  path: '/api/transactions/:id',
  summary: 'One transaction',
  tag: 'transactions',
  access: MEMBER_READ,
  params: idParams,
  response: transaction,
})

export const createTransaction = endpoint({
  method: 'POST',
  path: '/api/transactions',
  summary: 'Add a transaction (optionally split across categories)',
  tag: 'transactions',
  access: TEEN_WRITE,
  body: createTransactionBody,
  response: transaction,
  status: 201,
})

export const updateTransaction = endpoint({
  method: 'PATCH',
  path: '/api/transactions/:id',
  summary: 'Edit a transaction',
  tag: 'transactions',
  access: TEEN_WRITE,
  params: idParams,
  body: updateTransactionBody,
  response: transaction,
})

export const deleteTransaction = endpoint({
  method: 'DELETE',
  path: '/api/transactions/:id',
  summary: 'Delete a transaction (both sides of a transfer)',
  tag: 'transactions',
  access: TEEN_WRITE,
  params: idParams,
  response: null,
})

export const bulkTransactions = endpoint({
  method: 'POST',
  path: '/api/transactions/bulk',
  summary: 'Categorize or delete many transactions at once',
  tag: 'transactions',
  access: TEEN_WRITE,
  body: bulkTransactionsBody,
  response: z.object({ updated: z.number().int() }),
})

export const createTransfer = endpoint({
  method: 'POST',
  path: '/api/transfers',
  summary: 'Move money between two accounts: a linked pair that is neither income nor spending',
  tag: 'transactions',
  access: TEEN_WRITE,
  body: createTransferBody,
  response: z.object({ from: transaction, to: transaction }),
  status: 201,
})

