import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import { allocationBy, allocationDrift, topHoldings, type Position } from './allocation'
import { InvestmentError } from './lots'

const c = asCents

// $10,000.00 in all: VTI $5,000.00 + $1,000.00 in two accounts, BND $3,000.00, cash $1,000.00
// (held in euros, already converted).
const positions: Position[] = [
  { symbol: 'VTI', kind: 'etf', accountId: 'brokerage', currency: 'USD', value: c(500_000) },
  { symbol: 'VTI', kind: 'etf', accountId: 'ira', currency: 'USD', value: c(100_000) },
  { symbol: 'BND', kind: 'bond', accountId: 'ira', currency: 'USD', value: c(300_000) },
  { symbol: 'CASH', kind: 'cash', accountId: 'brokerage', currency: 'EUR', value: c(100_000) },
]

describe('allocationBy', () => {
  it('splits the total by asset kind, largest first', () => {
    expect(allocationBy(positions, 'kind')).toEqual([
      { key: 'etf', value: 600_000, share: 0.6 },
      { key: 'bond', value: 300_000, share: 0.3 },
      { key: 'cash', value: 100_000, share: 0.1 },
    ])
  })

  it('by account and by currency', () => {
    // brokerage 5000 + 1000 = 6000; ira 1000 + 3000 = 4000
    expect(allocationBy(positions, 'account')).toEqual([
      { key: 'brokerage', value: 600_000, share: 0.6 },
      { key: 'ira', value: 400_000, share: 0.4 },
    ])
    expect(allocationBy(positions, 'currency').map((s) => [s.key, s.share])).toEqual([
      ['USD', 0.9],
      ['EUR', 0.1],
    ])
  })

  it('has no shares when there is nothing', () => {
    expect(
      allocationBy(
        [{ symbol: 'VTI', kind: 'etf', accountId: 'ira', currency: 'USD', value: c(0) }],
        'kind',
      ),
    ).toEqual([{ key: 'etf', value: 0, share: null }])
  })
})

describe('topHoldings', () => {
  it('is the largest holdings across accounts and the rest together', () => {
    expect(topHoldings(positions, 1)).toEqual({
      top: [{ key: 'VTI', value: 600_000, share: 0.6 }],
      rest: { count: 2, value: 400_000, share: 0.4 },
    })
    expect(topHoldings(positions, 5).rest).toBeNull()
  })
})

describe('allocationDrift', () => {
  it('is actual − target, with what to buy or sell to get back', () => {
    // targets 70 / 25 / 5 of $10,000.00 = $7,000.00 / $2,500.00 / $500.00
    const rows = allocationDrift(positions, 'kind', [
      { key: 'etf', percent: 70 },
      { key: 'bond', percent: 25 },
      { key: 'cash', percent: 5 },
    ])
    expect(rows.map((r) => [r.key, r.toTarget])).toEqual([
      ['etf', 100_000], // buy $1,000.00
      ['bond', -50_000], // sell $500.00
      ['cash', -50_000], // spend $500.00
    ])
    // 0.6 − 0.7 = −0.1; 0.3 − 0.25 = +0.05; 0.1 − 0.05 = +0.05
    expect(rows[0]?.drift).toBeCloseTo(-0.1, 9)
    expect(rows[1]?.drift).toBeCloseTo(0.05, 9)
    expect(rows[2]?.drift).toBeCloseTo(0.05, 9)
    expect(rows[0]?.target).toBe(0.7)
  })

  it('counts a kind with no target at 0 %, and a target with nothing held at 0', () => {
    const rows = allocationDrift(positions, 'kind', [
      { key: 'etf', percent: 80 },
      { key: 'crypto', percent: 20 },
    ])
    expect(rows.map((r) => [r.key, r.value, r.toTarget])).toEqual([
      ['etf', 600_000, 200_000],
      ['crypto', 0, 200_000],
      ['bond', 300_000, -300_000],
      ['cash', 100_000, -100_000],
    ])
    expect(rows[2]?.drift).toBeCloseTo(0.3, 9)
  })

  it('accepts targets with decimals that add up to 100', () => {
    const thirds = [
      { key: 'etf', percent: 33.33 },
      { key: 'bond', percent: 33.33 },
      { key: 'cash', percent: 33.34 },
    ]
    expect(allocationDrift(positions, 'kind', thirds)).toHaveLength(3)
  })

  it('refuses targets that do not add up to 100', () => {
    const wrong = () =>
      allocationDrift(positions, 'kind', [
        { key: 'etf', percent: 70 },
        { key: 'bond', percent: 29 },
      ])
    expect(wrong).toThrow(InvestmentError)
    expect(wrong).toThrow('Target percentages must add up to 100 (they add up to 99).')
    expect(() =>
      allocationDrift(positions, 'kind', [
        { key: 'etf', percent: 120 },
        { key: 'bond', percent: -20 },
      ]),
    ).toThrow(InvestmentError)
    expect(() =>
      allocationDrift(positions, 'kind', [
        { key: 'etf', percent: 50 },
        { key: 'etf', percent: 50 },
      ]),
    ).toThrow('etf has more than one target.')
  })
})
