// Outgoing webhooks: the body is JSON, signed with HMAC-SHA256 over "t.body" in the
// X-Kinwise-Signature header (format in domain/automation/signature). Delivered after the change
// is committed, never inside a user's request: a failure is recorded on the run and retried by
// the job, and never fails the write that caused it. Every delivery goes through safeFetch, which
// refuses private and loopback addresses, also at connect time (KINWISE_ALLOW_LOCAL_PROVIDERS
// lifts it).
import { createHmac, randomBytes } from 'node:crypto'
import {
  SIGNATURE_HEADER,
  signatureHeaderValue,
  signedText,
} from '#src/domain/automation/signature'
import { safeFetch } from '#src/server/http/safe-fetch'
import { UnsafeUrlError } from '#src/server/http/safe-url'

export const DELIVERY_TIMEOUT_MS = 5000
/** attempts in one go (then the job retries a failed run up to MAX_ATTEMPTS in all) */
export const ATTEMPTS_AT_ONCE = 2
export const MAX_ATTEMPTS = 5

export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('hex')}`

export function sign(secret: string, timestamp: number, body: string): string {
  return signatureHeaderValue(
    timestamp,
    createHmac('sha256', secret).update(signedText(timestamp, body)).digest('hex'),
  )
}

export type Attempt = { at: string; status: number | null; error: string | null }

/** One POST of `body` to `url`; what happened, never a throw. */
export async function deliverOnce(
  url: string,
  secret: string,
  body: string,
  now: Date,
  allowLocal: boolean,
): Promise<Attempt> {
  const at = now.toISOString()
  const timestamp = Math.floor(now.getTime() / 1000)
  try {
    const res = await safeFetch(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Kinwise-Webhook/1',
          [SIGNATURE_HEADER]: sign(secret, timestamp, body),
        },
        body,
        timeoutMs: DELIVERY_TIMEOUT_MS,
      },
      { allowLocal },
    )
    await res.body?.cancel().catch(() => undefined)
    return { at, status: res.status, error: res.ok ? null : `HTTP ${res.status}` }
  } catch (error) {
    // a refused address says why, whole
    if (error instanceof UnsafeUrlError) return { at, status: null, error: error.message }
    const message = error instanceof Error ? error.message : 'Delivery failed'
    return { at, status: null, error: message.slice(0, 200) }
  }
}
