import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import { projectToMonth, type ProjectionInput } from '../plan/projection'
import {
  affordAnswer,
  balanceAnswer,
  billsAnswer,
  futureAffordAnswer,
  goalAnswer,
  netWorthAnswer,
  pastMonthAnswer,
  projectedBalanceAnswer,
  spendingAnswer,
  transactionsHref,
  unknownAnswer,
} from './answer'
import { parseAmount, parseMonthAhead, parsePeriod, parseQuestion, type Vocabulary } from './question'

const today = '2026-03-15'
const vocab: Vocabulary = {
  categories: [
    { id: 'c-groc', name: 'Groceries' },
    { id: 'c-dining', name: 'Dining Out' },
    { id: 'c-coffee', name: 'Coffee' },
    { id: 'c-coffee-shops', name: 'Coffee Shops' },
    { id: 'c-rent', name: 'Rent' },
  ],
  payees: ['Harbor Grocers', 'Netflix', 'Blue Bottle Coffee'],
  goals: [
    { id: 'g-vac', name: 'Vacation Fund' },
    { id: 'g-car', name: 'New Car' },
  ],
  accounts: [
    { id: 'a-chk', name: 'Everyday Checking' },
    { id: 'a-sav', name: 'Savings' },
  ],
}
const ask = (text: string) => parseQuestion(text, vocab, today)
const usd = { currency: 'USD', locale: 'en-US' }

describe('parsePeriod', () => {
  it('reads the common periods as whole months', () => {
    expect(parsePeriod('last month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28', label: 'February 2026' })
    expect(parsePeriod('this month', today)).toEqual({ from: '2026-03-01', to: '2026-03-31', label: 'this month (March 2026)' })
    expect(parsePeriod('so far this year', today)).toEqual({ from: '2026-01-01', to: '2026-03-31', label: 'this year (2026)' })
    expect(parsePeriod('last year', today)).toEqual({ from: '2025-01-01', to: '2025-12-31', label: '2025' })
    expect(parsePeriod('in the last 3 months', today)).toEqual({ from: '2025-12-01', to: '2026-02-28', label: 'the last 3 months (December 2025 to February 2026)' })
  })
  it('takes a month without a year as the latest one not after this month', () => {
    expect(parsePeriod('in january', today)?.from).toBe('2026-01-01')
    expect(parsePeriod('in march', today)?.from).toBe('2026-03-01')
    expect(parsePeriod('in november', today)).toEqual({ from: '2025-11-01', to: '2025-11-30', label: 'November 2025' })
    expect(parsePeriod('in feb 2024', today)).toEqual({ from: '2024-02-01', to: '2024-02-29', label: 'February 2024' })
    expect(parsePeriod('in may', today)?.from).toBe('2025-05-01')
    expect(parsePeriod('may i ask', today)).toBeNull()
  })
})

describe('parseAmount', () => {
  it('reads prices in the common forms, never a year', () => {
    expect(parseAmount('Can I afford a $1,299.99 laptop?')).toBe(129999)
    expect(parseAmount('a bike for 300 dollars')).toBe(30000)
    expect(parseAmount('€80 shoes')).toBe(8000)
    expect(parseAmount('a trip in 2026 for 450')).toBe(45000)
    expect(parseAmount('a new sofa')).toBeNull()
  })
})

describe('parseQuestion', () => {
  it('spending on a category, matched loosely', () => {
    expect(ask('How much did I spend on groceries last month?')).toEqual({
      kind: 'spending',
      category: { id: 'c-groc', name: 'Groceries' },
      payee: null,
      period: { from: '2026-02-01', to: '2026-02-28', label: 'February 2026' },
    })
    expect(ask('what did i spend on GROCERY this year')).toMatchObject({ category: { id: 'c-groc' }, period: { from: '2026-01-01' } })
    expect(ask('spending on resturants')).toMatchObject({ kind: 'spending', category: null, payee: null })
    expect(ask('How much did I spend on dinning out in January?')).toMatchObject({ category: { id: 'c-dining' }, period: { from: '2026-01-01', to: '2026-01-31' } })
  })
  it('prefers the longer name and a payee named with "at"', () => {
    expect(ask('how much on coffee shops did i spend')).toMatchObject({ category: { id: 'c-coffee-shops' } })
    expect(ask('How much did I spend at Harbor Grocers in February?')).toMatchObject({ kind: 'spending', category: null, payee: 'Harbor Grocers' })
    expect(ask('How much did I pay netflix this year')).toMatchObject({ payee: 'Netflix' })
  })
  it('spending with no subject is all spending, this month by default', () => {
    expect(ask('How much did I spend?')).toMatchObject({ kind: 'spending', category: null, payee: null, period: { from: '2026-03-01', to: '2026-03-31' } })
  })
  it('biggest expenses', () => {
    expect(ask('What were my biggest expenses last month?')).toEqual({
      kind: 'biggest_expenses',
      period: { from: '2026-02-01', to: '2026-02-28', label: 'February 2026' },
    })
    expect(ask('largest purchases')).toMatchObject({ kind: 'biggest_expenses', period: { from: '2026-03-01' } })
  })
  it('can I afford', () => {
    expect(ask('Can I afford a new bike for $300?')).toEqual({ kind: 'afford', amount: 30000, item: 'a new bike', month: null })
    expect(ask('can i afford a $1,200 tv')).toEqual({ kind: 'afford', amount: 120000, item: 'a tv', month: null })
    expect(ask('Can I afford a holiday?')).toEqual({ kind: 'afford', amount: null, item: 'a holiday', month: null })
    expect(ask('Can I afford a $300 bike this month?')).toEqual({ kind: 'afford', amount: 30000, item: 'a bike', month: null })
  })
  it('goals by name, or all of them', () => {
    expect(ask('When will I reach my vacation goal?')).toEqual({ kind: 'goal', goal: { id: 'g-vac', name: 'Vacation Fund' } })
    expect(ask('when will the new car be saved')).toEqual({ kind: 'goal', goal: { id: 'g-car', name: 'New Car' } })
    expect(ask('how are my goals doing')).toEqual({ kind: 'goal', goal: null })
  })
  it('bills due this week, this month or the next 30 days', () => {
    expect(ask('What bills are due this week?')).toEqual({ kind: 'bills_due', range: { from: '2026-03-15', to: '2026-03-21', label: 'in the next 7 days' } })
    expect(ask('bills due this month')).toEqual({ kind: 'bills_due', range: { from: '2026-03-15', to: '2026-03-31', label: 'by the end of March 2026' } })
    expect(ask('any upcoming bills?')).toEqual({ kind: 'bills_due', range: { from: '2026-03-15', to: '2026-04-13', label: 'in the next 30 days' } })
  })
  it('net worth, balances and budgets', () => {
    expect(ask("What's my net worth?")).toEqual({ kind: 'net_worth' })
    expect(ask('What are my account balances?')).toEqual({ kind: 'balance', account: null })
    expect(ask('how much is in savings')).toEqual({ kind: 'balance', account: { id: 'a-sav', name: 'Savings' } })
    expect(ask('Am I over budget this month?')).toMatchObject({ kind: 'budgets', period: { from: '2026-03-01' } })
  })
  it('anything else is unknown', () => {
    expect(ask('Tell me a joke')).toEqual({ kind: 'unknown' })
    expect(ask('   ')).toEqual({ kind: 'unknown' })
  })
})

describe('answers', () => {
  it('spending on a category, with a link to its transactions', () => {
    const href = transactionsHref({ category: 'c-groc', from: '2026-02-01', to: '2026-02-28' })
    expect(href).toBe('/transactions?category=c-groc&from=2026-02-01&to=2026-02-28')
    const answer = spendingAnswer(
      { subject: { kind: 'category', name: 'Groceries', total: asCents(41250), href }, total: asCents(41250), period: { from: '2026-02-01', to: '2026-02-28', label: 'February 2026' }, top: [] },
      usd,
    )
    expect(answer.text).toBe('You spent $412.50 on Groceries in February 2026.')
    expect(answer.figures).toEqual([{ label: 'Groceries, February 2026', amount: 41250, value: '$412.50', href }])
  })
  it('all spending names the top categories', () => {
    const answer = spendingAnswer(
      {
        subject: null,
        total: asCents(250000),
        period: { from: '2026-03-01', to: '2026-03-31', label: 'this month (March 2026)' },
        top: [
          { name: 'Rent', total: asCents(150000), href: '/r' },
          { name: 'Groceries', total: asCents(60000), href: '/g' },
        ],
      },
      usd,
    )
    expect(answer.text).toBe('You spent $2,500.00 in all this month (March 2026). The most went to Rent $1,500.00 and Groceries $600.00.')
    expect(answer.figures.map((f) => f.value)).toEqual(['$2,500.00', '$1,500.00', '$600.00'])
  })
  it('can I afford: yes with the new daily allowance, to the cent', () => {
    // $1,000.00 available on Mar 15 (17 days left): $58.82 a day; after $300: $700/17 = $41.17
    const answer = affordAnswer({ item: 'a new bike', price: asCents(30000), available: asCents(100000), dailyAllowance: asCents(5882), daysLeft: 17, today }, usd)
    expect(answer.text).toBe(
      "Yes, a new bike at $300.00 fits this month's plan: you have $1,000.00 available for the rest of March 2026 after bills still due and goal contributions. Buying it would take your daily allowance from $58.82 to $41.17 for the 17 days left.",
    )
    expect(answer.figures.map((f) => [f.label, f.value])).toEqual([
      ['Price', '$300.00'],
      ['Available for the rest of March 2026', '$1,000.00'],
      ['Daily allowance today', '$58.82'],
      ['Daily allowance after buying it', '$41.17'],
    ])
  })
  it('can I afford: no, short by the difference', () => {
    const answer = affordAnswer({ item: '', price: asCents(150000), available: asCents(100000), dailyAllowance: asCents(5882), daysLeft: 17, today }, usd)
    expect(answer.text.startsWith('Not this month without going over your plan: $1,500.00 is $500.00 more than the $1,000.00 available')).toBe(true)
    expect(answer.figures.at(-1)).toEqual({ label: 'Short by', amount: 50000, value: '$500.00', href: null })
  })
  it('goals: months and the projected month, on time or late', () => {
    // $3,000 − $1,200 = $1,800 at $200/month → 9 months → Dec 15, 2026
    const answer = goalAnswer(
      {
        goals: [{ id: 'g', name: 'Vacation Fund', currentAmount: asCents(120000), targetAmount: asCents(300000), monthlyContribution: asCents(20000), targetDate: '2026-10-01' }],
        asked: null,
        today,
      },
      usd,
    )
    expect(answer.text).toBe('At $200.00 a month, Vacation Fund ($1,200.00 of $3,000.00) will be reached in 9 months, around December 2026. That is after its target date, Oct 1, 2026.')
    expect(answer.figures.at(-1)).toEqual({ label: 'Vacation Fund: projected date', amount: null, value: 'December 2026', href: '/goals' })
  })
  it('goals without a contribution or already reached', () => {
    const answer = goalAnswer(
      {
        goals: [
          { id: 'a', name: 'Car', currentAmount: asCents(100), targetAmount: asCents(500), monthlyContribution: asCents(0), targetDate: null },
          { id: 'b', name: 'Phone', currentAmount: asCents(500), targetAmount: asCents(500), monthlyContribution: asCents(50), targetDate: null },
        ],
        asked: null,
        today,
      },
      usd,
    )
    expect(answer.text).toBe('Car has $1.00 of $5.00 saved and no monthly contribution set, so there is no date to project: set one on the Goals page.\nPhone is already reached ($5.00 of $5.00).')
  })
  it('bills due with the total, overdue named', () => {
    const answer = billsAnswer(
      {
        range: { from: today, to: '2026-03-21', label: 'in the next 7 days' },
        bills: [
          { name: 'Power', amount: asCents(8000), date: '2026-03-10' },
          { name: 'Rent', amount: asCents(150000), date: '2026-03-16' },
        ],
      },
      usd,
    )
    expect(answer.text).toBe('2 bills are due in the next 7 days, $1,580.00 in all:\nPower: $80.00 overdue since Mar 10, 2026\nRent: $1,500.00 on Mar 16, 2026')
    expect(answer.figures[0]).toEqual({ label: 'Total due', amount: 158000, value: '$1,580.00', href: '/bills' })
    expect(billsAnswer({ range: { from: today, to: today, label: 'today' }, bills: [] }, usd).text).toBe('No bills are due today.')
  })
  it('net worth and balances', () => {
    expect(netWorthAnswer({ netWorth: asCents(1234567), previous: asCents(1200000), assets: asCents(1500000), debts: asCents(265433) }, usd).text).toBe(
      'Your net worth is $12,345.67: $15,000.00 in assets less $2,654.33 owed. It is up $345.67 since the end of last month.',
    )
    const balances = balanceAnswer({ accounts: [{ name: 'Checking', balance: asCents(250075), href: '/c' }, { name: 'Card', balance: asCents(-5000), href: '/d' }], one: false }, usd)
    expect(balances.text).toBe('Your 2 accounts add up to $2,450.75:\nChecking: $2,500.75\nCard: -$50.00')
    expect(balanceAnswer({ accounts: [{ name: 'Savings', balance: asCents(100), href: '/s' }], one: true }, usd).text).toBe('Savings has a balance of $1.00.')
  })
  it('the honest fallback says so and lists examples', () => {
    const answer = unknownAnswer()
    expect(answer.text.startsWith("I can't answer that yet. I can answer questions like:\n• How much did I spend on groceries last month?")).toBe(true)
    expect(answer.text).toContain('• Can I afford a $2,000 vacation in June?')
    expect(answer.text).toContain('• How much will I have at the end of March?')
    expect(answer.figures).toEqual([])
  })
})

// ---- months ahead, seen on Wednesday 2026-12-02 ----

const december = '2026-12-02'
const askOn = (text: string, day = december) => parseQuestion(text, vocab, day)

describe('months ahead', () => {
  it('a month name is this year’s while it is not over, else next year’s', () => {
    expect(parseMonthAhead('in june', december)).toEqual({ first: '2027-06-01', label: 'June 2027', tense: 'future' })
    expect(parseMonthAhead('at the end of march', december)).toEqual({ first: '2027-03-01', label: 'March 2027', tense: 'future' })
    expect(parseMonthAhead('in december', december)).toEqual({ first: '2026-12-01', label: 'December 2026', tense: 'current' })
    expect(parseMonthAhead('in june', '2026-03-15')).toMatchObject({ first: '2026-06-01' })
    expect(parseMonthAhead('in march 2027', december)).toMatchObject({ first: '2027-03-01', tense: 'future' })
    expect(parseMonthAhead('in march 2026', december)).toMatchObject({ first: '2026-03-01', tense: 'past' })
    expect(parseMonthAhead('in june next year', '2026-03-15')).toMatchObject({ first: '2027-06-01' })
    expect(parseMonthAhead('by may', december)).toMatchObject({ first: '2027-05-01' })
  })
  it('next month, in N months, this month; a time that is no month is unplaced', () => {
    expect(parseMonthAhead('next month', december)).toMatchObject({ first: '2027-01-01', tense: 'future' })
    expect(parseMonthAhead('in 3 months', december)).toMatchObject({ first: '2027-03-01' })
    expect(parseMonthAhead('in three months', december)).toMatchObject({ first: '2027-03-01' })
    expect(parseMonthAhead('six months from now', december)).toMatchObject({ first: '2027-06-01' })
    expect(parseMonthAhead('at the end of the month', december)).toMatchObject({ first: '2026-12-01', tense: 'current' })
    for (const text of ['next year', 'in 2 years', 'this summer', 'in 2028', 'someday']) expect(parseMonthAhead(text, december)).toBe('unplaced')
    expect(parseMonthAhead('a new bike', december)).toBeNull()
    expect(parseMonthAhead('may i buy a bike', december)).toBeNull()
  })
  it('can I afford in a month ahead, the month out of the item', () => {
    expect(askOn('Can I afford a $2,000 vacation in June?')).toEqual({
      kind: 'afford',
      amount: 200000,
      item: 'a vacation',
      month: { first: '2027-06-01', label: 'June 2027', tense: 'future' },
    })
    expect(askOn('Can I afford a $2,000 vacation in March 2027?')).toMatchObject({ amount: 200000, item: 'a vacation', month: { first: '2027-03-01' } })
    expect(askOn('Can I afford a $2,000 vacation next month?')).toMatchObject({ amount: 200000, item: 'a vacation', month: { first: '2027-01-01' } })
    expect(askOn('Can I afford a vacation for $2,000 in 3 months?')).toMatchObject({ amount: 200000, item: 'a vacation', month: { first: '2027-03-01' } })
    expect(askOn('Will I be able to afford a car in March?')).toMatchObject({ kind: 'afford', amount: null, item: 'a car', month: { first: '2027-03-01' } })
    // a month gone by is kept as asked: the answer says it cannot be planned
    expect(askOn('Can I afford a $500 TV in March 2026?')).toMatchObject({ kind: 'afford', month: { first: '2026-03-01', tense: 'past' } })
  })
  it('how much will I have at the end of a month', () => {
    expect(askOn('How much will I have at the end of March?')).toEqual({ kind: 'projected_balance', month: { first: '2027-03-01', label: 'March 2027', tense: 'future' } })
    expect(askOn('What will my balance be next month?')).toMatchObject({ kind: 'projected_balance', month: { first: '2027-01-01' } })
    expect(askOn('How much money will I have left at the end of the month?')).toMatchObject({ kind: 'projected_balance', month: { first: '2026-12-01', tense: 'current' } })
  })
  it('never answers a question as another one', () => {
    const unknown = { kind: 'unknown' }
    // a future month is never answered about this month, nor a retirement as a purchase
    for (const text of [
      'Can I retire at 50?',
      'Can I afford to retire at 50?',
      'Can I afford a house in 5 years?',
      'Can I afford a vacation next year?',
      'Can I afford a trip this summer?',
      'How much will I spend next month?',
      'How much will I spend on groceries in June?',
      'How much did I spend in June 2027?',
      'What will my net worth be next year?',
      'What will my checking balance be in June?',
      'How much will I have in savings at the end of March?',
      'How much will I have saved by June?',
      'How much will I have next year?',
      'What bills are due in June?',
      'What bills were due in March 2026?',
      'What are my biggest expenses going to be next month?',
      'Will I be over budget next month?',
    ]) {
      expect(askOn(text), text).toEqual(unknown)
    }
    // the near neighbours still answer what they ask
    expect(askOn('How much did I spend in June?')).toMatchObject({ kind: 'spending', period: { from: '2026-06-01' } })
    expect(askOn('What bills are due next month?')).toMatchObject({ kind: 'bills_due', range: { from: december, to: '2027-01-31' } })
    expect(askOn('What is my net worth?')).toEqual({ kind: 'net_worth' })
    expect(askOn('When will I reach my vacation goal?')).toMatchObject({ kind: 'goal', goal: { id: 'g-vac' } })
    expect(askOn('how much is in savings')).toEqual({ kind: 'balance', account: { id: 'a-sav', name: 'Savings' } })
  })
})

/** The household of domain/plan/projection.test, seen on 2026-12-02 (the figures are worked by hand there). */
const household = (target: string): ProjectionInput => ({
  today: december,
  target,
  cash: asCents(400000),
  thisMonth: { incomeStillExpected: asCents(260000), billsStillDue: asCents(18000), spentOutsideBills: asCents(0) },
  usualSpending: asCents(210000),
  incomeSources: [
    { key: 'planned:pay', label: 'Paycheck', origin: 'planned', payeeKey: 'acme', accountId: 'chk', amount: asCents(260000), schedule: 'semimonthly', nextDate: '2026-12-15', secondDay: 1 },
  ],
  irregularHistory: [],
  scheduledBills: [
    { id: 'rent', name: 'Rent', amount: asCents(165000), nextDueDate: '2027-01-01', recurrence: 'monthly', isActive: true, accountId: 'chk', categoryId: null, tolerancePercent: 0 },
    { id: 'util', name: 'Utilities', amount: asCents(18000), nextDueDate: '2026-12-20', recurrence: 'monthly', isActive: true, accountId: 'chk', categoryId: null, tolerancePercent: 0 },
  ],
  goals: [{ goalId: 'g', name: 'Emergency Fund', currentAmount: asCents(700000), targetAmount: asCents(1000000), monthlyContribution: asCents(50000), contributedThisMonth: asCents(0) }],
})

describe('answers about a month ahead', () => {
  it('a $2,000.00 vacation in June 2027: yes, with the month’s figures and the rule', () => {
    // June: 5,200 in − 1,830 bills − 0 goals (reached in May) − 2,100 usual = 1,270; starts with 7,670;
    // cushion 1,830 (June's bills): 1,270 + 7,670 − 1,830 = 7,110 for it; 7,110 − 2,000 = 5,110
    const answer = futureAffordAnswer({ item: 'a vacation', price: asCents(200000), projection: projectToMonth(household('2027-06-01')), basis: { months: 3 } }, usd)
    expect(answer.text).toBe(
      'Yes, a vacation at $2,000.00 fits your plan for June 2027. June 2027 should bring $5,200.00 of income, less $1,830.00 of bills, $0.00 of goal contributions and $2,100.00 of usual spending: $1,270.00 left. You should start June 2027 with $7,670.00 in your checking, savings and cash accounts; keeping one month of bills ($1,830.00) as a cushion, that leaves $7,110.00, $5,110.00 more than the price. Usual spending is $2,100.00 a month outside bills: the median of your last 3 complete months, less the bills paid in them.',
    )
    expect(answer.figures.map((f) => [f.label, f.amount])).toEqual([
      ['Price', 200000],
      ['Expected income, June 2027', 520000],
      ['Bills, June 2027', 183000],
      ['Goal contributions, June 2027', 0],
      ['Usual spending, June 2027', 210000],
      ['Left after the plan, June 2027', 127000],
      ['Balance at the start of June 2027', 767000],
      ['Cushion: one month of bills', 183000],
      ['Left for spending beyond the plan, June 2027', 711000],
      ['Left after buying it', 511000],
    ])
  })
  it('says when the balance falls below zero before the month', () => {
    // from $100.00: December ends at 100 − 180 = −80; June starts at −80 + 5 × 770 = 3,770; 1,270 + 3,770 − 1,830 = 3,210
    const answer = futureAffordAnswer({ item: 'a vacation', price: asCents(200000), projection: projectToMonth({ ...household('2027-06-01'), cash: asCents(10000) }), basis: { months: 3 } }, usd)
    expect(answer.text.startsWith('Yes, a vacation at $2,000.00 fits your plan for June 2027.')).toBe(true)
    expect(answer.text).toContain('that leaves $3,210.00, $1,210.00 more than the price.')
    expect(answer.text.endsWith(' Before then, your balance is projected to fall to -$80.00 at the end of December 2026.')).toBe(true)
    expect(answer.figures.find((f) => f.label.startsWith('Lowest'))).toEqual({ label: 'Lowest balance before June 2027, end of December 2026', amount: -8000, value: '-$80.00', href: '/accounts' })
  })
  it('no when the price is more than the month leaves', () => {
    const answer = futureAffordAnswer({ item: '', price: asCents(800000), projection: projectToMonth(household('2027-06-01')), basis: { months: 3 } }, usd)
    expect(answer.text.startsWith('Not in June 2027 without going below your cushion: $8,000.00 is $890.00 more than the $7,110.00 your plan leaves for it.')).toBe(true)
    expect(answer.figures.at(-1)).toEqual({ label: 'Short by', amount: 89000, value: '$890.00', href: null })
  })
  it('the end of March 2027, month by month', () => {
    const answer = projectedBalanceAnswer({ projection: projectToMonth(household('2027-03-01')), basis: { months: 3 } }, usd)
    expect(answer.text).toBe(
      [
        'At the end of March 2027 you should have $6,130.00 in your checking, savings and cash accounts, from $4,000.00 today. March 2027 should bring $5,200.00 of income, less $1,830.00 of bills, $500.00 of goal contributions and $2,100.00 of usual spending: $770.00 left. Usual spending is $2,100.00 a month outside bills: the median of your last 3 complete months, less the bills paid in them.',
        'Month by month:',
        'December 2026 (from today): $2,600.00 in, $180.00 bills, $500.00 goals, $2,100.00 spending → $3,820.00',
        'January 2027: $5,200.00 in, $1,830.00 bills, $500.00 goals, $2,100.00 spending → $4,590.00',
        'February 2027: $5,200.00 in, $1,830.00 bills, $500.00 goals, $2,100.00 spending → $5,360.00',
        'March 2027: $5,200.00 in, $1,830.00 bills, $500.00 goals, $2,100.00 spending → $6,130.00',
      ].join('\n'),
    )
    expect(answer.figures[0]).toEqual({ label: 'Projected balance, end of March 2027', amount: 613000, value: '$6,130.00', href: '/accounts' })
  })
  it('a past month is refused', () => {
    expect(pastMonthAnswer('March 2026').text).toBe(
      'March 2026 has already passed, so there is no plan to check it against: I can plan this month and the months ahead. To see what happened then, ask "How much did I spend in March 2026?".',
    )
  })
})
