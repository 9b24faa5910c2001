// What the MFA page says and hands out, kept apart from the components so it can be tested: the
// key in groups of four for typing, the recovery codes as a text file, and dates in the member's
// locale and time zone.

/** The base32 key in groups of four ("JBSW Y3DP EHPK 3PXP"): easier to type into an app. */
export function groupKey(secret: string): string {
  return (
    secret
      .replace(/\s+/g, '')
      .toUpperCase()
      .match(/.{1,4}/g) ?? []
  ).join(' ')
}

/** The contents of the downloaded recovery codes file. */
export function recoveryCodesFile(
  codes: readonly string[],
  email: string,
  createdOn: string,
): string {
  return [
    'Kinwise recovery codes',
    `Account: ${email}`,
    `Created: ${createdOn}`,
    '',
    'Each code works once, instead of a code from your authenticator app.',
    'Keep them somewhere safe, like a password manager. New codes replace these.',
    '',
    ...codes.map((code, i) => `${String(i + 1).padStart(2, ' ')}. ${code}`),
    '',
  ].join('\n')
}

/** "Nov 24, 2026" in the member's locale and time zone; the ISO text when either is unknown. */
export function formatDay(iso: string, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone,
    }).format(new Date(iso))
  } catch {
    return iso.slice(0, 10)
  }
}

/** How many recovery codes are left, said plainly ("1 recovery code left", "none left"). */
export function codesLeftText(left: number): string {
  if (left === 0) return 'No recovery codes left'
  return `${left} recovery ${left === 1 ? 'code' : 'codes'} left`
}
