// Reconciling an account with the bank: type the balance your statement shows, see the
// difference from Kinwise's balance as you type, and record it as an adjustment entry.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { reconcileBody, type Account } from '#src/contract/accounts'
import { money } from '#src/contract/common'
import { asCents } from '#src/domain/money'
import { FormDialog } from '#src/web/components/form-dialog'
import { DateField, MoneyField } from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { Money } from '#src/web/components/money'
import { cn } from '#src/web/lib/cn'
import { moneyText, parseAmountText } from '#src/web/lib/money-input'
import { toast } from '#src/web/lib/toast'
import { useReconcileAccount } from '../api/reconcile-account'

const schema = z.object({
  statementBalance: moneyText(money, 'Enter the balance your bank shows'),
  date: reconcileBody.shape.date.unwrap(),
})
type FormInput = z.input<typeof schema>
type FormOutput = z.output<typeof schema>

export function ReconcileDialog({
  account,
  today,
  onOpenChange,
}: {
  account: Account | null
  today: string
  onOpenChange: (open: boolean) => void
}) {
  return (
    <FormDialog
      open={account !== null}
      onOpenChange={onOpenChange}
      title={account === null ? 'Reconcile' : `Reconcile ${account.name}`}
      description="Enter the balance on your bank's statement or app. Any difference is recorded as a balance adjustment."
    >
      {account !== null && (
        <ReconcileForm account={account} today={today} onDone={() => onOpenChange(false)} />
      )}
    </FormDialog>
  )
}

function ReconcileForm({
  account,
  today,
  onDone,
}: {
  account: Account
  today: string
  onDone: () => void
}) {
  const reconcile = useReconcileAccount()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { statementBalance: '', date: today },
  })
  const typed = useWatch({ control: form.control, name: 'statementBalance' })
  const parsed = parseAmountText(typed)
  const decoded = parsed === null ? null : money.safeDecode(parsed)
  const difference = decoded?.success ? asCents(decoded.data - account.balance) : null
  const { isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const result = await reconcile.mutateAsync({ id: account.id, body: v })
      toast({
        title: result.adjustmentId === null ? 'Balances match' : 'Adjustment recorded',
        description:
          result.adjustmentId === null
            ? `${account.name} already shows the bank's balance.`
            : `${account.name} now matches your bank.`,
      })
      onDone()
    } catch {
      // shown below
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reconcile">
      <dl className="grid grid-cols-2 gap-y-2 rounded-lg bg-muted/60 p-3 text-sm">
        <dt className="text-muted-foreground">Balance in Kinwise</dt>
        <dd className="text-right font-medium">
          <Money value={account.balance} currency={account.currency} />
        </dd>
        <dt className="text-muted-foreground">Difference</dt>
        <dd
          className={cn(
            'text-right font-semibold',
            difference !== null && difference !== 0 && 'text-warning',
          )}
          data-testid="reconcile-difference"
          aria-live="polite"
        >
          {difference === null ? (
            '—'
          ) : (
            <Money value={difference} currency={account.currency} showPlus />
          )}
        </dd>
      </dl>
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField
          form={form}
          name="statementBalance"
          label="Balance your bank shows"
          hint="Negative when you owe it (a card or loan)"
          autoFocus
        />
        <DateField form={form} name="date" label="As of" />
      </div>
      <FormFooter
        error={reconcile.error}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel={difference === 0 ? 'Confirm balance' : 'Record adjustment'}
      />
    </form>
  )
}
