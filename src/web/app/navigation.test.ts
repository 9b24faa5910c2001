// The menus follow the member's role and the household's plan: a teen and a viewer do
// not see the grown-ups' settings, and the premium marks come from domain/tiers FEATURES.
import { describe, expect, it } from 'vitest'
import { isPremiumFeature } from '#src/domain/tiers'
import {
  MOBILE_ITEMS,
  navItemMark,
  navItemsFor,
  SIDEBAR_ITEMS,
  SIDEBAR_SECONDARY_ITEMS,
  type NavItem,
} from './navigation'
import { APP_ROUTES } from './route-table'

const labels = (items: readonly NavItem[]) => items.map((item) => item.label)
const GROWN_UPS_ONLY = ['Bank Connections', 'QuickBooks Setup', 'Automation Center']
const GROWN_UPS_ONLY_MOBILE = ['Banks', 'QuickBooks', 'Automation']

describe('navItemsFor', () => {
  it('gives the owner and an adult every item', () => {
    for (const role of ['owner', 'adult'] as const) {
      expect(navItemsFor(SIDEBAR_ITEMS, role)).toEqual(SIDEBAR_ITEMS)
      expect(navItemsFor(SIDEBAR_SECONDARY_ITEMS, role)).toEqual(SIDEBAR_SECONDARY_ITEMS)
      expect(navItemsFor(MOBILE_ITEMS, role)).toEqual(MOBILE_ITEMS)
    }
  })

  it('leaves bank connections, QuickBooks and automation out of a teen’s and a viewer’s menus', () => {
    for (const role of ['teen', 'viewer'] as const) {
      const sidebar = labels(navItemsFor(SIDEBAR_ITEMS, role))
      expect(sidebar).toEqual(labels(SIDEBAR_ITEMS).filter((l) => !GROWN_UPS_ONLY.includes(l)))
      const mobile = labels(navItemsFor(MOBILE_ITEMS, role))
      expect(mobile).toEqual(labels(MOBILE_ITEMS).filter((l) => !GROWN_UPS_ONLY_MOBILE.includes(l)))
    }
  })

  it('keeps what every member reads, in the spec’s order', () => {
    expect(labels(navItemsFor(SIDEBAR_ITEMS, 'viewer'))).toEqual([
      'Dashboard',
      'Transactions',
      'Accounts',
      'Spending Plan',
      'Goals',
      'Savings Challenges',
      'Bills',
      'Investments',
      'Reports',
      'Reminders',
      'AI Advisor',
      'AI Coaching',
      'Motivation Coach',
      'Smart Insights',
      'Family',
      'Subscription',
    ])
    expect(labels(navItemsFor(SIDEBAR_SECONDARY_ITEMS, 'teen'))).toEqual(
      labels(SIDEBAR_SECONDARY_ITEMS),
    )
  })
})

describe('navItemMark', () => {
  const premiumLabels = (items: readonly NavItem[]) =>
    items.filter((item) => navItemMark(item, 'premium').premium).map((item) => item.label)

  it('marks exactly the spec’s premium items of the sidebar (reading B)', () => {
    expect(premiumLabels(SIDEBAR_ITEMS)).toEqual([
      'Bank Connections',
      'AI Advisor',
      'AI Coaching',
      'Motivation Coach',
      'Smart Insights',
      'QuickBooks Setup',
      'Automation Center',
    ])
    expect(premiumLabels(SIDEBAR_SECONDARY_ITEMS)).toEqual([])
  })

  it('marks the same pages in the mobile bar', () => {
    const premiumPaths = (items: readonly NavItem[]) =>
      items
        .filter((item) => navItemMark(item, 'free').premium)
        .map((item) => item.path)
        .sort()
    expect(premiumPaths(MOBILE_ITEMS)).toEqual(premiumPaths(SIDEBAR_ITEMS))
  })

  it('locks premium items on the free plan only; basic and premium alike open them', () => {
    for (const item of [...SIDEBAR_ITEMS, ...MOBILE_ITEMS]) {
      const premium = isPremiumFeature(item.feature ?? 'core')
      expect(navItemMark(item, 'free')).toEqual({ premium, locked: premium })
      expect(navItemMark(item, 'basic')).toEqual({ premium, locked: false })
      expect(navItemMark(item, 'premium')).toEqual({ premium, locked: false })
    }
  })
})

describe('menus and the route table', () => {
  it('point every item at a route of the table, with an icon', () => {
    const paths = APP_ROUTES.map((route) => route.path as string)
    for (const item of [...SIDEBAR_ITEMS, ...SIDEBAR_SECONDARY_ITEMS, ...MOBILE_ITEMS]) {
      expect(paths).toContain(item.path)
      expect(item.icon).toBeDefined()
    }
    expect(SIDEBAR_ITEMS.length + SIDEBAR_SECONDARY_ITEMS.length).toBe(
      APP_ROUTES.filter((route) => route.sidebar).length,
    )
    expect(MOBILE_ITEMS.length).toBe(APP_ROUTES.filter((route) => route.phone).length)
  })
})
