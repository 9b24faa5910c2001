// QIF amounts in the forms some banks write them: a group mark left before the digits
// ("T,300.00", "T-,109.59") and a decimal comma shown by the file's other amounts ("T1.234,56").

import { describe, expect, it } from 'vitest'
import { guessQifDecimal } from './qif'
import { parseStatement } from './parse'

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)

function qif(...amounts: string[]): Uint8Array {
  return utf8(`!Type:Bank\n${amounts.map((a, i) => `D01/0${String(i + 1)}/2020\nT${a}\nPRow ${String(i + 1)}\n^\n`).join('')}`)
}

describe('QIF amounts from the wild', () => {
  it('reads a group mark before the digits', () => {
    const result = parseStatement(qif(',300.00', '-,109.59', '-1,000.00', '12.50'))
    expect(result.errors).toEqual([])
    expect(result.accounts[0]?.transactions.map((t) => t.amount)).toEqual([30000, -10959, -100000, 1250])
  })

  it('reads a decimal comma where the other amounts show it, and says so', () => {
    const result = parseStatement(qif('1.234,56', '-12,50', '-1.000', '3,5'))
    expect(result.errors).toEqual([])
    expect(result.accounts[0]?.transactions.map((t) => t.amount)).toEqual([123456, -1250, -100000, 350])
    expect(result.warnings.map((w) => w.message)).toContain('Line 1: the amounts are written with a decimal comma (1.234,56); they were read that way')
  })

  it('names a row it still cannot read by its line and value', () => {
    const result = parseStatement(qif('12.00', 'twelve'))
    expect(result.errors.map((e) => e.message)).toEqual(['Line 7: "twelve" is not an amount'])
    expect(result.accounts[0]?.transactions).toHaveLength(1)
  })

  it('rounds more decimals than cents, with a warning', () => {
    const result = parseStatement(qif('-10.005', '1.00'))
    expect(result.accounts[0]?.transactions.map((t) => t.amount)).toEqual([-1001, 100])
    expect(result.warnings.map((w) => w.message)).toEqual(['Line 3: "-10.005" has more decimals than cents; it was rounded to -10.01'])
  })

  it.each([
    [['T1.234,56', 'T-3,00'], ','],
    [['T1,234.56', 'T-3.00'], '.'],
    [['T100'], null],
  ] as const)('guesses the decimal mark of %j as %s', (lines, mark) => {
    expect(guessQifDecimal(lines)).toBe(mark)
  })
})
