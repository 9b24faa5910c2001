// The insight feed: what the nightly job (or Refresh) found, newest first, each with its
// severity, when it was found, and for adults and the owner its one-click action (a rule — its
// category picked in a dialog when there is none to suggest —, a budget change, a bill, ending a
// stopped payment's bill or no longer tracking it), "Mark read" and "Dismiss". Viewers read the
// same list without buttons.
import type { UseQueryResult } from '@tanstack/react-query'
import { Bell, Check, Lightbulb, X } from 'lucide-react'
import { useState } from 'react'
import type { Insight, InsightAction } from '#src/contract/insights'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { cn } from '#src/web/lib/cn'
import { DEFAULT_LOCALE } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'
import { useInsightAction, useUpdateInsight } from '../api/save-insights'
import { actionDoneText, actionText, momentText, severityText } from '../insight-format'
import { RuleCategoryDialog } from './rule-category-dialog'

type RuleAction = Extract<InsightAction, { action: 'rule' }>

const SEVERITY_BADGE = {
  info: 'secondary',
  notice: 'accent',
  warning: 'warning',
} as const

function InsightRow({ insight, canWrite }: { insight: Insight; canWrite: boolean }) {
  const { user } = useAuth()
  const update = useUpdateInsight()
  const act = useInsightAction()
  // a rule whose category the member picks first, in a dialog
  const [choosing, setChoosing] = useState<RuleAction | null>(null)
  const unread = insight.readAt === null
  const busy = update.isPending || act.isPending
  const perform = (action: InsightAction) =>
    act.mutateAsync(action).then(() => {
      toast({ title: 'Done', description: actionDoneText(action) })
      if (unread) update.mutate({ id: insight.id, read: true })
    })
  // mutateAsync: a dismissed row leaves the list (and unmounts) before mutate's callbacks would run
  const mark = (body: { read?: boolean; dismissed?: boolean }, done: string) =>
    void update.mutateAsync({ id: insight.id, ...body }).then(
      () => {
        if (body.dismissed) toast({ title: done, description: insight.title })
      },
      (error: unknown) =>
        toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(error) }),
    )
  return (
    <li
      className={cn('space-y-2 px-5 py-4', unread && 'bg-accent/30')}
      data-testid="insight-row"
      data-kind={insight.kind}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={SEVERITY_BADGE[insight.severity]}>{severityText(insight.severity)}</Badge>
        {unread && (
          <Badge variant="outline" data-testid="insight-new">
            New
          </Badge>
        )}
        <span className="text-xs text-muted-foreground">
          {momentText(insight.createdAt, user?.locale ?? DEFAULT_LOCALE, user?.timeZone)}
        </span>
      </div>
      <h3 className="font-medium">{insight.title}</h3>
      <p className="text-sm text-muted-foreground">{insight.body}</p>
      {canWrite && (
        <div className="flex flex-wrap gap-2 pt-1">
          {insight.action !== null && (
            <Button
              size="sm"
              disabled={busy}
              onClick={() => {
                const action = insight.action
                if (action === null) return
                if (action.action === 'rule' && action.categoryId === null) {
                  setChoosing(action)
                  return
                }
                void perform(action).catch((error: unknown) =>
                  toast({
                    variant: 'destructive',
                    title: 'Not done',
                    description: errorMessage(error),
                  }),
                )
              }}
            >
              {actionText(insight.action)}
            </Button>
          )}
          {unread && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => mark({ read: true }, 'Marked read')}
              aria-label={`Mark read: ${insight.title}`}
            >
              <Check aria-hidden="true" />
              Mark read
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => mark({ dismissed: true }, 'Insight dismissed')}
            aria-label={`Dismiss: ${insight.title}`}
          >
            <X aria-hidden="true" />
            Dismiss
          </Button>
        </div>
      )}
      {canWrite && (
        <RuleCategoryDialog
          action={choosing}
          onOpenChange={(open) => {
            if (!open) setChoosing(null)
          }}
          onMake={async (rule) => {
            await perform(rule)
            setChoosing(null)
          }}
        />
      )}
    </li>
  )
}

export function FeedCard({
  feed,
  canWrite,
}: {
  feed: UseQueryResult<Insight[]>
  canWrite: boolean
}) {
  const items = feed.data ?? []
  const unread = items.filter((i) => i.readAt === null).length
  return (
    <Card aria-labelledby="feed-title" data-testid="feed-card" className="overflow-hidden">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id="feed-title" className="flex items-center gap-2">
          <Bell className="size-5 text-primary" aria-hidden="true" />
          Insights
        </CardTitle>
        {unread > 0 && <Badge variant="accent">{unread} new</Badge>}
      </CardHeader>
      <CardContent className="px-0 pb-0">
        {feed.isLoading ? (
          <div className="space-y-3 px-5 pb-5" role="status" aria-label="Loading insights">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        ) : feed.error ? (
          <div className="px-5 pb-5">
            <ErrorState
              what="your insights"
              error={feed.error}
              onRetry={() => void feed.refetch()}
            />
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={Lightbulb}
            className="px-5 pb-5"
            title="Nothing needs your attention right now. New insights appear here after the nightly look at your transactions."
          />
        ) : (
          <ul className="divide-y border-t" aria-label="Insights">
            {items.map((i) => (
              <InsightRow key={i.id} insight={i} canWrite={canWrite} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
