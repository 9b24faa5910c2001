import { describe, expect, it } from 'vitest'
import { asCents, formatMoney } from '../money'
import {
  balancesByDay,
  budgetMonths,
  evaluateAlert,
  evaluateGoalTransfer,
  evaluateScheduled,
  evaluateWebhook,
  factWindow,
  previewMode,
  type AlertRule,
  type EvaluationMode,
  type TxnFact,
} from './evaluate'
import type { Voice } from './texts'

const c = asCents
const voice = (today: string): Voice => ({
  locale: 'en-US',
  today,
  money: (cents) => formatMoney(c(cents), 'USD', 'en-US'),
})
const run = (today: string, createdOn: string): EvaluationMode => ({
  mode: 'run',
  today,
  createdOn,
})
const window = (from: string, today: string): EvaluationMode => ({
  mode: 'preview',
  from,
  today,
  timeZone: 'UTC',
})
const txn = (t: Partial<TxnFact> & { id: string; amount: number }): TxnFact => ({
  accountId: 'acc',
  date: '2026-03-10',
  merchant: '',
  description: '',
  categoryId: null,
  kind: 'standard',
  ...t,
})
const alert = (a: Partial<AlertRule> & Pick<AlertRule, 'condition'>): AlertRule => ({
  amount: null,
  accountId: null,
  days: 3,
  ...a,
})

describe('evaluation modes', () => {
  it('a run reads back CATCH_UP_DAYS at most, never before the automation was made', () => {
    expect(factWindow(run('2026-03-15', '2026-03-01'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-15',
    })
    expect(factWindow(run('2026-03-15', '2025-01-01'))).toEqual({
      from: '2026-02-12',
      to: '2026-03-15',
    })
  })
  it('a dry run reads the last 90 days, and each month of them', () => {
    const mode = previewMode('2026-03-15', 'UTC')
    expect(mode).toEqual({
      mode: 'preview',
      today: '2026-03-15',
      from: '2025-12-15',
      timeZone: 'UTC',
    })
    expect(factWindow(mode)).toEqual({ from: '2025-12-15', to: '2026-03-15' })
    expect(budgetMonths(mode)).toEqual(['2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01'])
    expect(budgetMonths(run('2026-03-15', '2026-01-01'))).toEqual(['2026-03-01'])
  })
})

describe('scheduled transactions', () => {
  const rule = {
    cadence: 'monthly' as const,
    startDate: '2026-01-15',
    amount: c(-4599),
    payee: 'Gym Co',
  }
  it('runs the dates due since it was made, worded once it has acted', () => {
    expect(
      evaluateScheduled(
        rule,
        { name: 'Gym', accountName: null },
        run('2026-03-15', '2026-02-20'),
        voice('2026-03-15'),
      ),
    ).toEqual([{ key: 'date:2026-03-15', date: '2026-03-15', amount: -4599, summary: null }])
  })
  it('previews every date of the window, to the cent', () => {
    const firings = evaluateScheduled(
      rule,
      { name: 'Gym', accountName: 'Checking' },
      previewMode('2026-03-15', 'UTC'),
      voice('2026-03-15'),
    )
    expect(firings.map((f) => [f.date, f.summary, f.amount])).toEqual([
      ['2026-01-15', 'Would add Gym Co -$45.99 to Checking', -4599],
      ['2026-02-15', 'Would add Gym Co -$45.99 to Checking', -4599],
      ['2026-03-15', 'Would add Gym Co -$45.99 to Checking', -4599],
    ])
    const unnamed = evaluateScheduled(
      { ...rule, payee: '' },
      { name: 'Gym', accountName: null },
      window('2026-03-01', '2026-03-15'),
      voice('2026-03-15'),
    )
    expect(unnamed.map((f) => f.summary)).toEqual(['Would add Gym -$45.99 to the account'])
  })
})

describe('goal transfers', () => {
  const monthly = {
    amount: c(5000),
    trigger: 'monthly' as const,
    dayOfMonth: 31,
    incomeAccountId: null,
  }
  const onIncome = {
    amount: c(5000),
    trigger: 'income' as const,
    dayOfMonth: 1,
    incomeAccountId: 'acc',
  }
  const income = [
    txn({ id: 'i1', amount: 200000, merchant: 'Acme' }),
    txn({ id: 'i2', amount: 1, date: '2026-03-12' }),
  ]
  it('moves monthly on its day, a short month on its last day', () => {
    const facts = { goalName: null, incomeAccountSeen: false, income: [] }
    expect(
      evaluateGoalTransfer(monthly, facts, run('2026-03-15', '2026-01-10'), voice('2026-03-15')),
    ).toEqual([
      { key: 'date:2026-02-28', date: '2026-02-28', amount: 5000, why: '', summary: null },
    ])
    const preview = evaluateGoalTransfer(
      monthly,
      { ...facts, goalName: 'Holiday' },
      previewMode('2026-03-15', 'UTC'),
      voice('2026-03-15'),
    )
    expect(preview.map((f) => [f.date, f.summary, f.amount])).toEqual([
      ['2025-12-31', 'Would move $50.00 to Holiday', 5000],
      ['2026-01-31', 'Would move $50.00 to Holiday', 5000],
      ['2026-02-28', 'Would move $50.00 to Holiday', 5000],
    ])
  })
  it('moves once per income, only from an account the creator sees whole', () => {
    const firings = evaluateGoalTransfer(
      onIncome,
      { goalName: null, incomeAccountSeen: true, income },
      run('2026-03-15', '2026-03-01'),
      voice('2026-03-15'),
    )
    expect(firings.map((f) => [f.key, f.date, f.why])).toEqual([
      ['income:i1', '2026-03-10', ' (income of $2,000.00 from Acme)'],
      ['income:i2', '2026-03-12', ' (income of $0.01)'],
    ])
    expect(
      evaluateGoalTransfer(
        onIncome,
        { goalName: null, incomeAccountSeen: false, income },
        run('2026-03-15', '2026-03-01'),
        voice('2026-03-15'),
      ),
    ).toEqual([])
    const preview = evaluateGoalTransfer(
      onIncome,
      { goalName: null, incomeAccountSeen: true, income },
      window('2026-03-01', '2026-03-15'),
      voice('2026-03-15'),
    )
    expect(preview.map((f) => f.summary)).toEqual([
      'Income of $2,000.00 from Acme: would move $50.00 to the goal',
      'Income of $0.01: would move $50.00 to the goal',
    ])
  })
})

describe('alert: a transaction over an amount', () => {
  const rule = alert({ condition: 'transaction_over', amount: c(20000) })
  const facts = {
    transactions: [
      txn({ id: 'a', amount: -20000, merchant: 'Exactly' }),
      txn({ id: 'b', amount: -20001, merchant: 'Grocer' }),
      txn({ id: 'c', amount: 30000, merchant: 'Refund' }),
      txn({ id: 'd', amount: -50000, date: '2026-03-12' }),
    ],
  }
  it('fires on spending strictly over it (isTransactionOver): −200.01 is over 200, −200.00 and income are not', () => {
    const { firings, dipSince } = evaluateAlert(
      rule,
      facts,
      run('2026-03-15', '2026-03-01'),
      voice('2026-03-15'),
    )
    expect(dipSince).toBeNull()
    expect(firings.map((f) => f.key)).toEqual(['txn:b', 'txn:d'])
    expect(firings[0]).toEqual({
      key: 'txn:b',
      date: '2026-03-10',
      amount: -20001,
      summary: 'Reminded a member: Large transaction: Grocer $200.01',
      reminder: {
        account: { id: 'acc', need: 'full' },
        title: 'Large transaction: Grocer $200.01',
        description: '$200.01 on Mar 10, over your alert at $200.00.',
        type: 'other',
        priority: 'high',
        dueDate: '2026-03-10',
      },
    })
    expect(firings[1]?.reminder?.title).toBe('Large transaction: spending $500.00')
  })
  it('previews the same transactions as "Would alert" lines', () => {
    const { firings } = evaluateAlert(
      rule,
      facts,
      window('2026-03-01', '2026-03-15'),
      voice('2026-03-15'),
    )
    expect(firings.map((f) => [f.date, f.summary, f.amount, f.reminder])).toEqual([
      ['2026-03-10', 'Would alert: Grocer $200.01 is over $200.00', -20001, undefined],
      ['2026-03-12', 'Would alert: spending $500.00 is over $200.00', -50000, undefined],
    ])
  })
})

describe('alert: a balance under an amount', () => {
  const rule = alert({ condition: 'balance_under', amount: c(10000), accountId: 'acc' })
  const now = run('2026-03-15', '2026-03-01')
  it('fires once a dip, keyed by the day it went under, strictly under', () => {
    const first = evaluateAlert(
      rule,
      { account: { name: 'Checking', balance: 9999 }, dipSince: null },
      now,
      voice('2026-03-15'),
    )
    expect(first).toEqual({
      dipSince: '2026-03-15',
      firings: [
        {
          key: 'balance:acc:2026-03-15',
          date: '2026-03-15',
          amount: 9999,
          summary: 'Reminded a member: Checking is under $100.00',
          reminder: {
            account: { id: 'acc', need: 'balance' },
            title: 'Checking is under $100.00',
            description: 'The balance is $99.99.',
            type: 'other',
            priority: 'high',
            dueDate: '2026-03-15',
          },
        },
      ],
    })
    const still = evaluateAlert(
      rule,
      { account: { name: 'Checking', balance: 5 }, dipSince: '2026-03-10' },
      now,
      voice('2026-03-15'),
    )
    expect([still.dipSince, still.firings.map((f) => f.key)]).toEqual([
      '2026-03-10',
      ['balance:acc:2026-03-10'],
    ])
    // back at the amount: the dip is over
    expect(
      evaluateAlert(
        rule,
        { account: { name: 'Checking', balance: 10000 }, dipSince: '2026-03-10' },
        now,
        voice('2026-03-15'),
      ),
    ).toEqual({ firings: [], dipSince: null })
    // no account: nothing, and the dip kept
    expect(
      evaluateAlert(rule, { account: null, dipSince: '2026-03-10' }, now, voice('2026-03-15')),
    ).toEqual({ firings: [], dipSince: '2026-03-10' })
  })
  it('walks the balance back day by day', () => {
    const entries = [
      { date: '2026-03-03', amount: -2000 },
      { date: '2026-03-05', amount: 1000 },
    ]
    expect(balancesByDay(5000, entries, '2026-03-01', '2026-03-05')).toEqual([
      { date: '2026-03-01', balance: 6000 },
      { date: '2026-03-02', balance: 6000 },
      { date: '2026-03-03', balance: 4000 },
      { date: '2026-03-04', balance: 4000 },
      { date: '2026-03-05', balance: 5000 },
    ])
  })
  it('previews each dip of the window, and none before the account was opened', () => {
    const history = (openedOn: string | null) => ({
      entries: [
        { date: '2026-03-03', amount: -2000 },
        { date: '2026-03-05', amount: 1000 },
      ],
      amountsAfter: 500,
      openedOn,
    })
    const mode = window('2026-03-01', '2026-03-05')
    const account = { name: 'Checking', balance: 5500 }
    const dips = (amount: number, openedOn: string | null) =>
      evaluateAlert(
        { ...rule, amount: c(amount) },
        { account, history: history(openedOn) },
        mode,
        voice('2026-03-05'),
      ).firings.map((f) => [f.date, f.summary, f.amount])
    expect(dips(4500, '2026-01-01')).toEqual([
      ['2026-03-03', 'Would alert: Checking went under $45.00 ($40.00)', 4000],
    ])
    // under from the window's first day: already under, not a new dip
    expect(dips(7000, '2026-01-01')).toEqual([])
    // opened inside the window, under from its first day: a dip that day
    expect(dips(7000, '2026-03-02')).toEqual([
      ['2026-03-02', 'Would alert: Checking went under $70.00 ($60.00)', 6000],
    ])
    expect(dips(4500, null)).toEqual([])
  })
})

describe('alert: a budget at 80 % and 100 %', () => {
  const rule = alert({ condition: 'budget' })
  const use = (spent: number) => ({ categoryId: 'food', name: 'Food', budget: 10000, spent })
  it('reminds each member of the budget as they see it, one alert at a time', () => {
    const budgets = [
      { month: '2026-03-01', memberId: 'm1', uses: [use(8000)] },
      { month: '2026-03-01', memberId: 'm2', uses: [use(7999)] },
      { month: '2026-03-01', memberId: 'm3', uses: [use(10000)] },
    ]
    const { firings } = evaluateAlert(
      rule,
      { budgets },
      run('2026-03-15', '2026-03-01'),
      voice('2026-03-15'),
    )
    expect(firings).toEqual([
      {
        key: 'budget:food:2026-03-01:80',
        date: '2026-03-01',
        amount: null,
        summary: 'Reminded a member: Food budget at 80%',
        reminder: {
          title: 'Food budget at 80%',
          description: '$80.00 spent of $100.00 this month.',
          type: 'budget_limit',
          priority: 'medium',
          dueDate: null,
          shared: true,
          account: null,
          onlyFor: 'm1',
        },
      },
      {
        key: 'budget:food:2026-03-01:100',
        date: '2026-03-01',
        amount: null,
        summary: 'Reminded a member: Food budget reached',
        reminder: {
          title: 'Food budget reached',
          description: '$100.00 spent of $100.00 this month.',
          type: 'budget_limit',
          priority: 'high',
          dueDate: null,
          shared: true,
          account: null,
          onlyFor: 'm3',
        },
      },
    ])
  })
  it('previews every threshold reached in each month', () => {
    const budgets = [
      { month: '2026-02-01', memberId: 'm1', uses: [use(10000)] },
      { month: '2026-03-01', memberId: 'm1', uses: [use(7999)] },
    ]
    const { firings } = evaluateAlert(
      rule,
      { budgets },
      window('2026-02-01', '2026-03-15'),
      voice('2026-03-15'),
    )
    expect(firings.map((f) => [f.date, f.summary, f.amount])).toEqual([
      ['2026-02-01', 'Would alert: Food budget at 80% in 2026-02 ($100.00 of $100.00)', null],
      ['2026-02-01', 'Would alert: Food budget reached in 2026-02 ($100.00 of $100.00)', null],
    ])
  })
})

describe('alert: a bill due within N days', () => {
  const rule = alert({ condition: 'bill_due', days: 3 })
  const bill = (id: string, nextDueDate: string, accountId: string | null = 'acc') => ({
    id,
    name: 'Rent',
    amount: 120000,
    nextDueDate,
    accountId,
    recurrence: 'monthly',
    anchorDay: 18,
  })
  it('reminds of a bill due from today through today + N, with the reminder job’s key', () => {
    const bills = [
      bill('b1', '2026-03-18'),
      bill('b2', '2026-03-19'),
      bill('b3', '2026-03-14'),
      bill('b4', '2026-03-15', null),
    ]
    const { firings } = evaluateAlert(
      rule,
      { bills },
      run('2026-03-15', '2026-03-01'),
      voice('2026-03-15'),
    )
    expect(firings).toEqual([
      {
        key: 'bill:b1:2026-03-18',
        date: '2026-03-18',
        amount: -120000,
        summary: 'Reminded a member: Rent due Wed, Mar 18',
        reminder: {
          title: 'Rent due Wed, Mar 18',
          description: '$1,200.00 to pay.',
          type: 'bill_due',
          priority: 'medium',
          dueDate: '2026-03-18',
          shared: true,
          account: { id: 'acc', need: 'full' },
        },
      },
      {
        key: 'bill:b4:2026-03-15',
        date: '2026-03-15',
        amount: -120000,
        summary: 'Reminded a member: Rent due Sun, Mar 15',
        reminder: {
          title: 'Rent due Sun, Mar 15',
          description: '$1,200.00 to pay.',
          type: 'bill_due',
          priority: 'urgent',
          dueDate: '2026-03-15',
          shared: true,
          account: null,
        },
      },
    ])
  })
  it('previews each due date of the window on the day its reminder would have come', () => {
    const bills = [
      bill('b1', '2026-03-18'),
      { ...bill('b2', '2026-03-18'), recurrence: 'fortnightly-ish' },
    ]
    const { firings } = evaluateAlert(
      rule,
      { bills },
      window('2026-02-01', '2026-03-15'),
      voice('2026-03-15'),
    )
    expect(firings.map((f) => [f.date, f.summary, f.amount])).toEqual([
      ['2026-02-15', 'Would have reminded: Rent $1,200.00 due Wed, Feb 18', -120000],
      ['2026-03-15', 'Would remind: Rent $1,200.00 is due Wed, Mar 18', -120000],
    ])
  })
})

describe('webhooks', () => {
  const rule = {
    events: ['transaction.created', 'transaction.deleted', 'budget.threshold'] as const,
  }
  const facts = {
    created: [txn({ id: 't1', amount: -1234, merchant: 'Grocer' })],
    changes: [
      {
        id: 'ch1',
        change: 'updated' as const,
        accountId: 'acc',
        row: txn({ id: 't2', amount: 100 }),
        at: new Date('2026-03-15T03:00:00Z'),
      },
      {
        id: 'ch2',
        change: 'deleted' as const,
        accountId: 'acc',
        row: txn({ id: 't3', amount: 500 }),
        at: new Date('2026-03-15T03:00:00Z'),
      },
    ],
    budgets: [
      {
        month: '2026-03-01',
        memberId: 'm1',
        uses: [{ categoryId: 'food', name: 'Food', budget: 10000, spent: 8000 }],
      },
    ],
  }
  it('sends each event it is subscribed to, once by its key, with its data as decimals', () => {
    const firings = evaluateWebhook(
      rule,
      facts,
      run('2026-03-15', '2026-03-01'),
      voice('2026-03-15'),
    )
    expect(firings.map((f) => [f.key, f.summary])).toEqual([
      ['txn:t1', 'Sent transaction.created: Grocer -$12.34'],
      ['deleted:ch2', 'Sent transaction.deleted: transaction $5.00'],
      ['budget:food:2026-03-01:80', 'Sent budget.threshold: Food at 80%'],
    ])
    expect(firings.map((f) => f.event)).toEqual([
      {
        type: 'transaction.created',
        accountId: 'acc',
        data: {
          transaction: {
            id: 't1',
            accountId: 'acc',
            date: '2026-03-10',
            amount: -12.34,
            payee: 'Grocer',
            description: '',
            categoryId: null,
            kind: 'standard',
          },
        },
      },
      {
        type: 'transaction.deleted',
        accountId: 'acc',
        data: {
          transaction: {
            id: 't3',
            accountId: 'acc',
            date: '2026-03-10',
            amount: 5,
            payee: '',
            description: '',
            categoryId: null,
            kind: 'standard',
          },
        },
      },
      {
        type: 'budget.threshold',
        data: {
          budget: {
            categoryId: 'food',
            category: 'Food',
            month: '2026-03',
            amount: 100,
            spent: 80,
            percent: 80,
          },
        },
      },
    ])
    expect(
      evaluateWebhook(
        { events: ['transaction.updated'] },
        facts,
        run('2026-03-15', '2026-03-01'),
        voice('2026-03-15'),
      ).map((f) => f.key),
    ).toEqual(['updated:ch1'])
  })
  it('previews them as "Would send" lines, a change on the member’s local day', () => {
    const mode: EvaluationMode = {
      mode: 'preview',
      from: '2026-02-01',
      today: '2026-03-15',
      timeZone: 'America/New_York',
    }
    const firings = evaluateWebhook(rule, facts, mode, voice('2026-03-15'))
    expect(firings.map((f) => [f.date, f.summary, f.amount])).toEqual([
      ['2026-03-10', 'Would send transaction.created: Grocer -$12.34', -1234],
      ['2026-03-14', 'Would send transaction.deleted: transaction $5.00', 500],
      ['2026-03-01', 'Would send budget.threshold: Food at 80%', null],
    ])
  })
})
