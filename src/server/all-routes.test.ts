// Checks over every endpoint of src/contract at once: each is served and documented, none
// answers without a session (but the public ones), every one declares its plan and role and
// route() enforces them for each role and plan, no route lets one household read or change
// another's data, no member reaches an account they may not see (ADR 0023), and no date or month
// in a query string, in the years the API takes or far outside them, answers 500. A new endpoint
// with an id in its path must be added to OTHERS_IDS in all-routes.tables.ts, or this test fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { MAX_YEAR, MIN_YEAR } from '../contract/common'
import { readsOnly, type EndpointDef } from '../contract/endpoint'
import { PERFORMANCE_RANGES } from '../contract/investments'
import { roleAtLeast, type Role } from '../domain/access'
import { featurePlan, isPremiumFeature } from '../domain/tiers'
import { addMember, categoryId, createTestApp, setTestPlan, signUp, type Client, type TestContext } from './test/helper'
import { readFileSync } from 'node:fs'
import { attach, upload, uploadAvatar } from './test/upload'
import { eq } from 'drizzle-orm'
import { endpoints, FOR_TOKEN_HOLDERS, ids, key, OTHERS_IDS, OWNER_READS, PERSONAL_WRITES } from './all-routes.tables'
import { bankConnections, coachingActions, householdMembers, insights, recurringSeries, webauthnCredentials } from './db/schema'

let t: TestContext
let owner: Client
let other: Client
/** members of owner's household, by role */
let members: Record<Exclude<Role, 'owner'>, Client>
/** a free household and a basic one, for the plan checks */
let free: Client
let basic: Client
let snapshot: Record<string, unknown> = {}
/** API tokens: the owner's read-only and read-write ones, read-write ones of each lower role and of the free household */
let tokens: Record<'ownerRead' | 'ownerWrite' | 'adult' | 'teen' | 'viewer' | 'free', string>

async function takeSnapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  for (const url of OWNER_READS) out[url] = (await owner.get(url)).json()
  return out
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  owner = await signUp(t.app)
  other = await signUp(t.app)
  // both on a plan, so the premium features' endpoints reach their role check and their 404
  await setTestPlan(t, owner, 'premium')
  await setTestPlan(t, other, 'premium')
  ids.account = (await owner.post('/api/accounts', { name: 'Owner checking', type: 'checking', openingBalance: 1000 })).json().id
  ids.card = (await owner.post('/api/accounts', { name: 'Owner card', type: 'credit_card' })).json().id
  ids.category = (await owner.post('/api/categories', { name: 'Owner only' })).json().id
  ids.groceries = await categoryId(t, owner, 'Groceries')
  ids.transaction = (
    await owner.post('/api/transactions', { accountId: ids.account, date: '2026-03-02', amount: -12.34, merchant: 'Shop', categoryId: ids.groceries })
  ).json().id
  const receipt = readFileSync(new URL('../../e2e/fixtures/receipt.jpg', import.meta.url))
  ids.attachment = (await attach(owner, ids.transaction ?? '', receipt)).json().id
  // the owner's profile photo (modules/user): served to their household only
  expect((await uploadAvatar(owner, receipt, 'me.jpg')).statusCode).toBe(200)
  ids.photoOwner = owner.user.id
  ids.budget = (await owner.put('/api/budgets', { categoryId: ids.groceries, month: '2026-03', amount: 300 })).json().id
  ids.goal = (await owner.post('/api/goals', { name: 'Owner goal', targetAmount: 500, monthlyContribution: 50 })).json().id
  ids.plannedIncome = (await owner.post('/api/planned-income', { name: 'Owner pay', amount: 2000, schedule: 'monthly', nextDate: '2026-03-25', accountId: ids.account })).json().id
  ids.bill = (await owner.post('/api/bills', { name: 'Owner bill', amount: 40, nextDueDate: '2026-03-20', accountId: ids.account })).json().id
  ids.reminder = (await owner.post('/api/reminders', { title: 'Owner reminder' })).json().id
  ids.creditScore = (await owner.post('/api/credit-score', { score: 720, provider: 'Test', date: '2026-03-01' })).json().id
  ids.challenge = (await owner.post('/api/savings-challenges', { kind: 'custom', target: 500, endDate: '2026-12-31', goalId: ids.goal })).json().id
  ids.debtPlan = (
    await owner.post('/api/debt-planning/plans', { name: 'Plan', plan: { debts: [{ name: 'Card', balance: 100, apr: 10, minimumPayment: 20 }], strategy: 'minimum' } })
  ).json().id
  const rule = await owner.post('/api/rules', {
    name: 'Owner rule',
    conditions: [{ field: 'payee', operator: 'contains', value: 'shop' }],
    actions: { setCategoryId: ids.groceries },
  })
  expect(rule.statusCode).toBe(201)
  ids.rule = rule.json().id
  const imported = await upload(owner, 'Date,Payee,Amount\n2026-03-02,Corner Shop,-4.20\n', {
    fields: { accountId: ids.account ?? '' },
  })
  expect(imported.statusCode, imported.body).toBe(200)
  ids.importBatch = imported.json().batchId
  ids.invite = (await owner.post('/api/household/invites', { role: 'adult' })).json().token
  // an investment account with a buy (modules/investments)
  ids.investmentAccount = (await owner.post('/api/accounts', { name: 'Owner brokerage', type: 'investment' })).json().id
  const bought = await owner.post('/api/investments/activities', { accountId: ids.investmentAccount, symbol: 'OWNR', type: 'buy', date: '2026-03-02', quantity: 2, price: 10 })
  expect(bought.statusCode, bought.body).toBe(201)
  ids.activity = bought.json().id
  ids.security = bought.json().securityId
  // an automation that ran once (modules/automations)
  ids.automation = (
    await owner.post('/api/automations', { name: 'Owner weekly', config: { type: 'scheduled_transaction', cadence: 'weekly', startDate: '2026-03-15', amount: -1, accountId: ids.account } })
  ).json().id
  ids.automationRun = (await owner.post(`/api/automations/${ids.automation ?? ''}/run`)).json()[0].id
  // a conversation with the advisor (modules/advisor)
  ids.advisorConversation = (await owner.post('/api/advisor/messages', { text: 'What bills are due?' })).json().conversationId
  expect((await owner.put('/api/currencies/rates', { currency: 'EUR', date: '2026-03-01', rate: 1.1 })).statusCode).toBe(200)
  members = {
    adult: await addMember(t, owner, 'adult'),
    teen: await addMember(t, owner, 'teen'),
    viewer: await addMember(t, owner, 'viewer'),
  }
  ids.member = members.viewer.user.id
  ids.session = (await owner.get('/api/auth/sessions')).json()[0].id
  // a passkey of the owner's, put straight in the database (registration is tested in modules/mfa)
  ids.passkey = 'owner-passkey-credential-id'
  await t.database.db.insert(webauthnCredentials).values({ id: ids.passkey, userId: owner.user.id, publicKey: 'AAAA', name: 'Owner key' })
  // a bank connection of the owner's, put straight in the database (connecting is tested in modules/bank-connections)
  const [membership] = await t.database.db.select().from(householdMembers).where(eq(householdMembers.userId, owner.user.id))
  const [connection] = await t.database.db
    .insert(bankConnections)
    .values({ householdId: membership?.householdId ?? '', userId: owner.user.id, provider: 'simplefin', accessSecret: 'https://u:p@bridge.example/simplefin', institution: 'Owner bank' })
    .returning()
  ids.bankConnection = connection?.id ?? ''
  // a coaching action of the owner's, put straight in the database (making them is tested in modules/coaching)
  const [action] = await t.database.db
    .insert(coachingActions)
    .values({ householdId: membership?.householdId ?? '', userId: owner.user.id, week: '2026-03-09', kind: 'move_idle_cash', key: 'idle-cash:2026-03', title: 'Owner action', saving: 100, data: { cash: 100_000, threeMonths: 0, idle: 100_000, ratePercent: 4, accountIds: [] } })
    .returning()
  ids.coachingAction = action?.id ?? ''
  // an insight and a recurring series of the owner's, put straight in the database (the insight job is tested in modules/insights)
  const [ownerInsight] = await t.database.db
    .insert(insights)
    .values({ householdId: membership?.householdId ?? '', kind: 'uncategorised', key: 'uncategorised:owner', title: 'Owner insight', accountIds: [ids.account ?? ''] })
    .returning()
  ids.insight = ownerInsight?.id ?? ''
  const [series] = await t.database.db
    .insert(recurringSeries)
    .values({ householdId: membership?.householdId ?? '', payeeKey: 'owner stream', payee: 'Owner Stream', accountId: ids.account ?? '', cadence: 'monthly', amount: -999, lastDate: '2026-03-01', nextDate: '2026-04-01' })
    .returning()
  ids.recurring = series?.id ?? ''
  // the adult's private account with a transaction, and a balance-only one: the teen sees neither
  ids.privateAccount = (
    await members.adult.post('/api/accounts', { name: 'Adult private', type: 'checking', visibility: 'private', openingBalance: 777.77 })
  ).json().id
  ids.privateTransaction = (
    await members.adult.post('/api/transactions', { accountId: ids.privateAccount, date: '2026-03-03', amount: -55.55, merchant: 'Secret shop' })
  ).json().id
  ids.privateAttachment = (await attach(members.adult, ids.privateTransaction ?? '', receipt, 'secret-receipt.jpg')).json().id
  ids.balanceOnlyAccount = (
    await members.adult.post('/api/accounts', { name: 'Adult balance only', type: 'savings', visibility: 'balance_only', openingBalance: 100 })
  ).json().id
  free = await signUp(t.app)
  basic = await signUp(t.app)
  await setTestPlan(t, basic, 'basic')
  // personal API tokens (ADR 0033): the owner's two, and a read-write one of every other member
  const token = async (client: Client, access: 'read' | 'write') => {
    const res = await client.post('/api/tokens', { name: `${access} token`, access, expiresInDays: 30 })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: string; token: string }
  }
  const ownerRead = await token(owner, 'read')
  ids.apiToken = ownerRead.id
  tokens = {
    ownerRead: ownerRead.token,
    ownerWrite: (await token(owner, 'write')).token,
    adult: (await token(members.adult, 'write')).token,
    teen: (await token(members.teen, 'write')).token,
    viewer: (await token(members.viewer, 'write')).token,
    free: (await token(free, 'write')).token,
  }
  snapshot = await takeSnapshot()
})
afterAll(async () => {
  await t.close()
})


describe('every endpoint', () => {
  it('is served and documented in the OpenAPI document, with money as numbers', async () => {
    expect(endpoints.length).toBeGreaterThan(40)
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    for (const e of endpoints) {
      const openApiPath = e.path.replace(/:(\w+)/g, '{$1}')
      const operation = doc.paths[openApiPath]?.[e.method.toLowerCase()]
      expect(operation, key(e)).toBeDefined()
      // the access each endpoint needs is part of its documentation
      if (e.auth !== false) expect(JSON.stringify(operation), key(e)).toMatch(/Access: (any member|\w+ or above)/)
    }
    const balance = JSON.stringify(doc.paths['/api/accounts']?.get)
    expect(balance).toContain('"balance":{"type":"number"')
  })

  it('needs a session, except the public ones', async () => {
    for (const e of endpoints) {
      if (e.auth === false) continue
      const url = e.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')
      const res = await t.app.inject({ method: e.method, url, ...(e.body ? { payload: {} } : {}) })
      expect(res.statusCode, key(e)).toBe(401)
      expect(res.json().message, key(e)).toBe('Unauthorized')
    }
  })

  it("never lets one household read or change another's data", async () => {
    const withId = endpoints.filter((e) => e.path.includes('/:') && !FOR_TOKEN_HOLDERS.has(key(e)))
    for (const e of withId) {
      const plan = OTHERS_IDS[key(e)]
      expect(plan, `add ${key(e)} to OTHERS_IDS`).toBeDefined()
      if (!plan) continue
      const id = ids[plan.id]
      expect(id, `owner has no ${plan.id}`).toBeDefined()
      if (!id) continue
      const url = e.path.replace(/:(\w+)/g, id)
      const res = await other.request({
        method: e.method,
        url,
        ...(plan.body ? { payload: plan.body() as Record<string, unknown> } : {}),
      })
      expect(res.statusCode, `${key(e)} → ${res.body}`).toBe(404)
    }
    // lists show nothing of owner's
    for (const url of OWNER_READS) {
      const body = JSON.stringify((await other.get(url)).json())
      for (const [name, id] of Object.entries(ids)) {
        if (name === 'groceries') continue // every household has its own Groceries, with its own id
        expect(body.includes(id), `${url} shows owner's ${name}`).toBe(false)
      }
    }
    // references to owner's rows inside bodies are refused too
    const mine = (await other.post('/api/accounts', { name: 'Mine', type: 'checking' })).json().id
    const refused = [
      await other.post('/api/transactions', { accountId: ids.account, date: '2026-03-03', amount: -1 }),
      await other.post('/api/transactions', { accountId: mine, date: '2026-03-03', amount: -1, categoryId: ids.category }),
      await other.post('/api/transfers', { fromAccountId: mine, toAccountId: ids.account, amount: 1, date: '2026-03-03' }),
      await other.put('/api/budgets', { categoryId: ids.category, month: '2026-03', amount: 5 }),
      await other.post('/api/bills', { name: 'x', amount: 1, nextDueDate: '2026-03-20', accountId: ids.account }),
      await other.post('/api/goals', { name: 'x', targetAmount: 5, accountId: ids.account }),
      await other.post('/api/categories', { name: 'x', parentId: ids.category }),
      await other.post('/api/transactions/bulk', { action: 'delete', ids: [ids.transaction] }),
      await other.post('/api/investments/activities', { accountId: ids.investmentAccount, symbol: 'X', type: 'buy', date: '2026-03-03', quantity: 1, price: 1 }),
    ]
    for (const res of refused) expect([400, 404], res.body).toContain(res.statusCode)
    // and owner's data is exactly as it was
    expect(await takeSnapshot()).toEqual(snapshot)
  })
})

const url = (e: EndpointDef) => e.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')
const call = (client: Client, e: EndpointDef) =>
  client.request({ method: e.method, url: url(e), ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} }) })

describe('access declared in the contract', () => {
  const withSession = endpoints.filter((e) => e.auth !== false)

  it('every endpoint with a session declares its plan, lowest role and whether it writes', () => {
    for (const e of withSession) {
      expect(e.access, key(e)).toBeDefined()
      if (!e.access) continue
      // writing household data needs teen or above: a viewer never writes
      if (e.access.writes) expect(e.access.role, key(e)).not.toBe('viewer')
      // a change that writes nothing of the household's is a reviewed personal action
      if (e.method !== 'GET' && !e.access.writes) expect(PERSONAL_WRITES.has(key(e)), `${key(e)} writes nothing?`).toBe(true)
      // and a GET changes nothing: a link from another site must not be able to
      if (e.method === 'GET') expect(e.access.writes, `${key(e)} is a GET that writes`).toBe(false)
    }
  })

  it('refuses each role below the one an endpoint needs with 403 FORBIDDEN, and changes nothing', async () => {
    let refusals = 0
    for (const e of withSession) {
      if (!e.access) continue
      for (const role of ['viewer', 'teen', 'adult'] as const) {
        if (roleAtLeast(role, e.access.role)) continue
        const res = await call(members[role], e)
        expect(res.statusCode, `${role} ${key(e)} → ${res.body}`).toBe(403)
        expect(res.json().code, key(e)).toBe('FORBIDDEN')
        refusals += 1
      }
    }
    // every household write refuses the viewer; rules and members refuse the teen; members the adult
    expect(refusals).toBeGreaterThan(60)
    for (const e of withSession.filter((x) => x.access?.writes)) {
      expect(roleAtLeast('viewer', e.access?.role ?? 'viewer'), key(e)).toBe(false)
    }
    expect(await takeSnapshot()).toEqual(snapshot)
  })

  it('refuses a free household on every premium-marked endpoint with 403 PLAN_REQUIRED naming the plan', async () => {
    const premium = withSession.filter((e) => e.access && isPremiumFeature(e.access.feature))
    for (const e of premium) {
      const feature = e.access?.feature ?? 'core'
      const res = await call(free, e)
      expect(res.statusCode, key(e)).toBe(403)
      expect(res.json(), key(e)).toMatchObject({ code: 'PLAN_REQUIRED', plan: featurePlan(feature) })
      // a household on the plan gets past the gate (to its validation, 404 or answer)
      const paid = await call(basic, e)
      expect(paid.json().code, key(e)).not.toBe('PLAN_REQUIRED')
    }
    // and no core endpoint ever asks a free household for a plan
    for (const e of withSession.filter((x) => x.access && !isPremiumFeature(x.access.feature))) {
      const res = await call(free, e)
      // the export answers a ZIP, not JSON
      const code: unknown = String(res.headers['content-type']).includes('json') ? res.json()?.code : undefined
      expect(code, key(e)).not.toBe('PLAN_REQUIRED')
    }
  })

  it("lets no teen reach an adult's private or balance-only account, or its transactions", async () => {
    const teen = members.teen
    for (const accountId of [ids.privateAccount, ids.balanceOnlyAccount]) {
      expect((await teen.get(`/api/accounts/${accountId}`)).statusCode).toBe(404)
      expect((await teen.patch(`/api/accounts/${accountId}`, { name: 'Mine now' })).statusCode).toBe(404)
      expect((await teen.post(`/api/accounts/${accountId}/reconcile`, { statementBalance: 0 })).statusCode).toBe(404)
      expect((await teen.delete(`/api/accounts/${accountId}`)).statusCode).toBe(404)
      const add = await teen.post('/api/transactions', { accountId, date: '2026-03-04', amount: -1 })
      expect(add.statusCode, add.body).toBe(404)
    }
    expect((await teen.get(`/api/transactions/${ids.privateTransaction}`)).statusCode).toBe(404)
    expect((await teen.patch(`/api/transactions/${ids.privateTransaction}`, { amount: -1 })).statusCode).toBe(404)
    expect((await teen.delete(`/api/transactions/${ids.privateTransaction}`)).statusCode).toBe(404)
    // nor its receipts: not listed, not served, not removed, nothing added
    expect((await teen.get(`/api/transactions/${ids.privateTransaction}/attachments`)).statusCode).toBe(404)
    expect((await teen.get(`/api/attachments/${ids.privateAttachment}/content`)).statusCode).toBe(404)
    expect((await teen.delete(`/api/attachments/${ids.privateAttachment}`)).statusCode).toBe(404)
    expect((await attach(teen, ids.privateTransaction ?? '', 'x')).statusCode).toBe(404)
    const secret = [ids.privateAccount, ids.privateTransaction, ids.balanceOnlyAccount].filter((x): x is string => x !== undefined)
    // reports: an account filter naming one they do not see is 404, and no total counts it
    for (const report of ['cash-flow', 'net-worth', 'spending-by-category', 'sankey', 'top-merchants']) {
      expect((await teen.get(`/api/reports/${report}?accountIds=${ids.privateAccount}`)).statusCode, report).toBe(404)
      const body = (await teen.get(`/api/reports/${report}`)).body
      for (const secret of ['777.77', '55.55', 'Secret shop']) expect(body.includes(secret), `${report} shows ${secret}`).toBe(false)
    }
    for (const read of ['/api/accounts', '/api/transactions?limit=500', '/api/transactions?q=secret', '/api/household']) {
      const body = (await teen.get(read)).body
      for (const id of secret) expect(body.includes(id), `${read} shows ${id}`).toBe(false)
    }
    // the owner and the viewer see neither the private account nor its transaction either
    for (const member of [owner, members.viewer]) {
      expect((await member.get(`/api/accounts/${ids.privateAccount}`)).statusCode).toBe(404)
      expect((await member.get(`/api/transactions/${ids.privateTransaction}`)).statusCode).toBe(404)
      expect((await member.get(`/api/transactions/${ids.privateTransaction}/attachments`)).statusCode).toBe(404)
      expect((await member.get(`/api/attachments/${ids.privateAttachment}/content`)).statusCode).toBe(404)
    }
    // its owner does
    expect((await members.adult.get(`/api/transactions/${ids.privateTransaction}`)).statusCode).toBe(200)
    expect((await members.adult.get(`/api/attachments/${ids.privateAttachment}/content`)).statusCode).toBe(200)
  })
})

describe('personal API tokens on every endpoint (ADR 0033)', () => {
  const withSession = endpoints.filter((e) => e.auth !== false)
  const asToken = (token: string, e: EndpointDef) =>
    t.app.inject({
      method: e.method,
      url: url(e),
      headers: { authorization: `Bearer ${token}` },
      ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} }),
    })

  it('declares which endpoints are for a browser session only: the account and its security', () => {
    const sessionOnly = new Set(withSession.filter((e) => e.tokens === false).map(key))
    for (const k of [
      'GET /api/export',
      'POST /api/export/import',
      'POST /api/user/delete',
      'POST /api/auth/reauth',
      'POST /api/mfa/totp/setup',
      'POST /api/mfa/totp/disable',
      'POST /api/mfa/passkeys',
      'POST /api/user/password',
      'PATCH /api/user/profile',
      'GET /api/auth/sessions',
      'GET /api/tokens',
      'POST /api/tokens',
      'DELETE /api/tokens/:id',
      'POST /api/bank-connections',
      'POST /api/bank-connections/plaid/link-token',
      'POST /api/household/transfer-ownership',
      'PUT /api/household/mfa-policy',
      'POST /api/subscription/checkout',
    ]) {
      expect(sessionOnly.has(k), k).toBe(true)
    }
    // and a GET that declared a household write would be no read (route() refuses one anyway)
    expect(readsOnly({ method: 'GET', access: { feature: 'core', role: 'adult', writes: true } })).toBe(false)
  })

  it("refuses what a token may not call before anything runs, and answers the rest exactly as its member's session", async () => {
    const reads: EndpointDef[] = []
    for (const e of withSession) {
      if (e.tokens === false) {
        for (const token of [tokens.ownerRead, tokens.ownerWrite]) {
          const res = await asToken(token, e)
          expect(res.statusCode, `${key(e)} → ${res.body}`).toBe(403)
          expect(res.json().code, key(e)).toBe('TOKEN_NOT_ALLOWED')
        }
      } else if (!readsOnly(e)) {
        // a read-only token never writes, not even the member's own things (the read-write
        // token reaches the endpoint's own checks: not called here, it would write)
        const res = await asToken(tokens.ownerRead, e)
        expect(res.statusCode, `${key(e)} → ${res.body}`).toBe(403)
        expect(res.json().code, key(e)).toBe('TOKEN_READ_ONLY')
      } else reads.push(e)
    }
    expect(await takeSnapshot()).toEqual(snapshot)
    for (const e of reads) {
      const cookie = await call(owner, e)
      const read = await asToken(tokens.ownerRead, e)
      const write = await asToken(tokens.ownerWrite, e)
      expect(read.statusCode, `${key(e)} → ${read.body}`).toBe(cookie.statusCode)
      expect(write.statusCode, `${key(e)} → ${write.body}`).toBe(cookie.statusCode)
    }
    expect(reads.length).toBeGreaterThan(50)
    // some reads bring derived data up to date (insights): what follows compares with this
    snapshot = await takeSnapshot()
  })

  it("refuses a token whatever its member's role or plan refuses, with the same answer", async () => {
    let refusals = 0
    for (const e of withSession) {
      if (!e.access) continue
      for (const role of ['viewer', 'teen', 'adult'] as const) {
        if (roleAtLeast(role, e.access.role)) continue
        const res = await asToken(tokens[role], e)
        expect(res.statusCode, `${role} token ${key(e)} → ${res.body}`).toBe(403)
        expect(res.json().code, key(e)).toBe('FORBIDDEN')
        refusals += 1
      }
      if (isPremiumFeature(e.access.feature)) {
        const res = await asToken(tokens.free, e)
        expect(res.json(), key(e)).toMatchObject({ code: 'PLAN_REQUIRED', plan: featurePlan(e.access.feature) })
        refusals += 1
      }
    }
    expect(refusals).toBeGreaterThan(80)
    // visibility: the teen's token sees neither the adult's private account nor its transaction
    expect((await t.app.inject({ method: 'GET', url: `/api/accounts/${ids.privateAccount}`, headers: { authorization: `Bearer ${tokens.teen}` } })).statusCode).toBe(404)
    const list = await t.app.inject({ method: 'GET', url: '/api/transactions?limit=500', headers: { authorization: `Bearer ${tokens.teen}` } })
    expect(list.statusCode).toBe(200)
    expect(list.body).not.toContain(ids.privateTransaction)
    expect(await takeSnapshot()).toEqual(snapshot)
  })
})

describe('dates in a query string on every endpoint', () => {
  /** Every GET endpoint's query keys that take a date (YYYY-MM-DD) or a month (YYYY-MM). */
  function dateKeys(e: EndpointDef): { name: string; date: boolean; month: boolean }[] {
    if (!(e.query instanceof z.ZodObject)) return []
    const out: { name: string; date: boolean; month: boolean }[] = []
    for (const [name, schema] of Object.entries(e.query.shape as Record<string, z.ZodType>)) {
      const one = z.object({ [name]: schema })
      if (['zz', 'ZZ-99', 'not a date'].some((text) => one.safeParse({ [name]: text }).success)) continue
      const date = one.safeParse({ [name]: '2026-03-01' }).success
      const month = one.safeParse({ [name]: '2026-03' }).success
      if (date || month) out.push({ name, date, month })
    }
    return out
  }
  /** What the other query keys of those endpoints need, so the dates are what is tried. */
  const REQUIRED: Record<string, string> = { symbol: 'OWNR', format: 'csv' }
  /** Each value of a key that changes how a default range is worked out. */
  const VARIANTS: Record<string, readonly string[]> = { range: PERFORMANCE_RANGES }

  it('answers the years the contract takes, their edges and far outside them with 2xx or 4xx, never 5xx', async () => {
    const days = [`${MIN_YEAR}-01-01`, `${MIN_YEAR}-06-01`, `${MAX_YEAR}-12-31`, '1899-12-31', '0001-01-01', '9999-12-31']
    const months = [`${MIN_YEAR}-01`, `${MIN_YEAR}-06`, `${MAX_YEAR}-12`, '1899-12', '0001-01', '9999-12']
    const gets = endpoints.filter((e) => e.method === 'GET' && e.auth !== false && dateKeys(e).length > 0)
    expect(gets.map(key)).toEqual(expect.arrayContaining(['GET /api/reports/cash-flow', 'GET /api/reports/net-worth', 'GET /api/investments/performance']))
    let calls = 0
    const failures: string[] = []
    for (const e of gets) {
      const keys = dateKeys(e)
      const shape = e.query instanceof z.ZodObject ? (e.query.shape as Record<string, z.ZodType>) : {}
      // a required date the query does not try is an ordinary one
      const ordinary = (name: string) => {
        const k = keys.find((d) => d.name === name)
        return k ? (k.date ? '2026-03-01' : '2026-03') : (REQUIRED[name] ?? '')
      }
      const required = Object.fromEntries(
        Object.keys(shape)
          .filter((name) => !z.object({ [name]: shape[name] ?? z.never() }).safeParse({}).success)
          .map((name) => [name, ordinary(name)]),
      )
      const variants = Object.keys(shape).flatMap((name) => (VARIANTS[name] ?? []).map((value) => ({ [name]: value })))
      const queries: Record<string, string>[] = []
      for (const value of [...days, ...months]) {
        const fits = keys.filter((k) => (value.length === 10 ? k.date : k.month))
        // each key alone, every one together, and an end with every variant (a given start wins over them)
        for (const k of fits) {
          queries.push({ [k.name]: value })
          if (k.name !== 'from') for (const variant of variants) queries.push({ [k.name]: value, ...variant })
        }
        if (fits.length > 1) queries.push(Object.fromEntries(fits.map((k) => [k.name, value])))
      }
      // the widest range there is, and one backwards
      const [first, second] = keys.filter((k) => k.date)
      if (first && second) {
        queries.push({ [first.name]: `${MIN_YEAR}-01-01`, [second.name]: `${MAX_YEAR}-12-31` })
        queries.push({ [first.name]: `${MAX_YEAR}-12-31`, [second.name]: `${MIN_YEAR}-01-01` })
      }
      for (const query of queries) {
        const search = new URLSearchParams({ ...required, ...query }).toString()
        const res = await owner.get(`${e.path}?${search}`)
        if (res.statusCode >= 500) failures.push(`${key(e)}?${search} → ${res.statusCode}`)
        else if (res.statusCode >= 400) expect(res.json().code, `${key(e)}?${search}`).toEqual(expect.any(String))
        // a year the API does not take is a 400 naming the field
        const [name, value] = Object.entries(query)[0] ?? ['', '']
        const year = Number(value.slice(0, 4))
        if (Object.keys(query).length === 1 && (year < MIN_YEAR || year > MAX_YEAR)) {
          expect(res.statusCode, `${key(e)}?${search}`).toBe(400)
          expect(res.json().message, `${key(e)}?${search}`).toContain(`querystring.${name}`)
        }
        calls += 1
      }
    }
    expect(failures).toEqual([])
    expect(calls).toBeGreaterThan(200)
  }, 120_000)
})
