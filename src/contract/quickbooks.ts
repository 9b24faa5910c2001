// QuickBooks setup: the household's QuickBooks chart of accounts (typed in or read from
// a chart QuickBooks exported as IIF or CSV), which chart account each category and account maps
// to, exports of a date range as IIF (QuickBooks Desktop), QBO Web Connect (OFX 1.0.2) or CSV —
// optionally only what was not exported before — and the export log. Adults and the owner use it;
// an export holds only the transactions of accounts the member sees whole.
import { z } from 'zod'
import { CATEGORY_KINDS } from '../domain/categories'
import { MAX_ACCOUNT_NAME, MAX_CHART_ACCOUNTS, QB_ACCOUNT_TYPES } from '../domain/quickbooks/chart'
import type { Access } from './endpoint'
import { endpoint } from './endpoint'
import { booleanQuery, id, isoDate } from './common'

export { QB_ACCOUNT_TYPES }
export const QUICKBOOKS_FORMATS = ['iif', 'qbo', 'csv'] as const
export type QuickbooksFormat = (typeof QUICKBOOKS_FORMATS)[number]

const QB_READ = { feature: 'quickbooks', role: 'adult', writes: false } as const satisfies Access
const QB_WRITE = { feature: 'quickbooks', role: 'adult', writes: true } as const satisfies Access

/** A QuickBooks account name: one line, levels joined by ":" ("Utilities:Gas"). */
export const qbAccountName = z
  .string()
  .trim()
  .min(1, 'Account name is required')
  .max(MAX_ACCOUNT_NAME, `Account name must be at most ${String(MAX_ACCOUNT_NAME)} characters`)
  .refine((s) => !/\p{Cc}/u.test(s), 'Account name must be one line of text')

export const chartAccount = z.object({ name: qbAccountName, type: z.enum(QB_ACCOUNT_TYPES) })
export type ChartAccountDto = z.output<typeof chartAccount>

/** INTU.BID: the number QuickBooks knows a bank by for Web Connect (3000 unless the accountant says otherwise). */
export const intuBid = z.string().trim().regex(/^\d{1,10}$/, 'INTU.BID must be a number of 1 to 10 digits')

export const quickbooksSettings = z.object({
  chart: z.array(chartAccount),
  intuBid: z.string(),
  updatedAt: z.string().nullable(),
})
export type QuickbooksSettings = z.output<typeof quickbooksSettings>

export const getQuickbooksSettings = endpoint({
  method: 'GET',
  path: '/api/quickbooks/settings',
  summary: "The household's QuickBooks chart of accounts and INTU.BID",
  tag: 'quickbooks',
  access: QB_READ,
  response: quickbooksSettings,
})

export const updateQuickbooksSettings = endpoint({
  method: 'PUT',
  path: '/api/quickbooks/settings',
  summary: 'Set the INTU.BID written in QBO Web Connect files',
  tag: 'quickbooks',
  access: QB_WRITE,
  body: z.object({ intuBid }),
  response: quickbooksSettings,
})

/** The largest chart file read (a big company's chart is well under 1 MB). */
export const MAX_CHART_TEXT = 2_000_000

/** Either a chart file's text with its format, or a typed list of accounts (one object, so a bad field is named). */
export const importChartBody = z
  .object({
    format: z.enum(['iif', 'csv']).optional(),
    text: z.string().min(1, 'The file is empty').max(MAX_CHART_TEXT, 'The file is larger than 2 MB').optional(),
    accounts: z.array(chartAccount).max(MAX_CHART_ACCOUNTS, `At most ${String(MAX_CHART_ACCOUNTS)} accounts`).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.accounts !== undefined) {
      if (body.text !== undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: 'Send a chart file or a list of accounts, not both' })
      return
    }
    if (body.text === undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: 'Send the text of a chart file, or a list of accounts' })
    if (body.format === undefined) ctx.addIssue({ code: 'custom', path: ['format'], message: 'Say whether the file is IIF or CSV' })
  })

export const importChart = endpoint({
  method: 'PUT',
  path: '/api/quickbooks/chart',
  summary: 'Replace the chart of accounts: a typed list, or the text of a chart QuickBooks exported (IIF or CSV)',
  tag: 'quickbooks',
  access: QB_WRITE,
  body: importChartBody,
  response: quickbooksSettings.extend({
    /** lines of the file that were left out, in words */
    problems: z.array(z.string()),
  }),
})

const mappedCategory = z.object({
  id,
  name: z.string(),
  /** "Parent › Child" for a subcategory */
  path: z.string(),
  kind: z.enum(CATEGORY_KINDS),
  qbAccount: z.string().nullable(),
  /** a chart account with a name like it, when nothing is mapped */
  suggestion: z.string().nullable(),
})
const mappedAccount = z.object({
  id,
  name: z.string(),
  type: z.string(),
  qbAccount: z.string().nullable(),
  suggestion: z.string().nullable(),
})
export const quickbooksMappings = z.object({
  categories: z.array(mappedCategory),
  /** the accounts whose transactions the member sees (the ones an export can hold) */
  accounts: z.array(mappedAccount),
  /** where an unmapped category's transactions go */
  defaults: z.object({ expense: z.string(), income: z.string() }),
})
export type QuickbooksMappings = z.output<typeof quickbooksMappings>

export const getQuickbooksMappings = endpoint({
  method: 'GET',
  path: '/api/quickbooks/mappings',
  summary: 'Which QuickBooks account each category and account maps to, with suggestions by name',
  tag: 'quickbooks',
  access: QB_READ,
  response: quickbooksMappings,
})

const mappingChange = z.object({ id, qbAccount: qbAccountName.nullable() })
export const updateQuickbooksMappings = endpoint({
  method: 'PUT',
  path: '/api/quickbooks/mappings',
  summary: 'Map categories and accounts to QuickBooks accounts (null removes a mapping)',
  tag: 'quickbooks',
  access: QB_WRITE,
  body: z.object({
    categories: z.array(mappingChange).max(2000).default([]),
    accounts: z.array(mappingChange).max(500).default([]),
  }),
  response: quickbooksMappings,
})

const exportFields = {
  format: z.enum(QUICKBOOKS_FORMATS),
  from: isoDate,
  to: isoDate,
  /** one account only (QuickBooks takes a QBO file into one account at a time) */
  accountId: id.optional(),
}

export const exportQuery = z.object({
  ...exportFields,
  /** leave out transactions any earlier recorded export already held */
  onlyNew: booleanQuery.optional(),
})

export const exportBody = z.object({
  ...exportFields,
  /** leave out transactions any earlier recorded export already held */
  onlyNew: z.boolean().optional(),
})

/** The file's bytes (the OpenAPI document names the three media types). */
const exportFile = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array)
  .meta({ description: 'application/x-iif, application/vnd.intu.qbo or text/csv: the export file' })

// A GET never changes anything: it downloads the file as POST would, but logs nothing and marks
// nothing, so a link followed from another site cannot use up "only new" (ADR 0050).
export const exportQuickbooks = endpoint({
  method: 'GET',
  path: '/api/quickbooks/export',
  summary: 'Download a date range as an IIF, QBO Web Connect or CSV file for QuickBooks, without recording it (POST records it)',
  tag: 'quickbooks',
  access: QB_READ,
  query: exportQuery,
  response: exportFile,
})

export const recordQuickbooksExport = endpoint({
  method: 'POST',
  path: '/api/quickbooks/export',
  summary: 'Export a date range as an IIF, QBO Web Connect or CSV file for QuickBooks, and record it: logged, and its rows count as exported',
  tag: 'quickbooks',
  // it logs the export and marks the rows exported: household data
  access: QB_WRITE,
  body: exportBody,
  response: exportFile,
})

export const exportLogEntry = z.object({
  id,
  format: z.enum(QUICKBOOKS_FORMATS),
  from: isoDate,
  to: isoDate,
  onlyNew: z.boolean(),
  /** transactions in the file */
  count: z.number().int(),
  createdAt: z.string(),
  by: z.string(),
})
export type ExportLogEntry = z.output<typeof exportLogEntry>

export const listQuickbooksExports = endpoint({
  method: 'GET',
  path: '/api/quickbooks/exports',
  summary: 'The export log, newest first (the last 100)',
  tag: 'quickbooks',
  access: QB_READ,
  response: z.array(exportLogEntry),
})
