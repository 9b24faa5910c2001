// Creating or editing a goal: its name, the target, what is already saved (new goals), the
// date to reach it, the planned monthly contribution and, optionally, the account it lives in.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { Account } from '#src/contract/accounts'
import { nonNegativeMoney, positiveMoney } from '#src/contract/common'
import { createGoalBody, type Goal } from '#src/contract/goals'
import { FormDialog } from '#src/web/components/form-dialog'
import {
  AccountOptions,
  DateField,
  MoneyField,
  SelectField,
  TextField,
} from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { centsToText, moneyText, optionalMoneyText } from '#src/web/lib/money-input'
import { toast } from '#src/web/lib/toast'
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
  const { isSubmitting } = form.formState
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
      <TextField form={form} name="name" label="Name" placeholder="e.g. Emergency fund" />
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField form={form} name="targetAmount" label="Target" />
        {goal === null && (
          <MoneyField
            form={form}
            name="currentAmount"
            label="Already saved"
            hint="Leave empty for 0"
          />
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField
          form={form}
          name="monthlyContribution"
          label="Each month"
          hint="Set aside in your spending plan"
        />
        <DateField form={form} name="targetDate" label="Target date" hint="Optional" />
      </div>
      <SelectField
        form={form}
        name="accountId"
        label="Saved in"
        hint="Optional: the account that holds this money"
      >
        <AccountOptions accounts={accounts} none="No particular account" />
      </SelectField>
      <FormFooter
        error={create.error ?? update.error}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel={goal === null ? 'Create goal' : 'Save'}
      />
    </form>
  )
}
