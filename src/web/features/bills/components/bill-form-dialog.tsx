// Creating or editing a bill: name, amount, how often it repeats, the next due date and (if it
// ends, as a debt's payments do) the last one, the category its payments go to and the account
// they come from, autopay and a note; and what the bank writes for its payments and how much their
// amount may vary, which is how payments in the ledger settle it (ADR 0045).
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { Account } from '#src/contract/accounts'
import { createBillBody, type Bill } from '#src/contract/bills'
import { nonNegativeMoney } from '#src/contract/common'
import { RECURRENCES } from '#src/domain/recurrence'
import { FormDialog } from '#src/web/components/form-dialog'
import {
  AccountOptions,
  CategoryOptions,
  DateField,
  MoneyField,
  SelectField,
  TextField,
} from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { centsToText, moneyText } from '#src/web/lib/money-input'
import type { CategoryOption } from '#src/web/lib/queries/categories'
import { toast } from '#src/web/lib/toast'
import { useCreateBill, useUpdateBill } from '../api/save-bill'
import { RECURRENCE_LABELS } from '../recurrence-labels'

const fields = createBillBody.shape
const orNull = (v: string) => (v === '' ? null : v)

const billFormSchema = z.object({
  name: fields.name,
  amount: moneyText(nonNegativeMoney),
  nextDueDate: fields.nextDueDate,
  categoryId: z.string().transform(orNull).pipe(fields.categoryId.unwrap()),
  accountId: z.string().transform(orNull).pipe(fields.accountId.unwrap()),
  recurrence: fields.recurrence.unwrap(),
  endDate: z.string().transform(orNull).pipe(fields.endDate.unwrap()),
  autopay: fields.autopay.unwrap(),
  notes: fields.notes,
  payee: fields.payee.unwrap(),
  tolerancePercent: z.coerce
    .number({ error: 'Must be a number' })
    .pipe(fields.tolerancePercent.unwrap()),
})
type FormInput = z.input<typeof billFormSchema>
type FormOutput = z.output<typeof billFormSchema>

export function BillFormDialog({
  open,
  onOpenChange,
  bill,
  accounts,
  categories,
  today,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  bill: Bill | null
  accounts: Account[]
  categories: CategoryOption[]
  today: string
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={bill === null ? 'Add a bill' : `Edit ${bill.name}`}
      description="Bills still due this month are set aside in your spending plan."
    >
      {open && (
        <BillForm
          bill={bill}
          accounts={accounts}
          categories={categories}
          today={today}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  )
}

function BillForm({
  bill,
  accounts,
  categories,
  today,
  onDone,
}: {
  bill: Bill | null
  accounts: Account[]
  categories: CategoryOption[]
  today: string
  onDone: () => void
}) {
  const create = useCreateBill()
  const update = useUpdateBill()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(billFormSchema),
    defaultValues: {
      name: bill?.name ?? '',
      amount: bill ? centsToText(bill.amount) : '',
      nextDueDate: bill?.nextDueDate ?? today,
      categoryId: bill?.categoryId ?? '',
      accountId: bill?.accountId ?? accounts[0]?.id ?? '',
      recurrence: bill?.recurrence ?? 'monthly',
      endDate: bill?.endDate ?? '',
      autopay: bill?.autopay ?? false,
      notes: bill?.notes ?? '',
      payee: bill?.payee ?? '',
      tolerancePercent: bill?.tolerancePercent ?? 5,
    },
  })
  const { isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      if (bill === null) {
        const created = await create.mutateAsync(v)
        toast({ title: 'Bill added', description: `${created.name} is on your calendar.` })
      } else {
        await update.mutateAsync({ id: bill.id, body: v })
        toast({ title: 'Bill updated', description: `${v.name} is saved.` })
      }
      onDone()
    } catch {
      // shown below
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Bill">
      <TextField form={form} name="name" label="Name" placeholder="e.g. Rent" />
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField form={form} name="amount" label="Amount" />
        <SelectField form={form} name="recurrence" label="Repeats">
          {RECURRENCES.map((r) => (
            <option key={r} value={r}>
              {RECURRENCE_LABELS[r]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField form={form} name="nextDueDate" label="Next due" />
        <SelectField form={form} name="categoryId" label="Category">
          <CategoryOptions categories={categories} none="Uncategorized" />
        </SelectField>
      </div>
      <DateField
        form={form}
        name="endDate"
        label="Last due date"
        hint="Optional: no payment is due after this day"
      />
      <SelectField form={form} name="accountId" label="Paid from">
        <AccountOptions accounts={accounts} none="Choose when paying" />
      </SelectField>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          form={form}
          name="payee"
          label="Payee on statements"
          hint="What your bank writes for it; empty: the name"
          placeholder="e.g. OAKWOOD APARTMENTS"
        />
        <TextField
          form={form}
          name="tolerancePercent"
          label="Can vary by ±N %"
          hint="How far a payment's amount may differ: wider for utilities"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          inputClassName="text-right tabular-nums"
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...form.register('autopay')} />
        Paid automatically (autopay)
      </label>
      <TextField form={form} name="notes" label="Note" placeholder="Optional" />
      <FormFooter
        error={create.error ?? update.error}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel={bill === null ? 'Add bill' : 'Save'}
      />
    </form>
  )
}
