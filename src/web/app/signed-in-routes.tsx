// The signed-in route table of docs/product.md §2: every page inside the app shell (sidebar,
// header, mobile bar), lazy behind a spinner, and the 404 page for any other path. Its own chunk,
// so visitors on the landing page do not download it; loading it starts the shell's download at
// once.
import { Navigate, Route, Routes } from 'react-router'
import { useAuth } from '../lib/auth'
import { loadAppShell, loadDashboardPage } from './dashboard-loaders'
import { lazyPage } from '../lib/lazy-page'
import {
  AuthCallbackPage,
  JoinPage,
  NotFoundPage,
  OnboardingPage,
  PrivacyPage,
  TermsPage,
} from './shared-pages'

// start the shell (and on the home page the dashboard) now rather than after this chunk renders
// (route-preload has usually started them already)
void loadAppShell()
if (window.location.pathname === '/' || window.location.pathname === '/dashboard')
  void loadDashboardPage()

const AppShell = lazyPage(loadAppShell, 'AppShell')
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

// the household requires MFA and this member has none: only its set-up
const MfaRequiredRoutes = lazyPage(
  () => import('../features/mfa-settings/mfa-required-routes'),
  'MfaRequiredRoutes',
)

// the member asked for their account to be deleted: only the export and the cancel
const DeletionPendingRoutes = lazyPage(
  () => import('../features/settings/deletion-pending-routes'),
  'DeletionPendingRoutes',
)

export function SignedInRoutes() {
  const { user } = useAuth()
  if (user?.deleteAfter) return <DeletionPendingRoutes />
  if (user !== null && user.householdRequiresMfa && !user.mfaEnabled) return <MfaRequiredRoutes />
  return (
    <Routes>
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/join/:token" element={<JoinPage />} />
      <Route path="/auth/login" element={<Navigate to="/" replace />} />
      <Route path="/auth/callback" element={<AuthCallbackPage />} />
      <Route element={<AppShell />}>
        <Route path="/" element={<DashboardPage />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/transactions" element={<TransactionsPage />} />
        <Route path="/transactions/import" element={<ImportPage />} />
        <Route path="/transactions/rules" element={<RulesPage />} />
        <Route path="/accounts" element={<AccountsPage />} />
        <Route path="/spending-plan" element={<SpendingPlanPage />} />
        <Route path="/goals" element={<GoalsPage />} />
        <Route path="/bills" element={<BillsPage />} />
        <Route path="/investments" element={<InvestmentsPage />} />
        <Route path="/reports" element={<ReportsPage />} />
        <Route path="/family" element={<FamilyPage />} />
        <Route path="/ai-coaching" element={<AiCoachingPage />} />
        <Route path="/motivation-coach" element={<MotivationCoachPage />} />
        <Route path="/automation-center" element={<AutomationCenterPage />} />
        <Route path="/ml-insights" element={<MlInsightsPage />} />
        <Route path="/ai-financial-advisor" element={<AiFinancialAdvisorPage />} />
        <Route path="/subscription" element={<SubscriptionPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/bank-connections" element={<BankConnectionsPage />} />
        <Route path="/reminders" element={<RemindersPage />} />
        <Route path="/savings-challenges" element={<SavingsChallengesPage />} />
        <Route path="/quickbooks-setup" element={<QuickbooksSetupPage />} />
        <Route path="/debt-planning" element={<DebtPlanningPage />} />
        <Route path="/retirement-planning" element={<RetirementPlanningPage />} />
        <Route path="/mfa-settings" element={<MfaSettingsPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/terms-of-service" element={<TermsPage />} />
        <Route path="/privacy-policy" element={<PrivacyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
