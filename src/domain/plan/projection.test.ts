import { describe, expect, it } from 'vitest'
import type { ScheduledBill } from '../bills/occurrences'
import { asCents } from '../money'
import type { IncomeSource } from './income'
import { affordInMonth, monthsAhead, projectToMonth, usualSpending, type ProjectionGoal, type ProjectionInput } from './projection'

const c = (dollars: number) => asCents(Math.round(dollars * 100))

const twiceAMonth: IncomeSource = {
  key: 'planned:pay',
  label: 'Paycheck',
  origin: 'planned',
  payeeKey: 'acme',
  accountId: 'chk',
  amount: c(2600),
  schedule: 'semimonthly',
  nextDate: '2026-12-15',
  secondDay: 1,
}
const bill = (id: string, amount: number, nextDueDate: string, recurrence: ScheduledBill['recurrence'] = 'monthly'): ScheduledBill => ({
  id,
  name: id,
  amount: c(amount),
  nextDueDate,
  recurrence,
  isActive: true,
  accountId: 'chk',
  categoryId: null, tolerancePercent: 0
})
const goal = (toGo: number, monthly = 500, contributedThisMonth = 0): ProjectionGoal => ({
  goalId: 'g',
  name: 'Emergency Fund',
  currentAmount: c(10000 - toGo),
  targetAmount: c(10000),
  monthlyContribution: c(monthly),
  contributedThisMonth: c(contributedThisMonth),
})

/**
 * The household of the issue, seen on Wednesday 2026-12-02: paid $2,600.00 on the 1st and the
 * 15th (December's 1st has arrived), rent $1,650.00 on the 1st (December's paid), utilities
 * $180.00 on the 20th, a goal of $500.00 a month with $3,000.00 still to go (nothing put in this
 * month yet), usual spending $2,100.00 a month outside bills (none of it spent yet this month),
 * $4,000.00 in cash.
 */
const household = (target: string, overrides: Partial<ProjectionInput> = {}): ProjectionInput => ({
  today: '2026-12-02',
  target,
  cash: c(4000),
  thisMonth: { incomeStillExpected: c(2600), billsStillDue: c(180), spentOutsideBills: c(0) },
  usualSpending: c(2100),
  incomeSources: [twiceAMonth],
  irregularHistory: [],
  scheduledBills: [bill('Rent', 1650, '2027-01-01'), bill('Utilities', 180, '2026-12-20')],
  goals: [goal(3000)],
  ...overrides,
})

const row = (m: ReturnType<typeof projectToMonth>['months'][number]) => [m.month, m.income, m.bills, m.goals, m.usualSpending, m.net, m.endBalance]

describe('projectToMonth', () => {
  it('projects June 2027 month by month, the goal completing in May', () => {
    // December from today: +2,600 (the 15th) − 180 (utilities) − 500 (goal) − 2,100 (usual) = −180 → 4,000 − 180 = 3,820
    // each month January–May: 2 × 2,600 = 5,200 in; 1,650 + 180 = 1,830 bills; 500 goal; 2,100 usual → +770
    //   the goal: 3,000 − 500 (Dec) = 2,500 → Jan 2,000 → Feb 1,500 → Mar 1,000 → Apr 500 → May 0
    //   3,820 → 4,590 → 5,360 → 6,130 → 6,900 → 7,670
    // June: no goal any more: 5,200 − 1,830 − 2,100 = +1,270 → 8,940
    const p = projectToMonth(household('2027-06-01'))
    expect(p.months.map(row)).toEqual([
      ['2026-12-01', 260000, 18000, 50000, 210000, -18000, 382000],
      ['2027-01-01', 520000, 183000, 50000, 210000, 77000, 459000],
      ['2027-02-01', 520000, 183000, 50000, 210000, 77000, 536000],
      ['2027-03-01', 520000, 183000, 50000, 210000, 77000, 613000],
      ['2027-04-01', 520000, 183000, 50000, 210000, 77000, 690000],
      ['2027-05-01', 520000, 183000, 50000, 210000, 77000, 767000],
      ['2027-06-01', 520000, 183000, 0, 210000, 127000, 894000],
    ])
    expect(p.months[0]?.partial).toBe(true)
    expect(p.months[6]).toMatchObject({ partial: false, startBalance: 767000, goalLines: [] })
    expect(p.months[5]?.goalLines).toEqual([{ goalId: 'g', name: 'Emergency Fund', amount: 50000 }])
  })

  it('a $2,000.00 vacation in June 2027 fits: $7,110.00 left for it', () => {
    // cushion: June's bills, 1,830; room = June's net 1,270 + its start 7,670 − 1,830 = 7,110; 7,110 − 2,000 = 5,110
    const june = projectToMonth(household('2027-06-01')).months.at(-1)
    if (!june) throw new Error('no June')
    expect(affordInMonth(june, c(2000))).toEqual({ cushion: 183000, room: 711000, fits: true, left: 511000 })
    expect(affordInMonth(june, c(7110.01))).toMatchObject({ fits: false, left: -1 })
  })

  it('the end of March 2027: $6,130.00', () => {
    // as above: 3,820 (Dec) + 3 × 770 (Jan, Feb, Mar) = 6,130
    const p = projectToMonth(household('2027-03-15'))
    expect(p.months).toHaveLength(4)
    expect(p.months.at(-1)).toMatchObject({ month: '2027-03-01', startBalance: 536000, net: 77000, endBalance: 613000 })
  })

  it('this month alone: today’s cash and the rest of the month', () => {
    // $600 already spent outside bills: 2,100 − 600 = 1,500 still to spend; 2,600 − 180 − 500 − 1,500 = +420 → 4,420
    const p = projectToMonth(household('2026-12-31', { thisMonth: { incomeStillExpected: c(2600), billsStillDue: c(180), spentOutsideBills: c(600) } }))
    expect(p.months.map(row)).toEqual([['2026-12-01', 260000, 18000, 50000, 150000, 42000, 442000]])
  })

  it('pays a biweekly payer three times in a month with three paydays, and adds the irregular estimate', () => {
    // every two weeks from Friday 2027-01-01: Jan 1, 15, 29 (three), Feb 12, 26 (two)
    // irregular: the lowest of the last 3 months, 200.00
    const biweekly: IncomeSource = { ...twiceAMonth, key: 'found:bw', schedule: 'biweekly', amount: c(1800), nextDate: '2027-01-01', secondDay: null }
    const p = projectToMonth(household('2027-02-01', { incomeSources: [biweekly], irregularHistory: [c(300), c(450), c(200)] }))
    expect(p.months.map((m) => m.income)).toEqual([260000, 3 * 180000 + 20000, 2 * 180000 + 20000])
    // January: 5,600 − 1,830 − 500 − 2,100 = 1,170 → 3,820 + 1,170 = 4,990
    expect(p.months[1]).toMatchObject({ net: 117000, endBalance: 499000 })
  })

  it('a goal that completes part-way through a month puts in only what it still needs', () => {
    // $1,200 to go, $200 already put in this month (so $300 more this month): 1,200 − 300 = 900 after December
    // January 500 → 400 left; February 400 (the rest) → reached; March nothing
    const p = projectToMonth(household('2027-03-01', { goals: [goal(1200, 500, 200)] }))
    expect(p.months.map((m) => m.goals)).toEqual([30000, 50000, 40000, 0])
  })

  it('counts a yearly bill in its month only', () => {
    // December's figure is the plan's bills still due (the utilities), as given
    const p = projectToMonth(household('2027-04-01', { scheduledBills: [bill('Insurance', 600, '2027-03-10', 'yearly')] }))
    expect(p.months.map((m) => m.bills)).toEqual([18000, 0, 0, 60000, 0])
  })

  it('refuses a past month and one too far ahead', () => {
    expect(() => projectToMonth(household('2026-11-30'))).toThrow(RangeError)
    expect(() => projectToMonth(household('2029-12-01'))).not.toThrow()
    expect(() => projectToMonth(household('2030-01-01'))).toThrow(RangeError)
  })
})

describe('monthsAhead and usualSpending', () => {
  it('counts calendar months', () => {
    expect(monthsAhead('2027-06-01', '2026-12-31')).toBe(6)
    expect(monthsAhead('2026-12-01', '2026-12-31')).toBe(0)
    expect(monthsAhead('2026-03-31', '2026-12-02')).toBe(-9)
  })
  it('is the median of the months, never below 0', () => {
    expect(usualSpending([c(2500), c(2100), c(1900)])).toBe(210000)
    expect(usualSpending([c(100), c(300.01)])).toBe(20001)
    expect(usualSpending([c(-50)])).toBe(0)
    expect(usualSpending([])).toBe(0)
  })
})
