// The AI Coaching page (premium): this week's up to three actions, each with the
// monthly saving it would bring (computed on the server from what the member may see), accepted
// or dismissed; the accepted ones of earlier weeks with the result measured 30 days on; and the
// member's tone (gentle or direct), which changes the words only.
import { PremiumPageNote } from '#src/web/components/premium-note'
import { Lightbulb, Sparkles } from 'lucide-react'
import type { CoachingActionView } from '#src/contract/coaching'
import { hasPremiumAccess } from '#src/domain/tiers'
import { EmptyStateCard } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Button } from '#src/web/components/ui/button'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { useDateFormat, useMoney } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'
import { useCoaching } from './api/get-coaching'
import { useDecideAction, useGenerateCoaching, useSetTone } from './api/save-coaching'
import { ActionCard } from './components/action-card'
import { ToneSwitch } from './components/tone-switch'

function Loading() {
  return (
    <div className="grid gap-4 md:grid-cols-3" aria-label="Loading your actions" role="status">
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-3 rounded-xl border bg-card p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-9 w-44" />
        </div>
      ))}
    </div>
  )
}

export function AiCoachingPage() {
  const { user } = useAuth()
  const allowed = user === null || hasPremiumAccess(user.subscriptionTier)
  if (!allowed && user !== null)
    return (
      <PageBody>
        <PremiumPageNote feature="aiCoaching" title="AI Coaching" icon={Sparkles} description="Up to three concrete actions a week, each with the saving it would bring, worked out from your own figures." tier={user.subscriptionTier} isOwner={user.role === 'owner'} />
      </PageBody>
    )
  return <Coaching />
}

function Coaching() {
  const coaching = useCoaching()
  const generate = useGenerateCoaching()
  const decide = useDecideAction()
  const setTone = useSetTone()
  const formatMoney = useMoney()
  const formatDate = useDateFormat()
  const view = coaching.data
  const busyId = decide.isPending ? decide.variables.id : null

  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (v) =>
        toast({
          title:
            v.actions.length > 0 ? 'This week’s actions are ready' : 'Nothing to change this week',
          description:
            v.actions.length > 0
              ? `${v.actions.length} action${v.actions.length === 1 ? '' : 's'} worked out from your figures.`
              : 'Your spending, subscriptions and cash all look in order.',
        }),
      onError: (e) =>
        toast({ variant: 'destructive', title: 'Not made', description: errorMessage(e) }),
    })
  const onDecide = (a: CoachingActionView, decision: 'accept' | 'dismiss') =>
    decide.mutate(
      { id: a.id, decision },
      {
        onSuccess: (updated) =>
          toast({
            title: decision === 'accept' ? 'Accepted' : 'Dismissed',
            description:
              decision === 'accept' && updated.measureOn !== null
                ? `We’ll measure what it changed on ${formatDate(updated.measureOn)}.`
                : 'It won’t be suggested again.',
          }),
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(e) }),
      },
    )
  const onTone = (tone: 'gentle' | 'direct') =>
    setTone.mutate(tone, {
      onSuccess: () =>
        toast({
          title: 'Tone changed',
          description: `Your coach is ${tone} now. The figures stay the same.`,
        }),
      onError: (e) =>
        toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(e) }),
    })

  return (
    <PageBody>
      <PageHeader
        description="Each week, up to three concrete actions with the saving each would bring, worked out from your own figures. Accept one and we measure what it changed 30 days later."
        actions={
          view ? (
            <ToneSwitch tone={view.tone} disabled={setTone.isPending} onChange={onTone} />
          ) : undefined
        }
      />
      <section aria-labelledby="week-title" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="week-title" className="text-lg font-semibold tracking-tight">
            This week’s actions
          </h2>
          {view && <p className="text-sm text-muted-foreground">Week of {formatDate(view.week)}</p>}
        </div>
        {coaching.isLoading ? (
          <Loading />
        ) : coaching.error ? (
          <ErrorState
            what="your coaching"
            error={coaching.error}
            onRetry={() => void coaching.refetch()}
          />
        ) : view && !view.generated ? (
          <EmptyStateCard
            icon={Sparkles}
            title="This week’s actions are not made yet. We look at your subscriptions, your spending by category and your idle cash, and pick the three that would save the most."
            action={
              <Button onClick={onGenerate} disabled={generate.isPending}>
                <Sparkles aria-hidden="true" />
                {generate.isPending ? 'Making…' : 'Make this week’s actions'}
              </Button>
            }
          />
        ) : view && view.actions.length === 0 ? (
          <EmptyStateCard
            icon={Lightbulb}
            title="Nothing to change this week: no unused subscription, no category well over its usual, no idle cash. Check back next week."
          />
        ) : (
          view && (
            <ul className="grid gap-4 md:grid-cols-3">
              {view.actions.map((a) => (
                <li key={a.id}>
                  <ActionCard
                    action={a}
                    formatMoney={formatMoney}
                    formatDate={formatDate}
                    busy={busyId === a.id}
                    onDecide={(d) => onDecide(a, d)}
                  />
                </li>
              ))}
            </ul>
          )
        )}
        {view?.actions.some((a) => a.kind === 'move_idle_cash') && (
          <p className="text-xs text-muted-foreground">
            Idle cash assumes {view.assumedRatePercent} % a year in a goal’s savings account: an
            assumption, not a quote.
          </p>
        )}
      </section>
      {view && view.accepted.length > 0 && (
        <section aria-labelledby="accepted-title" className="space-y-3">
          <h2 id="accepted-title" className="text-lg font-semibold tracking-tight">
            Accepted earlier
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {view.accepted.map((a) => (
              <li key={a.id}>
                <ActionCard
                  action={a}
                  formatMoney={formatMoney}
                  formatDate={formatDate}
                  busy={false}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </PageBody>
  )
}
