// The page title the header and the document show for each path (kept apart from the navigation
// so the icons stay out of the first download).

const PAGE_TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/dashboard': 'Dashboard',
  '/transactions': 'Transactions',
  '/transactions/import': 'Import',
  '/transactions/rules': 'Rules',
  '/accounts': 'Accounts',
  '/spending-plan': 'Spending Plan',
  '/goals': 'Goals',
  '/bills': 'Bills',
  '/investments': 'Investments',
  '/reports': 'Reports',
  '/family': 'Family',
  '/ai-coaching': 'AI Coaching',
  '/motivation-coach': 'Motivation Coach',
  '/automation-center': 'Automation Center',
  '/ml-insights': 'Smart Insights',
  '/ai-financial-advisor': 'AI Advisor',
  '/subscription': 'Subscription',
  '/profile': 'Profile',
  '/bank-connections': 'Bank Connections',
  '/reminders': 'Reminders',
  '/savings-challenges': 'Savings Challenges',
  '/quickbooks-setup': 'QuickBooks Setup',
  '/debt-planning': 'Debt Planning',
  '/retirement-planning': 'Retirement Planning',
  '/mfa-settings': 'MFA Settings',
  '/settings': 'Settings',
  '/terms-of-service': 'Terms of Service',
  '/privacy-policy': 'Privacy Policy',
  '/onboarding': 'Welcome',
}

export function normalizePath(pathname: string): string {
  const p = pathname.toLowerCase().replace(/\/+$/, '')
  return p === '' ? '/' : p
}

/** The header title of a path; "Page Not Found" for a path the router does not know. */
export function pageTitle(pathname: string): string {
  return PAGE_TITLES[normalizePath(pathname)] ?? 'Page Not Found'
}
