import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import {
  categoryOverAverage,
  chooseActions,
  idleCash,
  isOwnCharge,
  measureCategory,
  measureIdleCash,
  measureSubscription,
  measureWindow,
  monthlyInterest,
  unusedSubscription,
  type CoachingAction,
  type IdleCashAction,
  type SubscriptionAction,
} from './actions'
import { actionWording, resultWording } from './wording'

const c = asCents
const stream = { payee: 'StreamFlix', payeeKey: 'streamflix', cadence: 'monthly' as const, amount: c(1599), source: 'recurring' as const }

describe('unused subscriptions', () => {
  const charges = [
    { payeeKey: 'streamflix', date: '2026-01-05', amount: c(1599) },
    { payeeKey: 'streamflix', date: '2026-02-05', amount: c(1599) },
    { payeeKey: 'streamflix', date: '2026-03-05', amount: c(1599) },
  ]

  it('own charges are within 10 % of the expected amount', () => {
    expect(isOwnCharge(c(1599), c(1599))).toBe(true)
    expect(isOwnCharge(c(1758), c(1599))).toBe(true) // 1.59 off: within 1.599
    expect(isOwnCharge(c(1760), c(1599))).toBe(false)
    expect(isOwnCharge(c(499), c(1599))).toBe(false)
  })

  it('suggests cancelling one that only charged itself for 60 days: the saving is its monthly cost', () => {
    const action = unusedSubscription(stream, charges, '2026-03-15')
    expect(action?.saving).toBe(1599)
    expect(action?.key).toBe('subscription:streamflix')
  })

  it('a yearly one saves a twelfth: 119.88 a year → 9.99 a month', () => {
    const yearly = { ...stream, cadence: 'yearly' as const, amount: c(11988) }
    const action = unusedSubscription(yearly, [{ payeeKey: 'streamflix', date: '2025-11-01', amount: c(11988) }], '2026-03-15')
    expect(action?.saving).toBe(999)
  })

  it('other spending at the payee in the last 60 days means it is used', () => {
    // 2026-03-15 − 59 days = 2026-01-15: a rental on the 20th of January is inside
    expect(unusedSubscription(stream, [...charges, { payeeKey: 'streamflix', date: '2026-01-20', amount: c(399) }], '2026-03-15')).toBeNull()
    // one on the 14th is outside the 60 days
    expect(unusedSubscription(stream, [...charges, { payeeKey: 'streamflix', date: '2026-01-14', amount: c(399) }], '2026-03-15')).not.toBeNull()
  })

  it('needs 60 days of history, and a cost of at most 100 a month', () => {
    expect(unusedSubscription(stream, charges.slice(1), '2026-03-15')).toBeNull()
    expect(unusedSubscription({ ...stream, amount: c(10001) }, charges, '2026-03-15')).toBeNull()
  })
})

describe('a category over its 3-month average', () => {
  it('saving = last month − the average, when 40 % or more above it', () => {
    // average (100 + 120 + 110) / 3 = 110.00; 200.00 is 82 % over; saving 90.00
    const action = categoryOverAverage({ categoryId: 'dining', categoryName: 'Dining', previous: [c(10000), c(12000), c(11000)], month: '2026-02', spent: c(20000) })
    expect(action?.saving).toBe(9000)
    expect(action?.data).toMatchObject({ average: 11000, overPercent: 82 })
  })

  it('the average rounds to the cent: (100 + 100 + 100.01) / 3 = 100.00', () => {
    const action = categoryOverAverage({ categoryId: 'x', categoryName: 'X', previous: [c(10000), c(10000), c(10001)], month: '2026-02', spent: c(14000) })
    expect(action?.saving).toBe(4000)
  })

  it('39 % over is not enough; nor is a saving under 10.00', () => {
    expect(categoryOverAverage({ categoryId: 'x', categoryName: 'X', previous: [c(10000), c(10000), c(10000)], month: '2026-02', spent: c(13999) })).toBeNull()
    expect(categoryOverAverage({ categoryId: 'x', categoryName: 'X', previous: [c(1000), c(1000), c(1000)], month: '2026-02', spent: c(1999) })).toBeNull()
    expect(categoryOverAverage({ categoryId: 'x', categoryName: 'X', previous: [c(0), c(0), c(0)], month: '2026-02', spent: c(50000) })).toBeNull()
  })
})

describe('idle cash', () => {
  it('cash above three months of spending, the saving a month of 4 % interest', () => {
    // 12,000 + 3,000 cash − 9,000 spent in 3 months = 6,000 idle; 6,000 × 4 % / 12 = 20.00
    const action = idleCash([{ id: 'a', balance: c(1_200_000) }, { id: 'b', balance: c(300_000) }, { id: 'c', balance: c(-5000) }], c(900_000), '2026-03')
    expect(action?.data).toMatchObject({ cash: 1_500_000, idle: 600_000, ratePercent: 4, accountIds: ['a', 'b'] })
    expect(action?.saving).toBe(2000)
  })

  it('interest rounds half away from zero: 1,234.56 × 4 % / 12 = 4.1152 → 4.12', () => {
    expect(monthlyInterest(c(123_456))).toBe(412) // 411.52 cents
    expect(monthlyInterest(c(123_450))).toBe(412) // 4.115 → 4.12
    expect(monthlyInterest(c(123_300))).toBe(411)
  })

  it('less than 500 idle is not worth an action', () => {
    expect(idleCash([{ id: 'a', balance: c(149_999) }], c(100_000), '2026-03')).toBeNull()
  })
})

describe('choosing the week', () => {
  const a = (key: string, saving: number) => ({ kind: 'trim_category', key, saving: c(saving), data: {} }) as unknown as CoachingAction
  it('the three largest savings not decided before', () => {
    const chosen = chooseActions([a('a', 100), a('b', 500), a('c', 300), a('d', 400), a('e', 0)], new Set(['b']))
    expect(chosen.map((x) => x.key)).toEqual(['d', 'c', 'a'])
  })
})

describe('the result 30 days after acceptance', () => {
  it('the window is the 30 days from acceptance', () => {
    expect(measureWindow('2026-03-15')).toEqual({ from: '2026-03-15', to: '2026-04-13', dueOn: '2026-04-14' })
  })
  it('a subscription stopped saves its monthly cost; one that still charged saves nothing', () => {
    const action = unusedSubscription(stream, [{ payeeKey: 'streamflix', date: '2026-01-05', amount: c(1599) }], '2026-03-15') as SubscriptionAction
    expect(measureSubscription(action, [])).toEqual({ kind: 'cancel_subscription', stopped: true, charges: 0, charged: 0, saved: 1599 })
    expect(measureSubscription(action, [{ payeeKey: 'streamflix', date: '2026-04-05', amount: c(1599) }, { payeeKey: 'other', date: '2026-04-05', amount: c(1599) }])).toEqual({
      kind: 'cancel_subscription',
      stopped: false,
      charges: 1,
      charged: 1599,
      saved: 0,
    })
  })
  it('a category: before − after, never below 0', () => {
    expect(measureCategory(c(20000), c(12550))).toEqual({ kind: 'trim_category', before: 20000, after: 12550, saved: 7450 })
    expect(measureCategory(c(100), c(200)).saved).toBe(0)
  })
  it('idle cash: the interest on what moved, up to the idle amount', () => {
    const action = idleCash([{ id: 'a', balance: c(1_500_000) }], c(900_000), '2026-03') as IdleCashAction
    expect(measureIdleCash(action, c(1_000_000), c(500_000))).toEqual({ kind: 'move_idle_cash', before: 1_500_000, after: 1_000_000, moved: 500_000, saved: 1667 })
    expect(measureIdleCash(action, c(1_000_000), c(900_000)).saved).toBe(2000)
  })
})

describe('tone changes the words, never the numbers', () => {
  it('gentle and direct say the same figures', () => {
    const action = categoryOverAverage({ categoryId: 'dining', categoryName: 'Dining', previous: [c(10000), c(12000), c(11000)], month: '2026-02', spent: c(20000) }) as CoachingAction
    const gentle = actionWording(action, 'gentle')
    const direct = actionWording(action, 'direct')
    expect(gentle.title).toBe('Ease back on Dining')
    expect(direct.title).toBe('Cut Dining by $90.00')
    expect(gentle.detail).not.toBe(direct.detail)
    for (const figure of ['$200.00', '82 %', '$110.00', '$90.00']) {
      expect(gentle.detail).toContain(figure)
      expect(direct.detail).toContain(figure)
    }
    expect(resultWording(measureCategory(c(20000), c(12550)), 'direct')).toBe('Down $74.50: $125.50 in 30 days against $200.00 before.')
  })
})
