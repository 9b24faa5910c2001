// Subscription information: the user's tier with its features and limits, and the paid plans.
// Tiers are set by the administrator (CLI) until card billing is configured.
import type { SubscriptionInfo } from '../../../contract/subscription'
import {
  isSubscriptionTier,
  PLAN_PRICES,
  tierFeatures,
  tierLimits,
  type SubscriptionTier,
} from '../../../domain/tiers'

const PAID_TIERS = ['basic', 'premium'] as const satisfies readonly SubscriptionTier[]

export function subscriptionInfo(user: { subscriptionTier: string; role: string }): SubscriptionInfo {
  const tier = isSubscriptionTier(user.subscriptionTier) ? user.subscriptionTier : 'free'
  return {
    tier,
    features: tierFeatures(tier),
    limits: tierLimits(tier),
    plans: PAID_TIERS.map((plan) => ({
      tier: plan,
      pricePerMonth: PLAN_PRICES[plan],
      features: tierFeatures(plan),
      limits: tierLimits(plan),
    })),
    billingEnabled: false,
    billingStatus: 'none',
    graceUntil: null,
    canManage: user.role === 'owner',
  }
}
