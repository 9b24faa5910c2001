// "Mark paid": first the payments already in the ledger that could pay the due date (from
// /api/bills/:id/matches), one of which can be chosen; or "Record a new payment": confirm the
// account it is paid from, the date and the amount, and it is recorded as a transaction. Either
// way the due date is settled and the bill moves on (a one-off bill is done).
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { Account } from '#src/contract/accounts'
import { payBillBody, type Bill } from '#src/contract/bills'
import { nonNegativeMoney } from '#src/contract/common'
import { nextDueDate } from '#src/domain/recurrence'
import { useState } from 'react'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useBillMatches } from '../api/get-bill-links'
import { FormDialog } from '#src/web/components/form-dialog'
import {
  AccountOptions,
  DateField,
  MoneyField,
  SelectField,
} from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { asCents } from '#src/domain/money'
import { useDateFormat, useMoney } from '#src/web/lib/format'
import { centsToText, moneyText } from '#src/web/lib/money-input'
import { toast } from '#src/web/lib/toast'
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
      description="Choose the payment in your transactions, or record a new one. The bill moves to its next due date."
    >
      {bill !== null && (
        <ChoosePayment bill={bill} accounts={accounts} today={today} onDone={() => onOpenChange(false)} />
      )}
    </FormDialog>
  )
}

const NEW_PAYMENT = 'new'

/** The ledger's payments that could pay the due date, or a new one. */
function ChoosePayment({
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
  const matches = useBillMatches(bill.id)
  const pay = usePayBill()
  const format = useMoney()
  const formatDate = useDateFormat()
  const [choice, setChoice] = useState<string | null>(null)
  const [recordNew, setRecordNew] = useState(false)
  if (matches.isLoading) {
    return (
      <div className="grid gap-2" role="status" aria-label="Looking for matching payments">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    )
  }
  const found = matches.data?.matches ?? []
  if (recordNew || found.length === 0) {
    return (
      <div className="grid gap-4">
        {matches.error ? (
          <p className="text-sm text-muted-foreground" role="status">
            Your transactions could not be searched just now: record the payment below.
          </p>
        ) : (
          !recordNew && (
            <p className="text-sm text-muted-foreground" data-testid="pay-no-matches">
              No payment in your transactions matches this bill yet: record it here.
            </p>
          )
        )}
        <PayForm bill={bill} accounts={accounts} today={today} onDone={onDone} />
      </div>
    )
  }
  // only a payment under the bill's own payee is chosen for the member: one that merely has the
  // right amount (a $60 fuel stop for a $60 internet bill) waits for them to pick it
  const selected = choice ?? found.find((m) => m.payeeMatches)?.transactionId ?? NEW_PAYMENT
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (selected === NEW_PAYMENT) {
      setRecordNew(true)
      return
    }
    const match = found.find((m) => m.transactionId === selected)
    try {
      const res = await pay.mutateAsync({ id: bill.id, body: { transactionId: selected } })
      toast({
        title: 'Bill paid',
        description: res.bill.isActive
          ? `${match ? format(asCents(-match.amount)) : 'The payment'} settles it. ${bill.name} is next due ${formatDate(res.bill.nextDueDate, { weekday: true })}.`
          : `${bill.name} is done.`,
      })
      onDone()
    } catch {
      // shown below
    }
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Pay bill">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          Payments that match the due date of {formatDate(matches.data?.dueDate ?? bill.nextDueDate)}
        </legend>
        {found.map((m) => (
          <label
            key={`${m.transactionId}-${m.splitId ?? ''}`}
            className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            data-testid="pay-match"
          >
            <input
              type="radio"
              name="payment"
              value={m.transactionId}
              checked={selected === m.transactionId}
              onChange={() => setChoice(m.transactionId)}
              className="size-4 accent-primary"
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{m.merchant || 'No payee'}</span>
              <span className="block text-xs text-muted-foreground">
                {formatDate(m.date, { weekday: true })}
                {m.payeeMatches ? '' : ' · the same amount, another payee'}
              </span>
            </span>
            <span className="money tabular-nums">{format(m.amount)}</span>
          </label>
        ))}
        <label className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
          <input
            type="radio"
            name="payment"
            value={NEW_PAYMENT}
            checked={selected === NEW_PAYMENT}
            onChange={() => setChoice(NEW_PAYMENT)}
            className="size-4 accent-primary"
          />
          <span className="font-medium">Record a new payment</span>
        </label>
      </fieldset>
      <FormFooter
        error={pay.error}
        onCancel={onDone}
        busy={pay.isPending}
        submitLabel={selected === NEW_PAYMENT ? 'Next' : 'Mark paid'}
        busyLabel="Paying…"
      />
    </form>
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
  const { isSubmitting } = form.formState
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
      <SelectField form={form} name="accountId" label="Paid from">
        <AccountOptions accounts={accounts} none="Choose an account…" />
      </SelectField>
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField form={form} name="amount" label="Amount" placeholder={null} />
        <DateField form={form} name="date" label="Paid on" />
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
      <FormFooter
        error={pay.error}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel="Mark paid"
        busyLabel="Paying…"
      />
    </form>
  )
}
