// Creating or editing a rule: its name, whether all or any conditions must match, the
// conditions (payee or description contains / is / matches a pattern, amount of / between,
// account is) and what it does (set a category, rename the payee, add a note).
import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, Trash2 } from 'lucide-react'
import { useFieldArray, useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form'
import type { Account } from '#src/contract/accounts'
import type { RuleDto } from '#src/contract/rules'
import { OPERATORS_BY_FIELD, RULE_FIELDS, type RuleField } from '#src/domain/rules'
import { FormDialog } from '#src/web/components/form-dialog'
import { CategoryOptions, SelectField, TextField } from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { Button } from '#src/web/components/ui/button'
import { Input } from '#src/web/components/ui/input'
import { Label } from '#src/web/components/ui/label'
import { Select } from '#src/web/components/ui/select'
import { Switch } from '#src/web/components/ui/switch'
import type { CategoryOption } from '#src/web/lib/queries/categories'
import { toast } from '#src/web/lib/toast'
import { useCreateRule, useUpdateRule } from '../api/save-rule'
import {
  AMOUNT_DIRECTIONS,
  blankCondition,
  CLEAR_CATEGORY,
  DIRECTION_LABELS,
  FIELD_LABELS,
  OPERATOR_LABELS,
  ruleFormSchema,
  ruleFormValues,
  type RuleBody,
  type RuleFormInput,
} from '../rule-form'

type Form = UseFormReturn<RuleFormInput, unknown, RuleBody>

export function RuleFormDialog({
  open,
  onOpenChange,
  rule,
  accounts,
  categories,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  rule: RuleDto | null
  accounts: readonly Account[]
  categories: readonly CategoryOption[]
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={rule === null ? 'New rule' : `Edit “${rule.name}”`}
      description="When a transaction matches the conditions, the rule does what you choose. Rules run on every import, first match wins."
      className="sm:max-w-2xl"
    >
      {open && (
        <RuleForm
          rule={rule}
          accounts={accounts}
          categories={categories}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  )
}

function ConditionRow({
  form,
  index,
  accounts,
  canRemove,
  onRemove,
}: {
  form: Form
  index: number
  accounts: readonly Account[]
  canRemove: boolean
  onRemove: () => void
}) {
  const field = useWatch({ control: form.control, name: `conditions.${index}.field` })
  const operator = useWatch({ control: form.control, name: `conditions.${index}.operator` })
  const errors = form.formState.errors.conditions?.[index]
  const n = index + 1
  const message =
    errors?.text?.message ??
    errors?.accountId?.message ??
    errors?.amount?.message ??
    errors?.amount2?.message

  const fieldSelect = form.register(`conditions.${index}.field`, {
    onChange: (event: { target: { value: string } }) => {
      const next = RULE_FIELDS.find((f) => f === event.target.value) ?? 'payee'
      form.setValue(`conditions.${index}.operator`, OPERATORS_BY_FIELD[next][0] ?? 'contains')
    },
  })

  const textInput = (
    <Input
      aria-label={`Condition ${n}: ${operator === 'regex' ? 'pattern' : 'text'}`}
      aria-invalid={Boolean(errors?.text)}
      autoComplete="off"
      placeholder={operator === 'regex' ? 'e.g. ^(uber|lyft)' : 'e.g. coffee'}
      className={operator === 'regex' ? 'font-mono' : undefined}
      {...form.register(`conditions.${index}.text`)}
    />
  )
  const accountSelect = (
    <Select
      aria-label={`Condition ${n}: account`}
      aria-invalid={Boolean(errors?.accountId)}
      {...form.register(`conditions.${index}.accountId`)}
    >
      <option value="">Choose an account…</option>
      {accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </Select>
  )
  const directionSelect = (
    <Select
      aria-label={`Condition ${n}: direction`}
      {...form.register(`conditions.${index}.direction`)}
    >
      {AMOUNT_DIRECTIONS.map((d) => (
        <option key={d} value={d}>
          {DIRECTION_LABELS[d]}
        </option>
      ))}
    </Select>
  )

  return (
    <li className="space-y-2 rounded-lg border p-3" data-testid="rule-condition">
      {/* phone: one control a line; wider: the condition on one line */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:grid-cols-[9rem_11rem_minmax(0,1fr)_auto]">
        <Select aria-label={`Condition ${n}: what to look at`} {...fieldSelect}>
          {RULE_FIELDS.map((f) => (
            <option key={f} value={f}>
              {FIELD_LABELS[f]}
            </option>
          ))}
        </Select>
        {field === 'account' ? (
          <span className="hidden h-10 items-center px-1 text-sm text-muted-foreground sm:flex">
            is
          </span>
        ) : (
          <Select
            className="col-span-2 sm:col-span-1"
            aria-label={`Condition ${n}: how to compare`}
            {...form.register(`conditions.${index}.operator`)}
          >
            {OPERATORS_BY_FIELD[field].map((o) => (
              <option key={o} value={o}>
                {field === 'amount' && o === 'equals' ? 'is' : OPERATOR_LABELS[o]}
              </option>
            ))}
          </Select>
        )}
        <div className="col-span-2 sm:col-span-1">
          {field === 'account' ? accountSelect : field === 'amount' ? directionSelect : textInput}
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="col-start-2 row-start-1 sm:col-start-4"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={`Remove condition ${n}`}
          title={canRemove ? 'Remove this condition' : 'A rule needs at least one condition'}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {field === 'amount' && (
        <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 sm:max-w-md">
          <Input
            aria-label={
              operator === 'between' ? `Condition ${n}: from amount` : `Condition ${n}: amount`
            }
            aria-invalid={Boolean(errors?.amount)}
            inputMode="decimal"
            placeholder="0.00"
            className="text-right tabular-nums"
            {...form.register(`conditions.${index}.amount`)}
          />
          {operator === 'between' && (
            <>
              <span className="text-sm text-muted-foreground">and</span>
              <Input
                aria-label={`Condition ${n}: to amount`}
                aria-invalid={Boolean(errors?.amount2)}
                inputMode="decimal"
                placeholder="0.00"
                className="text-right tabular-nums"
                {...form.register(`conditions.${index}.amount2`)}
              />
            </>
          )}
        </div>
      )}
      {message && <p className="text-sm font-medium text-negative">{message}</p>}
      {field === 'amount' && !message && (
        <p className="text-xs text-muted-foreground">
          Amounts as the bank shows them, without a sign: choose money out for spending.
        </p>
      )}
      {operator === 'regex' && !message && (
        <p className="text-xs text-muted-foreground">
          A regular expression, case-insensitive. Patterns that could run for ever are refused.
        </p>
      )}
    </li>
  )
}

function MatchChoice({
  control,
  form,
}: {
  control: Control<RuleFormInput, unknown, RuleBody>
  form: Form
}) {
  const match = useWatch({ control, name: 'match' })
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <legend className="sr-only">How the conditions combine</legend>
      <span className="text-muted-foreground">Match</span>
      {(
        [
          { value: 'all', label: 'all conditions' },
          { value: 'any', label: 'any condition' },
        ] as const
      ).map((o) => (
        <label key={o.value} className="flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            value={o.value}
            checked={match === o.value}
            className="accent-primary"
            {...form.register('match')}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  )
}

function RuleForm({
  rule,
  accounts,
  categories,
  onDone,
}: {
  rule: RuleDto | null
  accounts: readonly Account[]
  categories: readonly CategoryOption[]
  onDone: () => void
}) {
  const create = useCreateRule()
  const update = useUpdateRule()
  const form = useForm<RuleFormInput, unknown, RuleBody>({
    resolver: zodResolver(ruleFormSchema),
    defaultValues: ruleFormValues(rule),
  })
  const conditions = useFieldArray({ control: form.control, name: 'conditions' })
  const isActive = useWatch({ control: form.control, name: 'isActive' })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      if (rule === null) {
        const created = await create.mutateAsync(body)
        toast({ title: 'Rule added', description: `“${created.name}” runs on your next import.` })
      } else {
        await update.mutateAsync({ id: rule.id, body })
        toast({ title: 'Rule saved', description: `“${body.name}” is updated.` })
      }
      onDone()
    } catch {
      // shown below
    }
  })

  const addCondition = (field: RuleField) => conditions.append(blankCondition(field))

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Rule">
      <TextField
        form={form}
        name="name"
        label="Name"
        autoComplete="off"
        placeholder="e.g. Coffee shops"
      />

      <section className="space-y-3" aria-labelledby="rule-when">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="rule-when" className="text-sm font-semibold">
            When
          </h3>
          {conditions.fields.length > 1 && <MatchChoice control={form.control} form={form} />}
        </div>
        <ul className="space-y-2">
          {conditions.fields.map((item, index) => (
            <ConditionRow
              key={item.id}
              form={form}
              index={index}
              accounts={accounts}
              canRemove={conditions.fields.length > 1}
              onRemove={() => conditions.remove(index)}
            />
          ))}
        </ul>
        {errors.conditions?.root?.message || errors.conditions?.message ? (
          <p className="text-sm font-medium text-negative">
            {errors.conditions.root?.message ?? errors.conditions.message}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => addCondition('payee')}
          disabled={conditions.fields.length >= 20}
        >
          <Plus aria-hidden="true" />
          Add a condition
        </Button>
      </section>

      <section className="space-y-3" aria-labelledby="rule-then">
        <h3 id="rule-then" className="text-sm font-semibold">
          Then
        </h3>
        <SelectField form={form} name="categoryId" label="Set the category">
          <option value="">Leave it as it is</option>
          <option value={CLEAR_CATEGORY}>Clear the category</option>
          <CategoryOptions categories={categories} />
        </SelectField>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            form={form}
            name="renamePayee"
            label="Rename the payee to"
            hint="Leave empty to keep it"
            autoComplete="off"
            placeholder="e.g. Starbucks"
          />
          <TextField
            form={form}
            name="addNote"
            label="Add a note"
            hint="Added once to the row’s notes"
            autoComplete="off"
            placeholder="e.g. Work expense"
          />
        </div>
      </section>

      <div className="flex items-center gap-3">
        <Switch
          id="rule-active"
          checked={isActive}
          onCheckedChange={(checked) => form.setValue('isActive', checked, { shouldDirty: true })}
        />
        <Label htmlFor="rule-active" className="font-normal">
          {isActive ? 'On: the rule runs on imports' : 'Off: the rule is kept but does not run'}
        </Label>
      </div>

      <FormFooter
        error={create.error ?? update.error}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel={rule === null ? 'Add rule' : 'Save rule'}
      />
    </form>
  )
}
