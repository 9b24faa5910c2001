import { describe, expect, it } from 'vitest'
import { accountFileName, ofxEnd, ofxStart, ofxText, ofxTransaction, plainAmount } from './data-export'
import { asCents } from './money'
import { parseOfx } from './import/ofx'

describe('amounts', () => {
  it('writes amounts as plain decimals with two places', () => {
    expect(plainAmount(asCents(-1234))).toBe('-12.34')
    expect(plainAmount(asCents(5))).toBe('0.05')
    expect(plainAmount(asCents(-5))).toBe('-0.05')
    expect(plainAmount(asCents(100000000))).toBe('1000000.00')
    expect(plainAmount(asCents(0))).toBe('0.00')
  })
})

describe('OFX', () => {
  it('escapes markup and flattens lines', () => {
    expect(ofxText('A & B <c>\nnext')).toBe('A &amp; B &lt;c&gt; next')
  })
  it('writes a statement the OFX reader reads back', () => {
    const account = { id: 'acc-1', type: 'savings', currency: 'EUR', balance: asCents(12345) }
    const file =
      ofxStart(account, '2026-01-01', '2026-03-15', new Date(Date.UTC(2026, 2, 15))) +
      ofxTransaction({ id: 't1', date: '2026-01-02', amount: asCents(-1050), payee: 'Café & Co', memo: 'coffee' }) +
      ofxTransaction({ id: 't2', date: '2026-02-03', amount: asCents(200000), payee: 'Employer', memo: '' }) +
      ofxEnd(account, '2026-03-15')
    const result = parseOfx(new TextEncoder().encode(file))
    expect(result.errors).toEqual([])
    expect(result.warnings).toEqual([])
    const [read] = result.accounts
    expect(read?.type).toBe('savings')
    expect(read?.currency).toBe('EUR')
    expect(read?.ledgerBalance).toEqual({ amount: 12345, date: '2026-03-15' })
    expect(read?.transactions.map((t) => [t.date, t.amount, t.payee, t.memo, t.externalId])).toEqual([
      ['2026-01-02', -1050, 'Café & Co', 'coffee', 't1'],
      ['2026-02-03', 200000, 'Employer', '', 't2'],
    ])
  })
})

describe('file names in the ZIP', () => {
  it('drops folders and forbidden characters and keeps names unique', () => {
    const taken = new Set<string>()
    expect(accountFileName('Joint ../checking', taken)).toBe('Joint ..-checking')
    expect(accountFileName('Card: "gold"', taken)).toBe('Card- -gold-')
    expect(accountFileName('card: "GOLD"', taken)).toBe('card- -GOLD- (2)')
    expect(accountFileName('...', taken)).toBe('account')
  })
})
