// Bank connections through Plaid (against a local fake that follows its public protocol), and
// what leaves with a member who goes: their connections, sealed secrets and synced rows.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accounts, bankConnectionAccounts, bankConnections } from '#src/server/db/schema'
import { forgetWebhookKeys } from '#src/server/integrations/banks/plaid-webhook'
import { bankSyncJob } from '#src/server/jobs/bank-sync'
import { purgeDeletedAccounts } from '../data-rights/deletion'
import { bankRelease } from './release'
import { addMember, categoryId, type Client } from '#src/server/test/helper'
import { balanceOf, type Conn, connectPlaid, connectSimplefin, DAY, enableMfa, epoch, member, onceEach, plaid, ptx, rowsOf, sfin, sfinAccount, sync, t, setUpBankTestApp } from './test-support'

setUpBankTestApp()

describe('Plaid', () => {
  it('first sync over pages, incremental, mutation during pagination, pending → posted, removed, balances', async () => {
    const a = await member()
    const link = await a.post('/api/bank-connections/plaid/link-token', {})
    expect(link.statusCode, link.body).toBe(200)
    expect(link.json().linkToken).toMatch(/^link-sandbox-/)
    const { conn, itemId } = await connectPlaid(a)
    expect(conn).toMatchObject({ provider: 'plaid', institution: 'First Platypus Bank', status: 'active' })
    expect(conn.accounts.map((x) => [x.name, x.balance])).toEqual([
      ['Plaid Checking', 110],
      ['Plaid Credit Card', -410],
    ])
    const [stored] = await t.database.db.select().from(bankConnections).where(eq(bankConnections.id, conn.id))
    expect(stored?.accessSecret.startsWith('v1.')).toBe(true)
    expect(stored?.accessSecret).not.toContain('access-sandbox')

    for (let i = 1; i <= 5; i++) plaid.add(itemId, ptx(`t${String(i)}`, 'pa-chk', i, `2026-03-0${String(i)}`, `Shop ${String(i)}`))
    plaid.add(itemId, ptx('pend-1', 'pa-cc', 25.5, '2026-03-10', 'Diner', { pending: true }))
    plaid.pageSize = 2
    const first = await sync(a, conn.id)
    expect(first).toEqual({ added: 6, updated: 0, removed: 0, errors: [] })
    const [afterFirst] = await t.database.db.select().from(bankConnections).where(eq(bankConnections.id, conn.id))
    expect(afterFirst?.cursor).toBe(Buffer.from('6').toString('base64'))
    const list: Conn[] = (await a.get('/api/bank-connections')).json()
    const chkAccount = list[0]?.accounts[0]?.accountId ?? ''
    const ccAccount = list[0]?.accounts[1]?.accountId ?? ''
    // Plaid's positive amounts are money out
    expect((await rowsOf(chkAccount)).filter((r) => r.kind === 'standard').map((r) => r.amount)).toEqual([-100, -200, -300, -400, -500])
    expect(await balanceOf(a, chkAccount)).toBe(110)
    expect(await balanceOf(a, ccAccount)).toBe(-410)

    // the member edits the pending row; it posts (Plaid: removed pending + added posted naming it)
    const pending = (await rowsOf(ccAccount)).find((r) => r.externalId === 'pend-1')
    expect(pending?.pending).toBe(true)
    const food = await categoryId(t, a, 'Groceries')
    await a.patch(`/api/transactions/${pending?.id ?? ''}`, { categoryId: food, notes: 'team lunch' })
    plaid.remove(itemId, 'pend-1')
    plaid.add(itemId, ptx('post-1', 'pa-cc', 27.5, '2026-03-11', 'Diner', { pending_transaction_id: 'pend-1' }))
    plaid.remove(itemId, 't2')
    plaid.modify(itemId, ptx('t3', 'pa-chk', 3.25, '2026-03-03', 'Shop 3'))
    plaid.add(itemId, ptx('t6', 'pa-chk', 6, '2026-03-12', 'Shop 6'))
    // the changes move under the pagination twice: it starts again from the saved cursor
    plaid.mutateDuringPagination = 2
    const second = await sync(a, conn.id)
    expect(second).toEqual({ added: 1, updated: 2, removed: 1, errors: [] })
    const cc = (await rowsOf(ccAccount)).filter((r) => r.kind === 'standard')
    expect(cc).toHaveLength(1)
    expect(cc[0]).toMatchObject({ id: pending?.id, externalId: 'post-1', pending: false, amount: -2750, categoryId: food, notes: 'team lunch', date: '2026-03-11' })
    const chk = (await rowsOf(chkAccount)).filter((r) => r.kind === 'standard')
    expect(chk.map((r) => [r.externalId, r.amount])).toEqual([
      ['t1', -100],
      ['t3', -325],
      ['t4', -400],
      ['t5', -500],
      ['t6', -600],
    ])
    expect(await sync(a, conn.id)).toEqual({ added: 0, updated: 0, removed: 0, errors: [] })
    onceEach(await rowsOf(chkAccount))
    onceEach(await rowsOf(ccAccount))
  })

  it('disconnect tells Plaid to remove the item, and deletes our copy of the token', async () => {
    const a = await member()
    const { conn, itemId } = await connectPlaid(a)
    expect(plaid.items.has(itemId)).toBe(true)
    expect((await a.delete(`/api/bank-connections/${conn.id}`)).statusCode).toBe(204)
    expect(plaid.calls.filter((c) => c.path === '/item/remove')).toHaveLength(1)
    expect(plaid.items.has(itemId)).toBe(false)
    expect(await t.database.db.select().from(bankConnections).where(eq(bankConnections.id, conn.id))).toEqual([])
  })

  it('a sync that fails part-way writes nothing and keeps the cursor', async () => {
    const a = await member()
    const { conn, itemId } = await connectPlaid(a)
    for (let i = 1; i <= 4; i++) plaid.add(itemId, ptx(`f${String(i)}`, 'pa-chk', i, '2026-03-02', `Shop ${String(i)}`))
    expect((await sync(a, conn.id)).added).toBe(4)
    for (let i = 5; i <= 8; i++) plaid.add(itemId, ptx(`f${String(i)}`, 'pa-chk', i, '2026-03-03', `Shop ${String(i)}`))
    plaid.pageSize = 2
    plaid.mutateDuringPagination = 10
    const failed = await sync(a, conn.id)
    expect(failed.added).toBe(0)
    expect(failed.errors).toEqual([{ accountId: null, name: 'First Platypus Bank', message: expect.stringContaining('changed transactions') }])
    const [row] = await t.database.db.select().from(bankConnections).where(eq(bankConnections.id, conn.id))
    expect(row?.cursor).toBe(Buffer.from('4').toString('base64'))
    expect(row?.status).toBe('error')
    const accountId = (await a.get('/api/bank-connections')).json()[0].accounts[0].accountId
    expect((await rowsOf(accountId)).filter((r) => r.kind === 'standard')).toHaveLength(4)
    plaid.mutateDuringPagination = 0
    expect((await sync(a, conn.id)).added).toBe(4)
    expect((await a.get('/api/bank-connections')).json()[0].status).toBe('active')
  })

  it('a mutation on a later page: the pages read before it are dropped and the sync starts again from the saved cursor', async () => {
    const a = await member()
    const { conn, itemId } = await connectPlaid(a)
    plaid.pageSize = 100
    plaid.add(itemId, ptx('m0', 'pa-chk', 1, '2026-03-01', 'Before'))
    expect((await sync(a, conn.id)).added).toBe(1)
    for (let i = 1; i <= 6; i++) plaid.add(itemId, ptx(`m${String(i)}`, 'pa-chk', i * 10, `2026-03-0${String(i + 1)}`, `Shop ${String(i)}`))
    plaid.pageSize = 2
    const item = plaid.item(itemId)
    // page 1 (m1, m2) is read; then the bank drops m1 and changes m2, and page 2 answers the mutation
    plaid.failSyncCall(2, () => {
      item.log.splice(1, 1)
      const m2 = item.log[1]
      if (m2?.kind !== 'added') throw new Error('m2 expected')
      m2.transaction = { ...m2.transaction, amount: 22 }
    })
    const from = plaid.calls.length
    expect(await sync(a, conn.id)).toEqual({ added: 5, updated: 0, removed: 0, errors: [] })
    const cursors = plaid.calls
      .slice(from)
      .filter((c) => c.path === '/transactions/sync')
      .map((c) => Buffer.from(String(c.body.cursor ?? ''), 'base64').toString())
    // attempt 1: the saved cursor (1), page 2 fails; attempt 2: the saved cursor again, three pages
    expect(cursors).toEqual(['1', '3', '1', '3', '5'])
    const [row] = await t.database.db.select().from(bankConnections).where(eq(bankConnections.id, conn.id))
    expect(row?.cursor).toBe(Buffer.from('6').toString('base64'))
    const accountId = (await a.get('/api/bank-connections')).json()[0].accounts[0].accountId
    const rows = (await rowsOf(accountId)).filter((r) => r.kind === 'standard')
    // nothing of the failed attempt's page 1 is kept: m1 is gone, m2 has its new amount
    expect(rows.map((r) => [r.externalId, r.amount])).toEqual([
      ['m0', -100],
      ['m2', -2200],
      ['m3', -3000],
      ['m4', -4000],
      ['m5', -5000],
      ['m6', -6000],
    ])
    onceEach(rows)
    expect(await sync(a, conn.id)).toEqual({ added: 0, updated: 0, removed: 0, errors: [] })
  })

  it('an expired login: login_required, Link update mode, then syncing again', async () => {
    const a = await member()
    const { conn, itemId } = await connectPlaid(a)
    plaid.item(itemId).loginRequired = true
    plaid.add(itemId, ptx('l1', 'pa-chk', 1, '2026-03-02', 'Shop'))
    const res = await sync(a, conn.id)
    expect(res.errors[0]?.message).toContain('log in again')
    const [after] = (await a.get('/api/bank-connections')).json()
    expect(after).toMatchObject({ status: 'login_required', lastError: expect.stringContaining('log in again') })
    // the scheduled job leaves it alone until the member logs in again
    await bankSyncJob(t.database.db, t.config, new Date(t.clock.now().getTime() + 10 * 86_400_000), t.app.log)
    expect((await a.get('/api/bank-connections')).json()[0].status).toBe('login_required')
    const update = await a.post('/api/bank-connections/plaid/link-token', { connectionId: conn.id })
    expect(update.statusCode, update.body).toBe(200)
    const asked = plaid.calls.filter((c) => c.path === '/link/token/create').at(-1)
    expect(asked?.body.access_token).toBe(plaid.item(itemId).accessToken)
    expect(asked?.body.products).toBeUndefined()
    plaid.item(itemId).loginRequired = false
    expect((await sync(a, conn.id)).added).toBe(1)
    expect((await a.get('/api/bank-connections')).json()[0]).toMatchObject({ status: 'active', lastError: null })
  })

  it('a verified webhook syncs; a bad signature, a changed body or an old one is refused', async () => {
    forgetWebhookKeys()
    const a = await member()
    const { conn, itemId } = await connectPlaid(a)
    plaid.add(itemId, ptx('w1', 'pa-chk', 7, '2026-03-14', 'Webhook Shop'))
    const event = { webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE', item_id: itemId, initial_update_complete: true, historical_update_complete: true, environment: 'sandbox' }
    const post = (body: string, header: string) =>
      t.app.inject({ method: 'POST', url: '/api/bank-connections/plaid/webhook', payload: body, headers: { 'content-type': 'application/json', 'plaid-verification': header } })

    const old = await plaid.webhook(event, { issuedAt: new Date(t.clock.now().getTime() - 6 * 60_000) })
    expect((await post(old.body, old.header)).statusCode).toBe(400)
    const tampered = await plaid.webhook(event, { issuedAt: t.clock.now(), tamper: true })
    const refused = await post(tampered.body, tampered.header)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().code).toBe('BAD_SIGNATURE')
    const good = await plaid.webhook(event, { issuedAt: t.clock.now() })
    expect((await post(good.body.replace('sandbox', 'sandbax'), good.header)).statusCode).toBe(400)
    expect((await post(good.body, `${good.header.slice(0, -4)}AAAA`)).statusCode).toBe(400)
    expect((await post(good.body, '')).statusCode).toBe(400)
    expect((await a.get('/api/bank-connections')).json()[0].lastSyncAt).toBeNull()

    const accepted = await post(good.body, good.header)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toEqual({ ok: true })
    const accountId = (await a.get('/api/bank-connections')).json()[0].accounts[0].accountId
    expect((await rowsOf(accountId)).filter((r) => r.externalId === 'w1')).toHaveLength(1)
    expect((await a.get('/api/bank-connections')).json()[0].lastSyncAt).not.toBeNull()

    // the bank asks to log in again
    const login = await plaid.webhook({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: itemId, error: { error_code: 'ITEM_LOGIN_REQUIRED' } }, { issuedAt: t.clock.now() })
    expect((await post(login.body, login.header)).statusCode).toBe(200)
    const [row] = await t.database.db.select().from(bankConnections).where(and(eq(bankConnections.id, conn.id)))
    expect(row?.status).toBe('login_required')
  })
})

describe('a member who goes takes their connections with them', () => {
  /** An adult of `owner`'s household with a SimpleFIN and a Plaid connection, both synced. */
  async function adultWithBanks(owner: Client) {
    const adult = await addMember(t, owner, 'adult')
    await enableMfa(adult)
    return { adult, ...(await banksOf(adult)) }
  }

  async function banksOf(c: Client) {
    sfin.accounts.splice(0, sfin.accounts.length, sfinAccount('G-1', 'Joint Checking', '40.00', [{ id: 'G-a', posted: epoch() - DAY, amount: '-1.00', description: 'CAFE' }]))
    const simple = await connectSimplefin(c)
    expect((await sync(c, simple.id)).added).toBe(1)
    const { conn: viaPlaid, itemId } = await connectPlaid(c)
    plaid.add(itemId, ptx(`g-${itemId}`, 'pa-chk', 12, '2026-03-10', 'Grocer'))
    expect((await sync(c, viaPlaid.id)).added).toBe(1)
    const list: Conn[] = (await c.get('/api/bank-connections')).json()
    const accountIds = list.flatMap((x) => x.accounts.flatMap((a) => (a.accountId === null ? [] : [a.accountId])))
    expect(accountIds).toHaveLength(3)
    const rows = new Map<string, number>()
    for (const id of accountIds) rows.set(id, (await rowsOf(id)).length)
    // the two synced rows (and the opening balances)
    expect((await Promise.all(accountIds.map(rowsOf))).flat().filter((r) => r.kind === 'standard')).toHaveLength(2)
    return { ids: [simple.id, viaPlaid.id], itemId, accessToken: plaid.item(itemId).accessToken, accountIds, rows }
  }

  /** The rows are gone with their sealed secrets and links; Plaid was asked to remove the item once. */
  async function expectGone(userId: string, ids: string[], accessToken: string, itemId: string) {
    const db = t.database.db
    expect(await db.select().from(bankConnections).where(eq(bankConnections.userId, userId))).toEqual([])
    for (const id of ids) expect(await db.select().from(bankConnectionAccounts).where(eq(bankConnectionAccounts.connectionId, id))).toEqual([])
    expect(plaid.calls.filter((c) => c.path === '/item/remove' && c.body.access_token === accessToken)).toHaveLength(1)
    expect(plaid.items.has(itemId)).toBe(false)
  }

  /** The accounts they fed stay, with every synced row, as ordinary accounts. */
  async function expectAccountsKept(rows: Map<string, number>) {
    for (const [id, n] of rows) {
      const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, id))
      expect(account).toBeDefined()
      expect((await rowsOf(id)).length).toBe(n)
    }
  }

  it('leaving: the connections are deleted, Plaid removes the item, the plan limit is freed, the accounts stay', async () => {
    const owner = await member()
    const { adult, ids, itemId, accessToken, accountIds, rows } = await adultWithBanks(owner)
    expect((await owner.get('/api/bank-connections/providers')).json()).toMatchObject({ used: 2 })
    const left = await adult.post('/api/household/leave')
    expect(left.statusCode, left.body).toBe(200)
    await expectGone(adult.user.id, ids, accessToken, itemId)
    expect((await owner.get('/api/bank-connections/providers')).json()).toMatchObject({ used: 0 })
    // the accounts were shared: they stay in the household, the owner's now, with their rows
    await expectAccountsKept(rows)
    for (const id of accountIds) expect((await owner.get(`/api/accounts/${id}`)).json().ownerId).toBe(owner.user.id)
    // nothing writes into them any more
    await bankSyncJob(t.database.db, t.config, new Date(t.clock.now().getTime() + 30 * 86_400_000), t.app.log)
    for (const id of ids) expect(await t.database.db.select().from(bankConnections).where(eq(bankConnections.id, id))).toEqual([])
  })

  it('removed by the owner: the same, even when Plaid no longer knows the item', async () => {
    const owner = await member()
    const { adult, ids, itemId, accessToken, rows } = await adultWithBanks(owner)
    const other = await adultWithBanks(owner)
    expect((await owner.get('/api/bank-connections/providers')).json()).toMatchObject({ used: 4 })
    const removed = await owner.delete(`/api/household/members/${adult.user.id}`)
    expect(removed.statusCode, removed.body).toBe(204)
    await expectGone(adult.user.id, ids, accessToken, itemId)
    await expectAccountsKept(rows)
    // the other adult's connections are theirs and stay
    expect((await owner.get('/api/bank-connections/providers')).json()).toMatchObject({ used: 2 })
    expect((await other.adult.get('/api/bank-connections')).json()).toHaveLength(2)

    // Plaid forgot the item already (it answers INVALID_ACCESS_TOKEN): logged, the removal goes through
    plaid.items.delete(other.itemId)
    expect((await owner.delete(`/api/household/members/${other.adult.user.id}`)).statusCode).toBe(204)
    expect(plaid.calls.filter((c) => c.path === '/item/remove' && c.body.access_token === other.accessToken)).toHaveLength(1)
    expect(await t.database.db.select().from(bankConnections).where(eq(bankConnections.userId, other.adult.user.id))).toEqual([])
    expect((await owner.get('/api/bank-connections/providers')).json()).toMatchObject({ used: 0 })
  })

  it('joining another household: the old household goes, and with it the connections (Plaid told); the accounts come along', async () => {
    const joiner = await member()
    const { ids, itemId, accessToken, rows } = await banksOf(joiner)
    const host = await member()
    const invite = await host.post('/api/household/invites', { role: 'adult', expiresInDays: 7 })
    expect(invite.statusCode, invite.body).toBe(201)
    // the invite says so before it is accepted
    const preview = await joiner.get(`/api/household/invites/${String(invite.json().token)}/preview`)
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json().consequences).toContain(
      'Your 2 bank connections are disconnected (Kinwise deletes the access it stored); the accounts they feed keep their transactions. Connect your bank again once you have joined.',
    )
    const accepted = await joiner.post(`/api/household/invites/${String(invite.json().token)}/accept`)
    expect(accepted.statusCode, accepted.body).toBe(200)
    await expectGone(joiner.user.id, ids, accessToken, itemId)
    await expectAccountsKept(rows)
    expect((await joiner.get('/api/bank-connections')).json()).toEqual([])
    expect((await host.get('/api/bank-connections/providers')).json()).toMatchObject({ used: 0 })
  })

  it('an account deleted after its grace period: the connections go (Plaid told), in a shared household and alone', async () => {
    const owner = await member()
    const inFamily = await adultWithBanks(owner)
    const alone = await member()
    const own = await banksOf(alone)
    for (const c of [inFamily.adult, alone]) {
      const asked = await c.post('/api/user/delete', { password: 'correct horse battery' })
      expect(asked.statusCode, asked.body).toBe(200)
    }
    await purgeDeletedAccounts(t.database.db, new Date(t.clock.now().getTime() + 31 * 86_400_000), bankRelease(t.config, t.app.log))
    await expectGone(inFamily.adult.user.id, inFamily.ids, inFamily.accessToken, inFamily.itemId)
    await expectGone(alone.user.id, own.ids, own.accessToken, own.itemId)
    // the family's shared accounts stay with the owner
    await expectAccountsKept(inFamily.rows)
    expect((await owner.get('/api/bank-connections/providers')).json()).toMatchObject({ used: 0 })
  })
})
