// The CSV mapping: how the file is written (delimiter, decimal mark, date format, lines before
// the header, sign of spending) and what each column holds. Every column shows its header and
// first values with a role to pick; a table on wide screens, one card per column on a phone.
import { useState } from 'react'
import type { ImportResult } from '#src/contract/imports'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Label } from '#src/web/components/ui/label'
import { Select } from '#src/web/components/ui/select'
import { useMediaQuery } from '#src/web/lib/use-media-query'
import {
  COLUMN_ROLE_LABELS,
  COLUMN_ROLES,
  DATE_FORMAT_EXAMPLES,
  DATE_FORMATS,
  DECIMAL_SEPARATORS,
  DELIMITERS,
  roleOfColumn,
  SIGN_CONVENTIONS,
  withColumnRole,
  withDirectionValues,
  type ColumnRole,
  type DraftMapping,
} from '../import-flow'
import { WIDE_QUERY } from './preview-rows'

type CsvInfo = NonNullable<ImportResult['csv']>

const SAMPLE_ROWS = 4

function pickRole(value: string): ColumnRole {
  return COLUMN_ROLES.find((r) => r === value) ?? 'ignore'
}

export function MappingEditor({
  mapping,
  csv,
  onChange,
}: {
  mapping: DraftMapping
  csv: CsvInfo
  onChange: (next: DraftMapping) => void
}) {
  const wide = useMediaQuery(WIDE_QUERY)
  const set = <K extends keyof DraftMapping>(key: K, value: DraftMapping[K]) =>
    onChange({ ...mapping, [key]: value })
  const width = Math.max(csv.headers.length, ...csv.sampleRows.map((r) => r.length))
  const columns = Array.from({ length: width }, (_, i) => ({
    index: i,
    header: csv.headers[i] ?? `Column ${i + 1}`,
    samples: csv.sampleRows.slice(0, SAMPLE_ROWS).map((r) => r[i] ?? ''),
  }))

  const roleSelect = (index: number, header: string) => (
    <Select
      aria-label={`What column ${index + 1} (${header}) holds`}
      value={roleOfColumn(mapping.columns, index)}
      onChange={(event) =>
        set('columns', withColumnRole(mapping.columns, index, pickRole(event.target.value)))
      }
      data-testid={`column-role-${index}`}
    >
      {COLUMN_ROLES.map((role) => (
        <option key={role} value={role}>
          {COLUMN_ROLE_LABELS[role]}
        </option>
      ))}
    </Select>
  )

  return (
    <div className="space-y-5" data-testid="mapping-editor">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FormField label="Separator" className="content-start">
          {(control) => (
            <Select
              {...control}
              value={mapping.delimiter}
              onChange={(event) => {
                const found = DELIMITERS.find((d) => d.value === event.target.value)
                if (found) set('delimiter', found.value)
              }}
            >
              {DELIMITERS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Decimal mark" className="content-start">
          {(control) => (
            <Select
              {...control}
              value={mapping.decimalSeparator}
              onChange={(event) => {
                const found = DECIMAL_SEPARATORS.find((d) => d.value === event.target.value)
                if (found) set('decimalSeparator', found.value)
              }}
            >
              {DECIMAL_SEPARATORS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Date format" className="content-start">
          {(control) => (
            <Select
              {...control}
              value={mapping.dateFormat}
              onChange={(event) => {
                const found = DATE_FORMATS.find((d) => d === event.target.value)
                if (found) set('dateFormat', found)
              }}
            >
              {DATE_FORMATS.map((d) => (
                <option key={d} value={d}>
                  {DATE_FORMAT_EXAMPLES[d]} ({d})
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label="Lines to skip at the top"
          hint="Bank name, address or totals above the rows"
          className="content-start"
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={1000}
              value={mapping.skipRows}
              onChange={(event) => {
                const n = Number(event.target.value)
                if (Number.isInteger(n) && n >= 0 && n <= 1000) set('skipRows', n)
              }}
            />
          )}
        </FormField>
        <FormField label="Spending is written as" className="content-start">
          {(control) => (
            <Select
              {...control}
              value={mapping.signConvention}
              onChange={(event) => {
                const found = SIGN_CONVENTIONS.find((d) => d.value === event.target.value)
                if (found) set('signConvention', found.value)
              }}
            >
              {SIGN_CONVENTIONS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="flex items-center gap-2 sm:pt-7">
          <Checkbox
            id="csv-has-header"
            checked={mapping.hasHeader}
            onChange={(event) => set('hasHeader', event.target.checked)}
          />
          <Label htmlFor="csv-has-header" className="font-normal">
            The first row holds column names
          </Label>
        </div>
      </div>

      {mapping.columns.direction !== undefined && (
        <DirectionValues mapping={mapping} onChange={onChange} />
      )}

      <div className="space-y-2">
        <h3 className="text-sm font-semibold">What each column holds</h3>
        {wide ? (
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-sm" data-testid="column-table">
              <caption className="sr-only">
                The columns of the file, with their first values
              </caption>
              <thead className="bg-muted/50 align-top">
                <tr>
                  {columns.map((c) => (
                    <th
                      key={c.index}
                      scope="col"
                      className="min-w-40 space-y-2 px-3 py-2 text-left font-medium"
                    >
                      <span
                        className="block truncate text-xs text-muted-foreground"
                        title={c.header}
                      >
                        {c.header}
                      </span>
                      {roleSelect(c.index, c.header)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {csv.sampleRows.slice(0, SAMPLE_ROWS).map((row, r) => (
                  <tr key={r}>
                    {columns.map((c) => (
                      <td
                        key={c.index}
                        className="max-w-56 truncate px-3 py-1.5 text-muted-foreground"
                        title={row[c.index]}
                      >
                        {row[c.index] ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <ul className="space-y-2" data-testid="column-table">
            {columns.map((c) => (
              <li key={c.index} className="space-y-2 rounded-lg border p-3">
                <div className="flex items-baseline justify-between gap-2">
                  <p className="truncate text-sm font-medium">{c.header}</p>
                  <span className="text-xs text-muted-foreground">Column {c.index + 1}</span>
                </div>
                <p className="truncate text-xs text-muted-foreground">
                  {c.samples.filter((s) => s !== '').join(' · ') || 'Empty in the first rows'}
                </p>
                {roleSelect(c.index, c.header)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

/**
 * What the direction column's values mean, typed as lists ("Af, D"). Left empty, the common
 * values are read (Af/Bij, DR/CR, D/C, debit/credit and their kin); a value that is neither is
 * named with its line in the preview.
 */
function DirectionValues({
  mapping,
  onChange,
}: {
  mapping: DraftMapping
  onChange: (next: DraftMapping) => void
}) {
  const [debit, setDebit] = useState(mapping.directionValues?.debit.join(', ') ?? '')
  const [credit, setCredit] = useState(mapping.directionValues?.credit.join(', ') ?? '')
  return (
    <fieldset className="grid gap-4 rounded-lg border p-3 sm:grid-cols-2" data-testid="direction-values">
      <legend className="px-1 text-sm font-semibold">What the out-or-in column says</legend>
      <FormField label="Values for money out" hint="Separated by commas; empty: Af, DR, D, debit…">
        {(control) => (
          <Input
            {...control}
            value={debit}
            maxLength={400}
            onChange={(event) => {
              setDebit(event.target.value)
              onChange(withDirectionValues(mapping, event.target.value, credit))
            }}
          />
        )}
      </FormField>
      <FormField label="Values for money in" hint="Separated by commas; empty: Bij, CR, C, credit…">
        {(control) => (
          <Input
            {...control}
            value={credit}
            maxLength={400}
            onChange={(event) => {
              setCredit(event.target.value)
              onChange(withDirectionValues(mapping, debit, event.target.value))
            }}
          />
        )}
      </FormField>
    </fieldset>
  )
}
