// Creating or editing a bill: name, amount, how often it repeats, the next due date and (if it
// ends, as a debt's payments do) the last one, the category its payments go to and the account
// they come from, autopay and a note; and what the bank writes for its payments and how much their
// amount may vary, which is how payments in the ledger settle it (ADR 0045).
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { Account } from '../../../../contract/accounts'
import { createBillBody, type Bill } from '../../../../contract/bills'
import { nonNegativeMoney } from '../../../../contract/common'
import { RECURRENCES } from '../../../../domain/recurrence'
import { FormDialog, FormError } from '../../../components/form-dialog'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { centsToText, moneyText } from '../../../lib/money-input'
import type { CategoryOption } from '../../../lib/queries/categories'
import { toast } from '../../../lib/toast'
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
  const { errors, isSubmitting } = form.formState
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
      <FormField label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} placeholder="e.g. Rent" {...form.register('name')} />}
      </FormField>
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
        <FormField label="Repeats" error={errors.recurrence?.message}>
          {(control) => (
            <Select {...control} {...form.register('recurrence')}>
              {RECURRENCES.map((r) => (
                <option key={r} value={r}>
                  {RECURRENCE_LABELS[r]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Next due" error={errors.nextDueDate?.message}>
          {(control) => <Input {...control} type="date" {...form.register('nextDueDate')} />}
        </FormField>
        <FormField label="Category" error={errors.categoryId?.message}>
          {(control) => (
            <Select {...control} {...form.register('categoryId')}>
              <option value="">Uncategorized</option>
              {categories.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.depth === 1 ? `\u00a0\u00a0\u00a0${o.label}` : o.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField
        label="Last due date"
        error={errors.endDate?.message}
        hint="Optional: no payment is due after this day"
      >
        {(control) => <Input {...control} type="date" {...form.register('endDate')} />}
      </FormField>
      <FormField label="Paid from" error={errors.accountId?.message}>
        {(control) => (
          <Select {...control} {...form.register('accountId')}>
            <option value="">Choose when paying</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Payee on statements"
          error={errors.payee?.message}
          hint="What your bank writes for it; empty: the name"
        >
          {(control) => (
            <Input {...control} placeholder="e.g. OAKWOOD APARTMENTS" {...form.register('payee')} />
          )}
        </FormField>
        <FormField
          label="Can vary by ±N %"
          error={errors.tolerancePercent?.message}
          hint="How far a payment's amount may differ: wider for utilities"
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              className="text-right tabular-nums"
              {...form.register('tolerancePercent')}
            />
          )}
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...form.register('autopay')} />
        Paid automatically (autopay)
      </label>
      <FormField label="Note" error={errors.notes?.message}>
        {(control) => <Input {...control} placeholder="Optional" {...form.register('notes')} />}
      </FormField>
      <FormError error={create.error ?? update.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : bill === null ? 'Add bill' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
