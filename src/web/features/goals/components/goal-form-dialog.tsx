// Creating or editing a goal: its name, the target, what is already saved (new goals), the
// date to reach it, the planned monthly contribution and, optionally, the account it lives in.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { Account } from '../../../../contract/accounts'
import { nonNegativeMoney, positiveMoney } from '../../../../contract/common'
import { createGoalBody, type Goal } from '../../../../contract/goals'
import { FormDialog, FormError } from '../../../components/form-dialog'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { centsToText, moneyText, optionalMoneyText } from '../../../lib/money-input'
import { toast } from '../../../lib/toast'
import { useCreateGoal, useUpdateGoal } from '../api/save-goal'

const fields = createGoalBody.shape
const orNull = (v: string) => (v === '' ? null : v)

const goalFormSchema = z.object({
  name: fields.name,
  targetAmount: moneyText(positiveMoney, 'Enter the amount to reach'),
  currentAmount: optionalMoneyText(nonNegativeMoney),
  targetDate: z.string().transform(orNull).pipe(fields.targetDate.unwrap()),
  monthlyContribution: optionalMoneyText(nonNegativeMoney),
  accountId: z.string().transform(orNull).pipe(fields.accountId.unwrap()),
})
type FormInput = z.input<typeof goalFormSchema>
type FormOutput = z.output<typeof goalFormSchema>

export function GoalFormDialog({
  open,
  onOpenChange,
  goal,
  accounts,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  goal: Goal | null
  accounts: Account[]
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={goal === null ? 'Create a savings goal' : `Edit ${goal.name}`}
      description="Set a target and a monthly amount; your spending plan sets that aside each month."
    >
      {open && <GoalForm goal={goal} accounts={accounts} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function GoalForm({
  goal,
  accounts,
  onDone,
}: {
  goal: Goal | null
  accounts: Account[]
  onDone: () => void
}) {
  const create = useCreateGoal()
  const update = useUpdateGoal()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(goalFormSchema),
    defaultValues: {
      name: goal?.name ?? '',
      targetAmount: goal ? centsToText(goal.targetAmount) : '',
      currentAmount: '',
      targetDate: goal?.targetDate ?? '',
      monthlyContribution:
        goal && goal.monthlyContribution > 0 ? centsToText(goal.monthlyContribution) : '',
      accountId: goal?.accountId ?? '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      if (goal === null) {
        const created = await create.mutateAsync({ ...v, isActive: true })
        toast({ title: 'Goal created', description: `${created.name} is on its way.` })
      } else {
        const { currentAmount: _ignored, ...rest } = v
        await update.mutateAsync({
          id: goal.id,
          body: {
            ...rest,
            monthlyContribution: rest.monthlyContribution ?? goal.monthlyContribution,
          },
        })
        toast({ title: 'Goal updated', description: `${v.name} is saved.` })
      }
      onDone()
    } catch {
      // shown below
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Goal">
      <FormField label="Name" error={errors.name?.message}>
        {(control) => (
          <Input {...control} placeholder="e.g. Emergency fund" {...form.register('name')} />
        )}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Target" error={errors.targetAmount?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              placeholder="0.00"
              className="text-right tabular-nums"
              {...form.register('targetAmount')}
            />
          )}
        </FormField>
        {goal === null && (
          <FormField
            label="Already saved"
            error={errors.currentAmount?.message}
            hint="Leave empty for 0"
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                placeholder="0.00"
                className="text-right tabular-nums"
                {...form.register('currentAmount')}
              />
            )}
          </FormField>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Each month"
          error={errors.monthlyContribution?.message}
          hint="Set aside in your spending plan"
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              placeholder="0.00"
              className="text-right tabular-nums"
              {...form.register('monthlyContribution')}
            />
          )}
        </FormField>
        <FormField label="Target date" error={errors.targetDate?.message} hint="Optional">
          {(control) => <Input {...control} type="date" {...form.register('targetDate')} />}
        </FormField>
      </div>
      <FormField
        label="Saved in"
        error={errors.accountId?.message}
        hint="Optional: the account that holds this money"
      >
        {(control) => (
          <Select {...control} {...form.register('accountId')}>
            <option value="">No particular account</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormError error={create.error ?? update.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : goal === null ? 'Create goal' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
