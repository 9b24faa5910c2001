// The signed-in user's calendar date, in their own time zone (not the browser's): the "today"
// that bill urgency and goal status count from.
import { localDate, isValidTimeZone, type IsoDate } from '../../domain/dates'
import { useAuth } from './auth'

let browserZone: string | undefined

export function todayIn(timeZone: string | undefined, now: Date = new Date()): IsoDate {
  const zone =
    timeZone && isValidTimeZone(timeZone)
      ? timeZone
      : (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone)
  return localDate(now, zone)
}

export function useToday(): IsoDate {
  const { user } = useAuth()
  return todayIn(user?.timeZone)
}
