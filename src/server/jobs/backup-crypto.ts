// Encrypted backups: with KINWISE_SECRET_KEY set, a backup of the embedded database
// is written as <name>.tar.gz.enc: AES-256-GCM under a key derived from the secret (HKDF-SHA256,
// so the backup key is never the key used for anything else). File layout:
//   "KWBACKUP" (8 bytes) | version 1 (1 byte) | IV (12 bytes) | ciphertext | GCM tag (16 bytes)
// Streamed both ways, so a large backup never sits in memory; a decryption writes its output
// only if the tag verifies (a damaged or altered file, or the wrong key, leaves nothing).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { open, rename, rm, stat } from 'node:fs/promises'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export const ENCRYPTED_EXTENSION = '.enc'
const MAGIC = Buffer.from('KWBACKUP')
const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16
const HEADER_BYTES = MAGIC.length + 1 + IV_BYTES

/** The backup key: HKDF-SHA256 of KINWISE_SECRET_KEY (64 hex characters). */
function backupKey(secretKeyHex: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secretKeyHex, 'hex'), Buffer.alloc(0), 'kinwise backup v1', 32))
}

/** Whether a file starts like an encrypted backup. */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(MAGIC.length)
    await handle.read(head, 0, MAGIC.length, 0)
    return head.equals(MAGIC)
  } finally {
    await handle.close()
  }
}

/** Encrypts plain into out (created mode 0600). */
export async function encryptFile(plain: string, out: string, secretKeyHex: string): Promise<void> {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', backupKey(secretKeyHex), iv)
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), iv])
  let headerSent = false
  const framed = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!headerSent) {
        headerSent = true
        this.push(header)
      }
      done(null, chunk)
    },
    flush(done) {
      if (!headerSent) this.push(header)
      this.push(cipher.getAuthTag())
      done()
    },
  })
  await pipeline(createReadStream(plain), cipher, framed, createWriteStream(out, { mode: 0o600 }))
}

export class BackupDecryptionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupDecryptionError'
  }
}

/**
 * Decrypts an encrypted backup into out (mode 0600). Throws BackupDecryptionError when the file
 * is not one, is damaged, or the key is not the one it was written with; out is then not made.
 */
export async function decryptFile(file: string, out: string, secretKeyHex: string): Promise<void> {
  const { size } = await stat(file)
  const handle = await open(file, 'r')
  const head = Buffer.alloc(HEADER_BYTES)
  const tag = Buffer.alloc(TAG_BYTES)
  try {
    if (size < HEADER_BYTES + TAG_BYTES) throw new BackupDecryptionError(`${file} is not an encrypted Kinwise backup`)
    await handle.read(head, 0, HEADER_BYTES, 0)
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES)
  } finally {
    await handle.close()
  }
  if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupDecryptionError(`${file} is not an encrypted Kinwise backup`)
  if (head[MAGIC.length] !== VERSION) throw new BackupDecryptionError(`${file} was written by a newer Kinwise (format ${String(head[MAGIC.length])})`)
  const decipher = createDecipheriv('aes-256-gcm', backupKey(secretKeyHex), head.subarray(MAGIC.length + 1))
  decipher.setAuthTag(tag)
  const partial = `${out}.partial-${process.pid}`
  try {
    const body = size - HEADER_BYTES - TAG_BYTES
    const input = body > 0 ? createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }) : Readable.from([])
    await pipeline(input, decipher, createWriteStream(partial, { mode: 0o600 }))
  } catch (error) {
    await rm(partial, { force: true })
    if (error instanceof Error && /auth|unable to authenticate/i.test(error.message)) {
      throw new BackupDecryptionError(`${file} could not be decrypted: it is damaged, or KINWISE_SECRET_KEY is not the key it was written with`)
    }
    throw error
  }
  await rename(partial, out)
}
