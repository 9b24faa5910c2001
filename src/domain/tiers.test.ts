import { describe, expect, it } from 'vitest'
import {
  effectivePlan,
  FEATURES,
  isPremiumFeature,
  planAllows,
  type Feature,
  hasPremiumAccess,
  isPremiumOnly,
  isSubscriptionTier,
  PLAN_PRICES,
  showsAds,
  SUBSCRIPTION_TIERS,
  tierFeatures,
  tierLabel,
  tierLimits,
} from './tiers'

describe('tiers', () => {
  it('are free, basic and premium at $6 and $8 a month', () => {
    expect(SUBSCRIPTION_TIERS).toEqual(['free', 'basic', 'premium'])
    expect(PLAN_PRICES).toEqual({ basic: 6, premium: 8 })
    expect(isSubscriptionTier('basic')).toBe(true)
    expect(isSubscriptionTier('gold')).toBe(false)
  })

  it('label each tier', () => {
    expect(tierLabel('free')).toBe('Free')
    expect(tierLabel('basic')).toBe('Basic')
    expect(tierLabel('premium')).toBe('Premium')
  })

  it('open premium-marked items to basic and premium alike', () => {
    expect(hasPremiumAccess('free')).toBe(false)
    expect(hasPremiumAccess('basic')).toBe(true)
    expect(hasPremiumAccess('premium')).toBe(true)
  })

  it('keep the premium-only flag for premium', () => {
    expect(isPremiumOnly('free')).toBe(false)
    expect(isPremiumOnly('basic')).toBe(false)
    expect(isPremiumOnly('premium')).toBe(true)
  })

  it('show ads to free users only', () => {
    expect(showsAds('free')).toBe(true)
    expect(showsAds('basic')).toBe(false)
    expect(showsAds('premium')).toBe(false)
  })
})

describe('tierLimits', () => {
  it('leave core features unlimited on every tier', () => {
    for (const tier of SUBSCRIPTION_TIERS) {
      expect(tierLimits(tier).accounts).toBeNull()
      expect(tierLimits(tier).familyMembers).toBe(tierLimits('premium').familyMembers)
      expect(tierLimits(tier).familyMembers).toBeGreaterThan(0)
    }
  })

  it('give free users none of the premium-marked features', () => {
    expect(tierLimits('free')).toMatchObject({ aiRequestsPerMonth: 0, bankConnections: 0 })
  })

  it('give basic some and premium more of the metered features', () => {
    const basic = tierLimits('basic')
    const premium = tierLimits('premium')
    expect(basic.aiRequestsPerMonth).toBeGreaterThan(0)
    expect(basic.bankConnections).toBeGreaterThan(0)
    expect(premium.aiRequestsPerMonth).toBeGreaterThan(basic.aiRequestsPerMonth)
    expect(premium.bankConnections).toBeGreaterThan(basic.bankConnections)
  })

  it('hands out a copy the caller may change', () => {
    const limits = tierLimits('basic')
    limits.bankConnections = 999
    expect(tierLimits('basic').bankConnections).not.toBe(999)
  })
})

describe('tierFeatures', () => {
  it('lists the core features on every tier', () => {
    for (const tier of SUBSCRIPTION_TIERS) {
      expect(tierFeatures(tier)).toContain('Unlimited accounts and transactions')
      expect(tierFeatures(tier)).toContain('Budgets with a daily spending allowance')
    }
  })

  it('marks free as ad-supported without premium features', () => {
    const free = tierFeatures('free')
    expect(free).toContain('Ad-supported')
    expect(free.some((f) => f.startsWith('Bank connections'))).toBe(false)
  })

  it('states the limits of paid tiers', () => {
    expect(tierFeatures('basic')).toContain('No ads')
    expect(tierFeatures('basic')).toContain(
      `Bank connections (up to ${tierLimits('basic').bankConnections})`,
    )
    expect(tierFeatures('premium')).toContain(
      `AI advisor and coaching (${tierLimits('premium').aiRequestsPerMonth} requests a month)`,
    )
  })
})

describe('the feature → plan map and the plan a household has now', () => {
  it('gives every premium-marked feature to basic and premium alike, and none to free', () => {
    for (const feature of Object.keys(FEATURES) as Feature[]) {
      expect(planAllows('premium', feature), feature).toBe(true)
      expect(planAllows('basic', feature), feature).toBe(true)
      expect(planAllows('free', feature), feature).toBe(!isPremiumFeature(feature))
    }
    expect(isPremiumFeature('core')).toBe(false)
    expect(isPremiumFeature('bankConnections')).toBe(true)
  })

  it('keeps a paid plan through a failed payment’s grace period, then falls back to free', () => {
    const graceUntil = new Date('2026-03-22T00:00:00Z')
    const pastDue = { plan: 'premium', billingStatus: 'past_due', graceUntil } as const
    expect(effectivePlan(pastDue, new Date('2026-03-21T23:59:59Z'))).toBe('premium')
    expect(effectivePlan(pastDue, new Date('2026-03-22T00:00:00Z'))).toBe('premium')
    expect(effectivePlan(pastDue, new Date('2026-03-22T00:00:01Z'))).toBe('free')
    expect(effectivePlan({ plan: 'basic', billingStatus: 'active', graceUntil: null }, new Date('2026-03-01T00:00:00Z'))).toBe('basic')
    expect(effectivePlan({ plan: 'premium', billingStatus: 'none', graceUntil: null }, new Date('2026-03-01T00:00:00Z'))).toBe('premium')
  })
})
