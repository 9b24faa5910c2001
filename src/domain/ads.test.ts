import { describe, expect, it } from 'vitest'
import {
  AD_ALLOWED_PATH_PREFIXES,
  AD_BLOCKING_PHRASES,
  AD_FORBIDDEN_PATH_SEGMENTS,
  AD_MIN_CONTENT_CHARS,
  isAdContentSufficient,
  isAdEligible,
  isAdPathAllowed,
  type AdContext,
} from './ads'

const realContent = 'Your spending on groceries this month is lower than in February. '.repeat(15)

function context(overrides: Partial<AdContext> = {}): AdContext {
  return {
    tier: 'free',
    path: '/dashboard',
    signedIn: true,
    mainContentText: realContent,
    ...overrides,
  }
}

describe('ad constants', () => {
  it('follow docs/product.md §5', () => {
    expect(AD_ALLOWED_PATH_PREFIXES).toEqual([
      '/dashboard',
      '/transactions',
      '/analytics',
      '/investments',
      '/coaching',
    ])
    expect(AD_FORBIDDEN_PATH_SEGMENTS).toEqual(
      expect.arrayContaining([
        'login',
        'logout',
        'auth',
        'callback',
        'onboarding',
        'subscription',
        'payments',
      ]),
    )
    expect(AD_FORBIDDEN_PATH_SEGMENTS).toEqual(
      expect.arrayContaining(['checkout', 'profile', 'settings', '404', 'error', 'landing']),
    )
    expect(AD_MIN_CONTENT_CHARS).toBe(800)
    for (const phrase of AD_BLOCKING_PHRASES) expect(phrase).toBe(phrase.toLowerCase())
  })
})

describe('isAdPathAllowed', () => {
  it.each([
    '/dashboard',
    '/transactions',
    '/transactions/3f2a',
    '/analytics',
    '/investments',
    '/investments/holdings/vti',
    '/coaching',
    '/dashboard/',
    '/Transactions',
    '/transactions?tab=error',
    '/dashboard#budgets',
    'dashboard',
    '//transactions',
  ])('allows %j', (path) => {
    expect(isAdPathAllowed(path, true)).toBe(true)
  })

  it.each([
    '/accounts',
    '/goals',
    '/ai-coaching',
    '/spending-plan',
    '/transactions-archive',
    '/dashboardx',
    '/login',
    '/auth/login',
    '/auth/callback',
    '/onboarding',
    '/subscription',
    '/payments',
    '/checkout',
    '/profile',
    '/settings',
    '/mfa-settings',
    '/404',
    '/error',
    '/landing',
    '/transactions/error',
    '/dashboard/settings',
    '/investments/checkout',
    '/coaching/subscription',
    '/dashboard/404',
    '/analytics/payments/123',
    '/api/logout',
  ])('refuses %j', (path) => {
    expect(isAdPathAllowed(path, true)).toBe(false)
  })

  it('treats / as the dashboard when signed in and as the landing page when signed out', () => {
    expect(isAdPathAllowed('/', true)).toBe(true)
    expect(isAdPathAllowed('/', false)).toBe(false)
  })
})

describe('isAdContentSufficient', () => {
  it('needs at least 800 characters of content', () => {
    expect(isAdContentSufficient('a'.repeat(800))).toBe(true)
    expect(isAdContentSufficient('a'.repeat(799))).toBe(false)
    expect(isAdContentSufficient('')).toBe(false)
  })

  it('does not count padding or runs of whitespace', () => {
    expect(isAdContentSufficient(`   ${'a'.repeat(799)}\n\n`)).toBe(false)
    expect(isAdContentSufficient(`${'a'.repeat(400)}\n\n\n   ${'a'.repeat(398)}`)).toBe(false) // 799
    expect(isAdContentSufficient(`${'a'.repeat(400)}\n\n\n   ${'a'.repeat(399)}`)).toBe(true) // 800
  })

  it.each([
    'Loading...',
    'LOADING',
    'Something went wrong',
    'something\n  went wrong',
    'Page Not Found',
    'Error: could not load',
    'An error occurred',
    'Coming soon',
    'Lorem ipsum dolor sit amet',
    'No data available',
    'Please try again later.',
  ])('is blocked by %j anywhere in the content', (phrase) => {
    expect(isAdContentSufficient(`${realContent} ${phrase} ${realContent}`)).toBe(false)
  })

  it('matches whole words only', () => {
    for (const word of ['terror', 'errors', 'downloading', 'Errorless', 'preloading']) {
      expect(isAdContentSufficient(`${realContent} ${word}`), word).toBe(true)
    }
  })
})

describe('isAdEligible', () => {
  it('shows ads to a signed-in free user on a content page with real content', () => {
    expect(isAdEligible(context())).toBe(true)
    expect(isAdEligible(context({ path: '/' }))).toBe(true)
    expect(isAdEligible(context({ path: '/transactions' }))).toBe(true)
  })

  it('never shows ads on paid tiers', () => {
    expect(isAdEligible(context({ tier: 'basic' }))).toBe(false)
    expect(isAdEligible(context({ tier: 'premium' }))).toBe(false)
  })

  it('never shows ads to signed-out visitors', () => {
    expect(isAdEligible(context({ signedIn: false }))).toBe(false)
    expect(isAdEligible(context({ signedIn: false, path: '/' }))).toBe(false)
  })

  it('needs an allowed path and enough real content', () => {
    expect(isAdEligible(context({ path: '/settings' }))).toBe(false)
    expect(isAdEligible(context({ mainContentText: 'a'.repeat(799) }))).toBe(false)
    expect(isAdEligible(context({ mainContentText: `${realContent} Loading...` }))).toBe(false)
  })
})
