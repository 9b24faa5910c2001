// The reports' filter bar: the range (last 12 or 24 months, this year, or custom months), and
// which accounts, categories and household members count (members only in a household of more
// than one). Everything lives in the URL.
import { X } from 'lucide-react'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import {
  RANGE_LABELS,
  RANGE_PRESETS,
  asMonth,
  type FiltersPatch,
  type ReportFilters,
} from '../report-filters'
import { MultiSelect, type MultiOption } from './multi-select'

export function ReportFiltersBar({
  filters,
  setFilters,
  clearFilters,
  narrowed,
  accounts,
  categories,
  members,
}: {
  filters: ReportFilters
  setFilters: (patch: FiltersPatch) => void
  clearFilters: () => void
  narrowed: boolean
  accounts: MultiOption[]
  categories: MultiOption[]
  members: MultiOption[]
}) {
  return (
    <div
      className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-4 sm:grid-cols-3 lg:flex lg:flex-wrap lg:items-end print:hidden"
      data-testid="report-filters"
      role="group"
      aria-label="Report filters"
    >
      <FormField label="Range" className="col-span-2 sm:col-span-1 lg:w-44">
        {(control) => (
          <Select
            {...control}
            value={filters.range}
            onChange={(e) => {
              const range = RANGE_PRESETS.find((r) => r === e.target.value)
              if (range !== undefined) setFilters({ range })
            }}
          >
            {RANGE_PRESETS.map((r) => (
              <option key={r} value={r}>
                {RANGE_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <MonthField
        label="From"
        value={filters.from}
        bounds={{ max: filters.to }}
        onChange={(from) => setFilters({ from })}
      />
      <MonthField
        label="To"
        value={filters.to}
        bounds={{ min: filters.from }}
        onChange={(to) => setFilters({ to })}
      />
      <FilterPicker
        label="Accounts"
        allLabel="All accounts"
        options={accounts}
        value={filters.accountIds}
        onChange={(accountIds) => setFilters({ accountIds })}
      />
      <FilterPicker
        label="Categories"
        allLabel="All categories"
        options={categories}
        value={filters.categoryIds}
        onChange={(categoryIds) => setFilters({ categoryIds })}
      />
      {members.length > 1 && (
        <FilterPicker
          label="Members"
          allLabel="Everyone"
          options={members}
          value={filters.memberIds}
          onChange={(memberIds) => setFilters({ memberIds })}
        />
      )}
      {narrowed && (
        <Button
          variant="ghost"
          className="col-span-2 justify-self-start sm:col-span-1"
          onClick={clearFilters}
        >
          <X aria-hidden="true" />
          Clear filters
        </Button>
      )}
    </div>
  )
}

/** A month of the range: only a whole month (YYYY-MM) is taken, within the other end. */
function MonthField({
  label,
  value,
  bounds,
  onChange,
}: {
  label: string
  value: string
  /** the other end of the range: From ends at To, To starts at From */
  bounds: { min?: string; max?: string }
  onChange: (month: string) => void
}) {
  return (
    <FormField label={label} className="min-w-0 lg:w-48">
      {(control) => (
        <Input
          {...control}
          type="month"
          className="min-w-0"
          value={value}
          {...bounds}
          onChange={(e) => {
            const month = asMonth(e.target.value)
            if (month !== null) onChange(month)
          }}
        />
      )}
    </FormField>
  )
}

/**
 * A list to narrow the reports to (accounts, categories, members). Its visible name is hidden
 * from screen readers: the button says it with what is chosen ("Accounts: All accounts").
 */
function FilterPicker({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string
  allLabel: string
  options: MultiOption[]
  value: string[]
  onChange: (value: string[]) => void
}) {
  return (
    <div className="col-span-2 grid content-start gap-2 sm:col-span-1 lg:w-48">
      <span className="text-sm leading-none font-medium select-none" aria-hidden="true">
        {label}
      </span>
      <MultiSelect
        label={label}
        allLabel={allLabel}
        options={options}
        value={value}
        onChange={onChange}
      />
    </div>
  )
}
