// What the Subscription page compares: the three plans with their prices, a line about each, and
// the feature table (rows = features, columns = plans), all read from domain/tiers — the same
// feature → plan map and limits the server enforces — so the page cannot promise what the server
// refuses.
import {
  FEATURES,
  PLAN_PRICES,
  SUBSCRIPTION_TIERS,
  planAllows,
  showsAds,
  tierFeatures,
  tierLimits,
  type Feature,
  type SubscriptionTier,
} from '#src/domain/tiers'
import { countText } from '#src/web/lib/display-locale'

/** A cell: included or not, or a figure (a limit) that says how much. */
export type PlanCell = { included: boolean; text?: string }

export type PlanRow = { label: string; cells: Record<SubscriptionTier, PlanCell> }

export type PlanSection = { title: string; rows: PlanRow[] }

const RANK = { free: 0, basic: 1, premium: 2 } as const satisfies Record<SubscriptionTier, number>

export function planPrice(tier: SubscriptionTier): number {
  return tier === 'free' ? 0 : PLAN_PRICES[tier]
}

/** -1 when `to` is a lower plan than `from`, 0 the same, 1 a higher one. */
export function planDirection(from: SubscriptionTier, to: SubscriptionTier): -1 | 0 | 1 {
  return RANK[to] === RANK[from] ? 0 : RANK[to] > RANK[from] ? 1 : -1
}

export const PLAN_TAGLINES = {
  free: 'Everything you need to track, budget and plan together, with ads.',
  basic: 'No ads, plus bank connections, the AI advisor, insights and automation.',
  premium: 'Everything in Basic, with more bank connections and AI requests.',
} as const satisfies Record<SubscriptionTier, string>

function row(label: string, cell: (tier: SubscriptionTier) => PlanCell): PlanRow {
  const cells = { free: cell('free'), basic: cell('basic'), premium: cell('premium') }
  return { label, cells }
}

/** A figure short enough for a phone's narrow column; the row's label says what it counts. */
function count(n: number, upTo: boolean): PlanCell {
  if (n <= 0) return { included: false }
  const figure = countText(n)
  return { included: true, text: upTo ? `Up to ${figure}` : figure }
}

/** The premium-marked features, in the order of domain/tiers FEATURES. */
function premiumFeatures(): Feature[] {
  return Object.keys(FEATURES).filter((f): f is Feature => f in FEATURES && f !== 'core')
}

/** The feature table: what every plan has, then what the paid plans add and how much of it. */
export function planSections(): PlanSection[] {
  const everyPlan = tierFeatures('free').filter((feature) =>
    SUBSCRIPTION_TIERS.every((tier) => tierFeatures(tier).includes(feature)),
  )
  const core: PlanRow[] = [
    ...everyPlan.map((feature) => row(feature, () => ({ included: true }))),
    row('Members besides the owner', (tier) => count(tierLimits(tier).familyMembers, true)),
  ]
  const paid: PlanRow[] = [
    row('No ads', (tier) => ({ included: !showsAds(tier) })),
    ...premiumFeatures().map((feature) =>
      row(FEATURES[feature].label, (tier) => {
        const included = planAllows(tier, feature)
        if (included && feature === 'bankConnections') {
          return count(tierLimits(tier).bankConnections, true)
        }
        return { included }
      }),
    ),
    row('AI requests a month', (tier) => count(tierLimits(tier).aiRequestsPerMonth, false)),
  ]
  return [
    { title: 'On every plan', rows: core },
    { title: 'With Basic and Premium', rows: paid },
  ]
}

/** A few lines that set a plan apart, for its card (the table has the rest). */
export function planHighlights(tier: SubscriptionTier): string[] {
  const limits = tierLimits(tier)
  if (tier === 'free') return ['Every core feature, for the whole household', 'Ad-supported']
  return [
    'No ads',
    `Up to ${limits.bankConnections} bank connections`,
    `${countText(limits.aiRequestsPerMonth)} AI requests a month`,
    'Smart insights, automation and QuickBooks',
  ]
}
