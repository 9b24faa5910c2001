// Subscription information (spec §3: features, limits). Tiers are set by the server's
// administrator (CLI) unless card billing is configured.
import { z } from 'zod'
import { endpoint } from './endpoint'
import { subscriptionTier } from './auth'

export const tierLimits = z.object({
  accounts: z.number().int().nullable(),
  aiRequestsPerMonth: z.number().int(),
  bankConnections: z.number().int(),
  familyMembers: z.number().int(),
})

export const subscriptionInfo = z.object({
  tier: subscriptionTier,
  features: z.array(z.string()),
  limits: tierLimits,
  plans: z.array(
    z.object({ tier: subscriptionTier, pricePerMonth: z.number(), features: z.array(z.string()), limits: tierLimits }),
  ),
  /** false: no card billing configured; the administrator sets tiers */
  billingEnabled: z.boolean(),
})
export type SubscriptionInfo = z.output<typeof subscriptionInfo>

export const getSubscriptionInfo = endpoint({
  method: 'GET',
  path: '/api/subscription/info',
  summary: 'The user tier, its features and limits, and the plans',
  tag: 'subscription',
  response: subscriptionInfo,
})
