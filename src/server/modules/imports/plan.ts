// The plan of an import: which account each of the file's accounts goes to (found by identity or
// name, or created), and what each row will be (new, duplicate, transfer, left out) with its
// category, and where each account will stand against the statement's balance. Computed from
// one read of the stored rows; written by write.ts inside the same transaction.
// A file is matched (accounts, duplicates, transfers) only against accounts whose transactions
// the member sees: another member's private or balance-only account is as if it did not exist
// (ADR 0023).
// The accounts are resolved in plan-accounts.ts, each chunk of rows planned in plan-chunk.ts.
import { MAX_PREVIEW_ROWS, type ImportResult, type ImportRow } from '#src/contract/imports'
import type { IsoDate } from '#src/domain/dates'
import { categoryBook } from '#src/domain/import/categories'
import type { ParseIssue, ParsedAccount, ParsedTransaction } from '#src/domain/import/types'
import { asCents } from '#src/domain/money'
import { compileRules, payeeKey, renamedPayees } from '#src/domain/rules'
import type { DbOrTx } from '#src/server/db/connect'
import type { SessionUser } from '#src/server/core/sessions'
import type { MemberScope } from '#src/server/core/scope'
import { re2Compiler } from '../rules/regex'
import { loadRules } from '../rules/service'
import type { NewSplit } from '#src/server/core/ledger'
import { newActivities } from './investments'
import { BANK_FORMATS, type ImportOptions, type ParsedFile } from './parse-file'
import { resolveAccounts, type PlannedAccount } from './plan-accounts'
import { balanceThrough, householdAccounts, householdCategories, type AccountRow, type DayRows } from './repo'

const KEY_CACHE_SIZE = 20_000

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
