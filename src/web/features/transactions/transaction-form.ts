// The transaction form (inline editor and phone dialog): the contract's create body with the
// amount typed as a positive decimal and a direction (money out or in), so the server signs it.
import { z } from 'zod'
import { createTransactionBody, type Transaction } from '#src/contract/transactions'
import { nonNegativeMoney } from '#src/contract/common'
import { absCents } from '#src/domain/money'
import type { IsoDate } from '#src/domain/dates'
import { centsToText, moneyText } from '#src/web/lib/money-input'
import type { NewTransaction, TransactionChange } from './api/save-transaction'

const fields = createTransactionBody.shape

export const transactionFormSchema = z.object({
  date: fields.date,
  accountId: z.string().min(1, 'Choose an account').pipe(fields.accountId),
  merchant: fields.merchant,
  description: fields.description,
  categoryId: z
    .string()
    .transform((v) => (v === '' ? null : v))
    .pipe(fields.categoryId.unwrap()),
  direction: z.enum(['expense', 'income']),
  amount: moneyText(nonNegativeMoney),
})

export type TransactionFormInput = z.input<typeof transactionFormSchema>
export type TransactionFormOutput = z.output<typeof transactionFormSchema>

export function emptyForm(today: IsoDate, accountId: string): TransactionFormInput {
  return {
    date: today,
    accountId,
    merchant: '',
    description: '',
    categoryId: '',
    direction: 'expense',
    amount: '',
  }
}

export function formFromTransaction(t: Transaction): TransactionFormInput {
  return {
    date: t.date,
    accountId: t.accountId,
    merchant: t.merchant,
    description: t.description,
    categoryId: t.categoryId ?? '',
    direction: t.amount < 0 ? 'expense' : 'income',
    amount: centsToText(absCents(t.amount)),
  }
}

export function toCreateBody(v: TransactionFormOutput): NewTransaction {
  return {
    accountId: v.accountId,
    date: v.date,
    amount: v.amount,
    type: v.direction,
    merchant: v.merchant,
    description: v.description,
    notes: '',
    categoryId: v.categoryId,
    splits: [],
  }
}

/** What changed, for PATCH: a split transaction keeps its splits (and so its category). */
export function toUpdateBody(v: TransactionFormOutput, before: Transaction): TransactionChange {
  const body: TransactionChange = {
    accountId: v.accountId,
    date: v.date,
    merchant: v.merchant,
    description: v.description,
  }
  const amountChanged =
    v.amount !== absCents(before.amount) || before.amount < 0 !== (v.direction === 'expense')
  if (amountChanged) {
    body.amount = v.amount
    body.type = v.direction
  }
  if (before.kind === 'standard' && before.splits.length === 0) body.categoryId = v.categoryId
  return body
}
