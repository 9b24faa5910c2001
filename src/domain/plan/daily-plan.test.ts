// The daily plan worked by hand, to the cent, across a month: a family paid $2,600.00 on the 1st
// and the 15th, rent $1,650.00 due the 1st, utilities $180.00 due the 20th, a $500.00 goal and a
// $600.00 groceries budget, in December 2026 (31 days). Each case writes its arithmetic out.
import { describe, expect, it } from 'vitest'
import { billOccurrences, type ScheduledBill, type SettledPayment } from '../bills/occurrences'
import { asCents, type Cents } from '../money'
import { dailyPlan, type PlanBudget } from './daily-plan'
import { expectedIncome, incomeSources, type IncomeArrival, type PlannedIncomeInput } from './income'
import { accountView, type Role } from '../access'
import { planAccounts, inPlan } from './member'

const c = (dollars: number): Cents => asCents(Math.round(dollars * 100))

const pay: PlannedIncomeInput = {
  id: 'pay',
  name: 'Acme Corp Payroll',
  payee: 'ACME CORP PAYROLL',
  amount: c(2600),
  schedule: 'semimonthly',
  nextDate: '2026-12-01',
  secondDay: 15,
  accountId: 'checking',
  isActive: true,
}
const rent: ScheduledBill = {
  id: 'rent',
  name: 'Rent',
  amount: c(1650),
  nextDueDate: '2026-12-01',
  recurrence: 'monthly',
  anchorDay: 1,
  isActive: true,
  accountId: 'checking',
  categoryId: 'housing', tolerancePercent: 0
}
const utilities: ScheduledBill = { ...rent, id: 'utilities', name: 'Utilities', amount: c(180), nextDueDate: '2026-12-20', anchorDay: 20, categoryId: 'utilities' }

const paid = (id: string, date: string, amount = c(2600)): IncomeArrival => ({ id, accountId: 'checking', payee: 'ACME CORP PAYROLL PPD ID 99', date, amount })

type Day = {
  today: string
  arrivals: IncomeArrival[]
  /** the bills as the ledger left them: next due date moved on past what was paid */
  bills: ScheduledBill[]
  payments: SettledPayment[]
  /** spent this month (bill payments included) */
  expenses: Cents
  groceriesSpent: Cents
  unbudgetedSpent: Cents
  goalContributed: Cents
}

function planOn(day: Day, budgets: PlanBudget[] = [{ categoryId: 'groceries', name: 'Groceries', limit: c(600), spent: day.groceriesSpent }]) {
  const income = expectedIncome({ sources: incomeSources([pay], []), arrivals: day.arrivals, irregularHistory: [], first: '2026-12-01', today: day.today })
  const bills = billOccurrences(day.bills, day.payments, '2026-12-01', '2026-12-31', day.today)
  const goalAmount = Math.max(c(500), day.goalContributed)
  return dailyPlan({
    first: '2026-12-01',
    today: day.today,
    income,
    expenses: day.expenses,
    unbudgetedSpent: day.unbudgetedSpent,
    bills,
    goals: [{ goalId: 'fund', name: 'Emergency Fund', amount: asCents(goalAmount), stillToSave: asCents(goalAmount - day.goalContributed) }],
    budgets,
    billsDueInCategory: (id) => asCents(bills.filter((b) => b.categoryId === id).reduce((s, b) => s + b.remaining, 0)),
  })
}

describe('the daily plan across December, paid twice a month', () => {
  it('the 1st, before anything arrives: both paychecks expected, every bill due', () => {
    const p = planOn({ today: '2026-12-01', arrivals: [], bills: [rent, utilities], payments: [], expenses: c(0), groceriesSpent: c(0), unbudgetedSpent: c(0), goalContributed: c(0) })
    // income 2,600 (today, expected) + 2,600 (the 15th) = 5,200.00
    expect(p.income).toBe(c(5200))
    expect(p.incomeReceived).toBe(c(0))
    // bills 1,650 + 180 = 1,830.00; budget holds 600.00; goal 500.00
    expect(p.billsStillDue).toBe(c(1830))
    expect(p.plannedSpending).toBe(c(600))
    // 5,200 − 0 − 1,830 − 500 − 600 = 2,270.00, over 31 days = 73.225… → 73.22
    expect(p.available).toBe(c(2270))
    expect(p.daysLeft).toBe(31)
    expect(p.dailyAllowance).toBe(c(73.22))
    expect(p.advice).toEqual([])
  })

  it('the 2nd: the 1st paycheck and the rent came in; the rent is counted once', () => {
    const p = planOn({
      today: '2026-12-02',
      arrivals: [paid('p1', '2026-12-01')],
      // the rent payment settled the due date of the 1st: the bill moved on to January
      bills: [{ ...rent, nextDueDate: '2027-01-01' }, utilities],
      payments: [{ billId: 'rent', dueDate: '2026-12-01', amount: c(1650) }],
      expenses: c(1650 + 85.4),
      groceriesSpent: c(85.4),
      unbudgetedSpent: c(0),
      goalContributed: c(0),
    })
    // income: 2,600 received + 2,600 expected on the 15th = 5,200.00 (never 2,600 alone)
    expect(p.income).toBe(c(5200))
    expect(p.incomeReceived).toBe(c(2600))
    expect(p.incomeStillExpected).toBe(c(2600))
    // rent paid (in expenses, 1,735.40 with groceries 85.40), only utilities still due
    expect(p.billsPaid).toBe(c(1650))
    expect(p.billsStillDue).toBe(c(180))
    // groceries hold 600 − 85.40 = 514.60
    expect(p.plannedSpending).toBe(c(514.6))
    // 5,200 − 1,735.40 − 180 − 500 − 514.60 = 2,270.00; over 30 days = 75.666… → 75.66
    expect(p.available).toBe(c(2270))
    expect(p.dailyAllowance).toBe(c(75.66))
  })

  it('the 16th: both paychecks in, dining with no budget lowers the allowance', () => {
    const p = planOn({
      today: '2026-12-16',
      arrivals: [paid('p1', '2026-12-01'), paid('p2', '2026-12-15')],
      bills: [{ ...rent, nextDueDate: '2027-01-01' }, utilities],
      payments: [{ billId: 'rent', dueDate: '2026-12-01', amount: c(1650) }],
      expenses: c(1650 + 310.25 + 120),
      groceriesSpent: c(310.25),
      unbudgetedSpent: c(120),
      goalContributed: c(0),
    })
    expect(p.income).toBe(c(5200))
    expect(p.incomeReceived).toBe(c(5200))
    // 5,200 − 2,080.25 − 180 − 500 − (600 − 310.25 = 289.75) = 2,150.00; over 16 days = 134.375 → 134.37
    expect(p.available).toBe(c(2150))
    expect(p.daysLeft).toBe(16)
    expect(p.dailyAllowance).toBe(c(134.37))
    expect(p.unbudgetedSpent).toBe(c(120))
  })

  it('the last day: everything paid, groceries over budget by 12.30', () => {
    const p = planOn({
      today: '2026-12-31',
      arrivals: [paid('p1', '2026-12-01'), paid('p2', '2026-12-15')],
      bills: [
        { ...rent, nextDueDate: '2027-01-01' },
        { ...utilities, nextDueDate: '2027-01-20' },
      ],
      payments: [
        { billId: 'rent', dueDate: '2026-12-01', amount: c(1650) },
        { billId: 'utilities', dueDate: '2026-12-20', amount: c(180) },
      ],
      expenses: c(1650 + 180 + 612.3 + 240),
      groceriesSpent: c(612.3),
      unbudgetedSpent: c(240),
      goalContributed: c(500),
    })
    expect(p.billsStillDue).toBe(c(0))
    expect(p.billsPaid).toBe(c(1830))
    // an overspent budget holds nothing back
    expect(p.plannedSpending).toBe(c(0))
    // 5,200 − 2,682.30 − 0 − 500 − 0 = 2,017.70, over 1 day
    expect(p.available).toBe(c(2017.7))
    expect(p.daysLeft).toBe(1)
    expect(p.dailyAllowance).toBe(c(2017.7))
  })

  it('raising a budget lowers the allowance by the raise spread over the days left', () => {
    const day: Day = { today: '2026-12-02', arrivals: [paid('p1', '2026-12-01')], bills: [{ ...rent, nextDueDate: '2027-01-01' }, utilities], payments: [{ billId: 'rent', dueDate: '2026-12-01', amount: c(1650) }], expenses: c(1735.4), groceriesSpent: c(85.4), unbudgetedSpent: c(0), goalContributed: c(0) }
    const before = planOn(day)
    const after = planOn(day, [{ categoryId: 'groceries', name: 'Groceries', limit: c(900), spent: c(85.4) }])
    // +300 held back: available 2,270 → 1,970; 1,970 / 30 = 65.666… → 65.66
    expect(after.available).toBe(c(1970))
    expect(after.dailyAllowance).toBe(c(65.66))
    expect(before.dailyAllowance - after.dailyAllowance).toBe(c(10))
  })

  it('a paycheck late by a few days stays expected, then is flagged and no longer counted', () => {
    const base = { bills: [{ ...rent, nextDueDate: '2027-01-01' }, utilities], payments: [{ billId: 'rent', dueDate: '2026-12-01', amount: c(1650) }], expenses: c(1650), groceriesSpent: c(0), unbudgetedSpent: c(0), goalContributed: c(0) }
    const late = planOn({ ...base, today: '2026-12-17', arrivals: [paid('p1', '2026-12-01')] })
    expect(late.income).toBe(c(5200))
    const missed = planOn({ ...base, today: '2026-12-20', arrivals: [paid('p1', '2026-12-01')] })
    // five days past the 15th: not counted; 2,600 − 1,650 − 180 − 500 − 600 = −330.00 → 0 a day
    expect(missed.income).toBe(c(2600))
    expect(missed.available).toBe(c(-330))
    expect(missed.dailyAllowance).toBe(c(0))
    // advice names only what would change the number: the budgets ask 600 of a flexible
    // 2,600 − 1,830 − 500 = 270 (330 too many), the groceries budget holds 600, the goal 500 still to save
    expect(missed.advice).toEqual([
      { kind: 'over_budgets', shortBy: c(330) },
      { kind: 'lower_budget', categoryId: 'groceries', name: 'Groceries', holds: c(600) },
      { kind: 'lower_goal', goalId: 'fund', name: 'Emergency Fund', stillToSave: c(500) },
    ])
    const lines = expectedIncome({ sources: incomeSources([pay], []), arrivals: [paid('p1', '2026-12-01')], irregularHistory: [], first: '2026-12-01', today: '2026-12-20' }).lines
    expect(lines.map((l) => [l.date, l.status, l.amount])).toEqual([
      ['2026-12-01', 'received', c(2600)],
      ['2026-12-15', 'missed', c(0)],
    ])
  })

  it('a paycheck that arrives takes its line, with what actually came', () => {
    const lines = expectedIncome({ sources: incomeSources([pay], []), arrivals: [paid('p1', '2026-11-30', c(2612.5))], irregularHistory: [], first: '2026-12-01', today: '2026-12-02' }).lines
    // paid a day early, in November: the payday of the 1st is received, and adds nothing to December
    expect(lines[0]).toMatchObject({ date: '2026-12-01', status: 'received', amount: c(0), arrivedOn: '2026-11-30' })
    expect(lines[1]).toMatchObject({ date: '2026-12-15', status: 'expected', amount: c(2600) })
  })
})

describe('bills settled by their payments', () => {
  const first = '2026-12-01'
  const last = '2026-12-31'
  it('paid three days early: the due date of the 1st is paid, nothing is still due', () => {
    // a payment on Nov 28 settled Dec 1; the bill moved on to Jan 1
    const lines = billOccurrences([{ ...rent, nextDueDate: '2027-01-01' }], [{ billId: 'rent', dueDate: '2026-12-01', amount: c(1650) }], first, last, '2026-12-02')
    expect(lines).toMatchObject([{ dueDate: '2026-12-01', status: 'paid', paid: c(1650), remaining: c(0) }])
  })
  it('five days late: overdue (and counted) until the payment comes', () => {
    const before = billOccurrences([rent], [], first, last, '2026-12-04')
    expect(before).toMatchObject([{ dueDate: '2026-12-01', status: 'overdue', remaining: c(1650) }])
    const after = billOccurrences([{ ...rent, nextDueDate: '2027-01-01' }], [{ billId: 'rent', dueDate: '2026-12-01', amount: c(1650) }], first, last, '2026-12-07')
    expect(after).toMatchObject([{ status: 'paid', remaining: c(0) }])
  })
  it('in part: the rest is still due', () => {
    const lines = billOccurrences([rent], [{ billId: 'rent', dueDate: '2026-12-01', amount: c(1000) }], first, last, '2026-12-02')
    expect(lines).toMatchObject([{ status: 'partial', paid: c(1000), remaining: c(650) }])
  })
  it('by one part of a split: that part settles it', () => {
    const power: ScheduledBill = { ...utilities, id: 'power', name: 'Power', amount: c(95), nextDueDate: '2027-01-20' }
    const lines = billOccurrences([power], [{ billId: 'power', dueDate: '2026-12-20', amount: c(95) }], first, last, '2026-12-21')
    expect(lines).toMatchObject([{ billId: 'power', status: 'paid', remaining: c(0) }])
  })
  it('two bills with the same payee are each settled by their own payment', () => {
    const car: ScheduledBill = { ...rent, id: 'car', name: 'Bank loan: car', amount: c(320), nextDueDate: '2027-01-05', anchorDay: 5 }
    const boat: ScheduledBill = { ...rent, id: 'boat', name: 'Bank loan: boat', amount: c(210), nextDueDate: '2026-12-05', anchorDay: 5 }
    const lines = billOccurrences([car, boat], [{ billId: 'car', dueDate: '2026-12-05', amount: c(320) }], first, last, '2026-12-06')
    expect(lines.map((l) => [l.billId, l.status, l.remaining])).toEqual([
      ['boat', 'overdue', c(210)],
      ['car', 'paid', c(0)],
    ])
  })
})

describe('income the month will bring', () => {
  it('every two weeks, in a month with three paydays', () => {
    const biweekly: PlannedIncomeInput = { ...pay, id: 'bw', schedule: 'biweekly', nextDate: '2027-01-01', secondDay: null, amount: c(2000) }
    const income = expectedIncome({ sources: incomeSources([biweekly], []), arrivals: [paid('a', '2027-01-01', c(2000))], irregularHistory: [], first: '2027-01-01', today: '2027-01-02' })
    // paydays Jan 1, 15 and 29: 2,000 received + 2 × 2,000 expected = 6,000.00
    expect(income.lines.map((l) => l.date)).toEqual(['2027-01-01', '2027-01-15', '2027-01-29'])
    expect(income.total).toBe(c(6000))
    expect(income.received).toBe(c(2000))
  })
  it('irregular income is the lowest of the last three months, less what came so far', () => {
    // freelance: September 1,200.00, October 450.00, November 900.00; 200.00 so far in December
    const income = expectedIncome({ sources: [], arrivals: [{ id: 'f', accountId: 'checking', payee: 'Client invoice 12', date: '2026-12-03', amount: c(200) }], irregularHistory: [c(1200), c(450), c(900)], first: '2026-12-01', today: '2026-12-04' })
    expect(income.hasEstimate).toBe(true)
    // 200 received + (450 − 200 = 250) expected = 450.00
    expect(income.total).toBe(c(450))
    expect(income.stillExpected).toBe(c(250))
  })
  it('a new household with no income and no history asks for it', () => {
    const income = expectedIncome({ sources: [], arrivals: [], irregularHistory: [], first: '2026-12-01', today: '2026-12-02' })
    expect(income.unknown).toBe(true)
    const p = dailyPlan({ first: '2026-12-01', today: '2026-12-02', income, expenses: c(0), unbudgetedSpent: c(0), bills: [], goals: [], budgets: [], billsDueInCategory: () => c(0) })
    expect(p.dailyAllowance).toBe(c(0))
    expect(p.advice).toEqual([{ kind: 'add_income' }])
  })
  it('income found in the history is replaced by the planned income for the same payee', () => {
    const sources = incomeSources([pay], [
      { payeeKey: 'acme corp payroll#1', payee: 'ACME CORP PAYROLL', accountId: 'checking', cadence: 'monthly', amount: c(2550), nextDate: '2027-01-01', anchorDay: 1, stopped: false },
      { payeeKey: 'acme corp payroll#15', payee: 'ACME CORP PAYROLL', accountId: 'checking', cadence: 'monthly', amount: c(2550), nextDate: '2026-12-15', anchorDay: 15, stopped: false },
    ])
    expect(sources.map((s) => s.key)).toEqual(['planned:pay'])
  })
  it('twice-monthly income found in the history is one source with two paydays', () => {
    const sources = incomeSources([], [
      { payeeKey: 'acme corp payroll#1', payee: 'ACME CORP PAYROLL', accountId: 'checking', cadence: 'monthly', amount: c(2550), nextDate: '2026-12-01', anchorDay: 1, stopped: false },
      { payeeKey: 'acme corp payroll#15', payee: 'ACME CORP PAYROLL', accountId: 'checking', cadence: 'monthly', amount: c(2650), nextDate: '2026-12-15', anchorDay: 15, stopped: false },
    ])
    expect(sources).toMatchObject([{ schedule: 'semimonthly', amount: c(2600), nextDate: '2026-12-01', secondDay: 15 }])
  })
})

describe("each member's own plan", () => {
  const facts = [
    { id: 'joint', ownerId: 'mom', visibility: 'shared' as const, sharedWithTeens: false },
    { id: 'mom-private', ownerId: 'mom', visibility: 'private' as const, sharedWithTeens: false },
    { id: 'teen-card', ownerId: 'teen', visibility: 'private' as const, sharedWithTeens: false },
    { id: 'family-wallet', ownerId: 'mom', visibility: 'shared' as const, sharedWithTeens: true },
    { id: 'dad-balance', ownerId: 'dad', visibility: 'balance_only' as const, sharedWithTeens: false },
  ]
  const seenBy = (member: { id: string; role: Role }) => facts.map((f) => ({ ...f, view: accountView(member, f) }))
  const accountsOf = (member: { id: string; role: Role }) => planAccounts(member, seenBy(member))
  it('an adult plans with what they see whole; a teen with their own; a viewer with the shared money', () => {
    expect([...accountsOf({ id: 'mom', role: 'owner' })]).toEqual(['joint', 'mom-private', 'family-wallet'])
    // the family wallet is shared with teens, yet it is not the teen's money to plan
    expect([...accountsOf({ id: 'teen', role: 'teen' })]).toEqual(['teen-card'])
    expect([...accountsOf({ id: 'gran', role: 'viewer' })]).toEqual(['joint', 'family-wallet'])
  })
  it("a teen's plan has no household bills: only those paid from their own accounts", () => {
    const teen = accountsOf({ id: 'teen', role: 'teen' })
    expect(inPlan({ role: 'teen' }, teen, null)).toBe(false)
    expect(inPlan({ role: 'teen' }, teen, 'joint')).toBe(false)
    expect(inPlan({ role: 'teen' }, teen, 'teen-card')).toBe(true)
    expect(inPlan({ role: 'adult' }, accountsOf({ id: 'mom', role: 'adult' }), null)).toBe(true)
  })
})
