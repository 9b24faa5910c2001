// Adding or changing a transaction on a phone: the amount first (with money out or in), then
// payee, category, account, date and a note; an existing one shows its receipts and
// can also be deleted from here.
import { zodResolver } from '@hookform/resolvers/zod'
import { Trash2 } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import type { Account } from '#src/contract/accounts'
import type { Transaction } from '#src/contract/transactions'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { AccountOptions, DateField, SelectField, TextField } from '#src/web/components/forms/fields'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { SegmentedChoice } from '#src/web/components/segmented-choice'
import type { CategoryOption } from '#src/web/lib/queries/categories'
import { useCreateTransaction, useUpdateTransaction } from '../api/save-transaction'
import {
  toCreateBody,
  toUpdateBody,
  transactionFormSchema,
  type TransactionFormInput,
  type TransactionFormOutput,
} from '../transaction-form'
import { AttachmentsPanel } from './attachments-panel'
import { CategorySelect } from './category-select'

const DIRECTIONS = [
  { value: 'expense', label: 'Money out' },
  { value: 'income', label: 'Money in' },
] as const

export function TransactionFormDialog({
  open,
  onOpenChange,
  initial,
  transaction,
  accounts,
  categories,
  onDelete,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  initial: TransactionFormInput
  transaction?: Transaction
  accounts: Account[]
  categories: CategoryOption[]
  onDelete?: (t: Transaction) => void
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={transaction === undefined ? 'Add a transaction' : 'Edit transaction'}
      description={
        transaction === undefined
          ? 'Money you spent or received. Balances and your plan update at once.'
          : 'Change what was recorded; balances and your plan follow.'
      }
    >
      {open && (
        <TransactionForm
          initial={initial}
          transaction={transaction}
          accounts={accounts}
          categories={categories}
          onDone={() => onOpenChange(false)}
          onDelete={onDelete}
        />
      )}
    </FormDialog>
  )
}

function TransactionForm({
  initial,
  transaction,
  accounts,
  categories,
  onDone,
  onDelete,
}: {
  initial: TransactionFormInput
  transaction?: Transaction
  accounts: Account[]
  categories: CategoryOption[]
  onDone: () => void
  onDelete?: (t: Transaction) => void
}) {
  const create = useCreateTransaction()
  const update = useUpdateTransaction()
  const form = useForm<TransactionFormInput, unknown, TransactionFormOutput>({
    resolver: zodResolver(transactionFormSchema),
    defaultValues: initial,
  })
  const { errors, isSubmitting } = form.formState
  const direction = useWatch({ control: form.control, name: 'direction' })
  const categoryFixed =
    transaction !== undefined && (transaction.kind !== 'standard' || transaction.splits.length > 0)

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (transaction === undefined) await create.mutateAsync(toCreateBody(values))
      else await update.mutateAsync({ id: transaction.id, body: toUpdateBody(values, transaction) })
      onDone()
    } catch {
      // shown from the mutation's error below
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Transaction">
      <SegmentedChoice
        label="Money out or in"
        value={direction}
        options={DIRECTIONS}
        onChange={(value) => form.setValue('direction', value)}
      />
      <FormField label="Amount" error={errors.amount?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            className="h-12 text-right text-xl tabular-nums"
            autoFocus={transaction === undefined}
            {...form.register('amount')}
          />
        )}
      </FormField>
      <TextField form={form} name="merchant" label="Payee" autoComplete="off" />
      {!categoryFixed && (
        <FormField label="Category" error={errors.categoryId?.message}>
          {(control) => (
            <CategorySelect {...control} options={categories} {...form.register('categoryId')} />
          )}
        </FormField>
      )}
      <div className="grid grid-cols-2 gap-3">
        <SelectField form={form} name="accountId" label="Account">
          <AccountOptions accounts={accounts} none="Choose…" />
        </SelectField>
        <DateField form={form} name="date" label="Date" />
      </div>
      <TextField form={form} name="description" label="Note" autoComplete="off" />
      {transaction !== undefined && (
        <AttachmentsPanel transactionId={transaction.id} label={transaction.merchant || transaction.description || 'this transaction'} />
      )}
      <FormError error={create.error ?? update.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {transaction !== undefined && onDelete !== undefined && (
          <Button
            type="button"
            variant="ghost"
            className="text-negative sm:mr-auto"
            onClick={() => onDelete(transaction)}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        )}
        <Button type="button" variant="outline" onClick={onDone} className="sm:ml-auto">
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : transaction === undefined ? 'Add transaction' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
