// Your data, deleting an account: restricted sessions, cancel, and the purge once the 30 days are
// over (of the last member, household included, or of one member among others).
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accounts, auditLog, billPayments, households, transactions, users } from '#src/server/db/schema'
import { sharedJobs } from '#src/server/jobs/jobs'
import { createFamily, newAccount } from '#src/server/test/family'
import { addMember, signUp } from '#src/server/test/helper'
import { bankRelease } from '../bank-connections/release'
import { purgeDeletedAccounts } from './deletion'
import { post, richHousehold, setUpDataRightsTestApp, t } from './test-support'

setUpDataRightsTestApp()

describe('deleting an account', () => {
  const later = (days: number) => new Date(new Date('2026-03-15T12:00:00Z').getTime() + days * 86_400_000)

  it('needs the right password, then restricts the sessions to the export and the cancel; cancel gives the app back', async () => {
    const me = await signUp(t.app)
    await newAccount(me, 'Checking')
    expect((await me.post('/api/user/delete', {})).json().code).toBe('PASSWORD_REQUIRED')
    const wrong = await me.post('/api/user/delete', { password: 'not my password' })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().code).toBe('WRONG_PASSWORD')
    const res = await me.post('/api/user/delete', { password: 'correct horse battery' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ deleteAfter: '2026-04-14T12:00:00.000Z' })
    expect((await me.get('/api/auth/user')).json().deleteAfter).toBe('2026-04-14T12:00:00.000Z')
    const refused = await me.get('/api/accounts')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('ACCOUNT_DELETION_PENDING')
    expect((await me.get('/api/export')).statusCode).toBe(200)
    // later in the 30 days the export asks for the password again, and the restricted session may give it
    t.clock.set('2026-03-20T12:00:00Z')
    try {
      expect((await me.get('/api/export')).json().code).toBe('REAUTH_REQUIRED')
      const reauth = await me.post('/api/auth/reauth', { password: 'correct horse battery' })
      expect(reauth.statusCode, reauth.body).toBe(200)
      expect((await me.get('/api/export')).statusCode).toBe(200)
    } finally {
      t.clock.set('2026-03-15T12:00:00Z')
    }
    const cancel = await me.post('/api/user/delete/cancel')
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json()).toEqual({ deleteAfter: null })
    expect((await me.get('/api/accounts')).statusCode).toBe(200)
    const events = (await t.database.db.select({ event: auditLog.event }).from(auditLog).where(eq(auditLog.userId, me.user.id))).map((e) => e.event)
    expect(events).toEqual(expect.arrayContaining(['deletion_requested', 'deletion_cancelled']))
    // cancelled: the purge leaves them alone
    expect(await purgeDeletedAccounts(t.database.db, later(31), bankRelease(t.config))).toBeGreaterThanOrEqual(0)
    expect(await t.database.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(1)
  })

  it('an owner with other members transfers ownership first (409)', async () => {
    const owner = await signUp(t.app)
    await addMember(t, owner, 'adult')
    const res = await owner.post('/api/user/delete', { password: 'correct horse battery' })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('TRANSFER_OWNERSHIP_FIRST')
    expect(res.json().message).toContain('make one of them the owner')
  })

  it('after 30 days the job removes every row of the last member, household included; not a day before', async () => {
    const me = await signUp(t.app)
    const ids = await richHousehold(me)
    expect((await me.post('/api/user/delete', { password: 'correct horse battery' })).statusCode).toBe(200)
    const [membership] = await t.database.db.select({ householdId: accounts.householdId }).from(accounts).where(eq(accounts.id, ids.checking))
    const householdId = membership?.householdId ?? ''
    await purgeDeletedAccounts(t.database.db, later(29), bankRelease(t.config))
    expect(await t.database.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(1)
    const job = sharedJobs.find((j) => j.name === 'purge-deleted-accounts')
    expect(job?.everyMinutes).toBe(60)
    // the scheduled job itself, as an instance runs it once its period is claimed
    await job?.run({ db: t.database.db, config: t.config, now: later(31), log: t.app.log })
    expect(await t.database.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(0)
    expect(await t.database.db.select().from(households).where(eq(households.id, householdId))).toHaveLength(0)
    expect(await t.database.db.select().from(transactions).where(eq(transactions.householdId, householdId))).toHaveLength(0)
    expect(await t.database.db.select().from(billPayments).where(eq(billPayments.householdId, householdId))).toHaveLength(0)
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.userId, me.user.id))).toHaveLength(0)
    expect((await me.get('/api/auth/user')).statusCode).toBe(401)
  })

  it("in a household others stay in: the member's private accounts go, shared ones and their entries stay with the owner", async () => {
    const family = await createFamily(t)
    await post(family.adult, '/api/transactions', { accountId: family.accounts.private, date: '2026-03-03', amount: -55.55, merchant: 'Secret shop' })
    await post(family.adult, '/api/transactions', { accountId: family.accounts.checking, date: '2026-03-03', amount: -9, merchant: 'Adult in shared' })
    await post(family.adult, '/api/goals', { name: 'Adult goal', targetAmount: 100 })
    expect((await family.adult.post('/api/user/delete', { password: 'correct horse battery' })).statusCode).toBe(200)
    await purgeDeletedAccounts(t.database.db, later(31), bankRelease(t.config))
    const db = t.database.db
    expect(await db.select().from(users).where(eq(users.id, family.adult.user.id))).toHaveLength(0)
    expect(await db.select().from(accounts).where(eq(accounts.id, family.accounts.private))).toHaveLength(0)
    const [savings] = await db.select().from(accounts).where(eq(accounts.id, family.accounts.balanceOnly))
    expect(savings?.userId).toBe(family.owner.user.id)
    const entries = (await family.owner.get('/api/transactions?limit=500')).json() as { merchant: string }[]
    expect(entries.map((e) => e.merchant)).toContain('Adult in shared')
    expect(entries.map((e) => e.merchant)).not.toContain('Secret shop')
    expect(((await family.owner.get('/api/goals')).json() as { name: string }[]).map((g) => g.name)).toContain('Adult goal')
    const household = (await family.owner.get('/api/household')).json() as { members: unknown[] }
    expect(household.members).toHaveLength(3)
  })
})
