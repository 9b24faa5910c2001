// Planning an income, or changing one: its name, the payee the bank writes for it, the amount of
// each payment, how often it comes, the next payday (and the second one of a twice-a-month pay)
// and the account it is paid into. The plan counts it before it arrives (ADR 0044). What the
// server refuses shows at the field it names (a teen must name one of their own accounts).
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import type { Account } from '../../../../contract/accounts'
import { positiveMoney } from '../../../../contract/common'
import { createPlannedIncomeBody, type PlannedIncome } from '../../../../contract/planned-income'
import { INCOME_SCHEDULES } from '../../../../domain/plan/kinds'
import { FormDialog, FormError } from '../../../components/form-dialog'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { spreadIssues } from '../../../lib/api-issues'
import { centsToText, moneyText } from '../../../lib/money-input'
import { toast } from '../../../lib/toast'
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

export function IncomeDialog({
  open,
  onOpenChange,
  income,
  accounts,
  defaultAccountId,
  ownAccountsOnly,
  today,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** the income to change; null to plan a new one */
  income: PlannedIncome | null
  /** the accounts the member may name: those they see whole (a teen's own) */
  accounts: Account[]
  defaultAccountId: string | null
  /** a teen's income must name one of their own accounts */
  ownAccountsOnly: boolean
  today: string
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={income === null ? 'Add income' : `Edit ${income.name}`}
      description="Your plan counts this pay before it arrives; when it comes in, it takes the place of its expected line."
    >
      {open && (
        <IncomeForm
          income={income}
          accounts={accounts}
          defaultAccountId={defaultAccountId}
          ownAccountsOnly={ownAccountsOnly}
          today={today}
          onDone={() => onOpenChange(false)}
        />
      )}
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
}: {
  income: PlannedIncome | null
  accounts: Account[]
  defaultAccountId: string | null
  ownAccountsOnly: boolean
  today: string
  onDone: () => void
}) {
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
  const { errors, isSubmitting } = form.formState
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
      const rest = spreadIssues(error, (field, message) => {
        if (!isField(field)) return false
        form.setError(field, { type: 'server', message }, { shouldFocus: true })
        return true
      })
      setFormError(rest === null ? null : error)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Income">
      <FormField label="Name" error={errors.name?.message}>
        {(control) => (
          <Input {...control} placeholder="e.g. Paycheck" {...form.register('name')} />
        )}
      </FormField>
      <FormField
        label="Payee on statements"
        error={errors.payee?.message}
        hint="Optional: how your bank writes it, so its payments are matched"
      >
        {(control) => (
          <Input {...control} placeholder="e.g. ACME PAYROLL" {...form.register('payee')} />
        )}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label={irregular ? 'Amount in a month' : 'Amount'}
          error={errors.amount?.message}
          hint={irregular ? 'What a usual month brings: keep it low' : 'Each payment, after tax'}
        >
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
        <FormField label="How often" error={errors.schedule?.message}>
          {(control) => (
            <Select {...control} {...form.register('schedule')}>
              {INCOME_SCHEDULES.map((s) => (
                <option key={s} value={s}>
                  {SCHEDULE_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Next payday"
          error={errors.nextDate?.message}
          hint={irregular ? 'Any day: irregular income has no dates' : undefined}
        >
          {(control) => <Input {...control} type="date" {...form.register('nextDate')} />}
        </FormField>
        {schedule === 'semimonthly' && (
          <FormField label="Second payday" error={errors.secondDay?.message}>
            {(control) => (
              <Select {...control} {...form.register('secondDay')}>
                <option value="">Choose a day</option>
                {DAYS.map((d) => (
                  <option key={d} value={String(d)}>
                    {ordinalDay(d)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
      </div>
      <FormField
        label="Account"
        error={errors.accountId?.message}
        hint={
          ownAccountsOnly
            ? 'The account of yours it is paid into'
            : 'Optional: the account it is paid into'
        }
      >
        {(control) => (
          <Select {...control} {...form.register('accountId')}>
            <option value="">Not set</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormError error={formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : income === null ? 'Add income' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
