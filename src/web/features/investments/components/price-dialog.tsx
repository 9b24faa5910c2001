// "Update price": a security's price on a day (typed in), which revalues every account holding
// it. Opened from the page's button, or from a holding that has no price (its symbol filled in).
import { useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { putPriceBody } from '#src/contract/investments'
import { FormDialog } from '#src/web/components/form-dialog'
import { DateField, MoneyField, TextField } from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { showIssuesAtFields } from '#src/web/components/forms/server-issues'
import type { OpenState } from '#src/web/components/open-state'
import { useDateFormat } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'
import { usePutPrice } from '../api/save-investments'
import { NUMBER_HINT } from '../activity-form'
import { parseDecimalText } from '../investment-format'

type Values = { symbol: string; date: string; price: string }
type Wire = { symbol: string; date: string; price: number }
const FIELDS = ['symbol', 'date', 'price'] as const
const isPriceField = (f: string): f is (typeof FIELDS)[number] => FIELDS.some((x) => x === f)

const resolver: Resolver<Values, unknown, Wire> = (values) => {
  const errors: Record<string, { type: string; message: string }> = {}
  const price = values.price.trim() === '' ? undefined : parseDecimalText(values.price)
  if (price === null) errors.price = { type: 'validate', message: NUMBER_HINT }
  const wire = { symbol: values.symbol.trim(), date: values.date, price }
  const checked = putPriceBody.safeParse(wire)
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const key = String(issue.path[0] ?? 'price')
      errors[key] ??= {
        type: 'validate',
        message:
          key === 'price' && price === undefined ? 'Enter the price per share' : issue.message,
      }
    }
  }
  if (Object.keys(errors).length > 0 || price === undefined || price === null)
    return { values: {}, errors }
  return { values: { ...wire, symbol: wire.symbol.toUpperCase(), price }, errors: {} }
}

type PriceFormProps = {
  /** the symbol to price, or null to choose one */
  symbol: string | null
  knownSymbols: ReadonlySet<string>
  today: string
}

export function PriceDialog({ open, onOpenChange, ...props }: OpenState & PriceFormProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={props.symbol === null ? 'Update a price' : `Price of ${props.symbol}`}
      description="The price of one share on a day, in the security's currency. Every account holding it is revalued."
    >
      {open && <PriceForm {...props} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function PriceForm({
  symbol,
  knownSymbols,
  today,
  onDone,
}: PriceFormProps & { onDone: () => void }) {
  const put = usePutPrice()
  const formatDate = useDateFormat()
  const [formError, setFormError] = useState<unknown>(null)
  const form = useForm<Values, unknown, Wire>({
    resolver,
    defaultValues: { symbol: symbol ?? '', date: today, price: '' },
  })
  const { isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      const saved = await put.mutateAsync(body)
      toast({ title: 'Price saved', description: `${saved.symbol} on ${formatDate(saved.date)}.` })
      onDone()
    } catch (error) {
      setFormError(showIssuesAtFields(form.setError, error, isPriceField))
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Price">
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          form={form}
          name="symbol"
          label="Symbol"
          list="price-symbols"
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="e.g. VTI"
          inputClassName="uppercase placeholder:normal-case"
          autoFocus={symbol === null}
        />
        <DateField form={form} name="date" label="Date" />
        <MoneyField form={form} name="price" label="Price" autoFocus={symbol !== null} />
      </div>
      <datalist id="price-symbols">
        {[...knownSymbols].sort().map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <FormFooter
        error={formError}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel="Save price"
      />
    </form>
  )
}
