import { describe, expect, it } from 'vitest'
import {
  addDays,
  addMonths,
  compareDates,
  formatDay,
  dayOfMonth,
  dayOfWeek,
  daysBetween,
  daysOutside,
  daysInMonth,
  daysLeftInMonth,
  endOfMonth,
  isIsoDate,
  isValidTimeZone,
  localDate,
  makeDate,
  monthsBetween,
  startOfMonth,
} from './dates'

describe('isIsoDate', () => {
  it('accepts real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true)
    expect(isIsoDate('2023-12-31')).toBe(true)
    expect(isIsoDate('2000-02-29')).toBe(true)
    expect(isIsoDate('0050-06-15')).toBe(true)
  })

  it('refuses impossible dates and other shapes', () => {
    expect(isIsoDate('2024-02-30')).toBe(false)
    expect(isIsoDate('2023-02-29')).toBe(false)
    expect(isIsoDate('1900-02-29')).toBe(false)
    expect(isIsoDate('2024-13-01')).toBe(false)
    expect(isIsoDate('2024-00-10')).toBe(false)
    expect(isIsoDate('2024-04-31')).toBe(false)
    expect(isIsoDate('2024-1-05')).toBe(false)
    expect(isIsoDate('2024-01-05T00:00:00Z')).toBe(false)
    expect(isIsoDate('2024-01-05\n')).toBe(false)
    expect(isIsoDate('')).toBe(false)
  })
})

describe('makeDate', () => {
  it('writes a date and normalises overflow', () => {
    expect(makeDate(2024, 3, 7)).toBe('2024-03-07')
    expect(makeDate(2024, 2, 30)).toBe('2024-03-01')
    expect(makeDate(2024, 1, 0)).toBe('2023-12-31')
  })

  it('keeps years below 100 as they are', () => {
    expect(makeDate(99, 5, 1)).toBe('0099-05-01')
  })
})

describe('localDate', () => {
  // 2024-03-01 23:30 UTC: already 2 March in Tokyo and Paris, still 1 March in New York
  const lateEvening = new Date('2024-03-01T23:30:00Z')

  it('gives the calendar date in the user time zone', () => {
    expect(localDate(lateEvening, 'UTC')).toBe('2024-03-01')
    expect(localDate(lateEvening, 'Asia/Tokyo')).toBe('2024-03-02')
    expect(localDate(lateEvening, 'Europe/Paris')).toBe('2024-03-02')
    expect(localDate(lateEvening, 'America/New_York')).toBe('2024-03-01')
    expect(localDate(new Date('2024-03-01T02:00:00Z'), 'America/Los_Angeles')).toBe('2024-02-29')
  })

  it('crosses a year boundary', () => {
    expect(localDate(new Date('2023-12-31T20:00:00Z'), 'Pacific/Auckland')).toBe('2024-01-01')
    expect(localDate(new Date('2024-01-01T03:00:00Z'), 'America/Chicago')).toBe('2023-12-31')
  })

  it('handles half-hour offsets', () => {
    // India is UTC+5:30
    expect(localDate(new Date('2024-06-30T18:29:00Z'), 'Asia/Kolkata')).toBe('2024-06-30')
    expect(localDate(new Date('2024-06-30T18:30:00Z'), 'Asia/Kolkata')).toBe('2024-07-01')
  })

  it('always writes YYYY-MM-DD', () => {
    expect(isIsoDate(localDate(lateEvening, 'Asia/Tokyo'))).toBe(true)
  })

  it('throws for an unknown time zone', () => {
    expect(() => localDate(lateEvening, 'Mars/Olympus')).toThrow(RangeError)
  })
})

describe('isValidTimeZone', () => {
  it('knows IANA zones', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true)
    expect(isValidTimeZone('UTC')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus')).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
  })
})

describe('addDays and daysBetween', () => {
  it('moves across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01')
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2024-01-15', 0)).toBe('2024-01-15')
  })

  it('ignores daylight saving time (dates have no time zone)', () => {
    expect(addDays('2024-03-09', 2)).toBe('2024-03-11')
    expect(daysBetween('2024-03-09', '2024-03-11')).toBe(2)
    expect(daysBetween('2024-10-26', '2024-10-28')).toBe(2)
  })

  it('counts whole days, negative backwards', () => {
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365)
    expect(daysBetween('2023-01-01', '2023-12-31')).toBe(364)
    expect(daysBetween('2024-03-10', '2024-03-03')).toBe(-7)
    expect(daysBetween('2024-03-10', '2024-03-10')).toBe(0)
  })

  it('throws on something that is not an ISO date', () => {
    expect(() => addDays('03/10/2024', 1)).toThrow(RangeError)
  })
})

describe('daysOutside', () => {
  const range = (from: string, to: string) => ({ from, to })

  it('needs the whole range when nothing was read or what was read does not touch it', () => {
    expect(daysOutside(range('2024-03-01', '2024-03-10'), null)).toEqual([range('2024-03-01', '2024-03-10')])
    expect(daysOutside(range('2024-03-11', '2024-03-20'), range('2024-03-01', '2024-03-10'))).toEqual([range('2024-03-11', '2024-03-20')])
    expect(daysOutside(range('2024-02-01', '2024-02-28'), range('2024-03-01', '2024-03-10'))).toEqual([range('2024-02-01', '2024-02-28')])
  })

  it('needs only the days after what was read when the statement runs forward', () => {
    // chunk days Mar 4–10 read as Mar 1–13; the next chunk's Mar 10–17 reads as Mar 7–20
    expect(daysOutside(range('2024-03-07', '2024-03-20'), range('2024-03-01', '2024-03-13'))).toEqual([range('2024-03-14', '2024-03-20')])
    // across a month and a leap day
    expect(daysOutside(range('2024-02-26', '2024-03-05'), range('2024-02-20', '2024-02-29'))).toEqual([range('2024-03-01', '2024-03-05')])
  })

  it('needs only the days before what was read when the statement runs backward (newest first)', () => {
    expect(daysOutside(range('2023-12-25', '2024-01-03'), range('2024-01-01', '2024-01-12'))).toEqual([range('2023-12-25', '2023-12-31')])
  })

  it('needs both sides when the range spans what was read, and nothing when it lies inside', () => {
    expect(daysOutside(range('2024-03-01', '2024-03-31'), range('2024-03-10', '2024-03-12'))).toEqual([range('2024-03-01', '2024-03-09'), range('2024-03-13', '2024-03-31')])
    expect(daysOutside(range('2024-03-10', '2024-03-12'), range('2024-03-01', '2024-03-31'))).toEqual([])
    expect(daysOutside(range('2024-03-01', '2024-03-31'), range('2024-03-01', '2024-03-31'))).toEqual([])
  })
})

describe('addMonths', () => {
  it('clamps to the end of a shorter month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29')
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28')
    expect(addMonths('2024-03-31', 1)).toBe('2024-04-30')
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28')
  })

  it('crosses years both ways', () => {
    expect(addMonths('2024-11-15', 3)).toBe('2025-02-15')
    expect(addMonths('2024-01-15', -1)).toBe('2023-12-15')
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29')
    expect(addMonths('2024-05-10', -17)).toBe('2022-12-10')
    expect(addMonths('2024-05-10', 0)).toBe('2024-05-10')
  })

  it('returns to the preferred day after a short month', () => {
    expect(addMonths('2024-02-29', 1, 31)).toBe('2024-03-31')
    expect(addMonths('2024-02-29', 2, 31)).toBe('2024-04-30')
    expect(addMonths('2024-01-15', 1, 1)).toBe('2024-02-01')
  })

  it('refuses a preferred day outside 1–31 and fractional months', () => {
    expect(() => addMonths('2024-01-15', 1, 0)).toThrow(RangeError)
    expect(() => addMonths('2024-01-15', 1, 32)).toThrow(RangeError)
    expect(() => addMonths('2024-01-15', 1, 1.5)).toThrow(RangeError)
    expect(() => addMonths('2024-01-15', 0.5)).toThrow(RangeError)
  })
})

describe('month helpers', () => {
  it('finds the start and end of a month', () => {
    expect(startOfMonth('2024-03-17')).toBe('2024-03-01')
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29')
    expect(endOfMonth('2023-02-10')).toBe('2023-02-28')
    expect(endOfMonth('2024-12-31')).toBe('2024-12-31')
    expect(endOfMonth('2024-04-01')).toBe('2024-04-30')
  })

  it('counts the days in a month', () => {
    expect(daysInMonth('2024-02-01')).toBe(29)
    expect(daysInMonth('2023-02-01')).toBe(28)
    expect(daysInMonth('1900-02-01')).toBe(28)
    expect(daysInMonth('2000-02-01')).toBe(29)
    expect(daysInMonth('2024-04-15')).toBe(30)
    expect(daysInMonth('2024-12-15')).toBe(31)
  })

  it('counts the days left in the month, today included', () => {
    expect(daysLeftInMonth('2024-03-01')).toBe(31)
    expect(daysLeftInMonth('2024-03-31')).toBe(1)
    expect(daysLeftInMonth('2024-02-28')).toBe(2)
    expect(daysLeftInMonth('2023-02-28')).toBe(1)
    expect(daysLeftInMonth('2024-04-16')).toBe(15)
  })

  it('reads the day of month and of week', () => {
    expect(dayOfMonth('2024-03-17')).toBe(17)
    expect(dayOfWeek('2024-03-17')).toBe(0) // a Sunday
    expect(dayOfWeek('2024-03-16')).toBe(6)
    expect(dayOfWeek('2024-02-29')).toBe(4)
  })

  it('compares dates', () => {
    expect(compareDates('2024-01-02', '2024-01-10')).toBe(-1)
    expect(compareDates('2024-01-10', '2024-01-02')).toBe(1)
    expect(compareDates('2024-01-10', '2024-01-10')).toBe(0)
  })
})

describe('monthsBetween', () => {
  it('counts whole months, a partial month toward zero', () => {
    expect(monthsBetween('2024-01-15', '2024-01-31')).toBe(0)
    expect(monthsBetween('2024-01-15', '2024-02-14')).toBe(0)
    expect(monthsBetween('2024-01-15', '2024-02-15')).toBe(1)
    expect(monthsBetween('2024-01-15', '2025-01-15')).toBe(12)
    expect(monthsBetween('2024-01-15', '2025-01-14')).toBe(11)
    expect(monthsBetween('2024-03-15', '2024-02-20')).toBe(0)
    expect(monthsBetween('2024-03-15', '2024-02-15')).toBe(-1)
    expect(monthsBetween('2024-03-15', '2024-01-16')).toBe(-1)
  })

  it('treats the end of a short month as a whole month, like addMonths', () => {
    expect(monthsBetween('2023-01-31', '2023-02-28')).toBe(1)
    expect(monthsBetween('2023-01-31', '2023-02-27')).toBe(0)
    expect(monthsBetween('2024-01-31', '2024-02-29')).toBe(1)
    expect(monthsBetween('2024-01-31', '2024-02-28')).toBe(0)
    expect(monthsBetween('2024-01-31', '2024-03-30')).toBe(1)
    expect(monthsBetween('2024-01-31', '2024-03-31')).toBe(2)
    expect(monthsBetween('2023-02-28', '2023-03-27')).toBe(0)
    expect(monthsBetween('2023-02-28', '2023-03-28')).toBe(1)
  })

  it('is the largest n with addMonths(a, n) ≤ b, and antisymmetric', () => {
    const days: string[] = []
    for (let i = 0; i < 430; i += 1) days.push(addDays('2023-12-01', i))
    const mismatches: string[] = []
    for (let i = 0; i < days.length; i += 5) {
      const a = days[i] ?? ''
      for (let j = 0; j < days.length; j += 2) {
        const b = days[j] ?? ''
        const n = monthsBetween(a, b)
        if (monthsBetween(b, a) !== (n === 0 ? 0 : -n)) mismatches.push(`${b} → ${a} is not ${-n}`)
        if (b < a) continue
        if (!(addMonths(a, n) <= b && addMonths(a, n + 1) > b))
          mismatches.push(`${a} → ${b} is not ${n}`)
      }
    }
    expect(mismatches).toEqual([])
  })
})

describe('formatDay', () => {
  it('writes a date as people do in their locale, never ISO', () => {
    expect(formatDay('2026-11-24', 'en-US', { thisYear: 2026 })).toBe('Nov 24')
    expect(formatDay('2026-11-24', 'en-US', { weekday: true, thisYear: 2026 })).toBe('Tue, Nov 24')
    expect(formatDay('2027-01-05', 'en-US', { thisYear: 2026 })).toBe('Jan 5, 2027')
    expect(formatDay('2026-11-24', 'en-GB', { weekday: true, thisYear: 2026 })).toBe('Tue 24 Nov')
    expect(formatDay('2026-11-24', 'de-DE', { thisYear: 2026 })).toBe('24. Nov.')
    expect(formatDay('2026-11-24', 'not a locale!', { thisYear: 2026 })).toBe('Nov 24')
    expect(formatDay('2026-11-24', 'en-US')).toBe('Nov 24, 2026')
    expect(formatDay('24/11/2026', 'en-US')).toBe('24/11/2026')
  })
})
