// One challenge: its kind and dates, progress (money or days) against the target with the pace
// status, the server's summary sentence, milestones, the streak with its freezes, everyone taking
// part with their own progress, and what the member may do: join or leave, sweep what was
// gathered into the goal, remove. A completed one gets a small badge that pops in once (not when
// the member asks for reduced motion).
import { Check, Flame, PartyPopper, Trash2, Users } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { Challenge } from '#src/contract/challenges'
import { asCents, toCents, type Cents } from '#src/domain/money'
import { Money } from '#src/web/components/money'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Progress } from '#src/web/components/ui/progress'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'

type Progress = NonNullable<Challenge['progress']>
type Status = Progress['status']

export const KIND_LABELS: Record<Challenge['kind'], string> = {
  week52: '52-week challenge',
  no_spend: 'No-spend days',
  round_up: 'Round-ups',
  unspent_allowance: 'Kept allowance',
  cut_category: 'Cut a category',
  custom: 'Your own target',
}

const STATUS: Record<Status, { label: string; className: string }> = {
  ahead: { label: 'Ahead', className: 'border-transparent bg-accent text-accent-foreground' },
  on_track: {
    label: 'On track',
    className: 'border-transparent bg-secondary text-secondary-foreground',
  },
  behind: { label: 'Behind', className: 'border-transparent bg-warning-surface text-warning' },
  completed: { label: 'Completed', className: 'border-transparent bg-positive text-background' },
  failed: {
    label: 'Not reached',
    className: 'border-transparent bg-negative-surface text-negative',
  },
}

/** What a round-up or kept-allowance challenge gathered and has not yet moved into its goal. */
export function toSweep(c: Challenge): Cents {
  if (c.goalId === null || (c.kind !== 'round_up' && c.kind !== 'unspent_allowance'))
    return asCents(0)
  const gathered = c.participants.reduce((s, p) => s + toCents(p.progress.value), 0)
  return asCents(Math.max(0, gathered - c.swept))
}

function Amount({ value, unit }: { value: number; unit: Progress['unit'] }) {
  if (unit === 'money') return <Money value={toCents(value)} />
  return (
    <span className="tabular-nums">
      {value} {value === 1 ? 'day' : 'days'}
    </span>
  )
}

export function StatusBadge({ status }: { status: Status }) {
  const s = STATUS[status]
  return (
    <Badge variant="outline" className={s.className} data-testid="challenge-status">
      {status === 'completed' && <Check aria-hidden="true" />}
      {s.label}
    </Badge>
  )
}

function Celebration({ completedAt }: { completedAt: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    const el = ref.current
    if (el === null || typeof el.animate !== 'function') return
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    el.animate(
      [
        { transform: 'scale(0.85)', opacity: 0 },
        { transform: 'scale(1.04)', opacity: 1, offset: 0.7 },
        { transform: 'scale(1)', opacity: 1 },
      ],
      { duration: 520, easing: 'ease-out' },
    )
  }, [])
  const formatDate = useDateFormat()
  return (
    <p
      ref={ref}
      className="flex items-center gap-2 rounded-lg border border-positive/40 px-3 py-2 text-sm font-medium text-positive"
      data-testid="challenge-celebration"
    >
      <PartyPopper className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Challenge complete{completedAt !== null && ` on ${formatDate(completedAt.slice(0, 10))}`}.
        Well done!
      </span>
    </p>
  )
}

export function ChallengeCard({
  challenge: c,
  goalName,
  canSweep,
  canRemove,
  canJoin,
  busy,
  onJoin,
  onSweep,
  onRemove,
}: {
  challenge: Challenge
  goalName: string | null
  canSweep: boolean
  canRemove: boolean
  canJoin: boolean
  busy: boolean
  onJoin: (join: boolean) => void
  onSweep: () => void
  onRemove: () => void
}) {
  const formatDate = useDateFormat()
  const p = c.progress
  const titleId = `challenge-${c.id}`
  const sweepable = toSweep(c)
  const completed = p?.status === 'completed' || c.completedAt !== null
  return (
    <Card data-testid="challenge-card" aria-labelledby={titleId}>
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <CardTitle id={titleId} className="truncate">
            {c.name}
          </CardTitle>
          <p className="text-xs text-muted-foreground">
            {c.name !== KIND_LABELS[c.kind] && `${KIND_LABELS[c.kind]} · `}
            {formatDate(c.startDate)} – {formatDate(c.endDate)}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {p !== null && <StatusBadge status={p.status} />}
          {canRemove && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${c.name}`}
              onClick={onRemove}
              className="text-muted-foreground"
            >
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {completed && <Celebration completedAt={c.completedAt} />}
        {p === null ? (
          <p className="text-sm text-muted-foreground">
            Each person tracks their own spending here. Join to see your progress.
          </p>
        ) : (
          <div className="space-y-2">
            <div className="flex items-baseline justify-between gap-2">
              <p className="text-2xl font-semibold tracking-tight" data-testid="challenge-value">
                <Amount value={p.value} unit={p.unit} />
              </p>
              <p className="text-sm text-muted-foreground">
                of <Amount value={p.target} unit={p.unit} />
              </p>
            </div>
            <Progress
              value={p.share * 100}
              aria-label={`${c.name}: ${Math.round(p.share * 100)}% done`}
              indicatorClassName={p.status === 'completed' ? 'bg-positive' : undefined}
            />
            <p className="text-sm text-muted-foreground" data-testid="challenge-summary">
              {p.summary}
            </p>
          </div>
        )}
        {p !== null && (
          <ol className="flex flex-wrap gap-2" aria-label="Milestones">
            {p.milestones.map((m) => (
              <li
                key={m.share}
                className={cn(
                  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs tabular-nums',
                  m.reached ? 'border-primary/40 text-foreground' : 'text-muted-foreground',
                )}
              >
                {m.reached && <Check className="size-3 text-primary" aria-hidden="true" />}
                {m.label}
                <span className="sr-only">{m.reached ? ' reached' : ' not yet'}</span>
              </li>
            ))}
          </ol>
        )}
        {p?.streak && (
          <p className="flex items-center gap-2 text-sm" data-testid="challenge-streak">
            <Flame className="size-4 text-warning" aria-hidden="true" />
            <span>
              Streak {p.streak.current} {p.streak.current === 1 ? 'day' : 'days'} (best{' '}
              {p.streak.longest}) · {p.streak.freezesUsed}{' '}
              {p.streak.freezesUsed === 1 ? 'freeze' : 'freezes'} used
            </span>
          </p>
        )}
        {(goalName !== null || c.swept > 0) && (
          <p className="text-xs text-muted-foreground">
            {goalName !== null && <>Feeds {goalName}</>}
            {c.swept > 0 && (
              <>
                {goalName !== null && ' · '}
                <Money value={c.swept} /> swept so far
              </>
            )}
          </p>
        )}
        {c.participants.length > 0 && (
          <div className="space-y-2">
            <h3 className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <Users className="size-3.5" aria-hidden="true" />
              Taking part
            </h3>
            <ul className="space-y-2" data-testid="challenge-participants">
              {c.participants.map((m) => (
                <li
                  key={m.userId}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 text-sm"
                >
                  <span className="truncate">{m.name}</span>
                  <span className="text-muted-foreground">
                    <Amount value={m.progress.value} unit={m.progress.unit} />
                  </span>
                  <Progress
                    value={m.progress.share * 100}
                    className="col-span-2 h-1.5"
                    aria-label={`${m.name}: ${Math.round(m.progress.share * 100)}% done`}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
        {(canJoin || (canSweep && sweepable > 0)) && (
          <div className="flex flex-col gap-2 sm:flex-row">
            {canSweep && sweepable > 0 && goalName !== null && (
              <Button onClick={onSweep} disabled={busy} className="sm:flex-1">
                Sweep <Money value={sweepable} /> into {goalName}
              </Button>
            )}
            {canJoin && (
              <Button
                variant="outline"
                onClick={() => onJoin(!c.joined)}
                disabled={busy}
                className="sm:flex-1"
              >
                {c.joined ? 'Leave' : 'Join'}
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  )
}
