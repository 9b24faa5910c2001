// What the Bank Connections page says, kept apart from the components so it can be tested: a
// sync's result in words, each status's label, and moments in the member's locale and time zone.
import type { BankConnection, SyncResult } from '#src/contract/bank-connections'

type Status = BankConnection['status']

const STATUS = {
  active: { label: 'Working', tone: 'accent' },
  error: { label: 'Needs attention', tone: 'danger' },
  login_required: { label: 'Log in again', tone: 'warning' },
  disconnected: { label: 'Disconnected', tone: 'outline' },
} as const satisfies Record<Status, { label: string; tone: 'accent' | 'danger' | 'warning' | 'outline' }>

export function statusLabel(status: Status): (typeof STATUS)[Status] {
  return STATUS[status]
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * "2 new transactions, 1 updated and 1 removed." or "Nothing new: already up to date.", then
 * each account that failed this time with the provider's words.
 */
export function syncResultText(result: SyncResult): { summary: string; problems: string[] } {
  const parts: string[] = []
  if (result.added > 0) parts.push(plural(result.added, 'new transaction', 'new transactions'))
  if (result.updated > 0) parts.push(`${result.updated} updated`)
  if (result.removed > 0) parts.push(`${result.removed} removed`)
  const summary =
    parts.length === 0
      ? result.errors.length === 0
        ? 'Nothing new: everything was already up to date.'
        : 'No transactions changed.'
      : `${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`}.`
  const problems = result.errors.map((e) => `${e.name}: ${e.message}`)
  return { summary, problems }
}

/** "Nov 25, 2026, 5:49 AM" in the member's locale and time zone; the ISO text when either fails. */
export function formatMoment(iso: string, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    }).format(new Date(iso))
  } catch {
    return iso
  }
}

/** Consent ends within this many days: say so in amber. */
export const CONSENT_WARNING_DAYS = 14

/** Whether the bank's consent ends within CONSENT_WARNING_DAYS of `now` (or has ended). */
export function consentEndingSoon(consentExpiresAt: string | null, now: Date): boolean {
  if (consentExpiresAt === null) return false
  const ends = Date.parse(consentExpiresAt)
  if (Number.isNaN(ends)) return false
  return ends - now.getTime() <= CONSENT_WARNING_DAYS * 86_400_000
}

/** The provider's name as people know it. */
export function providerName(provider: BankConnection['provider']): string {
  return provider === 'plaid' ? 'Plaid' : 'SimpleFIN Bridge'
}
