import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newUser } from '#src/server/test/fixtures'
import { addMember, categoryId, createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
let a: Client
let b: Client
let checking: string
let groceries: string
let dining: string

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  a = await newUser(t.app)
  b = await newUser(t.app)
  checking = (await a.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
  groceries = await categoryId(t, a, 'Groceries')
  dining = await categoryId(t, a, 'Dining Out')
})
afterAll(async () => {
  await t.close()
})

const contains = (value: string) => ({ field: 'payee', operator: 'contains', value })

async function addRow(client: Client, accountId: string, merchant: string, amount: number, categoryId: string | null = null) {
  const res = await client.post('/api/transactions', { accountId, date: '2026-03-02', amount, merchant, categoryId })
  expect(res.statusCode).toBe(201)
  return res.json() as { id: string }
}

describe('rules', () => {
  it('adds rules in order, edits, reorders and deletes them', async () => {
    const first = await a.post('/api/rules', { name: 'Market', conditions: [contains('market')], actions: { setCategoryId: groceries } })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({ name: 'Market', position: 0, isActive: true, match: 'all' })
    const second = (await a.post('/api/rules', { name: 'Cafe', match: 'any', conditions: [contains('cafe'), contains('coffee')], actions: { setCategoryId: dining } })).json()
    expect(second.position).toBe(1)
    const edited = await a.patch(`/api/rules/${second.id}`, { name: 'Coffee places', isActive: false })
    expect(edited.json()).toMatchObject({ name: 'Coffee places', isActive: false, match: 'any' })
    const reordered = await a.post('/api/rules/reorder', { ids: [second.id, first.json().id] })
    expect(reordered.statusCode).toBe(200)
    expect(reordered.json().map((r: { name: string }) => r.name)).toEqual(['Coffee places', 'Market'])
    expect((await a.post('/api/rules/reorder', { ids: [second.id] })).json().code).toBe('INVALID_ORDER')
    expect((await a.get('/api/rules')).json().map((r: { position: number }) => r.position)).toEqual([0, 1])
    expect((await a.delete(`/api/rules/${second.id}`)).statusCode).toBe(204)
    expect((await a.get('/api/rules')).json()).toHaveLength(1)
    expect((await a.delete(`/api/rules/${second.id}`)).statusCode).toBe(404)
  })

  it('refuses rules that cannot work: dangerous patterns, wrong operators, no action, foreign categories', async () => {
    const bad = [
      { name: 'Backref', conditions: [{ field: 'payee', operator: 'regex', value: '(a)\\1' }], actions: { setCategoryId: groceries } },
      { name: 'Broken', conditions: [{ field: 'payee', operator: 'regex', value: '([a-' }], actions: { setCategoryId: groceries } },
      { name: 'Odd', conditions: [{ field: 'amount', operator: 'contains', value: '5' }], actions: { setCategoryId: groceries } },
      { name: 'Nothing', conditions: [contains('x')], actions: {} },
      { name: 'None', conditions: [], actions: { setCategoryId: groceries } },
    ]
    for (const body of bad) {
      const res = await a.post('/api/rules', body)
      expect(res.statusCode, body.name).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    const foreign = await categoryId(t, b, 'Groceries')
    const res = await a.post('/api/rules', { name: 'Foreign', conditions: [contains('x')], actions: { setCategoryId: foreign } })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('UNKNOWN_CATEGORY')
    const bAccount = (await b.post('/api/accounts', { name: 'B', type: 'checking' })).json().id
    const onAccount = await a.post('/api/rules', { name: 'Acc', conditions: [{ field: 'account', operator: 'is', value: bAccount }], actions: { addNote: 'x' } })
    expect(onAccount.statusCode).toBe(404)
  })

  it('runs patterns in linear time (RE2): one that backtracks for seconds in RegExp answers at once', async () => {
    const stall = 'a{0,99}a{0,99}a{0,99}a{0,99}a{0,99}b'
    const account = (await a.post('/api/accounts', { name: 'Regex', type: 'checking' })).json().id
    const row = await addRow(a, account, 'a'.repeat(86), -5)
    const hit = await addRow(a, account, `${'a'.repeat(40)}b`, -5)
    const rule = (await a.post('/api/rules', { name: 'Stall', conditions: [{ field: 'payee', operator: 'regex', value: stall }], actions: { addNote: 'matched' } })).json()
    const started = performance.now()
    const res = await a.post('/api/rules/apply', { ruleIds: [rule.id] })
    // a backtracking engine takes about 10 s here; RE2 well under one (a hung test would time out)
    expect(performance.now() - started).toBeLessThan(5000)
    expect(res.statusCode).toBe(200)
    expect(res.json().changed).toBe(1)
    const notes = async (id: string) => (await a.get(`/api/transactions/${id}`)).json().notes
    expect(await notes(hit.id)).toBe('matched')
    expect(await notes(row.id)).toBe('')
    await a.delete(`/api/rules/${rule.id}`)
  })

  it('refuses with 400 naming the condition what RE2 cannot run: back-references, look-around, [^]', async () => {
    for (const [value, index] of [['(a)\\1', 0], ['a(?=b)', 0], ['(?<!x)y', 1], ['[^]x', 1]] as const) {
      const conditions = [contains('shop'), { field: 'payee', operator: 'regex', value }].slice(1 - index)
      const res = await a.post('/api/rules', { name: 'Refused', conditions, actions: { addNote: 'x' } })
      expect(res.statusCode, value).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
      expect(res.json().issues[0].path, value).toBe(`body.conditions.${index}.value`)
    }
  })

  it('applies to stored rows through the ledger: only uncategorised ones by default, or all', async () => {
    const c = await newUser(t.app)
    const account = (await c.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
    const cGroceries = await categoryId(t, c, 'Groceries')
    const cShopping = await categoryId(t, c, 'Shopping')
    const plain = await addRow(c, account, 'FRESH MARKET 12', -20)
    const filed = await addRow(c, account, 'Fresh Market', -30, cShopping)
    const other = await addRow(c, account, 'Cinema', -12)
    await c.post('/api/rules', {
      name: 'Markets',
      conditions: [{ field: 'payee', operator: 'regex', value: 'fresh\\s+market' }, { field: 'amount', operator: 'between', value: '-5000', value2: '-1000' }],
      actions: { setCategoryId: cGroceries, renamePayee: 'Fresh Market', addNote: 'auto' },
    })
    const summaryBefore = (await c.get('/api/analytics/monthly-summary?month=2026-03')).json()
    const res = await c.post('/api/rules/apply', {})
    expect(res.json()).toEqual({ changed: 1, examined: 2 })
    expect((await c.get(`/api/transactions/${plain.id}`)).json()).toMatchObject({ categoryId: cGroceries, merchant: 'Fresh Market', notes: 'auto' })
    expect((await c.get(`/api/transactions/${filed.id}`)).json().categoryId).toBe(cShopping)
    const all = await c.post('/api/rules/apply', { onlyUncategorized: false })
    expect(all.json()).toEqual({ changed: 1, examined: 3 })
    expect((await c.get(`/api/transactions/${filed.id}`)).json()).toMatchObject({ categoryId: cGroceries, notes: 'auto' })
    expect((await c.get(`/api/transactions/${other.id}`)).json().categoryId).toBeNull()
    // nothing left to change: running again changes nothing
    expect((await c.post('/api/rules/apply', { onlyUncategorized: false })).json().changed).toBe(0)
    // the summary moved money between categories, not in or out
    const summaryAfter = (await c.get('/api/analytics/monthly-summary?month=2026-03')).json()
    expect(summaryAfter.expenses).toBe(summaryBefore.expenses)
    const byCategory = (s: { categorySpending: { categoryId: string | null; total: number }[] }, id: string) =>
      s.categorySpending.find((x) => x.categoryId === id)?.total ?? 0
    expect(byCategory(summaryAfter, cGroceries)).toBe(50)
    expect(byCategory(summaryAfter, cShopping)).toBe(0)
  })

  it('runs only the rules asked for, and refuses unknown ones', async () => {
    const c = await newUser(t.app)
    const account = (await c.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
    const row = await addRow(c, account, 'Bus ticket', -3)
    const rule = (await c.post('/api/rules', { name: 'Bus', conditions: [contains('bus')], actions: { addNote: 'transit' } })).json()
    const other = (await c.post('/api/rules', { name: 'Ticket', conditions: [contains('ticket')], actions: { addNote: 'tickets' } })).json()
    expect((await c.post('/api/rules/apply', { ruleIds: [other.id] })).json().changed).toBe(1)
    expect((await c.get(`/api/transactions/${row.id}`)).json().notes).toBe('tickets')
    expect((await c.post('/api/rules/apply', { ruleIds: [rule.id, '00000000-0000-4000-8000-000000000000'] })).statusCode).toBe(404)
  })

  it("another household cannot read, change, reorder or run someone's rules", async () => {
    const mine = (await a.get('/api/rules')).json()
    expect(mine.length).toBeGreaterThan(0)
    const id = mine[0].id
    expect((await b.get('/api/rules')).json()).toEqual([])
    expect((await b.patch(`/api/rules/${id}`, { name: 'Hacked' })).statusCode).toBe(404)
    expect((await b.delete(`/api/rules/${id}`)).statusCode).toBe(404)
    expect((await b.post('/api/rules/reorder', { ids: [id] })).statusCode).toBe(400)
    expect((await b.post('/api/rules/apply', { ruleIds: [id] })).statusCode).toBe(404)
    const row = await addRow(a, checking, 'Super market', -9)
    expect((await b.post('/api/rules/apply', { onlyUncategorized: false })).json()).toEqual({ changed: 0, examined: 0 })
    expect((await a.get(`/api/transactions/${row.id}`)).json().categoryId).toBeNull()
    expect((await a.get('/api/rules')).json()[0].name).toBe('Market')
    expect((await t.app.inject({ method: 'GET', url: '/api/rules' })).statusCode).toBe(401)
  })
})

describe('the rules’ dry run (Automation Center)', () => {
  it('counts what each rule would change in the last 90 days, with examples, and changes nothing', async () => {
    const c = await newUser(t.app)
    const account = (await c.post('/api/accounts', { name: 'Everyday', type: 'checking' })).json().id as string
    const food = await categoryId(t, c, 'Groceries')
    const row = async (date: string, merchant: string, amount: number, categoryId: string | null = null) => {
      const res = await c.post('/api/transactions', { accountId: account, date, amount, merchant, categoryId })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().id as string
    }
    const newest = await row('2026-03-10', 'Farmers Market', -30)
    await row('2026-03-02', 'Farmers Market', -20)
    await row('2026-02-01', 'Farmers Market', -25, food) // filed already: nothing to change
    await row('2025-11-01', 'Farmers Market', -15) // before the 90 days
    await row('2026-03-05', 'Corner Cafe', -4)
    const amazon = await row('2026-03-07', 'AMZN Mktp US', -12.5)
    const market = (await c.post('/api/rules', { name: 'Market', conditions: [contains('market')], actions: { setCategoryId: food } })).json()
    const cafe = (await c.post('/api/rules', { name: 'Cafe', isActive: false, conditions: [contains('cafe')], actions: { setCategoryId: food } })).json()
    const rename = (await c.post('/api/rules', { name: 'Amazon', conditions: [contains('amzn')], actions: { renamePayee: 'Amazon', addNote: 'online' } })).json()
    const before = (await c.get('/api/transactions?limit=100')).body

    const res = await c.get('/api/rules/dry-run')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      from: '2025-12-15',
      to: '2026-03-15',
      examined: 5,
      rules: [
        {
          ruleId: market.id,
          name: 'Market',
          isActive: true,
          changes: 2,
          examples: [
            { transactionId: newest, date: '2026-03-10', payee: 'Farmers Market', amount: -30, category: { from: null, to: 'Groceries' }, renamedTo: null, note: null },
            expect.objectContaining({ date: '2026-03-02', amount: -20 }),
          ],
        },
        { ruleId: cafe.id, name: 'Cafe', isActive: false, changes: 0, examples: [] },
        {
          ruleId: rename.id,
          name: 'Amazon',
          isActive: true,
          changes: 1,
          examples: [{ transactionId: amazon, date: '2026-03-07', payee: 'AMZN Mktp US', amount: -12.5, category: null, renamedTo: 'Amazon', note: 'online' }],
        },
      ],
    })
    // nothing changed, and the rules are the adults'
    expect((await c.get('/api/transactions?limit=100')).body).toBe(before)
    const viewer = await addMember(t, c, 'viewer')
    expect((await viewer.get('/api/rules/dry-run')).statusCode).toBe(403)
    // another household's dry run knows nothing of these
    expect(JSON.stringify((await b.get('/api/rules/dry-run')).json())).not.toContain(market.id)
  })
})

describe('rules and what each member sees', () => {
  it('run over only the rows the member sees, and name only accounts whose transactions they see', async () => {
    const owner = await signUp(t.app)
    const adult = await addMember(t, owner, 'adult')
    const teen = await addMember(t, owner, 'teen')
    const shared = (await owner.post('/api/accounts', { name: 'Shared', type: 'checking' })).json().id
    const hidden = (await adult.post('/api/accounts', { name: 'Private', type: 'checking', visibility: 'private' })).json().id
    const balanceOnly = (await adult.post('/api/accounts', { name: 'Savings', type: 'savings', visibility: 'balance_only' })).json().id
    const food = await categoryId(t, owner, 'Groceries')
    const open = await addRow(owner, shared, 'Zyx Market', -10)
    const secret = await addRow(adult, hidden, 'Zyx Market', -20)
    const saved = await addRow(adult, balanceOnly, 'Zyx Market', -30)
    const rule = (await owner.post('/api/rules', { name: 'Zyx', conditions: [contains('zyx')], actions: { setCategoryId: food, addNote: 'by rule' } })).json()

    const byOwner = await owner.post('/api/rules/apply', { ruleIds: [rule.id] })
    expect(byOwner.json()).toEqual({ changed: 1, examined: 1 })
    expect((await owner.get(`/api/transactions/${open.id}`)).json()).toMatchObject({ categoryId: food, notes: 'by rule' })
    for (const id of [secret.id, saved.id]) {
      expect((await adult.get(`/api/transactions/${id}`)).json()).toMatchObject({ categoryId: null, notes: '' })
    }
    const byAdult = await adult.post('/api/rules/apply', { ruleIds: [rule.id] })
    // by default only uncategorised rows: the shared one is done
    expect(byAdult.json()).toEqual({ changed: 2, examined: 2 })
    expect((await adult.get(`/api/transactions/${secret.id}`)).json().categoryId).toBe(food)

    // a condition may name only an account whose transactions its author sees
    const onAccount = (accountId: string) => ({ name: 'Acc', conditions: [{ field: 'account', operator: 'is', value: accountId }], actions: { addNote: 'x' } })
    expect((await owner.post('/api/rules', onAccount(hidden))).statusCode).toBe(404)
    expect((await owner.post('/api/rules', onAccount(balanceOnly))).statusCode).toBe(404)
    expect((await owner.patch(`/api/rules/${rule.id}`, { conditions: [{ field: 'account', operator: 'is', value: hidden }] })).statusCode).toBe(404)
    expect((await adult.post('/api/rules', onAccount(hidden))).statusCode).toBe(201)
    // teens manage no rules
    expect((await teen.post('/api/rules/apply', {})).statusCode).toBe(403)
  })
})
