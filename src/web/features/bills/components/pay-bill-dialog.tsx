// "Mark paid": confirm the account it is paid from, the date and the amount. The payment is
// recorded as a transaction and the next due date moves on (a one-off bill is done).
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { Account } from '../../../../contract/accounts'
import { payBillBody, type Bill } from '../../../../contract/bills'
import { nonNegativeMoney } from '../../../../contract/common'
import { nextDueDate } from '../../../../domain/recurrence'
import { FormDialog, FormError } from '../../../components/form-dialog'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { useDateFormat, useMoney } from '../../../lib/format'
import { centsToText, moneyText } from '../../../lib/money-input'
import { toast } from '../../../lib/toast'
import { usePayBill } from '../api/save-bill'

const schema = z.object({
  accountId: z
    .string()
    .min(1, 'Choose the account this bill is paid from')
    .pipe(payBillBody.shape.accountId.unwrap()),
  date: payBillBody.shape.date.unwrap(),
  amount: moneyText(nonNegativeMoney),
})
type FormInput = z.input<typeof schema>
type FormOutput = z.output<typeof schema>

export function PayBillDialog({
  bill,
  accounts,
  today,
  onOpenChange,
}: {
  bill: Bill | null
  accounts: Account[]
  today: string
  onOpenChange: (open: boolean) => void
}) {
  return (
    <FormDialog
      open={bill !== null}
      onOpenChange={onOpenChange}
      title={bill === null ? 'Mark paid' : `Pay ${bill.name}`}
      description="Records the payment as a transaction and moves the bill to its next due date."
    >
      {bill !== null && (
        <PayForm bill={bill} accounts={accounts} today={today} onDone={() => onOpenChange(false)} />
      )}
    </FormDialog>
  )
}

function PayForm({
  bill,
  accounts,
  today,
  onDone,
}: {
  bill: Bill
  accounts: Account[]
  today: string
  onDone: () => void
}) {
  const pay = usePayBill()
  const formatDate = useDateFormat()
  const format = useMoney()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      accountId: bill.accountId ?? accounts[0]?.id ?? '',
      date: today,
      amount: centsToText(bill.amount),
    },
  })
  const following = nextDueDate(bill.nextDueDate, bill.recurrence)
  // past the bill's last due date there is no next one: this payment is its last
  const next = following !== null && bill.endDate !== null && following > bill.endDate ? null : following
  const last = following !== null && next === null
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const res = await pay.mutateAsync({ id: bill.id, body: v })
      toast({
        title: 'Bill paid',
        description: res.bill.isActive
          ? `${format(v.amount)} recorded. ${bill.name} is next due ${formatDate(res.bill.nextDueDate, { weekday: true })}.`
          : `${format(v.amount)} recorded. ${bill.name} is done.`,
      })
      onDone()
    } catch {
      // shown below
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Pay bill">
      <FormField label="Paid from" error={errors.accountId?.message}>
        {(control) => (
          <Select {...control} {...form.register('accountId')}>
            <option value="">Choose an account…</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Amount" error={errors.amount?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              className="text-right tabular-nums"
              {...form.register('amount')}
            />
          )}
        </FormField>
        <FormField label="Paid on" error={errors.date?.message}>
          {(control) => <Input {...control} type="date" {...form.register('date')} />}
        </FormField>
      </div>
      <p
        className="rounded-md bg-muted/60 p-3 text-sm text-muted-foreground"
        data-testid="pay-next-due"
      >
        {last
          ? `This is the last payment of ${bill.name}: once paid, it is done.`
          : next === null
          ? 'This is a one-off bill: once paid, it is done.'
          : `After this payment, ${bill.name} is next due ${formatDate(next)}.`}
      </p>
      <FormError error={pay.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Paying…' : 'Mark paid'}
        </Button>
      </div>
    </form>
  )
}
