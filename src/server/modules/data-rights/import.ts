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
// A stranger's file is read within limits (ADR 0047): nothing is opened for a household that is
// not empty; the document and each file are checked against the ZIP's directory (size, ratio)
// before they are unpacked, then unpacked through a running count (src/server/zip.ts), the files
// one at a time as the import reaches them. One import at a time per process.
import { constants } from 'node:buffer'
import { createHash } from 'node:crypto'
import { open, readFile, stat } from 'node:fs/promises'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  EXPORT_JSON_NAME,
  exportDocument,
  exportedTransaction,
  type ExportDocument,
  type ExportedTransaction,
  type ImportSummary,
} from '../../../contract/data'
import { attachmentFileName, sniffAttachment } from '../../../domain/attachments'
import { localDate } from '../../../domain/dates'
import { checkTargets } from '../../../domain/investments/allocation'
import { InvestmentError, toPrice, toQuantity } from '../../../domain/investments/lots'
import type { Config } from '../../config'
import type { Db, DbOrTx, Tx } from '../../db/connect'
import { uuidv7 } from '../../db/ids'
import {
  accounts,
  advisorConversations,
  advisorMessages,
  allocationTargets,
  attachments,
  automations,
  coachingActions,
  debtPlans,
  quickbooksMappings,
  quickbooksSettings,
  savingsChallengeMembers,
  savingsChallenges,
  billPayments,
  bills,
  transactionSplits,
  budgets,
  categories,
  creditScores,
  goalContributions,
  goals,
  households,
  plannedIncomes,
  importPresets,
  investmentActivities,
  reminders,
  rules,
  securities,
  securityPrices,
  exchangeRates,
  transactions,
  users,
} from '../../db/schema'
import { sealSecret } from '../../crypto/secret-box'
import { AppError, badRequest, conflict } from '../../http/errors'
import { forgetScope } from '../accounts/scope'
import type { SessionUser } from '../auth/sessions'
import { lockHouseholds } from '../household/membership'
import { attachmentStore, type AttachmentStore } from '../attachments/storage'
import { newWebhookSecret } from '../automations/webhooks'
import { revalueAccounts } from '../investments/revalue'
import { insertTransactions, type NewTransaction } from '../transactions/ledger'
import { entryTooLarge, openZip } from '../../zip'

const INSERT_CHUNK = 50_000
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

/** The bytes of the files a document lists, read one at a time as the import reaches them. */
export type ExportFiles = { read: (path: string) => Promise<Buffer | null> }

const NO_FILES: ExportFiles = { read: async () => null }

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

function invalid(issue: { path: readonly PropertyKey[]; message: string } | undefined): AppError {
  const where = issue?.path.map(String).join('.') || 'document'
  return badRequest(`The export is not valid at ${where}: ${issue?.message ?? 'invalid value'}`, 'VALIDATION_ERROR')
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
 * Investments: securities (one per symbol: the household may have some already, made
 * by a price typed in), their prices, the activities and the targets; then the investment
 * accounts' value is worked out again (their balances are set from the file afterwards). A
 * history the domain refuses (a sale of more than is held) is a 400, and nothing is imported.
 */
async function importInvestments(
  tx: Tx,
  householdId: string,
  userId: string,
  doc: ExportDocument,
  ids: Map<string, string>,
  now: Date,
): Promise<{ securities: number; investmentActivities: number; securityPrices: number }> {
  const securityIds = new Map<string, string>()
  for (const s of doc.securities) {
    const [row] = await tx
      .insert(securities)
      .values({ householdId, symbol: s.symbol, name: s.name, kind: s.kind, currency: s.currency, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [securities.householdId, securities.symbol], set: { name: s.name, kind: s.kind, currency: s.currency, updatedAt: now } })
      .returning({ id: securities.id })
    if (row) securityIds.set(s.id, row.id)
  }
  const prices = new Map<string, typeof securityPrices.$inferInsert>()
  doc.securityPrices.forEach((p, i) => {
    const securityId = securityIds.get(p.securityId)
    if (!securityId) throw invalid({ path: ['securityPrices', i, 'securityId'], message: 'Not a security of the file' })
    prices.set(`${securityId}|${p.date}`, { securityId, householdId, date: p.date, price: toPrice(p.price), source: p.source, updatedAt: now })
  })
  const priceRows = [...prices.values()]
  for (let i = 0; i < priceRows.length; i += 5000) {
    await tx
      .insert(securityPrices)
      .values(priceRows.slice(i, i + 5000))
      .onConflictDoUpdate({ target: [securityPrices.securityId, securityPrices.date], set: { price: sql`excluded.price`, source: sql`excluded.source`, updatedAt: now } })
  }
  const investmentAccounts = new Set(doc.accounts.filter((a) => a.type === 'investment').map((a) => a.id))
  const rows = doc.investmentActivities.map((a, i) => {
    const accountId = investmentAccounts.has(a.accountId) ? ids.get(a.accountId) : undefined
    if (!accountId) throw invalid({ path: ['investmentActivities', i, 'accountId'], message: 'Not an investment account of the file' })
    const securityId = a.securityId === null ? null : securityIds.get(a.securityId)
    if (securityId === undefined) throw invalid({ path: ['investmentActivities', i, 'securityId'], message: 'Not a security of the file' })
    if (securityId === null && (a.type === 'buy' || a.type === 'sell' || a.type === 'split')) {
      throw invalid({ path: ['investmentActivities', i, 'securityId'], message: `A ${a.type} needs a security` })
    }
    return {
      id: uuidv7(),
      householdId,
      accountId,
      securityId,
      userId,
      type: a.type,
      date: a.date,
      quantity: a.quantity === null ? null : toQuantity(a.quantity),
      price: a.price === null ? null : toPrice(a.price),
      amount: a.amount,
      fees: a.fees,
      ratio: a.ratio,
      costBasis: a.costBasis,
      memo: a.memo,
      source: a.source,
      externalId: a.externalId,
      createdAt: new Date(a.createdAt),
    }
  })
  for (let i = 0; i < rows.length; i += 5000) await tx.insert(investmentActivities).values(rows.slice(i, i + 5000))
  for (const a of doc.accounts) {
    const id = ids.get(a.id)
    if (id && a.type === 'investment' && a.costMethod) {
      await tx.update(accounts).set({ costMethod: a.costMethod }).where(and(eq(accounts.id, id), eq(accounts.householdId, householdId)))
    }
  }
  if (doc.allocationTargets.length > 0) {
    try {
      checkTargets(doc.allocationTargets.map((t) => ({ key: t.kind, percent: t.percent })))
    } catch (error) {
      if (error instanceof InvestmentError) throw invalid({ path: ['allocationTargets'], message: error.message })
      throw error
    }
    await tx.delete(allocationTargets).where(eq(allocationTargets.householdId, householdId))
    await tx.insert(allocationTargets).values(doc.allocationTargets.map((t) => ({ householdId, kind: t.kind, percent: t.percent })))
  }
  const revalue = [...investmentAccounts].flatMap((old) => ids.get(old) ?? [])
  try {
    await revalueAccounts(tx, householdId, revalue, { today: localDate(now, 'UTC') })
  } catch (error) {
    if (error instanceof RangeError) throw invalid({ path: ['investmentActivities'], message: error.message })
    throw error
  }
  return { securities: securityIds.size, investmentActivities: rows.length, securityPrices: priceRows.length }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
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
function remapObject(value: Record<string, unknown>, ids: ReadonlyMap<string, string>): Record<string, unknown> {
  const out = remapIds(value, ids)
  return typeof out === 'object' && out !== null && !Array.isArray(out) ? Object.fromEntries(Object.entries(out)) : {}
}

type Later = Pick<ImportSummary, 'savingsChallenges' | 'debtPlans' | 'automations' | 'advisorConversations' | 'coachingActions'>

/** Challenges, debt plans, automations, the member's advisor and coaching, QuickBooks. */
async function importIssues17To19(
  tx: Tx,
  householdId: string,
  user: SessionUser,
  doc: ExportDocument,
  ids: ReadonlyMap<string, string>,
  secretKey: string | null,
  now: Date,
): Promise<Later> {
  const userId = user.id
  const at = (iso: string) => new Date(iso)
  const atOrNull = (iso: string | null) => (iso === null ? null : new Date(iso))

  const challenges = doc.savingsChallenges.map((c) => ({
    row: {
      id: uuidv7(),
      householdId,
      createdBy: userId,
      kind: c.kind,
      name: c.name,
      config: remapObject(c.config, ids),
      goalId: c.goalId === null ? null : (ids.get(c.goalId) ?? null),
      startDate: c.startDate,
      endDate: c.endDate,
      completedAt: atOrNull(c.completedAt),
      createdAt: at(c.createdAt),
      updatedAt: now,
    },
    // the new household has one member: the exporting member's place is the importer's
    joined: c.memberIds.includes(doc.exportedBy),
  }))
  if (challenges.length) {
    await tx.insert(savingsChallenges).values(challenges.map((c) => c.row))
    const members = challenges.filter((c) => c.joined).map((c) => ({ challengeId: c.row.id, userId, householdId, joinedAt: c.row.createdAt }))
    if (members.length) await tx.insert(savingsChallengeMembers).values(members)
  }

  if (doc.debtPlans.length) {
    await tx.insert(debtPlans).values(
      doc.debtPlans.map((p) => ({
        id: uuidv7(),
        householdId,
        createdBy: userId,
        name: p.name,
        input: remapObject(p.input, ids),
        startMonth: p.startMonth,
        createdAt: at(p.createdAt),
        updatedAt: now,
      })),
    )
  }

  if (doc.automations.length) {
    await tx.insert(automations).values(
      doc.automations.map((a) => {
        const config = remapObject(a.config, ids)
        // a file never has a webhook's secret: a new one, sealed as the automations module seals it
        if (a.type === 'webhook') config._secret = sealSecret(newWebhookSecret(), secretKey)
        else delete config._secret
        return {
          id: uuidv7(),
          householdId,
          userId,
          type: a.type,
          name: a.name,
          config,
          isActive: a.enabled,
          nextRunAt: atOrNull(a.nextRunAt),
          createdAt: at(a.createdAt),
          updatedAt: now,
        }
      }),
    )
  }

  for (const c of doc.advisorConversations) {
    const conversationId = uuidv7()
    await tx.insert(advisorConversations).values({ id: conversationId, householdId, userId, title: c.title, createdAt: at(c.createdAt), updatedAt: at(c.updatedAt) })
    if (c.messages.length) {
      await tx.insert(advisorMessages).values(
        c.messages.map((m) => ({
          id: uuidv7(),
          conversationId,
          role: m.role,
          text: m.text,
          figures: m.figures,
          toolCalls: m.toolCalls,
          engine: m.engine,
          createdAt: at(m.createdAt),
        })),
      )
    }
  }

  // one action per week and key (the table's unique key): the file's last one wins
  const actions = new Map(doc.coachingActions.map((a) => [`${a.week} ${a.key}`, a]))
  if (actions.size) {
    await tx.insert(coachingActions).values(
      [...actions.values()].map((a) => ({
        id: uuidv7(),
        householdId,
        userId,
        week: a.week,
        kind: a.kind,
        // keyed by what it is about ("cut:<category id>"), as reminders are
        key: a.key.replace(UUID, (old) => ids.get(old.toLowerCase()) ?? old),
        title: a.title,
        detail: a.detail,
        saving: a.saving,
        data: remapObject(a.data, ids),
        status: a.status,
        decidedAt: atOrNull(a.decidedAt),
        measuredAt: atOrNull(a.measuredAt),
        result: a.result === null ? null : remapObject(a.result, ids),
        createdAt: at(a.createdAt),
      })),
    )
  }

  if (doc.quickbooks) {
    const qb = doc.quickbooks
    await tx
      .insert(quickbooksSettings)
      .values({ householdId, chart: qb.chart, intuBid: qb.intuBid, updatedAt: now })
      .onConflictDoUpdate({ target: quickbooksSettings.householdId, set: { chart: qb.chart, intuBid: qb.intuBid, updatedAt: now } })
    const mappings = new Map(
      qb.mappings.flatMap((m) => {
        const sourceId = ids.get(m.sourceId)
        return sourceId ? [[`${m.kind} ${sourceId}`, { householdId, kind: m.kind, sourceId, qbAccount: m.qbAccount }]] : []
      }),
    )
    await tx.delete(quickbooksMappings).where(eq(quickbooksMappings.householdId, householdId))
    if (mappings.size) await tx.insert(quickbooksMappings).values([...mappings.values()])
  }

  return {
    savingsChallenges: challenges.length,
    debtPlans: doc.debtPlans.length,
    automations: doc.automations.length,
    advisorConversations: doc.advisorConversations.length,
    coachingActions: actions.size,
  }
}

/**
 * The files of the imported transactions: each under a new id, on its transaction's new id, its
 * bytes stored where this server keeps them; one whose bytes are missing or are not the kind the
 * document says is left out. Each transaction's count follows. Returns how many came back.
 */
async function importAttachments(
  tx: Tx,
  householdId: string,
  userId: string,
  doc: ExportDocument,
  transactionIds: Map<string, string>,
  files: ExportFiles,
  store: AttachmentStore,
): Promise<number> {
  const counts = new Map<string, number>()
  for (const a of doc.attachments) {
    const transactionId = transactionIds.get(a.transactionId)
    if (!transactionId) continue
    const bytes = await files.read(a.path)
    if (!bytes || sniffAttachment(bytes) !== a.kind) continue
    const id = uuidv7()
    await tx.insert(attachments).values({
      id,
      householdId,
      transactionId,
      userId,
      fileName: attachmentFileName(a.fileName, a.kind),
      kind: a.kind,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storage: store.kind,
      createdAt: new Date(a.createdAt),
    })
    await store.put(tx, id, bytes)
    counts.set(transactionId, (counts.get(transactionId) ?? 0) + 1)
  }
  for (const [transactionId, count] of counts) {
    await tx.update(transactions).set({ attachmentCount: count }).where(eq(transactions.id, transactionId))
  }
  return [...counts.values()].reduce((sum, n) => sum + n, 0)
}

async function importExport(
  db: Db,
  user: SessionUser,
  doc: ExportDocument,
  now: Date,
  options: { secretKey?: string | null; files?: ExportFiles; store?: AttachmentStore } = {},
): Promise<ImportSummary> {
  const householdId = user.householdId
  const ids = new Map<string, string>()
  const fresh = (old: string) => {
    const made = uuidv7()
    ids.set(old, made)
    return made
  }
  const ref = (old: string | null | undefined): string | null => (old ? (ids.get(old) ?? null) : null)
  // every row's new id, made in the file's order (time-ordered ids keep lists in that order)
  for (const c of doc.categories) fresh(c.id)
  for (const a of doc.accounts) fresh(a.id)
  for (const b of doc.bills) fresh(b.id)
  for (const g of doc.goals) fresh(g.id)
  const at = (iso: string) => new Date(iso)

  const summary = await db.transaction(async (tx) => {
    await lockHouseholds(tx, [householdId])
    await requireEmpty(tx, householdId)
    await tx.delete(categories).where(eq(categories.householdId, householdId))

    const known = new Set(doc.categories.map((c) => c.id))
    const parents = doc.categories.filter((c) => c.parentId === null || !known.has(c.parentId))
    const children = doc.categories.filter((c) => c.parentId !== null && known.has(c.parentId))
    for (const group of [parents, children]) {
      if (group.length === 0) continue
      await tx.insert(categories).values(
        group.map((c) => ({
          id: ids.get(c.id) ?? uuidv7(),
          householdId,
          name: c.name,
          parentId: ref(c.parentId),
          kind: c.kind,
          isHidden: c.isHidden,
          color: c.color,
          createdAt: now,
          updatedAt: now,
        })),
      )
    }

    if (doc.accounts.length) {
      await tx.insert(accounts).values(
        doc.accounts.map((a) => ({
          id: ids.get(a.id) ?? uuidv7(),
          householdId,
          userId: user.id,
          name: a.name,
          type: a.type,
          visibility: a.visibility,
          sharedWithTeens: a.sharedWithTeens,
          currency: a.currency,
          balance: 0,
          accountNumber: a.accountNumber,
          institution: a.institution,
          isClosed: a.isClosed,
          externalKey: a.externalKey,
          createdAt: at(a.createdAt),
          updatedAt: now,
        })),
      )
    }

    if (doc.bills.length) {
      await tx.insert(bills).values(
        doc.bills.map((b) => ({
          id: ids.get(b.id) ?? uuidv7(),
          householdId,
          userId: user.id,
          name: b.name,
          amount: b.amount,
          categoryId: ref(b.categoryId),
          accountId: ref(b.accountId),
          recurrence: b.recurrence,
          nextDueDate: b.nextDueDate,
          anchorDay: b.anchorDay,
          endDate: b.endDate,
          isActive: b.isActive,
          autopay: b.autopay,
          notes: b.notes,
          payee: b.payee,
          tolerancePercent: b.tolerancePercent,
          createdAt: at(b.createdAt),
          updatedAt: now,
        })),
      )
    }

    if (doc.goals.length) {
      await tx.insert(goals).values(
        doc.goals.map((g) => ({
          id: ids.get(g.id) ?? uuidv7(),
          householdId,
          userId: user.id,
          name: g.name,
          targetAmount: g.targetAmount,
          currentAmount: g.currentAmount,
          targetDate: g.targetDate,
          monthlyContribution: g.monthlyContribution,
          isActive: g.isActive,
          accountId: ref(g.accountId),
          createdAt: at(g.createdAt),
          updatedAt: now,
        })),
      )
      const contributions = doc.goals.flatMap((g) =>
        g.contributions.map((c) => ({
          id: uuidv7(),
          goalId: ids.get(g.id) ?? '',
          householdId,
          amount: c.amount,
          date: c.date,
          note: c.note,
          createdAt: at(c.createdAt),
        })),
      )
      if (contributions.length) await tx.insert(goalContributions).values(contributions)
    }

    const budgetRows = doc.budgets.flatMap((b) => {
      const categoryId = ref(b.categoryId)
      return categoryId
        ? [{ id: uuidv7(), householdId, categoryId, month: b.month, amount: b.amount, rollover: b.rollover, createdAt: now, updatedAt: now }]
        : []
    })
    if (budgetRows.length) await tx.insert(budgets).values(budgetRows)

    if (doc.rules.length) {
      await tx.insert(rules).values(
        doc.rules.map((r) => ({
          id: uuidv7(),
          householdId,
          name: r.name,
          position: r.position,
          isActive: r.isActive,
          match: r.match,
          conditions: r.conditions.map((c) => (c.field === 'account' ? { ...c, value: ref(c.value) ?? c.value } : c)),
          actions: {
            ...r.actions,
            ...(r.actions.setCategoryId !== undefined ? { setCategoryId: ref(r.actions.setCategoryId) } : {}),
          },
          createdAt: at(r.createdAt),
          updatedAt: now,
        })),
      )
    }

    // planned income comes back as the importer's, on its account (left out when that account did not come)
    const incomeRows = doc.plannedIncomes.flatMap((i) => {
      const accountId = ref(i.accountId)
      if (i.accountId !== null && accountId === null) return []
      const { id: _old, ownerId: _owner, createdAt, ...fields } = i
      return [{ ...fields, id: uuidv7(), householdId, userId: user.id, accountId, createdAt: at(createdAt), updatedAt: now }]
    })
    if (incomeRows.length) await tx.insert(plannedIncomes).values(incomeRows)

    const presetRows = doc.importPresets.flatMap((p) => {
      const accountId = ref(p.accountId)
      if (p.accountId !== null && accountId === null) return []
      return [{ id: uuidv7(), householdId, accountId, name: p.name, mapping: p.mapping, createdAt: at(p.createdAt), updatedAt: now }]
    })
    if (presetRows.length) await tx.insert(importPresets).values(presetRows)

    if (doc.reminders.length) {
      await tx.insert(reminders).values(
        doc.reminders.map((r) => ({
          id: uuidv7(),
          householdId,
          userId: user.id,
          title: r.title,
          description: r.description,
          type: r.type,
          priority: r.priority,
          dueDate: r.dueDate,
          status: r.status,
          isRead: r.isRead,
          // generated reminders are keyed by the bill or goal they are about ("bill:<id>:<due>")
          sourceKey: r.sourceKey === null ? null : r.sourceKey.replace(UUID, (old) => ids.get(old.toLowerCase()) ?? old),
          createdAt: at(r.createdAt),
          updatedAt: now,
        })),
      )
    }

    if (doc.creditScores.length) {
      await tx.insert(creditScores).values(
        doc.creditScores.map((s) => ({
          id: uuidv7(),
          householdId,
          userId: user.id,
          score: s.score,
          provider: s.provider,
          date: s.date,
          createdAt: at(s.createdAt),
        })),
      )
    }

    await tx
      .update(users)
      .set({ ...doc.settings, updatedAt: now })
      .where(eq(users.id, user.id))
    // the base currency is the household's: the export's settings carry it
    await tx.update(households).set({ baseCurrency: doc.settings.baseCurrency }).where(eq(households.id, householdId))

    // transfers: both legs keep sharing one (new) group id
    const groups = new Map<string, string>()
    const group = (old: string | null) => {
      if (old === null) return null
      let made = groups.get(old)
      if (!made) {
        made = uuidv7()
        groups.set(old, made)
      }
      return made
    }
    const toRow = (t: ExportedTransaction): NewTransaction[] => {
      const accountId = ref(t.accountId)
      if (!accountId) return []
      return [
        {
          householdId,
          userId: user.id,
          accountId,
          categoryId: ref(t.categoryId),
          date: t.date,
          amount: t.amount,
          merchant: t.merchant,
          description: t.description,
          notes: t.notes,
          kind: t.kind,
          source: t.source,
          transferGroupId: group(t.transferGroupId),
          externalId: t.externalId,
          importedPayee: t.importedPayee,
          billId: ref(t.billId),
          splits: t.splits.map((s) => ({ categoryId: ref(s.categoryId), amount: s.amount, memo: s.memo })),
        },
      ]
    }
    // a chunk at a time: the ids stay time-ordered across chunks, in the file's order
    let inserted = 0
    const transactionIds = new Map<string, string>()
    for (let i = 0; i < doc.transactions.length; i += INSERT_CHUNK) {
      const pairs = doc.transactions.slice(i, i + INSERT_CHUNK).flatMap((t) => toRow(t).map((row) => ({ old: t.id, row })))
      const made = await insertTransactions(tx, pairs.map((p) => p.row))
      pairs.forEach((p, j) => {
        const id = made[j]
        if (id) transactionIds.set(p.old, id)
      })
      inserted += pairs.length
    }
    await importBillPayments(tx, householdId, doc, ids, transactionIds)
    const restoredFiles = await importAttachments(tx, householdId, user.id, doc, transactionIds, options.files ?? NO_FILES, options.store ?? attachmentStore(null))

    const invested = await importInvestments(tx, householdId, user.id, doc, ids, now)
    // the household's exchange rates, as they were entered (the same pair and day once)
    const rates = new Map(doc.exchangeRates.map((r) => [`${r.currency} ${r.quote} ${r.date}`, r]))
    const rateRows = [...rates.values()].map((r) => ({ householdId, ...r, updatedAt: now }))
    for (let i = 0; i < rateRows.length; i += 5_000) {
      await tx.insert(exchangeRates).values(rateRows.slice(i, i + 5_000))
    }

    const later = await importIssues17To19(tx, householdId, user, doc, ids, options.secretKey ?? null, now)

    // each account ends with the balance it had (a balance-only account has no transactions to sum)
    for (const a of doc.accounts) {
      const id = ids.get(a.id)
      if (!id) continue
      await tx
        .update(accounts)
        .set({ balance: a.balance })
        .where(and(eq(accounts.id, id), eq(accounts.householdId, householdId)))
    }

    return {
      accounts: doc.accounts.length,
      transactions: inserted,
      categories: doc.categories.length,
      budgets: budgetRows.length,
      goals: doc.goals.length,
      bills: doc.bills.length,
      plannedIncomes: incomeRows.length,
      rules: doc.rules.length,
      reminders: doc.reminders.length,
      creditScores: doc.creditScores.length,
      ...invested,
      ...later,
      attachments: restoredFiles,
    }
  })
  forgetScope(db, householdId)
  return summary
}

/**
 * What settled the bills' due dates (ADR 0045), tied to the imported transactions (a split part by
 * its place among the transaction's parts, which keep their order). A payment whose transaction is
 * not in the file is left out.
 */
async function importBillPayments(
  tx: Tx,
  householdId: string,
  doc: ExportDocument,
  ids: ReadonlyMap<string, string>,
  transactionIds: ReadonlyMap<string, string>,
): Promise<void> {
  const wanted = doc.bills.flatMap((b) => b.payments.map((p) => ({ billId: ids.get(b.id), transactionId: transactionIds.get(p.transactionId), p })))
  const split = [...new Set(wanted.flatMap((w) => (w.p.splitIndex !== null && w.transactionId ? [w.transactionId] : [])))]
  const parts = new Map<string, string[]>()
  for (let i = 0; i < split.length; i += 5_000) {
    const rows = await tx
      .select({ id: transactionSplits.id, transactionId: transactionSplits.transactionId })
      .from(transactionSplits)
      .where(inArray(transactionSplits.transactionId, split.slice(i, i + 5_000)))
      .orderBy(asc(transactionSplits.id))
    for (const r of rows) parts.set(r.transactionId, [...(parts.get(r.transactionId) ?? []), r.id])
  }
  const rows = wanted.flatMap(({ billId, transactionId, p }) => {
    if (!billId || !transactionId) return []
    const splitId = p.splitIndex === null ? null : (parts.get(transactionId)?.[p.splitIndex] ?? undefined)
    if (splitId === undefined) return []
    return [{ householdId, billId, dueDate: p.dueDate, transactionId, splitId, amount: p.amount, kind: p.kind }]
  })
  for (let i = 0; i < rows.length; i += 5_000) await tx.insert(billPayments).values(rows.slice(i, i + 5_000)).onConflictDoNothing()
}
