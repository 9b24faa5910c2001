// Where attachments' bytes live (ADR 0037): in the database by default (attachment_contents, so
// backups of the data directory and database dumps carry them), or in a directory named by
// KINWISE_ATTACHMENTS_DIR (one file per attachment, named by its id). Each attachment row says
// where its bytes are, so changing the setting later still serves the files stored before.
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import type { AttachmentStorage } from '#src/domain/attachments'
import type { DbOrTx } from '#src/server/db/connect'
import { attachmentContents, attachments } from '#src/server/db/schema'

export type AttachmentStore = {
  /** where new attachments go */
  kind: AttachmentStorage
  /** stores the bytes of a new attachment inside the transaction that adds its row */
  put: (tx: DbOrTx, id: string, bytes: Buffer) => Promise<void>
  /** the bytes of a stored attachment, or null when they are missing */
  read: (db: DbOrTx, id: string, storage: AttachmentStorage) => Promise<Buffer | null>
  /** after the rows are gone: removes files of the directory (database bytes go with their rows) */
  forget: (ids: readonly { id: string; storage: AttachmentStorage }[]) => Promise<void>
}

/** Only ids name files in the directory: nothing a user typed reaches a path. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function fileOf(dir: string, id: string): string {
  if (!UUID.test(id)) throw new Error('Not an attachment id')
  return path.join(dir, id)
}

async function readFromDatabase(db: DbOrTx, id: string): Promise<Buffer | null> {
  const [row] = await db.select({ bytes: attachmentContents.bytes }).from(attachmentContents).where(eq(attachmentContents.attachmentId, id))
  return row?.bytes ?? null
}

async function readFromDirectory(dir: string | null, id: string): Promise<Buffer | null> {
  if (!dir) return null
  try {
    return await readFile(fileOf(dir, id))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** The store the configuration asks for: `dir` null keeps the bytes in the database. */
export function attachmentStore(dir: string | null): AttachmentStore {
  const read = async (db: DbOrTx, id: string, storage: AttachmentStorage) =>
    storage === 'database' ? readFromDatabase(db, id) : readFromDirectory(dir, id)
  const forget = async (ids: readonly { id: string; storage: AttachmentStorage }[]) => {
    if (!dir) return
    for (const a of ids) if (a.storage === 'directory') await rm(fileOf(dir, a.id), { force: true })
  }
  if (!dir) {
    return {
      kind: 'database',
      put: async (tx, id, bytes) => {
        await tx.insert(attachmentContents).values({ attachmentId: id, bytes })
      },
      read,
      forget,
    }
  }
  return {
    kind: 'directory',
    // written whole under a temporary name and renamed, so a reader never sees half a file; a
    // file whose row's transaction then rolls back is an orphan the sweep removes
    put: async (_tx, id, bytes) => {
      await mkdir(dir, { recursive: true })
      const temporary = path.join(dir, `.${id}.${randomUUID()}.part`)
      await writeFile(temporary, bytes, { flag: 'wx' })
      await rename(temporary, fileOf(dir, id))
    },
    read,
    forget,
  }
}

/** A file younger than this may be an upload whose row is not committed yet (on another instance): left alone. */
export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000

/**
 * Removes the directory's files that no attachment row names any more: those of transactions,
 * accounts and households deleted since (their rows went with them in one database
 * transaction), and of uploads whose transaction rolled back. Files younger than an hour stay
 * (an upload in flight). Returns how many it removed.
 */
export async function sweepAttachmentFiles(db: DbOrTx, dir: string, now: Date): Promise<number> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw error
  }
  const candidates = names.filter((n) => UUID.test(n))
  const parts = names.filter((n) => n.startsWith('.') && n.endsWith('.part'))
  const old = async (name: string) => {
    const info = await stat(path.join(dir, name)).catch(() => null)
    return info !== null && now.getTime() - info.mtimeMs >= SWEEP_MIN_AGE_MS
  }
  let removed = 0
  for (let i = 0; i < candidates.length; i += 1000) {
    const chunk = candidates.slice(i, i + 1000)
    const rows = await db.select({ id: attachments.id }).from(attachments).where(inArray(attachments.id, chunk))
    const known = new Set(rows.map((r) => r.id))
    for (const name of chunk) {
      if (known.has(name) || !(await old(name))) continue
      await rm(path.join(dir, name), { force: true })
      removed += 1
    }
  }
  for (const name of parts) {
    if (!(await old(name))) continue
    await rm(path.join(dir, name), { force: true })
    removed += 1
  }
  return removed
}
