// The command-line side of moving servers: `cli export` writes a member's export ZIP
// to a file, `cli import-export` reads one into the (empty) household of a member who owns it.
import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { sql } from 'drizzle-orm'
import type { ImportSummary } from '#src/contract/data'
import type { Db } from '#src/server/db/connect'
import { users } from '#src/server/db/schema'
import { attachmentStore } from '../attachments/storage'
import { recordAudit } from '#src/server/core/audit'
import { loadSessionUser } from '#src/server/core/sessions'
import type { SessionUser } from '#src/server/core/sessions'
import { exportZip } from './export'
import { CLI_IMPORT_LIMITS, importExportFile } from './import'

async function memberByEmail(db: Db, email: string, now: Date): Promise<SessionUser> {
  const [found] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  if (!found) throw new Error(`No user with the e-mail ${email}`)
  return loadSessionUser(db, found.id, now)
}

/** Writes the member's export to `out`; returns the number of bytes written. */
export async function exportToFile(db: Db, email: string, out: string, now: Date, attachmentsDir: string | null = null): Promise<number> {
  const user = await memberByEmail(db, email, now)
  const { stream } = await exportZip(db, user, now, { store: attachmentStore(attachmentsDir) })
  const file = createWriteStream(out, { mode: 0o600 })
  await pipeline(stream, file)
  await recordAudit(db, { event: 'export', userId: user.id, detail: { via: 'cli' }, at: now })
  return file.bytesWritten
}

/** `secretKey`: KINWISE_SECRET_KEY, to seal the new secret of an imported webhook automation. */
export async function importFromFile(
  db: Db,
  email: string,
  file: string,
  now: Date,
  secretKey: string | null = null,
  attachmentsDir: string | null = null,
): Promise<ImportSummary> {
  const user = await memberByEmail(db, email, now)
  if (user.role !== 'owner') throw new Error(`${email} is not the owner of their household: only the owner imports`)
  return importExportFile(db, user, file, now, { limits: CLI_IMPORT_LIMITS, secretKey, store: attachmentStore(attachmentsDir) })
}
