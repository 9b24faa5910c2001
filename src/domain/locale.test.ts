// Hand-worked outputs of the locale formatters for the locales members pick most, compared
// exactly (fr-FR groups with U+202F and puts U+00A0 before % and €).
import { describe, expect, it } from 'vitest'
import { formatDay } from './dates'
import {
  canonicalLocale,
  decimalSeparator,
  formatDecimalInput,
  formatMoment,
  formatMonth,
  formatNumber,
  formatPercent,
  formatRelativeDays,
  formatTime,
  isKnownCurrency,
  safeLocale,
} from './locale'
import { asCents, formatMoney, parseDecimalToCents } from './money'

const NNBSP = '\u202F'
const NBSP = '\u00A0'

describe('money in each locale', () => {
  it('writes the amount, currency and separators the way the locale does', () => {
    const v = asCents(123456)
    expect(formatMoney(v, 'USD', 'en-US')).toBe('$1,234.56')
    expect(formatMoney(asCents(-123456), 'USD', 'en-US')).toBe('-$1,234.56')
    expect(formatMoney(v, 'EUR', 'de-DE')).toBe(`1.234,56${NBSP}€`)
    expect(formatMoney(v, 'EUR', 'fr-FR')).toBe(`1${NNBSP}234,56${NBSP}€`)
    expect(formatMoney(v, 'GBP', 'en-GB')).toBe('£1,234.56')
    expect(formatMoney(v, 'JPY', 'ja-JP')).toBe('￥1,234.56')
  })
})

describe('formatNumber', () => {
  it('groups thousands with the locale’s mark', () => {
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567')
    expect(formatNumber(1234567, 'de-DE')).toBe('1.234.567')
    expect(formatNumber(1234567, 'fr-FR')).toBe(`1${NNBSP}234${NNBSP}567`)
    expect(formatNumber(1234567, 'en-GB')).toBe('1,234,567')
    expect(formatNumber(1234567, 'ja-JP')).toBe('1,234,567')
    expect(formatNumber(1234.5678, 'de-DE', 2)).toBe('1.234,57')
  })
})

describe('formatPercent', () => {
  it('takes percent and writes the sign only for a change', () => {
    expect(formatPercent(12.34, 'en-US', { digits: 1, signed: true })).toBe('+12.3%')
    expect(formatPercent(-4, 'en-US', { digits: 1, signed: true })).toBe('-4.0%')
    expect(formatPercent(0, 'en-US', { digits: 1, signed: true })).toBe('0.0%')
    expect(formatPercent(12.34, 'de-DE', { digits: 1, signed: true })).toBe(`+12,3${NBSP}%`)
    expect(formatPercent(12.34, 'fr-FR', { digits: 1 })).toBe(`12,3${NBSP}%`)
    expect(formatPercent(80, 'en-GB')).toBe('80%')
    expect(formatPercent(80, 'ja-JP')).toBe('80%')
  })
})

describe('formatMonth', () => {
  it('writes a month and year in the locale', () => {
    expect(formatMonth('2026-11', 'en-US')).toBe('November 2026')
    expect(formatMonth('2026-11-27', 'en-US', 'short')).toBe('Nov 2026')
    expect(formatMonth('2026-03', 'de-DE')).toBe('März 2026')
    expect(formatMonth('2026-11', 'fr-FR')).toBe('novembre 2026')
    expect(formatMonth('2026-11', 'en-GB', 'short-only')).toBe('Nov')
    expect(formatMonth('2026-11', 'ja-JP')).toBe('2026年11月')
    expect(formatMonth('not a month', 'en-US')).toBe('not a month')
  })
})

describe('formatRelativeDays', () => {
  it('says today, tomorrow and in n days in the locale', () => {
    expect(formatRelativeDays(0, 'en-US')).toBe('today')
    expect(formatRelativeDays(1, 'en-US')).toBe('tomorrow')
    expect(formatRelativeDays(3, 'en-US')).toBe('in 3 days')
    expect(formatRelativeDays(-2, 'en-GB')).toBe('2 days ago')
    expect(formatRelativeDays(1, 'de-DE')).toBe('morgen')
    expect(formatRelativeDays(3, 'fr-FR')).toBe('dans 3 jours')
    expect(formatRelativeDays(1, 'ja-JP')).toBe('明日')
  })
})

describe('formatDay with a date format', () => {
  it('writes the chosen numeric pattern, whole, whatever the year', () => {
    expect(formatDay('2026-11-27', 'de-DE', { dateFormat: 'DD.MM.YYYY', thisYear: 2026 })).toBe('27.11.2026')
    expect(formatDay('2026-11-27', 'en-US', { dateFormat: 'MM/DD/YYYY' })).toBe('11/27/2026')
    expect(formatDay('2026-11-27', 'en-GB', { dateFormat: 'DD/MM/YYYY' })).toBe('27/11/2026')
    expect(formatDay('2026-11-27', 'ja-JP', { dateFormat: 'YYYY-MM-DD' })).toBe('2026-11-27')
    expect(formatDay('2026-11-27', 'de-DE', { dateFormat: 'DD.MM.YYYY', weekday: true })).toBe('Fr, 27.11.2026')
  })
  it('keeps the locale’s own way for "locale"', () => {
    expect(formatDay('2026-11-27', 'en-US', { dateFormat: 'locale', thisYear: 2026 })).toBe('Nov 27')
    expect(formatDay('2026-11-27', 'fr-FR', { thisYear: 2026 })).toBe('27 nov.')
    expect(formatDay('2026-11-27', 'ja-JP', { thisYear: 2025 })).toBe('2026年11月27日')
  })
})

describe('decimal marks and money inputs', () => {
  it('knows each locale’s decimal mark', () => {
    expect(decimalSeparator('en-US')).toBe('.')
    expect(decimalSeparator('de-DE')).toBe(',')
    expect(decimalSeparator('fr-FR')).toBe(',')
    expect(decimalSeparator('en-GB')).toBe('.')
    expect(decimalSeparator('ja-JP')).toBe('.')
  })
  it('writes an amount for editing without grouping', () => {
    expect(formatDecimalInput(1234.5, 'en-US')).toBe('1234.50')
    expect(formatDecimalInput(1234.5, 'de-DE')).toBe('1234,50')
    expect(formatDecimalInput(-12, 'fr-FR')).toBe('-12,00')
  })
  it('reads back what a German member types', () => {
    expect(parseDecimalToCents('1.234,56', decimalSeparator('de-DE'))).toBe(123456)
    expect(parseDecimalToCents('12,50', decimalSeparator('de-DE'))).toBe(1250)
    expect(parseDecimalToCents(`1${NNBSP}234,56`, decimalSeparator('fr-FR'))).toBe(123456)
  })
})

describe('checking locales and currencies', () => {
  it('canonicalises known tags and refuses the rest', () => {
    expect(canonicalLocale('de-de')).toBe('de-DE')
    expect(canonicalLocale('en-US')).toBe('en-US')
    expect(canonicalLocale('not a locale!')).toBeNull()
    expect(canonicalLocale('')).toBeNull()
    expect(safeLocale(undefined)).toBe('en-US')
    expect(safeLocale('xx')).toBe('en-US')
  })
  it('knows ISO 4217 codes', () => {
    expect(isKnownCurrency('EUR')).toBe(true)
    expect(isKnownCurrency('JPY')).toBe(true)
    expect(isKnownCurrency('XYZ')).toBe(false)
    expect(isKnownCurrency('eur')).toBe(false)
  })
})

describe('formatMoment and formatTime', () => {
  it('writes an instant in the member’s locale and time zone', () => {
    const at = new Date('2026-11-27T21:15:00Z')
    expect(formatMoment(at, 'en-US', 'UTC')).toBe('Nov 27, 2026, 9:15 PM')
    expect(formatMoment(at, 'de-DE', 'Europe/Berlin')).toBe('27.11.2026, 22:15')
    expect(formatTime(at, 'en-GB', 'Europe/London')).toBe('21:15')
    expect(formatTime(at, 'en-US', 'Mars/Olympus')).toMatch(/\d:15/)
  })
})
