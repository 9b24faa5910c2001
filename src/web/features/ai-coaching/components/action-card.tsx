// One coaching action: what to do, why (the figures), the monthly saving it would bring, and —
// open — Accept and Dismiss; accepted, the day its result is measured or the result itself.
import { BadgeCheck, CalendarClock, Check, PiggyBank, Scissors, X, XCircle } from 'lucide-react'
import type { CoachingActionView } from '#src/contract/coaching'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import type { MoneyFormatter } from '#src/web/lib/format'

const KIND_ICON = {
  cancel_subscription: XCircle,
  trim_category: Scissors,
  move_idle_cash: PiggyBank,
} as const

const KIND_LABEL = {
  cancel_subscription: 'Subscription',
  trim_category: 'Spending',
  move_idle_cash: 'Idle cash',
} as const

export function ActionCard({
  action,
  formatMoney,
  formatDate,
  busy,
  onDecide,
}: {
  action: CoachingActionView
  formatMoney: MoneyFormatter
  formatDate: (date: string) => string
  busy: boolean
  onDecide?: (decision: 'accept' | 'dismiss') => void
}) {
  const Icon = KIND_ICON[action.kind]
  const titleId = `action-${action.id}-title`
  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col" data-testid="action-card">
      <CardHeader className="flex-row items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {KIND_LABEL[action.kind]}
          </p>
          <CardTitle id={titleId} className="break-words">
            {action.title}
          </CardTitle>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="flex-1 text-sm text-muted-foreground">{action.detail}</p>
        <p className="flex items-baseline justify-between gap-2 border-t pt-3">
          <span className="text-sm text-muted-foreground">Saving a month</span>
          <span className="text-lg font-semibold text-positive tabular-nums" data-testid="saving">
            {formatMoney(action.saving)}
          </span>
        </p>
        {action.status === 'open' && onDecide && (
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => onDecide('accept')}
              disabled={busy}
              aria-label={`Accept: ${action.title}`}
            >
              <Check aria-hidden="true" />
              Accept
            </Button>
            <Button
              variant="outline"
              onClick={() => onDecide('dismiss')}
              disabled={busy}
              aria-label={`Dismiss: ${action.title}`}
            >
              <X aria-hidden="true" />
              Dismiss
            </Button>
          </div>
        )}
        {action.status === 'dismissed' && (
          <Badge variant="secondary" className="self-start">
            Dismissed
          </Badge>
        )}
        {action.status === 'accepted' && (
          <AcceptedNote action={action} formatMoney={formatMoney} formatDate={formatDate} />
        )}
      </CardContent>
    </Card>
  )
}

function AcceptedNote({
  action,
  formatMoney,
  formatDate,
}: {
  action: CoachingActionView
  formatMoney: MoneyFormatter
  formatDate: (date: string) => string
}) {
  if (action.result === null)
    return (
      <p className="flex items-center gap-2 text-sm" data-testid="measure-on">
        <Badge variant="accent">
          <BadgeCheck className="size-3.5" aria-hidden="true" />
          Accepted
        </Badge>
        {action.measureOn !== null && (
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <CalendarClock className="size-4" aria-hidden="true" />
            Result measured on {formatDate(action.measureOn)}
          </span>
        )}
      </p>
    )
  return (
    <div className="space-y-1 rounded-lg bg-muted p-3 text-sm" data-testid="result">
      <p className="font-medium">
        Result:{' '}
        {action.result.saved > 0
          ? `${formatMoney(action.result.saved)} a month saved`
          : 'no saving yet'}
      </p>
      <p className="text-muted-foreground">{action.result.text}</p>
    </div>
  )
}
