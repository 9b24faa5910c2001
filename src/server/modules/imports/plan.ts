// The plan of an import: which account each of the file's accounts goes to (found by identity or
// name, or created), and what each row will be (new, duplicate, transfer, left out) with its
// category, and where each account will stand against the statement's balance. Computed from
// one read of the stored rows; written by write.ts inside the same transaction.
// A file is matched (accounts, duplicates, transfers) only against accounts whose transactions
// the member sees: another member's private or balance-only account is as if it did not exist
// (ADR 0023).
import { MAX_PREVIEW_ROWS, type ImportResult, type ImportRow } from '../../../contract/imports'
import { addDays, type DateRange, type IsoDate } from '../../../domain/dates'
import { categoryBook, chooseCategory } from '../../../domain/import/categories'
import { AccountBankIds, findDuplicates } from '../../../domain/import/dedupe'
import { findTransfers } from '../../../domain/import/transfers'
import type { ParseIssue, ParsedAccount, ParsedTransaction, StatementFormat } from '../../../domain/import/types'
import { asCents, type Cents } from '../../../domain/money'
import { compileRules, notesWith, payeeKey, renamedPayees } from '../../../domain/rules'
import type { DbOrTx } from '../../db/connect'
import { badRequest, notFound } from '../../http/errors'
import type { SessionUser } from '../auth/sessions'
import type { MemberScope } from '../accounts/scope'
import { lastFour } from '../../../domain/accounts'
import { re2Compiler } from '../rules/regex'
import { learnedCategories } from '../rules/learned'
import { loadRules } from '../rules/service'
import type { NewSplit, TransactionSource } from '../transactions/ledger'
import { hasInvestments, newActivities } from './investments'
import { BANK_FORMATS, type ImportOptions, type ParsedFile } from './parse-file'
import { accountsWithBankIds, balanceThrough, householdAccounts, householdCategories, rowsForDedupe, rowsForTransfers, type AccountRow, type DayRows, type StoredTransferRow } from './repo'

const DAY_WINDOW = 3
const KEY_CACHE_SIZE = 20_000

export type PlannedAccount = {
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
  /** a created account: the opening-balance entry that brings it to the statement's balance */
  openingBalance: Cents | null
  /** an existing account: the statement's balance minus Kinwise's on that date, import included */
  balanceDifference: Cents | null
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
      openingBalance: null,
      balanceDifference: null,
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
        { format },
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
// The plan: what each row of the file will be, a chunk at a time

type RowStatus = ImportRow['status']

export type PlannedRow = {
  t: ParsedTransaction
  /** 1-based place in the file (file order): the row's own identity, unlike a shared line */
  row: number
  account: PlannedAccount
  status: RowStatus
  /** an override said 'new': no duplicate or transfer matching for it */
  forced: boolean
  /** the stored row this one duplicates or pairs with as a transfer */
  matchId: string | null
  /** the row of the same chunk this one pairs with as a transfer */
  partner: PlannedRow | null
  categoryId: string | null
  categorySource: ImportRow['categorySource']
  merchant: string
  notes: string
  splits: NewSplit[]
  /** the bank id is already taken in that account (a row forced in): stored without it */
  dropExternalId: boolean
}

/** What an account's rows come to, kept as the chunks go by (the rows themselves are not kept). */
type AccountTally = {
  /** the rows imported (new or transfer legs), summed per day: the statement balance's check */
  byDay: Map<IsoDate, number>
  /** the earliest day of any of its rows: where a created account's opening balance goes */
  firstDate: IsoDate | null
}

/**
 * An import's plan as it is made: the accounts (resolved once, or as a streamed file names them),
 * the rules and categories (loaded once), and running counts. Each chunk of rows is planned
 * (planChunk), written or not, then counted (tally); only the rows a preview shows are kept, so
 * a file of any size is planned in the memory of one chunk.
 */
export type Plan = {
  parsed: ParsedFile
  accounts: PlannedAccount[]
  warnings: ParseIssue[]
  /** the accounts the member may import into */
  storedAccounts: AccountRow[]
  rowCount: number
  skipped: number
  /** the rows a preview shows: every duplicate and transfer first (up to the limit), then new rows */
  shown: { notable: ImportRow[]; fill: ImportRow[] } | null
  /** this import's batch when it writes: its own rows, written by earlier chunks, are not matched */
  batchId: string | null
  ctx: PlanContext
}

type PlanContext = {
  user: SessionUser
  scope: MemberScope
  input: ImportOptions
  keysInUse: ReadonlySet<string>
  byKey: Map<string, PlannedAccount>
  tallies: Map<PlannedAccount, AccountTally>
  byRow: Map<number, 'new' | 'skip'>
  byLine: Map<number, 'new' | 'skip'>
  chosen: Map<number, string | null>
  book: ReturnType<typeof categoryBook>
  run: ReturnType<typeof compileRules>
  keyOf: (payee: string) => string
  /** the payee keys the rules rename to (their learned categories are read with each chunk's) */
  renamedKeys: string[]
  /** whether a chunk's transfer and category reads are asked with its duplicates' (startChunk) */
  readAhead: boolean
  /** the accounts asked whether they held bank ids before the import, and those that did */
  checkedIds: Set<string>
  withIds: Set<string>
  /** the stored rows the last chunk read around its days, and of which accounts: the next reads only the days they miss */
  dayRows: { accounts: string; read: DayRows } | null
}

function dateRange(rows: readonly PlannedRow[]): DateRange | null {
  let min: string | null = null
  let max: string | null = null
  for (const r of rows) {
    if (min === null || r.t.date < min) min = r.t.date
    if (max === null || r.t.date > max) max = r.t.date
  }
  return min === null || max === null ? null : { from: addDays(min, -DAY_WINDOW), to: addDays(max, DAY_WINDOW) }
}

/**
 * Starts a plan: the accounts the file names so far (a whole file: all of them; a stream: those
 * it has named yet, the others come with their rows), the user's overrides and choices, the
 * household's rules and categories. `batchId` is the batch an import writes (null: a preview).
 */
export async function startPlan(
  db: DbOrTx,
  user: SessionUser,
  scope: MemberScope,
  input: ImportOptions,
  parsed: ParsedFile,
  batchId: string | null,
): Promise<Plan> {
  const householdId = user.householdId
  const everyAccount = await householdAccounts(db, householdId)
  const keysInUse = new Set(everyAccount.map((a) => a.externalKey).filter((k): k is string => k !== null))
  const storedAccounts = everyAccount.filter((a) => scope.accounts.get(a.id)?.view === 'full')
  const warnings: ParseIssue[] = [...parsed.result.warnings]
  const [rules, categoryRows] = await Promise.all([loadRules(db, householdId), householdCategories(db, householdId)])
  const keyCache = new Map<string, string>()
  const plan: Plan = {
    parsed,
    accounts: [],
    warnings,
    storedAccounts,
    rowCount: 0,
    skipped: 0,
    shown: input.preview ? { notable: [], fill: [] } : null,
    batchId,
    ctx: {
      user,
      scope,
      input,
      keysInUse,
      byKey: new Map(),
      tallies: new Map(),
      // an override names its row; an older client names only the line
      byRow: new Map((input.overrides ?? []).flatMap((o) => (o.row !== undefined ? [[o.row, o.status] as const] : []))),
      byLine: new Map((input.overrides ?? []).flatMap((o) => (o.row === undefined ? [[o.line, o.status] as const] : []))),
      chosen: new Map((input.categories ?? []).map((c) => [c.row, c.categoryId])),
      book: categoryBook(categoryRows),
      run: compileRules(rules, re2Compiler),
      checkedIds: new Set(),
      withIds: new Set(),
      dayRows: null,
      readAhead: true,
      renamedKeys: renamedPayees(rules).map(payeeKey),
      keyOf: (payee) => {
        let key = keyCache.get(payee)
        if (key === undefined) {
          // a file of a million payees keeps a chunk's worth, not all of them
          if (keyCache.size >= KEY_CACHE_SIZE) keyCache.clear()
          keyCache.set(payee, (key = payeeKey(payee)))
        }
        return key
      },
    },
  }
  await addAccounts(db, plan, parsed.result.accounts)
  return plan
}

/**
 * Resolves the file's accounts not planned yet (a stream names them as they come). One more
 * account than the member chose is refused, as for a whole file.
 */
export async function addAccounts(db: DbOrTx, plan: Plan, parsedAccounts: readonly ParsedAccount[]): Promise<PlannedAccount[]> {
  const { ctx } = plan
  const fresh = parsedAccounts.filter((p) => !ctx.byKey.has(p.key))
  if (fresh.length === 0) return []
  const all = [...plan.accounts.map((a) => a.parsed), ...fresh]
  const resolved = resolveAccounts(plan.storedAccounts, ctx.keysInUse, ctx.user, plan.parsed.format, all, ctx.input.accountId, plan.warnings)
  const added = resolved.slice(plan.accounts.length)
  for (const a of added) {
    plan.accounts.push(a)
    ctx.byKey.set(a.parsed.key, a)
    ctx.tallies.set(a, { byDay: new Map(), firstDate: null })
    if (a.parsed.activities?.length) a.activities = (await newActivities(db, a.account?.id ?? null, a.parsed)).length
  }
  return added
}

/** The planned account of a parsed account's key (added by addAccounts). */
export function accountOf(plan: Plan, key: string): PlannedAccount {
  const account = plan.ctx.byKey.get(key)
  if (!account) throw new Error(`import: the account ${key} was not planned`)
  return account
}

/** Every row of a whole file, with its planned account, for planChunk. */
export function wholeFileRows(plan: Plan): { account: PlannedAccount; t: ParsedTransaction }[] {
  return plan.accounts.flatMap((account) => account.parsed.transactions.map((t) => ({ account, t })))
}

/** A chunk's rows, their overrides applied, and what the database holds around them (being read). */
export type StartedChunk = { rows: PlannedRow[]; reads: Promise<ChunkReads | null> }

/**
 * The stored rows a chunk is planned against, read together before any of it is decided. The
 * transfer partners and learned categories are null when they were not read ahead (then
 * decideChunk reads them for the rows left new).
 */
type ChunkReads = {
  range: DateRange
  stored: Awaited<ReturnType<typeof rowsForDedupe>>
  storedPartners: StoredTransferRow[] | null
  learned: Map<string, string> | null
}

/**
 * What each row of a chunk will be: the user's overrides → duplicates (one read of the stored
 * rows around the chunk's days) → transfers → categories. Writes nothing. The rows of one chunk
 * pair with each other and with stored rows (not with this import's rows of earlier chunks).
 */
export async function planChunk(db: DbOrTx, plan: Plan, chunk: readonly { account: PlannedAccount; t: ParsedTransaction }[]): Promise<PlannedRow[]> {
  const started = startChunk(db, plan, chunk)
  return decideChunk(db, plan, started.rows, await started.reads)
}

/**
 * planChunk's first half: the rows with the user's overrides, and the reads the chunk needs
 * asked at once (the stored rows it may duplicate and, unless the chunk before was all
 * duplicates, those it may pair with as transfers and the learned categories of its payees), so
 * they reach the connection before anything asked after this call, such as the previous chunk's
 * write (service.ts). Read ahead, the transfer and category reads take every row that is not
 * skipped, not only those that turn out new: a few rows more read, the same result (a stored
 * row pairs only with an amount's opposite, a key only with its payee). A re-import, where each
 * chunk is all duplicates, does not read them at all.
 */
export function startChunk(db: DbOrTx, plan: Plan, chunk: readonly { account: PlannedAccount; t: ParsedTransaction }[]): StartedChunk {
  const { ctx } = plan
  const householdId = ctx.user.householdId
  const rows: PlannedRow[] = chunk.map(({ account, t }) => ({
    t,
    row: 0,
    account,
    status: 'new',
    forced: false,
    matchId: null,
    partner: null,
    categoryId: null,
    categorySource: null,
    merchant: t.payee,
    notes: '',
    splits: [],
    dropExternalId: false,
  }))
  rows.sort((a, b) => a.t.line - b.t.line)
  rows.forEach((r, i) => {
    r.row = plan.rowCount + i + 1
    const override = ctx.byRow.get(r.row) ?? ctx.byLine.get(r.t.line)
    if (override === 'skip') r.status = 'skip'
    r.forced = override === 'new'
  })
  plan.rowCount += rows.length
  const range = dateRange(rows)
  if (!range) return { rows, reads: Promise.resolve(null) }

  // duplicates: the stored rows of the chunk's known accounts, read once
  const known = new Set<string>()
  const externalIds: { accountId: string; externalId: string }[] = []
  for (const r of rows) {
    const accountId = r.account.account?.id
    if (accountId === undefined) continue
    known.add(accountId)
    if (r.t.externalId !== null) externalIds.push({ accountId, externalId: r.t.externalId })
  }
  const knownIds = [...known]
  // an import's later chunks look a file's bank ids up beyond the chunk's days only in accounts
  // that held any before it began (its own rows would always answer)
  const unseen = knownIds.filter((id) => !ctx.checkedIds.has(id))
  for (const id of unseen) ctx.checkedIds.add(id)
  const dedupe = async () => {
    if (unseen.length > 0) for (const id of await accountsWithBankIds(db, householdId, unseen)) ctx.withIds.add(id)
    const accounts = [...knownIds].sort().join(' ')
    const earlier = ctx.dayRows?.accounts === accounts ? ctx.dayRows.read : null
    const stored = await rowsForDedupe(db, householdId, knownIds, range.from, range.to, externalIds, plan.batchId, plan.batchId ? ctx.withIds : null, earlier)
    ctx.dayRows = { accounts, read: { range, rows: stored.filter((r) => r.date >= range.from && r.date <= range.to) } }
    return stored
  }

  const open = rows.filter((r) => r.status !== 'skip' && !r.forced)
  const ahead = ctx.readAhead
  const reads = Promise.all([
    dedupe(),
    ahead ? partnerRows(db, plan, open, range) : null,
    ahead ? learnedFor(db, plan, rows.filter((r) => r.status !== 'skip')) : null,
  ]).then(([stored, storedPartners, learned]) => ({ range, stored, storedPartners, learned }))
  return { rows, reads }
}

/**
 * The stored rows these rows may pair with as transfers: ordinary rows of other accounts, among
 * them this import's own rows of its other accounts written by earlier chunks (a file's accounts
 * follow one another, so the two legs of a transfer are often chunks apart).
 */
function partnerRows(db: DbOrTx, plan: Plan, rows: readonly PlannedRow[], range: DateRange): Promise<StoredTransferRow[]> {
  const refs = new Set(rows.map((r) => refOf(r.account)))
  const onlyAccount = refs.size === 1 ? (rows[0]?.account.account?.id ?? null) : null
  // (the rows left new may be of fewer accounts than these: with more than one, any other counts)
  const other = (id: string) => refs.size > 1 || !refs.has(id)
  const othersExist =
    plan.storedAccounts.some((a) => other(a.id)) || (plan.batchId !== null && plan.accounts.some((a) => a.account !== null && a.added > 0 && other(a.account.id)))
  if (!othersExist || rows.length === 0) return Promise.resolve([])
  const { householdId } = plan.ctx.user
  return rowsForTransfers(db, householdId, range.from, range.to, [...new Set(rows.map((r) => -r.t.amount))], onlyAccount, plan.ctx.scope.noTransactions)
}

/** The learned categories of these rows' payees, and of each payee a rule renames to. */
function learnedFor(db: DbOrTx, plan: Plan, rows: readonly PlannedRow[]): Promise<Map<string, string>> {
  const { keyOf } = plan.ctx
  if (rows.length === 0) return Promise.resolve(new Map())
  return learnedCategories(db, plan.ctx.user.householdId, [...rows.map((r) => keyOf(r.t.payee)), ...plan.ctx.renamedKeys])
}

const refOf = (a: PlannedAccount) => a.account?.id ?? a.ref

/**
 * planChunk's second half: decides each row from the chunk's reads, reading the transfer partners
 * and learned categories of the rows left new when they were not read ahead.
 */
export async function decideChunk(db: DbOrTx, plan: Plan, rows: PlannedRow[], reads: ChunkReads | null): Promise<PlannedRow[]> {
  if (!reads) return rows
  const { ctx } = plan
  const { stored } = reads
  // the bank ids the stored rows hold, asked only for a row the user forced in (rare)
  let takenIds: AccountBankIds | null = null
  const taken = (): AccountBankIds => (takenIds ??= AccountBankIds.of(stored))
  const checked = rows.filter((r) => r.status !== 'skip')
  // (nothing stored around the chunk, as in a new account: no row is a duplicate)
  const matches = stored.length === 0 ? [] : findDuplicates(
    checked.map((r) => ({
      accountId: r.account.account?.id ?? null,
      date: r.t.date,
      amount: r.t.amount,
      payee: r.t.payee || r.t.memo,
      externalId: r.t.externalId,
    })),
    stored,
  )
  checked.forEach((r, i) => {
    const match = matches[i] ?? null
    if (match === null) return
    if (r.forced) {
      const accountId = r.account.account?.id
      r.dropExternalId = r.t.externalId !== null && accountId !== undefined && taken().has(accountId, r.t.externalId)
      return
    }
    r.status = 'duplicate'
    r.matchId = match
  })

  // transfers: new rows against each other and against the stored rows read
  const candidates = rows.filter((r) => r.status === 'new' && !r.forced)
  // the next chunk reads ahead unless this one was all duplicates (a re-import)
  ctx.readAhead = candidates.length > 0
  const storedPartners = reads.storedPartners ?? (await partnerRows(db, plan, candidates, reads.range))
  const refs = new Set(candidates.map((r) => refOf(r.account)))
  if (refs.size > 1 || storedPartners.length > 0) {
    const partners = findTransfers(
      candidates.map((r) => ({ account: refOf(r.account), date: r.t.date, amount: r.t.amount })),
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

  // categories: the user's choice, else a matching rule, else the learned choice for the payee,
  // else the file's own (domain/import/categories)
  const { keyOf } = ctx
  const inserted = rows.filter((r) => r.status === 'new' || r.status === 'transfer')
  const learned = reads.learned ?? (await learnedFor(db, plan, inserted))
  for (const r of inserted) {
    const outcome = ctx.run({ payee: r.t.payee, description: r.t.memo, amount: r.t.amount, accountId: r.account.ref })
    r.merchant = outcome?.payee ?? r.t.payee
    r.notes = notesWith('', outcome?.note)
    const learnedId = learned.get(keyOf(r.t.payee)) ?? (outcome?.payee ? learned.get(keyOf(outcome.payee)) : undefined)
    const choice = chooseCategory(r.t, ctx.book, outcome, learnedId, ctx.chosen.has(r.row) ? (ctx.chosen.get(r.row) ?? null) : undefined)
    r.categoryId = choice.categoryId
    r.categorySource = choice.source
    r.splits = choice.splits
  }
  return rows
}

/**
 * Counts a chunk's rows once their status is final (after writing: a stored partner edited
 * meanwhile turns a transfer back into a new row), and keeps the ones a preview shows.
 */
export function tally(plan: Plan, rows: readonly PlannedRow[]): void {
  for (const r of rows) {
    const a = r.account
    const t = plan.ctx.tallies.get(a)
    if (t && (t.firstDate === null || r.t.date < t.firstDate)) t.firstDate = r.t.date
    if (r.status === 'skip') plan.skipped++
    if (r.status === 'duplicate') a.duplicates++
    if (r.status === 'new' || r.status === 'transfer') {
      a.added++
      if (t) t.byDay.set(r.t.date, (t.byDay.get(r.t.date) ?? 0) + r.t.amount)
    }
    if (r.status === 'transfer') a.transfers++
    const shown = plan.shown
    if (!shown) continue
    if (r.status !== 'new') {
      if (shown.notable.length < MAX_PREVIEW_ROWS) shown.notable.push(previewRow(r))
    } else if (shown.fill.length < MAX_PREVIEW_ROWS) shown.fill.push(previewRow(r))
  }
}

/** The earliest day of any row of an account (null: it has none). */
export function firstDateOf(plan: Plan, account: PlannedAccount): IsoDate | null {
  return plan.ctx.tallies.get(account)?.firstDate ?? null
}

/**
 * Where each account will stand against the balance its bank statement states (OFX LEDGERBAL,
 * CAMT CLBD), once every row is planned. An account the import creates gets an opening-balance
 * entry for what the file's rows do not explain, so it ends at the statement's balance; an
 * account that exists gets the difference on the statement's date, import included, for the
 * user to reconcile. `written`: the rows are stored already (an import), else not (a preview).
 */
export async function statementBalances(db: DbOrTx, plan: Plan, written: boolean): Promise<void> {
  if (!BANK_FORMATS.includes(plan.parsed.format)) return
  for (const a of plan.accounts) {
    const stated = a.parsed.ledgerBalance
    const type = a.account?.type ?? a.create?.type
    if (!stated || type === 'investment') continue
    let through = 0
    for (const [day, sum] of plan.ctx.tallies.get(a)?.byDay ?? []) if (day <= stated.date) through += sum
    if (a.create) {
      const opening = stated.amount - through
      a.openingBalance = opening === 0 ? null : asCents(opening)
    } else if (a.account) {
      const stored = await balanceThrough(db, plan.ctx.user.householdId, a.account.id, stated.date)
      a.balanceDifference = asCents(stated.amount - stored - (written ? 0 : through))
    }
  }
}

// ---------------------------------------------------------------------------------------
// Results

function previewRow(r: PlannedRow): ImportRow {
  const partner = r.partner
  return {
    line: r.t.line,
    row: r.row,
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
}

/** Every row when there are few; otherwise every duplicate and transfer first, then new rows. */
function previewRows(plan: Plan): ImportRow[] {
  const shown = plan.shown
  if (!shown) return []
  const fill = shown.fill.slice(0, MAX_PREVIEW_ROWS - shown.notable.length)
  return [...shown.notable, ...fill].sort((a, b) => a.row - b.row)
}

/** The answer of a preview (with its rows) or of an import. */
export function summary(plan: Plan, batchId: string | null, preview: boolean): ImportResult {
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
      statementBalance: BANK_FORMATS.includes(plan.parsed.format) ? (a.parsed.ledgerBalance?.amount ?? null) : null,
      statementDate: BANK_FORMATS.includes(plan.parsed.format) ? (a.parsed.ledgerBalance?.date ?? null) : null,
      openingBalance: a.openingBalance,
      balanceDifference: a.balanceDifference,
    })),
    added: sum((a) => a.added),
    duplicates: sum((a) => a.duplicates),
    transfers: sum((a) => a.transfers),
    skipped: plan.skipped,
    activities: sum((a) => a.activities),
    prices: plan.parsed.result.investments?.prices.length ?? 0,
    errors: plan.parsed.result.errors,
    warnings: plan.warnings,
    ...(preview ? { rows: previewRows(plan) } : {}),
    rowCount: plan.rowCount,
    ...(preview && plan.parsed.csv ? { csv: plan.parsed.csv } : {}),
    qifDateOrder: plan.parsed.qifDateOrder,
  }
}
