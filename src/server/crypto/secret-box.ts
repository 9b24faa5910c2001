// Secrets kept in the database (TOTP keys) are sealed with KINWISE_SECRET_KEY when it is set:
// AES-256-GCM with a random 96-bit nonce; the stored text is `v1.<nonce>.<tag>.<ciphertext>`
// (base64url). Without a key they are stored as they are, and a value sealed earlier cannot be
// read (the error says so) — the administrator must keep the key once they set it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const PREFIX = 'v1.'

function keyBytes(keyHex: string): Buffer {
  const key = Buffer.from(keyHex, 'hex')
  if (key.length !== 32) throw new Error('KINWISE_SECRET_KEY must be 32 bytes (64 hex characters)')
  return key
}

/** Seals `plain` with the key (hex, 32 bytes); null: no key configured, kept as it is. */
export function sealSecret(plain: string, keyHex: string | null): string {
  if (!keyHex) return plain
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyBytes(keyHex), nonce)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  const tag = cipher.getAuthTag()
  return `${PREFIX}${nonce.toString('base64url')}.${tag.toString('base64url')}.${body.toString('base64url')}`
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX)
}

/** Opens what sealSecret stored; a value stored before a key was set is returned as it is. */
export function openSecret(stored: string, keyHex: string | null): string {
  if (!isSealed(stored)) return stored
  if (!keyHex) throw new Error('A secret in the database is encrypted but KINWISE_SECRET_KEY is not set')
  const [nonce, tag, body] = stored.slice(PREFIX.length).split('.')
  if (nonce === undefined || tag === undefined || body === undefined) throw new Error('Malformed sealed secret')
  const decipher = createDecipheriv('aes-256-gcm', keyBytes(keyHex), Buffer.from(nonce, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}
