// The dashboard (docs/product.md §2 Dashboard): overview, financial mood (also the page
// background), the four stat cards, the Smart Spending Plan, recent transactions, accounts, goals,
// bills and the credit score; for free users, ad slots and the Upgrade to Premium card.
// The cards render once their calls have answered (asked after the first paint), in four
// transitions one frame apart, top first, rather than as ten answers re-rendering the page one
// after another (each blocked a phone for ~30 ms). Each card then
// subscribes to its own calls, so a later refresh re-renders that card, not the page.
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react'
import { AdSlot } from '#src/web/components/ads/ad-slot'
import { UpgradeCard } from '#src/web/components/ads/upgrade-card'
import { useAdEligibility } from '#src/web/components/ads/use-ad-eligibility'
import { isUnauthorizedError } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import type { IsoDate } from '#src/domain/dates'
import { DEFAULT_LOCALE } from '#src/web/lib/format'
import { useToday } from '#src/web/lib/today'
import { accountsQuery, useAccounts } from './api/get-accounts'
import { budgetsQuery, useBudgets } from './api/get-budgets'
import { categoriesQuery, useCategories } from './api/get-categories'
import { creditScoreQuery, useCreditScore } from './api/get-credit-score'
import { creditScoreHistoryQuery, useCreditScoreHistory } from './api/get-credit-score-history'
import { goalsQuery, useGoals } from './api/get-goals'
import { monthlySummaryQuery, useMonthlySummary } from './api/get-monthly-summary'
import { netWorthQuery, useNetWorth } from './api/get-net-worth'
import { recentTransactionsQuery, useRecentTransactions } from './api/get-recent-transactions'
import { upcomingBillsQuery, useUpcomingBills } from './api/get-upcoming-bills'
import { AccountsCard } from './components/accounts-card'
import { BillsCard } from './components/bills-card'
import { CreditScoreCard } from './components/credit-score-card'
import { GoalsCard } from './components/goals-card'
import { MoodCard } from './components/mood-card'
import { Overview } from './components/overview'
import { RecentTransactionsCard } from './components/recent-transactions-card'
import { SetupChecklist } from './components/setup-checklist'
import { SpendingPlanCard } from './components/spending-plan-card'
import { StatCards } from './components/stat-cards'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useUnauthorizedRedirect } from './unauthorized'
import { useFinancialMood } from './use-financial-mood'

/** Every call of the cards, fetched before they render. */
function prefetchCards(client: QueryClient): Promise<unknown> {
  return Promise.allSettled([
    client.prefetchQuery(accountsQuery),
    client.prefetchQuery(recentTransactionsQuery),
    client.prefetchQuery(budgetsQuery),
    client.prefetchQuery(goalsQuery),
    client.prefetchQuery(creditScoreQuery),
    client.prefetchQuery(creditScoreHistoryQuery),
    client.prefetchQuery(categoriesQuery),
    client.prefetchQuery(netWorthQuery),
    client.prefetchQuery(monthlySummaryQuery),
    client.prefetchQuery(upcomingBillsQuery),
  ])
}

const CARD_KEYS: QueryKey[] = [
  accountsQuery.queryKey,
  recentTransactionsQuery.queryKey,
  budgetsQuery.queryKey,
  goalsQuery.queryKey,
  creditScoreQuery.queryKey,
  creditScoreHistoryQuery.queryKey,
  categoriesQuery.queryKey,
  netWorthQuery.queryKey,
  monthlySummaryQuery.queryKey,
  upcomingBillsQuery.queryKey,
]

/** How long the cards wait for every call before they render with what has come. */
export const CARDS_WAIT_MS = 1500

/** False until every dashboard call has answered (or CARDS_WAIT_MS passed), then true. */
function useCardsReady(): boolean {
  const queryClient = useQueryClient()
  const [ready, setReady] = useState(() =>
    CARD_KEYS.every((key) => queryClient.getQueryData(key) !== undefined),
  )
  useEffect(() => {
    if (ready) return
    let live = true
    const show = () => {
      if (live) startTransition(() => setReady(true))
    }
    const timer = setTimeout(show, CARDS_WAIT_MS)
    void prefetchCards(queryClient).then(show)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [queryClient, ready])
  return ready
}

function CardsSkeleton() {
  return (
    <div aria-busy="true" role="status" aria-label="Loading your dashboard" className="space-y-6">
      <Skeleton className="h-28 w-full" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    </div>
  )
}

/** The cards come in this many steps, one per frame, top first: each step is a short task. */
const CARD_STEPS = 4

/** 0 while the cards wait for their calls, then 1…CARD_STEPS, one more each frame. */
function useCardSteps(ready: boolean): number {
  const [steps, setSteps] = useState(ready ? CARD_STEPS : 0)
  const target = ready ? CARD_STEPS : 0
  useEffect(() => {
    if (steps >= target) return
    const frame = requestAnimationFrame(() => startTransition(() => setSteps(steps + 1)))
    return () => cancelAnimationFrame(frame)
  }, [steps, target])
  return steps
}

function MoodSection({ pageRef }: { pageRef: RefObject<HTMLDivElement | null> }) {
  const accounts = useAccounts()
  const summary = useMonthlySummary()
  const budgets = useBudgets()
  const goals = useGoals()
  const creditScore = useCreditScore()
  const recent = useRecentTransactions()
  const { mood, loaded, setup } = useFinancialMood({
    accounts: accounts.data,
    summary: summary.data,
    budgets: budgets.data,
    goals: goals.data,
    creditScore: creditScore.data,
  })
  // the page's colours and data-mood follow the mood without re-rendering the page; with
  // nothing to score yet the page keeps the app's own background
  useLayoutEffect(() => {
    const page = pageRef.current
    if (page === null) return
    if (setup) {
      page.style.removeProperty('--mood-bg')
      page.style.removeProperty('--mood-fg')
      delete page.dataset.mood
      return
    }
    page.style.setProperty('--mood-bg', mood.backgroundColor)
    page.style.setProperty('--mood-fg', mood.textColor)
    page.dataset.mood = mood.mood
  }, [pageRef, setup, mood.backgroundColor, mood.textColor, mood.mood])
  if (setup) {
    return (
      <SetupChecklist
        hasAccount={false}
        hasTransactions={(recent.data ?? []).length > 0}
        hasBudget={(budgets.data ?? []).some((b) => b.amount > 0)}
        hasGoal={(goals.data ?? []).length > 0}
      />
    )
  }
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
  return <SpendingPlanCard summary={useMonthlySummary()} budgets={useBudgets()} />
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
  const steps = useCardSteps(useCardsReady())
  const free = user?.subscriptionTier === 'free'

  return (
    <div ref={pageRef} className="mood-surface flex-1 transition-colors" data-testid="dashboard">
      {/* once the cards' calls have settled: an answer during the cards' render would restart it */}
      {steps > 0 && <UnauthorizedWatch />}
      <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6">
        <Overview
          firstName={user?.firstName ?? ''}
          today={today}
          locale={user?.locale ?? DEFAULT_LOCALE}
        />
        {steps === 0 && <CardsSkeleton />}
        {steps >= 1 && <MoodSection pageRef={pageRef} />}
        {steps >= 1 && <StatCardsSection />}
        {steps >= 1 && free && <AdSlot eligible={adsEligible} />}
        {steps >= 2 && (
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
            <div className="min-w-0 space-y-6 xl:col-span-2">
              <SpendingPlanSection />
              <RecentTransactionsSection />
              {steps >= 3 && (
                <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
                  <GoalsSection today={today} />
                  <BillsSection today={today} />
                </div>
              )}
            </div>
            {steps >= 4 && (
              <div className="min-w-0 space-y-6">
                <CreditScoreSection today={today} />
                <AccountsSection />
                {free && <UpgradeCard />}
                {free && <AdSlot eligible={adsEligible} networkOnly />}
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  )
}
