// Subscription tiers (docs/product.md §1, §5, §6): free, basic ($6/month) and premium ($8/month).
// Kinwise is self-hosted, so every core feature (accounts, transactions, budgets, goals, bills,
// investments, reports, family, file import) is unlimited on every tier; only the features
// docs/product.md §2 marks premium (bank connections, AI advisor and coaching, smart insights,
// automation, QuickBooks) are gated, and they treat basic and premium alike, with premium
// allowed more of the metered ones. Free shows ads.

export const SUBSCRIPTION_TIERS = ['free', 'basic', 'premium'] as const

export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number]

/** Dollars per month. */
export const PLAN_PRICES = { basic: 6, premium: 8 } as const

export function isSubscriptionTier(value: string): value is SubscriptionTier {
  return (SUBSCRIPTION_TIERS as readonly string[]).includes(value)
}

/** Premium-marked menu items and features: enabled for basic and premium, disabled for free. */
export function hasPremiumAccess(tier: SubscriptionTier): boolean {
  return tier === 'basic' || tier === 'premium'
}

/** The premium-only flag (a crown mark): premium alone. */
export function isPremiumOnly(tier: SubscriptionTier): boolean {
  return tier === 'premium'
}

export function showsAds(tier: SubscriptionTier): boolean {
  return tier === 'free'
}

const LABELS = { free: 'Free', basic: 'Basic', premium: 'Premium' } as const satisfies Record<
  SubscriptionTier,
  string
>

export function tierLabel(tier: SubscriptionTier): string {
  return LABELS[tier]
}

export type TierLimits = {
  /** null = unlimited */
  accounts: number | null
  aiRequestsPerMonth: number
  bankConnections: number
  /** people in the household besides the owner */
  familyMembers: number
}

/** Household size is the same on every tier: family sharing is a core feature. */
export const FAMILY_MEMBERS_LIMIT = 10

const LIMITS = {
  free: {
    accounts: null,
    aiRequestsPerMonth: 0,
    bankConnections: 0,
    familyMembers: FAMILY_MEMBERS_LIMIT,
  },
  basic: {
    accounts: null,
    aiRequestsPerMonth: 100,
    bankConnections: 3,
    familyMembers: FAMILY_MEMBERS_LIMIT,
  },
  premium: {
    accounts: null,
    aiRequestsPerMonth: 1000,
    bankConnections: 10,
    familyMembers: FAMILY_MEMBERS_LIMIT,
  },
} as const satisfies Record<SubscriptionTier, TierLimits>

export function tierLimits(tier: SubscriptionTier): TierLimits {
  return { ...LIMITS[tier] }
}

const CORE_FEATURES = [
  'Unlimited accounts and transactions',
  'Budgets with a daily spending allowance',
  'Savings goals and bill tracking',
  'Investments and credit score tracking',
  'Reports and reminders',
  'Family sharing',
  'Statement import (OFX, QFX, QIF, CSV, CAMT.053)',
] as const

/** What a tier includes, in the words of the subscription page; derived from tierLimits. */
export function tierFeatures(tier: SubscriptionTier): string[] {
  const limits = LIMITS[tier]
  if (!hasPremiumAccess(tier)) return [...CORE_FEATURES, 'Ad-supported']
  return [
    ...CORE_FEATURES,
    'No ads',
    `Bank connections (up to ${limits.bankConnections})`,
    `AI advisor and coaching (${limits.aiRequestsPerMonth} requests a month)`,
    'Smart insights and motivation coach',
    'Automation center',
    'QuickBooks integration',
  ]
}

/**
 * The features the plans unlock (the premium marks of docs/product.md §2): one map for the web's
 * menu and the server's contracts. `core` is everything every plan has.
 */
export const FEATURES = {
  core: { plan: 'free', label: 'Core' },
  bankConnections: { plan: 'basic', label: 'Bank connections' },
  aiAdvisor: { plan: 'basic', label: 'AI advisor' },
  aiCoaching: { plan: 'basic', label: 'AI coaching' },
  motivationCoach: { plan: 'basic', label: 'Motivation coach' },
  smartInsights: { plan: 'basic', label: 'Smart insights' },
  quickbooks: { plan: 'basic', label: 'QuickBooks' },
  automation: { plan: 'basic', label: 'Automation center' },
} as const satisfies Record<string, { plan: SubscriptionTier; label: string }>

export type Feature = keyof typeof FEATURES

const TIER_RANK = { free: 0, basic: 1, premium: 2 } as const satisfies Record<SubscriptionTier, number>

/** The plan a feature needs. */
export function featurePlan(feature: Feature): SubscriptionTier {
  return FEATURES[feature].plan
}

/** Does the plan include the feature? */
export function planAllows(plan: SubscriptionTier, feature: Feature): boolean {
  return TIER_RANK[plan] >= TIER_RANK[featurePlan(feature)]
}

/** Premium-marked: needs more than the free plan. */
export function isPremiumFeature(feature: Feature): boolean {
  return featurePlan(feature) !== 'free'
}

export const BILLING_STATUSES = ['none', 'active', 'past_due', 'canceled'] as const
export type BillingStatus = (typeof BILLING_STATUSES)[number]

/** Days a household keeps its paid plan after a failed payment, while Stripe retries. */
export const PAYMENT_GRACE_DAYS = 7

/**
 * The plan a household has now: its paid plan, except once a failed payment's grace period is
 * over (past_due beyond grace_until), when it is back on free until a payment succeeds.
 */
export function effectivePlan(
  household: { plan: SubscriptionTier; billingStatus: BillingStatus; graceUntil: Date | null },
  now: Date,
): SubscriptionTier {
  if (household.billingStatus === 'past_due' && household.graceUntil && now.getTime() > household.graceUntil.getTime()) {
    return 'free'
  }
  return household.plan
}
