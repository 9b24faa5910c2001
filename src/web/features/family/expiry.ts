// When an invite stops working, in the member's locale and time zone: "Mar 5, 2:30 PM", and how
// long that is from now ("in 6 days", "in 5 hours").
import { useCallback } from 'react'
import { useAuth } from '#src/web/lib/auth'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

export function formatMoment(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date)
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(date)
  }
}

export function timeLeft(iso: string, now: Date): string {
  const ms = new Date(iso).getTime() - now.getTime()
  if (!(ms > 0)) return 'expired'
  if (ms >= DAY_MS) {
    const days = Math.round(ms / DAY_MS)
    return `in ${days} ${days === 1 ? 'day' : 'days'}`
  }
  const hours = Math.max(1, Math.round(ms / HOUR_MS))
  return `in ${hours} ${hours === 1 ? 'hour' : 'hours'}`
}

/** "Mar 5, 2025, 2:30 PM (in 6 days)" for the signed-in member. */
export function useExpiryText(): (iso: string) => string {
  const { user } = useAuth()
  const locale = user?.locale ?? 'en-US'
  const timeZone = user?.timeZone
  return useCallback(
    (iso: string) => `${formatMoment(iso, locale, timeZone)} (${timeLeft(iso, new Date())})`,
    [locale, timeZone],
  )
}
