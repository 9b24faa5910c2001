// The app's navigation (docs/product.md §2): the desktop sidebar (with premium marks) and the
// mobile bottom bar, built from the route table (route-table.ts) with an icon each. Each item
// names the plan feature it belongs to (the premium marks come from domain/tiers FEATURES, the
// one map the server enforces too) and the lowest role it is of use to, so a teen's and a
// viewer's menus show only what they can use.
import {
  ArrowLeftRight,
  Bell,
  Bot,
  BrainCircuit,
  Calculator,
  ChartColumn,
  ChartPie,
  CreditCard,
  HandCoins,
  HeartHandshake,
  Landmark,
  LayoutDashboard,
  Lock,
  Receipt,
  Settings,
  Sparkles,
  Sunset,
  Target,
  TrendingUp,
  Trophy,
  User,
  Users,
  Wallet,
  Workflow,
  type LucideIcon,
} from 'lucide-react'
import { roleAtLeast, type Role } from '#src/domain/access'
import {
  isPremiumFeature,
  planAllows,
  type Feature,
  type SubscriptionTier,
} from '#src/domain/tiers'
import { normalizePath } from './page-titles'
import {
  phoneRoutes,
  sidebarRoutes,
  type AppPath,
  type AppRoute,
  type MenuPath,
} from './route-table'

export type NavItem = {
  label: string
  path: string
  icon: LucideIcon
  /** the plan feature behind the page (core when absent): a premium feature is marked, and
   *  disabled when the household's plan does not include it (docs/product.md §5) */
  feature?: Feature
  /** the lowest role the page is of use to (every member when absent) */
  minRole?: Role
  /** premium-only (crown mark for premium users, docs/product.md §6): no current item uses it */
  premiumOnly?: boolean
  /** shows the unread-reminders badge */
  unreadBadge?: boolean
}

/** Each menu item's icon, by the path of its route in route-table.ts. */
const ICONS: Record<MenuPath, LucideIcon> = {
  '/': LayoutDashboard,
  '/transactions': ArrowLeftRight,
  '/accounts': Wallet,
  '/bank-connections': Landmark,
  '/spending-plan': ChartPie,
  '/goals': Target,
  '/savings-challenges': Trophy,
  '/bills': Receipt,
  '/investments': TrendingUp,
  '/reports': ChartColumn,
  '/reminders': Bell,
  '/ai-financial-advisor': Bot,
  '/ai-coaching': Sparkles,
  '/motivation-coach': HeartHandshake,
  '/ml-insights': BrainCircuit,
  '/quickbooks-setup': Calculator,
  '/automation-center': Workflow,
  '/family': Users,
  '/subscription': CreditCard,
  '/debt-planning': HandCoins,
  '/retirement-planning': Sunset,
  '/settings': Settings,
  '/mfa-settings': Lock,
  '/profile': User,
}

/** A route's menu item under `label`; the unread badge only where the sidebar asks for it. */
function navItem(route: AppRoute & { path: MenuPath }, label: string, badge: boolean): NavItem {
  return {
    label,
    path: route.path,
    icon: ICONS[route.path],
    ...(route.feature === undefined ? {} : { feature: route.feature }),
    ...(route.minRole === undefined ? {} : { minRole: route.minRole }),
    ...(badge && route.unreadBadge ? { unreadBadge: true } : {}),
  }
}

/** Narrows a route to one the menus may show (every such route has an icon above). */
function isMenuRoute<R extends AppRoute & { path: AppPath }>(
  route: R,
): route is R & { path: MenuPath } {
  return route.path in ICONS
}

const sidebarItems = (section: 'main' | 'secondary'): readonly NavItem[] =>
  sidebarRoutes(section)
    .filter(isMenuRoute)
    .map((route) => navItem(route, route.title, true))

/** Desktop sidebar, in the order of docs/product.md §2 (the route table's order). */
export const SIDEBAR_ITEMS: readonly NavItem[] = sidebarItems('main')

/** Under the main items: the planning tools and settings, reachable from the desktop too. */
export const SIDEBAR_SECONDARY_ITEMS: readonly NavItem[] = sidebarItems('secondary')

/** Mobile bottom scrolling bar, in the order and with the short labels of docs/product.md §2. */
export const MOBILE_ITEMS: readonly NavItem[] = phoneRoutes()
  .filter(isMenuRoute)
  .map((route) => navItem(route, route.phone.label, false))

/** True when the nav item's path is the current route (Dashboard is also /dashboard). */
export function isActivePath(itemPath: string, pathname: string): boolean {
  const p = normalizePath(pathname)
  if (itemPath === '/') return p === '/' || p === '/dashboard'
  return p === itemPath || p.startsWith(`${itemPath}/`)
}

/** The items of `items` the member's role can use (teens and viewers do not see the grown-ups'
 *  settings: bank connections, QuickBooks, automation rules). */
export function navItemsFor(items: readonly NavItem[], role: Role): NavItem[] {
  return items.filter((item) => roleAtLeast(role, item.minRole ?? 'viewer'))
}

export type NavItemMark = {
  /** premium-marked (docs/product.md §2): the feature needs more than the free plan */
  premium: boolean
  /** the household's plan does not include it: shown, marked and disabled (docs/product.md §5) */
  locked: boolean
}

/** An item's premium mark and whether the plan leaves it locked. */
export function navItemMark(item: NavItem, plan: SubscriptionTier): NavItemMark {
  const feature = item.feature ?? 'core'
  return { premium: isPremiumFeature(feature), locked: !planAllows(plan, feature) }
}
