// Settings → Currencies: the household's base currency, the currencies its accounts
// and securities use with today's rate of each (a missing one says so), the rates of one
// currency (add, edit, delete) and a CSV import. Adults and the owner change them; every other
// member sees them.
import { zodResolver } from '@hookform/resolvers/zod'
import { AlertTriangle, Coins, Pencil, Trash2, Upload } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { currencyCode, isoDate } from '#src/contract/common'
import { rateValue, type CurrencyInUse, type ExchangeRate } from '#src/contract/currencies'
import { roleAtLeast } from '#src/domain/access'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { FormError } from '#src/web/components/form-dialog'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { Textarea } from '#src/web/components/ui/textarea'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_LOCALE, useDateFormat } from '#src/web/lib/format'
import { useToday } from '#src/web/lib/today'
import {
  useCurrencies,
  useDeleteRate,
  useImportRates,
  useRates,
  useSaveRate,
  useSetBaseCurrency,
} from './api/currencies'

export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'JPY',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'INR',
  'BRL',
  'MXN',
  'ZAR',
  'SGD',
  'HKD',
]

const SOURCES: Record<ExchangeRate['source'], string> = {
  manual: 'Typed in',
  csv: 'CSV',
  provider: 'Provider',
}

function useRateText() {
  const { user } = useAuth()
  const format = new Intl.NumberFormat(user?.locale ?? DEFAULT_LOCALE, { maximumFractionDigits: 6 })
  return (rate: number) => format.format(rate)
}

function BaseCurrencyForm({ base, accountsInBase, canEdit }: { base: string; accountsInBase: boolean; canEdit: boolean }) {
  const [value, setValue] = useState(base)
  const [moveAccounts, setMoveAccounts] = useState(false)
  const save = useSetBaseCurrency()
  return (
    <form
      className="grid gap-3"
      aria-label="Base currency"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(
          { baseCurrency: value, moveAccounts },
          {
            onSuccess: () => setMoveAccounts(false),
          },
        )
      }}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <FormField
        label="Base currency"
        className="flex-1"
        hint={
          canEdit
            ? 'The whole household’s: totals, net worth and reports are in it. Accounts keep their own currency.'
            : 'The whole household’s: only adults and the owner change it.'
        }
        error={save.error ? errorMessage(save.error) : undefined}
      >
        {(control) => (
          <Select
            {...control}
            value={value}
            disabled={!canEdit}
            onChange={(e) => {
              setValue(e.target.value)
              save.reset()
            }}
          >
            {[...new Set([base, ...CURRENCIES])].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {canEdit && (
        <Button type="submit" variant="outline" className="sm:mt-7" disabled={value === base || save.isPending}>
          {save.isPending ? 'Changing…' : 'Change base currency'}
        </Button>
      )}
      </div>
      {canEdit && value !== base && accountsInBase && (
        <label className="flex items-start gap-2 text-sm">
          <Checkbox className="mt-0.5" checked={moveAccounts} onChange={(e) => setMoveAccounts(e.target.checked)} />
          <span>
            My accounts in {base} are really in {value}: move them to {value} too (their amounts stay).
            <span className="block text-xs text-muted-foreground">
              Otherwise they stay in {base} and need a rate to {value}.
            </span>
          </span>
        </label>
      )}
    </form>
  )
}

function usage(c: CurrencyInUse): string {
  const parts = []
  if (c.accounts > 0) parts.push(`${c.accounts} ${c.accounts === 1 ? 'account' : 'accounts'}`)
  if (c.securities > 0) parts.push(`${c.securities} ${c.securities === 1 ? 'security' : 'securities'}`)
  return parts.length > 0 ? parts.join(' · ') : 'Rates only'
}

function CurrencyTable({
  base,
  list,
  selected,
  onSelect,
}: {
  base: string
  list: CurrencyInUse[]
  selected: string | null
  onSelect: (currency: string) => void
}) {
  const rateText = useRateText()
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="currency-table">
        <caption className="sr-only">Currencies in use and today’s rate of each</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Currency
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Today’s rate
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              <span className="sr-only">Rates</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {list.map((c) => (
            <tr key={c.currency} data-testid={`currency-row-${c.currency}`}>
              <th scope="row" className="py-3 pr-3 text-left align-top font-normal">
                <span className="block font-semibold">{c.currency}</span>
                <span className="block text-xs text-muted-foreground">{usage(c)}</span>
              </th>
              <td className="py-3 pr-3 align-top">
                {c.rate !== null ? (
                  <>
                    <span className="money block">
                      1 {c.currency} = {rateText(c.rate)} {base}
                    </span>
                    <span className="block text-xs text-muted-foreground">since {c.rateDate}</span>
                  </>
                ) : c.missing ? (
                  <Badge variant="warning">
                    <AlertTriangle aria-hidden="true" />
                    No rate: left out of totals
                  </Badge>
                ) : (
                  <span className="text-muted-foreground">No rate to {base}</span>
                )}
              </td>
              <td className="py-3 text-right align-top">
                <Button
                  type="button"
                  size="sm"
                  variant={selected === c.currency ? 'secondary' : 'outline'}
                  aria-pressed={selected === c.currency}
                  onClick={() => onSelect(c.currency)}
                  aria-label={`Rates of ${c.currency}`}
                >
                  Rates
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const rateForm = z.object({
  currency: currencyCode,
  date: isoDate,
  rate: z.coerce.number({ error: 'Enter a number' }).pipe(rateValue),
})
type RateFormInput = z.input<typeof rateForm>
type RateFormOutput = z.output<typeof rateForm>
export type RateDraft = { currency: string; date: string; rate: string; quote?: string | undefined }

function RateForm({ base, draft, choices }: { base: string; draft: RateDraft; choices: string[] }) {
  const save = useSaveRate()
  const [quote, setQuote] = useState<string | undefined>(draft.quote)
  const form = useForm<RateFormInput, unknown, RateFormOutput>({
    resolver: zodResolver(rateForm),
    defaultValues: { currency: draft.currency, date: draft.date, rate: draft.rate },
  })
  const { errors } = form.formState
  const currency = useWatch({ control: form.control, name: 'currency' })
  const inQuote = quote ?? base
  const onSubmit = form.handleSubmit((v) => {
    save.mutate(
      { ...v, ...(quote && quote !== base ? { quote } : {}) },
      {
        onSuccess: () => {
          form.reset({ currency: v.currency, date: v.date, rate: '' })
          setQuote(undefined)
        },
      },
    )
  })
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a rate" className="grid gap-3">
      <h3 className="font-semibold">Add or change a rate</h3>
      <div className="grid gap-3 sm:grid-cols-[8rem_10rem_1fr_auto] sm:items-start">
        <FormField label="Currency" error={errors.currency?.message}>
          {(control) => (
            <Select {...control} {...form.register('currency')}>
              {choices.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Date" error={errors.date?.message}>
          {(control) => <Input {...control} type="date" {...form.register('date')} />}
        </FormField>
        <FormField label={`1 ${currency || '…'} in ${inQuote}`} error={errors.rate?.message}>
          {(control) => <Input {...control} inputMode="decimal" autoComplete="off" placeholder="1.0850" {...form.register('rate')} />}
        </FormField>
        <Button type="submit" className="sm:mt-7" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save rate'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        The rate on a day is used from that day until the next one. Saving a rate for a day that has one replaces it.
      </p>
      <FormError error={save.error} />
    </form>
  )
}

function RatesList({
  currency,
  canEdit,
  onEdit,
}: {
  currency: string
  canEdit: boolean
  onEdit: (rate: ExchangeRate) => void
}) {
  const rates = useRates(currency)
  const remove = useDeleteRate()
  const rateText = useRateText()
  const formatDate = useDateFormat()
  const [showAll, setShowAll] = useState(false)
  if (rates.isLoading) return <Skeleton className="h-32 w-full" />
  if (rates.error || !rates.data) {
    return <ErrorState what={`the rates of ${currency}`} error={rates.error} onRetry={() => void rates.refetch()} />
  }
  const list = rates.data
  const shown = showAll ? list : list.slice(0, 20)
  return (
    <section aria-labelledby={`rates-${currency}`} className="grid gap-2" data-testid="rates-list">
      <h3 id={`rates-${currency}`} className="font-semibold">
        Rates of {currency}
      </h3>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No rates of {currency} yet.{canEdit ? ' Add one above, or import a CSV below.' : ''}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Rates of {currency}, newest first</caption>
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Rate
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  Source
                </th>
                {canEdit && (
                  <th scope="col" className="py-2 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y">
              {shown.map((r) => {
                const label = `${r.currency}/${r.quote} on ${formatDate(r.date)}`
                return (
                  <tr key={`${r.currency}-${r.quote}-${r.date}`}>
                    <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                      <time dateTime={r.date}>{formatDate(r.date)}</time>
                    </td>
                    <td className="money py-2 pr-3">
                      1 {r.currency} = {rateText(r.rate)} {r.quote}
                    </td>
                    <td className="hidden py-2 pr-3 text-muted-foreground sm:table-cell">{SOURCES[r.source]}</td>
                    {canEdit && (
                      <td className="py-1 text-right whitespace-nowrap">
                        <Button type="button" variant="ghost" size="icon-sm" aria-label={`Edit the rate ${label}`} onClick={() => onEdit(r)}>
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Delete the rate ${label}`}
                          disabled={remove.isPending}
                          onClick={() =>
                            remove.mutate({ currency: r.currency, quote: r.quote, date: r.date })
                          }
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </td>
                    )}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {list.length > shown.length && (
        <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={() => setShowAll(true)}>
          Show all {list.length} rates
        </Button>
      )}
    </section>
  )
}

function ImportRates() {
  const [csv, setCsv] = useState('')
  const importing = useImportRates()
  return (
    <form
      className="grid gap-3"
      aria-label="Import rates"
      onSubmit={(event) => {
        event.preventDefault()
        importing.mutate(csv, { onSuccess: () => setCsv('') })
      }}
    >
      <div>
        <h3 className="font-semibold">Import rates from CSV</h3>
        <p className="text-sm text-muted-foreground">
          One rate a line: <code>date,currency,rate</code>, and a fourth column for the currency the rate is in when
          it is not the base. A header line is fine. All lines are imported, or none.
        </p>
      </div>
      <FormField label="CSV lines">
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            spellCheck={false}
            className="font-mono"
            placeholder={'date,currency,rate\n2026-03-01,EUR,1.0850'}
            value={csv}
            onChange={(e) => {
              setCsv(e.target.value)
              importing.reset()
            }}
          />
        )}
      </FormField>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField label="Or a CSV file" className="flex-1">
          {(control) => (
            <Input
              {...control}
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(e) => {
                const file = e.target.files?.[0]
                importing.reset()
                if (file) void file.text().then(setCsv)
              }}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline" disabled={csv.trim() === '' || importing.isPending}>
          <Upload aria-hidden="true" />
          {importing.isPending ? 'Importing…' : 'Import rates'}
        </Button>
      </div>
      <FormError error={importing.error} />
    </form>
  )
}

export function CurrenciesSection() {
  const { user } = useAuth()
  const canEdit = user ? roleAtLeast(user.role, 'adult') : false
  const currencies = useCurrencies()
  const today = useToday()
  const [selected, setSelected] = useState<string | null>(null)
  const [draft, setDraft] = useState<RateDraft | null>(null)
  const data = currencies.data
  const list = data?.currencies ?? []
  const base = data?.baseCurrency ?? user?.baseCurrency ?? 'USD'
  const firstMissing = list.find((c) => c.missing)?.currency
  const current = selected ?? firstMissing ?? list[0]?.currency ?? null
  const choices = [...new Set([...list.map((c) => c.currency), ...CURRENCIES])].filter((c) => c !== base)
  const shownDraft: RateDraft = draft ?? { currency: current ?? choices[0] ?? 'EUR', date: today, rate: '' }
  const missing = list.filter((c) => c.missing).map((c) => c.currency)
  return (
    <Card aria-labelledby="currencies-title" data-testid="currencies-section">
      <CardHeader>
        <CardTitle id="currencies-title">Currencies</CardTitle>
        <CardDescription>
          Accounts keep their own currency. Totals and net worth convert them to the base currency at the latest rate on
          or before each day; a currency with no rate is left out and shown as missing, never counted at 1.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {currencies.isLoading ? (
          <div className="grid gap-3" role="status" aria-label="Loading currencies">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : currencies.error || !data ? (
          <ErrorState what="your currencies" error={currencies.error} onRetry={() => void currencies.refetch()} />
        ) : (
          <>
            <BaseCurrencyForm base={base} accountsInBase={data.accountsInBase > 0} canEdit={canEdit} />
            {missing.length > 0 && (
              <p className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning-surface p-3 text-sm text-warning" role="status">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  {missing.join(', ')} {missing.length === 1 ? 'has' : 'have'} no rate to {base}: accounts in{' '}
                  {missing.length === 1 ? 'it are' : 'them are'} left out of net worth until you enter one.
                </span>
              </p>
            )}
            {list.length === 0 ? (
              <EmptyState
                icon={Coins}
                title={`Every account is in ${base}. Add an account in another currency, or enter a rate, and it shows here.`}
              />
            ) : (
              <CurrencyTable
                base={base}
                list={list}
                selected={current}
                onSelect={(c) => {
                  setSelected(c)
                  setDraft({ currency: c, date: today, rate: '' })
                }}
              />
            )}
            {canEdit && (
              // a new draft (another currency, or a rate to edit) starts the form afresh
              <RateForm
                key={`${shownDraft.currency} ${shownDraft.date} ${shownDraft.rate} ${shownDraft.quote ?? ''}`}
                base={base}
                draft={shownDraft}
                choices={choices}
              />
            )}
            {current !== null && (
              <RatesList
                currency={current}
                canEdit={canEdit}
                onEdit={(r) =>
                  setDraft({
                    currency: r.quote === base ? r.currency : r.currency === base ? r.quote : r.currency,
                    date: r.date,
                    rate: r.quote === base || r.currency !== base ? String(r.rate) : String(1 / r.rate),
                    quote: r.quote === base || r.currency === base ? undefined : r.quote,
                  })
                }
              />
            )}
            {canEdit && <ImportRates />}
          </>
        )}
      </CardContent>
    </Card>
  )
}
