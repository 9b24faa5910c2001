// "Add activity": the account, the type (buy, sell, dividend, interest, fee, split, transfer in
// or out) and only the fields that type needs; a symbol the household has never had asks for the
// new security's name, kind and currency. Each message, the form's or the server's (an oversell,
// say), shows at its field.
import { useState } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import { ASSET_KINDS, type ActivityType, ACTIVITY_TYPES } from '../../../../contract/investments'
import { FormDialog } from '../../../components/form-dialog'
import { DateField, MoneyField, SelectField, TextField } from '../../../components/forms/fields'
import { FormFooter } from '../../../components/forms/form-footer'
import { cn } from '../../../lib/cn'
import { toast } from '../../../lib/toast'
import {
  fieldsFor,
  isField,
  readActivityForm,
  type ActivityFormValues,
  type ActivityWire,
  type TransferMode,
} from '../activity-form'
import { spreadIssues } from '../../../lib/api-issues'
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

export function ActivityDialog({
  open,
  onOpenChange,
  accounts,
  defaultAccountId,
  knownSymbols,
  today,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  accounts: readonly AccountChoice[]
  defaultAccountId: string | null
  knownSymbols: ReadonlySet<string>
  today: string
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add activity"
      description="Record what happened in an investment account; holdings and returns follow."
      className="sm:max-w-xl"
    >
      {open && (
        <ActivityForm
          accounts={accounts}
          defaultAccountId={defaultAccountId}
          knownSymbols={knownSymbols}
          today={today}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  )
}

function ActivityForm({
  accounts,
  defaultAccountId,
  knownSymbols,
  today,
  onDone,
}: {
  accounts: readonly AccountChoice[]
  defaultAccountId: string | null
  knownSymbols: ReadonlySet<string>
  today: string
  onDone: () => void
}) {
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
    defaultValues: {
      accountId: firstAccount,
      type: 'buy',
      mode: 'shares',
      symbol: '',
      date: today,
      quantity: '',
      price: '',
      amount: '',
      fees: '',
      ratio: '',
      costBasis: '',
      memo: '',
      name: '',
      kind: 'stock',
      currency: '',
    },
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
      const rest = spreadIssues(error, (field, message) => {
        if (!isField(field) || field === 'accountId') return false
        form.setError(field, { type: 'server', message })
        return true
      })
      setFormError(rest === null ? null : error)
    }
  })

  const transfer = type === 'transfer_in' || type === 'transfer_out'
  const income = type === 'dividend' || type === 'interest'
  const modeOption = (value: TransferMode, label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={mode === value}
      onClick={() => form.setValue('mode', value)}
      className={cn(
        'h-9 flex-1 rounded-md text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
        mode === value ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground',
      )}
    >
      {label}
    </button>
  )
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
        <div
          role="radiogroup"
          aria-label="What moves"
          className="flex gap-1 rounded-lg bg-muted p-1"
        >
          {modeOption('shares', 'Shares')}
          {modeOption('cash', 'Cash')}
        </div>
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
        {fields.quantity !== undefined && (
          <MoneyField
            form={form}
            name="quantity"
            label="Quantity"
            hint="Number of shares"
            placeholder="0"
          />
        )}
        {fields.price !== undefined && (
          <MoneyField
            form={form}
            name="price"
            label="Price per share"
            hint={fields.price === 'optional' ? 'Optional' : 'Or leave empty and give the total'}
          />
        )}
        {fields.ratio !== undefined && (
          <MoneyField
            form={form}
            name="ratio"
            label="Ratio"
            hint="New shares for each old share"
            placeholder="2"
          />
        )}
        {fields.amount !== undefined && (
          <MoneyField
            form={form}
            name="amount"
            label={type === 'buy' || type === 'sell' ? 'Total' : 'Amount'}
            hint={
              fields.amount === 'optional'
                ? 'Optional: quantity × price when empty'
                : income
                  ? 'Before any tax kept back'
                  : undefined
            }
          />
        )}
        {fields.costBasis !== undefined && (
          <MoneyField
            form={form}
            name="costBasis"
            label="Cost basis"
            hint="What the shares cost when bought"
          />
        )}
        {fields.fees !== undefined && (
          <MoneyField
            form={form}
            name="fees"
            label={income ? 'Tax kept back' : 'Fees'}
            hint="Optional"
          />
        )}
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
