// Where ads may show (docs/product.md §5): only to signed-in free-tier users, only on content pages
// (dashboard, transactions, analytics, investments, coaching), never on sign-in, payment,
// account or error pages, and only beside enough real content — not on a page that is still
// loading, empty or showing an error.

import type { SubscriptionTier } from './tiers'

export const AD_ALLOWED_PATH_PREFIXES = [
  '/dashboard',
  '/transactions',
  '/analytics',
  '/investments',
  '/coaching',
] as const

/** Path segments that rule ads out wherever they appear in the path. */
export const AD_FORBIDDEN_PATH_SEGMENTS = [
  'login',
  'logout',
  'auth',
  'callback',
  'onboarding',
  'subscription',
  'payments',
  'checkout',
  'profile',
  'settings',
  '404',
  'error',
  'landing',
] as const

export const AD_MIN_CONTENT_CHARS = 800

/** Placeholder and error wording that means the page has no real content yet (lowercase). */
export const AD_BLOCKING_PHRASES = [
  'loading',
  'something went wrong',
  'page not found',
  'error',
  'coming soon',
  'lorem ipsum',
  'no data available',
  'try again later',
] as const

export type AdContext = {
  tier: SubscriptionTier
  /** location pathname; a query string or hash is ignored */
  path: string
  signedIn: boolean
  /** the visible text of the page's main content */
  mainContentText: string
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

// Whole words only, so "downloading" or "terror" do not count as "loading" or "error".
const BLOCKING_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${AD_BLOCKING_PHRASES.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
)

function normalizePath(path: string, signedIn: boolean): string {
  let p = (path.split(/[?#]/)[0] ?? '').toLowerCase()
  if (!p.startsWith('/')) p = `/${p}`
  p = p.replace(/\/{2,}/g, '/')
  if (p.length > 1) p = p.replace(/\/+$/, '')
  // the signed-in dashboard lives at / as well; signed out, / is the landing page
  if (p === '/') return signedIn ? '/dashboard' : '/landing'
  return p
}

export function isAdPathAllowed(path: string, signedIn: boolean): boolean {
  const p = normalizePath(path, signedIn)
  const segments = p.split('/').filter((s) => s !== '')
  if (segments.some((s) => (AD_FORBIDDEN_PATH_SEGMENTS as readonly string[]).includes(s)))
    return false
  return AD_ALLOWED_PATH_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))
}

/** Enough real content: at least 800 characters (runs of whitespace count once) and no placeholder or error wording. */
export function isAdContentSufficient(mainContentText: string): boolean {
  const text = mainContentText.replace(/\s+/g, ' ').trim()
  return text.length >= AD_MIN_CONTENT_CHARS && !BLOCKING_PATTERN.test(text)
}

export function isAdEligible({ tier, path, signedIn, mainContentText }: AdContext): boolean {
  return (
    tier === 'free' &&
    signedIn &&
    isAdPathAllowed(path, signedIn) &&
    isAdContentSufficient(mainContentText)
  )
}
