// The Automation Center through the app: scheduled transactions and goal transfers made
// through the API and run (by "run now", by the writes that start event-driven ones, by the job),
// the dry run that changes nothing, the run history and undo back to the cent, bad input named,
// access by role, plan and account visibility, and one run per period when two app instances run
// the job at once. Alerts and webhooks are in automation-events.test.ts.
import { describe, expect, it } from 'vitest'
import { buildApp } from '#src/server/app'
import { sharedJobs } from '#src/server/jobs/jobs'
import { addMember, categoryId, signUp } from '#src/server/test/helper'
import { settleAutomationHooks } from './routes'
import { account, addToday, balanceOf, created, premium, setUpAutomationsTestApp, t, transactionsOf } from './test-support'

setUpAutomationsTestApp()

describe('scheduled transactions', () => {
  it('adds the transaction on its date once, shows it in the history and undoes it to the cent', async () => {
    const o = await premium()
    const checking = await account(o, { name: 'Checking', openingBalance: 1000 })
    const rent = await categoryId(t, o, 'Groceries')
    const a = await created(o, {
      name: 'Gym',
      config: {
        type: 'scheduled_transaction',
        cadence: 'monthly',
        startDate: '2026-03-15',
        amount: -45.99,
        accountId: checking.id,
        categoryId: rent,
        payee: 'Gym Co',
      },
    })
    expect(a).toMatchObject({
      type: 'scheduled_transaction',
      isActive: true,
      nextRunAt: '2026-03-15T00:00:00.000Z',
      secret: null,
      lastRun: null,
    })
    expect(a.config).toMatchObject({ amount: -45.99, cadence: 'monthly', payee: 'Gym Co' })

    const ran = await o.post(`/api/automations/${a.id}/run`)
    expect(ran.statusCode, ran.body).toBe(200)
    expect(ran.json()).toHaveLength(1)
    expect(ran.json()[0]).toMatchObject({
      status: 'done',
      period: 'date:2026-03-15',
      canUndo: true,
      made: { transactions: 1, contributions: 0, reminders: 0 },
    })
    expect(await balanceOf(o, checking.id)).toBe(954.01)
    expect(
      (await transactionsOf(o, checking.id)).filter((x) => x.merchant === 'Gym Co'),
    ).toMatchObject([{ amount: -45.99, date: '2026-03-15' }])

    // the same period never twice
    expect((await o.post(`/api/automations/${a.id}/run`)).json()).toEqual([])
    expect(await balanceOf(o, checking.id)).toBe(954.01)

    const [listed] = (await o.get('/api/automations')).json()
    expect(listed.nextRunAt).toBe('2026-04-15T00:00:00.000Z')
    expect(listed.lastRun).toMatchObject({ status: 'done' })
    expect(listed.lastRun.summary).toContain('Gym Co')
    // the run's day as people write it, never ISO
    expect(listed.lastRun.summary).not.toMatch(/\d{4}-\d{2}-\d{2}/)

    const runs = (await o.get(`/api/automations/${a.id}/runs`)).json()
    expect(runs).toHaveLength(1)
    const undone = await o.post(`/api/automations/runs/${runs[0].id}/undo`)
    expect(undone.statusCode, undone.body).toBe(200)
    expect(undone.json()).toMatchObject({ canUndo: false })
    expect(undone.json().undoneAt).not.toBeNull()
    expect(await balanceOf(o, checking.id)).toBe(1000)
    expect((await transactionsOf(o, checking.id)).filter((x) => x.merchant === 'Gym Co')).toEqual(
      [],
    )
    // once only
    expect((await o.post(`/api/automations/runs/${runs[0].id}/undo`)).statusCode).toBe(409)
    expect(await balanceOf(o, checking.id)).toBe(1000)
  })

  it('dry-runs the last 90 days without changing anything', async () => {
    const o = await premium()
    const checking = await account(o, { name: 'Checking', openingBalance: 500 })
    const a = await created(o, {
      name: 'Allowance',
      config: {
        type: 'scheduled_transaction',
        cadence: 'monthly',
        startDate: '2025-11-30',
        amount: -20,
        accountId: checking.id,
        payee: 'Kid',
      },
    })
    const dry = await o.get(`/api/automations/${a.id}/dry-run`)
    expect(dry.statusCode, dry.body).toBe(200)
    expect(dry.json()).toMatchObject({ from: '2025-12-15', to: '2026-03-15', truncated: false })
    // the 30th kept, February's last day instead
    expect(
      dry.json().actions.map((x: { date: string; amount: number }) => [x.date, x.amount]),
    ).toEqual([
      ['2025-12-30', -20],
      ['2026-01-30', -20],
      ['2026-02-28', -20],
    ])
    expect(dry.json().actions[0].summary).toContain('Kid')
    expect(await balanceOf(o, checking.id)).toBe(500)
    expect((await o.get(`/api/automations/${a.id}/runs`)).json()).toEqual([])
    // dates before the automation existed are never made by a run
    expect((await o.post(`/api/automations/${a.id}/run`)).json()).toEqual([])
    expect(await balanceOf(o, checking.id)).toBe(500)
  })

  it('runs once per period on two app instances running the job at once', async () => {
    const o = await premium()
    const checking = await account(o, { name: 'Checking', openingBalance: 100 })
    const a = await created(o, {
      name: 'Savings sweep',
      config: {
        type: 'scheduled_transaction',
        cadence: 'weekly',
        startDate: '2026-03-15',
        amount: -10,
        accountId: checking.id,
      },
    })
    const second = await buildApp({
      db: t.database.db,
      config: t.config,
      clock: t.clock,
      webDir: null,
      logger: false,
    })
    await second.ready()
    try {
      const job = sharedJobs.find((j) => j.name === 'automations')
      if (!job) throw new Error('no automations job')
      const now = t.clock.now()
      await Promise.all([
        job.run({ db: t.database.db, config: t.config, now, log: t.app.log }),
        job.run({ db: t.database.db, config: t.config, now, log: second.log }),
        job.run({ db: t.database.db, config: t.config, now, log: t.app.log }),
      ])
      // and "run now" through each instance at the same time
      const both = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/automations/${a.id}/run`,
          headers: { cookie: o.cookie },
        }),
        second.inject({
          method: 'POST',
          url: `/api/automations/${a.id}/run`,
          headers: { cookie: o.cookie },
        }),
      ])
      for (const res of both) expect(res.statusCode, res.body).toBe(200)
    } finally {
      await second.close()
    }
    expect((await o.get(`/api/automations/${a.id}/runs`)).json()).toHaveLength(1)
    expect(await balanceOf(o, checking.id)).toBe(90)
  })

  it('does nothing while paused, and resumes', async () => {
    const o = await premium()
    const checking = await account(o, { name: 'Checking', openingBalance: 100 })
    const a = await created(o, {
      name: 'Paused',
      isActive: false,
      config: {
        type: 'scheduled_transaction',
        cadence: 'weekly',
        startDate: '2026-03-15',
        amount: 5,
        accountId: checking.id,
      },
    })
    expect(a.nextRunAt).toBeNull()
    expect((await o.post(`/api/automations/${a.id}/run`)).statusCode).toBe(409)
    const resumed = await o.patch(`/api/automations/${a.id}`, {
      isActive: true,
      name: 'Pocket money',
    })
    expect(resumed.statusCode, resumed.body).toBe(200)
    expect(resumed.json()).toMatchObject({
      isActive: true,
      name: 'Pocket money',
      nextRunAt: '2026-03-15T00:00:00.000Z',
    })
    expect((await o.post(`/api/automations/${a.id}/run`)).json()).toHaveLength(1)
    expect(await balanceOf(o, checking.id)).toBe(105)
  })
})

describe('goal transfers', () => {
  it('moves money monthly on its day between two accounts, and undo takes all of it back', async () => {
    const o = await premium()
    const checking = await account(o, { name: 'Checking', openingBalance: 800 })
    const savings = await account(o, { name: 'Savings', type: 'savings', openingBalance: 50 })
    const goal = (await o.post('/api/goals', { name: 'Holiday', targetAmount: 2000 })).json()
    const a = await created(o, {
      name: 'Holiday fund',
      config: {
        type: 'goal_transfer',
        goalId: goal.id,
        amount: 125.5,
        trigger: 'monthly',
        dayOfMonth: 15,
        fromAccountId: checking.id,
        toAccountId: savings.id,
      },
    })
    expect(a.nextRunAt).toBe('2026-03-15T00:00:00.000Z')
    const [run] = (await o.post(`/api/automations/${a.id}/run`)).json()
    expect(run).toMatchObject({
      status: 'done',
      made: { transactions: 2, contributions: 1, reminders: 0 },
    })
    expect(await balanceOf(o, checking.id)).toBe(674.5)
    expect(await balanceOf(o, savings.id)).toBe(175.5)
    expect((await o.get('/api/goals')).json()[0].currentAmount).toBe(125.5)

    const dry = (await o.get(`/api/automations/${a.id}/dry-run`)).json()
    expect(dry.actions.map((x: { date: string }) => x.date)).toEqual([
      '2025-12-15',
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
    ])

    // money taken out of the goal since: undo can no longer be exact, so it changes nothing
    const out = await o.post(`/api/goals/${goal.id}/contributions`, { amount: -100, date: '2026-03-15' })
    expect(out.statusCode, out.body).toBe(201)
    const refused = await o.post(`/api/automations/runs/${run.id}/undo`)
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'UNDO_NOT_EXACT' })
    expect(refused.json().message).toContain('Holiday')
    expect(await balanceOf(o, checking.id)).toBe(674.5)
    expect((await o.get('/api/goals')).json()[0].currentAmount).toBe(25.5)
    expect((await o.get(`/api/automations/${a.id}/runs`)).json()[0]).toMatchObject({ undoneAt: null, canUndo: true })
    // put back, undo takes back exactly what the run made (not "down to zero")
    expect((await o.post(`/api/goals/${goal.id}/contributions`, { amount: 110, date: '2026-03-15' })).statusCode).toBe(201)
    expect((await o.post(`/api/automations/runs/${run.id}/undo`)).statusCode).toBe(200)
    expect(await balanceOf(o, checking.id)).toBe(800)
    expect(await balanceOf(o, savings.id)).toBe(50)
    expect((await o.get('/api/goals')).json()[0].currentAmount).toBe(10)
  })

  it('moves money when income arrives in an account, once per income', async () => {
    const o = await premium()
    const checking = await account(o, { name: 'Checking', openingBalance: 0 })
    const goal = (await o.post('/api/goals', { name: 'Emergency', targetAmount: 5000 })).json()
    await created(o, {
      name: 'Pay yourself first',
      config: {
        type: 'goal_transfer',
        goalId: goal.id,
        amount: 100,
        trigger: 'income',
        incomeAccountId: checking.id,
      },
    })
    await addToday(o, checking.id, -30, 'Shop')
    await settleAutomationHooks(t.database.db)
    expect((await o.get('/api/goals')).json()[0].currentAmount).toBe(0)
    await addToday(o, checking.id, 2400, 'Employer')
    await settleAutomationHooks(t.database.db)
    expect((await o.get('/api/goals')).json()[0].currentAmount).toBe(100)
    // the job finds nothing more to do for that income
    await sharedJobs
      .find((j) => j.name === 'automations')
      ?.run({ db: t.database.db, config: t.config, now: t.clock.now(), log: t.app.log })
    expect((await o.get('/api/goals')).json()[0].currentAmount).toBe(100)
  })
})


describe('bad input', () => {
  it('names the field and changes nothing', async () => {
    const o = await premium()
    const other = await premium()
    const checking = await account(o, { name: 'Checking' })
    const theirs = await account(other, { name: 'Theirs' })
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          name: 'x',
          config: {
            type: 'scheduled_transaction',
            cadence: 'monthly',
            startDate: '2026-03-15',
            amount: 0,
            accountId: checking.id,
          },
        },
        'body.config.amount',
      ],
      [
        {
          name: 'x',
          config: {
            type: 'scheduled_transaction',
            cadence: 'daily',
            startDate: '2026-03-15',
            amount: 5,
            accountId: checking.id,
          },
        },
        'body.config.cadence',
      ],
      [
        {
          name: 'x',
          config: {
            type: 'scheduled_transaction',
            cadence: 'monthly',
            startDate: '2026-02-30',
            amount: 5,
            accountId: checking.id,
          },
        },
        'body.config.startDate',
      ],
      [
        {
          name: 'x',
          config: {
            type: 'scheduled_transaction',
            cadence: 'monthly',
            startDate: '2026-03-15',
            amount: 5,
            accountId: theirs.id,
          },
        },
        'body.config.accountId',
      ],
      [{ name: '', config: { type: 'alert', condition: 'bill_due' } }, 'body.name'],
      [
        { name: 'x', config: { type: 'alert', condition: 'balance_under', amount: 10 } },
        'body.config.accountId',
      ],
      [
        { name: 'x', config: { type: 'alert', condition: 'transaction_over' } },
        'body.config.amount',
      ],
      [
        { name: 'x', config: { type: 'alert', condition: 'bill_due', days: 61 } },
        'body.config.days',
      ],
      [
        {
          name: 'x',
          config: { type: 'goal_transfer', goalId: checking.id, amount: 10, trigger: 'monthly' },
        },
        'body.config.goalId',
      ],
      [
        {
          name: 'x',
          config: { type: 'goal_transfer', goalId: checking.id, amount: 10, trigger: 'income' },
        },
        'body.config.incomeAccountId',
      ],
      [
        {
          name: 'x',
          config: { type: 'webhook', url: 'ftp://example.com', events: ['transaction.created'] },
        },
        'body.config.url',
      ],
      [
        { name: 'x', config: { type: 'webhook', url: 'https://example.com', events: [] } },
        'body.config.events',
      ],
    ]
    for (const [body, path] of cases) {
      const res = await o.post('/api/automations', body)
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400)
      expect(
        res.json().issues.map((i: { path: string }) => i.path),
        res.body,
      ).toContain(path)
    }
    expect(
      (await o.post('/api/automations', { name: 'x', config: { type: 'lottery' } })).statusCode,
    ).toBe(400)
    expect((await o.get('/api/automations')).json()).toEqual([])

    const a = await created(o, {
      name: 'Alert',
      config: { type: 'alert', condition: 'bill_due', days: 2 },
    })
    const changed = await o.patch(`/api/automations/${a.id}`, {
      config: { type: 'webhook', url: 'https://example.com', events: ['transaction.created'] },
    })
    expect(changed.statusCode).toBe(400)
    expect(changed.json().issues[0].path).toBe('body.config.type')
    expect(
      (
        await o.patch(`/api/automations/${a.id}`, {
          config: { type: 'alert', condition: 'bill_due', days: -1 },
        })
      ).json().issues[0].path,
    ).toBe('body.config.days')
    expect((await o.get('/api/automations')).json()[0].config.days).toBe(2)
    expect((await o.post('/api/automations/runs/not-a-uuid/undo')).statusCode).toBe(400)
  })
})

describe('access', () => {
  it('viewers read but cannot change; the free plan is refused; outsiders get 404', async () => {
    const o = await premium()
    const viewer = await addMember(t, o, 'viewer')
    const teen = await addMember(t, o, 'teen')
    const outsider = await premium()
    const checking = await account(o, { name: 'Checking', openingBalance: 100 })
    const a = await created(o, {
      name: 'Weekly',
      config: {
        type: 'scheduled_transaction',
        cadence: 'weekly',
        startDate: '2026-03-15',
        amount: -1,
        accountId: checking.id,
      },
    })
    const [run] = (await o.post(`/api/automations/${a.id}/run`)).json()

    expect((await viewer.get('/api/automations')).json().map((x: { id: string }) => x.id)).toEqual([
      a.id,
    ])
    expect((await viewer.get(`/api/automations/${a.id}/runs`)).statusCode).toBe(200)
    expect((await viewer.get(`/api/automations/${a.id}/dry-run`)).statusCode).toBe(200)
    for (const res of [
      await viewer.post('/api/automations', {
        name: 'x',
        config: { type: 'alert', condition: 'bill_due' },
      }),
      await viewer.patch(`/api/automations/${a.id}`, { isActive: false }),
      await viewer.delete(`/api/automations/${a.id}`),
      await viewer.post(`/api/automations/${a.id}/run`),
      await viewer.post(`/api/automations/runs/${run.id}/undo`),
      await teen.delete(`/api/automations/${a.id}`),
    ])
      expect(res.statusCode).toBe(403)

    for (const res of [
      await outsider.get(`/api/automations/${a.id}/runs`),
      await outsider.get(`/api/automations/${a.id}/dry-run`),
      await outsider.patch(`/api/automations/${a.id}`, { isActive: false }),
      await outsider.delete(`/api/automations/${a.id}`),
      await outsider.post(`/api/automations/${a.id}/run`),
      await outsider.post(`/api/automations/runs/${run.id}/undo`),
    ])
      expect(res.statusCode).toBe(404)
    expect((await outsider.get('/api/automations')).json()).toEqual([])
    expect(await balanceOf(o, checking.id)).toBe(99)

    const free = await signUp(t.app)
    expect((await free.get('/api/automations')).statusCode).toBe(403)
    expect(
      (
        await free.post('/api/automations', {
          name: 'x',
          config: { type: 'alert', condition: 'bill_due' },
        })
      ).statusCode,
    ).toBe(403)

    expect((await o.delete(`/api/automations/${a.id}`)).statusCode).toBe(204)
    expect((await o.get('/api/automations')).json()).toEqual([])
    // what its runs made stays
    expect(await balanceOf(o, checking.id)).toBe(99)
  })

  it('an automation about an account a member cannot see is not shown to them', async () => {
    const o = await premium()
    const adult = await addMember(t, o, 'adult')
    const mine = await account(adult, { name: 'Mine', visibility: 'private', openingBalance: 100 })
    const a = await created(adult, {
      name: 'Private',
      config: {
        type: 'scheduled_transaction',
        cadence: 'weekly',
        startDate: '2026-03-15',
        amount: -1,
        accountId: mine.id,
      },
    })
    await created(o, { name: 'Everyone', config: { type: 'alert', condition: 'bill_due' } })
    expect((await adult.get('/api/automations')).json()).toHaveLength(2)
    expect((await o.get('/api/automations')).json().map((x: { name: string }) => x.name)).toEqual([
      'Everyone',
    ])
    expect((await o.get(`/api/automations/${a.id}/runs`)).statusCode).toBe(404)
    expect((await o.delete(`/api/automations/${a.id}`)).statusCode).toBe(404)
    const [run] = (await adult.post(`/api/automations/${a.id}/run`)).json()
    expect((await o.post(`/api/automations/runs/${run.id}/undo`)).statusCode).toBe(404)
    // and the owner cannot point one at it
    const res = await o.post('/api/automations', {
      name: 'x',
      config: { type: 'alert', condition: 'balance_under', amount: 5, accountId: mine.id },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().issues[0].path).toBe('body.config.accountId')
  })
})
