// The import page's rules that are not about drawing: the steps each format goes through, the
// CSV column roles of the mapping editor, what an override does to a previewed row, and the
// counts the review and the summary show.
import { statementFormat, type CsvMappingDto, type ImportResult, type ImportRow } from '#src/contract/imports'
import type { ImportOverride } from './api/import-form'
import { countText } from '#src/web/lib/display-locale'

export type StatementFormat = ImportResult['format']

/** What the file picker offers; anything dropped is still sent (the server says what it is). */
export const ACCEPTED_FILES = '.ofx,.qfx,.qif,.csv,.xml,.txt'

export const FORMAT_LABELS: Record<StatementFormat, string> = {
  ofx: 'OFX',
  qfx: 'QFX (Quicken)',
  qif: 'QIF',
  csv: 'CSV',
  camt: 'CAMT (ISO 20022)',
}

/**
 * The format of a file the server refused (ACCOUNT_REQUIRED and the like): the error's `format`
 * field, when the server recognised it.
 */
export function errorFormat(body: Record<string, unknown> | null): StatementFormat | null {
  const parsed = statementFormat.safeParse(body?.['format'])
  return parsed.success ? parsed.data : null
}

export type StepId = 'file' | 'account' | 'columns' | 'dates' | 'review' | 'done'

export const STEP_LABELS: Record<StepId, string> = {
  file: 'File',
  account: 'Account',
  columns: 'Columns',
  dates: 'Dates',
  review: 'Review',
  done: 'Done',
}

/** The steps of a file of this format (before it is known: the general shape). */
export function stepsFor(format: StatementFormat | null): StepId[] {
  if (format === 'csv') return ['file', 'account', 'columns', 'review', 'done']
  if (format === 'qif') return ['file', 'account', 'dates', 'review', 'done']
  return ['file', 'account', 'review', 'done']
}

// ---------------------------------------------------------------------------------------
// CSV mapping

export const COLUMN_ROLES = [
  'ignore',
  'date',
  'amount',
  'debit',
  'credit',
  'payee',
  'description',
  'category',
  'externalId',
  'direction',
] as const
export type ColumnRole = (typeof COLUMN_ROLES)[number]
type MappedRole = Exclude<ColumnRole, 'ignore'>

export const COLUMN_ROLE_LABELS: Record<ColumnRole, string> = {
  ignore: 'Not used',
  date: 'Date',
  amount: 'Amount',
  debit: 'Money out (debit)',
  credit: 'Money in (credit)',
  payee: 'Payee',
  description: 'Description',
  category: 'Category',
  externalId: 'Bank reference',
  direction: 'Out or in (Af/Bij, DR/CR)',
}

/** The editor's columns: like the contract's, but the date may still be missing. */
export type DraftColumns = Partial<Record<MappedRole, number>>
export type DraftMapping = Omit<CsvMappingDto, 'columns'> & { columns: DraftColumns }

export function roleOfColumn(columns: DraftColumns, index: number): ColumnRole {
  for (const role of COLUMN_ROLES) {
    if (role !== 'ignore' && columns[role] === index) return role
  }
  return 'ignore'
}

/** Gives a column a role; the column that had it loses it, and one amount layout wins. */
export function withColumnRole(
  columns: DraftColumns,
  index: number,
  role: ColumnRole,
): DraftColumns {
  const next: DraftColumns = {}
  for (const r of COLUMN_ROLES) {
    if (r === 'ignore') continue
    const at = columns[r]
    if (at !== undefined && at !== index && r !== role) next[r] = at
  }
  if (role === 'amount') {
    delete next.debit
    delete next.credit
  }
  if (role === 'debit' || role === 'credit') delete next.amount
  if (role !== 'ignore') next[role] = index
  return next
}

/** Why the mapping cannot be used yet, or null. */
export function mappingProblem(mapping: DraftMapping): string | null {
  const c = mapping.columns
  if (c.date === undefined) return 'Choose the column that holds the date.'
  if (c.amount === undefined && c.debit === undefined && c.credit === undefined) {
    return 'Choose the amount column, or the money out and money in columns.'
  }
  if (c.direction !== undefined && c.amount === undefined) {
    return 'A column that says out or in goes with one amount column.'
  }
  return null
}

/**
 * The values a direction column holds, as typed ("Af, D"): trimmed, empty ones left out. Empty
 * means the common values (Af/Bij, DR/CR, D/C, debit/credit, …), which the server knows.
 */
export function directionList(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .slice(0, 20)
}

/**
 * The mapping with the direction column's values as typed: both lists or neither (the server
 * then reads the common values). A list typed alone waits for the other.
 */
export function withDirectionValues(mapping: DraftMapping, debitText: string, creditText: string): DraftMapping {
  const debit = directionList(debitText)
  const credit = directionList(creditText)
  const { directionValues: _previous, ...rest } = mapping
  return debit.length > 0 && credit.length > 0 ? { ...rest, directionValues: { debit, credit } } : rest
}

/** The mapping to send, when it is complete. */
export function completeMapping(mapping: DraftMapping): CsvMappingDto | null {
  const date = mapping.columns.date
  if (date === undefined || mappingProblem(mapping) !== null) return null
  return { ...mapping, columns: { ...mapping.columns, date } }
}

export const DELIMITERS: readonly { value: CsvMappingDto['delimiter']; label: string }[] = [
  { value: ',', label: 'Comma ( , )' },
  { value: ';', label: 'Semicolon ( ; )' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe ( | )' },
]

export const DECIMAL_SEPARATORS: readonly {
  value: CsvMappingDto['decimalSeparator']
  label: string
}[] = [
  { value: '.', label: 'Point: 1,234.56' },
  { value: ',', label: 'Comma: 1.234,56' },
]

export const SIGN_CONVENTIONS: readonly {
  value: CsvMappingDto['signConvention']
  label: string
}[] = [
  { value: 'as-is', label: 'Negative: −12.50 is money out' },
  { value: 'inverted', label: 'Positive: 12.50 is money out' },
]

/** 31 January 2024 written in each date format the parser reads. */
export const DATE_FORMAT_EXAMPLES: Record<CsvMappingDto['dateFormat'], string> = {
  'YYYY-MM-DD': '2024-01-31',
  'MM/DD/YYYY': '01/31/2024',
  'DD/MM/YYYY': '31/01/2024',
  'DD.MM.YYYY': '31.01.2024',
  'MM/DD/YY': '01/31/24',
  'DD/MM/YY': '31/01/24',
  'DD.MM.YY': '31.01.24',
  'DD-MMM-YYYY': '31-Jan-2024',
  YYYYMMDD: '20240131',
  'YYYY.MM.DD.': '2024.01.31.',
  'MMM D, YYYY': 'Jan 31, 2024',
}

export const DATE_FORMATS = Object.keys(DATE_FORMAT_EXAMPLES) as CsvMappingDto['dateFormat'][]

// ---------------------------------------------------------------------------------------
// Overrides and counts

export type RowStatus = ImportRow['status']
/** The user's overrides, by row (ImportRow.row: rows of a one-line file share their line). */
export type Overrides = ReadonlyMap<number, ImportOverride['status']>
/** Categories the user chose in the review, by row (null: no category). */
export type CategoryChoices = ReadonlyMap<number, string | null>

/** What a row will be once the user's overrides apply. */
export function effectiveStatus(row: ImportRow, overrides: Overrides): RowStatus {
  const override = overrides.get(row.row)
  if (override === 'skip') return 'skip'
  if (override === 'new' && row.status === 'duplicate') return 'new'
  return row.status
}

export function isIncluded(status: RowStatus): boolean {
  return status === 'new' || status === 'transfer'
}

/** Flips whether a row is imported: a duplicate forced in, a new row or transfer left out. */
export function toggleRow(
  overrides: Overrides,
  row: ImportRow,
): Map<number, ImportOverride['status']> {
  const next = new Map(overrides)
  if (next.has(row.row)) next.delete(row.row)
  else next.set(row.row, row.status === 'duplicate' ? 'new' : 'skip')
  return next
}

/** The overrides to send: each names its row (and, for older servers, its line). */
export function overrideList(overrides: Overrides, rows: readonly ImportRow[]): ImportOverride[] {
  const lines = new Map(rows.map((r) => [r.row, r.line]))
  return [...overrides].map(([row, status]) => ({ line: lines.get(row) ?? 1, row, status }))
}

/** The category a new row will get: the user's choice, else the server's suggestion. */
export function chosenCategory(row: ImportRow, choices: CategoryChoices): string | null {
  return choices.has(row.row) ? (choices.get(row.row) ?? null) : row.suggestedCategoryId
}

/** The choices to send: only those that differ from the suggestion. */
export function categoryList(
  choices: CategoryChoices,
  rows: readonly ImportRow[],
): { row: number; categoryId: string | null }[] {
  const byRow = new Map(rows.map((r) => [r.row, r]))
  return [...choices].flatMap(([row, categoryId]) =>
    byRow.get(row)?.suggestedCategoryId === categoryId ? [] : [{ row, categoryId }],
  )
}

export type ReviewCounts = {
  /** rows that will be written (transfers included) */
  added: number
  transfers: number
  duplicates: number
  skipped: number
  /** duplicates forced in */
  forced: number
}

/** The preview's totals with the overrides applied (the preview may list only some rows). */
export function reviewCounts(preview: ImportResult, overrides: Overrides): ReviewCounts {
  let forced = 0
  let skippedNew = 0
  let skippedTransfers = 0
  let skippedDuplicates = 0
  const byRow = new Map((preview.rows ?? []).map((r) => [r.row, r]))
  for (const [key, status] of overrides) {
    const row = byRow.get(key)
    if (row === undefined) continue
    if (status === 'new' && row.status === 'duplicate') forced += 1
    if (status === 'skip') {
      if (row.status === 'new') skippedNew += 1
      if (row.status === 'transfer') skippedTransfers += 1
      if (row.status === 'duplicate') skippedDuplicates += 1
    }
  }
  return {
    added: preview.added - skippedNew - skippedTransfers + forced,
    transfers: preview.transfers - skippedTransfers,
    duplicates: preview.duplicates - forced - skippedDuplicates,
    skipped: preview.skipped + skippedNew + skippedTransfers,
    forced,
  }
}

/** "Line 14: …" for an issue of the file (line 0 is about the whole file). */
export function issueText(issue: { line: number; message: string }): string {
  if (issue.line <= 0 || /^Line \d+/i.test(issue.message)) return issue.message
  return `Line ${issue.line}: ${issue.message}`
}

export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${countText(n)} ${n === 1 ? one : many}`
}

/**
 * The import bar's value while the server works: the rows it has done (GET
 * /api/imports/progress) against the file's rows (the preview's count), held below 100 until the
 * answer comes, since the last rows and the commit still take a moment. Null: nothing to show yet.
 */
export function serverPercent(server: { stage: string; rows: number } | null, rows: number): number | null {
  if (server === null || rows <= 0 || (server.stage !== 'writing' && server.stage !== 'done')) return null
  return Math.min(99, Math.floor((server.rows / rows) * 100))
}
