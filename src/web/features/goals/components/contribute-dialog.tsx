// Putting money into a goal or taking some out: the amount, the date and a note. A withdrawal
// cannot take out more than the goal holds (the server says so).
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { positiveMoney } from '#src/contract/common'
import { contributeBody, type Goal } from '#src/contract/goals'
import { negate } from '#src/domain/money'
import { FormDialog } from '#src/web/components/form-dialog'
import { DateField, MoneyField, TextField } from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { Money } from '#src/web/components/money'
import { cn } from '#src/web/lib/cn'
import { moneyText } from '#src/web/lib/money-input'
import { toast } from '#src/web/lib/toast'
import { useContribute } from '../api/save-goal'

const schema = z.object({
  direction: z.enum(['add', 'withdraw']),
  amount: moneyText(positiveMoney),
  date: contributeBody.shape.date.unwrap(),
  note: contributeBody.shape.note,
})
type FormInput = z.input<typeof schema>
type FormOutput = z.output<typeof schema>

export function ContributeDialog({
  goal,
  today,
  onOpenChange,
}: {
  goal: Goal | null
  today: string
  onOpenChange: (open: boolean) => void
}) {
  return (
    <FormDialog
      open={goal !== null}
      onOpenChange={onOpenChange}
      title={goal === null ? 'Contribute' : `Contribute to ${goal.name}`}
      description="Add what you set aside, or withdraw what you took out."
    >
      {goal !== null && (
        <ContributeForm goal={goal} today={today} onDone={() => onOpenChange(false)} />
      )}
    </FormDialog>
  )
}

function ContributeForm({
  goal,
  today,
  onDone,
}: {
  goal: Goal
  today: string
  onDone: () => void
}) {
  const contribute = useContribute()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { direction: 'add', amount: '', date: today, note: '' },
  })
  const direction = useWatch({ control: form.control, name: 'direction' })
  const { isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const updated = await contribute.mutateAsync({
        id: goal.id,
        body: {
          amount: v.direction === 'add' ? v.amount : negate(v.amount),
          date: v.date,
          note: v.note,
        },
      })
      toast({
        title: v.direction === 'add' ? 'Contribution added' : 'Withdrawal recorded',
        description: `${updated.name} is now at its new amount.`,
      })
      onDone()
    } catch {
      // shown below
    }
  })
  const option = (value: 'add' | 'withdraw', label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={direction === value}
      onClick={() => form.setValue('direction', value)}
      className={cn(
        'h-9 flex-1 rounded-md text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
        direction === value ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground',
      )}
    >
      {label}
    </button>
  )
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Contribution">
      <p className="text-sm text-muted-foreground">
        Saved so far: <Money value={goal.currentAmount} className="font-medium text-foreground" />{' '}
        of <Money value={goal.targetAmount} />
      </p>
      <div
        role="radiogroup"
        aria-label="Add or withdraw"
        className="flex gap-1 rounded-lg bg-muted p-1"
      >
        {option('add', 'Add money')}
        {option('withdraw', 'Withdraw')}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField form={form} name="amount" label="Amount" autoFocus />
        <DateField form={form} name="date" label="Date" />
      </div>
      <TextField form={form} name="note" label="Note" placeholder="Optional" />
      <FormFooter
        error={contribute.error}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel={direction === 'add' ? 'Add money' : 'Withdraw'}
      />
    </form>
  )
}
