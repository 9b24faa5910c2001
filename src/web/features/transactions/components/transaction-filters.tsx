// The filter bar: a search over payee, description and notes (debounced as you type), and a
// panel of filters — dates, account, category (or uncategorized), money in or out, an amount
// range (debounced like the search; From and To together) and where the entry came from.
// Everything lives in the URL.
import { Filter, Search, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { Account } from '#src/contract/accounts'
import { TRANSACTION_SORTS, TRANSACTION_SOURCES } from '#src/contract/transactions'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import type { CategoryOption } from '#src/web/lib/queries/categories'
import { hasFilters, type TransactionFilters, type TransactionSort } from '../filters'
import { CategorySelect } from './category-select'

export const SEARCH_DEBOUNCE_MS = 300

const SOURCE_LABELS: Record<(typeof TRANSACTION_SOURCES)[number], string> = {
  manual: 'Entered by hand',
  plaid: 'Bank connection',
  bank_statement: 'Bank statement',
  credit_statement: 'Card statement',
  import: 'Imported file',
}

const SORT_LABELS: Record<TransactionSort, string> = {
  date_desc: 'Newest first',
  date_asc: 'Oldest first',
  amount_desc: 'Largest amount first',
  amount_asc: 'Smallest amount first',
}

/** The search box: keeps its own text while typing and writes the URL after a pause. */
function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  // the URL changed from elsewhere (Clear filters, Back): show it
  if (shown !== value) {
    setShown(value)
    if (text.trim() !== value) setText(value)
  }
  return (
    <div className="relative min-w-0 flex-1 basis-60">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search transactions"
        placeholder="Search payee, description or notes"
        className="pl-9"
        value={text}
        onChange={(e) => {
          const next = e.target.value
          setText(next)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => onChange(next.trim()), SEARCH_DEBOUNCE_MS)
        }}
      />
    </div>
  )
}

export function TransactionFiltersBar({
  filters,
  setFilters,
  clearFilters,
  accounts,
  categories,
}: {
  filters: TransactionFilters
  setFilters: (patch: Partial<TransactionFilters>) => void
  clearFilters: () => void
  accounts: Account[]
  categories: CategoryOption[]
}) {
  const [open, setOpen] = useState(false)
  const active = Object.entries(filters).filter(
    ([k, v]) => k !== 'sort' && k !== 'search' && v !== undefined,
  ).length
  return (
    <div className="space-y-3" data-testid="transaction-filters">
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={filters.search ?? ''} onChange={(v) => setFilters({ search: v })} />
        <Button
          variant="outline"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="transaction-filter-panel"
        >
          <Filter aria-hidden="true" />
          Filters
          {active > 0 && (
            <Badge variant="accent" aria-label={`${active} active`}>
              {active}
            </Badge>
          )}
        </Button>
        <Select
          aria-label="Sort"
          className="w-full sm:w-52"
          value={filters.sort}
          onChange={(e) => {
            const sort = TRANSACTION_SORTS.find((s) => s === e.target.value)
            if (sort !== undefined) setFilters({ sort })
          }}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        {hasFilters(filters) && (
          <Button variant="ghost" onClick={clearFilters}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        )}
      </div>
      {open && (
        <div
          id="transaction-filter-panel"
          className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-4 md:grid-cols-4"
        >
          <FormField label="From">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={filters.from ?? ''}
                onChange={(e) => setFilters({ from: e.target.value || undefined })}
              />
            )}
          </FormField>
          <FormField label="To">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={filters.to ?? ''}
                onChange={(e) => setFilters({ to: e.target.value || undefined })}
              />
            )}
          </FormField>
          <FormField label="Account">
            {(control) => (
              <Select
                {...control}
                value={filters.accountId ?? ''}
                onChange={(e) => setFilters({ accountId: e.target.value || undefined })}
              >
                <option value="">All accounts</option>
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                    {a.isClosed ? ' (closed)' : ''}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Category">
            {(control) => (
              <CategorySelect
                {...control}
                options={categories}
                noneLabel="All categories"
                value={filters.categoryId ?? ''}
                onChange={(e) => setFilters({ categoryId: e.target.value || undefined })}
              >
                <option value="uncategorized">Uncategorized</option>
              </CategorySelect>
            )}
          </FormField>
          <FormField label="Type">
            {(control) => (
              <Select
                {...control}
                value={filters.type ?? ''}
                onChange={(e) => {
                  const v = e.target.value
                  setFilters({ type: v === 'income' || v === 'expense' ? v : undefined })
                }}
              >
                <option value="">Money in and out</option>
                <option value="expense">Money out</option>
                <option value="income">Money in</option>
              </Select>
            )}
          </FormField>
          <FormField
            label="Amount from"
            hint={filters.type === undefined ? 'Negative is money out' : undefined}
          >
            {(control) => (
              <AmountBound
                value={filters.minAmount}
                onChange={(v) => setFilters({ minAmount: v })}
                {...control}
              />
            )}
          </FormField>
          <FormField label="Amount to">
            {(control) => (
              <AmountBound
                value={filters.maxAmount}
                onChange={(v) => setFilters({ maxAmount: v })}
                {...control}
              />
            )}
          </FormField>
          <FormField label="Source">
            {(control) => (
              <Select
                {...control}
                value={filters.source ?? ''}
                onChange={(e) =>
                  setFilters({
                    source: TRANSACTION_SOURCES.find((s) => s === e.target.value),
                  })
                }
              >
                <option value="">Any source</option>
                {TRANSACTION_SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {SOURCE_LABELS[s]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Receipts">
            {(control) => (
              <Select
                {...control}
                value={filters.hasReceipt ?? ''}
                onChange={(e) =>
                  setFilters({
                    hasReceipt: e.target.value === 'yes' || e.target.value === 'no' ? e.target.value : undefined,
                  })
                }
              >
                <option value="">With or without</option>
                <option value="yes">With a receipt</option>
                <option value="no">Without a receipt</option>
              </Select>
            )}
          </FormField>
        </div>
      )}
    </div>
  )
}

/** An amount bound: written to the URL as you type (after the same pause as the search), and
 *  at once when the field is left or Enter is pressed. */
function AmountBound({
  value,
  onChange,
  ...control
}: {
  value: string | undefined
  onChange: (v: string | undefined) => void
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}) {
  const [text, setText] = useState(value ?? '')
  const [shown, setShown] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  if (shown !== value) {
    setShown(value)
    if (text.trim() !== (value ?? '')) setText(value ?? '')
  }
  const commit = (raw: string) => {
    clearTimeout(timer.current)
    const next = raw.trim() === '' ? undefined : raw.trim()
    if (next !== value) onChange(next)
  }
  return (
    <Input
      {...control}
      inputMode="decimal"
      placeholder="Any"
      value={text}
      onChange={(e) => {
        const next = e.target.value
        setText(next)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS)
      }}
      onBlur={() => commit(text)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(text)
      }}
    />
  )
}
