// The rows of a previewed file. ParsedRows: the first rows as the current mapping reads them
// (mapping and dates steps). ReviewRows: every row with its status, the row it matches, the
// suggested category and where it came from, and a checkbox to bring a duplicate in or leave a
// row out, and a category picker for each row to import (the suggestion until the user picks);
// filtered by status and paged. Rows are told apart by their own number in the file (a one-line
// OFX gives them all one line). A table on wide screens, a list on a phone.
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useState } from 'react'
import type { ImportRow } from '#src/contract/imports'
import { Money } from '#src/web/components/money'
import { ColumnHeads, type ColumnHead } from '#src/web/components/column-heads'
import { Button } from '#src/web/components/ui/button'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { Select } from '#src/web/components/ui/select'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'
import type { CategoryOption } from '#src/web/lib/queries/categories'
import { useMediaQuery } from '#src/web/lib/use-media-query'
import {
  chosenCategory,
  effectiveStatus,
  isIncluded,
  plural,
  type CategoryChoices,
  type Overrides,
  type RowStatus,
} from '../import-flow'
import { MatchInfo } from './match-popover'
import { StatusChip } from './status-chip'
import { countText } from '#src/web/lib/display-locale'

export const WIDE_QUERY = '(min-width: 768px)'
const PAGE_SIZE = 50

export type AccountInfo = { name: string; currency: string | null }

const SOURCE_LABELS: Record<NonNullable<ImportRow['categorySource']>, string> = {
  user: 'chosen by you',
  rule: 'by a rule',
  learned: 'learned from your choices',
  file: 'from the file',
}

function payeeText(row: ImportRow): string {
  return row.payee || row.memo || 'No payee'
}

const AMOUNT_HEAD = { key: 'amount', label: 'Amount', className: 'text-right' }
const PARSED_HEADS: ColumnHead[] = ['Line', 'Date', 'Payee', 'Description', AMOUNT_HEAD]
const REVIEW_HEADS: ColumnHead[] = [
  { key: 'import', label: <span className="sr-only">Import</span>, className: 'w-10' },
  'Row',
  'Date',
  'Payee',
  'Category',
  'Status',
  AMOUNT_HEAD,
]

/** The first rows as the mapping reads them: a quick check that the columns are right. */
export function ParsedRows({
  rows,
  currency,
  caption,
}: {
  rows: readonly ImportRow[]
  currency?: string
  caption: string
}) {
  const formatDate = useDateFormat()
  const wide = useMediaQuery(WIDE_QUERY)
  if (!wide) {
    return (
      <ul className="divide-y rounded-lg border" aria-label={caption} data-testid="parsed-rows">
        {rows.map((r) => (
          <li key={r.row} className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm">
            <div className="min-w-0">
              <p className="truncate font-medium">{payeeText(r)}</p>
              <p className="text-xs text-muted-foreground">
                {formatDate(r.date)} · line {r.line}
              </p>
            </div>
            <Money value={r.amount} currency={currency} showPlus incomeTone />
          </li>
        ))}
      </ul>
    )
  }
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" data-testid="parsed-rows">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <ColumnHeads heads={PARSED_HEADS} className="px-3 py-2 font-medium" />
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((r) => (
            <tr key={r.row}>
              <td className="px-3 py-2 text-muted-foreground tabular-nums">{r.line}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(r.date)}</td>
              <td className="max-w-56 truncate px-3 py-2 font-medium">{r.payee || '—'}</td>
              <td className="max-w-72 truncate px-3 py-2 text-muted-foreground">{r.memo || '—'}</td>
              <td className="px-3 py-2 text-right">
                <Money value={r.amount} currency={currency} showPlus incomeTone />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

type Filter = 'all' | RowStatus

const FILTERS: readonly { id: Filter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'new', label: 'New' },
  { id: 'duplicate', label: 'Duplicates' },
  { id: 'transfer', label: 'Transfers' },
  { id: 'skip', label: 'Left out' },
]

/** The category of a row to import: the suggestion preselected, any category to choose. */
function RowCategory({
  row,
  choices,
  options,
  onChoose,
  disabled,
}: {
  row: ImportRow
  choices: CategoryChoices
  options: readonly CategoryOption[]
  onChoose: (row: ImportRow, categoryId: string | null) => void
  disabled: boolean
}) {
  const value = chosenCategory(row, choices)
  const source = choices.has(row.row) ? 'user' : row.categorySource
  return (
    <span className="block space-y-0.5">
      <Select
        aria-label={`Category of row ${row.row}: ${payeeText(row)}`}
        className="h-8 w-full max-w-52 text-xs sm:text-sm"
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChoose(row, e.target.value === '' ? null : e.target.value)}
      >
        <option value="">No category</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.depth === 1 ? `\u00a0\u00a0\u00a0${o.label}` : o.label}
          </option>
        ))}
      </Select>
      {source !== null && value !== null && (
        <span className="block text-xs text-muted-foreground">{SOURCE_LABELS[source]}</span>
      )}
    </span>
  )
}

export function ReviewRows({
  rows,
  overrides,
  onToggle,
  categories,
  onChooseCategory,
  categoryOptions,
  accounts,
  disabled,
}: {
  rows: readonly ImportRow[]
  overrides: Overrides
  onToggle: (row: ImportRow) => void
  categories: CategoryChoices
  onChooseCategory: (row: ImportRow, categoryId: string | null) => void
  categoryOptions: readonly CategoryOption[]
  accounts: ReadonlyMap<string, AccountInfo>
  disabled: boolean
}) {
  const wide = useMediaQuery(WIDE_QUERY)
  const formatDate = useDateFormat()
  const [filter, setFilter] = useState<Filter>('all')
  const [page, setPage] = useState(0)
  const showAccount = accounts.size > 1

  const counts = new Map<Filter, number>([['all', rows.length]])
  for (const r of rows) {
    const s = effectiveStatus(r, overrides)
    counts.set(s, (counts.get(s) ?? 0) + 1)
  }
  const shown =
    filter === 'all' ? rows : rows.filter((r) => effectiveStatus(r, overrides) === filter)
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE))
  const current = Math.min(page, pages - 1)
  const slice = shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE)

  const rowParts = (r: ImportRow) => {
    const status = effectiveStatus(r, overrides)
    const included = isIncluded(status)
    const forced = r.status === 'duplicate' && status === 'new'
    const account = accounts.get(r.accountKey)
    const checkbox = (
      <Checkbox
        checked={included}
        disabled={disabled}
        onChange={() => onToggle(r)}
        aria-label={`Import row ${r.row}: ${payeeText(r)}`}
        className="size-5 sm:size-4"
      />
    )
    const match =
      r.status === 'duplicate' || r.status === 'transfer' ? (
        <MatchInfo matchId={r.matchId} matchLine={r.matchLine} kind={r.status} />
      ) : null
    const categoryText =
      status === 'transfer' ? (
        <span className="text-muted-foreground">Transfer, no category</span>
      ) : status === 'duplicate' || status === 'skip' ? (
        <span className="text-muted-foreground">
          <span aria-hidden="true">—</span>
          <span className="sr-only">Not imported</span>
        </span>
      ) : (
        <RowCategory
          row={r}
          choices={categories}
          options={categoryOptions}
          onChoose={onChooseCategory}
          disabled={disabled}
        />
      )
    /** what the tests find a row by, on the table's row and the list's item alike */
    const marks = {
      'data-testid': 'review-row',
      'data-row': r.row,
      'data-line': r.line,
      'data-status': status,
    }
    return { status, included, forced, account, checkbox, match, categoryText, marks }
  }

  return (
    <div className="space-y-3">
      <div role="group" aria-label="Show rows" className="flex flex-wrap gap-1.5">
        {FILTERS.map((f) => {
          const n = counts.get(f.id) ?? 0
          if (f.id !== 'all' && n === 0) return null
          return (
            <Button
              key={f.id}
              size="sm"
              variant={filter === f.id ? 'secondary' : 'ghost'}
              aria-pressed={filter === f.id}
              onClick={() => {
                setFilter(f.id)
                setPage(0)
              }}
            >
              {f.label}
              <span className="text-muted-foreground tabular-nums">{countText(n)}</span>
            </Button>
          )
        })}
      </div>

      {wide ? (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm" data-testid="review-rows">
            <caption className="sr-only">
              The rows of the file and what the import will do with each
            </caption>
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <ColumnHeads heads={REVIEW_HEADS} className="px-3 py-2 font-medium" />
              </tr>
            </thead>
            <tbody className="divide-y">
              {slice.map((r) => {
                const p = rowParts(r)
                return (
                  <tr
                    key={r.row}
                    {...p.marks}
                    className={cn(!p.included && 'bg-muted/30 text-muted-foreground')}
                  >
                    <td className="px-3 py-2">{p.checkbox}</td>
                    <td
                      className="px-3 py-2 text-muted-foreground tabular-nums"
                      title={`Line ${r.line} of the file`}
                    >
                      {r.row}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(r.date)}</td>
                    <td className="max-w-72 px-3 py-2">
                      <span
                        className={cn(
                          'block truncate font-medium',
                          !p.included && 'line-through decoration-muted-foreground/60',
                        )}
                      >
                        {payeeText(r)}
                      </span>
                      {(r.memo !== '' && r.memo !== r.payee) || showAccount ? (
                        <span className="block truncate text-xs text-muted-foreground">
                          {showAccount && p.account
                            ? `${p.account.name}${r.memo ? ' · ' : ''}`
                            : ''}
                          {r.memo !== r.payee ? r.memo : ''}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">{p.categoryText}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-col items-start gap-1">
                        <StatusChip status={p.status} forced={p.forced} />
                        {p.match}
                      </div>
                    </td>
                    <td className="px-3 py-2 text-right">
                      <Money
                        value={r.amount}
                        currency={p.account?.currency ?? undefined}
                        showPlus
                        incomeTone
                      />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <ul
          className="divide-y rounded-lg border"
          data-testid="review-rows"
          aria-label="The rows of the file"
        >
          {slice.map((r) => {
            const p = rowParts(r)
            return (
              <li
                key={r.row}
                {...p.marks}
                className={cn('flex gap-3 px-3 py-3', !p.included && 'bg-muted/30')}
              >
                <div className="pt-0.5">{p.checkbox}</div>
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex items-start justify-between gap-2">
                    <p
                      className={cn(
                        'truncate text-sm font-medium',
                        !p.included && 'text-muted-foreground line-through',
                      )}
                    >
                      {payeeText(r)}
                    </p>
                    <Money
                      value={r.amount}
                      currency={p.account?.currency ?? undefined}
                      showPlus
                      incomeTone
                      className="text-sm"
                    />
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {formatDate(r.date)} · row {r.row}
                    {showAccount && p.account ? ` · ${p.account.name}` : ''}
                  </p>
                  <div className="flex flex-wrap items-center gap-2 text-xs">
                    <StatusChip status={p.status} forced={p.forced} />
                    {p.match}
                  </div>
                  {p.status === 'new' || p.status === 'transfer' ? (
                    <div className="text-xs">{p.categoryText}</div>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      )}

      {pages > 1 && (
        <div className="flex items-center justify-between gap-2 text-sm">
          <p className="text-muted-foreground">
            {plural(shown.length, 'row')} · page {current + 1} of {pages}
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => setPage(current - 1)}
              disabled={current === 0}
            >
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setPage(current + 1)}
              disabled={current >= pages - 1}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
