// Writes an import's plan inside the one transaction the service opens, a chunk at a time: all of
// it or none of it.
import { AccountBankIds } from '#src/domain/import/dedupe'
import { DeltaTotals, type TransactionKind } from '#src/domain/ledger'
import { payeeKey } from '#src/domain/rules'
import type { Tx } from '#src/server/db/connect'
import { uuidv7 } from '#src/server/db/ids'
import type { SessionUser } from '#src/server/core/sessions'
import { learnPayeeCategories } from '../rules/learned'
import {
  applyDeltaTotals,
  insertTransactions,
  loadForWrite,
  updateStoredTransactions,
  type BulkPatch,
  type NewTransaction,
  type StoredTransaction,
} from '#src/server/core/ledger'
import { hasInvestments, writeInvestments } from './investments'
import { firstDateOf, statementBalances, tally, type Plan, type PlannedRow } from './plan'
import type { PlannedAccount } from './plan-accounts'
import { insertAccount, insertBatch, setExternalKey, upsertPreset, type ConvertedRow } from './repo'

export type ImportStage = 'parsed' | 'writing' | 'written'
/** Told when the file is parsed and when writing starts and ends (the CLI prints these). */
export type ImportProgress = (stage: ImportStage, rows: number) => void

/** What an import has written so far: the batch's accounts, converted rows and id range. */
export type Writer = {
  tx: Tx
  user: SessionUser
  now: Date
  batchId: string
  createdAccountIds: string[]
  /** the id of each created account's opening balance, taken before its rows' ids */
  openingIds: Map<PlannedAccount, string>
  converted: ConvertedRow[]
  firstId: string | null
  lastId: string | null
  /** the balance and rollup changes of the rows written so far, applied when large and at the end */
  totals: DeltaTotals
  /** the first and last date of the money out it wrote: the bills the import may settle (ADR 0045) */
  spending: { from: string; to: string } | null
}

/**
 * Sums of balance and rollup changes held before they are written: a statement's payees by
 * month are few (one write at the end), a million distinct ones are written ~20,000 at a time.
 */
const TOTALS_HELD = 20_000

/** Starts writing a plan: the batch's id (time-ordered, so imports of one instant still list newest first). */
export function startWrite(tx: Tx, user: SessionUser, now: Date): Writer {
  return { tx, user, now, batchId: uuidv7(), createdAccountIds: [], openingIds: new Map(), converted: [], firstId: null, lastId: null, totals: new DeltaTotals(), spending: null }
}

/** Creates the accounts the plan makes (and gives a stored account the file's identity), once each. */
export async function writeAccounts(w: Writer, accounts: readonly PlannedAccount[]): Promise<void> {
  const householdId = w.user.householdId
  for (const a of accounts) {
    if (a.create && !a.account) {
      a.account = await insertAccount(w.tx, { householdId, userId: w.user.id, ...a.create })
      w.createdAccountIds.push(a.account.id)
      w.openingIds.set(a, uuidv7())
    } else if (a.giveKey && a.account) {
      a.giveKey = false
      await setExternalKey(w.tx, householdId, a.account.id, a.parsed.key, w.now)
    }
  }
}

/**
 * Writes a planned chunk: the stored rows it turns into transfer legs (locked and re-checked: one
 * edited meanwhile is left alone and the row comes in as new), the rows (through the ledger,
 * which moves the balances) and the categories the user chose (learned for the payee). Then
 * counts the chunk. `sent` is called once the rows' insert is with the database.
 */
export async function writeChunk(w: Writer, plan: Plan, rows: PlannedRow[], sent?: () => void): Promise<void> {
  const { tx, user, now, batchId } = w
  const householdId = user.householdId
  const partnerRows = rows.filter((r) => r.status === 'transfer' && r.matchId !== null)
  const before = await loadForWrite(tx, householdId, partnerRows.map((r) => r.matchId ?? ''))
  const stillFree = new Map(before.filter((b) => b.kind === 'standard' && b.transferGroupId === null && !b.isSplit).map((b) => [b.id, b]))
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
    if (partner.importBatchId === batchId) {
      // a leg this import wrote in an earlier chunk: counted as a transfer now, and an undo
      // deletes it rather than giving it back
      const account = plan.accounts.find((a) => a.account?.id === partner.accountId)
      if (account) account.transfers++
    } else {
      w.converted.push({ id: partner.id, kind: partner.kind, categoryId: partner.categoryId, transferGroupId: partner.transferGroupId })
    }
    conversions.push({ before: partner, patch: { kind: 'transfer', categoryId: null, transferGroupId: group } })
  }
  for (const r of rows) {
    if (r.status !== 'transfer' || !r.partner || groupOf.has(r)) continue
    const group = uuidv7()
    groupOf.set(r, group)
    groupOf.set(r.partner, group)
  }

  // the bank ids written in this chunk, by account: a repeated one goes without it
  const taken = new AccountBankIds()
  const newRows: NewTransaction[] = []
  for (const r of rows) {
    if (r.status !== 'new' && r.status !== 'transfer') continue
    const accountId = r.account.account?.id
    if (!accountId) throw new Error('import: an account was not created')
    let externalId = r.dropExternalId ? null : r.t.externalId
    if (externalId !== null && !taken.add(accountId, externalId)) externalId = null
    const transfer = r.status === 'transfer'
    if (!transfer && r.t.amount < 0) {
      const d = r.t.date
      if (w.spending === null) w.spending = { from: d, to: d }
      else if (d < w.spending.from) w.spending.from = d
      else if (d > w.spending.to) w.spending.to = d
    }
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
  idRange(w, await insertTransactions(tx, newRows, { totals: w.totals, sent }))
  if (w.totals.size >= TOTALS_HELD) await applyDeltaTotals(tx, householdId, w.totals)
  // a category the user picked in the review is remembered for the payee, as an edit would be
  const picked = rows.filter((r) => r.categorySource === 'user' && r.categoryId !== null && r.status === 'new')
  await learnPayeeCategories(
    tx,
    householdId,
    picked.map((r) => ({ payeeKey: payeeKey(r.t.payee), categoryId: r.categoryId ?? '' })),
    now,
  )
  await updateStoredTransactions(tx, householdId, conversions, now)
  tally(plan, rows)
}

/**
 * Ends an import once every chunk is written: the accounts still to create (a bank file's
 * account without activity), an opening-balance entry for each created account the statement's
 * balance asks for, investment activities, the batch (so undo finds everything) and the CSV
 * mapping the user set up. Returns the batch id.
 */
export async function finishWrite(
  w: Writer,
  plan: Plan,
  file: { fileName: string; fileSize: number; fileHash: string },
): Promise<string> {
  const { tx, user, batchId } = w
  const householdId = user.householdId
  await applyDeltaTotals(tx, householdId, w.totals)
  await writeAccounts(w, plan.accounts)
  await statementBalances(tx, plan, true)
  // an account made for a statement starts where the statement says, before its first row
  const openings: NewTransaction[] = plan.accounts.flatMap((a) => {
    if (!a.create || a.openingBalance === null || !a.account) return []
    const stated = a.parsed.ledgerBalance
    if (!stated) return []
    const first = firstDateOf(plan, a)
    const date = first !== null && first < stated.date ? first : stated.date
    return [
      {
        ...(w.openingIds.has(a) ? { id: w.openingIds.get(a) } : {}),
        householdId,
        userId: user.id,
        accountId: a.account.id,
        categoryId: null,
        date,
        amount: a.openingBalance,
        merchant: '',
        description: 'Opening balance',
        notes: '',
        kind: 'opening_balance' satisfies TransactionKind,
        source: a.source,
        importBatchId: batchId,
      },
    ]
  })
  idRange(w, await insertTransactions(tx, openings))
  const investing = plan.accounts.filter((a) => a.account !== null && hasInvestments(a.parsed))
  if (investing.length > 0) {
    const outcome = await writeInvestments(
      tx,
      user,
      householdId,
      batchId,
      investing.map((a) => ({ accountId: a.account?.id ?? '', currency: a.account?.currency ?? user.baseCurrency, parsed: a.parsed })),
      plan.parsed.result,
      plan.warnings,
    )
    for (const a of investing) a.activities = outcome.perAccount.get(a.account?.id ?? '') ?? 0
  }
  await insertBatch(tx, {
    id: batchId,
    householdId,
    userId: user.id,
    fileName: file.fileName,
    format: plan.parsed.format,
    fileSize: file.fileSize,
    fileHash: file.fileHash,
    added: plan.accounts.reduce((n, a) => n + a.added, 0),
    firstTransactionId: w.firstId,
    lastTransactionId: w.lastId,
    duplicates: plan.accounts.reduce((n, a) => n + a.duplicates, 0),
    transfers: plan.accounts.reduce((n, a) => n + a.transfers, 0),
    accountIds: [...new Set(plan.accounts.flatMap((a) => (a.account ? [a.account.id] : [])))],
    createdAccountIds: w.createdAccountIds,
    convertedRows: w.converted,
    createdAt: w.now,
  })
  // a mapping the user set up for an account is remembered for its next file
  const only = plan.accounts.length === 1 ? plan.accounts[0]?.account : null
  if (plan.parsed.csv?.source === 'request' && only) {
    await upsertPreset(tx, { householdId, accountId: only.id, name: `${only.name} CSV`, mapping: { ...plan.parsed.csv.mapping } }, w.now)
  }
  return batchId
}

/** Widens the batch's range of time-ordered ids (as strings they compare as the database does). */
function idRange(w: Writer, ids: readonly string[]): void {
  for (const id of ids) {
    if (w.firstId === null || id < w.firstId) w.firstId = id
    if (w.lastId === null || id > w.lastId) w.lastId = id
  }
}
