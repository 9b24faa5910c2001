// Two-step verification (ADR 0024): TOTP set-up, enabling and turning off, recovery
// codes, passkeys, and the checks sign-in and re-authentication use. MFA is on exactly when TOTP
// is confirmed (users.totpEnabledAt); recovery codes and passkeys exist only while it is.
import { randomBytes } from 'node:crypto'
import { hash, verify as verifyHash } from '@node-rs/argon2'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { FastifyRequest } from 'fastify'
import type { MfaMethod } from '#src/contract/auth'
import type { MfaStatus, Passkey } from '#src/contract/mfa'
import {
  classifyCode,
  formatRecoveryCode,
  MFA_FAILURE_WINDOW_MS,
  MFA_MAX_FAILURES,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  recoveryCharsFromBytes,
} from '#src/domain/mfa'
import type { Config } from '#src/server/config'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { openSecret, sealSecret } from '#src/server/crypto/secret-box'
import { AppError, badRequest, conflict, forbidden, notFound } from '#src/server/http/errors'
import { recordAudit } from '#src/server/core/audit'
import { verifyPasswordGuess } from '#src/server/core/password-guesses'
import { requireRecentAuth } from '#src/server/core/reauth'
import type { SessionUser } from '#src/server/core/sessions'
import { markReauthenticated } from '#src/server/core/sessions'
import * as repo from './repo'
import { checkTotp, newTotpSecret, totpQrDataUrl, totpUri } from './totp'
import { relyingParty, RP_NAME, saveChallenge, takeChallenge } from './webauthn'

/** SimpleWebAuthn (and the certificate parsers it brings, ~4 MB of heap) loads with the first passkey, not at start */
const simpleWebAuthn = () => import('@simplewebauthn/server')

export type MfaDeps = { db: Db; config: Config; now: Date }

const invalidCode = () => badRequest('That code is not right: check the time on your phone and try the newest code', 'INVALID_CODE')
const mfaNotEnabled = () => conflict('Two-step verification is not on', 'MFA_NOT_ENABLED')

async function secondFactorRow(db: DbOrTx, userId: string) {
  const row = await repo.findSecondFactorRow(db, userId)
  if (!row) throw notFound('User')
  return row
}

// ── status ──────────────────────────────────────────────────────────────────────────────────

async function listPasskeys(db: DbOrTx, userId: string): Promise<Passkey[]> {
  const rows = await repo.listPasskeyRows(db, userId)
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null }))
}

export async function getStatus(db: DbOrTx, user: SessionUser): Promise<MfaStatus> {
  const row = await secondFactorRow(db, user.id)
  const left = await repo.countUnusedRecoveryCodes(db, user.id)
  return {
    totpEnabled: row.totpEnabledAt !== null,
    enabledAt: row.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: left,
    passkeys: await listPasskeys(db, user.id),
    householdRequiresMfa: user.householdRequiresMfa,
  }
}

/** The second factors a pending sign-in can finish with. */
export async function loginMethods(db: DbOrTx, userId: string): Promise<MfaMethod[]> {
  return (await repo.countPasskeys(db, userId)) > 0 ? ['totp', 'recovery', 'passkey'] : ['totp', 'recovery']
}

// ── recovery codes ──────────────────────────────────────────────────────────────────────────

function newRecoveryCodes(): string[] {
  const codes = new Set<string>()
  while (codes.size < RECOVERY_CODE_COUNT) {
    const chars = recoveryCharsFromBytes(randomBytes(32))
    if (chars) codes.add(formatRecoveryCode(chars))
  }
  return [...codes]
}

/** Recovery codes are stored as argon2id hashes (of the code without its dashes). */
const hashRecoveryCodes = (codes: string[]) => Promise.all(codes.map((c) => hash(normalizeRecoveryCode(c))))

/** Uses up the recovery code when it is one of the member's unused ones. */
async function consumeRecoveryCode(db: DbOrTx, userId: string, typed: string, now: Date): Promise<boolean> {
  const code = normalizeRecoveryCode(typed)
  if (!/^[a-z0-9]{10}$/.test(code)) return false
  const unused = await repo.listUnusedRecoveryCodes(db, userId)
  for (const row of unused) {
    if (!(await verifyHash(row.codeHash, code).catch(() => false))) continue
    // the update decides a race between two requests with the same code
    return repo.useRecoveryCode(db, row.id, now)
  }
  return false
}

// ── TOTP ───────────────────────────────────────────────────────────────────────────────────

/** Accepts a TOTP code of the member's confirmed key once (its step is remembered). */
async function acceptTotp({ db, config, now }: MfaDeps, userId: string, code: string): Promise<boolean> {
  const row = await secondFactorRow(db, userId)
  if (!row.totpSecret || !row.totpEnabledAt) return false
  const step = await checkTotp(openSecret(row.totpSecret, config.secretKey), code, now, row.totpLastStep)
  if (step === null) return false
  // a step at or before the last accepted one is a replay, even from a concurrent request
  return repo.takeTotpStep(db, userId, step)
}

export type SecondFactor = { code: string } | { recoveryCode: string }

const tooManyCodes = () => new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes: wait ten minutes and try again')

/**
 * One guess at the member's second factor, counted before it is checked (ADR 0049): under the
 * member's lock, a guess after MFA_MAX_FAILURES failures in the window is refused (429
 * TOO_MANY_ATTEMPTS, and not counted); any other is written as a failure first, so a guess
 * sent at the same time sees it, and `check` then runs outside any transaction. A right answer
 * removes its row; a wrong one stays counted. Never call it inside a transaction.
 */
async function countedGuess<T>(db: Db, userId: string, now: Date, check: () => Promise<T | null>): Promise<T | null> {
  const since = new Date(now.getTime() - MFA_FAILURE_WINDOW_MS)
  const failureId = await db.transaction(async (tx) => {
    await repo.lockGuesses(tx, userId)
    if (tooManyFailures(await repo.countFailuresSince(tx, userId, since))) return null
    return repo.insertFailure(tx, userId, now)
  })
  if (failureId === null) throw tooManyCodes()
  const result = await check()
  if (result !== null) await repo.deleteFailure(db, failureId)
  return result
}

/**
 * Checks a TOTP or recovery code (a used recovery code is consumed and audited), counted against
 * the member's limit (429 TOO_MANY_ATTEMPTS once there were too many); records a failure as
 * mfa_failed. Returns the method that worked, or null. The same limit as sign-in's second step,
 * so a borrowed session cannot guess codes either.
 */
export async function checkSecondFactor(
  deps: MfaDeps,
  userId: string,
  factor: SecondFactor,
  req: FastifyRequest,
): Promise<'totp' | 'recovery' | null> {
  const { db, now } = deps
  const method = await countedGuess(db, userId, now, async () => {
    if ('code' in factor) return (await acceptTotp(deps, userId, factor.code)) ? ('totp' as const) : null
    return (await consumeRecoveryCode(db, userId, factor.recoveryCode, now)) ? ('recovery' as const) : null
  })
  if (method === 'recovery') {
    const left = await repo.countUnusedRecoveryCodes(db, userId)
    await recordAudit(db, { event: 'recovery_code_used', userId, detail: { codesLeft: left }, req, at: now })
  }
  if (method === null) await recordAudit(db, { event: 'mfa_failed', userId, detail: { method: 'code' in factor ? 'totp' : 'recovery' }, req, at: now })
  return method
}

/** Wrong second factors of the member in the last ten minutes (every session together). */
export async function recentFailures(db: DbOrTx, userId: string, now: Date): Promise<number> {
  return repo.countFailuresSince(db, userId, new Date(now.getTime() - MFA_FAILURE_WINDOW_MS))
}

export const tooManyFailures = (n: number) => n >= MFA_MAX_FAILURES

export async function setupTotp({ db, config }: MfaDeps, user: SessionUser) {
  const row = await secondFactorRow(db, user.id)
  if (row.totpEnabledAt) throw conflict('Two-step verification is already on', 'MFA_ALREADY_ENABLED')
  const secret = newTotpSecret()
  await repo.setPendingTotpSecret(db, user.id, sealSecret(secret, config.secretKey))
  const otpauthUrl = totpUri(secret, row.email)
  return { secret, otpauthUrl, qrDataUrl: await totpQrDataUrl(otpauthUrl) }
}

export async function enableTotp(
  deps: MfaDeps,
  user: SessionUser,
  sessionId: string,
  code: string,
  req: FastifyRequest,
): Promise<{ recoveryCodes: string[] }> {
  const { db, config, now } = deps
  const row = await secondFactorRow(db, user.id)
  if (row.totpEnabledAt) throw conflict('Two-step verification is already on', 'MFA_ALREADY_ENABLED')
  if (!row.totpPendingSecret) throw conflict('Start the set-up first: there is no key to confirm', 'NO_TOTP_SETUP')
  const step = await checkTotp(openSecret(row.totpPendingSecret, config.secretKey), code, now, null)
  if (step === null) throw invalidCode()
  const recoveryCodes = newRecoveryCodes()
  const hashes = await hashRecoveryCodes(recoveryCodes)
  await db.transaction(async (tx) => {
    const done = await repo.confirmTotp(tx, user.id, row.totpPendingSecret, step, now)
    if (!done) throw conflict('Two-step verification is already on', 'MFA_ALREADY_ENABLED')
    await repo.replaceRecoveryCodes(tx, user.id, hashes, now)
    await recordAudit(tx, { event: 'mfa_enabled', userId: user.id, req, at: now })
  })
  // a right code is a second factor given just now
  await markReauthenticated(db, sessionId, now)
  return { recoveryCodes }
}

export async function disableTotp(
  deps: MfaDeps,
  user: SessionUser,
  body: { password: string; code: string },
  req: FastifyRequest,
): Promise<MfaStatus> {
  const { db, now } = deps
  if (user.householdRequiresMfa) {
    throw forbidden('Your household requires two-step verification: the owner can make it optional', 'MFA_REQUIRED_BY_HOUSEHOLD')
  }
  const row = await secondFactorRow(db, user.id)
  if (!row.totpEnabledAt) throw mfaNotEnabled()
  // the password first, so a wrong one never uses up a recovery code; a member who signs in
  // only through OpenID Connect has none: a recent sign-in stands in for it
  if (row.passwordHash) {
    const ok = await verifyPasswordGuess(db, { email: row.email, passwordHash: row.passwordHash, password: body.password }, { now, req })
    if (!ok) throw badRequest('The password is not correct', 'WRONG_PASSWORD')
  } else {
    requireRecentAuth(req, now)
  }
  const typed = classifyCode(body.code)
  const factor = typed.kind === 'totp' ? { code: typed.code } : { recoveryCode: typed.code }
  if (!(await checkSecondFactor(deps, user.id, factor, req))) throw invalidCode()
  await db.transaction(async (tx) => {
    await repo.clearTotp(tx, user.id, now)
    await repo.deleteRecoveryCodes(tx, user.id)
    await repo.deletePasskeysOf(tx, user.id)
    await recordAudit(tx, { event: 'mfa_disabled', userId: user.id, req, at: now })
  })
  return getStatus(db, { ...user, mfaEnabled: false })
}

export async function regenerateRecoveryCodes(
  deps: MfaDeps,
  user: SessionUser,
  code: string | undefined,
  req: FastifyRequest,
): Promise<{ recoveryCodes: string[] }> {
  const { db, now } = deps
  const row = await secondFactorRow(db, user.id)
  if (!row.totpEnabledAt) throw mfaNotEnabled()
  if (code !== undefined) {
    if (!(await checkSecondFactor(deps, user.id, { code }, req))) throw invalidCode()
  } else {
    requireRecentAuth(req, now)
  }
  const recoveryCodes = newRecoveryCodes()
  const hashes = await hashRecoveryCodes(recoveryCodes)
  await db.transaction(async (tx) => {
    await repo.replaceRecoveryCodes(tx, user.id, hashes, now)
    await recordAudit(tx, { event: 'recovery_codes_regenerated', userId: user.id, req, at: now })
  })
  return { recoveryCodes }
}

// ── re-authentication ──────────────────────────────────────────────────────────────────────

export async function reauthenticate(
  deps: MfaDeps,
  user: SessionUser,
  sessionId: string,
  body: { password?: string | undefined; code?: string | undefined },
  req: FastifyRequest,
): Promise<{ reauthAt: string }> {
  const { db, now } = deps
  if (body.password !== undefined) {
    const row = await secondFactorRow(db, user.id)
    // a guess counted like a sign-in's: a stolen session cannot try passwords forever (ADR 0049)
    const ok = await verifyPasswordGuess(db, { email: row.email, passwordHash: row.passwordHash, password: body.password }, { now, req })
    if (!ok) throw badRequest('The password is not correct', 'WRONG_PASSWORD')
  } else if (body.code !== undefined) {
    const row = await secondFactorRow(db, user.id)
    if (!row.totpEnabledAt) throw mfaNotEnabled()
    if (!(await checkSecondFactor(deps, user.id, { code: body.code }, req))) throw invalidCode()
  } else {
    throw badRequest('Enter your password or a code from your app')
  }
  await markReauthenticated(db, sessionId, now)
  return { reauthAt: now.toISOString() }
}

// ── passkeys ───────────────────────────────────────────────────────────────────────────────

export async function passkeyRegistrationOptions(deps: MfaDeps, user: SessionUser, sessionId: string, req: FastifyRequest) {
  const { db, config, now } = deps
  const row = await secondFactorRow(db, user.id)
  if (!row.totpEnabledAt) throw mfaNotEnabled()
  // adding a way in is sensitive: a borrowed session must not add its own passkey
  requireRecentAuth(req, now)
  const existing = await repo.listPasskeyDescriptors(db, user.id)
  const { rpID } = relyingParty(config, req)
  const options = await (await simpleWebAuthn()).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: row.email,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: `${row.firstName} ${row.lastName}`.trim() || row.email,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
  await saveChallenge(db, sessionId, 'register', options.challenge, now)
  return options
}

const passkeyInvalid = () => badRequest('The passkey could not be verified: try again', 'PASSKEY_INVALID')

export async function addPasskey(
  deps: MfaDeps,
  user: SessionUser,
  sessionId: string,
  body: { name: string; response: RegistrationResponseJSON },
  req: FastifyRequest,
): Promise<Passkey> {
  const { db, config, now } = deps
  const row = await secondFactorRow(db, user.id)
  if (!row.totpEnabledAt) throw mfaNotEnabled()
  const challenge = await takeChallenge(db, sessionId, 'register', now)
  if (!challenge) throw badRequest('Start again: the passkey request expired', 'PASSKEY_CHALLENGE_EXPIRED')
  const { rpID, origin } = relyingParty(config, req)
  const verification = await (await simpleWebAuthn()).verifyRegistrationResponse({
    response: body.response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null)
  if (!verification?.verified) throw passkeyInvalid()
  const { credential } = verification.registrationInfo
  if (await repo.passkeyExists(db, credential.id)) throw conflict('This passkey is already registered', 'PASSKEY_EXISTS')
  await db.transaction(async (tx) => {
    await repo.insertPasskey(tx, {
      id: credential.id,
      userId: user.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? body.response.response.transports ?? [],
      name: body.name,
      createdAt: now,
    })
    await recordAudit(tx, { event: 'passkey_added', userId: user.id, detail: { name: body.name }, req, at: now })
  })
  return { id: credential.id, name: body.name, createdAt: now.toISOString(), lastUsedAt: null }
}

export async function deletePasskey(deps: MfaDeps, user: SessionUser, id: string, req: FastifyRequest): Promise<void> {
  const { db, now } = deps
  await db.transaction(async (tx) => {
    const name = await repo.deletePasskeyRow(tx, user.id, id)
    if (name === undefined) throw notFound('Passkey')
    await recordAudit(tx, { event: 'passkey_removed', userId: user.id, detail: { name }, req, at: now })
  })
}

/** Options for startAuthentication(), for the pending sign-in of `userId`. */
export async function passkeyLoginOptions(deps: MfaDeps, userId: string, sessionId: string, req: FastifyRequest) {
  const { db, config, now } = deps
  const keys = await repo.listPasskeyDescriptors(db, userId)
  if (keys.length === 0) throw conflict('You have no passkey: use a code', 'NO_PASSKEYS')
  const { rpID } = relyingParty(config, req)
  const options = await (await simpleWebAuthn()).generateAuthenticationOptions({
    rpID,
    allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })),
    userVerification: 'preferred',
  })
  await saveChallenge(db, sessionId, 'authenticate', options.challenge, now)
  return options
}

/**
 * Verifies a passkey assertion for the pending sign-in, counted against the member's limit like a
 * code (429 TOO_MANY_ATTEMPTS once there were too many); records a failure as mfa_failed.
 */
export async function checkPasskey(
  deps: MfaDeps,
  userId: string,
  sessionId: string,
  response: AuthenticationResponseJSON,
  req: FastifyRequest,
): Promise<boolean> {
  const { db, config, now } = deps
  const ok = await countedGuess(db, userId, now, async () => {
    const challenge = await takeChallenge(db, sessionId, 'authenticate', now)
    if (!challenge) return null
    const key = await repo.findPasskey(db, userId, response.id)
    if (!key) return null
    const { rpID, origin } = relyingParty(config, req)
    const result = await (await simpleWebAuthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: false,
    }).catch(() => null)
    if (!result?.verified) return null
    await repo.recordPasskeyUse(db, key.id, result.authenticationInfo.newCounter, now)
    return true
  })
  if (!ok) await recordAudit(db, { event: 'mfa_failed', userId, detail: { method: 'passkey' }, req, at: now })
  return ok === true
}

export type SignInFactor = { code?: string | undefined; recoveryCode?: string | undefined; passkey?: AuthenticationResponseJSON | undefined }

/**
 * The second step of sign-in: the method that worked, null for a wrong factor, or 'locked' when
 * the member has had MFA_MAX_FAILURES wrong ones in the window (this one was the last, or it was
 * refused unchecked): the pending session then ends.
 */
export async function signInSecondStep(
  deps: MfaDeps,
  userId: string,
  sessionId: string,
  body: SignInFactor,
  req: FastifyRequest,
): Promise<'totp' | 'recovery' | 'passkey' | 'locked' | null> {
  let method: 'totp' | 'recovery' | 'passkey' | null = null
  try {
    if (body.passkey) method = (await checkPasskey(deps, userId, sessionId, body.passkey, req)) ? 'passkey' : null
    else if (body.code !== undefined) method = await checkSecondFactor(deps, userId, { code: body.code }, req)
    else if (body.recoveryCode !== undefined) method = await checkSecondFactor(deps, userId, { recoveryCode: body.recoveryCode }, req)
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_ATTEMPTS') return 'locked'
    throw error
  }
  if (method) return method
  return tooManyFailures(await recentFailures(deps.db, userId, deps.now)) ? 'locked' : null
}

// ── household policy ────────────────────────────────────────────────────────────────────────

export async function setHouseholdMfaPolicy(
  { db, now }: MfaDeps,
  user: SessionUser,
  required: boolean,
  req: FastifyRequest,
): Promise<{ required: boolean }> {
  if (required && !user.mfaEnabled) {
    throw conflict('Turn on two-step verification for yourself first', 'MFA_NOT_ENABLED')
  }
  await db.transaction(async (tx) => {
    const changed = await repo.setRequireMfa(tx, user.householdId, required)
    if (!changed) return
    await recordAudit(tx, {
      event: required ? 'household_mfa_required' : 'household_mfa_optional',
      userId: user.id,
      householdId: user.householdId,
      actorId: user.id,
      req,
      at: now,
    })
  })
  return { required }
}


// ── the administrator's way back ────────────────────────────────────────────────────────────

/**
 * Turns MFA off for the member with this e-mail (phone and every recovery code lost: `cli
 * mfa-reset`), removes their codes and passkeys and signs out all their sessions. False when
 * there is no such member. The household's policy then restricts them to setting it up again.
 */
export async function adminResetMfa(db: Db, email: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const userId = await repo.clearTotpByEmail(tx, email, now)
    if (userId === undefined) return false
    await repo.deleteRecoveryCodes(tx, userId)
    await repo.deletePasskeysOf(tx, userId)
    // the codes guessed before the reset do not hold the new set-up's sign-in back
    await repo.deleteFailuresOf(tx, userId)
    await repo.deleteSessionsOf(tx, userId)
    await recordAudit(tx, { event: 'mfa_disabled', userId, detail: { by: 'administrator' }, at: now })
    return true
  })
}
