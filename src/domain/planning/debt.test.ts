import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import {
  calendarMonthOf,
  compareWithMinimums,
  minimumDue,
  monthlyInterest,
  PlanError,
  planMonthOf,
  promotionEnd,
  simulateDebtPlan,
  strategyOrder,
  type Debt,
} from './debt'

const c = (v: number) => asCents(Math.round(v * 100))
const fixed = (amount: number) => ({ kind: 'fixed' as const, amount: c(amount) })
const debt = (name: string, balance: number, apr: number, minimum: number, extra: Partial<Debt> = {}): Debt => ({
  name,
  balance: c(balance),
  apr,
  minimum: fixed(minimum),
  ...extra,
})

describe('monthly interest and minimums', () => {
  it('is balance × APR ÷ 12 rounded to the cent', () => {
    expect(monthlyInterest(c(1000), 12)).toBe(c(10))
    expect(monthlyInterest(c(500), 20)).toBe(c(8.33)) // 8.3333…
    expect(monthlyInterest(c(819.1), 12)).toBe(c(8.19)) // 8.191
    expect(monthlyInterest(c(1234.56), 19.99)).toBe(c(20.57)) // 20.5657…
    expect(monthlyInterest(c(150), 1)).toBe(c(0.13)) // 0.125 rounds half up
  })

  it('takes the larger of the percentage and the floor, never more than the balance', () => {
    const card = debt('Card', 0, 24, 0, { minimum: { kind: 'percent', percent: 2, floor: c(25) } })
    expect(minimumDue(card, c(2000))).toBe(c(40))
    expect(minimumDue(card, c(1020))).toBe(c(25)) // 20.40 < floor
    expect(minimumDue(card, c(10))).toBe(c(10))
    expect(minimumDue(card, c(0))).toBe(c(0))
  })
})

describe('one debt, worked by hand', () => {
  // $1,000 at 12 % with $100 a month: interest 10.00, 9.10, 8.19, 7.27, 6.35, 5.41, 4.46, 3.51,
  // 2.54, 1.57, 0.58; the 11th payment is the last 58.98
  it('pays off in 11 months with $58.98 of interest', () => {
    const r = simulateDebtPlan({ debts: [debt('Loan', 1000, 12, 100)], strategy: 'avalanche', extraMonthly: c(0) })
    expect(r.months).toBe(11)
    expect(r.finished).toBe(true)
    expect(r.totalInterest).toBe(c(58.98))
    expect(r.totalPaid).toBe(c(1058.98))
    expect(r.schedule.map((m) => m.interest)).toEqual(
      [10, 9.1, 8.19, 7.27, 6.35, 5.41, 4.46, 3.51, 2.54, 1.57, 0.58].map(c),
    )
    expect(r.schedule[1]?.debts[0]).toEqual({ name: 'Loan', interest: c(9.1), payment: c(100), principal: c(90.9), balance: c(819.1) })
    expect(r.schedule[10]?.debts[0]).toEqual({ name: 'Loan', interest: c(0.58), payment: c(58.98), principal: c(58.4), balance: c(0) })
    expect(r.payoffOrder).toEqual([{ name: 'Loan', month: 11 }])
    expect(r.warnings).toEqual([])
  })

  it('adds a one-off payment in its month', () => {
    const r = simulateDebtPlan({
      debts: [debt('Loan', 1000, 0, 100)],
      strategy: 'snowball',
      extraMonthly: c(0),
      oneTime: [{ month: 2, amount: c(300) }],
    })
    expect(r.schedule.map((m) => m.balance)).toEqual([900, 500, 400, 300, 200, 100, 0].map(c))
    expect(r.months).toBe(7)
  })

  it('uses the promotional rate up to its last month', () => {
    const r = simulateDebtPlan({
      debts: [debt('Card', 1200, 12, 100, { promoApr: 0, promoUntilMonth: 2 })],
      strategy: 'avalanche',
      extraMonthly: c(0),
    })
    expect(r.schedule.slice(0, 3).map((m) => m.interest)).toEqual([0, 0, 10].map(c))
  })
})

describe('a promotion ends in a calendar month', () => {
  it('counts plan months from the first, across years', () => {
    expect(planMonthOf('2026-03', '2026-03')).toBe(1)
    expect(planMonthOf('2026-03', '2026-08')).toBe(6)
    expect(planMonthOf('2026-11', '2027-02')).toBe(4)
    expect(planMonthOf('2026-03', '2026-02')).toBe(0)
    expect(calendarMonthOf('2026-11', 4)).toBe('2027-02')
    expect(calendarMonthOf('2026-03', 1)).toBe('2026-03')
    expect(calendarMonthOf('2026-12', 13)).toBe('2027-12')
  })

  it('gives the last plan month of the promotion, from its end month or its months', () => {
    // a plan from March 2026 with 0 % until August: months 1 to 6
    expect(promotionEnd({ promoApr: 0, promoEnds: '2026-08' }, '2026-03', 'debts.0')).toBe(6)
    expect(promotionEnd({ promoApr: 0, promoEnds: '2026-03' }, '2026-03', 'debts.0')).toBe(1)
    expect(promotionEnd({ promoApr: 0, promoMonths: 6 }, '2026-03', 'debts.0')).toBe(6)
    expect(promotionEnd({ promoApr: 0, promoEnds: '2026-08', promoMonths: 6 }, '2026-03', 'debts.0')).toBe(6)
    expect(promotionEnd({}, '2026-03', 'debts.0')).toBeNull()
  })

  it('refuses half a promotion, an end before the plan, and two ends that disagree, naming the field', () => {
    const field = (p: Parameters<typeof promotionEnd>[0]) => {
      try {
        promotionEnd(p, '2026-03', 'debts.1')
      } catch (e) {
        expect(e).toBeInstanceOf(PlanError)
        return (e as PlanError).field
      }
      return null
    }
    expect(field({ promoApr: 0 })).toBe('debts.1.promoEnds')
    expect(field({ promoEnds: '2026-08' })).toBe('debts.1.promoApr')
    expect(field({ promoMonths: 3 })).toBe('debts.1.promoApr')
    expect(field({ promoApr: 0, promoEnds: '2026-02' })).toBe('debts.1.promoEnds')
    expect(field({ promoApr: 0, promoEnds: '2026-13' })).toBe('debts.1.promoEnds')
    expect(field({ promoApr: 0, promoEnds: '2026-08', promoMonths: 5 })).toBe('debts.1.promoMonths')
  })
})

describe('several debts', () => {
  // A $100 min $50, B $200 min $20, both 0 %, $30 extra: the budget is 50 + 20 + 30 = $100.
  // Month 1: A 50 + 30 → 20, B 20 → 180. Month 2: A 20 (paid off), B 20, the freed 60 → B 100.
  // Month 3: B 20 + 80 → 0.
  const debts = [debt('A', 100, 0, 50), debt('B', 200, 0, 20)]

  it('rolls freed minimums on to the next debt (snowball)', () => {
    const r = simulateDebtPlan({ debts, strategy: 'snowball', extraMonthly: c(30) })
    expect(r.schedule.map((m) => m.debts.map((d) => d.balance))).toEqual([
      [c(20), c(180)],
      [c(0), c(100)],
      [c(0), c(0)],
    ])
    expect(r.schedule.map((m) => m.payment)).toEqual([100, 100, 100].map(c))
    expect(r.payoffOrder).toEqual([
      { name: 'A', month: 2 },
      { name: 'B', month: 3 },
    ])
    expect(r.months).toBe(3)
    expect(r.totalPaid).toBe(c(300))
  })

  it('with minimums only, nothing rolls on and the extra is not used', () => {
    const r = simulateDebtPlan({ debts, strategy: 'minimum', extraMonthly: c(30) })
    expect(r.months).toBe(10) // B: $200 at $20
    expect(r.payoffOrder).toEqual([
      { name: 'A', month: 2 },
      { name: 'B', month: 10 },
    ])
    const compared = compareWithMinimums({ debts, strategy: 'snowball', extraMonthly: c(30) })
    expect(compared.monthsSaved).toBe(7)
    expect(compared.interestSaved).toBe(c(0))
  })

  // A $500 at 20 % min $50, B $300 at 10 % min $30, $20 extra: avalanche pays A first.
  // Month 1: interest A 8.33, B 2.50; minimums 50 and 30; the $20 left goes to A: A 438.33, B 272.50.
  // Month 2: interest A 7.31 (438.33 × 0.2 ÷ 12 = 7.3055), B 2.27 (2.2708); A 445.64 − 70 = 375.64,
  // B 274.77 − 30 = 244.77.
  it('avalanche sends the extra to the highest APR, snowball to the smallest balance', () => {
    const two = [debt('A', 500, 20, 50), debt('B', 300, 10, 30)]
    const avalanche = simulateDebtPlan({ debts: two, strategy: 'avalanche', extraMonthly: c(20) })
    expect(avalanche.schedule[0]?.debts).toEqual([
      { name: 'A', interest: c(8.33), payment: c(70), principal: c(61.67), balance: c(438.33) },
      { name: 'B', interest: c(2.5), payment: c(30), principal: c(27.5), balance: c(272.5) },
    ])
    expect(avalanche.schedule[1]?.debts.map((d) => [d.interest, d.balance])).toEqual([
      [c(7.31), c(375.64)],
      [c(2.27), c(244.77)],
    ])
    const snowball = simulateDebtPlan({ debts: two, strategy: 'snowball', extraMonthly: c(20) })
    expect(snowball.schedule[0]?.debts.find((d) => d.name === 'B')?.payment).toBe(c(50))
    // every cent paid is the starting balance plus the interest
    for (const r of [avalanche, snowball]) expect(r.totalPaid).toBe(c(800) + r.totalInterest)
    expect(avalanche.totalInterest).toBeLessThan(snowball.totalInterest)
  })

  it('follows a custom order, the rest as given', () => {
    const three = [debt('A', 1, 1, 1), debt('B', 2, 2, 1), debt('C', 3, 3, 1)]
    expect(strategyOrder(three, 'custom', ['C']).map((d) => d.name)).toEqual(['C', 'A', 'B'])
    expect(strategyOrder(three, 'snowball').map((d) => d.name)).toEqual(['A', 'B', 'C'])
    expect(strategyOrder(three, 'avalanche').map((d) => d.name)).toEqual(['C', 'B', 'A'])
  })
})

describe('plans that never finish', () => {
  it('warns when a minimum does not cover the interest and stops after 600 months', () => {
    const r = simulateDebtPlan({ debts: [debt('Card', 5000, 24, 50)], strategy: 'minimum', extraMonthly: c(0) })
    expect(r.finished).toBe(false)
    expect(r.months).toBeNull()
    expect(r.schedule).toHaveLength(600)
    expect(r.warnings.map((w) => w.code)).toEqual(['minimum_below_interest', 'never_finishes'])
    expect(r.warnings[0]?.message).toContain("doesn't cover its $100.00 monthly interest")
    const compared = compareWithMinimums({ debts: [debt('Card', 5000, 24, 50)], strategy: 'avalanche', extraMonthly: c(100) })
    expect(compared.plan.finished).toBe(true)
    expect(compared.interestSaved).toBeNull()
  })

  it('stops a plan whose debt grows without end before its numbers lose cents', () => {
    const r = simulateDebtPlan({ debts: [debt('Shark', 9_999_999_999, 999, 1)], strategy: 'minimum', extraMonthly: c(0) })
    expect(r.finished).toBe(false)
    expect(r.schedule.length).toBeLessThan(600)
    for (const m of r.schedule) expect(Number.isSafeInteger(m.balance)).toBe(true)
  })

  it('names the field of impossible input', () => {
    expect(() =>
      simulateDebtPlan({ debts: [debt('A', 1, 1, 1), debt('A', 2, 2, 2)], strategy: 'snowball', extraMonthly: c(0) }),
    ).toThrow(PlanError)
    try {
      simulateDebtPlan({ debts: [debt('A', 1, 19.999, 1)], strategy: 'snowball', extraMonthly: c(0) })
    } catch (e) {
      expect((e as PlanError).field).toBe('debts.0.apr')
    }
    expect(() =>
      simulateDebtPlan({ debts: [debt('A', 1, 1, 1)], strategy: 'custom', extraMonthly: c(0), order: ['Z'] }),
    ).toThrow(/No debt is named "Z"/)
  })
})
