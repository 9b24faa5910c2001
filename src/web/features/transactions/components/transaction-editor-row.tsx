// The desktop table's inline editor, for a new transaction or one being changed: Tab moves
// between the fields, Enter saves, Escape cancels. A new one stays open after saving, with the
// same date and account, ready for the next (a month of receipts goes in quickly).
import { zodResolver } from '@hookform/resolvers/zod'
import { Check, X } from 'lucide-react'
import { useEffect, useId, type KeyboardEvent } from 'react'
import { useForm } from 'react-hook-form'
import type { Account } from '#src/contract/accounts'
import type { Transaction } from '#src/contract/transactions'
import { Button } from '#src/web/components/ui/button'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { errorMessage } from '#src/web/lib/api'
import { cn } from '#src/web/lib/cn'
import type { CategoryOption } from '#src/web/lib/queries/categories'
import { toast } from '#src/web/lib/toast'
import { useCreateTransaction, useUpdateTransaction } from '../api/save-transaction'
import {
  toCreateBody,
  toUpdateBody,
  transactionFormSchema,
  type TransactionFormInput,
  type TransactionFormOutput,
} from '../transaction-form'
import { CategorySelect } from './category-select'

export function TransactionEditorRow({
  initial,
  transaction,
  accounts,
  categories,
  grid,
  showBalance,
  onDone,
}: {
  initial: TransactionFormInput
  transaction?: Transaction
  accounts: Account[]
  categories: CategoryOption[]
  grid: string
  showBalance: boolean
  onDone: () => void
}) {
  const formId = useId()
  const create = useCreateTransaction()
  const update = useUpdateTransaction()
  const form = useForm<TransactionFormInput, unknown, TransactionFormOutput>({
    resolver: zodResolver(transactionFormSchema),
    defaultValues: initial,
  })
  const { errors, isSubmitting } = form.formState
  const categoryFixed =
    transaction !== undefined && (transaction.kind !== 'standard' || transaction.splits.length > 0)

  useEffect(() => {
    form.setFocus('merchant')
  }, [form])

  const onSubmit = form.handleSubmit(async (values) => {
    if (transaction === undefined) {
      // clear the row at once for the next entry (fast typing never waits for the server); if
      // the server refuses, what was typed comes back
      const typed = form.getValues()
      form.reset({
        ...initial,
        date: typed.date,
        accountId: typed.accountId,
        direction: typed.direction,
      })
      setTimeout(() => form.setFocus('merchant'), 0)
      create.mutate(toCreateBody(values), {
        onError: (error) => {
          form.reset(typed)
          toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(error) })
        },
      })
      return
    }
    try {
      await update.mutateAsync({ id: transaction.id, body: toUpdateBody(values, transaction) })
      onDone()
    } catch (error) {
      toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(error) })
    }
  })

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onDone()
    } else if (
      event.key === 'Enter' &&
      !(event.target instanceof HTMLButtonElement) &&
      !event.nativeEvent.isComposing
    ) {
      event.preventDefault()
      void onSubmit()
    }
  }

  const firstError = Object.values(errors).find((e) => e?.message)?.message
  const cell = 'flex items-center px-1.5'
  return (
    <div
      role="row"
      aria-label={transaction === undefined ? 'New transaction' : 'Edit transaction'}
      data-testid="transaction-editor"
      className={cn('grid min-h-14 items-center border-b bg-accent/40', grid)}
      onKeyDown={onKeyDown}
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="contents" aria-hidden="true" />
      <div role="cell" className={cell} />
      <div role="cell" className={cell}>
        <Input
          form={formId}
          type="date"
          aria-label="Date"
          className="h-9 px-2"
          aria-invalid={Boolean(errors.date)}
          {...form.register('date')}
        />
      </div>
      <div role="cell" className={cn(cell, 'gap-1.5')}>
        <Input
          form={formId}
          aria-label="Payee"
          placeholder="Payee"
          className="h-9"
          autoComplete="off"
          aria-invalid={Boolean(errors.merchant)}
          {...form.register('merchant')}
        />
        <Input
          form={formId}
          aria-label="Description"
          placeholder="Note"
          className="h-9 w-28 shrink-0"
          autoComplete="off"
          {...form.register('description')}
        />
      </div>
      <div role="cell" className={cell}>
        {categoryFixed ? (
          <span className="truncate px-2 text-sm text-muted-foreground">
            {transaction?.kind === 'transfer' ? 'Transfer' : 'Split'}
          </span>
        ) : (
          <CategorySelect
            form={formId}
            aria-label="Category"
            className="w-full [&_select]:h-9"
            options={categories}
            {...form.register('categoryId')}
          />
        )}
      </div>
      <div role="cell" className={cell}>
        <Select
          form={formId}
          aria-label="Account"
          className="w-full [&_select]:h-9"
          aria-invalid={Boolean(errors.accountId)}
          {...form.register('accountId')}
        >
          <option value="">Account…</option>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
      </div>
      <div role="cell" className={cn(cell, 'gap-1')}>
        <Select
          form={formId}
          aria-label="Money out or in"
          className="w-16 shrink-0 [&_select]:h-9 [&_select]:pr-6 [&_select]:pl-2 [&_svg]:right-1.5"
          {...form.register('direction')}
        >
          <option value="expense">−</option>
          <option value="income">+</option>
        </Select>
        <Input
          form={formId}
          aria-label="Amount"
          inputMode="decimal"
          placeholder="0.00"
          className="h-9 px-2 text-right tabular-nums"
          autoComplete="off"
          aria-invalid={Boolean(errors.amount)}
          {...form.register('amount')}
        />
      </div>
      {showBalance && <div role="cell" className={cell} />}
      <div role="cell" className={cn(cell, 'justify-end gap-0.5')}>
        <Button
          form={formId}
          type="submit"
          size="icon-sm"
          aria-label={transaction === undefined ? 'Add transaction' : 'Save transaction'}
          title="Save (Enter)"
          disabled={isSubmitting}
        >
          <Check aria-hidden="true" />
        </Button>
        <Button
          type="button"
          size="icon-sm"
          variant="ghost"
          aria-label="Cancel"
          title="Cancel (Escape)"
          onClick={onDone}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {firstError !== undefined && (
        <div role="cell" className="col-span-full px-3 pb-2">
          <p role="alert" className="text-sm font-medium text-negative">
            {firstError}
          </p>
        </div>
      )}
    </div>
  )
}
