// The Automation Center through the app: each kind of automation made through the
// API and run (by "run now", by the writes that start event-driven ones, by the job), the dry run
// that changes nothing, the run history and undo back to the cent, bad input named, access by
// role, plan and account visibility, webhooks signed and refused on private addresses, and one
// run per period when two app instances run the job at once.
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  isFresh,
  parseSignatureHeader,
  signedText,
  SIGNATURE_HEADER,
} from '../../../domain/automation/signature'
import { buildApp } from '../../app'
import { sharedJobs } from '../../jobs/jobs'
import {
  addMember,
  categoryId,
  createTestApp,
  setTestPlan,
  signUp,
  type Client,
  type TestContext,
} from '../../test/helper'
import { settleAutomationHooks } from './routes'
import { eq } from 'drizzle-orm'
import { transactionChanges } from '../../db/schema'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

async function premium(ctx: TestContext = t): Promise<Client> {
  const o = await signUp(ctx.app)
  await setTestPlan(ctx, o, 'premium')
  return o
}

async function account(c: Client, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await c.post('/api/accounts', { type: 'checking', ...body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function created(c: Client, body: Record<string, unknown>) {
  const res = await c.post('/api/automations', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

const balanceOf = async (c: Client, id: string): Promise<number> => {
  const res = await c.get(`/api/accounts/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().balance
}

const transactionsOf = async (
  c: Client,
  accountId: string,
): Promise<{ id: string; amount: number; merchant: string; date: string }[]> => {
  const res = await c.get(`/api/transactions?accountId=${accountId}&limit=100`)
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json()
  return Array.isArray(body) ? body : body.items
}

const remindersOf = async (
  c: Client,
): Promise<{ id: string; title: string; type: string; isRead: boolean }[]> =>
  (await c.get('/api/reminders?status=all')).json()

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
    await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-15',
      amount: -30,
      merchant: 'Shop',
    })
    await settleAutomationHooks(t.database.db)
    expect((await o.get('/api/goals')).json()[0].currentAmount).toBe(0)
    await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-15',
      amount: 2400,
      merchant: 'Employer',
    })
    await settleAutomationHooks(t.database.db)
    expect((await o.get('/api/goals')).json()[0].currentAmount).toBe(100)
    // the job finds nothing more to do for that income
    await sharedJobs
      .find((j) => j.name === 'automations')
      ?.run({ db: t.database.db, config: t.config, now: t.clock.now(), log: t.app.log })
    expect((await o.get('/api/goals')).json()[0].currentAmount).toBe(100)
  })
})

describe('alerts delivered as reminders', () => {
  it('a transaction over an amount, strictly', async () => {
    const o = await premium()
    const checking = await account(o, { name: 'Checking', openingBalance: 3000 })
    const a = await created(o, {
      name: 'Big spend',
      config: { type: 'alert', condition: 'transaction_over', amount: 200, accountId: null },
    })
    expect(a.nextRunAt).toBeNull()
    await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-15',
      amount: -200,
      merchant: 'Exactly',
    })
    await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-15',
      amount: -250.75,
      merchant: 'Electronics',
    })
    await settleAutomationHooks(t.database.db)
    const alerts = (await remindersOf(o)).filter((r) => r.title.startsWith('Large transaction'))
    expect(alerts).toHaveLength(1)
    expect(alerts[0]?.title).toContain('Electronics')
    expect(alerts[0]?.title).toContain('250.75')
    const runs = (await o.get(`/api/automations/${a.id}/runs`)).json()
    expect(runs).toHaveLength(1)
    expect(runs[0].made.reminders).toBe(1)
    // undo takes the reminder back
    expect((await o.post(`/api/automations/runs/${runs[0].id}/undo`)).statusCode).toBe(200)
    expect((await remindersOf(o)).filter((r) => r.title.startsWith('Large transaction'))).toEqual(
      [],
    )
  })

  it('a balance under an amount, once per dip', async () => {
    const o = await premium()
    const checking = await account(o, { name: 'Bills account', openingBalance: 600 })
    const a = await created(o, {
      name: 'Low balance',
      config: { type: 'alert', condition: 'balance_under', amount: 500, accountId: checking.id },
    })
    expect((await o.post(`/api/automations/${a.id}/run`)).json()).toEqual([])
    await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-15',
      amount: -150,
      merchant: 'Rent share',
    })
    await settleAutomationHooks(t.database.db)
    await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-15',
      amount: -10,
      merchant: 'Coffee',
    })
    await settleAutomationHooks(t.database.db)
    const low = (await remindersOf(o)).filter((r) => r.title.includes('is under'))
    expect(low).toHaveLength(1)
    expect(low[0]?.title).toContain('Bills account')
    // the dry run walks the balance back: it went under on the 15th
    const dry = (await o.get(`/api/automations/${a.id}/dry-run`)).json()
    expect(dry.actions).toMatchObject([{ date: '2026-03-15', amount: 440 }])
  })

  it('a budget at 80 %, then at 100 %, which retires the 80 % one', async () => {
    const o = await premium()
    const checking = await account(o, { name: 'Checking', openingBalance: 1000 })
    const food = await categoryId(t, o, 'Groceries')
    await o.put('/api/budgets', { categoryId: food, month: '2026-03', amount: 100 })
    const watch = await created(o, {
      name: 'Budget watch',
      config: { type: 'alert', condition: 'budget', categoryId: null },
    })
    await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-10',
      amount: -79.99,
      categoryId: food,
      merchant: 'Market',
    })
    await settleAutomationHooks(t.database.db)
    expect(
      (await remindersOf(o)).filter(
        (r) => r.type === 'budget_limit' && r.title.startsWith('Groceries'),
      ),
    ).toEqual([])
    await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-11',
      amount: -0.01,
      categoryId: food,
      merchant: 'Market',
    })
    await settleAutomationHooks(t.database.db)
    expect(
      (await remindersOf(o)).filter((r) => r.title.startsWith('Groceries')).map((r) => r.title),
    ).toEqual(['Groceries budget at 80%'])
    const eighty = (await remindersOf(o)).find((r) => r.title === 'Groceries budget at 80%')
    expect((await o.patch(`/api/reminders/${eighty?.id}/read`)).statusCode).toBe(200)
    await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-12',
      amount: -20,
      categoryId: food,
      merchant: 'Market',
    })
    await settleAutomationHooks(t.database.db)
    expect(
      (await remindersOf(o))
        .filter((r) => r.title.startsWith('Groceries'))
        .map((r) => r.title)
        .sort(),
    ).toEqual(['Groceries budget reached'])

    // undo of the 100 % run is exact: its reminder goes, and the 80 % one it retired comes back
    // as it was (same id, still read)
    const runs = (await o.get(`/api/automations/${watch.id}/runs`)).json() as {
      id: string
      summary: string
    }[]
    const reached = runs.find((r) => r.summary.includes('budget reached'))
    expect(reached).toBeDefined()
    const undone = await o.post(`/api/automations/runs/${reached?.id}/undo`)
    expect(undone.statusCode, undone.body).toBe(200)
    const back = (await remindersOf(o)).filter((r) => r.title.startsWith('Groceries'))
    expect(back.map((r) => ({ id: r.id, title: r.title, isRead: r.isRead }))).toEqual([
      { id: eighty?.id, title: 'Groceries budget at 80%', isRead: true },
    ])
  })

  it('a bill due within N days', async () => {
    const o = await premium()
    await o.post('/api/bills', { name: 'Water', amount: 42.1, nextDueDate: '2026-03-17' })
    await o.post('/api/bills', { name: 'Insurance', amount: 300, nextDueDate: '2026-03-25' })
    const a = await created(o, {
      name: 'Bills soon',
      config: { type: 'alert', condition: 'bill_due', days: 3 },
    })
    // the dry run covers the last 90 days like the others: each monthly due date, 3 days before
    const dry = (await o.get(`/api/automations/${a.id}/dry-run`)).json()
    expect(dry.from).toBe('2025-12-15')
    expect(dry.actions.map((x: { date: string; summary: string }) => `${x.date} ${x.summary}`)).toEqual([
      '2025-12-15 Would have reminded: Water $42.10 due Wed, Dec 17, 2025',
      '2025-12-22 Would have reminded: Insurance $300.00 due Thu, Dec 25, 2025',
      '2026-01-14 Would have reminded: Water $42.10 due Sat, Jan 17',
      '2026-01-22 Would have reminded: Insurance $300.00 due Sun, Jan 25',
      '2026-02-14 Would have reminded: Water $42.10 due Tue, Feb 17',
      '2026-02-22 Would have reminded: Insurance $300.00 due Wed, Feb 25',
      '2026-03-14 Would remind: Water $42.10 is due Tue, Mar 17',
    ])
    const runs = (await o.post(`/api/automations/${a.id}/run`)).json()
    expect(runs).toHaveLength(1)
    const titles = (await remindersOf(o)).map((r) => r.title)
    expect(titles).toContain('Water due Tue, Mar 17')
    expect(titles.filter((x) => x.startsWith('Insurance'))).toEqual([])
    expect((await o.post(`/api/automations/${a.id}/run`)).json()).toEqual([])
  })
})

describe('webhooks', () => {
  type Received = { headers: IncomingHttpHeaders; body: string }
  let w: TestContext
  let server: Server
  let received: Received[] = []
  let status = 200
  let url = ''
  beforeAll(async () => {
    w = await createTestApp({
      now: '2026-03-15T12:00:00Z',
      env: { KINWISE_ALLOW_LOCAL_PROVIDERS: 'true', KINWISE_SECRET_KEY: 'ab'.repeat(32) },
    })
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      req.on('end', () => {
        received.push({ headers: req.headers, body })
        res.writeHead(status).end('ok')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address() as AddressInfo
    url = `http://127.0.0.1:${String(address.port)}/hook`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await w.close()
  })

  const verify = (r: Received, secret: string) => {
    const header = r.headers[SIGNATURE_HEADER.toLowerCase()]
    expect(typeof header).toBe('string')
    const parsed = parseSignatureHeader(String(header))
    expect(parsed).not.toBeNull()
    if (!parsed) return
    const expected = createHmac('sha256', secret)
      .update(signedText(parsed.timestamp, r.body))
      .digest('hex')
    expect(parsed.signatures).toContain(expected)
    expect(isFresh(parsed.timestamp, Math.floor(w.clock.now().getTime() / 1000))).toBe(true)
  }

  it('signs transaction and budget events with the secret shown once', async () => {
    received = []
    const o = await premium(w)
    const checking = await account(o, { name: 'Checking', openingBalance: 1000 })
    const food = await categoryId(w, o, 'Groceries')
    await o.put('/api/budgets', { categoryId: food, month: '2026-03', amount: 50 })
    const hook = await created(o, {
      name: 'To my server',
      config: { type: 'webhook', url, events: ['transaction.created', 'budget.threshold'] },
    })
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{48}$/)
    expect(JSON.stringify((await o.get('/api/automations')).json())).not.toContain(hook.secret)

    await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-15',
      amount: -45,
      categoryId: food,
      merchant: 'Market',
    })
    await settleAutomationHooks(w.database.db)
    expect(received.length).toBe(2)
    for (const r of received) verify(r, hook.secret)
    const bodies = received.map(
      (r) => JSON.parse(r.body) as { type: string; data: Record<string, Record<string, unknown>> },
    )
    const txn = bodies.find((b) => b.type === 'transaction.created')
    expect(txn?.data.transaction).toMatchObject({
      amount: -45,
      payee: 'Market',
      date: '2026-03-15',
    })
    const budget = bodies.find((b) => b.type === 'budget.threshold')
    expect(budget?.data.budget).toMatchObject({
      category: 'Groceries',
      percent: 80,
      amount: 50,
      spent: 45,
    })

    const runs = (await o.get(`/api/automations/${hook.id}/runs`)).json()
    expect(runs).toHaveLength(2)
    for (const run of runs)
      expect(run).toMatchObject({
        status: 'done',
        canUndo: false,
        attempts: [{ status: 200, error: null }],
      })
    // a delivery is never sent twice
    await o.post(`/api/automations/${hook.id}/run`)
    expect(received.length).toBe(2)
  })

  it('signs transaction.updated and transaction.deleted, each change sent once', async () => {
    received = []
    const o = await premium(w)
    const quiet = await premium(w)
    const checking = await account(o, { name: 'Checking', openingBalance: 100 })
    const theirs = await account(quiet, { name: 'Quiet', openingBalance: 100 })
    const hook = await created(o, {
      name: 'Changes',
      config: { type: 'webhook', url, events: ['transaction.updated', 'transaction.deleted'] },
    })
    const made = await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-14',
      amount: -12,
      merchant: 'Bakery',
    })
    await settleAutomationHooks(w.database.db)
    // added: not listened for
    expect(received).toEqual([])
    const id = made.json().id as string
    const edited = await o.patch(`/api/transactions/${id}`, { amount: -15.5, merchant: 'Corner Bakery' })
    expect(edited.statusCode, edited.body).toBe(200)
    await settleAutomationHooks(w.database.db)
    expect(received).toHaveLength(1)
    expect((await o.delete(`/api/transactions/${id}`)).statusCode).toBe(204)
    await settleAutomationHooks(w.database.db)
    expect(received).toHaveLength(2)
    for (const r of received) verify(r, hook.secret)
    const [updated, deleted] = received.map(
      (r) => JSON.parse(r.body) as { type: string; data: { transaction: Record<string, unknown> } },
    )
    expect(updated).toMatchObject({
      type: 'transaction.updated',
      data: { transaction: { id, amount: -15.5, payee: 'Corner Bakery', date: '2026-03-14', accountId: checking.id } },
    })
    expect(deleted).toMatchObject({
      type: 'transaction.deleted',
      data: { transaction: { id, amount: -15.5, payee: 'Corner Bakery' } },
    })
    // run again: nothing is sent twice; the history says what went out
    await o.post(`/api/automations/${hook.id}/run`)
    expect(received).toHaveLength(2)
    const runs = (await o.get(`/api/automations/${hook.id}/runs`)).json() as { summary: string; status: string }[]
    expect(runs.map((r) => `${r.status} ${r.summary}`).sort()).toEqual([
      'done Sent transaction.deleted: Corner Bakery -$15.50',
      'done Sent transaction.updated: Corner Bakery -$15.50',
    ])
    // a household with no webhook listening records no change at all
    const row = (await quiet.post('/api/transactions', { accountId: theirs.id, date: '2026-03-14', amount: -1, merchant: 'X' })).json()
    await quiet.patch(`/api/transactions/${row.id}`, { amount: -2 })
    await quiet.delete(`/api/transactions/${row.id}`)
    const kept = await w.database.db.select().from(transactionChanges).where(eq(transactionChanges.transactionId, row.id))
    expect(kept).toEqual([])
  })

  it('records a failed delivery and tries again later', async () => {
    received = []
    status = 500
    const o = await premium(w)
    const checking = await account(o, { name: 'Checking', openingBalance: 10 })
    const hook = await created(o, {
      name: 'Flaky',
      config: { type: 'webhook', url, events: ['transaction.created'] },
    })
    await o.post('/api/transactions', {
      accountId: checking.id,
      date: '2026-03-15',
      amount: -1,
      merchant: 'A',
    })
    await settleAutomationHooks(w.database.db)
    const [failed] = (await o.get(`/api/automations/${hook.id}/runs`)).json()
    expect(failed).toMatchObject({ status: 'failed' })
    expect(failed.attempts).toHaveLength(2)
    status = 200
    await o.post(`/api/automations/${hook.id}/run`)
    const [retried] = (await o.get(`/api/automations/${hook.id}/runs`)).json()
    expect(retried.status).toBe('done')
    expect(retried.attempts.map((x: { status: number }) => x.status)).toEqual([500, 500, 200])
  })

  it('shows other members nothing of a delivery about an account they do not see', async () => {
    received = []
    const o = await premium(w)
    const adult = await addMember(w, o, 'adult')
    const mine = await account(adult, { name: 'Mine', visibility: 'private', openingBalance: 10 })
    const hook = await created(adult, {
      name: 'Adult hook',
      config: { type: 'webhook', url, events: ['transaction.created'] },
    })
    await adult.post('/api/transactions', {
      accountId: mine.id,
      date: '2026-03-15',
      amount: -3,
      merchant: 'Secret shop',
    })
    await settleAutomationHooks(w.database.db)
    expect(received).toHaveLength(1)
    expect((await adult.get(`/api/automations/${hook.id}/runs`)).json()[0].summary).toContain(
      'Secret shop',
    )
    const seen = JSON.stringify([
      (await o.get(`/api/automations/${hook.id}/runs`)).json(),
      (await o.get('/api/automations')).json(),
    ])
    expect(seen).not.toContain('Secret shop')
    expect(seen).toContain('Sent an event about an account you do not see')
  })

  it('refuses private and loopback addresses unless local providers are allowed', async () => {
    const o = await premium()
    const internal = [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/x',
      'https://[::1]/x',
      'https://localhost/x',
      // IPv4 inside IPv6, which the URL parser writes in hex (64:ff9b::7f00:1)
      'https://[64:ff9b::127.0.0.1]/x',
      'https://[::127.0.0.1]/x',
      'https://[::ffff:169.254.169.254]/x',
      'https://[2002:7f00:1::]/x',
      'https://[fec0::1]/x',
    ]
    for (const bad of [...internal, 'http://example.com/x']) {
      const res = await o.post('/api/automations', {
        name: 'Hook',
        config: { type: 'webhook', url: bad, events: ['transaction.created'] },
      })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().issues[0].path).toBe('body.config.url')
    }
    expect((await o.get('/api/automations')).json()).toEqual([])
    // nor may a webhook be changed to point there
    const hook = await created(o, {
      name: 'Public',
      config: { type: 'webhook', url: 'https://93.184.215.14/hook', events: ['transaction.created'] },
    })
    for (const bad of internal) {
      const res = await o.patch(`/api/automations/${String(hook.id)}`, {
        config: { type: 'webhook', url: bad, events: ['transaction.created'] },
      })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json()).toMatchObject({ code: 'UNSAFE_PROVIDER_URL', issues: [{ path: 'body.config.url' }] })
    }
    expect((await o.get('/api/automations')).json()[0].config.url).toBe('https://93.184.215.14/hook')
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
