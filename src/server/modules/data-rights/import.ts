// Importing an export into an empty household: the way to move to another Kinwise
// server. The ZIP (or its JSON alone) is read with the very schema the export is written with;
// every row gets a new id (time-ordered, made in the export's order, so every list keeps its
// order), references follow the new ids, and everything is written in one database
// transaction. What the exporting member owned, entered or set up comes back as the importing
// owner's: the new household has one member. The default categories made at sign-up are
// replaced by the export's.
//
// The receipts and other files of the transactions come back from the ZIP's entries
// (a file whose bytes are missing, or are not what the document says, is left out).
//
// Savings challenges, debt plans, automations, advisor conversations, coaching
// actions and QuickBooks settings come back too, the ids in their settings following the new
// ids (one the file does not have is dropped). A webhook automation gets a new secret (the file
// has none); the owner sees it by rotating it.
//
// The steps run in the registry's order (IMPORT_STEPS in registry.ts), each in import-steps.ts or
// import-planning.ts.
//
// A stranger's file is read within limits (ADR 0047): nothing is opened for a household that is
// not empty; the document and each file are checked against the ZIP's directory (size, ratio)
// before they are unpacked, then unpacked through a running count (src/server/zip.ts), the files
// one at a time as the import reaches them. One import at a time per process.
import { constants } from 'node:buffer'
import { open, readFile, stat } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import {
  EXPORT_JSON_NAME,
  exportDocument,
  exportedTransaction,
  importSummary,
  type ExportDocument,
  type ExportedTransaction,
  type ImportSummary,
} from '#src/contract/data'
import type { Config } from '#src/server/config'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { uuidv7 } from '#src/server/db/ids'
import { AppError, badRequest, conflict } from '#src/server/http/errors'
import { forgetScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { lockHouseholds } from '../household/membership'
import { attachmentStore, type AttachmentStore } from '../attachments/storage'
import { entryTooLarge, openZip } from '#src/server/zip'
import { invalid, NO_FILES, type ExportFiles, type ImportContext } from './import-context'
import { IMPORT_STEP_RUNS } from './import-steps'
import { IMPORT_STEPS } from './registry'

/**
 * What an import unpacks (ADR 0047): the document, which is parsed in memory; each file, as large
 * as an attachment may be; and all of them together.
 */
export type ExportImportLimits = {
  documentBytes: number
  fileBytes: number
  totalBytes: number
  /** the settings behind the limits, named in a refusal (none for the cli) */
  settings: { document: string | null; file: string | null }
}

/** The limits of an import over HTTP: EXPORT_IMPORT_MAX_MB, ATTACHMENT_MAX_MB, and ten uploads' worth of files. */
export function exportImportLimits(config: Pick<Config, 'exportImport' | 'attachments' | 'maxUploadBytes'>): ExportImportLimits {
  return {
    documentBytes: config.exportImport.maxDocumentBytes,
    fileBytes: config.attachments.maxBytes,
    totalBytes: config.exportImport.maxDocumentBytes + 10 * config.maxUploadBytes,
    settings: { document: 'EXPORT_IMPORT_MAX_MB', file: 'ATTACHMENT_MAX_MB' },
  }
}

/**
 * The cli's (the administrator's own file, for households too large for an upload): a document
 * as large as a string can be, files as large as a buffer can be. The ZIP is still read as the
 * server reads it: the ratio, the running count, one file at a time.
 */
export const CLI_IMPORT_LIMITS: ExportImportLimits = {
  documentBytes: constants.MAX_STRING_LENGTH,
  fileBytes: constants.MAX_LENGTH,
  totalBytes: Number.MAX_SAFE_INTEGER,
  settings: { document: null, file: null },
}

async function startsLikeAZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(4)
    const { bytesRead } = await handle.read(head, 0, 4, 0)
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50
  } finally {
    await handle.close()
  }
}

/**
 * The text of the document: the ZIP's kinwise-export.json, or the file itself when it is the JSON
 * alone; refused (413) above the limit before it is read, from the ZIP's directory or the file's
 * size. Then the bytes are let go: only the text is held while it is parsed.
 */
async function readDocumentText(file: string, isZip: boolean, limits: ExportImportLimits): Promise<string> {
  let bytes: Buffer
  if (isZip) {
    const zip = await openZip(file, (name) => name === EXPORT_JSON_NAME, { entryBytes: limits.documentBytes, totalBytes: limits.totalBytes, setting: limits.settings.document })
    try {
      const read = await zip.read(EXPORT_JSON_NAME)
      if (!read) throw badRequest(`The ZIP has no ${EXPORT_JSON_NAME}: is it a Kinwise export?`, 'NOT_AN_EXPORT')
      bytes = read
    } finally {
      zip.close()
    }
  } else {
    const { size } = await stat(file)
    if (size > limits.documentBytes) throw entryTooLarge(EXPORT_JSON_NAME, size, limits.documentBytes, limits.settings.document)
    bytes = await readFile(file)
  }
  // JSON.parse makes an object of each {} and a value of each item: an export's rows are long,
  // so a document that is mostly brackets and commas would take many times its size in memory
  if (parseWeight(bytes) > 4 * bytes.length) {
    throw badRequest(`The file is not a Kinwise export: ${EXPORT_JSON_NAME} is mostly empty values`, 'NOT_AN_EXPORT', {
      issues: [{ path: EXPORT_JSON_NAME, message: 'mostly empty values' }],
    })
  }
  return bytes.toString('utf8')
}

/** Roughly what parsing the JSON takes: its text, ~64 bytes an object or list, ~16 a value. */
function parseWeight(bytes: Buffer): number {
  let containers = 0
  let values = 0
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]
    if (byte === 0x7b || byte === 0x5b) containers++
    else if (byte === 0x2c) values++
  }
  return bytes.length + 64 * containers + 16 * values
}

/**
 * The files the document lists, from the ZIP's entries by path (none for the JSON alone): each
 * one's size and ratio checked from the directory, and their sum, before any is unpacked; then
 * read one at a time by the import. `close` when the import is done.
 */
async function exportFiles(file: string, doc: ExportDocument, limits: ExportImportLimits): Promise<ExportFiles & { close: () => void }> {
  const wanted = new Set(doc.attachments.map((a) => a.path))
  if (wanted.size === 0) return { ...NO_FILES, close: () => undefined }
  const zip = await openZip(file, (name) => wanted.has(name), {
    entryBytes: limits.fileBytes,
    // what is left of the total once the document has had its share
    totalBytes: limits.totalBytes - limits.documentBytes,
    setting: limits.settings.file,
  })
  return { read: zip.read, close: zip.close }
}

/** One import at a time in this process: each holds its document in memory while it is imported. */
let importing = false

/**
 * Imports an export file (the ZIP, or its JSON alone) into the member's household. The household
 * must be empty (409 before the file is opened); the document is read within its limit and
 * checked; then the files it lists are read as the import reaches them.
 */
export async function importExportFile(
  db: Db,
  user: SessionUser,
  file: string,
  now: Date,
  options: { limits: ExportImportLimits; secretKey?: string | null; store?: AttachmentStore },
): Promise<ImportSummary> {
  await requireEmpty(db, user.householdId)
  if (importing) throw new AppError(429, 'IMPORT_BUSY', 'Another household is being imported on this server: try again in a minute')
  importing = true
  try {
    const isZip = await startsLikeAZip(file)
    // the text is held only while it is parsed, the parsed rows only until each is checked
    const doc = checkExportDocument(parseJson(await readDocumentText(file, isZip, options.limits)))
    const files = isZip ? await exportFiles(file, doc, options.limits) : { ...NO_FILES, close: () => undefined }
    try {
      return await importExport(db, user, doc, now, { ...options, files })
    } finally {
      files.close()
    }
  } finally {
    importing = false
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest('The file is not a Kinwise export: it is neither a ZIP nor JSON', 'NOT_AN_EXPORT')
  }
}

/** The export document in the parsed JSON, validated: 400 naming the field. */
function checkExportDocument(raw: unknown): ExportDocument {
  if (typeof raw !== 'object' || raw === null || Reflect.get(raw, 'format') !== 'kinwise-export') {
    throw badRequest('The file is not a Kinwise export', 'NOT_AN_EXPORT')
  }
  if (Reflect.get(raw, 'version') !== 1) {
    throw badRequest('This export was made by a newer Kinwise: update this server first', 'EXPORT_VERSION')
  }
  // the transactions (a million, maybe) are checked one by one and replaced in place, so the
  // document is not held twice over (the file's objects and the checked ones)
  const rows: unknown = Reflect.get(raw, 'transactions')
  const parsed = exportDocument.safeParse({ ...raw, transactions: [] })
  if (!parsed.success) throw invalid(parsed.error.issues[0])
  if (!Array.isArray(rows)) throw invalid({ path: ['transactions'], message: 'Must be a list' })
  const checked: ExportedTransaction[] = rows
  for (let i = 0; i < rows.length; i++) {
    const row = exportedTransaction.safeParse(rows[i])
    if (!row.success) {
      const first = row.error.issues[0]
      throw invalid({ path: ['transactions', i, ...(first?.path ?? [])], message: first?.message ?? 'invalid value' })
    }
    checked[i] = row.data
  }
  return { ...parsed.data, transactions: checked }
}

/** Refuses unless the household has none of the things an import brings (the default categories aside). */
export async function requireEmpty(tx: DbOrTx, householdId: string): Promise<void> {
  const result = await tx.execute<{ n: number }>(sql`
    select (select count(*) from accounts where household_id = ${householdId})
      + (select count(*) from transactions where household_id = ${householdId})
      + (select count(*) from budgets where household_id = ${householdId})
      + (select count(*) from goals where household_id = ${householdId})
      + (select count(*) from bills where household_id = ${householdId})
      + (select count(*) from rules where household_id = ${householdId}) as n`)
  if (Number(result.rows[0]?.n ?? 0) > 0) {
    throw conflict(
      'This household already has accounts or plans: an export can be imported only into an empty household (a new account on this server)',
      'HOUSEHOLD_NOT_EMPTY',
    )
  }
}

/**
 * Writes the document into the (empty) household in one transaction: the registry's import steps
 * one after another, each adding its counts to the summary.
 */
async function importExport(
  db: Db,
  user: SessionUser,
  doc: ExportDocument,
  now: Date,
  options: { secretKey?: string | null; files?: ExportFiles; store?: AttachmentStore } = {},
): Promise<ImportSummary> {
  const householdId = user.householdId
  const ids = new Map<string, string>()
  // every row's new id, made in the file's order (time-ordered ids keep lists in that order)
  for (const rows of [doc.categories, doc.accounts, doc.bills, doc.goals]) for (const row of rows) ids.set(row.id, uuidv7())

  const counts = await db.transaction(async (tx) => {
    await lockHouseholds(tx, [householdId])
    await requireEmpty(tx, householdId)
    const ctx: ImportContext = {
      tx,
      householdId,
      user,
      doc,
      now,
      ids,
      transactionIds: new Map(),
      secretKey: options.secretKey ?? null,
      files: options.files ?? NO_FILES,
      store: options.store ?? attachmentStore(null),
    }
    const made: Partial<ImportSummary> = {}
    for (const step of IMPORT_STEPS) Object.assign(made, await IMPORT_STEP_RUNS[step](ctx))
    return made
  })
  forgetScope(db, householdId)
  // every count of the summary, in its order (a step that forgot its count fails here)
  return importSummary.parse(counts)
}
