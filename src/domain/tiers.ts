// Subscription tiers (spec §1, §5, §6): free, basic ($6/month) and premium ($8/month). Kinwise
// is self-hosted, so every core feature (accounts, transactions, budgets, goals, bills,
// investments, reports, family, file import) is unlimited on every tier; only the features
// the spec marks premium (bank connections, AI advisor and coaching, smart insights,
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
