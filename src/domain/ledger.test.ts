import { describe, expect, it } from 'vitest'
import { balanceDeltas, DeltaTotals, merchantDeltas, rollupDeltas, splitsBalance, type LedgerRow } from './ledger'
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

  it('sums the deltas of many writes into what applying each in turn would give', () => {
    const totals = new DeltaTotals()
    // a first chunk: two groceries rows in March at Corner Market, salary in March
    totals.add(
      [
        row({ merchant: 'Corner Market' }),
        row({ merchant: 'Corner Market', amount: asCents(-1001), date: '2026-03-31' }),
        row({ merchant: 'Employer', amount: asCents(250000), categoryId: 'salary', date: '2026-03-01' }),
      ],
      1,
    )
    // a second: Corner Market again in March, a transfer out, and another account's April row
    totals.add(
      [
        row({ merchant: 'Corner Market', amount: asCents(-2500), date: '2026-03-02' }),
        row({ merchant: 'Savings', amount: asCents(-10000), kind: 'transfer', categoryId: null }),
        row({ accountId: 'a2', merchant: 'Corner Market', amount: asCents(-500), date: '2026-04-01' }),
      ],
      1,
    )
    // a third takes one row back out (an edit's removal)
    totals.add([row({ merchant: 'Corner Market', amount: asCents(-1001), date: '2026-03-31' })], -1)
    // balances: a1 = −45.99 −10.01 +2,500.00 −25.00 −100.00 +10.01 = 2,329.01; a2 = −5.00
    expect([...totals.balances]).toEqual([
      ['a1', 232901],
      ['a2', -500],
    ])
    // March groceries in a1: 45.99 + 10.01 + 25.00 − 10.01 = 70.99 over 2 rows
    expect(totals.rollups.get('a1|groceries|2026-03-01')).toEqual({ accountId: 'a1', categoryId: 'groceries', month: '2026-03-01', income: 0, expense: 7099, other: 0, count: 2 })
    expect(totals.rollups.get('a1||2026-03-01')).toEqual({ accountId: 'a1', categoryId: null, month: '2026-03-01', income: 0, expense: 0, other: -10000, count: 1 })
    expect(totals.merchants.get('a1|2026-03-01|Corner Market')).toEqual({ accountId: 'a1', merchant: 'Corner Market', month: '2026-03-01', spent: 7099, count: 2 })
    expect(totals.merchants.get('a2|2026-04-01|Corner Market')).toEqual({ accountId: 'a2', merchant: 'Corner Market', month: '2026-04-01', spent: 500, count: 1 })
    // the same as the deltas of all the rows at once
    const all = [
      row({ merchant: 'Corner Market' }),
      row({ merchant: 'Employer', amount: asCents(250000), categoryId: 'salary', date: '2026-03-01' }),
      row({ merchant: 'Corner Market', amount: asCents(-2500), date: '2026-03-02' }),
      row({ merchant: 'Savings', amount: asCents(-10000), kind: 'transfer', categoryId: null }),
      row({ accountId: 'a2', merchant: 'Corner Market', amount: asCents(-500), date: '2026-04-01' }),
    ]
    expect([...totals.rollups.values()]).toEqual(expect.arrayContaining(rollupDeltas(all, 1)))
    expect(totals.rollups.size).toBe(rollupDeltas(all, 1).length)
    expect([...totals.merchants.values()]).toEqual(expect.arrayContaining(merchantDeltas(all, 1)))
    expect(totals.size).toBe(2 + totals.rollups.size + totals.merchants.size)
    totals.clear()
    expect(totals.size).toBe(0)
  })
})
