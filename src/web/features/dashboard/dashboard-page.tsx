// The dashboard (spec §2 Dashboard): overview, financial mood (also the page background), the
// four stat cards, the Smart Spending Plan, recent transactions, accounts, goals, bills and the
// credit score; for free users, ad slots and the Upgrade to Premium card.
// Each card subscribes to its own calls: an answer re-renders the card that shows it, not the
// page (ten answers arrive one by one, and each whole-page render blocked a phone for ~30 ms).
import { useLayoutEffect, useRef, type RefObject } from 'react'
import { AdSlot } from '../../components/ads/ad-slot'
import { UpgradeCard } from '../../components/ads/upgrade-card'
import { useAdEligibility } from '../../components/ads/use-ad-eligibility'
import { useAfterFirstPaint } from '../../lib/after-paint'
import { isUnauthorizedError } from '../../lib/api'
import { useAuth } from '../../lib/auth'
import type { IsoDate } from '../../../domain/dates'
import { DEFAULT_LOCALE } from '../../lib/format'
import { useToday } from '../../lib/today'
import { useAccounts } from './api/get-accounts'
import { useBudgets } from './api/get-budgets'
import { useCategories } from './api/get-categories'
import { useCreditScore } from './api/get-credit-score'
import { useCreditScoreHistory } from './api/get-credit-score-history'
import { useGoals } from './api/get-goals'
import { useMonthlySummary } from './api/get-monthly-summary'
import { useNetWorth } from './api/get-net-worth'
import { useRecentTransactions } from './api/get-recent-transactions'
import { useUpcomingBills } from './api/get-upcoming-bills'
import { AccountsCard } from './components/accounts-card'
import { BillsCard } from './components/bills-card'
import { CreditScoreCard } from './components/credit-score-card'
import { GoalsCard } from './components/goals-card'
import { MoodCard } from './components/mood-card'
import { Overview } from './components/overview'
import { RecentTransactionsCard } from './components/recent-transactions-card'
import { SpendingPlanCard } from './components/spending-plan-card'
import { StatCards } from './components/stat-cards'
import { useUnauthorizedRedirect } from './unauthorized'
import { useFinancialMood } from './use-financial-mood'

function MoodSection({ pageRef }: { pageRef: RefObject<HTMLDivElement | null> }) {
  const accounts = useAccounts()
  const summary = useMonthlySummary()
  const budgets = useBudgets()
  const goals = useGoals()
  const creditScore = useCreditScore()
  const { mood, loaded } = useFinancialMood({
    accounts: accounts.data,
    summary: summary.data,
    budgets: budgets.data,
    goals: goals.data,
    creditScore: creditScore.data,
  })
  // the page's colours and data-mood follow the mood without re-rendering the page
  useLayoutEffect(() => {
    const page = pageRef.current
    if (page === null) return
    page.style.setProperty('--mood-bg', mood.backgroundColor)
    page.style.setProperty('--mood-fg', mood.textColor)
    page.dataset.mood = mood.mood
  }, [pageRef, mood.backgroundColor, mood.textColor, mood.mood])
  return <MoodCard mood={mood} loaded={loaded} />
}

/** The toast and the way back to sign-in when any of the dashboard's calls answers 401. */
function UnauthorizedWatch() {
  const errors = [
    useAccounts(),
    useRecentTransactions(),
    useBudgets(),
    useGoals(),
    useCreditScore(),
    useCreditScoreHistory(),
    useCategories(),
    useNetWorth(),
    useMonthlySummary(),
    useUpcomingBills(),
  ].map((q) => q.error)
  useUnauthorizedRedirect(errors.some(isUnauthorizedError))
  return null
}

function StatCardsSection() {
  return <StatCards netWorth={useNetWorth()} summary={useMonthlySummary()} />
}

function SpendingPlanSection() {
  return <SpendingPlanCard summary={useMonthlySummary()} />
}

function RecentTransactionsSection() {
  const recent = useRecentTransactions()
  const categories = useCategories()
  const accounts = useAccounts()
  return (
    <RecentTransactionsCard
      transactions={recent}
      categories={categories.data}
      accounts={accounts.data}
    />
  )
}

function GoalsSection({ today }: { today: IsoDate }) {
  return <GoalsCard goals={useGoals()} today={today} />
}

function BillsSection({ today }: { today: IsoDate }) {
  return <BillsCard bills={useUpcomingBills()} today={today} />
}

function CreditScoreSection({ today }: { today: IsoDate }) {
  return (
    <CreditScoreCard current={useCreditScore()} history={useCreditScoreHistory()} today={today} />
  )
}

function AccountsSection() {
  return <AccountsCard accounts={useAccounts()} />
}

export function DashboardPage() {
  const { user } = useAuth()
  const today = useToday()
  const pageRef = useRef<HTMLDivElement>(null)
  const adsEligible = useAdEligibility(pageRef)
  // the top of the page (overview, mood, stat cards) paints first; the cards below it follow
  const belowTheFold = useAfterFirstPaint()
  const free = user?.subscriptionTier === 'free'

  return (
    <div
      ref={pageRef}
      className="mood-surface flex-1 transition-colors"
      data-testid="dashboard"
    >
      <UnauthorizedWatch />
      <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6">
        <Overview
          firstName={user?.firstName ?? ''}
          today={today}
          locale={user?.locale ?? DEFAULT_LOCALE}
        />
        <MoodSection pageRef={pageRef} />
        <StatCardsSection />
        {belowTheFold && free && <AdSlot eligible={adsEligible} />}
        {belowTheFold && (
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
            <div className="min-w-0 space-y-6 xl:col-span-2">
              <SpendingPlanSection />
              <RecentTransactionsSection />
              <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
                <GoalsSection today={today} />
                <BillsSection today={today} />
              </div>
            </div>
            <div className="min-w-0 space-y-6">
              <CreditScoreSection today={today} />
              <AccountsSection />
              {free && <UpgradeCard />}
              {free && <AdSlot eligible={adsEligible} networkOnly />}
            </div>
          </div>
        )}
      </div>
    </div>
  )
}
