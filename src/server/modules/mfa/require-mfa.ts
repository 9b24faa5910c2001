// "MFA is required before bank connections": whatever links a bank calls this first.
import type { SessionUser } from '#src/server/core/sessions'
import { AppError } from '#src/server/http/errors'

/** Throws 403 MFA_REQUIRED unless the member has a second factor on. */
export function requireMfa(user: Pick<SessionUser, 'mfaEnabled'>): void {
  if (!user.mfaEnabled) {
    throw new AppError(403, 'MFA_REQUIRED', 'Turn on two-step verification first (Settings → Two-step verification)')
  }
}
