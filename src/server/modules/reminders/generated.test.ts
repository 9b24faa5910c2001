import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, categoryId, createTestApp, setTestPlan, signUp, type Client, type TestContext } from '#src/server/test/helper'
import { runSharedJob } from '#src/server/jobs/scheduler'
import { INSTANCE_ID } from '#src/server/instance'
import { sharedJobs } from '#src/server/jobs/jobs'
import { settleAutomationHooks } from '../automations/routes'
import { generateReminders } from './generated'

let t: TestContext
let a: Client
const NOW = new Date('2026-03-15T12:00:00Z')
const ISO = /\d{4}-\d{2}-\d{2}/

beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() })
  a = await signUp(t.app)
  const checking = (await a.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 500 })).json().id
  const dining = await categoryId(t, a, 'Dining Out')
  await a.post('/api/bills', { name: 'Internet', amount: 65, nextDueDate: '2026-03-16', accountId: checking })
  await a.post('/api/bills', { name: 'Rent', amount: 1650, nextDueDate: '2026-03-25', accountId: checking })
  await a.post('/api/goals', { name: 'Trip', targetAmount: 1000, currentAmount: 100, targetDate: '2026-04-01', monthlyContribution: 50 })
  await a.put('/api/budgets', { categoryId: dining, month: '2026-03', amount: 100 })
  await a.post('/api/transactions', { accountId: checking, date: '2026-03-10', amount: -85, merchant: 'Bistro', categoryId: dining })
})
afterAll(async () => {
  await t.close()
})

type R = { id: string; title: string; description: string; type: string; priority: string; dueDate: string | null; status: string }

const remindersOf = async (client: Client, query = ''): Promise<R[]> => {
  const res = await client.get(`/api/reminders${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as R[]
}
const titlesOf = async (client: Client, query = '') => (await remindersOf(client, query)).map((r) => r.title).sort()

describe('generated reminders', () => {
  it('creates bill, goal and budget reminders once, however often the job runs, dated as people write dates', async () => {
    const first = await generateReminders(t.database.db, NOW)
    const again = await Promise.all([generateReminders(t.database.db, NOW), generateReminders(t.database.db, NOW)])
    expect(again).toEqual([0, 0])
    const list = await remindersOf(a)
    expect(list).toHaveLength(first)
    expect(list.map((r) => r.title).sort()).toEqual(['Dining Out budget at 80%', 'Internet due Mon, Mar 16', 'Trip: target date Wed, Apr 1'])
    expect(list.find((r) => r.type === 'bill_due')).toMatchObject({ priority: 'high', dueDate: '2026-03-16', description: '$65.00 to pay.' })
    // never an ISO date in what a person reads
    for (const r of list) expect(`${r.title} ${r.description}`).not.toMatch(ISO)
    expect((await a.get('/api/reminders/unread-count')).json()).toEqual({ count: 3 })
  })

  it('adds the 100% alert when the budget is used up, retiring the 80% one, and the rent when it comes near', async () => {
    const checking = (await a.get('/api/accounts')).json()[0].id
    await a.post('/api/transactions', { accountId: checking, date: '2026-03-15', amount: -20, merchant: 'Cafe', categoryId: await categoryId(t, a, 'Dining Out') })
    const later = new Date('2026-03-23T09:00:00Z')
    await generateReminders(t.database.db, later)
    const titles = await titlesOf(a, '?status=all')
    expect(titles).toContain('Dining Out budget reached')
    expect(titles).not.toContain('Dining Out budget at 80%')
    expect(titles).toContain('Rent due Wed, Mar 25')
  })

  it('runs a shared job once even when two instances try at the same moment', async () => {
    const job = sharedJobs.find((j) => j.name === 'generate-reminders')
    if (!job) throw new Error('job missing')
    const log = t.app.log
    const deps = { config: t.config, now: new Date('2026-03-23T10:00:00Z'), log }
    const ran = await Promise.all([runSharedJob(t.database, job, deps), runSharedJob(t.database, job, deps)])
    expect(ran.filter(Boolean)).toHaveLength(1)
    // within its period it does not run again
    expect(await runSharedJob(t.database, job, { ...deps, now: new Date('2026-03-23T10:05:00Z') })).toBe(false)
    expect(await runSharedJob(t.database, job, { ...deps, now: new Date('2026-03-23T10:16:00Z') })).toBe(true)
    // each claim is counted and signed, for the operator (and the scale test) to read
    const { rows } = await t.database.pool.query<{ runs: number; claimed_by: string }>(
      `select runs, claimed_by from job_runs where name = 'generate-reminders'`,
    )
    expect(rows[0]?.runs).toBe(2)
    expect(rows[0]?.claimed_by).toBe(INSTANCE_ID)
  })
})

describe('one event, one reminder', () => {
  it('the reminder job and the Automation Center’s alerts remind of a bill due date and a budget alert once', async () => {
    const o = await signUp(t.app)
    await setTestPlan(t, o, 'premium')
    const checking = (await o.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 900 })).json().id
    const food = await categoryId(t, o, 'Groceries')
    await o.post('/api/bills', { name: 'Water', amount: 42.1, nextDueDate: '2026-03-17', accountId: checking })
    await o.put('/api/budgets', { categoryId: food, month: '2026-03', amount: 100 })
    const watches = []
    for (const config of [
      { type: 'alert', condition: 'bill_due', days: 3 },
      { type: 'alert', condition: 'budget', categoryId: null },
    ]) {
      const res = await o.post('/api/automations', { name: `Watch ${config.condition}`, config })
      expect(res.statusCode, res.body).toBe(201)
      watches.push(res.json().id as string)
    }
    await o.post('/api/transactions', { accountId: checking, date: '2026-03-10', amount: -85, merchant: 'Market', categoryId: food })
    await settleAutomationHooks(t.database.db)
    for (const id of watches) await o.post(`/api/automations/${id}/run`)
    await generateReminders(t.database.db, NOW)
    for (const id of watches) await o.post(`/api/automations/${id}/run`)
    expect(await titlesOf(o, '?status=all')).toEqual(['Groceries budget at 80%', 'Water due Tue, Mar 17'])
  })
})

describe('a budget has one alert at a time', () => {
  it('the 100% alert retires the 80% one; both go when a split or a deleted row brings spending back under the line', async () => {
    const b = await signUp(t.app)
    const checking = (await b.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 900 })).json().id
    const dining = await categoryId(t, b, 'Dining Out')
    const groceries = await categoryId(t, b, 'Groceries')
    await b.put('/api/budgets', { categoryId: dining, month: '2026-03', amount: 100 })
    const dinner = (await b.post('/api/transactions', { accountId: checking, date: '2026-03-10', amount: -85, merchant: 'Bistro', categoryId: dining })).json()
    await generateReminders(t.database.db, NOW)
    expect(await titlesOf(b, '?status=all')).toEqual(['Dining Out budget at 80%'])

    await b.post('/api/transactions', { accountId: checking, date: '2026-03-12', amount: -20, merchant: 'Cafe', categoryId: dining })
    await generateReminders(t.database.db, NOW)
    expect(await titlesOf(b, '?status=all')).toEqual(['Dining Out budget reached'])

    // the dinner was half groceries: 40 + 20 of 100 spent, under the line; no job needed
    const split = await b.patch(`/api/transactions/${dinner.id}`, {
      splits: [
        { categoryId: dining, amount: -40 },
        { categoryId: groceries, amount: -45 },
      ],
    })
    expect(split.statusCode, split.body).toBe(200)
    expect(await titlesOf(b, '?status=all')).toEqual([])

    const lunch = (await b.post('/api/transactions', { accountId: checking, date: '2026-03-14', amount: -25, merchant: 'Diner', categoryId: dining })).json()
    await generateReminders(t.database.db, NOW)
    expect(await titlesOf(b, '?status=all')).toEqual(['Dining Out budget at 80%'])
    expect((await b.delete(`/api/transactions/${lunch.id}`)).statusCode).toBe(204)
    expect(await titlesOf(b, '?status=all')).toEqual([])
    // and the job does not bring it back
    await generateReminders(t.database.db, NOW)
    expect(await titlesOf(b, '?status=all')).toEqual([])
  })
})

describe('paying a bill', () => {
  it('completes the due date’s reminder for every member who has it, and it is not made again', async () => {
    const o = await signUp(t.app)
    const partner = await addMember(t, o, 'adult')
    const checking = (await o.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 900 })).json().id
    const bill = (await o.post('/api/bills', { name: 'Power', amount: 80, nextDueDate: '2026-03-16', accountId: checking })).json()
    await generateReminders(t.database.db, NOW)
    for (const member of [o, partner]) expect(await titlesOf(member)).toEqual(['Power due Mon, Mar 16'])

    const paid = await o.post(`/api/bills/${bill.id}/pay`, {})
    expect(paid.statusCode, paid.body).toBe(200)
    for (const member of [o, partner]) {
      expect(await remindersOf(member)).toEqual([])
      expect((await remindersOf(member, '?status=completed')).map((r) => r.title)).toEqual(['Power due Mon, Mar 16'])
    }
    await generateReminders(t.database.db, NOW)
    expect(await remindersOf(o)).toEqual([])
  })
})
