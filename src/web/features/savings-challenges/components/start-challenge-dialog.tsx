// Starting a challenge from the catalogue: the dialog asks only what the chosen kind needs (a
// goal, a step and its direction, categories, cards, a target, an end date, a daily allowance —
// pre-filled with today's, the dashboard's; left empty the server takes today's too — a percent,
// a month). The contract's schema checks the answers first; the API's refusals are
// shown at the field they name (issues[].path such as body.goalId), the rest above the buttons.
import { useState, type FormEvent, type ReactNode } from 'react'
import type { Account } from '#src/contract/accounts'
import type { Category } from '#src/contract/categories'
import { createChallengeBody, type catalogEntry } from '#src/contract/challenges'
import type { Goal } from '#src/contract/goals'
import type { Cents } from '#src/domain/money'
import { addDays } from '#src/domain/dates'
import type { z } from 'zod'
import { FormDialog } from '#src/web/components/form-dialog'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { errorIssues } from '#src/web/lib/api-issues'
import { AMOUNT_HINT, centsToText, parseAmountText } from '#src/web/lib/money-input'
import { categoryOptions } from '#src/web/lib/queries/categories'
import { toast } from '#src/web/lib/toast'
import { useStartChallenge } from '../api/save-challenge'

export type CatalogEntry = z.output<typeof catalogEntry>

type Values = {
  name: string
  goalId: string
  step: string
  direction: 'ascending' | 'descending'
  which: 'all' | 'weekends'
  categoryIds: string[]
  categoryId: string
  accountIds: string[]
  target: string
  endDate: string
  dailyAllowance: string
  percent: string
  month: string
}
type Field = keyof Values
type Errors = Partial<Record<Field, string>>

const FIELDS: readonly Field[] = [
  'name',
  'goalId',
  'step',
  'direction',
  'which',
  'categoryIds',
  'categoryId',
  'accountIds',
  'target',
  'endDate',
  'dailyAllowance',
  'percent',
  'month',
]
const isField = (key: string): key is Field => (FIELDS as readonly string[]).includes(key)

/** Kinds that gather money one may sweep into a goal: the goal is optional there. */
const SWEEPS = new Set<CatalogEntry['kind']>(['round_up', 'unspent_allowance'])

export function StartChallengeDialog({
  entry,
  onOpenChange,
  today,
  goals,
  categories,
  cards,
  dailyAllowance,
}: {
  entry: CatalogEntry | null
  onOpenChange: (open: boolean) => void
  today: string
  goals: Goal[]
  categories: Category[]
  cards: Account[]
  /** today's daily allowance (the dashboard's), to start from; null until known */
  dailyAllowance: Cents | null
}) {
  return (
    <FormDialog
      open={entry !== null}
      onOpenChange={onOpenChange}
      title={entry === null ? 'Start a challenge' : `Start: ${entry.name}`}
      description={entry?.description ?? ''}
    >
      {entry !== null && (
        <StartForm
          key={entry.kind}
          entry={entry}
          today={today}
          goals={goals}
          categories={categories}
          cards={cards}
          dailyAllowance={dailyAllowance}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  )
}

function money(text: string): number | undefined {
  return text.trim() === '' ? undefined : (parseAmountText(text) ?? Number.NaN)
}

function StartForm({
  entry,
  today,
  goals,
  categories,
  cards,
  dailyAllowance,
  onDone,
}: {
  entry: CatalogEntry
  today: string
  goals: Goal[]
  categories: Category[]
  cards: Account[]
  dailyAllowance: Cents | null
  onDone: () => void
}) {
  const start = useStartChallenge()
  const [values, setValues] = useState<Values>({
    name: '',
    goalId: '',
    step: '',
    direction: 'ascending',
    which: 'all',
    categoryIds: [],
    categoryId: '',
    accountIds: [],
    target: '',
    endDate: addDays(today, 90),
    dailyAllowance:
      dailyAllowance !== null && dailyAllowance > 0 ? centsToText(dailyAllowance) : '',
    percent: '',
    month: today.slice(0, 7),
  })
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<unknown>(null)
  const needs = new Set(entry.needs)
  const asksGoal = needs.has('goal') || SWEEPS.has(entry.kind)
  const set = <K extends Field>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }
  const toggle = (key: 'categoryIds' | 'accountIds', id: string, on: boolean) =>
    set(key, on ? [...values[key], id] : values[key].filter((x) => x !== id))

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setFormError(null)
    const found: Errors = {}
    const moneyFields = (['step', 'target', 'dailyAllowance'] as const).filter((f) => needs.has(f))
    for (const f of moneyFields) {
      // an empty daily allowance is today's, worked out by the server
      if (values[f].trim() === '') {
        if (f !== 'dailyAllowance') found[f] = 'Enter an amount'
      } else if (parseAmountText(values[f]) === null) found[f] = AMOUNT_HINT
    }
    if (needs.has('goal') && values.goalId === '') found.goalId = 'Choose the goal it feeds'
    if (needs.has('category') && values.categoryId === '') found.categoryId = 'Choose a category'
    if (needs.has('cards') && values.accountIds.length === 0)
      found.accountIds = 'Choose at least one card'
    if (needs.has('percent') && values.percent.trim() === '') found.percent = 'Enter a percent'
    const wire: Record<string, unknown> = {
      kind: entry.kind,
      name: values.name.trim() === '' ? undefined : values.name,
      goalId: asksGoal && values.goalId !== '' ? values.goalId : undefined,
    }
    if (needs.has('step')) {
      wire.step = money(values.step)
      wire.direction = values.direction
    }
    if (needs.has('categories')) {
      wire.categoryIds = values.categoryIds
      wire.which = values.which
    }
    if (needs.has('category')) wire.categoryId = values.categoryId
    if (needs.has('cards')) wire.accountIds = values.accountIds
    if (needs.has('target')) wire.target = money(values.target)
    if (needs.has('endDate')) wire.endDate = values.endDate
    if (needs.has('dailyAllowance')) wire.dailyAllowance = money(values.dailyAllowance)
    if (needs.has('percent')) wire.percent = Number(values.percent)
    if (needs.has('month')) wire.month = values.month
    const parsed = createChallengeBody.safeParse(wire)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '')
        if (isField(key) && found[key] === undefined) found[key] = issue.message
      }
    }
    if (Object.keys(found).length > 0 || !parsed.success) {
      setErrors(found)
      if (Object.keys(found).length === 0) setFormError(parsed.error)
      return
    }
    try {
      const created = await start.mutateAsync(parsed.data)
      toast({ title: 'Challenge started', description: `${created.name} is under way. Good luck!` })
      onDone()
    } catch (error) {
      const server: Errors = {}
      let shown = false
      for (const [path, message] of errorIssues(error)) {
        const key = path.split('.')[0] ?? ''
        if (isField(key)) {
          server[key] = message
          shown = true
        }
      }
      setErrors(server)
      if (!shown) setFormError(error)
    }
  }

  const moneyInput = (
    field: 'step' | 'target' | 'dailyAllowance',
    label: string,
    hint?: string,
  ) => (
    <FormField label={label} error={errors[field]} hint={hint}>
      {(control) => (
        <Input
          {...control}
          inputMode="decimal"
          placeholder="0.00"
          className="text-right tabular-nums"
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </FormField>
  )

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="grid gap-4"
      aria-label="Challenge"
    >
      <FormField label="Name" error={errors.name} hint="Optional">
        {(control) => (
          <Input
            {...control}
            placeholder={entry.name}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        )}
      </FormField>
      {asksGoal && (
        <FormField
          label={needs.has('goal') ? 'Goal it feeds' : 'Sweep into goal'}
          error={errors.goalId}
          hint={
            needs.has('goal')
              ? 'Progress is what goes into this goal from the start.'
              : 'Optional: where the money gathered can be swept.'
          }
        >
          {(control) => (
            <Select
              {...control}
              value={values.goalId}
              onChange={(e) => set('goalId', e.target.value)}
            >
              <option value="">{needs.has('goal') ? 'Choose a goal' : 'No goal'}</option>
              {goals.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
      {needs.has('goal') && goals.length === 0 && (
        <p className="text-sm text-warning">Create a savings goal first, on the Goals page.</p>
      )}
      {needs.has('step') && (
        <div className="grid gap-3 sm:grid-cols-2">
          {moneyInput('step', 'Step', 'Week 1 asks for one step, week 52 for 52.')}
          <FormField label="Direction" error={errors.direction}>
            {(control) => (
              <Select
                {...control}
                value={values.direction}
                onChange={(e) =>
                  set('direction', e.target.value === 'descending' ? 'descending' : 'ascending')
                }
              >
                <option value="ascending">Ascending: small steps first</option>
                <option value="descending">Descending: big steps first</option>
              </Select>
            )}
          </FormField>
        </div>
      )}
      {needs.has('categories') && (
        <>
          <FormField label="Which days" error={errors.which}>
            {(control) => (
              <Select
                {...control}
                value={values.which}
                onChange={(e) => set('which', e.target.value === 'weekends' ? 'weekends' : 'all')}
              >
                <option value="all">Every day</option>
                <option value="weekends">Weekends only</option>
              </Select>
            )}
          </FormField>
          <CheckList
            legend="Categories"
            hint="None chosen: any spending breaks the day."
            error={errors.categoryIds}
            options={categoryOptions(categories, { kind: 'expense' }).map((o) => ({
              id: o.id,
              label: o.depth === 1 ? `— ${o.label}` : o.label,
            }))}
            chosen={values.categoryIds}
            onToggle={(id, on) => toggle('categoryIds', id, on)}
          />
        </>
      )}
      {needs.has('category') && (
        <FormField label="Category" error={errors.categoryId}>
          {(control) => (
            <Select
              {...control}
              value={values.categoryId}
              onChange={(e) => set('categoryId', e.target.value)}
            >
              <option value="">Choose a category</option>
              {categoryOptions(categories, { kind: 'expense' }).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.depth === 1 ? `— ${o.label}` : o.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
      {needs.has('cards') && (
        <CheckList
          legend="Cards"
          hint={
            cards.length === 0
              ? 'Add a credit card account first.'
              : 'Purchases on these cards are rounded up.'
          }
          error={errors.accountIds}
          options={cards.map((a) => ({ id: a.id, label: a.name }))}
          chosen={values.accountIds}
          onToggle={(id, on) => toggle('accountIds', id, on)}
        />
      )}
      {(needs.has('dailyAllowance') || needs.has('target')) && (
        <div className="grid gap-3 sm:grid-cols-2">
          {needs.has('dailyAllowance') &&
            moneyInput(
              'dailyAllowance',
              'Daily allowance',
              dailyAllowance !== null && dailyAllowance > 0
                ? 'Today’s, from your spending plan. Change it if you like.'
                : 'Leave empty for today’s, from your spending plan.',
            )}
          {needs.has('target') && moneyInput('target', 'Target')}
        </div>
      )}
      {(needs.has('percent') || needs.has('month')) && (
        <div className="grid gap-3 sm:grid-cols-2">
          {needs.has('percent') && (
            <FormField label="Cut by (%)" error={errors.percent} hint="Against the 3 months before">
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  placeholder="20"
                  className="text-right tabular-nums"
                  value={values.percent}
                  onChange={(e) => set('percent', e.target.value)}
                />
              )}
            </FormField>
          )}
          {needs.has('month') && (
            <FormField label="Month" error={errors.month}>
              {(control) => (
                <Input
                  {...control}
                  type="month"
                  value={values.month}
                  onChange={(e) => set('month', e.target.value)}
                />
              )}
            </FormField>
          )}
        </div>
      )}
      {needs.has('endDate') && (
        <FormField label="End date" error={errors.endDate}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.endDate}
              onChange={(e) => set('endDate', e.target.value)}
            />
          )}
        </FormField>
      )}
      <FormFooter
        error={formError}
        onCancel={onDone}
        busy={start.isPending}
        submitLabel="Start challenge"
        busyLabel="Starting…"
      />
    </form>
  )
}

function CheckList({
  legend,
  hint,
  error,
  options,
  chosen,
  onToggle,
}: {
  legend: string
  hint: ReactNode
  error: string | undefined
  options: { id: string; label: string }[]
  chosen: string[]
  onToggle: (id: string, on: boolean) => void
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      {options.length > 0 && (
        <div className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
          {options.map((o) => (
            <label
              key={o.id}
              className="flex min-h-8 items-center gap-2 rounded px-1 text-sm hover:bg-muted"
            >
              <Checkbox
                checked={chosen.includes(o.id)}
                onChange={(e) => onToggle(o.id, e.target.checked)}
              />
              <span className="truncate">{o.label}</span>
            </label>
          ))}
        </div>
      )}
      <p className="text-xs text-muted-foreground">{hint}</p>
      {error !== undefined && <p className="text-sm font-medium text-negative">{error}</p>}
    </fieldset>
  )
}
