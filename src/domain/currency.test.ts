import { describe, expect, it } from 'vitest'
import { parseRatesCsv, rateBook, rateDateOn, rateOn, roundHalfAwayFromZero, toBase, type Rate } from './currency'
import { asCents } from './money'

const c = asCents

// Base USD. 1 EUR = 1.10 USD from 2024-01-01, 1.20 USD from 2024-02-01.
const eur: Rate[] = [
  { currency: 'EUR', quote: 'USD', date: '2024-02-01', rate: 1.2 },
  { currency: 'EUR', quote: 'USD', date: '2024-01-01', rate: 1.1 },
]

describe('rateOn', () => {
  it('is exactly 1 for the base itself, with no rate at all', () => {
    const book = rateBook('USD', [])
    expect(rateOn(book, 'USD', '1990-01-01')).toBe(1)
    expect(toBase(book, c(1234), 'USD', '1990-01-01')).toBe(1234)
  })

  it('uses the latest rate on or before the day', () => {
    const book = rateBook('USD', eur)
    expect(rateOn(book, 'EUR', '2024-01-01')).toBe(1.1) // on the day
    expect(rateOn(book, 'EUR', '2024-01-31')).toBe(1.1) // the 1st's
    expect(rateOn(book, 'EUR', '2024-02-01')).toBe(1.2)
    expect(rateOn(book, 'EUR', '2030-06-30')).toBe(1.2) // the newest, however old
    expect(rateDateOn(book, 'EUR', '2024-01-31')).toBe('2024-01-01')
  })

  it('is null before the first rate and for a currency with none (never 1)', () => {
    const book = rateBook('USD', eur)
    expect(rateOn(book, 'EUR', '2023-12-31')).toBeNull()
    expect(toBase(book, c(10_000), 'EUR', '2023-12-31')).toBeNull()
    expect(rateOn(book, 'GBP', '2024-06-01')).toBeNull()
    expect(toBase(book, c(10_000), 'GBP', '2024-06-01')).toBeNull()
    expect(rateDateOn(book, 'EUR', '2023-12-31')).toBeNull()
  })

  it('uses the inverse pair when only base → currency is known', () => {
    // 1 USD = 150 JPY, so 1 JPY = 1/150 USD: ¥15,000 (1,500,000 minor units as cents) = $100.00
    const book = rateBook('USD', [{ currency: 'USD', quote: 'JPY', date: '2024-01-01', rate: 150 }])
    expect(rateOn(book, 'JPY', '2024-01-02')).toBeCloseTo(1 / 150, 15)
    expect(toBase(book, c(1_500_000), 'JPY', '2024-01-02')).toBe(10_000)
    // 1 USD = 0.80 EUR → 1 EUR = 1.25 USD: €10.00 = $12.50
    const book2 = rateBook('USD', [{ currency: 'USD', quote: 'EUR', date: '2024-01-01', rate: 0.8 }])
    expect(toBase(book2, c(1000), 'EUR', '2024-01-01')).toBe(1250)
  })

  it('prefers the direct pair on the same day, and the newer day of either', () => {
    const book = rateBook('USD', [
      { currency: 'EUR', quote: 'USD', date: '2024-01-01', rate: 1.1 },
      { currency: 'USD', quote: 'EUR', date: '2024-01-01', rate: 0.8 }, // would say 1.25
      { currency: 'USD', quote: 'EUR', date: '2024-03-01', rate: 0.8 },
    ])
    expect(rateOn(book, 'EUR', '2024-02-15')).toBe(1.1)
    expect(rateOn(book, 'EUR', '2024-03-01')).toBe(1.25)
  })

  it('makes up no cross rate through a third currency', () => {
    // EUR → GBP and GBP → USD are both known; EUR → USD is not, and stays missing
    const book = rateBook('USD', [
      { currency: 'EUR', quote: 'GBP', date: '2024-01-01', rate: 0.85 },
      { currency: 'GBP', quote: 'USD', date: '2024-01-01', rate: 1.25 },
    ])
    expect(rateOn(book, 'GBP', '2024-01-02')).toBe(1.25)
    expect(rateOn(book, 'EUR', '2024-01-02')).toBeNull()
    expect(toBase(book, c(1000), 'EUR', '2024-01-02')).toBeNull()
  })

  it('follows the base: the same rates read from the other side after a base change', () => {
    // kept while the base was USD; the base is now EUR: 1 USD = 1/1.25 = 0.80 EUR
    const book = rateBook('EUR', [{ currency: 'EUR', quote: 'USD', date: '2024-01-01', rate: 1.25 }])
    expect(rateOn(book, 'USD', '2024-01-01')).toBe(0.8)
    expect(toBase(book, c(10_000), 'USD', '2024-01-01')).toBe(8000)
  })

  it('ignores case in codes, and rates that are not positive', () => {
    const book = rateBook('usd', [
      { currency: 'eur', quote: 'Usd', date: '2024-01-01', rate: 1.1 },
      { currency: 'GBP', quote: 'USD', date: '2024-01-01', rate: 0 },
      { currency: 'CHF', quote: 'USD', date: '2024-01-01', rate: -1 },
      { currency: 'SEK', quote: 'USD', date: '2024-01-01', rate: Number.NaN },
    ])
    expect(book.base).toBe('USD')
    expect(rateOn(book, 'EUR', '2024-01-01')).toBe(1.1)
    expect(rateOn(book, 'GBP', '2024-01-01')).toBeNull()
    expect(rateOn(book, 'CHF', '2024-01-01')).toBeNull()
    expect(rateOn(book, 'SEK', '2024-01-01')).toBeNull()
  })
})

describe('toBase', () => {
  it('converts at the day’s rate to the cent', () => {
    const book = rateBook('USD', eur)
    expect(toBase(book, c(10_000), 'EUR', '2024-01-15')).toBe(11_000) // €100.00 × 1.10 = $110.00
    expect(toBase(book, c(-2_550), 'EUR', '2024-02-15')).toBe(-3_060) // −€25.50 × 1.20 = −$30.60
    expect(toBase(book, c(0), 'EUR', '2024-02-15')).toBe(0)
    expect(Object.is(toBase(book, c(0), 'EUR', '2024-02-15'), -0)).toBe(false)
  })

  it('rounds half away from zero to the cent', () => {
    // €1.00 at 10.005 = $10.005 → $10.01 (100 × 10.005 is 1000.5000000000001 in floating point)
    const a = rateBook('USD', [{ currency: 'EUR', quote: 'USD', date: '2024-01-01', rate: 10.005 }])
    expect(toBase(a, c(100), 'EUR', '2024-01-01')).toBe(1001)
    expect(toBase(a, c(-100), 'EUR', '2024-01-01')).toBe(-1001)
    // €10.01 at 0.5 = $5.005 → $5.01; −€10.01 → −$5.01
    const b = rateBook('USD', [{ currency: 'EUR', quote: 'USD', date: '2024-01-01', rate: 0.5 }])
    expect(toBase(b, c(1001), 'EUR', '2024-01-01')).toBe(501)
    expect(toBase(b, c(-1001), 'EUR', '2024-01-01')).toBe(-501)
    expect(toBase(b, c(1003), 'EUR', '2024-01-01')).toBe(502) // 5.015 → 5.02
    // €1.00 at 0.285 = $0.285 → $0.29, though 100 × 0.285 is 28.499999999999996
    const d = rateBook('USD', [{ currency: 'EUR', quote: 'USD', date: '2024-01-01', rate: 0.285 }])
    expect(toBase(d, c(100), 'EUR', '2024-01-01')).toBe(29)
    // below the half: €1.00 at 0.2849 = $0.2849 → $0.28
    const e = rateBook('USD', [{ currency: 'EUR', quote: 'USD', date: '2024-01-01', rate: 0.2849 }])
    expect(toBase(e, c(100), 'EUR', '2024-01-01')).toBe(28)
    // €123.45 at 0.9 = $111.105 → $111.11
    const f = rateBook('USD', [{ currency: 'EUR', quote: 'USD', date: '2024-01-01', rate: 0.9 }])
    expect(toBase(f, c(12_345), 'EUR', '2024-01-01')).toBe(11_111)
  })

  it('keeps large amounts exact: $10,000,000.00 at 1.0905', () => {
    const book = rateBook('USD', [{ currency: 'EUR', quote: 'USD', date: '2024-01-01', rate: 1.0905 }])
    expect(toBase(book, c(1_000_000_000), 'EUR', '2024-01-01')).toBe(1_090_500_000)
    expect(toBase(book, c(1_000_000_001), 'EUR', '2024-01-01')).toBe(1_090_500_001) // 1090500001.0905
  })
})

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero and leaves no −0', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3)
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3)
    expect(roundHalfAwayFromZero(2.4999)).toBe(2)
    expect(roundHalfAwayFromZero(-0.4)).toBe(0)
    expect(Object.is(roundHalfAwayFromZero(-0.4), -0)).toBe(false)
  })
})

describe('parseRatesCsv', () => {
  it('reads date,currency,rate[,quote] with or without a header, skipping blank lines', () => {
    expect(parseRatesCsv('2024-01-01,EUR,1.1\n\n2024-01-02,gbp,1.27,usd\r\n')).toEqual({
      ok: true,
      rates: [
        { line: 1, date: '2024-01-01', currency: 'EUR', rate: 1.1, quote: undefined },
        { line: 3, date: '2024-01-02', currency: 'GBP', rate: 1.27, quote: 'USD' },
      ],
    })
    // a header may order the columns; semicolons and quotes are fine
    expect(parseRatesCsv('Currency;Rate;Date\n"EUR";0.5;2024-01-01')).toEqual({
      ok: true,
      rates: [{ line: 2, date: '2024-01-01', currency: 'EUR', rate: 0.5, quote: undefined }],
    })
  })

  it('names the first bad line', () => {
    const bad = (csv: string) => {
      const r = parseRatesCsv(csv)
      return r.ok ? 'ok' : `${r.line}: ${r.message}`
    }
    expect(bad('date,currency,rate\n2024-01-01,EUR,1.1\n2024-02-30,EUR,1.1')).toMatch(/^3: "2024-02-30" is not a date/)
    expect(bad('2024-01-01,EUR,1.1\n2024-01-02,EURO,1.1')).toMatch(/^2: "EURO" is not a 3-letter/)
    expect(bad('2024-01-01,EUR,0')).toMatch(/^1: "0" is not a rate/)
    expect(bad('2024-01-01,EUR,-1')).toMatch(/^1: "-1" is not a rate/)
    // a rate whose inverse is no ordinary number (a pair is read either way round)
    expect(bad('2024-01-01,EUR,0.0000000001')).toMatch(/^1: "0.0000000001" is not a rate/)
    expect(bad('2024-01-01,EUR,1000000000')).toMatch(/^1: "1000000000" is not a rate/)
    expect(bad('2024-01-01,EUR,1,1')).toMatch(/^1: "1" is not a 3-letter/)
    expect(bad('2024-01-01,EUR,1,2,3')).toMatch(/^1: expected 3 or 4 values/)
    expect(bad('2024-01-01,EUR')).toMatch(/^1: expected/)
    expect(bad('2024-01-01,EUR,1.1,EUR')).toMatch(/^1: the currency and the quote are the same/)
    expect(bad('date,currency,price\n')).toMatch(/^1: unknown or repeated column "price"/)
    expect(bad('date,currency\n')).toMatch(/^1: the header has no rate column/)
    expect(bad('   \n')).toMatch(/^1: the file has no lines/)
    expect(bad('date,currency,rate\n')).toMatch(/the file has no rates/)
    expect(bad('2024-01-01,EUR,1\n2024-01-02,EUR,1\n2024-01-03,EUR,1')).toBe('ok')
    const capped = parseRatesCsv('2024-01-01,EUR,1\n2024-01-02,EUR,1\n2024-01-03,EUR,1', 2)
    expect(capped).toEqual({ ok: false, line: 3, message: 'at most 2 rates in one import' })
  })
})
