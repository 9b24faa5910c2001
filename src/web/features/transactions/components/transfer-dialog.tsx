// Moving money between two of your accounts: one linked pair of entries, neither income nor
// spending, so budgets and the plan do not count it.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { Account } from '../../../../contract/accounts'
import { positiveMoney } from '../../../../contract/common'
import { createTransferBody } from '../../../../contract/transactions'
import { FormDialog, FormError } from '../../../components/form-dialog'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { moneyText } from '../../../lib/money-input'
import { toast } from '../../../lib/toast'
import { useCreateTransfer } from '../api/create-transfer'

const fields = createTransferBody.shape

const transferSchema = z
  .object({
    fromAccountId: z
      .string()
      .min(1, 'Choose the account the money leaves')
      .pipe(fields.fromAccountId),
    toAccountId: z.string().min(1, 'Choose the account the money goes to').pipe(fields.toAccountId),
    amount: moneyText(positiveMoney),
    date: fields.date,
    description: fields.description,
  })
  .refine((b) => b.fromAccountId !== b.toAccountId, {
    message: 'A transfer needs two different accounts',
    path: ['toAccountId'],
  })

type Input_ = z.input<typeof transferSchema>
type Output = z.output<typeof transferSchema>

export function TransferDialog({
  open,
  onOpenChange,
  accounts,
  today,
  defaultFrom,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  accounts: Account[]
  today: string
  defaultFrom?: string
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Transfer between accounts"
      description="Money that moves between your own accounts is neither income nor spending."
    >
      {open && (
        <TransferForm
          accounts={accounts}
          today={today}
          defaultFrom={defaultFrom}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  )
}

function TransferForm({
  accounts,
  today,
  defaultFrom,
  onDone,
}: {
  accounts: Account[]
  today: string
  defaultFrom?: string
  onDone: () => void
}) {
  const create = useCreateTransfer()
  const form = useForm<Input_, unknown, Output>({
    resolver: zodResolver(transferSchema),
    defaultValues: {
      fromAccountId: defaultFrom ?? accounts[0]?.id ?? '',
      toAccountId: '',
      amount: '',
      date: today,
      description: '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values)
      toast({ title: 'Transfer recorded', description: 'Both balances are updated.' })
      onDone()
    } catch {
      // shown below
    }
  })
  const options = accounts.map((a) => (
    <option key={a.id} value={a.id}>
      {a.name}
    </option>
  ))
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Transfer">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="From" error={errors.fromAccountId?.message}>
          {(control) => (
            <Select {...control} {...form.register('fromAccountId')}>
              <option value="">Choose…</option>
              {options}
            </Select>
          )}
        </FormField>
        <FormField label="To" error={errors.toAccountId?.message}>
          {(control) => (
            <Select {...control} {...form.register('toAccountId')}>
              <option value="">Choose…</option>
              {options}
            </Select>
          )}
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Amount" error={errors.amount?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              placeholder="0.00"
              className="text-right tabular-nums"
              {...form.register('amount')}
            />
          )}
        </FormField>
        <FormField label="Date" error={errors.date?.message}>
          {(control) => <Input {...control} type="date" {...form.register('date')} />}
        </FormField>
      </div>
      <FormField label="Description" error={errors.description?.message}>
        {(control) => (
          <Input {...control} placeholder="e.g. Card payment" {...form.register('description')} />
        )}
      </FormField>
      <FormError error={create.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Record transfer'}
        </Button>
      </div>
    </form>
  )
}
