// The one table of the signed-in pages (docs/product.md §2): each page's path, title, plan
// feature, lowest role and place in the menus. The router, the sidebar, the phone's bottom bar,
// the page titles and e2e/a11y.spec.ts all read it, so a page is added here once. Plain data on
// purpose: no React, no icons and no page imports (those sit beside their readers:
// signed-in-pages.ts, navigation.ts), so the e2e specs and the header can import it cheaply.
import type { Role } from '#src/domain/access'
import type { Feature } from '#src/domain/tiers'

export type AppRoute = {
  path: string
  /** what the header and the browser tab show; the sidebar's label too */
  title: string
  /** the plan feature behind the page (core when absent): a premium feature is marked in the
   *  menus, and disabled there when the household's plan does not include it (docs/product.md §5) */
  feature?: Feature
  /** the lowest role the page is of use to (every member when absent): the menus leave it out
   *  for lower roles; the page and the API still decide what a member may do */
  minRole?: Role
  /** its place in the desktop sidebar: the main list, or the planning tools and settings below
   *  it (in this table's order); absent when the sidebar does not show it */
  sidebar?: 'main' | 'secondary'
  /** the sidebar item shows the unread-reminders badge */
  unreadBadge?: true
  /** its item in the phone's bottom bar: a short label and its position (1 is first) */
  phone?: { label: string; order: number }
}

// `as const` keeps each path a literal, so AppPath names exactly the paths below and the page
// and icon maps that key on it must cover them all
const ROUTES = [
  // the sidebar's main list, in the order of docs/product.md §2
  { path: '/', title: 'Dashboard', sidebar: 'main', phone: { label: 'Dashboard', order: 1 } },
  {
    path: '/transactions',
    title: 'Transactions',
    sidebar: 'main',
    phone: { label: 'Transactions', order: 3 },
  },
  { path: '/accounts', title: 'Accounts', sidebar: 'main', phone: { label: 'Accounts', order: 2 } },
  {
    path: '/bank-connections',
    title: 'Bank Connections',
    feature: 'bankConnections',
    minRole: 'adult',
    sidebar: 'main',
    phone: { label: 'Banks', order: 18 },
  },
  {
    path: '/spending-plan',
    title: 'Spending Plan',
    sidebar: 'main',
    phone: { label: 'Budget', order: 4 },
  },
  { path: '/goals', title: 'Goals', sidebar: 'main', phone: { label: 'Goals', order: 7 } },
  {
    path: '/savings-challenges',
    title: 'Savings Challenges',
    sidebar: 'main',
    phone: { label: 'Challenges', order: 20 },
  },
  { path: '/bills', title: 'Bills', sidebar: 'main', phone: { label: 'Bills', order: 10 } },
  {
    path: '/investments',
    title: 'Investments',
    sidebar: 'main',
    phone: { label: 'Investments', order: 8 },
  },
  { path: '/reports', title: 'Reports', sidebar: 'main', phone: { label: 'Reports', order: 9 } },
  {
    path: '/reminders',
    title: 'Reminders',
    sidebar: 'main',
    unreadBadge: true,
    phone: { label: 'Reminders', order: 19 },
  },
  {
    path: '/ai-financial-advisor',
    title: 'AI Advisor',
    feature: 'aiAdvisor',
    sidebar: 'main',
    phone: { label: 'AI Advisor', order: 14 },
  },
  {
    path: '/ai-coaching',
    title: 'AI Coaching',
    feature: 'aiCoaching',
    sidebar: 'main',
    phone: { label: 'AI Coach', order: 12 },
  },
  {
    path: '/motivation-coach',
    title: 'Motivation Coach',
    feature: 'motivationCoach',
    sidebar: 'main',
    phone: { label: 'Motivate', order: 16 },
  },
  {
    path: '/ml-insights',
    title: 'Smart Insights',
    feature: 'smartInsights',
    sidebar: 'main',
    phone: { label: 'ML Insights', order: 13 },
  },
  {
    path: '/quickbooks-setup',
    title: 'QuickBooks Setup',
    feature: 'quickbooks',
    minRole: 'adult',
    sidebar: 'main',
    phone: { label: 'QuickBooks', order: 17 },
  },
  {
    path: '/automation-center',
    title: 'Automation Center',
    feature: 'automation',
    minRole: 'adult',
    sidebar: 'main',
    phone: { label: 'Automation', order: 15 },
  },
  { path: '/family', title: 'Family', sidebar: 'main', phone: { label: 'Family', order: 11 } },
  { path: '/subscription', title: 'Subscription', sidebar: 'main' },
  // below the main list: the planning tools and settings
  {
    path: '/debt-planning',
    title: 'Debt Planning',
    sidebar: 'secondary',
    phone: { label: 'Debt', order: 5 },
  },
  {
    path: '/retirement-planning',
    title: 'Retirement Planning',
    sidebar: 'secondary',
    phone: { label: 'Retirement', order: 6 },
  },
  {
    path: '/settings',
    title: 'Settings',
    sidebar: 'secondary',
    phone: { label: 'Settings', order: 22 },
  },
  {
    path: '/mfa-settings',
    title: 'MFA Settings',
    sidebar: 'secondary',
    phone: { label: 'MFA', order: 21 },
  },
  // in no sidebar list: reached from the user menu, another page or a link
  { path: '/profile', title: 'Profile', phone: { label: 'Profile', order: 23 } },
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/transactions/import', title: 'Import' },
  { path: '/transactions/rules', title: 'Rules' },
  { path: '/terms-of-service', title: 'Terms of Service' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
] as const satisfies readonly AppRoute[]

/** A path of the signed-in table. */
export type AppPath = (typeof ROUTES)[number]['path']

/** A path some menu shows (the sidebar or the phone's bar), which therefore needs an icon. */
export type MenuPath = Extract<
  (typeof ROUTES)[number],
  { sidebar: 'main' | 'secondary' } | { phone: object }
>['path']

/** Every signed-in page inside the app shell, in the sidebar's order. */
export const APP_ROUTES: readonly (AppRoute & { path: AppPath })[] = ROUTES

/** Titles of the paths outside the app shell that still have one. */
export const OTHER_TITLES: Readonly<Record<string, string>> = { '/onboarding': 'Welcome' }

/** The sidebar's routes of one section, in the table's order. */
export function sidebarRoutes(section: 'main' | 'secondary'): (AppRoute & { path: AppPath })[] {
  return APP_ROUTES.filter((route) => route.sidebar === section)
}

/** The phone bar's routes, in their bar order. */
export function phoneRoutes(): (AppRoute & {
  path: AppPath
  phone: { label: string; order: number }
})[] {
  return APP_ROUTES.flatMap((route) =>
    route.phone ? [{ ...route, phone: route.phone }] : [],
  ).sort((a, b) => a.phone.order - b.phone.order)
}
