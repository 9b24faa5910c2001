// What the steps of an import share: the transaction they write in, the document, the new id of
// each row of the file, and the helpers that re-map the ids inside stored settings. The steps
// themselves are in import-steps.ts and import-planning.ts; their order is the registry's.
import type { ExportDocument, ImportSummary } from '#src/contract/data'
import type { Tx } from '#src/server/db/connect'
import { badRequest, type AppError } from '#src/server/http/errors'
import type { SessionUser } from '#src/server/core/sessions'
import type { AttachmentStore } from '../attachments/storage'

/** The bytes of the files a document lists, read one at a time as the import reaches them. */
export type ExportFiles = { read: (path: string) => Promise<Buffer | null> }

export const NO_FILES: ExportFiles = { read: async () => null }

export type ImportContext = {
  tx: Tx
  householdId: string
  /** the importing owner: what the exporting member owned, entered or set up becomes theirs */
  user: SessionUser
  doc: ExportDocument
  now: Date
  /** the new id of each row of the file, by its id in the file */
  ids: Map<string, string>
  /** the new id of each imported transaction, by its id in the file (filled by the transactions step) */
  transactionIds: Map<string, string>
  secretKey: string | null
  files: ExportFiles
  store: AttachmentStore
}

/** One step of the import: writes its rows and says how many came back, as the summary counts them. */
export type ImportStepRun = (ctx: ImportContext) => Promise<Partial<ImportSummary>>

/** The new id of a row of the file (null for none, or for a row the file does not have). */
export const refOf =
  (ids: ReadonlyMap<string, string>) =>
  (old: string | null | undefined): string | null =>
    old ? (ids.get(old) ?? null) : null

export const at = (iso: string) => new Date(iso)

export function invalid(issue: { path: readonly PropertyKey[]; message: string } | undefined): AppError {
  const where = issue?.path.map(String).join('.') || 'document'
  return badRequest(`The export is not valid at ${where}: ${issue?.message ?? 'invalid value'}`, 'VALIDATION_ERROR')
}

export const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A sentinel for an id the file has no row for: dropped from its list or object. */
const GONE = Symbol('gone')

/** A stored setting with every id of the file's rows replaced by its new id; an unknown id is dropped. */
export function remapIds(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return UUID_TEXT.test(v) ? (ids.get(v.toLowerCase()) ?? GONE) : v
    if (Array.isArray(v)) return v.map(walk).filter((x) => x !== GONE)
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(Object.entries(v).flatMap(([k, x]) => {
        const mapped = walk(x)
        return mapped === GONE ? [] : [[k, mapped]]
      }))
    }
    return v
  }
  const out = walk(value)
  return out === GONE ? null : out
}

/** remapIds for an object setting (config, input, data). */
export function remapObject(value: Record<string, unknown>, ids: ReadonlyMap<string, string>): Record<string, unknown> {
  const out = remapIds(value, ids)
  return typeof out === 'object' && out !== null && !Array.isArray(out) ? Object.fromEntries(Object.entries(out)) : {}
}
