import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import {
  affordAnswer,
  balanceAnswer,
  billsAnswer,
  goalAnswer,
  netWorthAnswer,
  spendingAnswer,
  transactionsHref,
  unknownAnswer,
} from './answer'
import { parseAmount, parsePeriod, parseQuestion, type Vocabulary } from './question'

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
    expect(ask('Can I afford a new bike for $300?')).toEqual({ kind: 'afford', amount: 30000, item: 'a new bike' })
    expect(ask('can i afford a $1,200 tv')).toEqual({ kind: 'afford', amount: 120000, item: 'a tv' })
    expect(ask('Can I afford a holiday?')).toEqual({ kind: 'afford', amount: null, item: 'a holiday' })
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
  it('the honest fallback lists examples', () => {
    const answer = unknownAnswer()
    expect(answer.text.startsWith('I can answer questions like:\n• How much did I spend on groceries last month?')).toBe(true)
    expect(answer.figures).toEqual([])
  })
})
