// How a planned income's schedule reads on screen: the choices of the form ("Twice a month"),
// one income's schedule in words ("Twice a month, 1st and 15th", "Every two weeks, on Fridays")
// and its next payday from today, by the plan's own walk of the schedule.
import type { PlannedIncome } from '#src/contract/planned-income'
import { addDays, dayOfMonth, dayOfWeek, type IsoDate } from '#src/domain/dates'
import { paydaysBetween } from '#src/domain/plan/income'
import type { IncomeSchedule } from '#src/domain/plan/kinds'

export const SCHEDULE_LABELS: Record<IncomeSchedule, string> = {
  weekly: 'Every week',
  biweekly: 'Every two weeks',
  semimonthly: 'Twice a month',
  monthly: 'Every month',
  irregular: 'Irregular (a monthly estimate)',
}

const WEEKDAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays']
const ordinals = new Intl.PluralRules('en-US', { type: 'ordinal' })
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' }

/** 1 → "1st", 22 → "22nd", 13 → "13th". */
export function ordinalDay(day: number): string {
  return `${day}${SUFFIX[ordinals.select(day)] ?? 'th'}`
}

export function scheduleInWords(
  income: Pick<PlannedIncome, 'schedule' | 'nextDate' | 'secondDay'>,
): string {
  const first = dayOfMonth(income.nextDate)
  switch (income.schedule) {
    case 'weekly':
      return `Every week, on ${WEEKDAYS[dayOfWeek(income.nextDate)] ?? ''}`
    case 'biweekly':
      return `Every two weeks, on ${WEEKDAYS[dayOfWeek(income.nextDate)] ?? ''}`
    case 'semimonthly': {
      const days = [first, income.secondDay ?? 15].sort((a, b) => a - b)
      return `Twice a month, ${ordinalDay(days[0] ?? first)} and ${ordinalDay(days[1] ?? 15)}`
    }
    case 'monthly':
      return `Every month, on the ${ordinalDay(first)}`
    case 'irregular':
      return 'Irregular: estimated per month'
  }
}

/**
 * The first payday on or after today (the date typed in is only the schedule's anchor: the plan
 * walks the schedule both ways from it); null for irregular income, which has no dates.
 */
export function nextPayday(
  income: Pick<PlannedIncome, 'schedule' | 'nextDate' | 'secondDay'>,
  today: IsoDate,
): IsoDate | null {
  if (income.schedule === 'irregular') return null
  const secondDay = income.schedule === 'semimonthly' ? (income.secondDay ?? 15) : null
  return paydaysBetween({ ...income, secondDay }, today, addDays(today, 62))[0] ?? null
}
