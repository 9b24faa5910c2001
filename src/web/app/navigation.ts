// The app's navigation (spec §2): the desktop sidebar (reading B, with premium marks) and the
// mobile bottom bar.
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
import { normalizePath } from './page-titles'

export type NavItem = {
  label: string
  path: string
  icon: LucideIcon
  /** premium-marked: disabled for free users, enabled for basic and premium (spec §5) */
  premium?: boolean
  /** premium-only (crown mark for premium users, spec §6): no current item uses it */
  premiumOnly?: boolean
  /** shows the unread-reminders badge */
  unreadBadge?: boolean
}

/** Desktop sidebar, reading B of the spec, in its order. */
export const SIDEBAR_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/', icon: LayoutDashboard },
  { label: 'Transactions', path: '/transactions', icon: ArrowLeftRight },
  { label: 'Accounts', path: '/accounts', icon: Wallet },
  { label: 'Bank Connections', path: '/bank-connections', icon: Landmark, premium: true },
  { label: 'Spending Plan', path: '/spending-plan', icon: ChartPie },
  { label: 'Goals', path: '/goals', icon: Target },
  { label: 'Savings Challenges', path: '/savings-challenges', icon: Trophy },
  { label: 'Bills', path: '/bills', icon: Receipt },
  { label: 'Investments', path: '/investments', icon: TrendingUp },
  { label: 'Reports', path: '/reports', icon: ChartColumn },
  { label: 'Reminders', path: '/reminders', icon: Bell, unreadBadge: true },
  { label: 'AI Advisor', path: '/ai-financial-advisor', icon: Bot, premium: true },
  { label: 'AI Coaching', path: '/ai-coaching', icon: Sparkles, premium: true },
  { label: 'Motivation Coach', path: '/motivation-coach', icon: HeartHandshake, premium: true },
  { label: 'Smart Insights', path: '/ml-insights', icon: BrainCircuit, premium: true },
  { label: 'QuickBooks Setup', path: '/quickbooks-setup', icon: Calculator, premium: true },
  { label: 'Automation Center', path: '/automation-center', icon: Workflow, premium: true },
  { label: 'Family', path: '/family', icon: Users },
  { label: 'Subscription', path: '/subscription', icon: CreditCard },
]

/** Under the spec's items: the planning tools and settings, reachable from the desktop too. */
export const SIDEBAR_SECONDARY_ITEMS: readonly NavItem[] = [
  { label: 'Debt Planning', path: '/debt-planning', icon: HandCoins },
  { label: 'Retirement Planning', path: '/retirement-planning', icon: Sunset },
  { label: 'Settings', path: '/settings', icon: Settings },
  { label: 'MFA Settings', path: '/mfa-settings', icon: Lock },
]

/** Mobile bottom scrolling bar, in the spec's order and with its short labels. */
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
  { label: 'AI Coach', path: '/ai-coaching', icon: Sparkles },
  { label: 'ML Insights', path: '/ml-insights', icon: BrainCircuit },
  { label: 'AI Advisor', path: '/ai-financial-advisor', icon: Bot },
  { label: 'Automation', path: '/automation-center', icon: Workflow },
  { label: 'Motivate', path: '/motivation-coach', icon: HeartHandshake },
  { label: 'QuickBooks', path: '/quickbooks-setup', icon: Calculator },
  { label: 'Banks', path: '/bank-connections', icon: Landmark },
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
