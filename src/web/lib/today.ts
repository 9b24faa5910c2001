// The signed-in user's calendar date, in their own time zone (not the browser's): the "today"
// that bill urgency and goal status count from.
import { localDate, isValidTimeZone, type IsoDate } from '#src/domain/dates'
import { useAuth } from './auth'

let browserZone: string | undefined

// Every card asks for today on every render, and reading a date in a time zone is not free:
// the answer is kept per zone for the minute it was asked in.
const recent = new Map<string, { minute: number; date: IsoDate }>()

export function todayIn(timeZone: string | undefined, now: Date = new Date()): IsoDate {
  const zone =
    timeZone && isValidTimeZone(timeZone)
      ? timeZone
      : (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone)
  const minute = Math.floor(now.getTime() / 60_000)
  const known = recent.get(zone)
  if (known?.minute === minute) return known.date
  const date = localDate(now, zone)
  if (recent.size < 100 || known) recent.set(zone, { minute, date })
  return date
}

export function useToday(): IsoDate {
  const { user } = useAuth()
  return todayIn(user?.timeZone)
}
