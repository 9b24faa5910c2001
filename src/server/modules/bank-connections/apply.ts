// Writes one Kinwise account's share of a sync, inside the caller's database
// transaction and only through the ledger's functions, so balances and rollups move with the rows.
// Every provider row ends up as exactly one transaction:
//   1. a stored row with the provider's id (source 'plaid', or a statement row whose FITID is that
//      id) is that row: changed when the provider changed it, left alone otherwise;
//   2. a posted row naming the pending row it replaces (Plaid's pending_transaction_id), or a
//      stored pending row of the same amount, near date and similar payee (SimpleFIN gives posted
//      rows new ids), becomes that row: id, date, amount and the pending flag change, and the
//      member's category, notes and payee stay;
//   3. a row already imported from a statement (or typed in) — same account and amount, a date
//      at most 3 days away, a similar payee — is matched and not added again;
//   4. anything else is added.
// Rows the provider removed are deleted; with SimpleFIN (which has no removals) so are stored
// pending rows of the window that the bank no longer lists.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { addDays, localDate, type IsoDate } from '#src/domain/dates'
import { findDuplicates, type DedupeExisting, type DedupeIncoming } from '#src/domain/import/dedupe'
import { asCents, type Cents } from '#src/domain/money'
import { compileRules, notesWith, payeeKey } from '#src/domain/rules'
import type { Tx } from '#src/server/db/connect'
import { transactions } from '#src/server/db/schema'
import type { ProviderTransaction } from '#src/server/integrations/banks/bank-provider'
import { mergeReopen, releaseLinks, reopenedBy, settleBills } from '../bills/settle'
import { householdCategories } from '../imports/service'
import { re2Compiler } from '../rules/regex'
import { learnedCategories } from '../rules/learned'
import { loadRules } from '../rules/service'
import {
  deleteTransactions,
  insertTransactions,
  loadForWrite,
  updateStoredTransaction,
  type NewTransaction,
  type TransactionPatch,
} from '#src/server/core/ledger'

/** How many days a pending row may be from the posted row it becomes (SimpleFIN, no id link). */
export const PENDING_POST_WINDOW_DAYS = 7

export type ApplyTarget = {
  householdId: string
  /** the connection's member: the rows are theirs */
  userId: string
  /** the Kinwise account */
  accountId: string
}

export type ApplyInput = {
  added: readonly ProviderTransaction[]
  /** provider ids of removed rows (Plaid) */
  removed: readonly string[]
  /**
   * SimpleFIN: the window the rows were read for; a stored pending row dated in it that the
   * bank no longer lists is gone (declined, or posted under a new id matched above)
   */
  pendingWindow: { from: IsoDate; to: IsoDate } | null
  /** the bank's balance now: an account without any transaction yet gets an opening balance so its balance is the bank's */
  providerBalance: Cents | null
}

export type ApplyCounts = { added: number; updated: number; removed: number }

type Stored = {
  id: string
  date: string
  amount: number
  merchant: string
  description: string
  importedPayee: string | null
  externalId: string | null
  pending: boolean
  source: string
  kind: string
}

type Change = { rowId: string; t: ProviderTransaction; externalId: string | null }

const minDate = (dates: readonly IsoDate[]): IsoDate => dates.reduce((a, b) => (b < a ? b : a))
const maxDate = (dates: readonly IsoDate[]): IsoDate => dates.reduce((a, b) => (b > a ? b : a))

async function storedRows(tx: Tx, target: ApplyTarget, ids: readonly string[], from: IsoDate | null, to: IsoDate | null): Promise<Stored[]> {
  const t = transactions
  const byId = ids.length > 0 ? sql`${t.externalId} = any(${sql.param([...ids])}::text[])` : sql`false`
  const inRange = from !== null && to !== null ? sql`(${t.date} between ${from} and ${to} and ${t.kind} in ('standard', 'transfer'))` : sql`false`
  return tx
    .select({
      id: t.id,
      date: t.date,
      amount: t.amount,
      merchant: t.merchant,
      description: t.description,
      importedPayee: t.importedPayee,
      externalId: t.externalId,
      pending: t.pending,
      source: t.source,
      kind: t.kind,
    })
    .from(t)
    .where(and(eq(t.householdId, target.householdId), eq(t.accountId, target.accountId), sql`(${byId} or ${inRange})`))
    .orderBy(t.date, t.id)
}

const toExisting = (r: Stored): DedupeExisting => ({
  id: r.id,
  accountId: '',
  date: r.date,
  amount: asCents(r.amount),
  payees: [r.merchant, r.importedPayee ?? ''].filter((p) => p !== ''),
  externalId: null,
})
const toIncoming = (t: ProviderTransaction): DedupeIncoming => ({ accountId: '', date: t.date, amount: t.amount, payee: t.payee, externalId: null })

/** New rows are categorized as imports are: the household's first matching rule, else the category learned for the payee. */
async function categorizer(
  tx: Tx,
  target: ApplyTarget,
  rows: readonly ProviderTransaction[],
): Promise<(t: ProviderTransaction) => { categoryId: string | null; merchant: string; notes: string }> {
  const [rules, categoryRows] = await Promise.all([loadRules(tx, target.householdId), householdCategories(tx, target.householdId)])
  const categoryIds = new Set(categoryRows.map((c) => c.id))
  const run = compileRules(rules, re2Compiler)
  const outcomes = new Map(rows.map((t) => [t.id, run({ payee: t.payee, description: t.description, amount: t.amount, accountId: target.accountId })]))
  const learned = await learnedCategories(
    tx,
    target.householdId,
    rows.flatMap((t) => [payeeKey(t.payee), payeeKey(outcomes.get(t.id)?.payee ?? '')]),
  )
  return (t) => {
    const outcome = outcomes.get(t.id) ?? null
    const merchant = outcome?.payee ?? t.payee
    const notes = notesWith('', outcome?.note)
    if (outcome?.categoryId !== undefined) {
      return { categoryId: outcome.categoryId !== null && categoryIds.has(outcome.categoryId) ? outcome.categoryId : null, merchant, notes }
    }
    const learnedId = learned.get(payeeKey(t.payee)) ?? (outcome?.payee ? learned.get(payeeKey(outcome.payee)) : undefined)
    return { categoryId: learnedId ?? null, merchant, notes }
  }
}

export async function applyAccountChanges(tx: Tx, target: ApplyTarget, input: ApplyInput, now: Date): Promise<ApplyCounts> {
  const counts: ApplyCounts = { added: 0, updated: 0, removed: 0 }
  // the provider's last word on each id
  const incoming = [...new Map(input.added.map((t) => [t.id, t])).values()]
  const incomingIds = new Set(incoming.map((t) => t.id))
  if (incoming.length === 0 && input.removed.length === 0 && input.pendingWindow === null) return counts

  const dates = incoming.map((t) => t.date)
  if (input.pendingWindow) dates.push(input.pendingWindow.from, input.pendingWindow.to)
  const from = dates.length > 0 ? addDays(minDate(dates), -PENDING_POST_WINDOW_DAYS) : null
  const to = dates.length > 0 ? addDays(maxDate(dates), PENDING_POST_WINDOW_DAYS) : null
  const ids = [...incomingIds, ...incoming.flatMap((t) => (t.pendingId ? [t.pendingId] : [])), ...input.removed]
  const stored = await storedRows(tx, target, ids, from, to)
  const byExternal = new Map(stored.flatMap((r) => (r.externalId === null ? [] : [[r.externalId, r] as const])))
  const used = new Set<string>()
  const changes: Change[] = []
  const unmatched: ProviderTransaction[] = []

  // 1 and 2 (by id): the same row, or the pending row this posted one replaces
  for (const t of incoming) {
    const same = byExternal.get(t.id)
    if (same && !used.has(same.id)) {
      used.add(same.id)
      // a statement's row stays as the statement wrote it; the connection's own rows follow the bank
      const changed =
        same.source === 'plaid' && (same.date !== t.date || same.amount !== t.amount || same.pending !== t.pending || same.description !== t.description)
      if (changed) changes.push({ rowId: same.id, t, externalId: null })
      continue
    }
    const replaced = t.pendingId ? byExternal.get(t.pendingId) : undefined
    if (replaced && !used.has(replaced.id) && replaced.pending) {
      used.add(replaced.id)
      changes.push({ rowId: replaced.id, t, externalId: t.id })
      continue
    }
    unmatched.push(t)
  }

  // 2 (by likeness): stored pending rows the bank no longer lists under their id
  const pendingLeft = stored.filter((r) => r.pending && r.source === 'plaid' && !used.has(r.id) && !incomingIds.has(r.externalId ?? ''))
  let rest = unmatched
  if (pendingLeft.length > 0) {
    const posted = unmatched.filter((t) => !t.pending)
    const found = findDuplicates(posted.map(toIncoming), pendingLeft.map(toExisting), { windowDays: PENDING_POST_WINDOW_DAYS })
    const taken = new Set<string>()
    posted.forEach((t, i) => {
      const rowId = found[i]
      if (!rowId) return
      used.add(rowId)
      taken.add(t.id)
      changes.push({ rowId, t, externalId: t.id })
    })
    rest = unmatched.filter((t) => !taken.has(t.id))
  }

  // 3: rows from statement files (or typed in) that are these
  const statementRows = stored.filter((r) => r.source !== 'plaid' && !used.has(r.id) && (r.kind === 'standard' || r.kind === 'transfer'))
  const toAdd: ProviderTransaction[] = []
  const claimIds: { rowId: string; externalId: string }[] = []
  if (statementRows.length > 0 && rest.length > 0) {
    const found = findDuplicates(rest.map(toIncoming), statementRows.map(toExisting))
    rest.forEach((t, i) => {
      const rowId = found[i]
      if (!rowId) return toAdd.push(t)
      used.add(rowId)
      // remember the provider's id on a row that has none, so the next sync finds it at once
      if (statementRows.find((r) => r.id === rowId)?.externalId === null) claimIds.push({ rowId, externalId: t.id })
    })
  } else toAdd.push(...rest)

  // write: changes, then removals, then additions
  let reopen = new Map<string, IsoDate>()
  if (changes.length > 0) {
    const before = new Map((await loadForWrite(tx, target.householdId, changes.map((c) => c.rowId))).map((r) => [r.id, r]))
    // a payment whose date or amount the bank changed is settled afresh (ADR 0045); a member's own
    // link stays, its amount following the row's
    const moved = changes.filter((c) => {
      const row = before.get(c.rowId)
      return row !== undefined && (row.date !== c.t.date || (row.amount !== c.t.amount && row.splits.length === 0))
    })
    const newAmount = new Map(moved.map((c) => [c.rowId, c.t.amount]))
    reopen = await releaseLinks(tx, target.householdId, [...newAmount.keys()], (link) => {
      const amount = newAmount.get(link.transactionId) ?? 0
      return link.splitId === null ? (amount < 0 ? -amount : null) : link.amount
    })
    for (const c of changes) {
      const row = before.get(c.rowId)
      if (!row) continue
      const patch: TransactionPatch = {}
      if (row.date !== c.t.date) patch.date = c.t.date
      if (row.amount !== c.t.amount && row.splits.length === 0) patch.amount = c.t.amount
      if (row.source === 'plaid' && row.description !== c.t.description) patch.description = c.t.description
      if (Object.keys(patch).length > 0) await updateStoredTransaction(tx, row, patch, now)
      await tx
        .update(transactions)
        .set({ pending: c.t.pending, ...(c.externalId !== null ? { externalId: c.externalId } : {}), updatedAt: now })
        .where(and(eq(transactions.id, row.id), eq(transactions.householdId, target.householdId)))
      counts.updated += 1
    }
  }
  for (const claim of claimIds) {
    await tx
      .update(transactions)
      .set({ externalId: claim.externalId })
      .where(and(eq(transactions.id, claim.rowId), eq(transactions.householdId, target.householdId)))
  }

  const gone = new Set<string>()
  for (const id of input.removed) {
    const row = byExternal.get(id)
    if (row && !used.has(row.id) && row.source === 'plaid') gone.add(row.id)
  }
  if (input.pendingWindow) {
    const { from: wFrom, to: wTo } = input.pendingWindow
    for (const r of pendingLeft) if (!used.has(r.id) && r.date >= wFrom && r.date <= wTo) gone.add(r.id)
  }
  if (gone.size > 0) {
    reopen = mergeReopen(reopen, await reopenedBy(tx, target.householdId, [...gone]))
    counts.removed += await deleteTransactions(tx, target.householdId, [...gone])
  }

  if (toAdd.length > 0) {
    const [empty] = await tx
      .select({ any: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.householdId, target.householdId), eq(transactions.accountId, target.accountId)))
    const category = await categorizer(tx, target, toAdd)
    const rows: NewTransaction[] = toAdd.map((t) => {
      const c = category(t)
      return {
        householdId: target.householdId,
        userId: target.userId,
        accountId: target.accountId,
        categoryId: c.categoryId,
        date: t.date,
        amount: t.amount,
        merchant: c.merchant,
        description: t.description,
        notes: c.notes,
        kind: 'standard',
        source: 'plaid',
        externalId: t.id,
        importedPayee: t.payee,
      }
    })
    // an account with nothing in it yet: an opening balance the day before, so it shows the bank's balance
    if (empty?.any === 0 && input.providerBalance !== null) {
      const opening = input.providerBalance - rows.reduce((sum, r) => sum + r.amount, 0)
      if (opening !== 0) {
        rows.push({
          householdId: target.householdId,
          userId: target.userId,
          accountId: target.accountId,
          categoryId: null,
          date: addDays(minDate(rows.map((r) => r.date)), -1),
          amount: asCents(opening),
          merchant: '',
          description: 'Opening balance',
          notes: '',
          kind: 'opening_balance',
          source: 'plaid',
        })
      }
    }
    const insertedIds = await insertTransactions(tx, rows)
    const pendingIds = insertedIds.filter((_, i) => toAdd[i]?.pending === true)
    if (pendingIds.length > 0) {
      await tx
        .update(transactions)
        .set({ pending: true })
        .where(and(eq(transactions.householdId, target.householdId), inArray(transactions.id, pendingIds)))
    }
    counts.added += toAdd.length
  }
  // the bills these payments pay are settled by them, once per account's sync
  if (counts.added + counts.updated + counts.removed > 0 || reopen.size > 0) {
    const span = dates.length > 0 ? { from: minDate(dates), to: maxDate(dates) } : undefined
    await settleBills(tx, target.householdId, { today: localDate(now, 'UTC'), now, span, reopen })
  }
  return counts
}
