// The page component of each path of the route table (route-table.ts), for the signed-in router.
// Every page is lazy, its own chunk loaded on first visit; the map's type makes it name a page
// for every path of the table and for no other.
import type { ComponentType } from 'react'
import { lazyPage } from '../lib/lazy-page'
import { loadDashboardPage } from './dashboard-loaders'
import type { AppPath } from './route-table'
import { PrivacyPage, TermsPage } from './shared-pages'

const DashboardPage = lazyPage(loadDashboardPage, 'DashboardPage')
const TransactionsPage = lazyPage(
  () => import('../features/transactions/transactions-page'),
  'TransactionsPage',
)
const AccountsPage = lazyPage(() => import('../features/accounts/accounts-page'), 'AccountsPage')
const ImportPage = lazyPage(() => import('../features/imports/import-page'), 'ImportPage')
const RulesPage = lazyPage(() => import('../features/rules/rules-page'), 'RulesPage')
const SpendingPlanPage = lazyPage(
  () => import('../features/spending-plan/spending-plan-page'),
  'SpendingPlanPage',
)
const GoalsPage = lazyPage(() => import('../features/goals/goals-page'), 'GoalsPage')
const BillsPage = lazyPage(() => import('../features/bills/bills-page'), 'BillsPage')
const InvestmentsPage = lazyPage(
  () => import('../features/investments/investments-page'),
  'InvestmentsPage',
)
const ReportsPage = lazyPage(() => import('../features/reports/reports-page'), 'ReportsPage')
const FamilyPage = lazyPage(() => import('../features/family/family-page'), 'FamilyPage')
const AiCoachingPage = lazyPage(
  () => import('../features/ai-coaching/ai-coaching-page'),
  'AiCoachingPage',
)
const MotivationCoachPage = lazyPage(
  () => import('../features/motivation-coach/motivation-coach-page'),
  'MotivationCoachPage',
)
const AutomationCenterPage = lazyPage(
  () => import('../features/automation-center/automation-center-page'),
  'AutomationCenterPage',
)
const MlInsightsPage = lazyPage(
  () => import('../features/ml-insights/ml-insights-page'),
  'MlInsightsPage',
)
const AiFinancialAdvisorPage = lazyPage(
  () => import('../features/ai-financial-advisor/ai-financial-advisor-page'),
  'AiFinancialAdvisorPage',
)
const SubscriptionPage = lazyPage(
  () => import('../features/subscription/subscription-page'),
  'SubscriptionPage',
)
const ProfilePage = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage')
const BankConnectionsPage = lazyPage(
  () => import('../features/bank-connections/bank-connections-page'),
  'BankConnectionsPage',
)
const RemindersPage = lazyPage(
  () => import('../features/reminders/reminders-page'),
  'RemindersPage',
)
const SavingsChallengesPage = lazyPage(
  () => import('../features/savings-challenges/savings-challenges-page'),
  'SavingsChallengesPage',
)
const QuickbooksSetupPage = lazyPage(
  () => import('../features/quickbooks-setup/quickbooks-setup-page'),
  'QuickbooksSetupPage',
)
const DebtPlanningPage = lazyPage(
  () => import('../features/debt-planning/debt-planning-page'),
  'DebtPlanningPage',
)
const RetirementPlanningPage = lazyPage(
  () => import('../features/retirement-planning/retirement-planning-page'),
  'RetirementPlanningPage',
)
const MfaSettingsPage = lazyPage(
  () => import('../features/mfa-settings/mfa-settings-page'),
  'MfaSettingsPage',
)
const SettingsPage = lazyPage(() => import('../features/settings/settings-page'), 'SettingsPage')

/** The page each signed-in path shows inside the app shell. */
export const SIGNED_IN_PAGES: Readonly<Record<AppPath, ComponentType>> = {
  '/': DashboardPage,
  '/dashboard': DashboardPage,
  '/transactions': TransactionsPage,
  '/transactions/import': ImportPage,
  '/transactions/rules': RulesPage,
  '/accounts': AccountsPage,
  '/spending-plan': SpendingPlanPage,
  '/goals': GoalsPage,
  '/bills': BillsPage,
  '/investments': InvestmentsPage,
  '/reports': ReportsPage,
  '/family': FamilyPage,
  '/ai-coaching': AiCoachingPage,
  '/motivation-coach': MotivationCoachPage,
  '/automation-center': AutomationCenterPage,
  '/ml-insights': MlInsightsPage,
  '/ai-financial-advisor': AiFinancialAdvisorPage,
  '/subscription': SubscriptionPage,
  '/profile': ProfilePage,
  '/bank-connections': BankConnectionsPage,
  '/reminders': RemindersPage,
  '/savings-challenges': SavingsChallengesPage,
  '/quickbooks-setup': QuickbooksSetupPage,
  '/debt-planning': DebtPlanningPage,
  '/retirement-planning': RetirementPlanningPage,
  '/mfa-settings': MfaSettingsPage,
  '/settings': SettingsPage,
  '/terms-of-service': TermsPage,
  '/privacy-policy': PrivacyPage,
}
