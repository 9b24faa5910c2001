// Adding or changing an automation: a type picker (new ones only; an automation keeps its type),
// then the fields that type needs. react-hook-form with the contract's schema as the resolver;
// the server's refusals are shown at the field they name (body.config.url → the URL field).
import { useForm, useWatch } from 'react-hook-form'
import type { Account } from '#src/contract/accounts'
import {
  ALERT_CONDITIONS,
  CADENCES,
  WEBHOOK_EVENTS,
  type Automation,
  type AutomationType,
} from '#src/contract/automations'
import type { Category } from '#src/contract/categories'
import type { Goal } from '#src/contract/goals'
import { FormDialog } from '#src/web/components/form-dialog'
import { AccountOptions, DateField, SelectField, TextField } from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { errorIssues } from '#src/web/lib/api-issues'
import { cn } from '#src/web/lib/cn'
import { categoryOptions } from '#src/web/lib/queries/categories'
import { toast } from '#src/web/lib/toast'
import { useCreateAutomation, type NewAutomation } from '../api/create-automation'
import { useUpdateAutomation } from '../api/update-automation'
import {
  automationResolver,
  emptyValues,
  fieldOfPath,
  valuesOf,
  type FormValues,
} from '../automation-form'
import {
  CADENCE_LABELS,
  CONDITION_LABELS,
  EVENT_LABELS,
  TYPE_LABELS,
  TYPE_ORDER,
} from '../automation-text'

export type FormOptions = {
  accounts: Account[]
  categories: Category[]
  goals: Goal[]
  today: string
}

export function AutomationFormDialog({
  open,
  editing,
  onOpenChange,
  onSecret,
  options,
}: {
  open: boolean
  /** null: a new one */
  editing: Automation | null
  onOpenChange: (open: boolean) => void
  /** a new webhook's signing secret, shown once */
  onSecret: (name: string, secret: string) => void
  options: FormOptions
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit ${editing.name}` : 'New automation'}
      description={
        editing
          ? TYPE_LABELS[editing.type].blurb
          : 'Choose what should happen by itself, then fill in the details.'
      }
      className="sm:max-w-xl"
    >
      {open && (
        <AutomationForm
          key={editing?.id ?? 'new'}
          editing={editing}
          options={options}
          onSecret={onSecret}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  )
}

function AutomationForm({
  editing,
  options,
  onSecret,
  onDone,
}: {
  editing: Automation | null
  options: FormOptions
  onSecret: (name: string, secret: string) => void
  onDone: () => void
}) {
  const create = useCreateAutomation()
  const update = useUpdateAutomation()
  const form = useForm<FormValues, unknown, NewAutomation>({
    resolver: automationResolver,
    defaultValues: editing
      ? valuesOf(editing, options.today)
      : emptyValues('scheduled_transaction', options.today),
  })
  const { errors, isSubmitting } = form.formState
  const type = useWatch({ control: form.control, name: 'type' })
  const condition = useWatch({ control: form.control, name: 'condition' })
  const trigger = useWatch({ control: form.control, name: 'trigger' })
  const mutation = editing ? update : create
  const accounts = options.accounts.filter((a) => a.view === 'full' && !a.isClosed)
  const goals = options.goals.filter((g) => g.isActive || g.id === form.getValues('goalId'))
  const categories = categoryOptions(options.categories)

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, body: { name: body.name, config: body.config } })
        toast({ title: 'Automation saved', description: `${body.name} is updated.` })
      } else {
        const made = await create.mutateAsync(body)
        toast({ title: 'Automation created', description: `${made.name} is set up.` })
        if (made.secret) onSecret(made.name, made.secret)
      }
      onDone()
    } catch (error) {
      for (const [path, message] of errorIssues(error)) {
        const field = fieldOfPath(path.split('.'))
        if (field) form.setError(field, { type: 'server', message })
      }
    }
  })

  const accountSelect = (
    name: 'accountId' | 'incomeAccountId' | 'fromAccountId' | 'toAccountId',
    label: string,
    blank: string,
  ) => (
    <SelectField form={form} name={name} label={label}>
      <AccountOptions accounts={accounts} none={blank} />
    </SelectField>
  )
  const categorySelect = (label: string, blank: string) => (
    <SelectField form={form} name="categoryId" label={label}>
      <option value="">{blank}</option>
      {categories.map((c) => (
        <option key={c.id} value={c.id}>
          {c.depth === 1 ? `— ${c.label}` : c.label}
        </option>
      ))}
    </SelectField>
  )
  const amountField = (label: string, hint?: string) => (
    // typed as text, left-aligned as it always was here (MoneyField would right-align it)
    <TextField
      form={form}
      name="amount"
      label={label}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
    />
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Automation">
      {editing === null && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Type</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {TYPE_ORDER.map((t: AutomationType) => (
              <label
                key={t}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  type === t ? 'border-primary bg-accent/40' : 'hover:bg-muted/60',
                )}
              >
                <input
                  type="radio"
                  value={t}
                  className="mt-0.5 accent-primary"
                  {...form.register('type')}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{TYPE_LABELS[t].title}</span>
                  <span className="text-xs text-muted-foreground">{TYPE_LABELS[t].blurb}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <TextField
        form={form}
        name="name"
        label="Name"
        autoComplete="off"
        placeholder="e.g. Gym membership"
      />

      {type === 'scheduled_transaction' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} name="cadence" label="How often">
            {CADENCES.map((c) => (
              <option key={c} value={c}>
                {CADENCE_LABELS[c]}
              </option>
            ))}
          </SelectField>
          <DateField
            form={form}
            name="startDate"
            label="First date"
            hint="Later dates keep its day of the month"
          />
          <SelectField form={form} name="direction" label="Direction">
            <option value="out">Money out</option>
            <option value="in">Money in</option>
          </SelectField>
          {amountField('Amount')}
          {accountSelect('accountId', 'Account', 'Choose an account')}
          {categorySelect('Category', 'No category')}
          <TextField
            form={form}
            name="payee"
            label="Payee"
            hint="Optional"
            className="sm:col-span-2"
            autoComplete="off"
          />
        </div>
      )}

      {type === 'goal_transfer' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} name="goalId" label="Goal">
            <option value="">Choose a goal</option>
            {goals.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </SelectField>
          {amountField('Amount each time')}
          <SelectField form={form} name="trigger" label="When">
            <option value="monthly">Every month on a day</option>
            <option value="income">When income arrives</option>
          </SelectField>
          {trigger === 'monthly' ? (
            <TextField
              form={form}
              name="dayOfMonth"
              label="Day of the month"
              hint="A short month uses its last day"
              type="number"
              min={1}
              max={31}
              inputMode="numeric"
            />
          ) : (
            accountSelect('incomeAccountId', 'Income arrives in', 'Choose an account')
          )}
          {accountSelect('fromAccountId', 'Move money from', 'Do not move money')}
          {accountSelect('toAccountId', 'Move money to', 'Do not move money')}
          <p className="text-xs text-muted-foreground sm:col-span-2">
            Leave both accounts empty to count the money towards the goal only.
          </p>
        </div>
      )}

      {type === 'alert' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            form={form}
            name="condition"
            label="Alert me about"
            className="sm:col-span-2"
          >
            {ALERT_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONDITION_LABELS[c]}
              </option>
            ))}
          </SelectField>
          {condition === 'transaction_over' && (
            <>
              {amountField('Spending over')}
              {accountSelect('accountId', 'In account', 'Any account')}
            </>
          )}
          {condition === 'balance_under' && (
            <>
              {amountField('Balance under', 'A negative amount works for an overdraft')}
              {accountSelect('accountId', 'Account', 'Choose an account')}
            </>
          )}
          {condition === 'budget' && categorySelect('Budget', 'Every budget')}
          {condition === 'bill_due' && (
            <TextField
              form={form}
              name="days"
              label="Days before the due date"
              type="number"
              min={0}
              max={60}
              inputMode="numeric"
            />
          )}
          <p className="text-xs text-muted-foreground sm:col-span-2">
            Alerts arrive as reminders in the bell, for each member who may see what they are about.
          </p>
        </div>
      )}

      {type === 'webhook' && (
        <div className="grid gap-4">
          <TextField
            form={form}
            name="url"
            label="URL"
            hint="Each request is signed with HMAC-SHA256 in the X-Kinwise-Signature header"
            type="url"
            autoComplete="off"
            placeholder="https://example.com/kinwise"
          />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Send when</legend>
            {WEBHOOK_EVENTS.map((e) => (
              <label key={e} className="flex items-center gap-2 text-sm">
                <Checkbox value={e} {...form.register('events')} />
                {EVENT_LABELS[e]}
              </label>
            ))}
            {errors.events?.message && (
              <p className="text-sm font-medium text-negative">{errors.events.message}</p>
            )}
          </fieldset>
        </div>
      )}

      <FormFooter
        error={mutation.error && errorIssues(mutation.error).size === 0 ? mutation.error : null}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel={editing ? 'Save changes' : 'Create automation'}
      />
    </form>
  )
}
