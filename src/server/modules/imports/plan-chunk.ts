// Plans an import a chunk of rows at a time: the user's overrides, then duplicates (one read of
// the stored rows around the chunk's days), transfers and categories. Writes nothing; write.ts
// writes what a chunk comes to.
import { addDays, type DateRange } from '#src/domain/dates'
import { chooseCategory } from '#src/domain/import/categories'
import { AccountBankIds, findDuplicates } from '#src/domain/import/dedupe'
import { findTransfers } from '#src/domain/import/transfers'
import type { ParsedTransaction } from '#src/domain/import/types'
import { asCents } from '#src/domain/money'
import { notesWith } from '#src/domain/rules'
import type { DbOrTx } from '#src/server/db/connect'
import { learnedCategories } from '../rules/learned'
import type { Plan, PlannedRow } from './plan'
import type { PlannedAccount } from './plan-accounts'
import { accountsWithBankIds, rowsForDedupe, rowsForTransfers, type StoredTransferRow } from './repo'

const DAY_WINDOW = 3

function dateRange(rows: readonly PlannedRow[]): DateRange | null {
  let min: string | null = null
  let max: string | null = null
  for (const r of rows) {
    if (min === null || r.t.date < min) min = r.t.date
    if (max === null || r.t.date > max) max = r.t.date
  }
  return min === null || max === null ? null : { from: addDays(min, -DAY_WINDOW), to: addDays(max, DAY_WINDOW) }
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
