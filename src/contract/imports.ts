// Statement imports: upload a bank file (multipart), preview what it would add, commit
// it in one transaction, list past imports and undo one; CSV column mappings saved per account.
import { z } from 'zod'
import { CSV_DATE_FORMATS, CSV_DELIMITERS, QIF_DATE_ORDERS, STATEMENT_FORMATS } from '../domain/import/types'
import { ADULT_READ, ADULT_WRITE, MEMBER_READ, endpoint } from './endpoint'
import { booleanQuery, id, isoDate, money, paginationQuery, requiredText } from './common'

export { STATEMENT_FORMATS }
export const statementFormat = z.enum(STATEMENT_FORMATS)

const column = z.number().int().min(0).max(1999)

export const csvMapping = z.object({
  delimiter: z.enum(CSV_DELIMITERS),
  decimalSeparator: z.enum(['.', ',']),
  dateFormat: z.enum(CSV_DATE_FORMATS),
  skipRows: z.number().int().min(0).max(1000),
  hasHeader: z.boolean(),
  columns: z.object({
    date: column,
    amount: column.optional(),
    debit: column.optional(),
    credit: column.optional(),
    payee: column.optional(),
    description: column.optional(),
    category: column.optional(),
    externalId: column.optional(),
    direction: column.optional(),
  }),
  directionValues: z
    .object({ debit: z.array(z.string().min(1).max(40)).min(1).max(20), credit: z.array(z.string().min(1).max(40)).min(1).max(20) })
    .optional(),
  signConvention: z.enum(['as-is', 'inverted']),
  encoding: z.string().max(40).optional(),
})
export type CsvMappingDto = z.output<typeof csvMapping>

export const importOverride = z.object({
  line: z.number().int().min(1),
  /** the row's place in the file (ImportRow.row): decides over `line`, which several rows of a
   *  one-line file share */
  row: z.number().int().min(1).optional(),
  /** new: import the row even if it looks like a duplicate or a transfer; skip: leave it out */
  status: z.enum(['new', 'skip']),
})

/** The category the user chose for a row in the review (null: no category). */
export const importCategoryChoice = z.object({
  row: z.number().int().min(1),
  categoryId: id.nullable(),
})

/** A multipart field that carries JSON. */
const jsonField = <T extends z.ZodType>(schema: T, label: string) =>
  z
    .string()
    .max(2_000_000, `${label} is too long`)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label} is not valid JSON` })
        return z.NEVER
      }
    })
    .pipe(schema)

/** The text fields of the multipart upload, besides the file itself (field `file`). */
export const importFields = z.object({
  /** the account every row goes to (needed for CSV and plain QIF files) */
  accountId: id.optional(),
  /** skip format detection */
  format: statementFormat.optional(),
  /** CSV only: the column mapping (JSON); otherwise the account's saved one, else a guess */
  mapping: jsonField(csvMapping, 'mapping').optional(),
  /** QIF only: day-first or month-first dates; guessed when absent */
  qifDateOrder: z.enum(QIF_DATE_ORDERS).optional(),
  /** JSON array of { line, status } from the preview */
  overrides: jsonField(z.array(importOverride).max(1_000_000), 'overrides').optional(),
  /** JSON array of { row, categoryId }: categories chosen in the review, over the suggestions */
  categories: jsonField(z.array(importCategoryChoice).max(1_000_000), 'categories').optional(),
})
export type ImportFields = z.output<typeof importFields>

export const importQuery = z.object({
  /** true: parse and check the file, write nothing */
  preview: booleanQuery.default(false),
  /** an id the client chose: GET /api/imports/progress?id= follows this upload's work */
  progress: z.uuid().optional(),
})

export const IMPORT_STAGES = ['waiting', 'reading', 'checking', 'writing', 'done', 'failed'] as const
export const importProgress = z.object({
  /** waiting: nothing heard of this id yet (not started, or on another instance); reading: the
   *  file is parsed; checking: rows planned (a preview); writing: rows planned and written */
  stage: z.enum(IMPORT_STAGES),
  /** rows done so far */
  rows: z.number().int(),
  updatedAt: z.string().nullable(),
})

export const importIssue = z.object({ line: z.number().int(), message: z.string() })

export const importAccountSummary = z.object({
  /** the account's identity in the file (OFX bank:account, IBAN, QIF account name…) */
  key: z.string(),
  name: z.string(),
  /** null when previewing an account the import would create */
  accountId: id.nullable(),
  created: z.boolean(),
  numberLast4: z.string().nullable(),
  currency: z.string().nullable(),
  added: z.number().int(),
  duplicates: z.number().int(),
  transfers: z.number().int(),
  /** investment statements: activities (buys, sells, income…) added, or new in a preview */
  activities: z.number().int(),
  /** bank statements: the balance the file states (OFX LEDGERBAL, CAMT CLBD) and its date */
  statementBalance: money.nullable(),
  statementDate: isoDate.nullable(),
  /** an account the import creates: the opening-balance entry that makes it end at the
   *  statement's balance (null when none is needed) */
  openingBalance: money.nullable(),
  /** an account that exists: the statement's balance minus Kinwise's on that date once the
   *  import is in (0 when they agree, null when the file states none): the reconcile prompt */
  balanceDifference: money.nullable(),
})

export const importRowStatus = z.enum(['new', 'duplicate', 'transfer', 'skip'])

export const importRow = z.object({
  line: z.number().int(),
  /** 1-based place of the row in the file (its own, even when rows share a line) */
  row: z.number().int(),
  date: isoDate,
  amount: money,
  payee: z.string(),
  memo: z.string(),
  accountKey: z.string(),
  status: importRowStatus,
  /** the stored transaction this row duplicates, or the stored row it pairs with as a transfer */
  matchId: id.nullable(),
  /** for a transfer between two rows of the file: the other row's line */
  matchLine: z.number().int().nullable(),
  suggestedCategoryId: id.nullable(),
  categorySource: z.enum(['user', 'rule', 'learned', 'file']).nullable(),
})
export type ImportRow = z.output<typeof importRow>

export const importResult = z.object({
  /** null when previewing */
  batchId: id.nullable(),
  format: statementFormat,
  accounts: z.array(importAccountSummary),
  added: z.number().int(),
  duplicates: z.number().int(),
  transfers: z.number().int(),
  /** rows left out by an override */
  skipped: z.number().int(),
  /** investment statements: activities added (in a preview: new ones), opening positions included */
  activities: z.number().int(),
  /** investment statements: security prices the file gives (stored when imported) */
  prices: z.number().int(),
  errors: z.array(importIssue),
  warnings: z.array(importIssue),
  /** previews only: the rows, in file order (all of them up to 10,000; beyond that every
   *  duplicate and transfer first, then new rows) */
  rows: z.array(importRow).optional(),
  rowCount: z.number().int(),
  /** CSV previews: the mapping used and what the mapping editor shows */
  csv: z
    .object({
      mapping: csvMapping,
      source: z.enum(['request', 'preset', 'guess']),
      headers: z.array(z.string()),
      sampleRows: z.array(z.array(z.string())),
    })
    .optional(),
  /** QIF: the date order used */
  qifDateOrder: z.enum(QIF_DATE_ORDERS).nullable(),
})
export type ImportResult = z.output<typeof importResult>

export const importBatch = z.object({
  id,
  fileName: z.string(),
  format: statementFormat,
  fileSize: z.number().int(),
  added: z.number().int(),
  duplicates: z.number().int(),
  transfers: z.number().int(),
  /** investment activities it added (still there) */
  activities: z.number().int(),
  accountIds: z.array(id),
  createdAccountIds: z.array(id),
  createdAt: z.string(),
})

export const undoImportResult = z.object({
  /** transactions removed */
  deleted: z.number().int(),
  /** stored rows turned back from transfer legs into what they were */
  restored: z.number().int(),
  /** investment activities removed */
  activities: z.number().int(),
  /** accounts the import created: they stay, now without the import's rows */
  accountsKept: z.array(z.object({ id, name: z.string(), balance: money, transactionCount: z.number().int() })),
})

export const importPreset = z.object({
  id,
  accountId: id.nullable(),
  name: z.string(),
  mapping: csvMapping,
  updatedAt: z.string(),
})

export const importPresetBody = z.object({
  /** null: the household's default mapping */
  accountId: id.nullable(),
  name: requiredText(80, 'Name'),
  mapping: csvMapping,
})

export const MAX_PREVIEW_ROWS = 10_000

export const createImport = endpoint({
  method: 'POST',
  path: '/api/imports',
  summary:
    'Import a bank statement (multipart: field file; optional accountId, format, mapping, qifDateOrder, overrides). With ?preview=true nothing is written.',
  tag: 'imports',
  access: ADULT_WRITE,
  query: importQuery,
  response: importResult,
})

export const getImportProgress = endpoint({
  method: 'GET',
  path: '/api/imports/progress',
  summary: "How far an upload sent with ?progress=<id> has got: its stage and the rows done so far (one's own uploads only)",
  tag: 'imports',
  access: ADULT_READ,
  query: z.object({ id: z.uuid() }),
  response: importProgress,
})

export const listImports = endpoint({
  method: 'GET',
  path: '/api/imports',
  summary: 'Past imports, newest first; paginated by limit and cursor (next cursor in X-Next-Cursor)',
  tag: 'imports',
  access: MEMBER_READ,
  query: paginationQuery,
  response: z.array(importBatch),
})

export const undoImport = endpoint({
  method: 'DELETE',
  path: '/api/imports/:batchId',
  summary: 'Undo an import: its transactions and investment activities go, rows it linked as transfers are restored',
  tag: 'imports',
  access: ADULT_WRITE,
  params: z.object({ batchId: id }),
  response: undoImportResult,
})

export const listImportPresets = endpoint({
  method: 'GET',
  path: '/api/import-presets',
  summary: 'Saved CSV column mappings (per account, or the household default)',
  tag: 'imports',
  access: MEMBER_READ,
  response: z.array(importPreset),
})

export const saveImportPreset = endpoint({
  method: 'PUT',
  path: '/api/import-presets',
  summary: 'Save the CSV column mapping of an account (or the default one)',
  tag: 'imports',
  access: ADULT_WRITE,
  body: importPresetBody,
  response: importPreset,
})
export type ImportProgressDto = z.output<typeof importProgress>
export type ImportStageDto = ImportProgressDto['stage']
