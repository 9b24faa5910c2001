// The debts of the plan, one fieldset each: name, balance owed, APR, the minimum payment (fixed,
// or a percentage of the balance with a floor) and an optional promotional APR with the month it
// ends. Debts the app knows come pre-filled with what is owed; others can be added; any removed.
import { Plus, Trash2 } from 'lucide-react'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { blankDebt, type DebtRow } from '../debt-form-state'

const NUMBER_INPUT = 'text-right tabular-nums'

type NumberKey = 'balance' | 'apr' | 'minimum' | 'minimumPercent' | 'promoApr'

export function DebtsEditor({
  debts,
  errors,
  onChange,
}: {
  debts: DebtRow[]
  errors: Map<string, string>
  onChange: (debts: DebtRow[]) => void
}) {
  const update = (key: string, patch: Partial<DebtRow>) =>
    onChange(debts.map((d) => (d.key === key ? { ...d, ...patch } : d)))
  return (
    <div className="space-y-4">
      {debts.map((row, i) => {
        const at = (field: string) => errors.get(`debts.${String(i)}.${field}`)
        const title = row.name.trim() === '' ? `Debt ${String(i + 1)}` : row.name.trim()
        /** a number typed as text, right-aligned, kept in the row as typed */
        const numberField = (
          field: NumberKey,
          label: string,
          options: { error?: string; hint?: string; placeholder?: string } = {},
        ) => (
          <FormField label={label} error={options.error ?? at(field)} hint={options.hint}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                placeholder={options.placeholder ?? '0.00'}
                className={NUMBER_INPUT}
                value={row[field]}
                onChange={(e) => update(row.key, { [field]: e.target.value })}
              />
            )}
          </FormField>
        )
        return (
          <fieldset
            key={row.key}
            className="rounded-lg border p-3 sm:p-4"
            data-testid="debt-row"
            aria-label={title}
          >
            <legend className="sr-only">{title}</legend>
            <div className="mb-3 flex items-center justify-between gap-2">
              <p className="truncate text-sm font-medium" aria-hidden="true">
                {title}
              </p>
              <div className="flex items-center gap-2">
                <span className="text-xs text-muted-foreground">
                  {row.accountId !== null ? 'From your accounts' : 'Not in the app'}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${title}`}
                  onClick={() => onChange(debts.filter((d) => d.key !== row.key))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </div>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <FormField label="Name" error={at('name')}>
                {(control) => (
                  <Input
                    {...control}
                    value={row.name}
                    onChange={(e) => update(row.key, { name: e.target.value })}
                    placeholder="e.g. Car loan"
                  />
                )}
              </FormField>
              {numberField('balance', 'Balance owed')}
              {numberField('apr', 'APR %', { hint: 'Yearly interest, e.g. 19.99' })}
              <FormField label="Minimum payment" error={at('minKind')}>
                {(control) => (
                  <Select
                    {...control}
                    value={row.minKind}
                    onChange={(e) =>
                      update(row.key, {
                        minKind: e.target.value === 'percent' ? 'percent' : 'fixed',
                      })
                    }
                  >
                    <option value="fixed">A fixed amount</option>
                    <option value="percent">A % of the balance</option>
                  </Select>
                )}
              </FormField>
              {numberField(
                'minimum',
                row.minKind === 'fixed' ? 'Minimum each month' : 'But at least',
                {
                  error: at('minimumPayment') ?? at('minimumFloor'),
                },
              )}
              {row.minKind === 'percent' &&
                numberField('minimumPercent', 'Minimum % of balance', { hint: 'e.g. 2' })}
              {numberField('promoApr', 'Promotional APR %', { hint: 'Optional', placeholder: '—' })}
              <FormField
                label="Promotion ends"
                error={at('promoEnds') ?? at('promoMonths')}
                hint="Optional: the last month of the promotional APR"
              >
                {(control) => (
                  <Input
                    {...control}
                    type="month"
                    placeholder="YYYY-MM"
                    value={row.promoEnds}
                    onChange={(e) => update(row.key, { promoEnds: e.target.value })}
                  />
                )}
              </FormField>
            </div>
          </fieldset>
        )
      })}
      <Button type="button" variant="outline" onClick={() => onChange([...debts, blankDebt()])}>
        <Plus aria-hidden="true" />
        Add a debt
      </Button>
    </div>
  )
}
