// Planning an income, or changing one: its name, the payee the bank writes for it, the amount of
// each payment, how often it comes, the next payday (and the second one of a twice-a-month pay)
// and the account it is paid into. The plan counts it before it arrives (ADR 0044). What the
// server refuses shows at the field it names (a teen must name one of their own accounts).
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import type { Account } from '#src/contract/accounts'
import { positiveMoney } from '#src/contract/common'
import { createPlannedIncomeBody, type PlannedIncome } from '#src/contract/planned-income'
import { INCOME_SCHEDULES } from '#src/domain/plan/kinds'
import { FormDialog } from '#src/web/components/form-dialog'
import {
  AccountOptions,
  DateField,
  MoneyField,
  SelectField,
  TextField,
} from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { showIssuesAtFields } from '#src/web/components/forms/server-issues'
import type { OpenState } from '#src/web/components/open-state'
import { centsToText, moneyText } from '#src/web/lib/money-input'
import { toast } from '#src/web/lib/toast'
import { useCreatePlannedIncome, useUpdatePlannedIncome } from '../api/planned-income'
import { ordinalDay, SCHEDULE_LABELS } from '../income-schedule'

const fields = createPlannedIncomeBody.shape
const orNull = (v: string) => (v === '' ? null : v)

const incomeFormSchema = z.object({
  name: fields.name,
  payee: fields.payee.unwrap(),
  amount: moneyText(positiveMoney),
  schedule: fields.schedule.unwrap(),
  nextDate: fields.nextDate,
  secondDay: z
    .string()
    .transform((v) => (v === '' ? null : Number(v)))
    .pipe(fields.secondDay.unwrap()),
  accountId: z.string().transform(orNull).pipe(fields.accountId.unwrap()),
})
type FormInput = z.input<typeof incomeFormSchema>
type FormOutput = z.output<typeof incomeFormSchema>
type Field = keyof FormInput

const FIELDS: readonly string[] = Object.keys(incomeFormSchema.shape)
const isField = (name: string): name is Field => FIELDS.includes(name)

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1)

type IncomeFormProps = {
  /** the income to change; null to plan a new one */
  income: PlannedIncome | null
  /** the accounts the member may name: those they see whole (a teen's own) */
  accounts: Account[]
  defaultAccountId: string | null
  /** a teen's income must name one of their own accounts */
  ownAccountsOnly: boolean
  today: string
}

export function IncomeDialog({ open, onOpenChange, ...props }: OpenState & IncomeFormProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={props.income === null ? 'Add income' : `Edit ${props.income.name}`}
      description="Your plan counts this pay before it arrives; when it comes in, it takes the place of its expected line."
    >
      {open && <IncomeForm {...props} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function IncomeForm({
  income,
  accounts,
  defaultAccountId,
  ownAccountsOnly,
  today,
  onDone,
}: IncomeFormProps & { onDone: () => void }) {
  const create = useCreatePlannedIncome()
  const update = useUpdatePlannedIncome()
  const [formError, setFormError] = useState<unknown>(null)
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(incomeFormSchema),
    defaultValues: {
      name: income?.name ?? '',
      payee: income?.payee ?? '',
      amount: income ? centsToText(income.amount) : '',
      schedule: income?.schedule ?? 'monthly',
      nextDate: income?.nextDate ?? today,
      secondDay: income?.secondDay === null || income === null ? '' : String(income.secondDay),
      accountId: income === null ? (defaultAccountId ?? '') : (income.accountId ?? ''),
    },
  })
  const { isSubmitting } = form.formState
  const schedule = useWatch({ control: form.control, name: 'schedule' })
  const irregular = schedule === 'irregular'

  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null)
    // only a twice-a-month pay has a second payday
    const body = { ...v, secondDay: v.schedule === 'semimonthly' ? v.secondDay : null }
    try {
      if (income === null) {
        const created = await create.mutateAsync(body)
        toast({ title: 'Income added', description: `${created.name} is in your plan.` })
      } else {
        await update.mutateAsync({ id: income.id, body })
        toast({ title: 'Income updated', description: `${body.name} is saved.` })
      }
      onDone()
    } catch (error) {
      setFormError(showIssuesAtFields(form.setError, error, isField, { shouldFocus: true }))
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Income">
      <TextField form={form} name="name" label="Name" placeholder="e.g. Paycheck" />
      <TextField
        form={form}
        name="payee"
        label="Payee on statements"
        hint="Optional: how your bank writes it, so its payments are matched"
        placeholder="e.g. ACME PAYROLL"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField
          form={form}
          name="amount"
          label={irregular ? 'Amount in a month' : 'Amount'}
          hint={irregular ? 'What a usual month brings: keep it low' : 'Each payment, after tax'}
        />
        <SelectField form={form} name="schedule" label="How often">
          {INCOME_SCHEDULES.map((s) => (
            <option key={s} value={s}>
              {SCHEDULE_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField
          form={form}
          name="nextDate"
          label="Next payday"
          hint={irregular ? 'Any day: irregular income has no dates' : undefined}
        />
        {schedule === 'semimonthly' && (
          <SelectField form={form} name="secondDay" label="Second payday">
            <option value="">Choose a day</option>
            {DAYS.map((d) => (
              <option key={d} value={String(d)}>
                {ordinalDay(d)}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <SelectField
        form={form}
        name="accountId"
        label="Account"
        hint={
          ownAccountsOnly
            ? 'The account of yours it is paid into'
            : 'Optional: the account it is paid into'
        }
      >
        <AccountOptions accounts={accounts} none="Not set" />
      </SelectField>
      <FormFooter
        error={formError}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel={income === null ? 'Add income' : 'Save'}
      />
    </form>
  )
}
