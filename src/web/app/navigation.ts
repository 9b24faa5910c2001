// The app's navigation (docs/product.md §2): the desktop sidebar (with premium marks) and the
// mobile bottom bar. Each item names the plan feature it belongs to (the premium marks come from
// domain/tiers FEATURES, the one map the server enforces too) and the lowest role it is of use
// to, so a teen's and a viewer's menus show only what they can use.
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
import { roleAtLeast, type Role } from '../../domain/access'
import {
  isPremiumFeature,
  planAllows,
  type Feature,
  type SubscriptionTier,
} from '../../domain/tiers'
import { normalizePath } from './page-titles'

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

/** Desktop sidebar, in the order of docs/product.md §2. */
export const SIDEBAR_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/', icon: LayoutDashboard },
  { label: 'Transactions', path: '/transactions', icon: ArrowLeftRight },
  { label: 'Accounts', path: '/accounts', icon: Wallet },
  {
    label: 'Bank Connections',
    path: '/bank-connections',
    icon: Landmark,
    feature: 'bankConnections',
    minRole: 'adult',
  },
  { label: 'Spending Plan', path: '/spending-plan', icon: ChartPie },
  { label: 'Goals', path: '/goals', icon: Target },
  { label: 'Savings Challenges', path: '/savings-challenges', icon: Trophy },
  { label: 'Bills', path: '/bills', icon: Receipt },
  { label: 'Investments', path: '/investments', icon: TrendingUp },
  { label: 'Reports', path: '/reports', icon: ChartColumn },
  { label: 'Reminders', path: '/reminders', icon: Bell, unreadBadge: true },
  { label: 'AI Advisor', path: '/ai-financial-advisor', icon: Bot, feature: 'aiAdvisor' },
  { label: 'AI Coaching', path: '/ai-coaching', icon: Sparkles, feature: 'aiCoaching' },
  {
    label: 'Motivation Coach',
    path: '/motivation-coach',
    icon: HeartHandshake,
    feature: 'motivationCoach',
  },
  { label: 'Smart Insights', path: '/ml-insights', icon: BrainCircuit, feature: 'smartInsights' },
  {
    label: 'QuickBooks Setup',
    path: '/quickbooks-setup',
    icon: Calculator,
    feature: 'quickbooks',
    minRole: 'adult',
  },
  {
    label: 'Automation Center',
    path: '/automation-center',
    icon: Workflow,
    feature: 'automation',
    minRole: 'adult',
  },
  { label: 'Family', path: '/family', icon: Users },
  { label: 'Subscription', path: '/subscription', icon: CreditCard },
]

/** Under the main items: the planning tools and settings, reachable from the desktop too. */
export const SIDEBAR_SECONDARY_ITEMS: readonly NavItem[] = [
  { label: 'Debt Planning', path: '/debt-planning', icon: HandCoins },
  { label: 'Retirement Planning', path: '/retirement-planning', icon: Sunset },
  { label: 'Settings', path: '/settings', icon: Settings },
  { label: 'MFA Settings', path: '/mfa-settings', icon: Lock },
]

/** Mobile bottom scrolling bar, in the order and with the short labels of docs/product.md §2. */
export const MOBILE_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/', icon: LayoutDashboard },
  { label: 'Accounts', path: '/accounts', icon: Wallet },
  { label: 'Transactions', path: '/transactions', icon: ArrowLeftRight },
  { label: 'Budget', path: '/spending-plan', icon: ChartPie },
  { label: 'Debt', path: '/debt-planning', icon: HandCoins },
  { label: 'Retirement', path: '/retirement-planning', icon: Sunset },
  { label: 'Goals', path: '/goals', icon: Target },
  { label: 'Investments', path: '/investments', icon: TrendingUp },
  { label: 'Reports', path: '/reports', icon: ChartColumn },
  { label: 'Bills', path: '/bills', icon: Receipt },
  { label: 'Family', path: '/family', icon: Users },
  { label: 'AI Coach', path: '/ai-coaching', icon: Sparkles, feature: 'aiCoaching' },
  { label: 'ML Insights', path: '/ml-insights', icon: BrainCircuit, feature: 'smartInsights' },
  { label: 'AI Advisor', path: '/ai-financial-advisor', icon: Bot, feature: 'aiAdvisor' },
  {
    label: 'Automation',
    path: '/automation-center',
    icon: Workflow,
    feature: 'automation',
    minRole: 'adult',
  },
  {
    label: 'Motivate',
    path: '/motivation-coach',
    icon: HeartHandshake,
    feature: 'motivationCoach',
  },
  {
    label: 'QuickBooks',
    path: '/quickbooks-setup',
    icon: Calculator,
    feature: 'quickbooks',
    minRole: 'adult',
  },
  {
    label: 'Banks',
    path: '/bank-connections',
    icon: Landmark,
    feature: 'bankConnections',
    minRole: 'adult',
  },
  { label: 'Reminders', path: '/reminders', icon: Bell },
  { label: 'Challenges', path: '/savings-challenges', icon: Trophy },
  { label: 'MFA', path: '/mfa-settings', icon: Lock },
  { label: 'Settings', path: '/settings', icon: Settings },
  { label: 'Profile', path: '/profile', icon: User },
]

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
