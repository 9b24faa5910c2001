// A fieldset of repeated small rows (a one-off payment, a pension from an age): each row's
// inputs side by side with a button to remove it, and a button below to add another. The
// fields are described as data; their errors are read from the form's issue map under
// "<path>.<row index>.<field name>".
import { Plus, Trash2 } from 'lucide-react'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'

type KeyedRow = { key: string }

export type RowFieldSpec<R> = {
  name: Exclude<keyof R & string, 'key'>
  label: string
  /** the field's frame: its width in the row */
  className: string
  /** decimal: an amount ("0.00"); numeric: a whole number */
  mode: 'decimal' | 'numeric'
}

export function RowsFieldset<R extends KeyedRow & Record<RowFieldSpec<R>['name'], string>>({
  legend,
  description,
  rows,
  fields,
  errorPath,
  errors,
  removeLabel,
  rowTestId,
  addLabel,
  canAdd = true,
  newRow,
  onChange,
}: {
  legend: string
  description: string
  rows: R[]
  fields: RowFieldSpec<R>[]
  errorPath: string
  errors: ReadonlyMap<string, string>
  /** the remove button's accessible name, from the row's number (1 for the first) */
  removeLabel: (n: number) => string
  rowTestId?: string
  addLabel: string
  canAdd?: boolean
  newRow: () => R
  onChange: (rows: R[]) => void
}) {
  const edit = (key: string, name: RowFieldSpec<R>['name'], value: string) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, [name]: value } : row)))
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <p className="text-xs text-muted-foreground">{description}</p>
      {rows.map((row, i) => (
        <div key={row.key} className="flex items-start gap-2" data-testid={rowTestId}>
          {fields.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              className={field.className}
              error={errors.get(`${errorPath}.${String(i)}.${field.name}`)}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode={field.mode}
                  placeholder={field.mode === 'decimal' ? '0.00' : undefined}
                  className="text-right tabular-nums"
                  value={row[field.name]}
                  onChange={(e) => edit(row.key, field.name, e.target.value)}
                />
              )}
            </FormField>
          ))}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="mt-7"
            aria-label={removeLabel(i + 1)}
            onClick={() => onChange(rows.filter((o) => o.key !== row.key))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      {canAdd && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onChange([...rows, newRow()])}
        >
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      )}
    </fieldset>
  )
}
