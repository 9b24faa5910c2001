// Plaid webhook verification (https://plaid.com/docs/api/webhooks/webhook-verification/): the
// Plaid-Verification header is a JWT signed with ES256 by a key fetched by its kid from
// /webhook_verification_key/get; its payload names the SHA-256 of the exact body
// (request_body_sha256) and when it was issued (iat): older than 5 minutes is refused.
import { createHash, timingSafeEqual } from 'node:crypto'
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose'
import type { PlaidClient, PlaidJwk } from './plaid'

export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60

export type WebhookCheck = { ok: true } | { ok: false; reason: string }

/** Verification keys by kid, kept while Plaid does not say they expired. */
const keyCache = new Map<string, PlaidJwk>()

export async function verifyPlaidWebhook(
  client: Pick<PlaidClient, 'verificationKey'>,
  body: Buffer,
  header: string | undefined,
  now: Date,
): Promise<WebhookCheck> {
  if (!header) return { ok: false, reason: 'no Plaid-Verification header' }
  let kid: string
  try {
    const protectedHeader = decodeProtectedHeader(header)
    if (protectedHeader.alg !== 'ES256') return { ok: false, reason: 'not ES256' }
    if (!protectedHeader.kid) return { ok: false, reason: 'no key id' }
    kid = protectedHeader.kid
  } catch {
    return { ok: false, reason: 'not a JWT' }
  }
  let jwk = keyCache.get(kid)
  if (!jwk) {
    try {
      jwk = await client.verificationKey(kid)
    } catch {
      return { ok: false, reason: 'unknown key' }
    }
    if (keyCache.size > 100) keyCache.clear()
    keyCache.set(kid, jwk)
  }
  if (jwk.expiredAt !== null && jwk.expiredAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired key' }
  let payload: Record<string, unknown>
  try {
    const key = await importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, 'ES256')
    payload = (
      await jwtVerify(header, key, { algorithms: ['ES256'], maxTokenAge: WEBHOOK_MAX_AGE_SECONDS, currentDate: now, clockTolerance: 5 })
    ).payload
  } catch {
    return { ok: false, reason: 'bad signature or stale' }
  }
  if (typeof payload.iat !== 'number') return { ok: false, reason: 'no iat' }
  const claimed = typeof payload.request_body_sha256 === 'string' ? payload.request_body_sha256 : ''
  const actual = createHash('sha256').update(body).digest('hex')
  if (claimed.length !== actual.length || !timingSafeEqual(Buffer.from(claimed), Buffer.from(actual))) {
    return { ok: false, reason: 'body hash differs' }
  }
  return { ok: true }
}

/** Tests: forget the keys seen so far. */
export function forgetWebhookKeys(): void {
  keyCache.clear()
}
