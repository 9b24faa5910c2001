// Second factors (ADR 0024): the shape of recovery codes and how a typed code is read.
// Pure: the server makes the random parts and keeps the hashes.

/** How many recovery codes a member gets at once. */
export const RECOVERY_CODE_COUNT = 10

/** Wrong second-factor codes (per member, within MFA_FAILURE_WINDOW_MS) before the pending sign-in ends. */
export const MFA_MAX_FAILURES = 5
export const MFA_FAILURE_WINDOW_MS = 10 * 60_000

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Ten characters of the alphabet → xxxx-xxxx-xx, as shown to the member. */
export function formatRecoveryCode(chars: string): string {
  if (chars.length !== 10) throw new Error('a recovery code has 10 characters')
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`
}

/** What a member typed, in the form the hash is made of: lower case, no spaces or dashes. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]+/g, '')
}

/** Maps random bytes (one per character) onto the alphabet without bias (rejection sampling). */
export function recoveryCharsFromBytes(bytes: Uint8Array, length = 10): string | null {
  const n = RECOVERY_ALPHABET.length
  const limit = 256 - (256 % n)
  let out = ''
  for (const b of bytes) {
    if (b >= limit) continue
    out += RECOVERY_ALPHABET[b % n]
    if (out.length === length) return out
  }
  return null
}

/** A code typed where either is allowed: six digits (spaces forgiven) are a TOTP code. */
export function classifyCode(typed: string): { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } {
  const digits = typed.replace(/\s+/g, '')
  if (/^\d{6}$/.test(digits)) return { kind: 'totp', code: digits }
  return { kind: 'recovery', code: normalizeRecoveryCode(typed) }
}

/** The 30-second TOTP step a moment falls in (RFC 6238, T0 = 0). */
export function totpStep(epochMs: number, periodSeconds = 30): number {
  return Math.floor(epochMs / 1000 / periodSeconds)
}
