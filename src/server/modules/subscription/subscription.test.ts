import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tierFeatures, tierLimits } from '#src/domain/tiers'
import { newUser } from '#src/server/test/fixtures'
import { addMember, createTestApp, setTestPlan, type TestContext } from '#src/server/test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const plans = [
  { tier: 'basic', pricePerMonth: 6, features: tierFeatures('basic'), limits: tierLimits('basic') },
  {
    tier: 'premium',
    pricePerMonth: 8,
    features: tierFeatures('premium'),
    limits: tierLimits('premium'),
  },
]

describe('subscription info', () => {
  it('describes the free tier of a new user, with the basic ($6) and premium ($8) plans', async () => {
    const a = await newUser(t.app)
    const res = await a.get('/api/subscription/info')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      tier: 'free',
      features: tierFeatures('free'),
      limits: { accounts: null, aiRequestsPerMonth: 0, bankConnections: 0, familyMembers: 10 },
      plans,
      billingEnabled: false,
      billingStatus: 'none',
      graceUntil: null,
      canManage: true,
    })
    expect(res.json().features).toContain('Ad-supported')
  })

  it('follows the tier the administrator sets', async () => {
    const a = await newUser(t.app)
    for (const tier of ['basic', 'premium'] as const) {
      await setTestPlan(t, a, tier)
      const res = await a.get('/api/subscription/info')
      expect(res.json()).toEqual({
        tier,
        features: tierFeatures(tier),
        limits: tierLimits(tier),
        plans,
        billingEnabled: false,
        billingStatus: 'none',
        graceUntil: null,
        canManage: true,
      })
    }
  })

  it("is the household's plan: every member sees it, only the owner may change it", async () => {
    const owner = await newUser(t.app)
    await setTestPlan(t, owner, 'premium')
    for (const role of ['adult', 'teen', 'viewer'] as const) {
      const member = await addMember(t, owner, role)
      const res = await member.get('/api/subscription/info')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ tier: 'premium', canManage: false, billingEnabled: false })
    }
  })

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/info' })
    expect(res.statusCode).toBe(401)
  })
})
