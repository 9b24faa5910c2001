// The household API through the real app and database: invites from link to membership, the
// refusals (each of which changes nothing), roles, ownership, and the accounts that move with
// someone who joins, leaves or is removed (with their transactions, categories and rollups).
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Household, Invite } from '#src/contract/household'
import { FAMILY_MEMBERS_LIMIT } from '#src/domain/tiers'
import { households } from '#src/server/db/schema'
import { householdOf } from '#src/server/test/fixtures'
import { addMember, createTestApp, signUp } from '#src/server/test/helper'
import { createAccount, householdOfClient, invite, join, me, MISSING, ok, refusal, t, unchangedBy, setUpHouseholdTestApp } from './test-support'

setUpHouseholdTestApp()

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
})
