// The signed-in member's locale for the plain functions that write or read figures outside React
// (a count in a sentence, money typed in a form): set by useAuth whenever the user is read, one
// member per tab. Components use useFormat (lib/format) instead.
import { DEFAULT_LOCALE, formatNumber } from '#src/domain/locale'

let current = DEFAULT_LOCALE

export function setDisplayLocale(locale: string | undefined): void {
  current = locale ?? DEFAULT_LOCALE
}

export function displayLocale(): string {
  return current
}

/** A count in the member's locale: 1,234 (en-US), 1.234 (de-DE). */
export function countText(n: number): string {
  return formatNumber(n, current)
}
