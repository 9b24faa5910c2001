// Security rules shared by the server and the web (ADR 0024).

/** A sensitive change needs the password or a second factor given this recently. */
export const REAUTH_WINDOW_MS = 10 * 60_000

export function isRecentlyAuthenticated(reauthAt: Date | null, now: Date): boolean {
  if (!reauthAt) return false
  const age = now.getTime() - reauthAt.getTime()
  return age >= 0 && age <= REAUTH_WINDOW_MS
}

/** How long a deleted account can still sign in to export its data or cancel the deletion. */
export const DELETION_GRACE_DAYS = 30

/** How long the audit log keeps an event. */
export const AUDIT_RETENTION_DAYS = 365

/** Every event the audit log records, with the words the Security page shows. */
export const AUDIT_EVENTS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_out: 'Signed out',
  mfa_enabled: 'Two-step verification turned on',
  mfa_disabled: 'Two-step verification turned off',
  mfa_failed: 'Wrong verification code',
  recovery_code_used: 'Recovery code used',
  recovery_codes_regenerated: 'New recovery codes made',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  password_changed: 'Password changed',
  password_reset_requested: 'Password reset asked for',
  password_reset: 'Password reset',
  email_changed: 'E-mail changed',
  session_ended: 'Session signed out',
  sessions_ended: 'Other sessions signed out',
  export: 'Data exported',
  deletion_requested: 'Account deletion requested',
  deletion_cancelled: 'Account deletion cancelled',
  member_joined: 'Member joined',
  member_removed: 'Member removed',
  member_left: 'Member left',
  role_changed: 'Role changed',
  ownership_transferred: 'Ownership transferred',
  household_mfa_required: 'Two-step verification required for everyone',
  household_mfa_optional: 'Two-step verification made optional',
  plan_changed: 'Plan changed',
  api_token_created: 'API token made',
  api_token_revoked: 'API token revoked',
  api_token_used: 'API token used',
} as const

export type AuditEvent = keyof typeof AUDIT_EVENTS
export const AUDIT_EVENT_NAMES = Object.keys(AUDIT_EVENTS) as [AuditEvent, ...AuditEvent[]]
