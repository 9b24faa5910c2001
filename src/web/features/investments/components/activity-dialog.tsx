// "Add activity": the account, the type (buy, sell, dividend, interest, fee, split, transfer in
// or out) and only the fields that type needs; a symbol the household has never had asks for the
// new security's name, kind and currency. Each message, the form's or the server's (an oversell,
// say), shows at its field.
import { useState } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import { ASSET_KINDS, type ActivityType, ACTIVITY_TYPES } from '../../../../contract/investments'
import { FormDialog, FormError } from '../../../components/form-dialog'
import { Button } from '../../../components/ui/button'
import { FormField, type FieldControlProps } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
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
  const { errors, isSubmitting } = form.formState

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
  const numberInput =
    (name: 'quantity' | 'price' | 'ratio' | 'amount' | 'fees' | 'costBasis', placeholder: string) =>
    (control: FieldControlProps) => (
      <Input
        {...control}
        inputMode="decimal"
        placeholder={placeholder}
        className="text-right tabular-nums"
        {...form.register(name)}
      />
    )
  const moneyInput = (name: 'amount' | 'fees' | 'costBasis') => numberInput(name, '0.00')

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Activity">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Account" error={errors.accountId?.message}>
          {(control) => (
            <Select {...control} {...form.register('accountId')}>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Type" error={errors.type?.message}>
          {(control) => (
            <Select {...control} {...form.register('type')}>
              {ACTIVITY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ACTIVITY_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
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
          <FormField
            label="Symbol"
            error={errors.symbol?.message}
            hint={fields.symbol === 'optional' ? 'Optional: the holding that paid' : undefined}
          >
            {(control) => (
              <Input
                {...control}
                list="investment-symbols"
                autoComplete="off"
                autoCapitalize="characters"
                placeholder="e.g. VTI"
                className="uppercase placeholder:normal-case"
                {...form.register('symbol')}
              />
            )}
          </FormField>
        )}
        <FormField label="Date" error={errors.date?.message}>
          {(control) => <Input {...control} type="date" {...form.register('date')} />}
        </FormField>
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
          <FormField label="Name" error={errors.name?.message} className="sm:col-span-3">
            {(control) => (
              <Input
                {...control}
                placeholder="e.g. Vanguard Total Stock Market"
                {...form.register('name')}
              />
            )}
          </FormField>
          <FormField label="Kind" error={errors.kind?.message} className="sm:col-span-2">
            {(control) => (
              <Select {...control} {...form.register('kind')}>
                {ASSET_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {KIND_SINGULAR[k]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label="Currency"
            error={errors.currency?.message}
            hint={account ? `Empty for ${account.currency}` : undefined}
          >
            {(control) => (
              <Input
                {...control}
                maxLength={3}
                autoCapitalize="characters"
                placeholder={account?.currency ?? 'USD'}
                className="uppercase placeholder:normal-case"
                {...form.register('currency')}
              />
            )}
          </FormField>
        </fieldset>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.quantity !== undefined && (
          <FormField label="Quantity" error={errors.quantity?.message} hint="Number of shares">
            {numberInput('quantity', '0')}
          </FormField>
        )}
        {fields.price !== undefined && (
          <FormField
            label="Price per share"
            error={errors.price?.message}
            hint={fields.price === 'optional' ? 'Optional' : 'Or leave empty and give the total'}
          >
            {numberInput('price', '0.00')}
          </FormField>
        )}
        {fields.ratio !== undefined && (
          <FormField
            label="Ratio"
            error={errors.ratio?.message}
            hint="New shares for each old share"
          >
            {numberInput('ratio', '2')}
          </FormField>
        )}
        {fields.amount !== undefined && (
          <FormField
            label={type === 'buy' || type === 'sell' ? 'Total' : 'Amount'}
            error={errors.amount?.message}
            hint={
              fields.amount === 'optional'
                ? 'Optional: quantity × price when empty'
                : income
                  ? 'Before any tax kept back'
                  : undefined
            }
          >
            {moneyInput('amount')}
          </FormField>
        )}
        {fields.costBasis !== undefined && (
          <FormField
            label="Cost basis"
            error={errors.costBasis?.message}
            hint="What the shares cost when bought"
          >
            {moneyInput('costBasis')}
          </FormField>
        )}
        {fields.fees !== undefined && (
          <FormField
            label={income ? 'Tax kept back' : 'Fees'}
            error={errors.fees?.message}
            hint="Optional"
          >
            {moneyInput('fees')}
          </FormField>
        )}
      </div>
      <FormField label="Memo" error={errors.memo?.message}>
        {(control) => <Input {...control} placeholder="Optional" {...form.register('memo')} />}
      </FormField>
      <FormError error={formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : `Add ${ACTIVITY_LABELS[type].toLowerCase()}`}
        </Button>
      </div>
    </form>
  )
}
