// Receipts and attachments (ADR 0037): listing, adding, serving and removing the files
// on a transaction. A member reaches a transaction's files exactly when they see the transaction
// (its account's transactions, ADR 0023): otherwise 404, as for one that does not exist. Adding
// and removing need the right to change the transaction (a viewer never; a teen, in an account
// not theirs, only on what they entered). The transaction's attachment count changes in the
// same database transaction as the attachment row.
import { createHash } from 'node:crypto'
import type { Attachment } from '#src/contract/attachments'
import { canChangeTransaction } from '#src/domain/access'
import {
  ATTACHMENT_MIME,
  MAX_ATTACHMENTS_PER_TRANSACTION,
  attachmentFileName,
  sniffAttachment,
  type AttachmentKind,
  type AttachmentStorage,
} from '#src/domain/attachments'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { uuidv7 } from '#src/server/db/ids'
import { AppError, conflict, forbidden, notFound } from '#src/server/http/errors'
import { memberScope, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import * as repo from './repo'
import type { AttachmentRow } from './repo'
import type { AttachmentStore } from './storage'

export function toAttachmentDto(row: AttachmentRow): Attachment {
  const kind = row.kind as AttachmentKind
  return {
    id: row.id,
    transactionId: row.transactionId,
    fileName: row.fileName,
    kind,
    contentType: ATTACHMENT_MIME[kind],
    size: row.size,
    addedBy: row.userId,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The transaction when the member sees it (its account's transactions): 404 otherwise. */
async function seenTransaction(db: DbOrTx, scope: MemberScope, id: string, lock = false) {
  const row = await repo.findTransactionOwner(db, scope.householdId, id, lock)
  if (!row || scope.accounts.get(row.accountId)?.view !== 'full') throw notFound('Transaction')
  return row
}

/** The member may change the transaction (and so its files): 403 for a viewer, or a teen on another's entry. */
function checkChangeable(scope: MemberScope, row: { accountId: string; userId: string }): void {
  const account = scope.accounts.get(row.accountId)
  if (scope.member.role === 'viewer') throw forbidden('Viewers can look but not change anything')
  if (!account || !canChangeTransaction(scope.member, account, row.userId)) {
    throw forbidden('Teens can change only the entries they made in an account that is not theirs', 'NOT_YOUR_ENTRY')
  }
}

/** The attachment and its transaction, when the member sees that transaction: 404 otherwise. */
async function seenAttachment(db: DbOrTx, scope: MemberScope, id: string) {
  const row = await repo.findAttachmentWithTransaction(db, scope.householdId, id)
  if (!row || scope.accounts.get(row.accountId)?.view !== 'full') throw notFound('Attachment')
  return row
}

export async function list(db: Db, user: SessionUser, transactionId: string): Promise<Attachment[]> {
  const scope = await memberScope(db, user)
  await seenTransaction(db, scope, transactionId)
  const rows = await repo.listAttachmentRows(db, user.householdId, transactionId)
  return rows.map(toAttachmentDto)
}

/** Before an upload is read: the member may attach files to this transaction (404 unseen, 403 not theirs to change). */
export async function checkCanAttach(db: Db, user: SessionUser, transactionId: string): Promise<void> {
  const scope = await memberScope(db, user)
  checkChangeable(scope, await seenTransaction(db, scope, transactionId))
}

export type NewFile = { bytes: Buffer; fileName: string }

/** 415 naming the field: the file is none of the kinds a transaction may carry. */
export const unsupportedFile = () =>
  new AppError(415, 'UNSUPPORTED_FILE_TYPE', 'The file must be a photo (JPEG, PNG, WebP or HEIC) or a PDF', {
    issues: [{ path: 'file', message: 'Not a JPEG, PNG, WebP, HEIC or PDF file' }],
  })

export async function add(db: Db, store: AttachmentStore, user: SessionUser, transactionId: string, file: NewFile, now: Date): Promise<Attachment> {
  // by what the bytes are, never by the name or the type the browser sent
  const kind = sniffAttachment(file.bytes)
  if (!kind) throw unsupportedFile()
  const id = uuidv7()
  const row = await db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    const target = await seenTransaction(tx, scope, transactionId, true)
    checkChangeable(scope, target)
    const count = await repo.incrementAttachmentCount(tx, transactionId)
    if ((count ?? 0) > MAX_ATTACHMENTS_PER_TRANSACTION) {
      throw conflict(`A transaction can carry at most ${String(MAX_ATTACHMENTS_PER_TRANSACTION)} files: remove one first`, 'TOO_MANY_ATTACHMENTS')
    }
    const inserted = await repo.insertAttachment(tx, {
      id,
      householdId: user.householdId,
      transactionId,
      userId: user.id,
      fileName: attachmentFileName(file.fileName, kind),
      kind,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      storage: store.kind,
      createdAt: now,
    })
    await store.put(tx, id, file.bytes)
    return inserted
  })
  if (!row) throw new Error('The attachment was not stored')
  return toAttachmentDto(row)
}

export type AttachmentFile = { attachment: Attachment; bytes: Buffer }

export async function content(db: Db, store: AttachmentStore, user: SessionUser, id: string): Promise<AttachmentFile> {
  const scope = await memberScope(db, user)
  const { a } = await seenAttachment(db, scope, id)
  const bytes = await store.read(db, a.id, a.storage as AttachmentStorage)
  // a file missing from the directory (moved, or the setting changed): as gone, and said so
  if (!bytes) throw new AppError(404, 'ATTACHMENT_MISSING', 'The file of this attachment is missing on the server')
  return { attachment: toAttachmentDto(a), bytes }
}

export async function remove(db: Db, store: AttachmentStore, user: SessionUser, id: string): Promise<void> {
  const gone = await db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    const found = await seenAttachment(tx, scope, id)
    checkChangeable(scope, { accountId: found.accountId, userId: found.enteredBy })
    await repo.deleteAttachmentRow(tx, id)
    await repo.decrementAttachmentCount(tx, found.a.transactionId)
    return found.a
  })
  await store.forget([{ id: gone.id, storage: gone.storage as AttachmentStorage }])
}
