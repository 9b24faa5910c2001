// The household API through the real app and database: invites from link to membership, the
// refusals (each of which changes nothing), roles, ownership, and the accounts that move with
// someone who joins, leaves or is removed (with their transactions, categories and rollups).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Account } from '../../../contract/accounts'
import type { Category } from '../../../contract/categories'
import type { Household, Invite } from '../../../contract/household'
import type { Transaction } from '../../../contract/transactions'
import { FAMILY_MEMBERS_LIMIT } from '../../../domain/tiers'
import { householdMembers, households } from '../../db/schema'
import { householdOf } from '../../test/fixtures'
import { addMember, createTestApp, signUp, type Client, type TestContext } from '../../test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

const MISSING = '00000000-0000-4000-8000-000000000000'

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> {
  const r = await res
  expect(r.statusCode, r.body).toBe(status)
  return (r.body === '' ? undefined : r.json()) as T
}

async function refusal(res: Promise<{ statusCode: number; body: string; json(): unknown }>, status: number, code?: string) {
  const r = await res
  expect(r.statusCode, r.body).toBe(status)
  const body = r.json() as { code: string; message: string }
  if (code) expect(body.code).toBe(code)
  expect(body.message.length).toBeGreaterThan(10)
  return body
}

const invite = (owner: Client, role: 'adult' | 'teen' | 'viewer', extra: Record<string, unknown> = {}) =>
  ok<Invite>(owner.post('/api/household/invites', { role, ...extra }), 201)

const householdOfClient = (c: Client) => ok<Household>(c.get('/api/household'))

/** Someone new who joins `owner`'s household through an invite link. */
async function join(owner: Client, role: 'adult' | 'teen' | 'viewer', firstName?: string): Promise<Client> {
  const person = await signUp(t.app, firstName ? { firstName } : {})
  const { token } = await invite(owner, role)
  await ok(person.get(`/api/household/invites/${token}/preview`))
  await ok(person.post(`/api/household/invites/${token}/accept`))
  return person
}

async function createAccount(c: Client, body: Record<string, unknown>): Promise<Account> {
  return ok<Account>(c.post('/api/accounts', { type: 'checking', openingDate: '2026-02-01', ...body }), 201)
}

async function addTransaction(c: Client, body: Record<string, unknown>): Promise<Transaction> {
  return ok<Transaction>(c.post('/api/transactions', body), 201)
}

const categoriesOf = (c: Client) => ok<Category[]>(c.get('/api/categories'))
const accountsOf = (c: Client) => ok<Account[]>(c.get('/api/accounts'))
const transactionsOf = (c: Client, query = '') => ok<Transaction[]>(c.get(`/api/transactions?limit=500${query}`))
const netWorthOf = (c: Client) => ok<{ netWorth: number; previousNetWorth: number }>(c.get('/api/analytics/net-worth'))
const me = (c: Client) => ok<{ householdId: string; role: string; subscriptionTier: string }>(c.get('/api/auth/user'))

async function categoryNamed(c: Client, name: string, parent?: string): Promise<string> {
  const all = await categoriesOf(c)
  const parentId = parent ? all.find((x) => x.name === parent && x.parentId === null)?.id : null
  const found = all.find((x) => x.name === name && x.parentId === (parentId ?? null))
  if (!found) throw new Error(`no category ${name}`)
  return found.id
}

/** "Parent › Child" for each category id of the client's household. */
async function categoryPaths(c: Client): Promise<Map<string, string>> {
  const all = await categoriesOf(c)
  const byId = new Map(all.map((x) => [x.id, x]))
  return new Map(
    all.map((x) => [x.id, x.parentId ? `${byId.get(x.parentId)?.name ?? '?'} › ${x.name}` : x.name]),
  )
}

/** What a transaction is, independent of the household's category ids. */
function portable(tx: Transaction, paths: Map<string, string>) {
  const path = (id: string | null) => (id === null ? null : (paths.get(id) ?? `missing ${id}`))
  return {
    id: tx.id,
    accountId: tx.accountId,
    date: tx.date,
    amount: tx.amount,
    kind: tx.kind,
    merchant: tx.merchant,
    transferId: tx.transferId,
    category: path(tx.categoryId),
    splits: tx.splits.map((s) => ({ amount: s.amount, memo: s.memo, category: path(s.categoryId) })),
  }
}

const TABLES = [
  'households',
  'household_members',
  'household_invites',
  'accounts',
  'transactions',
  'transaction_splits',
  'monthly_rollups',
  'merchant_rollups',
  'categories',
  'credit_scores',
  'reminders',
  'bills',
  'goals',
  'budgets',
  'rules',
] as const

/** Every row of the tables a household change could touch, to show a refusal changed nothing. */
async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const table of TABLES) {
    const rows = await t.database.db.execute<{ j: string }>(sql`select to_jsonb(x)::text as j from ${sql.identifier(table)} x`)
    out[table] = rows.rows.map((r) => r.j).sort()
  }
  return out
}

async function unchangedBy(action: () => Promise<unknown>): Promise<void> {
  const before = await snapshot()
  await action()
  expect(await snapshot()).toEqual(before)
}

describe('household', () => {
  it('answers 401 to someone not signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/household' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: `/api/household/invites/${'x'.repeat(32)}/accept` })).statusCode).toBe(401)
  })

  it('shows a new user their own household, of which they are the owner', async () => {
    const ana = await signUp(t.app, { firstName: 'Ana' })
    const h = await householdOfClient(ana)
    expect(h).toEqual({
      id: await householdOf(t.database.db, ana),
      name: "Ana's household",
      plan: 'free',
      myRole: 'owner',
      members: [
        {
          userId: ana.user.id,
          firstName: 'Ana',
          lastName: 'Example',
          email: ana.user.email,
          profileImageUrl: null,
          role: 'owner',
          joinedAt: expect.any(String),
          accounts: [],
        },
      ],
    })
  })

  it('invites with each role: the link, the preview, joining, and the invite used up', async () => {
    const owner = await signUp(t.app, { firstName: 'Olga' })
    await ok(owner.patch('/api/household', { name: 'The Olsens' }))
    for (const role of ['adult', 'teen', 'viewer'] as const) {
      const created = await ok<Invite>(
        owner.request({ method: 'POST', url: '/api/household/invites', payload: { role }, headers: { host: 'family.localhost:8080' } }),
        201,
      )
      expect(created.token).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(created.url).toBe(`http://family.localhost:8080/join/${created.token}`)
      expect(created).toMatchObject({ role, expiresAt: '2026-03-22T12:00:00.000Z', createdAt: '2026-03-15T12:00:00.000Z' })
      const listed = await ok<Invite[]>(owner.get('/api/household/invites'))
      expect(listed.map((i) => i.token)).toContain(created.token)

      const person = await signUp(t.app, { firstName: `Pat-${role}` })
      const oldHousehold = await householdOf(t.database.db, person)
      const preview = await ok<Record<string, unknown>>(person.get(`/api/household/invites/${created.token}/preview`))
      expect(preview).toMatchObject({
        householdName: 'The Olsens',
        invitedBy: 'Olga Example',
        role,
        expiresAt: created.expiresAt,
        blocked: null,
      })
      expect(preview.consequences).toEqual(
        expect.arrayContaining([
          `You join “The Olsens” as ${role === 'adult' ? 'an' : 'a'} ${role}.`,
          'You have no accounts to bring along.',
          `Your household “Pat-${role}'s household” is closed; it has no budgets, goals, bills or rules to lose.`,
        ]),
      )

      const joined = await ok<Household>(person.post(`/api/household/invites/${created.token}/accept`))
      expect(joined.name).toBe('The Olsens')
      expect(joined.myRole).toBe(role)
      expect(joined.members.find((m) => m.userId === person.user.id)?.role).toBe(role)
      expect(await me(person)).toMatchObject({ householdId: joined.id, role })
      // the old household is gone, the invite used and no longer pending
      expect(await t.database.db.select().from(households).where(eq(households.id, oldHousehold))).toEqual([])
      expect((await ok<Invite[]>(owner.get('/api/household/invites'))).map((i) => i.token)).not.toContain(created.token)
      await refusal(person.get(`/api/household/invites/${created.token}/preview`), 410, 'INVITE_USED')
    }
    const h = await householdOfClient(owner)
    expect(h.members.map((m) => m.role)).toEqual(['owner', 'adult', 'teen', 'viewer'])
  })

  it('builds links on PUBLIC_URL when it is set', async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: 'https://money.example.org/' } })
    try {
      const owner = await signUp(other.app)
      const res = await owner.post('/api/household/invites', { role: 'viewer' })
      expect(res.statusCode, res.body).toBe(201)
      const created = res.json() as Invite
      expect(created.url).toBe(`https://money.example.org/join/${created.token}`)
    } finally {
      await other.close()
    }
  })

  it('checks an invite’s role and expiry, and lets only the owner invite', async () => {
    const owner = await signUp(t.app)
    const oneDay = await invite(owner, 'teen', { expiresInDays: 1 })
    expect(oneDay.expiresAt).toBe('2026-03-16T12:00:00.000Z')
    await unchangedBy(async () => {
      for (const body of [{ role: 'owner' }, { role: 'adult', expiresInDays: 8 }, { role: 'adult', expiresInDays: 0 }, { role: 'adult', expiresInDays: 1.5 }, {}]) {
        const res = await owner.post('/api/household/invites', body)
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
      }
    })
    const adult = await join(owner, 'adult')
    await unchangedBy(async () => {
      await refusal(adult.post('/api/household/invites', { role: 'viewer' }), 403, 'FORBIDDEN')
      await refusal(adult.get('/api/household/invites'), 403, 'FORBIDDEN')
      await refusal(adult.delete(`/api/household/invites/${oneDay.token}`), 403, 'FORBIDDEN')
      await refusal(adult.patch('/api/household', { name: 'Mine now' }), 403, 'FORBIDDEN')
    })
  })

  it('refuses a used, revoked, expired or unknown invite with a clear message, changing nothing', async () => {
    const owner = await signUp(t.app)
    const used = await invite(owner, 'adult')
    const first = await signUp(t.app)
    await ok(first.post(`/api/household/invites/${used.token}/accept`))
    const latecomer = await signUp(t.app)
    const revoked = await invite(owner, 'viewer')
    await ok(owner.delete(`/api/household/invites/${revoked.token}`), 204)
    const expiring = await invite(owner, 'teen', { expiresInDays: 1 })
    const stranger = await signUp(t.app)
    const strangers = await invite(stranger, 'adult')

    await unchangedBy(async () => {
      for (const path of ['preview', 'accept']) {
        const call = (token: string) =>
          path === 'preview'
            ? latecomer.get(`/api/household/invites/${token}/preview`)
            : latecomer.post(`/api/household/invites/${token}/accept`)
        const usedBody = await refusal(call(used.token), 410, 'INVITE_USED')
        expect(usedBody.message).toBe('This invite has already been used. Ask for a new link.')
        await refusal(call(revoked.token), 410, 'INVITE_REVOKED')
        await refusal(call('n0-such-invite-token-anywhere'), 404, 'NOT_FOUND')
      }
      await refusal(owner.delete(`/api/household/invites/${revoked.token}`), 410, 'INVITE_REVOKED')
      await refusal(owner.delete(`/api/household/invites/${used.token}`), 410, 'INVITE_USED')
      // another household's invite does not exist for this owner
      await refusal(owner.delete(`/api/household/invites/${strangers.token}`), 404, 'NOT_FOUND')
      await refusal(owner.delete('/api/household/invites/n0-such-invite-token-anywhere'), 404, 'NOT_FOUND')
    })
    expect((await ok<Invite[]>(owner.get('/api/household/invites'))).map((i) => i.token)).toEqual([expiring.token])

    t.clock.set('2026-03-16T12:00:00Z')
    try {
      await unchangedBy(async () => {
        await refusal(latecomer.get(`/api/household/invites/${expiring.token}/preview`), 410, 'INVITE_EXPIRED')
        await refusal(latecomer.post(`/api/household/invites/${expiring.token}/accept`), 410, 'INVITE_EXPIRED')
        await refusal(owner.delete(`/api/household/invites/${expiring.token}`), 410, 'INVITE_EXPIRED')
      })
      expect(await ok<Invite[]>(owner.get('/api/household/invites'))).toEqual([])
    } finally {
      t.clock.set('2026-03-15T12:00:00Z')
    }
    expect(await me(latecomer)).toMatchObject({ role: 'owner', householdId: await householdOf(t.database.db, latecomer) })
  })

  it('uses an invite once when two people accept it at the same time', async () => {
    const owner = await signUp(t.app)
    const { token } = await invite(owner, 'adult')
    const a = await signUp(t.app)
    const b = await signUp(t.app)
    const answers = await Promise.all([a, b].map((c) => c.post(`/api/household/invites/${token}/accept`)))
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410])
    expect((await householdOfClient(owner)).members).toHaveLength(2)
  })

  it('refuses to join a household one is in already (ALREADY_MEMBER)', async () => {
    const owner = await signUp(t.app)
    const adult = await join(owner, 'adult')
    const { token } = await invite(owner, 'viewer')
    for (const c of [owner, adult]) {
      const preview = await ok<{ blocked: { code: string } | null; consequences: string[] }>(
        c.get(`/api/household/invites/${token}/preview`),
      )
      expect(preview.blocked?.code).toBe('ALREADY_MEMBER')
      expect(preview.consequences).toEqual(['You are already a member of this household'])
      await unchangedBy(() => refusal(c.post(`/api/household/invites/${token}/accept`), 409, 'ALREADY_MEMBER'))
    }
    expect((await ok<Invite[]>(owner.get('/api/household/invites'))).map((i) => i.token)).toEqual([token])
  })

  it('asks someone who shares their household to leave it first (LEAVE_FIRST)', async () => {
    const host = await signUp(t.app)
    const { token } = await invite(host, 'adult')
    const otherOwner = await signUp(t.app)
    const partner = await join(otherOwner, 'adult')
    await createAccount(otherOwner, { name: 'Joint', openingBalance: 10 })
    for (const c of [otherOwner, partner]) {
      const preview = await ok<{ blocked: { code: string; message: string } | null; consequences: string[] }>(
        c.get(`/api/household/invites/${token}/preview`),
      )
      expect(preview.blocked?.code).toBe('LEAVE_FIRST')
      expect(preview.blocked?.message).toMatch(/^Leave your current household first/)
      expect(preview.consequences).toEqual([preview.blocked?.message])
      await unchangedBy(() => refusal(c.post(`/api/household/invites/${token}/accept`), 409, 'LEAVE_FIRST'))
    }
  })

  it('refuses to close a household that pays by card (SUBSCRIPTION_ACTIVE)', async () => {
    const host = await signUp(t.app)
    const { token } = await invite(host, 'adult')
    const payer = await signUp(t.app)
    await t.database.db
      .update(households)
      .set({ plan: 'premium', billingStatus: 'active', stripeCustomerId: `cus_${payer.user.id}`, stripeSubscriptionId: 'sub_1' })
      .where(eq(households.id, await householdOf(t.database.db, payer)))
    await unchangedBy(() => refusal(payer.post(`/api/household/invites/${token}/accept`), 409, 'SUBSCRIPTION_ACTIVE'))
  })

  it(`holds a household to ${FAMILY_MEMBERS_LIMIT} people besides its owner, pending invites included`, async () => {
    const owner = await signUp(t.app)
    const early = [await invite(owner, 'adult'), await invite(owner, 'adult')]
    for (let i = 0; i < FAMILY_MEMBERS_LIMIT - 1; i++) await addMember(t, owner, 'viewer')
    const tenth = await signUp(t.app)
    await ok(tenth.post(`/api/household/invites/${early[0]?.token ?? ''}/accept`))
    expect((await householdOfClient(owner)).members).toHaveLength(FAMILY_MEMBERS_LIMIT + 1)

    const eleventh = await signUp(t.app)
    const preview = await ok<{ blocked: { code: string } | null }>(eleventh.get(`/api/household/invites/${early[1]?.token ?? ''}/preview`))
    expect(preview.blocked?.code).toBe('HOUSEHOLD_FULL')
    await unchangedBy(async () => {
      const full = await refusal(eleventh.post(`/api/household/invites/${early[1]?.token ?? ''}/accept`), 409, 'HOUSEHOLD_FULL')
      expect(full.message).toBe(`A household can have at most ${FAMILY_MEMBERS_LIMIT} people besides its owner`)
      await refusal(owner.post('/api/household/invites', { role: 'adult' }), 409, 'HOUSEHOLD_FULL')
    })

    // a seat comes free when someone goes
    await ok(owner.delete(`/api/household/members/${tenth.user.id}`), 204)
    await ok(eleventh.post(`/api/household/invites/${early[1]?.token ?? ''}/accept`))
    await refusal(owner.post('/api/household/invites', { role: 'adult' }), 409, 'HOUSEHOLD_FULL')
  })

  it('lets the owner rename the household and change a member’s role, but not the owner’s', async () => {
    const owner = await signUp(t.app)
    const member = await join(owner, 'adult')
    const renamed = await ok<Household>(owner.patch('/api/household', { name: '  Home  ' }))
    expect(renamed.name).toBe('Home')
    await unchangedBy(() => refusal(owner.patch('/api/household', { name: ' ' }), 400))

    const changed = await ok<Household>(owner.patch(`/api/household/members/${member.user.id}`, { role: 'viewer' }))
    expect(changed.members.find((m) => m.userId === member.user.id)?.role).toBe('viewer')
    expect(await me(member)).toMatchObject({ role: 'viewer' })
    // the new role holds at once: a viewer writes nothing
    await refusal(member.post('/api/accounts', { name: 'X', type: 'cash' }), 403, 'FORBIDDEN')
    await ok(owner.patch(`/api/household/members/${member.user.id}`, { role: 'teen' }))
    expect((await ok<Household>(member.get('/api/household'))).myRole).toBe('teen')

    const outsider = await signUp(t.app)
    await unchangedBy(async () => {
      await refusal(owner.patch(`/api/household/members/${owner.user.id}`, { role: 'adult' }), 409, 'OWNER_ROLE')
      await refusal(owner.patch(`/api/household/members/${outsider.user.id}`, { role: 'adult' }), 404, 'NOT_FOUND')
      await refusal(owner.patch(`/api/household/members/${MISSING}`, { role: 'adult' }), 404, 'NOT_FOUND')
      await refusal(owner.patch(`/api/household/members/${member.user.id}`, { role: 'owner' }), 400)
      await refusal(member.patch(`/api/household/members/${member.user.id}`, { role: 'adult' }), 403, 'FORBIDDEN')
    })
  })

  it('lists each member’s accounts that the caller may see, never someone else’s private one', async () => {
    const owner = await signUp(t.app)
    const adult = await join(owner, 'adult')
    const teen = await join(owner, 'teen')
    const shared = await createAccount(owner, { name: 'Shared', visibility: 'shared' })
    const forTeens = await createAccount(owner, { name: 'Family cash', visibility: 'shared', sharedWithTeens: true })
    const balance = await createAccount(owner, { name: 'Brokerage', visibility: 'balance_only' })
    const secret = await createAccount(owner, { name: 'Secret', visibility: 'private' })
    const adultsOwn = await createAccount(adult, { name: 'Adult private', visibility: 'private' })
    const ownerAccounts = async (c: Client) =>
      (await householdOfClient(c)).members.find((m) => m.userId === owner.user.id)?.accounts.map((a) => a.id).sort()
    expect(await ownerAccounts(owner)).toEqual([shared.id, forTeens.id, balance.id, secret.id].sort())
    expect(await ownerAccounts(adult)).toEqual([shared.id, forTeens.id, balance.id].sort())
    expect(await ownerAccounts(teen)).toEqual([forTeens.id])
    const adultAccounts = async (c: Client) =>
      (await householdOfClient(c)).members.find((m) => m.userId === adult.user.id)?.accounts
    expect(await adultAccounts(adult)).toEqual([{ id: adultsOwn.id, name: 'Adult private', visibility: 'private' }])
    expect(await adultAccounts(owner)).toEqual([])
  })

  it('moves a leaver’s private accounts, with transactions, balances and categories, into a household of their own', async () => {
    const owner = await signUp(t.app, { firstName: 'Olivia' })
    const mira = await join(owner, 'adult', 'Mira')
    const oldHousehold = await householdOf(t.database.db, owner)
    const joint = await createAccount(owner, { name: 'Joint', visibility: 'shared', openingBalance: 3000 })
    const priv = await createAccount(mira, { name: 'Mira private', visibility: 'private', openingBalance: 1000 })
    const shared = await createAccount(mira, { name: 'Mira shared', visibility: 'shared', openingBalance: 500 })
    const balanceOnly = await createAccount(mira, { name: 'Mira pension', visibility: 'balance_only', openingBalance: 250 })
    const boardGames = await ok<Category>(
      mira.post('/api/categories', { name: 'Board games', parentId: await categoryNamed(mira, 'Entertainment') }),
      201,
    )
    await addTransaction(mira, { accountId: priv.id, date: '2026-02-10', amount: -45.67, merchant: 'Market', categoryId: await categoryNamed(mira, 'Groceries') })
    await addTransaction(mira, { accountId: priv.id, date: '2026-03-02', amount: 200, merchant: 'Employer', categoryId: await categoryNamed(mira, 'Salary') })
    await addTransaction(mira, {
      accountId: priv.id,
      date: '2026-03-05',
      amount: -100,
      merchant: 'Night out',
      splits: [
        { categoryId: await categoryNamed(mira, 'Dining Out'), amount: -60, memo: 'dinner' },
        { categoryId: boardGames.id, amount: -40, memo: 'game' },
      ],
    })
    await addTransaction(mira, { accountId: shared.id, date: '2026-03-03', amount: -12.5, merchant: 'Bakery', categoryId: await categoryNamed(mira, 'Groceries') })
    await ok(mira.post('/api/transfers', { fromAccountId: priv.id, toAccountId: shared.id, amount: 150, date: '2026-03-06' }), 201)
    const bill = await ok<{ id: string }>(mira.post('/api/bills', { name: 'Gym', amount: 30, nextDueDate: '2026-04-01', accountId: priv.id }), 201)
    const goal = await ok<{ id: string }>(mira.post('/api/goals', { name: 'Bike', targetAmount: 800, accountId: priv.id }), 201)
    await ok(mira.post('/api/credit-score', { score: 742, provider: 'Bureau', date: '2026-03-01' }), 201)
    await ok(mira.post('/api/reminders', { title: 'Call the bank' }), 201)

    const pathsBefore = await categoryPaths(mira)
    const movedBefore = (await transactionsOf(mira, `&accountId=${priv.id}`)).map((x) => portable(x, pathsBefore))
    expect(movedBefore).toHaveLength(5)

    await ok(mira.post('/api/household/leave'), 200)

    // Mira: her own free household, named after her, with her private account and everything in it
    const mine = await ok<Household>(mira.get('/api/household'))
    expect(mine).toMatchObject({ name: "Mira's household", plan: 'free', myRole: 'owner' })
    expect(mine.members.map((m) => [m.userId, m.role])).toEqual([[mira.user.id, 'owner']])
    expect(mine.id).not.toBe(oldHousehold)
    expect(await me(mira)).toMatchObject({ householdId: mine.id, role: 'owner', subscriptionTier: 'free' })
    const miraAccounts = await accountsOf(mira)
    expect(miraAccounts.map((a) => [a.id, a.name, a.visibility, a.ownerId, a.balance])).toEqual([
      [priv.id, 'Mira private', 'private', mira.user.id, 904.33],
    ])
    const pathsAfter = await categoryPaths(mira)
    expect(pathsAfter.size).toBeGreaterThan(20) // the default categories, plus Board games
    expect([...pathsAfter.values()]).toContain('Entertainment › Board games')
    const movedAfter = (await transactionsOf(mira)).map((x) => portable(x, pathsAfter))
    expect(movedAfter.sort((a, b) => a.id.localeCompare(b.id))).toEqual(movedBefore.sort((a, b) => a.id.localeCompare(b.id)))
    const leg = (await transactionsOf(mira)).find((x) => x.kind === 'transfer')
    expect(leg?.transferAccountId).toBeNull() // the other leg stayed behind
    expect(await netWorthOf(mira)).toMatchObject({ netWorth: 904.33, previousNetWorth: 954.33 })
    const summary = await ok<{ income: number; expenses: number; categorySpending: { categoryName: string; total: number }[] }>(
      mira.get('/api/analytics/monthly-summary?month=2026-03'),
    )
    expect(summary.income).toBe(200)
    expect(summary.expenses).toBe(100)
    // Board games rolls up to its group (ADR 0036)
    expect(summary.categorySpending.map((c) => [c.categoryName, c.total]).sort()).toEqual([
      ['Dining Out', 60],
      ['Entertainment', 40],
    ])
    expect(await ok<{ score: number }>(mira.get('/api/credit-score'))).toMatchObject({ score: 742 })
    expect((await ok<{ title: string }[]>(mira.get('/api/reminders'))).map((r) => r.title)).toEqual(['Call the bank'])

    // the household she left: her shared and balance-only accounts stay, now the owner's
    const left = await accountsOf(owner)
    expect(left.map((a) => [a.name, a.ownerId, a.balance]).sort()).toEqual([
      ['Joint', owner.user.id, 3000],
      ['Mira pension', owner.user.id, 250],
      ['Mira shared', owner.user.id, 500 - 12.5 + 150],
    ])
    expect(left.find((a) => a.id === balanceOnly.id)?.visibility).toBe('balance_only')
    expect((await netWorthOf(owner)).netWorth).toBe(3000 + 250 + 637.5)
    const ownersTransactions = await transactionsOf(owner)
    expect(ownersTransactions.filter((x) => x.accountId === priv.id)).toEqual([])
    expect(ownersTransactions.filter((x) => x.accountId === shared.id).map((x) => x.amount).sort()).toEqual([-12.5, 150, 500])
    expect(joint.ownerId).toBe(owner.user.id)
    const rows = await t.database.db.execute<{ n: number }>(sql`
      select (select count(*) from transactions where household_id = ${oldHousehold} and account_id = ${priv.id})
        + (select count(*) from monthly_rollups where household_id = ${oldHousehold} and account_id = ${priv.id})
        + (select count(*) from merchant_rollups where household_id = ${oldHousehold} and account_id = ${priv.id})
        + (select count(*) from transaction_splits s join transactions x on x.id = s.transaction_id
            where x.account_id = ${priv.id} and s.household_id = ${oldHousehold})
        + (select count(*) from categories c join transaction_splits s on s.category_id = c.id
            join transactions x on x.id = s.transaction_id where x.account_id = ${priv.id} and c.household_id = ${oldHousehold})
        + (select count(*) from monthly_rollups r join categories c on c.id = r.category_id
            where r.account_id = ${priv.id} and c.household_id <> ${mine.id}) as n`)
    expect(Number(rows.rows[0]?.n)).toBe(0)
    // the bill and the goal stay, no longer tied to an account that left
    // (read in the database: the API hides an account id the reader may not see anyway)
    const links = await t.database.db.execute<{ bill: string | null; goal: string | null }>(sql`
      select (select account_id from bills where id = ${bill.id})::text as bill,
        (select account_id from goals where id = ${goal.id})::text as goal`)
    expect(links.rows).toEqual([{ bill: null, goal: null }])
    expect((await ok<{ id: string }[]>(owner.get('/api/bills'))).map((b) => b.id)).toContain(bill.id)
    expect((await ok<{ id: string }[]>(owner.get('/api/goals'))).map((g) => g.id)).toContain(goal.id)
    const ownerView = await householdOfClient(owner)
    expect(ownerView.members.map((m) => m.userId)).toEqual([owner.user.id])
  })

  it('removes a member: their private account goes with them, their shared one passes to the owner', async () => {
    const owner = await signUp(t.app)
    const teen = await join(owner, 'teen', 'Tim')
    const pocket = await createAccount(teen, { name: 'Pocket money', visibility: 'private', openingBalance: 40.1 })
    const lunch = await createAccount(teen, { name: 'Lunch card', visibility: 'shared', sharedWithTeens: true, openingBalance: 20 })
    await addTransaction(teen, { accountId: pocket.id, date: '2026-03-10', amount: -5.05, merchant: 'Comics', categoryId: await categoryNamed(teen, 'Entertainment') })
    await ok(teen.post('/api/credit-score', { score: 650, date: '2026-03-01' }), 201)
    await unchangedBy(async () => {
      await refusal(teen.delete(`/api/household/members/${owner.user.id}`), 403, 'FORBIDDEN')
      await refusal(owner.delete(`/api/household/members/${owner.user.id}`), 409, 'CANNOT_REMOVE_SELF')
      await refusal(owner.delete(`/api/household/members/${MISSING}`), 404, 'NOT_FOUND')
    })

    await ok(owner.delete(`/api/household/members/${teen.user.id}`), 204)
    const his = await ok<Household>(teen.get('/api/household'))
    expect(his).toMatchObject({ name: "Tim's household", myRole: 'owner', plan: 'free' })
    expect((await accountsOf(teen)).map((a) => [a.id, a.balance])).toEqual([[pocket.id, 35.05]])
    const moved = await transactionsOf(teen)
    expect(moved.map((x) => x.amount).sort()).toEqual([-5.05, 40.1])
    const entertainment = await categoryNamed(teen, 'Entertainment')
    expect(moved.find((x) => x.amount === -5.05)?.categoryId).toBe(entertainment)
    expect(await netWorthOf(teen)).toMatchObject({ netWorth: 35.05 })
    expect(await ok<{ score: number }>(teen.get('/api/credit-score'))).toMatchObject({ score: 650 })

    expect((await accountsOf(owner)).map((a) => [a.id, a.ownerId, a.balance])).toEqual([[lunch.id, owner.user.id, 20]])
    expect((await netWorthOf(owner)).netWorth).toBe(20)
    expect((await householdOfClient(owner)).members.map((m) => m.userId)).toEqual([owner.user.id])
    // a removed member is no longer one
    await refusal(owner.delete(`/api/household/members/${teen.user.id}`), 404, 'NOT_FOUND')
  })

  it('keeps the owner until they hand the household over, and one owner at a time', async () => {
    const owner = await signUp(t.app)
    await unchangedBy(() => refusal(owner.post('/api/household/leave'), 409, 'ONLY_MEMBER'))
    const adult = await join(owner, 'adult')
    const viewer = await join(owner, 'viewer')
    await unchangedBy(async () => {
      await refusal(owner.post('/api/household/leave'), 409, 'TRANSFER_FIRST')
      await refusal(owner.post('/api/household/transfer-ownership', { userId: owner.user.id }), 409, 'ALREADY_OWNER')
      await refusal(owner.post('/api/household/transfer-ownership', { userId: MISSING }), 404, 'NOT_FOUND')
      await refusal(adult.post('/api/household/transfer-ownership', { userId: adult.user.id }), 403, 'FORBIDDEN')
      await refusal(owner.post('/api/household/transfer-ownership', { userId: 'nope' }), 400)
    })
    const pending = await invite(owner, 'teen')

    const after = await ok<Household>(owner.post('/api/household/transfer-ownership', { userId: adult.user.id }))
    expect(after.myRole).toBe('adult')
    expect(after.members.map((m) => [m.userId, m.role])).toEqual([
      [adult.user.id, 'owner'],
      [owner.user.id, 'adult'],
      [viewer.user.id, 'viewer'],
    ])
    const owners = await t.database.db
      .select({ userId: householdMembers.userId })
      .from(householdMembers)
      .where(sql`${householdMembers.householdId} = ${after.id} and ${householdMembers.role} = 'owner'`)
    expect(owners).toEqual([{ userId: adult.user.id }])
    expect(await me(adult)).toMatchObject({ role: 'owner' })
    await refusal(owner.get('/api/household/invites'), 403, 'FORBIDDEN')
    expect((await ok<Invite[]>(adult.get('/api/household/invites'))).map((i) => i.token)).toEqual([pending.token])

    // the former owner may leave now
    await ok(owner.post('/api/household/leave'))
    expect((await householdOfClient(owner)).myRole).toBe('owner')
    expect((await householdOfClient(adult)).members.map((m) => m.userId)).toEqual([adult.user.id, viewer.user.id])
  })

  it('brings the invitee’s own accounts in as private ones and closes their old household', async () => {
    const host = await signUp(t.app, { firstName: 'Hana' })
    await ok(host.patch('/api/household', { name: 'Hana & co' }))
    const hostsGroceries = await categoryNamed(host, 'Groceries')
    await createAccount(host, { name: 'Hana joint', openingBalance: 75.25 })

    const ivan = await signUp(t.app, { firstName: 'Ivan' })
    const oldHousehold = await householdOf(t.database.db, ivan)
    const checking = await createAccount(ivan, { name: 'Ivan checking', visibility: 'shared', openingBalance: 1200 })
    const card = await createAccount(ivan, { name: 'Ivan card', type: 'credit_card', visibility: 'balance_only' })
    const sideGig = await ok<Category>(ivan.post('/api/categories', { name: 'Side gig', kind: 'income' }), 201)
    await addTransaction(ivan, { accountId: checking.id, date: '2026-03-01', amount: 310.4, merchant: 'Client', categoryId: sideGig.id })
    await addTransaction(ivan, { accountId: card.id, date: '2026-03-04', amount: -80.2, merchant: 'Market', categoryId: await categoryNamed(ivan, 'Groceries') })
    await ok(ivan.put('/api/budgets', { categoryId: await categoryNamed(ivan, 'Groceries'), month: '2026-03', amount: 400 }))
    await ok(ivan.post('/api/goals', { name: 'Holiday', targetAmount: 2000, accountId: checking.id }), 201)
    await ok(ivan.post('/api/bills', { name: 'Phone', amount: 25, nextDueDate: '2026-04-02' }), 201)
    await ok(ivan.post('/api/bills', { name: 'Rent', amount: 900, nextDueDate: '2026-04-01' }), 201)
    await ok(ivan.post('/api/reminders', { title: 'Renew passport' }), 201)
    const pathsBefore = await categoryPaths(ivan)
    const before = (await transactionsOf(ivan)).map((x) => portable(x, pathsBefore))

    const { token } = await invite(host, 'adult')
    const preview = await ok<{ consequences: string[]; blocked: null }>(ivan.get(`/api/household/invites/${token}/preview`))
    expect(preview.blocked).toBeNull()
    expect(preview.consequences).toEqual([
      'You join “Hana & co” as an adult.',
      'Your 2 accounts (“Ivan card” and “Ivan checking”) come along with their 3 transactions, as private accounts: only you see them until you share them.',
      'Your transactions keep their categories: any that “Hana & co” lacks is added to it.',
      'Your credit scores and reminders come with you.',
      "Your household “Ivan's household” is closed. Deleted with it: 1 budget, 1 goal, 2 bills and its own categories.",
    ])
    const joined = await ok<Household>(ivan.post(`/api/household/invites/${token}/accept`))
    expect(joined.name).toBe('Hana & co')
    expect(joined.members.find((m) => m.userId === ivan.user.id)?.accounts.map((a) => [a.name, a.visibility])).toEqual([
      ['Ivan card', 'private'],
      ['Ivan checking', 'private'],
    ])
    // the host sees none of them
    expect((await householdOfClient(host)).members.find((m) => m.userId === ivan.user.id)?.accounts).toEqual([])
    expect((await accountsOf(host)).map((a) => a.id)).not.toContain(checking.id)

    const accounts = (await accountsOf(ivan)).filter((a) => a.ownerId === ivan.user.id)
    expect(accounts.map((a) => [a.id, a.visibility, a.ownerId, a.balance]).sort()).toEqual(
      [
        [checking.id, 'private', ivan.user.id, 1510.4],
        [card.id, 'private', ivan.user.id, -80.2],
      ].sort(),
    )
    const pathsAfter = await categoryPaths(ivan)
    const ivansOwn = [checking.id, card.id]
    const moved = (await transactionsOf(ivan)).filter((x) => ivansOwn.includes(x.accountId))
    expect(moved.map((x) => portable(x, pathsAfter))).toEqual(before)
    expect(moved.find((x) => x.amount === -80.2)?.categoryId).toBe(hostsGroceries)
    expect(await categoryNamed(host, 'Side gig')).toBe(moved.find((x) => x.amount === 310.4)?.categoryId)
    expect((await ok<{ title: string }[]>(ivan.get('/api/reminders'))).map((r) => r.title)).toEqual(['Renew passport'])
    expect((await netWorthOf(ivan)).netWorth).toBe(1510.4 - 80.2 + 75.25)
    // private now: nothing of them in the host's totals
    expect((await netWorthOf(host)).netWorth).toBe(75.25)
    // the old household is gone with its budget, goal and bills
    expect(await t.database.db.select().from(households).where(eq(households.id, oldHousehold))).toEqual([])
    const leftovers = await t.database.db.execute<{ n: number }>(sql`
      select (select count(*) from budgets where household_id = ${oldHousehold})
        + (select count(*) from goals where household_id = ${oldHousehold})
        + (select count(*) from bills where household_id = ${oldHousehold})
        + (select count(*) from categories where household_id = ${oldHousehold})
        + (select count(*) from transactions where household_id = ${oldHousehold}) as n`)
    expect(Number(leftovers.rows[0]?.n)).toBe(0)
  })
})
