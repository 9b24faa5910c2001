// Moving money between two of your accounts: one linked pair of entries, neither income nor
// spending, so budgets and the plan do not count it.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { Account } from '#src/contract/accounts'
import { positiveMoney } from '#src/contract/common'
import { createTransferBody } from '#src/contract/transactions'
import { FormDialog } from '#src/web/components/form-dialog'
import {
  AccountOptions,
  DateField,
  MoneyField,
  SelectField,
  TextField,
} from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import type { OpenState } from '#src/web/components/open-state'
import { moneyText } from '#src/web/lib/money-input'
import { toast } from '#src/web/lib/toast'
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

type TransferFormProps = { accounts: Account[]; today: string; defaultFrom?: string }

export function TransferDialog({ open, onOpenChange, ...props }: OpenState & TransferFormProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Transfer between accounts"
      description="Money that moves between your own accounts is neither income nor spending."
    >
      {open && <TransferForm {...props} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function TransferForm({
  accounts,
  today,
  defaultFrom,
  onDone,
}: TransferFormProps & { onDone: () => void }) {
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
  const { isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values)
      toast({ title: 'Transfer recorded', description: 'Both balances are updated.' })
      onDone()
    } catch {
      // shown below
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Transfer">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField form={form} name="fromAccountId" label="From">
          <AccountOptions accounts={accounts} none="Choose…" />
        </SelectField>
        <SelectField form={form} name="toAccountId" label="To">
          <AccountOptions accounts={accounts} none="Choose…" />
        </SelectField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField form={form} name="amount" label="Amount" />
        <DateField form={form} name="date" label="Date" />
      </div>
      <TextField
        form={form}
        name="description"
        label="Description"
        placeholder="e.g. Card payment"
      />
      <FormFooter
        error={create.error}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel="Record transfer"
      />
    </form>
  )
}
