// Statement import use cases. One pipeline serves the HTTP upload, its preview and the CLI:
// parse the file (outside any transaction) → find or create its accounts → read the stored rows
// it may duplicate or pair with, once → duplicates → overrides → transfers → rules and learned
// categories → write everything in ONE database transaction (batch, accounts, rows through the
// ledger, transfer links), so a crash or kill leaves all of it or none of it.
// A member imports only into accounts they may write to, and a file is matched (accounts by
// identity or name, duplicates, transfers) only against accounts whose transactions they see:
// another member's private or balance-only account is as if it did not exist (ADR 0023). Past
// imports are listed and undone only when every account they touched is the member's to see.
import { createHash } from 'node:crypto'
import type { z } from 'zod'
import {
  csvMapping as csvMappingSchema,
  MAX_PREVIEW_ROWS,
  type ImportResult,
  type ImportRow,
  type importBatch,
  type importPreset,
  type importPresetBody,
  type undoImportResult,
} from '../../../contract/imports'
import { addDays, type IsoDate } from '../../../domain/dates'
import { findDuplicates } from '../../../domain/import/dedupe'
import { detectFormat, guessCsvMapping, guessQifDateOrder, parseStatement, previewCsv, StatementError } from '../../../domain/import/parse'
import { findTransfers } from '../../../domain/import/transfers'
import type { CsvMapping, ParseIssue, ParseResult, ParsedAccount, ParsedTransaction, QifDateOrder, StatementFormat } from '../../../domain/import/types'
import type { TransactionKind } from '../../../domain/ledger'
import { asCents } from '../../../domain/money'
import { compileRules, notesWith, payeeKey } from '../../../domain/rules'
import { re2Compiler } from '../rules/regex'
import type { Db, DbOrTx, Tx } from '../../db/connect'
import { uuidv7 } from '../../db/ids'
import { AppError, badRequest, forbidden, notFound } from '../../http/errors'
import type { SessionUser } from '../auth/sessions'
import { memberScope, writableAccount, type MemberScope } from '../accounts/scope'
import { lastFour } from '../../../domain/accounts'
import { learnedCategories } from '../rules/repo'
import { loadRules } from '../rules/service'
import {
  deleteTransactions,
  insertTransactions,
  loadForWrite,
  updateStoredTransactions,
  type BulkPatch,
  type NewSplit,
  type NewTransaction,
  type StoredTransaction,
  type TransactionSource,
} from '../transactions/ledger'
import { activitiesByBatch, hasInvestments, newActivities, undoInvestments, writeInvestments } from './investments'
import {
  accountStates,
  batchRows,
  deleteBatch,
  findBatch,
  findBatchByHash,
  findPreset,
  householdAccounts,
  householdCategories,
  insertAccount,
  insertBatch,
  listBatches,
  listPresets,
  lockHouseholdImports,
  otherLegs,
  rowsForDedupe,
  rowsForTransfers,
  setExternalKey,
  upsertPreset,
  type AccountRow,
  type ConvertedRow,
  type PresetRow,
} from './repo'

export type ImportOverride = { line: number; status: 'new' | 'skip' }

export type ImportInput = {
  bytes: Uint8Array
  fileName: string
  accountId?: string
  format?: StatementFormat
  mapping?: CsvMapping
  qifDateOrder?: QifDateOrder
  overrides?: readonly ImportOverride[]
  preview: boolean
}

export type ImportStage = 'parsed' | 'writing' | 'written'
/** Told when the file is parsed and when writing starts and ends (the CLI prints these). */
export type ImportProgress = (stage: ImportStage, rows: number) => void

type CsvInfo = NonNullable<ImportResult['csv']>

type ParsedFile = {
  result: ParseResult
  format: StatementFormat
  csv: CsvInfo | null
  /** a CSV whose columns could not be guessed: a preview shows the mapping editor, a commit refuses */
  csvProblem: string | null
  qifDateOrder: QifDateOrder | null
}

const DAY_WINDOW = 3
const BANK_FORMATS: readonly StatementFormat[] = ['ofx', 'qfx', 'camt']

function notAStatement(message: string): AppError {
  return badRequest(message, 'NOT_A_STATEMENT')
}

function statementMessage(error: StatementError): string {
  return error.line !== null && !/^Line \d+/.test(error.message) ? `Line ${error.line}: ${error.message}` : error.message
}

/** Runs a parser step; whatever it throws becomes a clear 400, never a 500. */
function parsing<T>(work: () => T): T {
  try {
    return work()
  } catch (error) {
    if (error instanceof StatementError) throw notAStatement(statementMessage(error))
    throw notAStatement('Kinwise could not read this file: it is damaged or in an unexpected layout.')
  }
}

function columnNames(cells: string[] | undefined, width: number): string[] {
  return Array.from({ length: Math.max(width, cells?.length ?? 0) }, (_, i) => cells?.[i]?.trim() || `Column ${String(i + 1)}`)
}

async function savedMapping(db: DbOrTx, householdId: string, accountId: string | undefined): Promise<CsvMapping | null> {
  const preset = (accountId ? await findPreset(db, householdId, accountId) : undefined) ?? (await findPreset(db, householdId, null))
  const parsed = csvMappingSchema.safeParse(preset?.mapping)
  return parsed.success ? parsed.data : null
}

async function parseFile(db: DbOrTx, user: SessionUser, input: ImportInput): Promise<ParsedFile> {
  const { bytes } = input
  if (bytes.length === 0) throw notAStatement('The file is empty.')
  const format = input.format ?? parsing(() => detectFormat(bytes, input.fileName))
  if (!format) throw notAStatement('Kinwise cannot read this file: it is not an OFX, QFX, QIF, CSV or CAMT bank statement.')
  if (format === 'qif') {
    const order = input.qifDateOrder ?? parsing(() => guessQifDateOrder(bytes))
    return { result: parsing(() => parseStatement(bytes, { format, qifDateOrder: order })), format, csv: null, csvProblem: null, qifDateOrder: order }
  }
  if (format !== 'csv') return { result: parsing(() => parseStatement(bytes, { format })), format, csv: null, csvProblem: null, qifDateOrder: null }

  const requested = input.mapping ?? null
  const mapping = requested ?? (await savedMapping(db, user.householdId, input.accountId))
  const result = mapping ? parsing(() => parseStatement(bytes, { format, csv: mapping })) : null
  // a saved mapping that reads no row of this file was made for another layout: guess instead
  const fits = result !== null && (requested !== null || result.errors.length === 0 || result.accounts.some((a) => a.transactions.length > 0))
  if (mapping && result && fits) {
    const first = parsing(() => previewCsv(bytes, mapping, 11))
    const width = Math.max(0, ...first.map((r) => r.length))
    const headers = mapping.hasHeader ? columnNames(first[0], width) : columnNames(undefined, width)
    const sampleRows = first.slice(mapping.hasHeader ? 1 : 0, (mapping.hasHeader ? 1 : 0) + 10)
    return { result, format, csv: { mapping, source: requested ? 'request' : 'preset', headers, sampleRows }, csvProblem: null, qifDateOrder: null }
  }
  const guess = parsing(() => guessCsvMapping(bytes))
  const csv: CsvInfo = { mapping: guess.mapping, source: 'guess', headers: guess.headers, sampleRows: guess.sampleRows }
  try {
    return { result: parseStatement(bytes, { format }), format, csv, csvProblem: null, qifDateOrder: null }
  } catch (error) {
    if (!(error instanceof StatementError)) throw error
    const message = statementMessage(error)
    const result: ParseResult = { format, accounts: [], errors: [{ line: 1, message }], warnings: [] }
    return { result, format, csv, csvProblem: message, qifDateOrder: null }
  }
}

// ---------------------------------------------------------------------------------------
// Accounts

type PlannedAccount = {
  parsed: ParsedAccount
  /** the stored account, or null until the one to create is written */
  account: AccountRow | null
  create: { name: string; type: string; currency: string; accountNumber: string | null; externalKey: string | null } | null
  /** give the stored account the file's identity, so the next file finds it by itself */
  giveKey: boolean
  /** the account's id, or a stand-in name for one to be created (for transfer detection) */
  ref: string
  source: TransactionSource
  added: number
  duplicates: number
  transfers: number
  /** investment activities: new ones (preview) or written */
  activities: number
}

const INVESTMENT_SECTION = 'qif:invst'

function sourceFor(format: StatementFormat, type: string): TransactionSource {
  if (!BANK_FORMATS.includes(format)) return 'import'
  return type === 'credit_card' ? 'credit_statement' : 'bank_statement'
}

function usable(account: AccountRow): AccountRow {
  if (account.isClosed) {
    throw badRequest(`The account "${account.name}" is closed: reopen it to import into it`, 'ACCOUNT_CLOSED')
  }
  return account
}

/**
 * Which account each of the file's accounts goes to. `stored` are the accounts the member may
 * import into; `keysInUse` the bank identities of every account of the household, so an account
 * created for the file never takes one another member's account holds.
 */
function resolveAccounts(
  stored: AccountRow[],
  keysInUse: ReadonlySet<string>,
  user: SessionUser,
  format: StatementFormat,
  parsedAccounts: ParsedAccount[],
  accountId: string | undefined,
  warnings: ParseIssue[],
): PlannedAccount[] {
  const chosen = accountId === undefined ? null : stored.find((a) => a.id === accountId)
  if (accountId !== undefined && !chosen) throw notFound('Account')
  // a QIF file may mix named (!Account) blocks with one unnamed section: the chosen account takes
  // that one. An unnamed investment section goes to the chosen account when it is an investment
  // account, else to the investment account called "Investments" (made when there is none).
  const chosenInvestment = chosen?.type === 'investment' && parsedAccounts.some((a) => a.key === INVESTMENT_SECTION)
  const unnamedQif = parsedAccounts.filter((a) => a.key.startsWith('qif:') && (chosenInvestment || a.key !== INVESTMENT_SECTION))
  const takesChosen = (parsed: ParsedAccount): boolean =>
    parsedAccounts.length === 1 ||
    (parsed.key.startsWith('qif:') && (chosenInvestment ? parsed.key === INVESTMENT_SECTION : parsed.key !== INVESTMENT_SECTION))
  if (chosen && parsedAccounts.length > 1 && !(format === 'qif' && unnamedQif.length === 1)) {
    throw badRequest(
      `This file holds ${parsedAccounts.length} accounts: import it without choosing an account, so each goes to its own`,
      'MULTIPLE_ACCOUNTS',
    )
  }
  const planned = parsedAccounts.map((parsed, index) => {
    const plan = (account: AccountRow | null, create: PlannedAccount['create'], giveKey = false): PlannedAccount => ({
      parsed,
      account,
      create,
      giveKey,
      ref: account?.id ?? `new:${String(index)}`,
      source: sourceFor(format, account?.type ?? create?.type ?? 'checking'),
      added: 0,
      duplicates: 0,
      transfers: 0,
      activities: 0,
    })
    const bankFile = BANK_FORMATS.includes(format)
    if (chosen && takesChosen(parsed)) {
      const account = usable(chosen)
      if (parsed.currency && parsed.currency !== account.currency) {
        warnings.push({ line: 0, message: `The file is in ${parsed.currency} but "${account.name}" is in ${account.currency}: the amounts were taken as they are.` })
      }
      return plan(account, null, bankFile && account.externalKey === null && !keysInUse.has(parsed.key))
    }
    if (bankFile) {
      const known = stored.find((a) => a.externalKey === parsed.key)
      if (known) return plan(usable(known), null)
    } else if (format === 'qif' && (!parsed.key.startsWith('qif:') || parsed.key === INVESTMENT_SECTION)) {
      const name = parsed.name.toLowerCase()
      const byName = stored.filter((a) => a.name.toLowerCase() === name && (parsed.key !== INVESTMENT_SECTION || a.type === 'investment'))
      const known = byName.find((a) => !a.isClosed) ?? byName[0]
      if (known) return plan(usable(known), null)
    } else {
      throw badRequest(
        format === 'csv'
          ? 'Choose the account this CSV file belongs to: a CSV export does not say which account it is'
          : 'Choose the account this QIF file belongs to: it does not name one',
        'ACCOUNT_REQUIRED',
      )
    }
    return plan(null, {
      name: parsed.name.slice(0, 80) || 'Imported account',
      type: parsed.type,
      currency: parsed.currency ?? user.baseCurrency,
      accountNumber: lastFour(parsed.numberLast4),
      // an account the member may not see holds this identity: the new one goes without it
      externalKey: bankFile && !keysInUse.has(parsed.key) ? parsed.key : null,
    })
  })
  for (const p of planned) {
    const type = p.account?.type ?? p.create?.type
    if (hasInvestments(p.parsed) && type !== 'investment') {
      const name = p.account?.name ?? p.create?.name ?? p.parsed.name
      throw badRequest(
        `"${name}" is not an investment account: the buys, sells and income of this statement go to an investment account`,
        'NOT_INVESTMENT_ACCOUNT',
      )
    }
  }
  return planned
}

// ---------------------------------------------------------------------------------------
// The plan: what each row of the file will be

type RowStatus = ImportRow['status']

type PlannedRow = {
  t: ParsedTransaction
  account: PlannedAccount
  status: RowStatus
  /** an override said 'new': no duplicate or transfer matching for it */
  forced: boolean
  /** the stored row this one duplicates or pairs with as a transfer */
  matchId: string | null
  /** the row of the same file this one pairs with as a transfer */
  partner: PlannedRow | null
  categoryId: string | null
  categorySource: ImportRow['categorySource']
  merchant: string
  notes: string
  splits: NewSplit[]
  /** the bank id is already taken in that account (a row forced in): stored without it */
  dropExternalId: boolean
}

type Plan = {
  parsed: ParsedFile
  accounts: PlannedAccount[]
  rows: PlannedRow[]
  warnings: ParseIssue[]
  /** the accounts the member may import into */
  storedAccounts: AccountRow[]
}

function dateRange(rows: readonly PlannedRow[]): { from: IsoDate; to: IsoDate } | null {
  let min: string | null = null
  let max: string | null = null
  for (const r of rows) {
    if (min === null || r.t.date < min) min = r.t.date
    if (max === null || r.t.date > max) max = r.t.date
  }
  return min === null || max === null ? null : { from: addDays(min, -DAY_WINDOW), to: addDays(max, DAY_WINDOW) }
}

/** 'Food:Groceries' finds a category called 'Food:Groceries' or else 'Groceries'. */
function categoryByName(names: Map<string, string>, raw: string | null): string | null {
  if (!raw) return null
  const full = raw.trim().toLowerCase()
  return names.get(full) ?? names.get(full.split(':').pop()?.trim() ?? '') ?? null
}

async function makePlan(db: DbOrTx, user: SessionUser, scope: MemberScope, input: ImportInput, parsed: ParsedFile): Promise<Plan> {
  const householdId = user.householdId
  const warnings: ParseIssue[] = [...parsed.result.warnings]
  const everyAccount = await householdAccounts(db, householdId)
  const keysInUse = new Set(everyAccount.map((a) => a.externalKey).filter((k): k is string => k !== null))
  const storedAccounts = everyAccount.filter((a) => scope.accounts.get(a.id)?.view === 'full')
  const accounts = resolveAccounts(storedAccounts, keysInUse, user, parsed.format, parsed.result.accounts, input.accountId, warnings)
  const overrides = new Map((input.overrides ?? []).map((o) => [o.line, o.status]))

  const rows: PlannedRow[] = []
  for (const account of accounts) {
    for (const t of account.parsed.transactions) {
      const override = overrides.get(t.line)
      rows.push({
        t,
        account,
        status: override === 'skip' ? 'skip' : 'new',
        forced: override === 'new',
        matchId: null,
        partner: null,
        categoryId: null,
        categorySource: null,
        merchant: t.payee,
        notes: '',
        splits: [],
        dropExternalId: false,
      })
    }
  }
  rows.sort((a, b) => a.t.line - b.t.line)
  for (const a of accounts) {
    if (a.parsed.activities?.length) a.activities = (await newActivities(db, a.account?.id ?? null, a.parsed)).length
  }
  const range = dateRange(rows)
  if (!range) return { parsed, accounts, rows, warnings, storedAccounts }

  // duplicates: the stored rows of the file's known accounts, read once
  const knownIds = [...new Set(accounts.flatMap((a) => (a.account ? [a.account.id] : [])))]
  const externalIds = rows.flatMap((r) => (r.account.account && r.t.externalId !== null ? [{ accountId: r.account.account.id, externalId: r.t.externalId }] : []))
  const stored = await rowsForDedupe(db, householdId, knownIds, range.from, range.to, externalIds)
  const takenIds = new Set(stored.flatMap((s) => (s.externalId === null ? [] : [`${s.accountId}\u0000${s.externalId}`])))
  const checked = rows.filter((r) => r.status !== 'skip')
  const matches = findDuplicates(
    checked.map((r) => ({
      accountId: r.account.account?.id ?? null,
      date: r.t.date,
      amount: r.t.amount,
      payee: r.t.payee || r.t.memo,
      externalId: r.t.externalId,
    })),
    stored.map((s) => ({
      id: s.id,
      accountId: s.accountId,
      date: s.date,
      amount: asCents(s.amount),
      payees: s.importedPayee !== null && s.importedPayee !== s.merchant ? [s.merchant, s.importedPayee] : [s.merchant],
      externalId: s.externalId,
    })),
  )
  checked.forEach((r, i) => {
    const match = matches[i] ?? null
    if (match === null) return
    if (r.forced) {
      const accountId = r.account.account?.id
      r.dropExternalId = r.t.externalId !== null && accountId !== undefined && takenIds.has(`${accountId}\u0000${r.t.externalId}`)
      return
    }
    r.status = 'duplicate'
    r.matchId = match
  })

  // transfers: new rows against each other and against stored ordinary rows of other accounts
  const candidates = rows.filter((r) => r.status === 'new' && !r.forced)
  const refs = new Set(candidates.map((r) => r.account.ref))
  const onlyAccount = refs.size === 1 ? (candidates[0]?.account.account?.id ?? null) : null
  const othersExist = storedAccounts.some((a) => !refs.has(a.id))
  const storedPartners =
    othersExist && candidates.length > 0
      ? await rowsForTransfers(
          db,
          householdId,
          range.from,
          range.to,
          [...new Set(candidates.map((r) => -r.t.amount))],
          onlyAccount,
          scope.noTransactions,
        )
      : []
  if (refs.size > 1 || storedPartners.length > 0) {
    const partners = findTransfers(
      candidates.map((r) => ({ account: r.account.ref, date: r.t.date, amount: r.t.amount })),
      storedPartners.map((s) => ({ id: s.id, account: s.accountId, date: s.date, amount: asCents(s.amount) })),
    )
    candidates.forEach((r, i) => {
      const partner = partners[i] ?? null
      if (partner === null) return
      r.status = 'transfer'
      if ('incoming' in partner) r.partner = candidates[partner.incoming] ?? null
      else r.matchId = partner.existingId
    })
  }

  // categories: a matching rule, else the learned choice for the payee, else the file's own
  const [rules, categoryRows] = await Promise.all([loadRules(db, householdId), householdCategories(db, householdId)])
  const categoryIds = new Set(categoryRows.map((c) => c.id))
  const names = new Map<string, string>()
  for (const c of categoryRows) if (!names.has(c.name.toLowerCase())) names.set(c.name.toLowerCase(), c.id)
  const run = compileRules(rules, re2Compiler)
  const keyCache = new Map<string, string>()
  const keyOf = (payee: string): string => {
    let key = keyCache.get(payee)
    if (key === undefined) keyCache.set(payee, (key = payeeKey(payee)))
    return key
  }
  const inserted = rows.filter((r) => r.status === 'new' || r.status === 'transfer')
  const outcomes = inserted.map((r) => run({ payee: r.t.payee, description: r.t.memo, amount: r.t.amount, accountId: r.account.ref }))
  const learned = await learnedCategories(
    db,
    householdId,
    inserted.flatMap((r, i) => [keyOf(r.t.payee), keyOf(outcomes[i]?.payee ?? '')]),
  )
  inserted.forEach((r, i) => {
    const outcome = outcomes[i] ?? null
    r.merchant = outcome?.payee ?? r.t.payee
    r.notes = notesWith('', outcome?.note)
    const splits = r.t.splits
    if (splits.length >= 2 && splits.reduce((sum, s) => sum + s.amount, 0) === r.t.amount) {
      r.splits = splits.map((s) => ({ categoryId: categoryByName(names, s.category), amount: s.amount, memo: s.memo.slice(0, 200) }))
      if (r.splits.some((s) => s.categoryId !== null)) r.categorySource = 'file'
      return
    }
    if (outcome?.categoryId !== undefined) {
      // a rule may name a category deleted since: it then sets none
      r.categoryId = outcome.categoryId !== null && categoryIds.has(outcome.categoryId) ? outcome.categoryId : null
      r.categorySource = 'rule'
      return
    }
    const learnedId = learned.get(keyOf(r.t.payee)) ?? (outcome?.payee ? learned.get(keyOf(outcome.payee)) : undefined)
    if (learnedId !== undefined) {
      r.categoryId = learnedId
      r.categorySource = 'learned'
      return
    }
    const fromFile = categoryByName(names, r.t.category ?? (r.t.splits.length === 1 ? (r.t.splits[0]?.category ?? null) : null))
    if (fromFile !== null) {
      r.categoryId = fromFile
      r.categorySource = 'file'
    }
  })
  return { parsed, accounts, rows, warnings, storedAccounts }
}

// ---------------------------------------------------------------------------------------
// Results

function count(plan: Plan): void {
  for (const a of plan.accounts) {
    a.added = 0
    a.duplicates = 0
    a.transfers = 0
  }
  for (const r of plan.rows) {
    if (r.status === 'duplicate') r.account.duplicates++
    if (r.status === 'new' || r.status === 'transfer') r.account.added++
    if (r.status === 'transfer') r.account.transfers++
  }
}

/** Every row when there are few; otherwise every duplicate and transfer first, then new rows. */
function previewRows(plan: Plan): ImportRow[] {
  let chosen = plan.rows
  if (chosen.length > MAX_PREVIEW_ROWS) {
    const notable = plan.rows.filter((r) => r.status !== 'new').slice(0, MAX_PREVIEW_ROWS)
    const fill = plan.rows.filter((r) => r.status === 'new').slice(0, MAX_PREVIEW_ROWS - notable.length)
    chosen = [...notable, ...fill].sort((a, b) => a.t.line - b.t.line)
  }
  return chosen.map((r) => {
    const partner = r.partner
    return {
      line: r.t.line,
      date: r.t.date,
      amount: r.t.amount,
      payee: r.merchant,
      memo: r.t.memo,
      accountKey: r.account.parsed.key,
      status: r.status,
      matchId: r.matchId,
      matchLine: partner ? partner.t.line : null,
      suggestedCategoryId: r.status === 'new' ? r.categoryId : null,
      categorySource: r.status === 'new' ? r.categorySource : null,
    }
  })
}

function summary(plan: Plan, batchId: string | null, preview: boolean): ImportResult {
  count(plan)
  const sum = (pick: (a: PlannedAccount) => number) => plan.accounts.reduce((n, a) => n + pick(a), 0)
  return {
    batchId,
    format: plan.parsed.format,
    accounts: plan.accounts.map((a) => ({
      key: a.parsed.key,
      name: a.account?.name ?? a.create?.name ?? a.parsed.name,
      accountId: a.account?.id ?? null,
      created: a.create !== null,
      numberLast4: a.parsed.numberLast4,
      currency: a.parsed.currency ?? a.account?.currency ?? a.create?.currency ?? null,
      added: a.added,
      duplicates: a.duplicates,
      transfers: a.transfers,
      activities: a.activities,
    })),
    added: sum((a) => a.added),
    duplicates: sum((a) => a.duplicates),
    transfers: sum((a) => a.transfers),
    skipped: plan.rows.filter((r) => r.status === 'skip').length,
    activities: sum((a) => a.activities),
    prices: plan.parsed.result.investments?.prices.length ?? 0,
    errors: plan.parsed.result.errors,
    warnings: plan.warnings,
    ...(preview ? { rows: previewRows(plan) } : {}),
    rowCount: plan.rows.length,
    ...(preview && plan.parsed.csv ? { csv: plan.parsed.csv } : {}),
    qifDateOrder: plan.parsed.qifDateOrder,
  }
}

// ---------------------------------------------------------------------------------------
// Writing

async function write(
  tx: Tx,
  user: SessionUser,
  input: ImportInput,
  plan: Plan,
  fileHash: string,
  now: Date,
  onProgress: ImportProgress | undefined,
): Promise<string> {
  const householdId = user.householdId
  // time-ordered, so imports made in the same instant still list newest first
  const batchId = uuidv7()
  const createdAccountIds: string[] = []
  for (const a of plan.accounts) {
    if (a.create) {
      a.account = await insertAccount(tx, { householdId, userId: user.id, ...a.create })
      createdAccountIds.push(a.account.id)
    } else if (a.giveKey && a.account) {
      await setExternalKey(tx, householdId, a.account.id, a.parsed.key, now)
    }
  }

  // stored partners are locked and re-checked: one edited meanwhile is left alone
  const partnerRows = plan.rows.filter((r) => r.status === 'transfer' && r.matchId !== null)
  const before = await loadForWrite(tx, householdId, partnerRows.map((r) => r.matchId ?? ''))
  const stillFree = new Map(before.filter((b) => b.kind === 'standard' && b.transferGroupId === null && !b.isSplit).map((b) => [b.id, b]))
  const converted: ConvertedRow[] = []
  const conversions: { before: StoredTransaction; patch: BulkPatch }[] = []
  const groupOf = new Map<PlannedRow, string>()
  for (const r of partnerRows) {
    const partner = stillFree.get(r.matchId ?? '')
    if (!partner) {
      r.status = 'new'
      r.matchId = null
      continue
    }
    stillFree.delete(partner.id)
    const group = uuidv7()
    groupOf.set(r, group)
    converted.push({ id: partner.id, kind: partner.kind, categoryId: partner.categoryId, transferGroupId: partner.transferGroupId })
    conversions.push({ before: partner, patch: { kind: 'transfer', categoryId: null, transferGroupId: group } })
  }
  for (const r of plan.rows) {
    if (r.status !== 'transfer' || !r.partner || groupOf.has(r)) continue
    const group = uuidv7()
    groupOf.set(r, group)
    groupOf.set(r.partner, group)
  }

  const taken = new Set<string>()
  const newRows: NewTransaction[] = []
  for (const r of plan.rows) {
    if (r.status !== 'new' && r.status !== 'transfer') continue
    const accountId = r.account.account?.id
    if (!accountId) throw new Error('import: an account was not created')
    let externalId = r.dropExternalId ? null : r.t.externalId
    if (externalId !== null) {
      const key = `${accountId}\u0000${externalId}`
      if (taken.has(key)) externalId = null
      else taken.add(key)
    }
    const transfer = r.status === 'transfer'
    newRows.push({
      householdId,
      userId: user.id,
      accountId,
      categoryId: transfer ? null : r.categoryId,
      date: r.t.date,
      amount: r.t.amount,
      merchant: r.merchant.slice(0, 200),
      description: r.t.memo.slice(0, 500),
      notes: r.notes,
      kind: (transfer ? 'transfer' : 'standard') satisfies TransactionKind,
      source: r.account.source,
      transferGroupId: groupOf.get(r) ?? null,
      importBatchId: batchId,
      externalId,
      importedPayee: r.t.payee.slice(0, 200),
      splits: transfer ? [] : r.splits,
    })
  }
  onProgress?.('writing', newRows.length)
  const ids = await insertTransactions(tx, newRows)
  await updateStoredTransactions(tx, householdId, conversions, now)
  const investing = plan.accounts.filter((a) => a.account !== null && hasInvestments(a.parsed))
  if (investing.length > 0) {
    const outcome = await writeInvestments(
      tx,
      user.id,
      householdId,
      batchId,
      investing.map((a) => ({ accountId: a.account?.id ?? '', currency: a.account?.currency ?? user.baseCurrency, parsed: a.parsed })),
      plan.parsed.result,
      plan.warnings,
    )
    for (const a of investing) a.activities = outcome.perAccount.get(a.account?.id ?? '') ?? 0
  }
  count(plan)
  await insertBatch(tx, {
    id: batchId,
    householdId,
    userId: user.id,
    fileName: input.fileName,
    format: plan.parsed.format,
    fileSize: input.bytes.length,
    fileHash,
    added: plan.accounts.reduce((n, a) => n + a.added, 0),
    ...idRange(ids),
    duplicates: plan.accounts.reduce((n, a) => n + a.duplicates, 0),
    transfers: plan.accounts.reduce((n, a) => n + a.transfers, 0),
    accountIds: [...new Set(plan.accounts.flatMap((a) => (a.account ? [a.account.id] : [])))],
    createdAccountIds,
    convertedRows: converted,
    createdAt: now,
  })
  // a mapping the user set up for an account is remembered for its next file
  const only = plan.accounts.length === 1 ? plan.accounts[0]?.account : null
  if (plan.parsed.csv?.source === 'request' && only) {
    await upsertPreset(tx, { householdId, accountId: only.id, name: `${only.name} CSV`, mapping: { ...plan.parsed.csv.mapping } }, now)
  }
  return batchId
}

/** The lowest and highest of time-ordered ids (as strings they compare as the database does). */
function idRange(ids: readonly string[]): { firstTransactionId: string | null; lastTransactionId: string | null } {
  let first: string | null = null
  let last: string | null = null
  for (const id of ids) {
    if (first === null || id < first) first = id
    if (last === null || id > last) last = id
  }
  return { firstTransactionId: first, lastTransactionId: last }
}

/** Parses a statement and previews it (writes nothing) or imports it in one transaction. */
export async function importStatement(
  db: Db,
  user: SessionUser,
  input: ImportInput,
  now: Date,
  onProgress?: ImportProgress,
): Promise<ImportResult> {
  // the chosen account first: its saved CSV mapping is read while parsing
  if (input.accountId !== undefined) writableAccount(await memberScope(db, user), input.accountId)
  const parsed = await parseFile(db, user, input)
  const rowTotal = parsed.result.accounts.reduce((n, a) => n + a.transactions.length + (a.activities?.length ?? 0), 0)
  onProgress?.('parsed', rowTotal)
  const fileHash = createHash('sha256').update(input.bytes).digest('hex')

  if (input.preview) {
    const scope = await memberScope(db, user)
    const plan = await makePlan(db, user, scope, input, parsed)
    const earlier = await findBatchByHash(db, user.householdId, fileHash, scope.noTransactions)
    if (earlier) {
      plan.warnings.unshift({ line: 0, message: `This very file was imported on ${earlier.createdAt.toISOString().slice(0, 10)}.` })
    }
    return summary(plan, null, true)
  }

  if (parsed.csvProblem) throw notAStatement(parsed.csvProblem)
  if (rowTotal === 0) {
    const first = parsed.result.errors[0]
    if (first) throw badRequest(`No row of the file could be read. ${first.message}`, 'PARSE_ERRORS')
    // a bank statement of accounts without activity still brings its accounts in
    if (!BANK_FORMATS.includes(parsed.format) || parsed.result.accounts.length === 0) {
      const why = parsed.result.warnings[0]
      throw badRequest(`There is nothing to import: the file has no transactions in it.${why ? ` ${why.message}` : ''}`, 'NO_TRANSACTIONS')
    }
  }
  const result = await db.transaction(async (tx) => {
    await lockHouseholdImports(tx, user.householdId)
    const plan = await makePlan(tx, user, await memberScope(tx, user), input, parsed)
    const batchId = await write(tx, user, input, plan, fileHash, now, onProgress)
    return summary(plan, batchId, false)
  })
  onProgress?.('written', result.added)
  return result
}

// ---------------------------------------------------------------------------------------
// Past imports and undo

type BatchDto = z.output<typeof importBatch>

function toBatchDto(row: Awaited<ReturnType<typeof listBatches>>[number], activities: number): BatchDto {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format as BatchDto['format'],
    fileSize: row.fileSize,
    added: row.added,
    duplicates: row.duplicates,
    transfers: row.transfers,
    activities,
    accountIds: row.accountIds,
    createdAccountIds: row.createdAccountIds,
    createdAt: row.createdAt.toISOString(),
  }
}

function decodeCursor(raw: string): { createdAt: Date; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && /^[0-9a-f-]{36}$/.test(parsed[1])) {
      const createdAt = new Date(parsed[0])
      if (!Number.isNaN(createdAt.getTime())) return { createdAt, id: parsed[1] }
    }
  } catch {
    // the 400 below
  }
  throw badRequest('The cursor is not valid: start again from the first page', 'INVALID_CURSOR')
}

export async function listImports(
  db: Db,
  user: SessionUser,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ items: BatchDto[]; nextCursor: string | null }> {
  const scope = await memberScope(db, user)
  const rows = await listBatches(db, user.householdId, query.limit + 1, query.cursor ? decodeCursor(query.cursor) : null, scope.noTransactions)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  const nextCursor =
    rows.length > query.limit && last ? Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString('base64url') : null
  const activities = await activitiesByBatch(
    db,
    user.householdId,
    page.map((b) => b.id),
  )
  return { items: page.map((b) => toBatchDto(b, activities.get(b.id) ?? 0)), nextCursor }
}

/**
 * Undoes an import in one transaction: its rows go through the ledger, stored rows it made
 * transfer legs get back what they were, legs left without their partner become ordinary rows
 * again, and the batch is forgotten. Accounts it created stay (the answer lists them).
 */
export async function undoImport(db: Db, user: SessionUser, batchId: string, now: Date): Promise<z.output<typeof undoImportResult>> {
  const householdId = user.householdId
  return db.transaction(async (tx) => {
    await lockHouseholdImports(tx, householdId)
    const scope = await memberScope(tx, user)
    const batch = await findBatch(tx, householdId, batchId)
    // every account it imported into that still exists must be one the member may change
    if (!batch || batch.accountIds.some((id) => scope.accounts.has(id) && scope.accounts.get(id)?.view !== 'full')) {
      throw notFound('Import')
    }
    for (const id of batch.accountIds) if (scope.accounts.has(id)) writableAccount(scope, id)
    const own = await batchRows(tx, householdId, batch)
    const groups = [...new Set(own.flatMap((r) => (r.transferGroupId ? [r.transferGroupId] : [])))]
    const others = await otherLegs(tx, householdId, groups, batchId)
    const saved = new Map(batch.convertedRows.map((c) => [c.id, c]))
    const categories = new Set((await householdCategories(tx, householdId)).map((c) => c.id))
    const stored = await loadForWrite(tx, householdId, [...new Set([...batch.convertedRows.map((c) => c.id), ...others])])
    // rows of other accounts it linked as transfers are given back too: they must be the member's to change
    if (stored.some((row) => scope.accounts.get(row.accountId)?.view !== 'full')) {
      throw forbidden('This import linked transfers in an account you cannot change: ask its owner to undo it', 'TRANSFER_PARTNER_LOCKED')
    }
    const changes = stored.flatMap((before): { before: StoredTransaction; patch: BulkPatch }[] => {
      const was = saved.get(before.id)
      if (was) {
        // restored only while it is still the leg this import made
        if (before.kind !== 'transfer' || !before.transferGroupId || !groups.includes(before.transferGroupId)) return []
        const categoryId = was.categoryId !== null && categories.has(was.categoryId) ? was.categoryId : null
        return [{ before, patch: { kind: was.kind as TransactionKind, categoryId, transferGroupId: was.transferGroupId } }]
      }
      // the other leg came from elsewhere (a later import): without its partner it is an ordinary row
      return [{ before, patch: { kind: 'standard', transferGroupId: null } }]
    })
    await updateStoredTransactions(tx, householdId, changes, now)
    const deleted = await deleteTransactions(tx, householdId, own.map((r) => r.id))
    const activities = await undoInvestments(tx, householdId, batchId)
    await deleteBatch(tx, householdId, batchId)
    const kept = await accountStates(tx, householdId, batch.createdAccountIds)
    return {
      deleted,
      restored: changes.filter((c) => saved.has(c.before.id)).length,
      activities,
      accountsKept: kept.map((a) => ({ ...a, balance: asCents(a.balance) })),
    }
  })
}

// ---------------------------------------------------------------------------------------
// CSV presets

type PresetDto = z.output<typeof importPreset>

function toPresetDto(row: PresetRow): PresetDto | null {
  const mapping = csvMappingSchema.safeParse(row.mapping)
  if (!mapping.success) return null
  return { id: row.id, accountId: row.accountId, name: row.name, mapping: mapping.data, updatedAt: row.updatedAt.toISOString() }
}

/** The household's default mapping and those of accounts the member may import into. */
export async function presets(db: Db, user: SessionUser): Promise<PresetDto[]> {
  const [rows, scope] = await Promise.all([listPresets(db, user.householdId), memberScope(db, user)])
  return rows.flatMap((row) => (row.accountId === null || scope.accounts.get(row.accountId)?.view === 'full' ? (toPresetDto(row) ?? []) : []))
}

export async function savePreset(db: Db, user: SessionUser, body: z.output<typeof importPresetBody>, now: Date): Promise<PresetDto> {
  return db.transaction(async (tx) => {
    if (body.accountId !== null) writableAccount(await memberScope(tx, user), body.accountId)
    const row = await upsertPreset(tx, { householdId: user.householdId, accountId: body.accountId, name: body.name, mapping: { ...body.mapping } }, now)
    const dto = toPresetDto(row)
    if (!dto) throw new Error('a saved preset does not read back')
    return dto
  })
}

