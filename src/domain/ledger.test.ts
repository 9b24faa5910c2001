import { describe, expect, it } from 'vitest'
import { balanceDeltas, rollupDeltas, splitsBalance, type LedgerRow } from './ledger'
import { asCents } from './money'

const row = (over: Partial<LedgerRow>): LedgerRow => ({
  accountId: 'a1',
  categoryId: 'groceries',
  date: '2026-03-14',
  amount: asCents(-4599),
  kind: 'standard',
  splits: [],
  ...over,
})

describe('ledger deltas', () => {
  it('counts spending and income per category and month', () => {
    const deltas = rollupDeltas(
      [
        row({}),
        row({ amount: asCents(-1001), date: '2026-03-31' }),
        row({ amount: asCents(250000), categoryId: 'salary', date: '2026-03-01' }),
        row({ amount: asCents(-500), date: '2026-04-01' }),
      ],
      1,
    )
    expect(deltas).toEqual([
      { accountId: 'a1', categoryId: 'groceries', month: '2026-03-01', income: 0, expense: 5600, other: 0, count: 2 },
      { accountId: 'a1', categoryId: 'salary', month: '2026-03-01', income: 250000, expense: 0, other: 0, count: 1 },
      { accountId: 'a1', categoryId: 'groceries', month: '2026-04-01', income: 0, expense: 500, other: 0, count: 1 },
    ])
  })

  it('keeps transfers, opening balances and adjustments out of income and spending', () => {
    const deltas = rollupDeltas(
      [
        row({ kind: 'transfer', amount: asCents(-10000), categoryId: 'ignored' }),
        row({ kind: 'opening_balance', amount: asCents(500000) }),
        row({ kind: 'adjustment', amount: asCents(-123) }),
      ],
      1,
    )
    expect(deltas).toEqual([
      { accountId: 'a1', categoryId: null, month: '2026-03-01', income: 0, expense: 0, other: 489877, count: 3 },
    ])
  })

  it('spreads a split transaction over its categories and counts it once', () => {
    const deltas = rollupDeltas(
      [
        row({
          amount: asCents(-10000),
          categoryId: null,
          splits: [
            { categoryId: 'groceries', amount: asCents(-7550) },
            { categoryId: 'household', amount: asCents(-2450) },
          ],
        }),
      ],
      1,
    )
    expect(deltas.map((d) => [d.categoryId, d.expense, d.count])).toEqual([
      ['groceries', 7550, 1],
      ['household', 2450, 0],
    ])
  })

  it('removal is the exact opposite of addition', () => {
    const rows = [row({}), row({ amount: asCents(1234), categoryId: 'refund' })]
    const added = rollupDeltas(rows, 1)
    const removed = rollupDeltas(rows, -1)
    expect(removed.map((d) => d.expense + (added.find((a) => a.categoryId === d.categoryId)?.expense ?? NaN))).toEqual([0, 0])
    expect(balanceDeltas(rows, -1).get('a1')).toBe(-(balanceDeltas(rows, 1).get('a1') ?? 0))
    expect(balanceDeltas(rows, 1).get('a1')).toBe(-4599 + 1234)
  })

  it('checks that splits add up to the cent', () => {
    expect(splitsBalance(asCents(-10000), [{ amount: asCents(-7550) }, { amount: asCents(-2450) }])).toBe(true)
    expect(splitsBalance(asCents(-10000), [{ amount: asCents(-7550) }, { amount: asCents(-2449) }])).toBe(false)
  })
})
