// Bank connections through the app, against local fakes of SimpleFIN Bridge and Plaid
// that follow the public protocols: connecting, linking, first and incremental syncs, pending
// rows that post (one row, the member's edits kept), removed rows, a broken account beside
// healthy ones, the bridge's own messages, an expired login, a restarted Plaid pagination,
// webhooks, statement rows matched, each transaction exactly once, secrets sealed and deleted
// (on Disconnect, and when their member leaves, is removed, joins another household or is
// deleted), and who may do what.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bankConnectionAccounts, bankConnections, users } from '#src/server/db/schema'
import { bankSyncJob } from '#src/server/jobs/bank-sync'
import { addMember, categoryId, createTestApp, setTestPlan, signUp } from '#src/server/test/helper'
import { upload } from '#src/server/test/upload'
import { balanceOf, type Conn, connectSimplefin, DAY, enableMfa, epoch, member, NOW, onceEach, rowsOf, SECRET_KEY, sfin, sfinAccount, sync, t, setUpBankTestApp } from './test-support'

setUpBankTestApp()

describe('access', () => {
  it('a free plan gets 403; connecting needs a second factor; a viewer cannot write', async () => {
    const free = await signUp(t.app)
    const planned = await free.get('/api/bank-connections')
    expect(planned.statusCode).toBe(403)
    expect(planned.json().code).toBe('PLAN_REQUIRED')

    const noMfa = await signUp(t.app)
    await setTestPlan(t, noMfa, 'basic')
    // reading works (the page shows why it cannot connect yet)
    expect((await noMfa.get('/api/bank-connections')).json()).toEqual([])
    expect((await noMfa.get('/api/bank-connections/providers')).json()).toEqual({ simplefin: true, plaid: true, limit: 3, used: 0 })
    const refused = await noMfa.post('/api/bank-connections', { provider: 'simplefin', setupToken: sfin.setupToken() })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('MFA_REQUIRED')
    expect(await t.database.db.select().from(bankConnections).where(eq(bankConnections.userId, noMfa.user.id))).toEqual([])

    const viewer = await addMember(t, noMfa, 'viewer')
    await enableMfa(viewer)
    expect((await viewer.post('/api/bank-connections', { provider: 'simplefin', setupToken: sfin.setupToken() })).statusCode).toBe(403)
  })

  it('connecting needs a recent password or code on the session', async () => {
    const a = await member()
    t.clock.set('2026-03-15T12:30:00Z')
    try {
      const res = await a.post('/api/bank-connections', { provider: 'simplefin', setupToken: sfin.setupToken() })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('REAUTH_REQUIRED')
    } finally {
      t.clock.set(NOW)
    }
  })

  it('bad input names the field; another member or household gets 404', async () => {
    const a = await member()
    const bad = await a.post('/api/bank-connections', { provider: 'simplefin', setupToken: 'bm90IGEgdXJs' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().issues[0].path).toBe('body.setupToken')
    const wrongProvider = await a.post('/api/bank-connections', { provider: 'mint', setupToken: 'x' })
    expect(wrongProvider.statusCode).toBe(400)

    sfin.accounts.splice(0, sfin.accounts.length, sfinAccount('A-out', 'Outsider Checking', '10.00', []))
    const conn = await connectSimplefin(a)
    const outsider = await member()
    const sameHousehold = await addMember(t, a, 'adult')
    await enableMfa(sameHousehold)
    for (const c of [outsider, sameHousehold]) {
      expect((await c.post(`/api/bank-connections/${conn.id}/sync`)).statusCode).toBe(404)
      expect((await c.delete(`/api/bank-connections/${conn.id}`)).statusCode).toBe(404)
      expect((await c.patch(`/api/bank-connections/${conn.id}/accounts/${conn.accounts[0]?.id ?? ''}`, { accountId: null })).statusCode).toBe(404)
      expect((await c.get('/api/bank-connections')).json()).toEqual([])
    }
    // linking to an account the member may not see: 404, nothing changed
    const hidden = (await outsider.post('/api/accounts', { name: 'Not yours', type: 'checking' })).json().id
    const res = await a.patch(`/api/bank-connections/${conn.id}/accounts/${conn.accounts[0]?.id ?? ''}`, { accountId: hidden })
    expect(res.statusCode).toBe(404)
    expect((await a.get('/api/bank-connections')).json()[0].accounts[0].accountId).toBeNull()
  })
})

describe('SimpleFIN', () => {
  it('connects, links one account and creates the other, syncs once, and re-syncing adds nothing', async () => {
    const at = epoch()
    sfin.accounts.splice(
      0,
      sfin.accounts.length,
      sfinAccount('A-chk', 'Everyday Checking', '1234.56', [
        { id: 'T-pay', posted: at - 5 * DAY, amount: '2500.00', description: 'ACME PAYROLL', payee: 'Acme Payroll' },
        { id: 'T-groc', posted: at - 3 * DAY, amount: '-42.10', description: 'CORNER GROCERY #12', payee: 'Corner Grocery' },
        { id: 'T-old', posted: at - 200 * DAY, amount: '-1.00', description: 'TOO OLD' },
      ]),
      sfinAccount('A-visa', 'Rewards Visa', '-310.25', [{ id: 'T-books', posted: at - 2 * DAY, amount: '-89.99', description: 'ONLINE BOOKS', payee: 'Harbor Books' }]),
    )
    const a = await member('basic')
    const mine = (await a.post('/api/accounts', { name: 'Household Checking', type: 'checking' })).json()
    const conn = await connectSimplefin(a)
    expect(conn).toMatchObject({ provider: 'simplefin', status: 'active', institution: 'Example Bank', lastSyncAt: null })
    expect(conn.accounts.map((x) => [x.name, x.balance, x.accountId])).toEqual([
      ['Everyday Checking', 1234.56, null],
      ['Rewards Visa', -310.25, null],
    ])
    // the access URL is sealed at rest
    const [stored] = await t.database.db.select().from(bankConnections).where(eq(bankConnections.id, conn.id))
    expect(stored?.accessSecret.startsWith('v1.')).toBe(true)
    expect(stored?.accessSecret).not.toContain('127.0.0.1')

    const [chk, visa] = conn.accounts
    const linked = await a.patch(`/api/bank-connections/${conn.id}/accounts/${chk?.id ?? ''}`, { accountId: mine.id })
    expect(linked.statusCode, linked.body).toBe(200)
    const made = await a.patch(`/api/bank-connections/${conn.id}/accounts/${visa?.id ?? ''}`, { accountId: null, type: 'credit_card' })
    const visaAccount = made.json().accounts[1].accountId
    expect(visaAccount).toEqual(expect.any(String))
    expect((await a.get(`/api/accounts/${visaAccount}`)).json()).toMatchObject({ name: 'Rewards Visa', type: 'credit_card', ownerId: a.user.id })
    // a Kinwise account feeds one bank account at most
    const twice = await a.patch(`/api/bank-connections/${conn.id}/accounts/${visa?.id ?? ''}`, { accountId: mine.id })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().code).toBe('ACCOUNT_ALREADY_LINKED')

    // new rows are categorized by the household's rules, as imports are
    const groceries = await categoryId(t, a, 'Groceries')
    const rule = await a.post('/api/rules', { name: 'Grocer', conditions: [{ field: 'payee', operator: 'contains', value: 'grocery' }], actions: { setCategoryId: groceries } })
    expect(rule.statusCode, rule.body).toBe(201)
    const first = await sync(a, conn.id)
    expect(first).toEqual({ added: 3, updated: 0, removed: 0, errors: [] })
    // windows of at most 90 days, pending rows asked for
    for (const r of sfin.requests) {
      expect(r.endDate - r.startDate).toBeLessThanOrEqual(90 * DAY)
      expect(r.pending).toBe(true)
    }
    const rows = await rowsOf(mine.id)
    expect(rows.filter((r) => r.kind === 'standard').map((r) => [r.merchant, r.amount, r.source, r.categoryId])).toEqual([
      ['Acme Payroll', 250000, 'plaid', null],
      ['Corner Grocery', -4210, 'plaid', groceries],
    ])
    // empty accounts get an opening balance: they show the bank's balance
    expect(await balanceOf(a, mine.id)).toBe(1234.56)
    expect(await balanceOf(a, visaAccount)).toBe(-310.25)
    const list: Conn[] = (await a.get('/api/bank-connections')).json()
    expect(list[0]).toMatchObject({ status: 'active', lastError: null, lastSyncAt: '2026-03-15T12:00:00.000Z', lastSuccessAt: '2026-03-15T12:00:00.000Z' })

    expect(await sync(a, conn.id)).toEqual({ added: 0, updated: 0, removed: 0, errors: [] })
    expect((await rowsOf(mine.id)).length).toBe(rows.length)
    onceEach(await rowsOf(mine.id))
  })

  it('incremental sync, pending → posted under a new id keeps the edits, a vanished pending row goes', async () => {
    const at = epoch()
    sfin.accounts.splice(
      0,
      sfin.accounts.length,
      sfinAccount('B-chk', 'Checking', '500.00', [
        { id: 'P-coffee', posted: 0, transacted_at: at - DAY, amount: '-4.50', description: 'BLUE BOTTLE', payee: 'Blue Bottle', pending: true },
        { id: 'P-hold', posted: 0, transacted_at: at - DAY, amount: '-100.00', description: 'HOTEL HOLD', payee: 'Hotel', pending: true },
        { id: 'T-rent', posted: at - 4 * DAY, amount: '-900.00', description: 'RENT', payee: 'Landlord' },
      ]),
    )
    const a = await member()
    const conn = await connectSimplefin(a)
    expect((await sync(a, conn.id)).added).toBe(3)
    const accountId = (await a.get('/api/bank-connections')).json()[0].accounts[0].accountId
    const coffee = (await rowsOf(accountId)).find((r) => r.externalId === 'P-coffee')
    expect(coffee?.pending).toBe(true)
    const food = await categoryId(t, a, 'Groceries')
    expect((await a.patch(`/api/transactions/${coffee?.id ?? ''}`, { categoryId: food, notes: 'with Sam' })).statusCode).toBe(200)

    // three days later: the coffee posted under a new id, the hold was released, a new row
    t.clock.set('2026-03-18T12:00:00Z')
    const later = epoch()
    const account = sfin.accounts[0]
    if (!account) throw new Error('no account')
    account.transactions = [
      { id: 'T-coffee', posted: later - DAY, amount: '-4.50', description: 'BLUE BOTTLE COFFEE', payee: 'Blue Bottle Coffee' },
      { id: 'T-rent', posted: at - 4 * DAY, amount: '-900.00', description: 'RENT', payee: 'Landlord' },
      { id: 'T-gas', posted: later - DAY, amount: '-30.00', description: 'GAS', payee: 'Gas Station' },
    ]
    account.balance = '570.00'
    sfin.requests.length = 0
    const second = await sync(a, conn.id)
    expect(second).toEqual({ added: 1, updated: 1, removed: 1, errors: [] })
    // incremental: from two weeks before the last success, not 90 days back
    expect(sfin.requests[0]?.startDate).toBe(at - 14 * DAY)
    const rows = (await rowsOf(accountId)).filter((r) => r.kind === 'standard')
    expect(rows.map((r) => r.externalId).sort()).toEqual(['T-coffee', 'T-gas', 'T-rent'])
    const posted = rows.find((r) => r.externalId === 'T-coffee')
    expect(posted).toMatchObject({ id: coffee?.id, pending: false, categoryId: food, notes: 'with Sam', merchant: 'Blue Bottle', date: '2026-03-17' })
    expect(await balanceOf(a, accountId)).toBe(570)
    expect(await sync(a, conn.id)).toEqual({ added: 0, updated: 0, removed: 0, errors: [] })
    onceEach(await rowsOf(accountId))
    t.clock.set(NOW)
  })

  it('a broken account beside healthy ones: the others sync, its error is named', async () => {
    const at = epoch()
    sfin.accounts.splice(
      0,
      sfin.accounts.length,
      sfinAccount('C-1', 'Good One', '10.00', [{ id: 'C1-a', posted: at - DAY, amount: '-1.00', description: 'ONE' }]),
      { ...sfinAccount('C-2', 'Broken', '0.00', [{ id: 'C2-a', posted: at - DAY, amount: '-2.00', description: 'TWO' }]), broken: 'The bank needs you to accept new terms' },
      { ...sfinAccount('C-3', 'Unreadable', '5.00', []), raw: { transactions: [{ id: 'C3-a', posted: at, amount: 'lots', description: 'x' }] } },
      sfinAccount('C-4', 'Good Two', '20.00', [{ id: 'C4-a', posted: at - DAY, amount: '-3.00', description: 'THREE' }]),
    )
    const a = await member()
    const conn = await connectSimplefin(a)
    const result = await sync(a, conn.id)
    expect(result.added).toBe(2)
    expect(result.errors.map((e) => e.name)).toEqual(['Broken', 'Unreadable'])
    expect(result.errors[0]?.message).toBe('The bank needs you to accept new terms')
    const list: Conn[] = (await a.get('/api/bank-connections')).json()
    const byName = new Map(list[0]?.accounts.map((x) => [x.name, x]))
    expect(byName.get('Broken')?.lastError).toBe('The bank needs you to accept new terms')
    expect(byName.get('Good One')?.lastError).toBeNull()
    expect(list[0]?.status).toBe('active')
    expect(list[0]?.lastError).toBe('2 accounts could not be synced')
    // the broken one heals: its rows come, the others' are not doubled
    const broken = sfin.accounts[1]
    if (broken) delete broken.broken
    const healed = await sync(a, conn.id)
    expect(healed.added).toBe(1)
    expect(healed.errors.map((e) => e.name)).toEqual(['Unreadable'])
  })

  it("the bridge's own messages (`errors`, as a v1 bridge reports a bank it could not read) reach the member; the healthy accounts still sync", async () => {
    const at = epoch()
    sfin.protocol = 1
    sfin.errors.push('Connection to Example Credit Union may need attention')
    sfin.accounts.splice(
      0,
      sfin.accounts.length,
      sfinAccount('H-1', 'Healthy Checking', '50.00', [
        { id: 'H1-a', posted: at - 2 * DAY, amount: '-5.00', description: 'BAKERY', payee: 'Bakery' },
        { id: 'H1-b', posted: at - DAY, amount: '-7.00', description: 'BOOKS', payee: 'Books' },
      ]),
      { ...sfinAccount('H-2', 'Chase Savings', '900.00', [{ id: 'H2-a', posted: at - DAY, amount: '10.00', description: 'INTEREST' }]), broken: 'You must reauthenticate with Chase.' },
    )
    const said = 'SimpleFIN Bridge: Connection to Example Credit Union may need attention. You must reauthenticate with Chase.'
    try {
      const a = await member()
      const conn = await connectSimplefin(a)
      // a v1 bridge leaves the bank it could not read out of `accounts`
      expect(conn.accounts.map((x) => x.name)).toEqual(['Healthy Checking'])
      expect(conn).toMatchObject({ status: 'active', lastError: said })

      const result = await sync(a, conn.id)
      expect(result).toEqual({
        added: 2,
        updated: 0,
        removed: 0,
        errors: [
          { accountId: null, name: 'SimpleFIN Bridge', message: 'Connection to Example Credit Union may need attention' },
          { accountId: null, name: 'SimpleFIN Bridge', message: 'You must reauthenticate with Chase.' },
        ],
      })
      const [after] = (await a.get('/api/bank-connections')).json() as Conn[]
      expect(after).toMatchObject({ status: 'active', lastError: said, lastSuccessAt: new Date(NOW).toISOString() })
      const accountId = after?.accounts[0]?.accountId ?? ''
      expect((await rowsOf(accountId)).filter((r) => r.kind === 'standard').map((r) => r.externalId)).toEqual(['H1-a', 'H1-b'])
      expect(await balanceOf(a, accountId)).toBe(50)

      // a failed account beside the bridge's words: both are named
      sfin.accounts.push({ ...sfinAccount('H-3', 'Unreadable', '1.00', []), raw: { balance: 'n/a' } })
      const both = await sync(a, conn.id)
      expect(both.errors.map((e) => e.name)).toEqual(['SimpleFIN Bridge', 'SimpleFIN Bridge', 'Unreadable'])
      expect((await a.get('/api/bank-connections')).json()[0].lastError).toMatch(/^SimpleFIN Bridge: Connection to .* with Chase\. Unreadable: SimpleFIN sent data/)
      sfin.accounts.pop()

      // the bridge answers nothing but its words: nothing was read, the sync failed
      const kept = sfin.accounts.splice(0, sfin.accounts.length)
      t.clock.set('2026-03-16T12:00:00Z')
      const failed = await sync(a, conn.id)
      const alone = 'SimpleFIN Bridge: Connection to Example Credit Union may need attention.'
      expect(failed).toEqual({ added: 0, updated: 0, removed: 0, errors: [{ accountId: null, name: 'Example Bank', message: alone }] })
      expect((await a.get('/api/bank-connections')).json()[0]).toMatchObject({ status: 'error', lastError: alone, lastSuccessAt: new Date(NOW).toISOString() })

      // the bank is back and the bridge says nothing more: the message goes, the missing rows come
      sfin.accounts.push(...kept)
      sfin.errors.length = 0
      const broken = sfin.accounts[1]
      if (broken) delete broken.broken
      const healed = await sync(a, conn.id)
      expect(healed).toEqual({ added: 1, updated: 0, removed: 0, errors: [] })
      expect((await a.get('/api/bank-connections')).json()[0]).toMatchObject({ status: 'active', lastError: null })
      expect(await sync(a, conn.id)).toEqual({ added: 0, updated: 0, removed: 0, errors: [] })
      onceEach(await rowsOf(accountId))
    } finally {
      sfin.protocol = 2
      sfin.errors.length = 0
      t.clock.set(NOW)
    }
  })

  it('a row already imported from a statement file is matched, not added again', async () => {
    const at = epoch()
    const a = await member()
    const acct = (await a.post('/api/accounts', { name: 'Imported Checking', type: 'checking' })).json()
    const imported = await upload(a, 'Date,Payee,Amount\n2026-03-12,POS PURCHASE CORNER MARKET #5,-23.40\n2026-03-13,City Water,-60.00\n', {
      fields: { accountId: acct.id },
    })
    expect(imported.statusCode, imported.body).toBe(200)
    sfin.accounts.splice(
      0,
      sfin.accounts.length,
      sfinAccount('D-1', 'Checking', '100.00', [
        // a day apart from the statement, payee written differently
        { id: 'D-market', posted: at - 2 * DAY, amount: '-23.40', description: 'CORNER MARKET', payee: 'Corner Market' },
        { id: 'D-new', posted: at - DAY, amount: '-9.99', description: 'MUSIC', payee: 'Music Service' },
      ]),
    )
    const conn = await connectSimplefin(a)
    await a.patch(`/api/bank-connections/${conn.id}/accounts/${conn.accounts[0]?.id ?? ''}`, { accountId: acct.id })
    expect((await sync(a, conn.id)).added, JSON.stringify(await rowsOf(acct.id))).toBe(1)
    expect(await sync(a, conn.id)).toMatchObject({ added: 0, updated: 0, removed: 0 })
    const rows = await rowsOf(acct.id)
    expect(rows.map((r) => [r.source, r.amount])).toEqual([
      ['import', -2340],
      ['import', -6000],
      ['plaid', -999],
    ])
  })

  it('an already claimed setup token is refused as possibly compromised', async () => {
    const a = await member()
    const token = sfin.setupToken()
    expect((await a.post('/api/bank-connections', { provider: 'simplefin', setupToken: token })).statusCode).toBe(201)
    const again = await a.post('/api/bank-connections', { provider: 'simplefin', setupToken: token })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('SETUP_TOKEN_CLAIMED')
    expect(again.json().message).toContain('may be compromised')
  })

  it('past the plan limit: 409 LIMIT_REACHED', async () => {
    const a = await member('basic')
    for (let i = 0; i < 3; i++) await connectSimplefin(a)
    const over = await a.post('/api/bank-connections', { provider: 'simplefin', setupToken: sfin.setupToken() })
    expect(over.statusCode).toBe(409)
    expect(over.json().code).toBe('LIMIT_REACHED')
    expect((await a.get('/api/bank-connections/providers')).json()).toMatchObject({ limit: 3, used: 3 })
  })

  it('disconnect deletes the sealed secret and the links; the accounts and rows stay', async () => {
    sfin.accounts.splice(0, sfin.accounts.length, sfinAccount('E-1', 'Checking', '1.00', [{ id: 'E-a', posted: epoch() - DAY, amount: '-1.00', description: 'X' }]))
    const a = await member()
    const conn = await connectSimplefin(a)
    await sync(a, conn.id)
    const accountId = (await a.get('/api/bank-connections')).json()[0].accounts[0].accountId
    expect((await a.delete(`/api/bank-connections/${conn.id}`)).statusCode).toBe(204)
    expect(await t.database.db.select().from(bankConnections).where(eq(bankConnections.id, conn.id))).toEqual([])
    expect(await t.database.db.select().from(bankConnectionAccounts).where(eq(bankConnectionAccounts.connectionId, conn.id))).toEqual([])
    expect((await a.get(`/api/accounts/${accountId}`)).statusCode).toBe(200)
    expect((await rowsOf(accountId)).length).toBeGreaterThan(0)
    expect((await a.get('/api/bank-connections')).json()).toEqual([])
  })

  it('the scheduled job syncs connections whose interval has passed', async () => {
    sfin.accounts.splice(0, sfin.accounts.length, sfinAccount('F-1', 'Checking', '1.00', [{ id: 'F-a', posted: epoch() - DAY, amount: '-1.00', description: 'X' }]))
    const a = await member()
    await connectSimplefin(a)
    // not due yet: the member links first
    await bankSyncJob(t.database.db, t.config, t.clock.now(), t.app.log)
    expect((await a.get('/api/bank-connections')).json()[0].lastSyncAt).toBeNull()
    const later = new Date(t.clock.now().getTime() + (t.config.banks.syncIntervalMinutes + 1) * 60_000)
    await bankSyncJob(t.database.db, t.config, later, t.app.log)
    const [after] = (await a.get('/api/bank-connections')).json()
    expect(after.lastSyncAt).toBe(later.toISOString())
    expect(after.accounts[0].accountId).toEqual(expect.any(String))
  })
})

describe('a server without KINWISE_SECRET_KEY', () => {
  it('connects no bank: tokens are never stored unsealed', async () => {
    const open = await createTestApp({ now: NOW, env: { KINWISE_ALLOW_LOCAL_PROVIDERS: 'true' } })
    try {
      const c = await signUp(open.app)
      await setTestPlan(open, c, 'premium')
      await open.database.db.update(users).set({ totpEnabledAt: new Date(NOW) }).where(eq(users.id, c.user.id))
      expect((await c.get('/api/bank-connections/providers')).json()).toMatchObject({ simplefin: false, plaid: false })
      const res = await c.post('/api/bank-connections', { provider: 'simplefin', setupToken: sfin.setupToken() })
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('SECRET_KEY_REQUIRED')
      expect(await open.database.db.select().from(bankConnections)).toEqual([])
    } finally {
      await open.close()
    }
  })
})

describe('SimpleFIN on private addresses', () => {
  it('is refused unless KINWISE_ALLOW_LOCAL_PROVIDERS is on', async () => {
    const strict = await createTestApp({ now: NOW, env: { KINWISE_SECRET_KEY: SECRET_KEY } })
    try {
      const c = await signUp(strict.app)
      await setTestPlan(strict, c, 'premium')
      await strict.database.db.update(users).set({ totpEnabledAt: new Date(NOW) }).where(eq(users.id, c.user.id))
      const res = await c.post('/api/bank-connections', { provider: 'simplefin', setupToken: sfin.setupToken() })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'UNSAFE_PROVIDER_URL', issues: [{ path: 'body.setupToken' }] })
      // IPv4 inside IPv6, which the URL parser writes in hex (64:ff9b::7f00:1)
      for (const claimUrl of ['https://[64:ff9b::127.0.0.1]/claim/x', 'https://[::127.0.0.1]/claim/x', 'https://[2002:7f00:1::]/claim/x', 'https://[fec0::1]/claim/x', 'https://[::ffff:a9fe:a9fe]/claim/x']) {
        const token = Buffer.from(claimUrl).toString('base64')
        const refused = await c.post('/api/bank-connections', { provider: 'simplefin', setupToken: token })
        expect(refused.statusCode, claimUrl).toBe(400)
        expect(refused.json(), claimUrl).toMatchObject({ code: 'UNSAFE_PROVIDER_URL', issues: [{ path: 'body.setupToken' }] })
      }
      expect(await strict.database.db.select().from(bankConnections)).toEqual([])
      expect((await c.get('/api/bank-connections/providers')).json().plaid).toBe(false)
    } finally {
      await strict.close()
    }
  })
})
