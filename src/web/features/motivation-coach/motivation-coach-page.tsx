// The Motivation Coach page (premium): the member's streaks (days within the daily
// allowance, no-spend days, bills paid on time), milestones (net worth, goals), the weekly recap,
// the mood score's trend over six months and short messages made of their own figures. Every
// figure comes from the server (domain/coaching/motivation); the page only lays them out.
import { PremiumPageNote } from '#src/web/components/premium-note'
import { lazy, Suspense } from 'react'
import { Smile, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import type { MotivationView } from '#src/contract/coaching'
import { hasPremiumAccess } from '#src/domain/tiers'
import { EmptyStateCard } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Button } from '#src/web/components/ui/button'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { formatDate as formatDay, useDateFormat, useMoney } from '#src/web/lib/format'
import { useMotivation } from './api/get-motivation'
import { MessagesCard } from './components/messages-card'
import { MilestonesCard } from './components/milestones-card'
import { RecapCard } from './components/recap-card'
import { StreakCards } from './components/streak-cards'

const MoodChart = lazy(async () => ({
  default: (await import('./components/mood-chart')).MoodChart,
}))

const MOOD_LABEL: Record<string, string> = {
  excellent: 'Excellent',
  good: 'Good',
  neutral: 'Neutral',
  concerning: 'Concerning',
  critical: 'Critical',
}

function monthLabel(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number)
  if (y === undefined || m === undefined) return month
  try {
    return new Intl.DateTimeFormat(locale, {
      month: 'short',
      year: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y, m - 1, 1)))
  } catch {
    return month
  }
}

/** A member with no spending, bill payments, goals or money of their own yet. */
function nothingTracked(view: MotivationView): boolean {
  return (
    view.days.every((d) => d.spent === 0) &&
    view.billPayments.length === 0 &&
    view.milestones.goals.length === 0 &&
    view.recap.spentLastWeek === 0 &&
    view.milestones.netWorth.value === 0
  )
}

function Loading() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading your progress">
      <Skeleton className="h-20 w-full rounded-xl" />
      <div className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-3 rounded-xl border bg-card p-5">
            <Skeleton className="h-5 w-36" />
            <Skeleton className="h-9 w-20" />
            <Skeleton className="h-3 w-full" />
          </div>
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-56 w-full rounded-xl" />
        <Skeleton className="h-56 w-full rounded-xl" />
      </div>
    </div>
  )
}

function MoodCard({ mood, locale }: { mood: MotivationView['mood']; locale: string }) {
  const points = mood.map((p) => ({
    label: monthLabel(p.month, locale),
    score: p.score,
    mood: MOOD_LABEL[p.mood] ?? p.mood,
  }))
  const last = points.at(-1)
  return (
    <Card data-testid="mood">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smile className="size-4 text-primary" aria-hidden="true" />
          Mood score trend
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {last ? `This month so far: ${last.score} of 100 (${last.mood}).` : 'No months yet.'} The
          score weighs your net worth, spending against budgets and income, goals and credit score.
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        <Suspense fallback={<Skeleton className="h-56 w-full sm:h-64" />}>
          <MoodChart points={points} />
        </Suspense>
        <table className="sr-only">
          <caption>Mood score by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Score</th>
              <th scope="col">Mood</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.label}>
                <td>{p.label}</td>
                <td>{p.score}</td>
                <td>{p.mood}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  )
}

export function MotivationCoachPage() {
  const { user } = useAuth()
  if (user !== null && !hasPremiumAccess(user.subscriptionTier))
    return (
      <PageBody>
        <PremiumPageNote feature="motivationCoach" title="Motivation Coach" icon={Sparkles} description="Streaks, milestones, a weekly recap and your mood score’s trend, with short messages made of your own figures." tier={user.subscriptionTier} isOwner={user.role === 'owner'} />
      </PageBody>
    )
  return <Motivation locale={user?.locale ?? 'en-US'} />
}

function Motivation({ locale }: { locale: string }) {
  const motivation = useMotivation()
  const formatMoney = useMoney()
  const formatDate = useDateFormat()
  const view = motivation.data
  return (
    <PageBody>
      <PageHeader description="Streaks, milestones and your week, counted from your real transactions, bills and goals. One missed day a week is forgiven." />
      {motivation.isLoading ? (
        <Loading />
      ) : motivation.error ? (
        <ErrorState
          what="your progress"
          error={motivation.error}
          onRetry={() => void motivation.refetch()}
        />
      ) : (
        view && (
          <>
            {nothingTracked(view) ? (
              <EmptyStateCard
                icon={Sparkles}
                title="Nothing to count yet. Add your spending, pay a bill or put money into a goal, and your streaks, milestones and weekly recap start here."
                action={
                  <Button asChild>
                    <Link to="/transactions">Add a transaction</Link>
                  </Button>
                }
              />
            ) : (
              <MessagesCard messages={view.messages} />
            )}
            <section aria-labelledby="streaks-title" className="space-y-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="streaks-title" className="text-lg font-semibold tracking-tight">
                  Streaks
                </h2>
                <p className="text-sm text-muted-foreground">
                  The last 30 days, to {formatDay(view.today, locale)}
                </p>
              </div>
              <StreakCards view={view} formatAllowance={formatMoney(view.allowance)} />
            </section>
            <div className="grid gap-4 md:grid-cols-2">
              <RecapCard recap={view.recap} formatMoney={formatMoney} formatDate={formatDate} />
              <MilestonesCard milestones={view.milestones} formatMoney={formatMoney} />
            </div>
            <MoodCard mood={view.mood} locale={locale} />
          </>
        )
      )}
    </PageBody>
  )
}
