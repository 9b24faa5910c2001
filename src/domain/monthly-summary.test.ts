import { describe, expect, it } from 'vitest'
import { asCents } from './money'
import {
  billsStillDueLines,
  billsStillDueThisMonth,
  computeAvailable,
  goalContributionOf,
  goalContributionsThisMonth,
  monthTotals,
  spendingPlan,
  type PlannedBill,
  type PlannedGoal,
} from './monthly-summary'

const c = asCents
const today = '2024-03-12' // 20 days left in March, today included

function bill(
  amount: number,
  nextDueDate: string,
  recurrence: PlannedBill['recurrence'],
  extra: Partial<PlannedBill> = {},
): PlannedBill {
  return { amount: c(amount), nextDueDate, recurrence, isActive: true, ...extra }
}

function goal(
  current: number,
  target: number,
  monthly: number,
  contributed: number,
  isActive = true,
): PlannedGoal {
  return {
    isActive,
    currentAmount: c(current),
    targetAmount: c(target),
    monthlyContribution: c(monthly),
    contributedThisMonth: c(contributed),
  }
}

describe('monthTotals', () => {
  const transactions = [
    { amount: c(500_000), date: '2024-03-01' }, // salary
    { amount: c(2_500), date: '2024-03-05' }, // a refund is money in
    { amount: c(-12_345), date: '2024-03-02' },
    { amount: c(-6_789), date: '2024-03-10' },
    { amount: c(-1_000), date: '2024-03-31' }, // last day of the month
    { amount: c(-50_000), date: '2024-03-03', isTransfer: true },
    { amount: c(50_000), date: '2024-03-03', isTransfer: true },
    { amount: c(-9_999), date: '2024-02-29' }, // last month
    { amount: c(300_000), date: '2024-04-01' }, // next month
    { amount: c(0), date: '2024-03-04' },
  ]

  it('sums money in and money out of this month, transfers excluded', () => {
    expect(monthTotals(transactions, today)).toEqual({ income: 502_500, expenses: 20_134 })
  })

  it('is zero for a month without transactions', () => {
    expect(monthTotals(transactions, '2024-05-20')).toEqual({ income: 0, expenses: 0 })
  })
})

describe('billsStillDueThisMonth', () => {
  it('counts every occurrence from today to the end of the month', () => {
    // gym on Fridays: 15, 22 and 29 March
    expect(billsStillDueThisMonth([bill(1_500, '2024-03-15', 'weekly')], today)).toBe(4_500)
    // every other Tuesday from today: 12 and 26 March
    expect(billsStillDueThisMonth([bill(2_000, today, 'biweekly')], today)).toBe(4_000)
  })

  it('includes a bill due today and one due on the last day of the month', () => {
    expect(billsStillDueThisMonth([bill(4_500, today, 'monthly')], today)).toBe(4_500)
    expect(billsStillDueThisMonth([bill(10_000, '2024-03-31', 'yearly')], today)).toBe(10_000)
  })

  it('leaves out a bill already paid this month (next due next month)', () => {
    expect(billsStillDueThisMonth([bill(120_000, '2024-04-01', 'monthly')], today)).toBe(0)
  })

  it('leaves out inactive bills and dates before today', () => {
    expect(
      billsStillDueThisMonth([bill(9_999, '2024-03-20', 'monthly', { isActive: false })], today),
    ).toBe(0)
    expect(billsStillDueThisMonth([bill(700, '2024-03-11', 'once')], today)).toBe(0)
    // an unpaid weekly bill from 5 March still falls due on 12, 19 and 26 March
    expect(billsStillDueThisMonth([bill(1_000, '2024-03-05', 'weekly')], today)).toBe(3_000)
  })

  it('keeps the anchor day of a bill clamped in February', () => {
    const rent = bill(100_000, '2024-02-29', 'monthly', { anchorDay: 31 })
    expect(billsStillDueThisMonth([rent], '2024-03-30')).toBe(100_000) // due 31 March
  })

  it('adds all bills to the cent', () => {
    const bills = [
      bill(1_500, '2024-03-15', 'weekly'),
      bill(120_000, '2024-04-01', 'monthly'),
      bill(4_500, today, 'monthly'),
      bill(2_000, today, 'biweekly'),
      bill(9_999, '2024-03-20', 'monthly', { isActive: false }),
      bill(10_000, '2024-03-31', 'yearly'),
      bill(700, '2024-03-11', 'once'),
    ]
    expect(billsStillDueThisMonth(bills, today)).toBe(23_000)
    expect(billsStillDueThisMonth([], today)).toBe(0)
  })
})

describe('goalContributionsThisMonth', () => {
  it('takes the planned contribution when nothing more went in', () => {
    expect(goalContributionsThisMonth([goal(50_000, 100_000, 20_000, 0)])).toBe(20_000)
  })

  it('takes what was actually contributed when it is more than planned', () => {
    expect(goalContributionsThisMonth([goal(30_000, 100_000, 10_000, 15_000)])).toBe(15_000)
  })

  it('keeps the plan when less than planned went in so far', () => {
    expect(goalContributionsThisMonth([goal(30_000, 100_000, 10_000, 4_000)])).toBe(10_000)
  })

  it('caps at what the goal still needs', () => {
    expect(goalContributionsThisMonth([goal(95_000, 100_000, 10_000, 0)])).toBe(5_000)
  })

  it('counts nothing for a goal completed before this month', () => {
    expect(goalContributionsThisMonth([goal(100_000, 100_000, 10_000, 0)])).toBe(0)
    expect(goalContributionsThisMonth([goal(120_000, 100_000, 10_000, 0)])).toBe(0)
  })

  it('still counts what went into a goal completed this month', () => {
    expect(goalContributionsThisMonth([goal(100_000, 100_000, 10_000, 20_000)])).toBe(20_000)
  })

  it('leaves out inactive goals and goals with nothing planned', () => {
    expect(goalContributionsThisMonth([goal(0, 100_000, 10_000, 5_000, false)])).toBe(0)
    expect(goalContributionsThisMonth([goal(0, 100_000, 0, 0)])).toBe(0)
    expect(goalContributionsThisMonth([goal(0, 100_000, -5_000, 0)])).toBe(0)
  })

  it('adds all goals to the cent', () => {
    const goals = [
      goal(50_000, 100_000, 20_000, 0),
      goal(30_000, 100_000, 10_000, 15_000),
      goal(95_000, 100_000, 10_000, 0),
      goal(100_000, 100_000, 10_000, 0),
      goal(100_000, 100_000, 10_000, 20_000),
      goal(0, 100_000, 10_000, 5_000, false),
      goal(0, 100_000, 0, 0),
    ]
    expect(goalContributionsThisMonth(goals)).toBe(60_000)
  })
})

describe('computeAvailable', () => {
  it('is income minus expenses, bills still due and goal contributions', () => {
    expect(
      computeAvailable({
        income: c(502_500),
        expenses: c(20_134),
        billsStillDue: c(23_000),
        goalContributions: c(60_000),
      }),
    ).toBe(399_366)
  })

  it('may be negative', () => {
    expect(
      computeAvailable({
        income: c(100_000),
        expenses: c(90_000),
        billsStillDue: c(20_000),
        goalContributions: c(1),
      }),
    ).toBe(-10_001)
  })
})

describe('spendingPlan', () => {
  it('gives every line, the days left and the daily allowance to the cent', () => {
    const plan = spendingPlan(
      {
        income: c(502_500),
        expenses: c(20_134),
        bills: [
          bill(1_500, '2024-03-15', 'weekly'),
          bill(120_000, '2024-04-01', 'monthly'),
          bill(4_500, today, 'monthly'),
        ],
        goals: [goal(50_000, 100_000, 20_000, 0), goal(30_000, 100_000, 10_000, 15_000)],
      },
      today,
    )
    expect(plan).toEqual({
      income: 502_500,
      expenses: 20_134,
      billsStillDue: 9_000,
      goalContributions: 35_000,
      available: 438_366,
      daysLeft: 20,
      dailyAllowance: 21_918, // 21 918.3 rounded down
    })
  })

  it('allows nothing a day when the month is overspent', () => {
    const plan = spendingPlan(
      {
        income: c(100_000),
        expenses: c(90_000),
        bills: [bill(20_000, '2024-03-31', 'monthly')],
        goals: [],
      },
      '2024-03-31',
    )
    expect(plan.available).toBe(-10_000)
    expect(plan.daysLeft).toBe(1)
    expect(plan.dailyAllowance).toBe(0)
  })
})

describe('plan lines', () => {
  it('lists every bill occurrence still due, soonest first, adding up to the total', () => {
    const bills = [bill(1_000, '2024-03-14', 'weekly'), bill(150_000, '2024-03-13', 'monthly'), bill(5_000, '2024-04-01', 'monthly')]
    const lines = billsStillDueLines(bills, today)
    expect(lines.map((l) => [l.date, l.amount])).toEqual([
      ['2024-03-13', 150_000],
      ['2024-03-14', 1_000],
      ['2024-03-21', 1_000],
      ['2024-03-28', 1_000],
    ])
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(billsStillDueThisMonth(bills, today))
  })

  it('gives each goal its own contribution line', () => {
    expect(goalContributionOf(goal(0, 100_000, 25_000, 0))).toBe(25_000)
    expect(goalContributionOf(goal(90_000, 100_000, 25_000, 0))).toBe(10_000)
    expect(goalContributionOf(goal(0, 100_000, 25_000, 40_000))).toBe(40_000)
    expect(goalContributionOf(goal(0, 100_000, 25_000, 0, false))).toBe(0)
  })
})
