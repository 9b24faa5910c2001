// The reports' arithmetic by hand, to the cent: conversion per (currency, month) at the month
// end's rate with missing rates named, category averages and trends, net worth at month ends
// with kept investment values, the Sankey's groups, and the payees' order.
import { describe, expect, it } from 'vitest'
import { rateBook } from '#src/domain/currency'
import { cashFlow, converter, netWorthHistory, sankey, spendingByCategory, topMerchants, type CategoryMonthRow } from './compute'

const book = rateBook('USD', [
  { currency: 'EUR', quote: 'USD', date: '2026-01-31', rate: 1.1 },
  { currency: 'USD', quote: 'GBP', date: '2026-02-01', rate: 0.8 },
])

describe('converter', () => {
  it('converts at the rate of the month’s last day, rounds half away from zero, and names what has no rate', () => {
    const conv = converter('usd', book)
    expect(conv.convert(1005, 'USD', '2025-12')).toBe(1005)
    // no EUR rate on or before 2025-12-31
    expect(conv.convert(1000, 'EUR', '2025-12')).toBeNull()
    // 0.05 EUR × 1.1 = 0.055 → 0.06; −0.055 → −0.06
    expect(conv.convert(5, 'EUR', '2026-01')).toBe(6)
    expect(conv.convert(-5, 'EUR', '2026-01')).toBe(-6)
    // the inverse pair: 1 GBP = 1 / 0.8 = 1.25 USD
    expect(conv.convert(1000, 'GBP', '2026-02')).toBe(1250)
    // nothing to convert needs no rate
    expect(conv.convert(0, 'JPY', '2026-02')).toBe(0)
    expect(conv.convert(1, 'JPY', '2026-02')).toBeNull()
    expect([...conv.missing].sort()).toEqual(['EUR', 'JPY'])
  })
})

const row = (categoryId: string | null, currency: string, month: string, income: number, expense: number): CategoryMonthRow => ({
  categoryId,
  currency,
  month,
  income,
  expense,
})

describe('cash flow and categories', () => {
  it('converts each currency’s month total once, and a month with a missing rate is null', () => {
    const conv = converter('USD', book)
    const rows = [
      row('food', 'USD', '2026-01', 0, 1000),
      row('fun', 'EUR', '2026-01', 0, 333),
      row('food', 'EUR', '2026-01', 0, 334),
      row('pay', 'USD', '2026-01', 50_000, 0),
      row('food', 'EUR', '2025-12', 0, 100),
    ]
    // (333 + 334) × 1.1 = 733.7 → 734 (not 366 + 367 = 733)
    expect(cashFlow(rows, ['2025-12', '2026-01', '2026-02'], conv)).toEqual([
      { month: '2025-12', income: 0, expenses: null, net: null },
      { month: '2026-01', income: 50_000, expenses: 1734, net: 48_266 },
      { month: '2026-02', income: 0, expenses: 0, net: 0 },
    ])
  })

  it('averages over the range’s months and compares the last month to it', () => {
    const conv = converter('USD', null)
    const categories = new Map([
      ['food', { name: 'Food', parentId: null }],
      ['tea', { name: 'Tea', parentId: 'food' }],
    ])
    const rows = [row('food', 'USD', '2026-01', 0, 1000), row('food', 'USD', '2026-03', 0, 2000), row('tea', 'USD', '2026-02', 0, 1), row(null, 'USD', '2026-02', 500, 0)]
    const [food, tea, ...rest] = spendingByCategory(rows, categories, ['2026-01', '2026-02', '2026-03'], conv)
    // 3000 / 3 = 1000; March 2000 is 100 % above
    expect(food).toMatchObject({ categoryName: 'Food', groupId: null, total: 3000, average: 1000, trend: 1 })
    expect(food?.months).toEqual([
      { month: '2026-01', total: 1000 },
      { month: '2026-02', total: 0 },
      { month: '2026-03', total: 2000 },
    ])
    // 1 cent over 3 months averages 0: no trend against nothing
    expect(tea).toMatchObject({ categoryName: 'Tea', groupId: 'food', groupName: 'Food', total: 1, average: 0, trend: null })
    // income alone is not spending
    expect(rest).toEqual([])
  })
})

describe('sankey', () => {
  it('puts a group’s own spending beside its children, and a top-level category straight under the total', () => {
    const categories = new Map([
      ['home', { name: 'Home', parentId: null }],
      ['rent', { name: 'Rent', parentId: 'home' }],
      ['food', { name: 'Food', parentId: null }],
      ['pay', { name: 'Pay', parentId: null }],
    ])
    const rows = [
      row('pay', 'USD', '2026-01', 100_000, 0),
      row(null, 'USD', '2026-01', 2_000, 0),
      row('rent', 'USD', '2026-01', 0, 80_000),
      row('home', 'USD', '2026-01', 0, 5_000),
      row('food', 'USD', '2026-01', 0, 30_000),
    ]
    const s = sankey(rows, categories, converter('USD', null))
    const named = s.links.map((l) => [s.nodes[l.source]?.name, s.nodes[l.target]?.name, l.value])
    expect(named).toEqual([
      ['Pay', 'Income', 100_000],
      ['Uncategorized', 'Income', 2_000],
      ['Shortfall', 'Income', 13_000],
      ['Income', 'Home', 85_000],
      ['Home', 'Rent', 80_000],
      ['Home', 'Home', 5_000],
      ['Income', 'Food', 30_000],
    ])
    expect(s.nodes.map((n) => n.kind)).toEqual(['total', 'income', 'income', 'shortfall', 'group', 'category', 'category', 'category'])
    expect({ income: s.income, expenses: s.expenses }).toEqual({ income: 102_000, expenses: 115_000 })
  })
})

describe('net worth history', () => {
  it('walks balances back through later changes, swaps in each month’s kept holdings, and splits assets from liabilities', () => {
    const accounts = [
      { id: 'chk', type: 'checking', currency: 'USD', balance: 500_00, investmentValue: 0 },
      { id: 'card', type: 'credit_card', currency: 'USD', balance: -120_00, investmentValue: 0 },
      // 2000 of ledger cash plus 3000 of holdings now
      { id: 'inv', type: 'investment', currency: 'USD', balance: 5000_00, investmentValue: 3000_00 },
      { id: 'mort', type: 'mortgage', currency: 'EUR', balance: -1000_00, investmentValue: 0 },
    ]
    const changes = new Map([
      ['chk', new Map([['2026-02', 100_00], ['2026-03', -50_00], ['2026-04', 25_00]])],
      ['card', new Map([['2026-03', -20_00]])],
      ['inv', new Map([['2026-03', 500_00]])],
    ])
    const values = new Map([['inv', new Map<string, number | null>([['2026-01', 2000_00], ['2026-02', null]])]])
    const conv = converter('USD', book)
    const [jan, feb, mar] = netWorthHistory(accounts, changes, values, ['2026-01', '2026-02', '2026-03'], '2026-03', conv, new Set())
    // January: chk 500 − (100 − 50 + 25) = 425; card −120 + 20 = −100; inv 2000 − 500 + 2000 held = 3500; mortgage €−1000 × 1.1
    expect(jan).toEqual({
      month: '2026-01',
      assets: 3925_00,
      liabilities: 1200_00,
      netWorth: 2725_00,
      byKind: { checking: 425_00, savings: 0, credit_card: -100_00, investment: 3500_00, loan: 0, mortgage: -1100_00, cash: 0, other: 0 },
      missingValues: [],
    })
    // February: the holdings are unknown
    expect(feb).toMatchObject({ assets: null, liabilities: 1200_00, netWorth: null, missingValues: ['inv'] })
    expect(feb?.byKind).toMatchObject({ checking: 525_00, investment: null })
    // March (this month): today's balances but April's 25
    expect(mar).toMatchObject({ assets: 475_00 + 5000_00, liabilities: 120_00 + 1100_00, netWorth: 4255_00 })
  })

  it('counts an account it may show only today’s balance of at that balance in every month (ADR 0048)', () => {
    const accounts = [
      { id: 'chk', type: 'checking', currency: 'USD', balance: 500_00, investmentValue: 0 },
      { id: 'inv', type: 'investment', currency: 'USD', balance: 5000_00, investmentValue: 3000_00 },
    ]
    // even when changes and kept values are at hand, they are not used for it
    const changes = new Map([
      ['chk', new Map([['2026-02', 100_00]])],
      ['inv', new Map([['2026-02', 700_00], ['2026-03', 500_00]])],
    ])
    const values = new Map([['inv', new Map<string, number | null>([['2026-01', 2000_00], ['2026-02', null]])]])
    const months = netWorthHistory(accounts, changes, values, ['2026-01', '2026-02', '2026-03', '2026-04'], '2026-03', converter('USD', book), new Set(['inv']))
    expect(months.map((m) => m.byKind.investment)).toEqual([5000_00, 5000_00, 5000_00, 5000_00])
    expect(months.map((m) => m.byKind.checking)).toEqual([400_00, 500_00, 500_00, 500_00])
    expect(months.map((m) => m.missingValues)).toEqual([[], [], [], []])
  })
})

describe('top merchants', () => {
  it('adds each payee over currencies and months, largest first then by name, at most the limit', () => {
    const conv = converter('USD', book)
    const rows = [
      { merchant: 'B', currency: 'USD', month: '2026-01', total: 1000, count: 2 },
      { merchant: 'A', currency: 'USD', month: '2026-01', total: 1000, count: 1 },
      { merchant: 'C', currency: 'EUR', month: '2026-01', total: 1000, count: 1 },
      { merchant: 'C', currency: 'EUR', month: '2025-12', total: 1000, count: 1 },
      { merchant: 'D', currency: 'USD', month: null, total: 5, count: 1 },
    ]
    expect(topMerchants(rows, 3, conv)).toEqual([
      { merchant: 'C', total: 1100, count: 1 },
      { merchant: 'A', total: 1000, count: 1 },
      { merchant: 'B', total: 1000, count: 2 },
    ])
    expect([...conv.missing]).toEqual(['EUR'])
  })
})
