import { describe, expect, it } from 'vitest'
import type { HoldingRow } from '#src/contract/investments'
import { asCents } from '#src/domain/money'
import { gainShare, summarize } from './summary'

function row(partial: Partial<HoldingRow> & Pick<HoldingRow, 'symbol'>): HoldingRow {
  return {
    accountId: 'a',
    securityId: `s-${partial.symbol}`,
    name: partial.symbol,
    kind: 'stock',
    currency: 'USD',
    accountCurrency: 'USD',
    quantity: 1,
    costBasis: asCents(0),
    averageCost: null,
    price: null,
    priceDate: null,
    marketValue: null,
    unrealizedGain: null,
    realizedGain: asCents(0),
    income: asCents(0),
    missingPrice: false,
    missingReason: null,
    ...partial,
  }
}

describe('summarize', () => {
  it('adds up held, priced holdings; realised gain from every row; no price is not 0', () => {
    const list = [
      // 10 at 100.00 cost, now 120.00: +200.00
      row({
        symbol: 'VTI',
        quantity: 10,
        costBasis: asCents(100_000),
        marketValue: asCents(120_000),
        unrealizedGain: asCents(20_000),
        realizedGain: asCents(1_550),
      }),
      // cost 500.00, now 450.00: −50.00
      row({
        symbol: 'BND',
        quantity: 5,
        costBasis: asCents(50_000),
        marketValue: asCents(45_000),
        unrealizedGain: asCents(-5_000),
      }),
      // no price: cost counted, value and gain not
      row({ symbol: 'XYZ', quantity: 3, costBasis: asCents(30_000), missingPrice: true }),
      // sold out: only its realised gain
      row({ symbol: 'OLD', quantity: 0, realizedGain: asCents(-2_000) }),
    ]
    const [usd] = summarize(list)
    expect(usd).toEqual({
      currency: 'USD',
      marketValue: 165_000,
      costBasis: 180_000,
      unrealizedGain: 15_000,
      unrealizedShare: 15_000 / 150_000,
      realizedGain: -450,
      held: 3,
      unpriced: 1,
    })
  })

  it('keeps currencies apart, largest first', () => {
    const list = [
      row({
        symbol: 'A',
        accountCurrency: 'EUR',
        marketValue: asCents(100),
        unrealizedGain: asCents(0),
        costBasis: asCents(100),
      }),
      row({
        symbol: 'B',
        accountCurrency: 'USD',
        marketValue: asCents(900),
        unrealizedGain: asCents(0),
        costBasis: asCents(900),
      }),
    ]
    expect(summarize(list).map((s) => s.currency)).toEqual(['USD', 'EUR'])
  })

  it('gives a holding its gain as a share of its cost', () => {
    expect(gainShare({ unrealizedGain: asCents(2_500), costBasis: asCents(10_000) })).toBe(0.25)
    expect(gainShare({ unrealizedGain: null, costBasis: asCents(10_000) })).toBeNull()
    expect(gainShare({ unrealizedGain: asCents(10), costBasis: asCents(0) })).toBeNull()
  })
})
