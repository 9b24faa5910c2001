// Backups of the embedded database are private to the server's user and, with
// KINWISE_SECRET_KEY, encrypted (AES-256-GCM) and restorable with the same key.
import { mkdtempSync } from 'node:fs'
import { readFile, readdir, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/connect'
import { BackupDecryptionError, decryptFile, isEncryptedBackup } from './backup-crypto'
import { backupDataDir } from './scheduler'

const KEY = 'a1'.repeat(32)
const OTHER_KEY = 'b2'.repeat(32)
let dataDir: string
let database: Database

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'kw-backup-'))
  database = await openDatabase({ kind: 'pglite', dataDir: null })
  await database.pool.query('create table kw_probe (x int)')
  await database.pool.query('insert into kw_probe values (42)')
}, 120_000)
afterAll(async () => {
  await database.close()
})

const mode = async (file: string) => (await stat(file)).mode & 0o777

async function restoredProbe(tarGz: string): Promise<number> {
  const db = await PGlite.create({ loadDataDir: new Blob([await readFile(tarGz)]) })
  const { rows } = await db.query<{ x: number }>('select x from kw_probe')
  await db.close()
  return rows[0]?.x ?? -1
}

describe('backups', () => {
  it('without a key: a .tar.gz readable by the server’s user only, in a private folder, rotated', async () => {
    const first = await backupDataDir(database, dataDir, new Date('2026-03-01T00:00:00Z'), 2)
    expect(first).toMatch(/kinwise-2026-03-01T00-00-00-000Z\.tar\.gz$/)
    expect(await mode(first)).toBe(0o600)
    expect(await mode(path.dirname(first))).toBe(0o700)
    expect(await isEncryptedBackup(first)).toBe(false)
    expect(await restoredProbe(first)).toBe(42)
    await backupDataDir(database, dataDir, new Date('2026-03-02T00:00:00Z'), 2)
    await backupDataDir(database, dataDir, new Date('2026-03-03T00:00:00Z'), 2)
    expect((await readdir(path.dirname(first))).sort()).toEqual(['kinwise-2026-03-02T00-00-00-000Z.tar.gz', 'kinwise-2026-03-03T00-00-00-000Z.tar.gz'])
  }, 60_000)

  it('with KINWISE_SECRET_KEY: encrypted (.tar.gz.enc, 0600, no clear copy), and decrypted only with that key', async () => {
    const file = await backupDataDir(database, dataDir, new Date('2026-03-04T00:00:00Z'), 10, KEY)
    expect(file).toMatch(/kinwise-2026-03-04T00-00-00-000Z\.tar\.gz\.enc$/)
    expect(await mode(file)).toBe(0o600)
    const names = await readdir(path.dirname(file))
    expect(names).not.toContain('kinwise-2026-03-04T00-00-00-000Z.tar.gz')
    expect(names.filter((n) => n.includes('partial'))).toEqual([])
    const bytes = await readFile(file)
    expect(bytes.subarray(0, 8).toString()).toBe('KWBACKUP')
    // not gzip inside: the tar's member names do not show through
    expect(bytes.includes(Buffer.from('PG_VERSION'))).toBe(false)

    const out = path.join(dataDir, 'clear.tar.gz')
    await expect(decryptFile(file, out, OTHER_KEY)).rejects.toBeInstanceOf(BackupDecryptionError)
    await expect(stat(out)).rejects.toThrow()
    const tampered = path.join(dataDir, 'tampered.enc')
    const copy = Buffer.from(bytes)
    copy[100] = (copy[100] ?? 0) ^ 1
    await writeFile(tampered, copy)
    await expect(decryptFile(tampered, out, KEY)).rejects.toBeInstanceOf(BackupDecryptionError)

    await decryptFile(file, out, KEY)
    expect(await mode(out)).toBe(0o600)
    expect(await restoredProbe(out)).toBe(42)
  }, 60_000)
})
