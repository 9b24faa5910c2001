// The Automation Center's event-driven automations through the app: alerts delivered as
// reminders (a transaction over an amount, a balance under one, a budget at 80 % and 100 %, a bill
// due within N days) and webhooks signed with their secret, sent once per event, retried, hidden
// from members who do not see the account, and refused on private addresses.
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  isFresh,
  parseSignatureHeader,
  signedText,
  SIGNATURE_HEADER,
} from '#src/domain/automation/signature'
import { addMember, categoryId, createTestApp, type TestContext } from '#src/server/test/helper'
import { settleAutomationHooks } from './routes'
import { eq } from 'drizzle-orm'
import { transactionChanges } from '#src/server/db/schema'
import { account, addToday, created, premium, remindersOf, setUpAutomationsTestApp, t } from './test-support'

setUpAutomationsTestApp()

describe('alerts delivered as reminders', () => {
  it('a transaction over an amount, strictly', async () => {
    const o = await premium()
    const checking = await account(o, { name: 'Checking', openingBalance: 3000 })
    const a = await created(o, {
      name: 'Big spend',
      config: { type: 'alert', condition: 'transaction_over', amount: 200, accountId: null },
    })
    expect(a.nextRunAt).toBeNull()
    await addToday(o, checking.id, -200, 'Exactly')
    await addToday(o, checking.id, -250.75, 'Electronics')
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
    await addToday(o, checking.id, -150, 'Rent share')
    await settleAutomationHooks(t.database.db)
    await addToday(o, checking.id, -10, 'Coffee')
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
    await addToday(o, checking.id, -1, 'A')
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
    await addToday(adult, mine.id, -3, 'Secret shop')
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

