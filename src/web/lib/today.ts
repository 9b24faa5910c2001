// The signed-in user's calendar date, in their own time zone (not the browser's): the "today"
// that bill urgency and goal status count from.
import { localDate, isValidTimeZone, type IsoDate } from '../../domain/dates'
import { useAuth } from './auth'

// Checking a zone builds an Intl.DateTimeFormat, which costs far more than using one, and every
// card that shows dates asks for today on each render: remember the answer per zone.
const zoneChecks = new Map<string, boolean>()
let browserZone: string | undefined

function validZone(timeZone: string): boolean {
  let valid = zoneChecks.get(timeZone)
  if (valid === undefined) {
    valid = isValidTimeZone(timeZone)
    if (zoneChecks.size < 100) zoneChecks.set(timeZone, valid)
  }
  return valid
}

export function todayIn(timeZone: string | undefined, now: Date = new Date()): IsoDate {
  const zone =
    timeZone && validZone(timeZone)
      ? timeZone
      : (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone)
  return localDate(now, zone)
}

export function useToday(): IsoDate {
  const { user } = useAuth()
  return todayIn(user?.timeZone)
}
