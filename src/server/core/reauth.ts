// Re-authentication (ADR 0024): turning MFA off, changing the e-mail or password,
// exporting, deleting the account and linking a bank need the password or a second factor
// given within the last ten minutes on this session.
import type { FastifyRequest } from 'fastify'
import { REAUTH_WINDOW_MS, isRecentlyAuthenticated } from '#src/domain/security'
import { AppError } from '../http/errors'

/** Throws 403 REAUTH_REQUIRED unless the session proved its user within the window. */
export function requireRecentAuth(req: FastifyRequest, now: Date): void {
  const reauthAt = req.auth?.reauthAt ?? null
  if (!isRecentlyAuthenticated(reauthAt, now)) {
    throw new AppError(403, 'REAUTH_REQUIRED', `Confirm it is you: enter your password or a code (needed within ${REAUTH_WINDOW_MS / 60_000} minutes of this change)`)
  }
}
