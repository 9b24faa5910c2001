// Writes an import's plan inside the one transaction the service opens: all of it or none of it.
import type { IsoDate } from '../../../domain/dates'
import type { TransactionKind } from '../../../domain/ledger'
import { payeeKey } from '../../../domain/rules'
import type { Tx } from '../../db/connect'
import { uuidv7 } from '../../db/ids'
import type { SessionUser } from '../auth/sessions'
import { learnPayeeCategories } from '../rules/repo'
import {
  insertTransactions,
  loadForWrite,
  updateStoredTransactions,
  type BulkPatch,
  type NewTransaction,
  type StoredTransaction,
} from '../transactions/ledger'
import { hasInvestments, writeInvestments } from './investments'
import type { ImportInput } from './parse-file'
import { count, type Plan, type PlannedRow } from './plan'
import { insertAccount, insertBatch, setExternalKey, upsertPreset, type ConvertedRow } from './repo'

export type ImportStage = 'parsed' | 'writing' | 'written'
/** Told when the file is parsed and when writing starts and ends (the CLI prints these). */
export type ImportProgress = (stage: ImportStage, rows: number) => void

/**
 * Writes a plan inside the import's transaction: the accounts it creates, the rows (through the
 * ledger, which moves the balances), an opening-balance entry for each created account the
 * statement's balance asks for, the stored rows it turns into transfer legs, investment
 * activities, the batch (so undo finds everything), the categories the user chose (learned for
 * the payee) and the CSV mapping the user set up. Returns the batch id.
 */
export async function writePlan(
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
  // an account made for a statement starts where the statement says, before its first row
  const openings: NewTransaction[] = plan.accounts.flatMap((a) => {
    if (!a.create || a.openingBalance === null || !a.account) return []
    const stated = a.parsed.ledgerBalance
    if (!stated) return []
    const first = plan.rows.reduce<IsoDate | null>((min, r) => (r.account === a && (min === null || r.t.date < min) ? r.t.date : min), null)
    const date = first !== null && first < stated.date ? first : stated.date
    return [
      {
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
  newRows.unshift(...openings)
  onProgress?.('writing', newRows.length)
  const ids = await insertTransactions(tx, newRows)
  // a category the user picked in the review is remembered for the payee, as an edit would be
  const picked = plan.rows.filter((r) => r.categorySource === 'user' && r.categoryId !== null && r.status === 'new')
  await learnPayeeCategories(
    tx,
    householdId,
    picked.map((r) => ({ payeeKey: payeeKey(r.t.payee), categoryId: r.categoryId ?? '' })),
    now,
  )
  await updateStoredTransactions(tx, householdId, conversions, now)
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
  count(plan)
  const added = plan.accounts.reduce((n, a) => n + a.added, 0)
  await insertBatch(tx, {
    id: batchId,
    householdId,
    userId: user.id,
    fileName: input.fileName,
    format: plan.parsed.format,
    fileSize: input.bytes.length,
    fileHash,
    added,
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

