// Past imports: the list (newest first, keyset-paginated) and undo, which takes an import back
// in one transaction. Listed and undone only when every account it touched is the member's to see.
import type { z } from 'zod'
import type { importBatch, undoImportResult } from '#src/contract/imports'
import type { TransactionKind } from '#src/domain/ledger'
import { localDate } from '#src/domain/dates'
import { asCents } from '#src/domain/money'
import type { Db } from '#src/server/db/connect'
import { badRequest, forbidden, notFound } from '#src/server/http/errors'
import type { SessionUser } from '#src/server/core/sessions'
import { memberScope, writableAccount } from '#src/server/core/scope'
import { reopenedByBatch, settleBills } from '../bills/settle'
import { deleteTransactions, loadForWrite, updateStoredTransactions, type BulkPatch, type StoredTransaction } from '#src/server/core/ledger'
import { activitiesByBatch, undoInvestments } from './investments'
import { accountStates, batchRows, deleteBatch, findBatch, householdCategories, listBatches, lockHouseholdImports, otherLegs } from './repo'

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
    // the bills its payments settled are due again from those due dates (ADR 0045)
    const ownIds = new Set(own.map((r) => r.id))
    const reopen =
      batch.firstTransactionId && batch.lastTransactionId
        ? await reopenedByBatch(tx, householdId, { first: batch.firstTransactionId, last: batch.lastTransactionId }, ownIds)
        : new Map<string, string>()
    const deleted = await deleteTransactions(tx, householdId, own.map((r) => r.id))
    if (reopen.size > 0) await settleBills(tx, householdId, { today: localDate(now, user.timeZone), now, billIds: [...reopen.keys()], reopen })
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

