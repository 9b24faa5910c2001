// Putting money into a goal or taking some out: the amount, the date and a note. A withdrawal
// cannot take out more than the goal holds (the server says so).
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { positiveMoney } from '../../../../contract/common'
import { contributeBody, type Goal } from '../../../../contract/goals'
import { negate } from '../../../../domain/money'
import { FormDialog, FormError } from '../../../components/form-dialog'
import { Money } from '../../../components/money'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { cn } from '../../../lib/cn'
import { moneyText } from '../../../lib/money-input'
import { toast } from '../../../lib/toast'
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
  const { errors, isSubmitting } = form.formState
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
        <FormField label="Amount" error={errors.amount?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoFocus
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
      <FormField label="Note" error={errors.note?.message}>
        {(control) => <Input {...control} placeholder="Optional" {...form.register('note')} />}
      </FormField>
      <FormError error={contribute.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : direction === 'add' ? 'Add money' : 'Withdraw'}
        </Button>
      </div>
    </form>
  )
}
