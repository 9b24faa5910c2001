import { describe, expect, it } from 'vitest'
import { asCents } from '#src/domain/money'
import { creditScoreCsv, csvFileName, moneyCell, toCsv } from './csv'

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and ends lines with CRLF after a BOM', () => {
    const text = toCsv(
      ['Merchant', 'Total'],
      [
        ['Bakery, "the good one"', '12.50'],
        ['Two\nlines', null],
        [' padded ', 3],
      ],
    )
    expect(text).toBe(
      '\uFEFFMerchant,Total\r\n"Bakery, ""the good one""",12.50\r\n"Two\nlines",\r\n" padded ",3\r\n',
    )
  })

  it('defuses text a spreadsheet would run as a formula, but keeps negative numbers', () => {
    const text = toCsv(['a', 'b', 'c'], [['=SUM(A1)', '-12.00', '@x']])
    expect(text).toBe("\uFEFFa,b,c\r\n'=SUM(A1),-12.00,'@x\r\n")
  })
})

describe('moneyCell', () => {
  it('writes cents as decimals with two places, missing as empty', () => {
    expect(moneyCell(asCents(123456))).toBe('1234.56')
    expect(moneyCell(asCents(-5))).toBe('-0.05')
    expect(moneyCell(asCents(0))).toBe('0.00')
    expect(moneyCell(null)).toBe(null)
  })
})

describe('csvFileName', () => {
  it('names the report and its range', () => {
    expect(csvFileName('Cash flow', '2025-12-01', '2026-11-25')).toBe(
      'kinwise-cash-flow-2025-12-01-to-2026-11-25.csv',
    )
    expect(csvFileName('Spending by category', '2026-01-01', '2026-11-25')).toBe(
      'kinwise-spending-by-category-2026-01-01-to-2026-11-25.csv',
    )
  })
})

describe('creditScoreCsv', () => {
  it('lists every entry oldest first with its band and its change from the one before', () => {
    const csv = creditScoreCsv([
      { id: 'a', score: 640, provider: '', date: '2026-01-05' },
      { id: 'b', score: 702, provider: 'Experian', date: '2026-04-02' },
      { id: 'c', score: 690, provider: 'Experian', date: '2026-07-01' },
    ])
    expect(csv).toBe(
      '\uFEFFDate,Score,Band,Provider,Change\r\n2026-01-05,640,Fair,Manual,\r\n2026-04-02,702,Good,Experian,62\r\n2026-07-01,690,Good,Experian,-12\r\n',
    )
  })
})
