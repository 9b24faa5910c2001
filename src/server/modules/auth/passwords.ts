// Password rules in one place: strong enough (zxcvbn score, domain/password-strength), hashed
// with argon2id, and a new password ends every session of its user.
import { hash } from '@node-rs/argon2'
import { AppError } from '#src/server/http/errors'

/**
 * 400 WEAK_PASSWORD naming the field (body.password, body.newPassword) with zxcvbn's advice.
 * The checker is loaded on the first new password, not at start: its dictionaries and the
 * matcher built from them take ~24 MB of the HTTP thread's heap (ADR 0040), for a check made only
 * on registration, password change and reset.
 */
export async function assertStrongPassword(password: string, field: string, userInputs: readonly string[]): Promise<void> {
  const { passwordStrength, weakPasswordMessage } = await import('#src/domain/password-strength')
  const strength = passwordStrength(password, userInputs)
  if (strength.acceptable) return
  const message = weakPasswordMessage(strength)
  throw new AppError(400, 'WEAK_PASSWORD', message, { issues: [{ path: `body.${field}`, message }] })
}

export const hashPassword = (password: string) => hash(password)

/** Waits until `ms` have passed since `startedAt` (performance.now()): equal answer times. */
export async function answerNoSoonerThan(startedAt: number, ms: number): Promise<void> {
  const left = startedAt + ms - performance.now()
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
}
