// "Add activity": the account, the type (buy, sell, dividend, interest, fee, split, transfer in
// or out) and only the fields that type needs; a symbol the household has never had asks for the
// new security's name, kind and currency. Each message, the form's or the server's (an oversell,
// say), shows at its field.
import { useState } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import { ASSET_KINDS, type ActivityType, ACTIVITY_TYPES } from '#src/contract/investments'
import { FormDialog } from '#src/web/components/form-dialog'
import { DateField, MoneyField, SelectField, TextField } from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import type { OpenState } from '#src/web/components/open-state'
import { SegmentedChoice } from '#src/web/components/segmented-choice'
import { showIssuesAtFields } from '#src/web/components/forms/server-issues'
import { toast } from '#src/web/lib/toast'
import {
  blankActivityForm,
  fieldsFor,
  isField,
  readActivityForm,
  type ActivityFormValues,
  type ActivityWire,
  type TransferMode,
} from '../activity-form'
import { useCreateActivity } from '../api/save-investments'
import { ACTIVITY_LABELS, KIND_SINGULAR } from '../kinds'

export type AccountChoice = { id: string; name: string; currency: string }

const TYPE_HINTS = {
  buy: 'Shares bought: the price per share, or the total paid before fees.',
  sell: 'Shares sold: the price per share, or the total received before fees.',
  dividend: 'A dividend paid in cash. Tax kept back goes under fees.',
  interest: 'Interest paid into the account. Tax kept back goes under fees.',
  fee: 'A fee charged to the account (a custody or advice fee).',
  split:
    'A stock split: 2 new shares for each old one is a ratio of 2; a 1-for-10 reverse split is 0.1.',
  transfer_in: 'Shares or cash moving into this account from elsewhere.',
  transfer_out: 'Shares or cash leaving this account.',
} as const satisfies Record<ActivityType, string>

type ActivityFormProps = {
  accounts: readonly AccountChoice[]
  defaultAccountId: string | null
  knownSymbols: ReadonlySet<string>
  today: string
}

type NumberField = 'quantity' | 'price' | 'ratio' | 'amount' | 'costBasis' | 'fees'

/** The number fields, in the order the form shows them; each only where the type asks for it. */
const NUMBER_FIELDS: readonly {
  name: NumberField
  label: (type: ActivityType) => string
  hint: (need: 'required' | 'optional', type: ActivityType) => string | undefined
  placeholder?: string
}[] = [
  { name: 'quantity', label: () => 'Quantity', hint: () => 'Number of shares', placeholder: '0' },
  {
    name: 'price',
    label: () => 'Price per share',
    hint: (need) => (need === 'optional' ? 'Optional' : 'Or leave empty and give the total'),
  },
  {
    name: 'ratio',
    label: () => 'Ratio',
    hint: () => 'New shares for each old share',
    placeholder: '2',
  },
  {
    name: 'amount',
    label: (type) => (type === 'buy' || type === 'sell' ? 'Total' : 'Amount'),
    hint: (need, type) =>
      need === 'optional'
        ? 'Optional: quantity × price when empty'
        : isIncome(type)
          ? 'Before any tax kept back'
          : undefined,
  },
  { name: 'costBasis', label: () => 'Cost basis', hint: () => 'What the shares cost when bought' },
  {
    name: 'fees',
    label: (type) => (isIncome(type) ? 'Tax kept back' : 'Fees'),
    hint: () => 'Optional',
  },
]

function isIncome(type: ActivityType): boolean {
  return type === 'dividend' || type === 'interest'
}

const TRANSFER_MODES = [
  { value: 'shares', label: 'Shares' },
  { value: 'cash', label: 'Cash' },
] as const satisfies readonly { value: TransferMode; label: string }[]

export function ActivityDialog({ open, onOpenChange, ...props }: OpenState & ActivityFormProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add activity"
      description="Record what happened in an investment account; holdings and returns follow."
      className="sm:max-w-xl"
    >
      {open && <ActivityForm {...props} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function ActivityForm({
  accounts,
  defaultAccountId,
  knownSymbols,
  today,
  onDone,
}: ActivityFormProps & { onDone: () => void }) {
  const create = useCreateActivity()
  const [formError, setFormError] = useState<unknown>(null)
  const isNew = (symbol: string) => !knownSymbols.has(symbol)
  const resolver: Resolver<ActivityFormValues, unknown, ActivityWire> = (values) => {
    const result = readActivityForm(values, isNew)
    if (result.ok) return { values: result.body, errors: {} }
    const errors: Record<string, { type: string; message: string }> = {}
    for (const [field, message] of Object.entries(result.errors)) {
      errors[field] = { type: 'validate', message }
    }
    return { values: {}, errors }
  }
  const firstAccount = defaultAccountId ?? accounts[0]?.id ?? ''
  const form = useForm<ActivityFormValues, unknown, ActivityWire>({
    resolver,
    defaultValues: blankActivityForm(firstAccount, today),
  })
  const [type, mode, symbol, accountId] = useWatch({
    control: form.control,
    name: ['type', 'mode', 'symbol', 'accountId'],
  })
  const fields = fieldsFor(type, mode)
  const account = accounts.find((a) => a.id === accountId)
  const typed = symbol.trim().toUpperCase()
  const newSymbol = fields.symbol !== undefined && typed !== '' && isNew(typed)
  const { isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      const created = await create.mutateAsync(body)
      toast({
        title: 'Activity added',
        description: `${ACTIVITY_LABELS[created.type]}${created.symbol ? ` of ${created.symbol}` : ''} recorded.`,
      })
      onDone()
    } catch (error) {
      setFormError(
        showIssuesAtFields(
          form.setError,
          error,
          (field) => isField(field) && field !== 'accountId',
        ),
      )
    }
  })

  const transfer = type === 'transfer_in' || type === 'transfer_out'
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Activity">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField form={form} name="accountId" label="Account">
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <SelectField form={form} name="type" label="Type">
          {ACTIVITY_TYPES.map((t) => (
            <option key={t} value={t}>
              {ACTIVITY_LABELS[t]}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="-mt-1 text-xs text-muted-foreground" data-testid="activity-type-hint">
        {TYPE_HINTS[type]}
      </p>
      {transfer && (
        <SegmentedChoice
          label="What moves"
          value={mode}
          options={TRANSFER_MODES}
          onChange={(value) => form.setValue('mode', value)}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.symbol !== undefined && (
          <TextField
            form={form}
            name="symbol"
            label="Symbol"
            hint={fields.symbol === 'optional' ? 'Optional: the holding that paid' : undefined}
            list="investment-symbols"
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="e.g. VTI"
            inputClassName="uppercase placeholder:normal-case"
          />
        )}
        <DateField form={form} name="date" label="Date" />
      </div>
      <datalist id="investment-symbols">
        {[...knownSymbols].sort().map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      {newSymbol && (
        <fieldset className="grid gap-3 rounded-lg border p-3 sm:grid-cols-3">
          <legend className="px-1 text-xs text-muted-foreground">
            New to your household: tell us about {typed}
          </legend>
          <TextField
            form={form}
            name="name"
            label="Name"
            className="sm:col-span-3"
            placeholder="e.g. Vanguard Total Stock Market"
          />
          <SelectField form={form} name="kind" label="Kind" className="sm:col-span-2">
            {ASSET_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_SINGULAR[k]}
              </option>
            ))}
          </SelectField>
          <TextField
            form={form}
            name="currency"
            label="Currency"
            hint={account ? `Empty for ${account.currency}` : undefined}
            maxLength={3}
            autoCapitalize="characters"
            placeholder={account?.currency ?? 'USD'}
            inputClassName="uppercase placeholder:normal-case"
          />
        </fieldset>
      )}
      {/* quantities, prices and ratios are decimals typed like money: the same right-aligned input */}
      <div className="grid gap-3 sm:grid-cols-2">
        {NUMBER_FIELDS.map(({ name, label, hint, placeholder }) => {
          const need = fields[name]
          return (
            need !== undefined && (
              <MoneyField
                key={name}
                form={form}
                name={name}
                label={label(type)}
                hint={hint(need, type)}
                placeholder={placeholder}
              />
            )
          )
        })}
      </div>
      <TextField form={form} name="memo" label="Memo" placeholder="Optional" />
      <FormFooter
        error={formError}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel={`Add ${ACTIVITY_LABELS[type].toLowerCase()}`}
      />
    </form>
  )
}
