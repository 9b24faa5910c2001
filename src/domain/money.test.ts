import { describe, expect, it } from 'vitest'
import {
  absCents,
  addCents,
  asCents,
  divideCents,
  formatMoney,
  fromCents,
  isValidDecimalAmount,
  maxCents,
  minCents,
  negate,
  parseDecimalToCents,
  subCents,
  toCents,
  ZERO,
} from './money'

const c = asCents

describe('asCents', () => {
  it('brands whole numbers of cents', () => {
    expect(asCents(1234)).toBe(1234)
    expect(asCents(-5)).toBe(-5)
    expect(ZERO).toBe(0)
  })

  it('refuses fractions, NaN and infinities, and clamps integers beyond the safe range', () => {
    expect(() => asCents(1.5)).toThrow(RangeError)
    expect(() => asCents(Number.NaN)).toThrow(RangeError)
    expect(() => asCents(Number.POSITIVE_INFINITY)).toThrow(RangeError)
    expect(asCents(Number.MAX_SAFE_INTEGER + 1)).toBe(Number.MAX_SAFE_INTEGER)
    expect(asCents(-1e17)).toBe(-Number.MAX_SAFE_INTEGER)
    expect(asCents(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER)
  })
})

describe('isValidDecimalAmount', () => {
  it('accepts amounts with at most two decimals, float noise included', () => {
    expect(isValidDecimalAmount(12.34)).toBe(true)
    expect(isValidDecimalAmount(-0.01)).toBe(true)
    expect(isValidDecimalAmount(0)).toBe(true)
    expect(isValidDecimalAmount(0.1 + 0.2)).toBe(true)
    expect(isValidDecimalAmount(1_000_000_000.99)).toBe(true)
  })

  it('refuses sub-cent amounts, non-finite and unsafe values', () => {
    expect(isValidDecimalAmount(1.005)).toBe(false)
    expect(isValidDecimalAmount(0.001)).toBe(false)
    expect(isValidDecimalAmount(Number.NaN)).toBe(false)
    expect(isValidDecimalAmount(Number.POSITIVE_INFINITY)).toBe(false)
    expect(isValidDecimalAmount(Number.MAX_SAFE_INTEGER)).toBe(false)
  })
})

describe('toCents and fromCents', () => {
  it('converts decimals to exact cents despite float error', () => {
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents(12.34)).toBe(1234)
    expect(toCents(1.13)).toBe(113)
    expect(toCents(-1.13)).toBe(-113)
    expect(toCents(19.99)).toBe(1999)
    expect(toCents(-7971.39)).toBe(-797139)
  })

  it('never returns negative zero', () => {
    expect(Object.is(toCents(-0), 0)).toBe(true)
    expect(Object.is(toCents(-0.001), 0)).toBe(true)
  })

  it('round-trips through fromCents', () => {
    expect(fromCents(c(1234))).toBe(12.34)
    expect(fromCents(c(-5))).toBe(-0.05)
    for (const amount of [0.01, 0.1, 0.29, 1.15, 99.99, 1234.56, -0.07]) {
      expect(fromCents(toCents(amount))).toBe(amount)
    }
  })
})

describe('cent arithmetic', () => {
  it('adds, subtracts and negates', () => {
    expect(addCents()).toBe(0)
    expect(addCents(c(100), c(-30), c(5))).toBe(75)
    expect(subCents(c(100), c(130))).toBe(-30)
    expect(negate(c(25))).toBe(-25)
    expect(Object.is(negate(ZERO), 0)).toBe(true)
  })

  it('takes absolute values, minimum and maximum', () => {
    expect(absCents(c(-42))).toBe(42)
    expect(minCents(c(3), c(-4))).toBe(-4)
    expect(maxCents(c(3), c(-4))).toBe(3)
  })

  it('clamps a total beyond the safe range instead of failing', () => {
    expect(addCents(c(Number.MAX_SAFE_INTEGER), c(1))).toBe(Number.MAX_SAFE_INTEGER)
  })
})

describe('divideCents', () => {
  it('rounds half away from zero', () => {
    expect(divideCents(c(10), 4)).toBe(3) // 2.5
    expect(divideCents(c(-10), 4)).toBe(-3) // -2.5
    expect(divideCents(c(14), 4)).toBe(4) // 3.5
    expect(divideCents(c(9), 4)).toBe(2) // 2.25
    expect(divideCents(c(-9), 4)).toBe(-2)
    expect(divideCents(c(100), 3)).toBe(33)
    expect(divideCents(c(200), 3)).toBe(67)
  })

  it('returns 0 for a divisor of 0 and never negative zero', () => {
    expect(divideCents(c(500), 0)).toBe(0)
    expect(Object.is(divideCents(c(-1), 3), 0)).toBe(true)
  })
})

describe('parseDecimalToCents', () => {
  it.each([
    ['1,234.56', '.', 123456],
    ['-12,5', ',', -1250],
    ['(42.00)', '.', -4200],
    ['€ 3.10-', '.', -310],
    ['+50,00', ',', 5000],
    ['-$7,971.39', '.', -797139],
    ['£1,183.23', '.', 118323],
    ['12.3400', '.', 1234],
    ['1.234', ',', 123400],
    ['1.234.567,89', ',', 123456789],
    ['1 234,56', ',', 123456],
    ['1\u00a0234,56 €', ',', 123456],
    ["1'234.50", '.', 123450],
    ['1,23,456.78', '.', 12345678],
    ['0.5', '.', 50],
    ['.5', '.', 50],
    ['5.', '.', 500],
    ['7', '.', 700],
    ['  19.99  ', '.', 1999],
    ['USD -5.00', '.', -500],
    ['-5.00 USD', '.', -500],
    ['\u22125.00', '.', -500],
    ['3.10€-', '.', -310],
    ['€(42.00)', '.', -4200],
    ['($42.00)', '.', -4200],
    ['+0.01', '.', 1],
  ] as const)('reads %j with %j as decimal mark as %d cents', (text, separator, cents) => {
    expect(parseDecimalToCents(text, separator)).toBe(cents)
  })

  it('uses . as the decimal mark by default', () => {
    expect(parseDecimalToCents('1,234.56')).toBe(123456)
  })

  it('returns 0, not negative zero, for a negative zero', () => {
    expect(Object.is(parseDecimalToCents('-0.00'), 0)).toBe(true)
  })

  it.each([
    ['1.234', '.'],
    ['', '.'],
    ['   ', '.'],
    ['abc', '.'],
    ['$', '.'],
    ['-', '.'],
    ['.', '.'],
    ['1.2.3', '.'],
    ['1,234.56', ','],
    ['12,5', '.'],
    ['1,2345.00', '.'],
    ['12.345,6', '.'],
    ['--5', '.'],
    ['-5-', '.'],
    ['(-5)', '.'],
    ['1e5', '.'],
    ['0.001', '.'],
    ['12.345', '.'],
    ['99999999999999999', '.'],
  ] as const)('refuses %j with %j as decimal mark', (text, separator) => {
    expect(parseDecimalToCents(text, separator)).toBeNull()
  })
})

describe('formatMoney', () => {
  it('formats with the currency and locale, always two decimals', () => {
    expect(formatMoney(c(123456))).toBe('$1,234.56')
    expect(formatMoney(c(-5))).toBe('-$0.05')
    expect(formatMoney(c(100))).toBe('$1.00')
    expect(formatMoney(c(123456), 'EUR', 'de-DE')).toBe('1.234,56\u00a0€')
    expect(formatMoney(c(99), 'GBP', 'en-GB')).toBe('£0.99')
  })

  it('shows zero without a minus sign even for negative zero', () => {
    expect(formatMoney(c(0))).toBe('$0.00')
    expect(formatMoney(c(-0))).toBe('$0.00')
  })
})
