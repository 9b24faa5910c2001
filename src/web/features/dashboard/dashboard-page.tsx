// The dashboard (spec §2 Dashboard): overview, financial mood (also the page background), the
// four stat cards, the Smart Spending Plan, recent transactions, accounts, goals, bills and the
// credit score; for free users, ad slots and the Upgrade to Premium card.
import { useLayoutEffect, useRef } from 'react'
import { AdSlot } from '../../components/ads/ad-slot'
import { UpgradeCard } from '../../components/ads/upgrade-card'
import { useAdEligibility } from '../../components/ads/use-ad-eligibility'
import { useAfterFirstPaint } from '../../lib/after-paint'
import { isUnauthorizedError } from '../../lib/api'
import { useAuth } from '../../lib/auth'
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

export function DashboardPage() {
  const { user } = useAuth()
  const today = useToday()

  const accounts = useAccounts()
  const recent = useRecentTransactions()
  const budgets = useBudgets()
  const goals = useGoals()
  const creditScore = useCreditScore()
  const creditHistory = useCreditScoreHistory()
  const categories = useCategories()
  const netWorth = useNetWorth()
  const summary = useMonthlySummary()
  const bills = useUpcomingBills()

  const { mood, loaded } = useFinancialMood({
    accounts: accounts.data,
    summary: summary.data,
    budgets: budgets.data,
    goals: goals.data,
    creditScore: creditScore.data,
  })

  const pageRef = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    pageRef.current?.style.setProperty('--mood-bg', mood.backgroundColor)
    pageRef.current?.style.setProperty('--mood-fg', mood.textColor)
  }, [mood.backgroundColor, mood.textColor])

  const adsEligible = useAdEligibility(pageRef)
  // the top of the page (overview, mood, stat cards) paints first; the cards below it follow
  const belowTheFold = useAfterFirstPaint()
  const free = user?.subscriptionTier === 'free'

  const errors = [
    accounts,
    recent,
    budgets,
    goals,
    creditScore,
    creditHistory,
    categories,
    netWorth,
    summary,
    bills,
  ].map((q) => q.error)
  useUnauthorizedRedirect(errors.some(isUnauthorizedError))

  return (
    <div
      ref={pageRef}
      className="mood-surface flex-1 transition-colors"
      data-testid="dashboard"
      data-mood={mood.mood}
    >
      <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6">
        <Overview
          firstName={user?.firstName ?? ''}
          today={today}
          locale={user?.locale ?? DEFAULT_LOCALE}
        />
        <MoodCard mood={mood} loaded={loaded} />
        <StatCards netWorth={netWorth} summary={summary} />
        {belowTheFold && free && <AdSlot eligible={adsEligible} />}
        {belowTheFold && (
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
            <div className="min-w-0 space-y-6 xl:col-span-2">
              <SpendingPlanCard summary={summary} />
              <RecentTransactionsCard
                transactions={recent}
                categories={categories.data}
                accounts={accounts.data}
              />
              <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
                <GoalsCard goals={goals} today={today} />
                <BillsCard bills={bills} today={today} />
              </div>
            </div>
            <div className="min-w-0 space-y-6">
              <CreditScoreCard current={creditScore} history={creditHistory} today={today} />
              <AccountsCard accounts={accounts} />
              {free && <UpgradeCard />}
              {free && <AdSlot eligible={adsEligible} networkOnly />}
            </div>
          </div>
        )}
      </div>
    </div>
  )
}
