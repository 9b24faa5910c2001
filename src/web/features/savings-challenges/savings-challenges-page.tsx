// The Savings Challenges page: the household's challenges, each with its progress read
// from real data (goal contributions, transactions) and everyone taking part; join or leave,
// sweep round-ups or kept allowance into the goal, remove (its starter or an adult); and the
// catalogue to start a new one. Viewers read; they may join, which only tracks their own spending.
import { useQuery } from '@tanstack/react-query'
import { Eye, Plus, Trophy } from 'lucide-react'
import { useState } from 'react'
import type { Challenge } from '#src/contract/challenges'
import { roleAtLeast } from '#src/domain/access'
import { ConfirmDeleteDialog } from '#src/web/components/confirm-delete-dialog'
import { EmptyStateCard } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { useMoney } from '#src/web/lib/format'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { categoriesQuery } from '#src/web/lib/queries/categories'
import { goalsQuery } from '#src/web/lib/queries/goals'
import { toast } from '#src/web/lib/toast'
import { useToday } from '#src/web/lib/today'
import { useChallengeCatalog, useChallengeList, useTodayAllowance } from './api/get-challenges'
import { useDeleteChallenge, useJoinChallenge, useSweepChallenge } from './api/save-challenge'
import { ChallengeCard, toSweep } from './components/challenge-card'
import { StartChallengeDialog, type CatalogEntry } from './components/start-challenge-dialog'

function ViewOnlyNote() {
  return (
    <p
      className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm text-muted-foreground"
      data-testid="view-only-note"
    >
      <Eye className="size-4" aria-hidden="true" />
      View only: you can join challenges others start
    </p>
  )
}

function Loading() {
  return (
    <div className="grid gap-6 md:grid-cols-2" role="status" aria-label="Loading challenges">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3 rounded-xl border bg-card p-5">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-2 w-full" />
          <Skeleton className="h-4 w-56" />
        </div>
      ))}
    </div>
  )
}

function Catalogue({
  entries,
  canStart,
  onStart,
}: {
  entries: CatalogEntry[]
  canStart: boolean
  onStart: (entry: CatalogEntry) => void
}) {
  return (
    <section aria-labelledby="catalogue-title" className="space-y-3">
      <h2 id="catalogue-title" className="text-lg font-semibold tracking-tight">
        Start a challenge
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {entries.map((e) => (
          <li key={e.kind}>
            <Card className="flex h-full flex-col" data-testid="catalog-card">
              <CardHeader>
                <CardTitle className="text-base">{e.name}</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col gap-3">
                <p className="flex-1 text-sm text-muted-foreground">{e.description}</p>
                {canStart && (
                  <Button
                    variant="outline"
                    className="self-start"
                    onClick={() => onStart(e)}
                    aria-label={`Start ${e.name}`}
                  >
                    <Plus aria-hidden="true" />
                    Start
                  </Button>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function SavingsChallengesPage() {
  const today = useToday()
  const { user } = useAuth()
  const role = user?.role ?? 'viewer'
  const canStart = roleAtLeast(role, 'teen')
  const isAdult = roleAtLeast(role, 'adult')
  const challenges = useChallengeList()
  const catalog = useChallengeCatalog()
  const goals = useQuery(goalsQuery)
  const accounts = useQuery(accountsQuery)
  const categories = useQuery(categoriesQuery)
  const allowance = useTodayAllowance()
  const formatMoney = useMoney()
  const join = useJoinChallenge()
  const sweep = useSweepChallenge()
  const remove = useDeleteChallenge()
  const [starting, setStarting] = useState<CatalogEntry | null>(null)
  const [removing, setRemoving] = useState<Challenge | null>(null)
  const goalNames = new Map((goals.data ?? []).map((g) => [g.id, g.name]))
  const list = challenges.data ?? []
  const entries = catalog.data ?? []
  const cards = (accounts.data ?? []).filter((a) => a.type === 'credit_card' && !a.isClosed)
  const busyId = join.isPending ? join.variables.id : sweep.isPending ? sweep.variables : null

  const onJoin = (c: Challenge, on: boolean) =>
    join.mutate(
      { id: c.id, join: on },
      {
        onSuccess: () =>
          toast({
            title: on ? 'You joined' : 'You left',
            description: on
              ? `${c.name}: your progress shows up now.`
              : `You no longer take part in ${c.name}.`,
          }),
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(e) }),
      },
    )
  const onSweep = (c: Challenge) => {
    const amount = formatMoney(toSweep(c))
    const goal = c.goalId === null ? 'the goal' : (goalNames.get(c.goalId) ?? 'the goal')
    sweep.mutate(c.id, {
      onSuccess: () => toast({ title: 'Swept', description: `${amount} went into ${goal}.` }),
      onError: (e) =>
        toast({ variant: 'destructive', title: 'Not swept', description: errorMessage(e) }),
    })
  }

  return (
    <PageBody>
      <PageHeader
        description="Small games that build saving habits. Progress comes from your real transactions and goal contributions."
        actions={canStart ? undefined : <ViewOnlyNote />}
      />
      <section aria-labelledby="yours-title" className="space-y-3">
        <h2 id="yours-title" className="text-lg font-semibold tracking-tight">
          Your challenges
        </h2>
        {challenges.isLoading ? (
          <Loading />
        ) : challenges.error ? (
          <ErrorState
            what="your challenges"
            error={challenges.error}
            onRetry={() => void challenges.refetch()}
          />
        ) : list.length === 0 ? (
          <EmptyStateCard
            icon={Trophy}
            title={
              canStart
                ? 'No challenges yet. Pick one below: a 52-week ladder, no-spend days, round-ups and more. Join together and watch each other’s progress.'
                : 'No challenges yet. When someone in your household starts one, you can join it here.'
            }
          />
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            {list.map((c) => (
              <ChallengeCard
                key={c.id}
                challenge={c}
                goalName={c.goalId === null ? null : (goalNames.get(c.goalId) ?? null)}
                canSweep={isAdult}
                canRemove={isAdult || (canStart && c.createdBy === user?.id)}
                canJoin={user !== null}
                busy={busyId === c.id}
                onJoin={(on) => onJoin(c, on)}
                onSweep={() => onSweep(c)}
                onRemove={() => setRemoving(c)}
              />
            ))}
          </div>
        )}
      </section>
      {catalog.error ? (
        <ErrorState
          what="the challenges to start"
          error={catalog.error}
          onRetry={() => void catalog.refetch()}
        />
      ) : (
        entries.length > 0 && (
          <Catalogue entries={entries} canStart={canStart} onStart={setStarting} />
        )
      )}
      <StartChallengeDialog
        entry={starting}
        onOpenChange={(o) => {
          if (!o) setStarting(null)
        }}
        today={today}
        goals={(goals.data ?? []).filter((g) => g.isActive)}
        categories={categories.data ?? []}
        cards={cards}
        dailyAllowance={allowance.data ?? null}
      />
      <ConfirmDeleteDialog
        item={removing}
        onClose={() => setRemoving(null)}
        noun="challenge"
        verb="remove"
        description={
          <p>
            The challenge ends for everyone taking part. Goals, money already swept and your
            transactions do not change.
          </p>
        }
        remove={remove}
      />
    </PageBody>
  )
}
