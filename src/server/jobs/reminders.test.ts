import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categoryId, createTestApp, signUp, type Client, type TestContext } from '../test/helper'
import { generateReminders } from './reminders'
import { INSTANCE_ID, runSharedJob } from './scheduler'
import { sharedJobs } from './jobs'

let t: TestContext
let a: Client
const NOW = new Date('2026-03-15T12:00:00Z')

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

type R = { title: string; type: string; priority: string; dueDate: string | null }

describe('generated reminders', () => {
  it('creates bill, goal and budget reminders once, however often the job runs', async () => {
    const first = await generateReminders(t.database.db, NOW)
    const again = await Promise.all([generateReminders(t.database.db, NOW), generateReminders(t.database.db, NOW)])
    expect(again).toEqual([0, 0])
    const list = (await a.get('/api/reminders')).json() as R[]
    expect(list).toHaveLength(first)
    const titles = list.map((r) => r.title).sort()
    expect(titles).toEqual(['Dining Out budget at 80%', 'Internet: Due tomorrow', 'Trip: target date in 17 days'])
    expect(list.find((r) => r.type === 'bill_due')).toMatchObject({ priority: 'high', dueDate: '2026-03-16' })
    expect((await a.get('/api/reminders/unread-count')).json()).toEqual({ count: 3 })
  })

  it('adds the 100% alert when the budget is used up, and the rent when it comes near', async () => {
    const checking = (await a.get('/api/accounts')).json()[0].id
    await a.post('/api/transactions', { accountId: checking, date: '2026-03-15', amount: -20, merchant: 'Cafe', categoryId: await categoryId(t, a, 'Dining Out') })
    const later = new Date('2026-03-23T09:00:00Z')
    await generateReminders(t.database.db, later)
    const titles = ((await a.get('/api/reminders')).json() as R[]).map((r) => r.title)
    expect(titles).toContain('Dining Out budget reached')
    expect(titles).toContain('Rent: due in 2 days')
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
