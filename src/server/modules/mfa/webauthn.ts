// Passkeys (WebAuthn) as a second factor, through @simplewebauthn/server 14. The relying party
// is the app's address: PUBLIC_URL when set, else the address the request came to (its Host,
// checked by the security plugin). The challenge a session was given is kept on the session
// row with its purpose and expiry, and taken (cleared) by the one verification that uses it.
import type { FastifyRequest } from 'fastify'
import { and, eq } from 'drizzle-orm'
import type { Config } from '#src/server/config'
import type { DbOrTx } from '#src/server/db/connect'
import { badRequest } from '#src/server/http/errors'
import { sessions } from '#src/server/db/schema'

export const RP_NAME = 'Kinwise'
const CHALLENGE_MS = 5 * 60_000

export type RelyingParty = { rpID: string; origin: string }

export function relyingParty(config: Config, req: FastifyRequest): RelyingParty {
  let url: URL
  try {
    url = new URL(config.publicUrl ?? `${req.protocol}://${req.host}`)
  } catch {
    throw badRequest('The Host header is not an address passkeys can use', 'BAD_HOST')
  }
  return { rpID: url.hostname, origin: url.origin }
}

type Purpose = 'register' | 'authenticate'

export async function saveChallenge(db: DbOrTx, sessionId: string, purpose: Purpose, challenge: string, now: Date): Promise<void> {
  const value = `${purpose}:${now.getTime() + CHALLENGE_MS}:${challenge}`
  await db.update(sessions).set({ challenge: value }).where(eq(sessions.id, sessionId))
}

/** The session's challenge for `purpose`, cleared so it is used once; null when none or expired. */
export async function takeChallenge(db: DbOrTx, sessionId: string, purpose: Purpose, now: Date): Promise<string | null> {
  const [row] = await db.select({ challenge: sessions.challenge }).from(sessions).where(eq(sessions.id, sessionId))
  const stored = row?.challenge
  if (!stored) return null
  const taken = await db
    .update(sessions)
    .set({ challenge: null })
    .where(and(eq(sessions.id, sessionId), eq(sessions.challenge, stored)))
    .returning({ id: sessions.id })
  if (taken.length !== 1) return null
  const [kind, until, ...rest] = stored.split(':')
  const challenge = rest.join(':')
  if (kind !== purpose || !challenge || Number(until) < now.getTime()) return null
  return challenge
}
