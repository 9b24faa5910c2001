// The Goals page: each savings goal with its progress, the status line of docs/product.md §4
// (completed, months ahead of or behind schedule, months remaining, or a prompt to set a monthly
// contribution), what went in this month; contribute or withdraw, edit, pause or resume, delete.
import { useQuery } from '@tanstack/react-query'
import { Plus, Target } from 'lucide-react'
import { useState } from 'react'
import type { Goal } from '#src/contract/goals'
import { asCents } from '#src/domain/money'
import {
  goalProgressPercent,
  goalStatus,
  projectedCompletionDate,
  type GoalStatusKind,
} from '#src/domain/goal-status'
import { ActionsMenu, PauseMenuItem } from '#src/web/components/actions-menu'
import { ConfirmDeleteDialog } from '#src/web/components/confirm-delete-dialog'
import { EmptyStateCard } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Progress } from '#src/web/components/ui/progress'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { goalsQuery } from '#src/web/lib/queries/goals'
import { toast } from '#src/web/lib/toast'
import { useToday } from '#src/web/lib/today'
import { useDeleteGoal, useUpdateGoal } from './api/save-goal'
import { ContributeDialog } from './components/contribute-dialog'
import { GoalFormDialog } from './components/goal-form-dialog'
import { formatPercent } from '#src/domain/locale'
import { displayLocale } from '#src/web/lib/display-locale'

const STATUS_CLASS: Record<GoalStatusKind, string> = {
  completed: 'text-positive font-medium',
  ahead: 'text-primary',
  on_track: 'text-muted-foreground',
  behind: 'text-warning',
  no_contribution: 'text-muted-foreground',
}

function GoalCard({
  goal,
  today,
  accountName,
  onContribute,
  onEdit,
  onDelete,
}: {
  goal: Goal
  today: string
  accountName: string | null
  onContribute: () => void
  onEdit: () => void
  onDelete: () => void
}) {
  const formatDate = useDateFormat()
  const update = useUpdateGoal()
  const percent = goalProgressPercent(goal.currentAmount, goal.targetAmount)
  const status = goalStatus(goal, today)
  const projected = projectedCompletionDate(goal, today)
  const togglePause = () =>
    update.mutate(
      { id: goal.id, body: { isActive: !goal.isActive } },
      {
        onSuccess: () =>
          toast({
            title: goal.isActive ? 'Goal paused' : 'Goal resumed',
            description: goal.isActive
              ? `${goal.name} is left out of your spending plan until you resume it.`
              : `${goal.name} is back in your spending plan.`,
          }),
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(e) }),
      },
    )
  return (
    <Card
      data-testid="goal-card"
      aria-labelledby={`goal-${goal.id}`}
      className={cn(!goal.isActive && 'opacity-80')}
    >
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <CardTitle id={`goal-${goal.id}`} className="truncate">
            {goal.name}
          </CardTitle>
          <p className="text-xs text-muted-foreground">
            {goal.targetDate !== null ? `By ${formatDate(goal.targetDate)}` : 'No target date'}
            {accountName !== null && ` · ${accountName}`}
          </p>
        </div>
        <div className="flex items-center gap-1">
          {!goal.isActive && <Badge variant="secondary">Paused</Badge>}
          <ActionsMenu label={goal.name} onEdit={onEdit} onDelete={onDelete}>
            <PauseMenuItem active={goal.isActive} onToggle={togglePause} />
          </ActionsMenu>
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex items-baseline justify-between gap-2">
          <p className="text-2xl font-semibold tracking-tight">
            <Money value={goal.currentAmount} />
          </p>
          <p className="text-sm text-muted-foreground">
            of <Money value={goal.targetAmount} />
          </p>
        </div>
        <Progress
          value={percent}
          aria-label={`${goal.name}: ${formatPercent(Math.round(percent), displayLocale())} saved`}
          indicatorClassName={status.kind === 'completed' ? 'bg-positive' : undefined}
        />
        <p className={cn('text-sm', STATUS_CLASS[status.kind])} data-testid="goal-status">
          {goal.isActive || status.kind === 'completed' ? status.text : 'Paused: not in your plan'}
        </p>
        <dl className="grid grid-cols-2 gap-2 text-xs text-muted-foreground">
          <div>
            <dt>Each month</dt>
            <dd className="text-sm text-foreground">
              <Money value={goal.monthlyContribution} />
            </dd>
          </div>
          <div>
            <dt>This month</dt>
            <dd className="text-sm text-foreground">
              <Money value={goal.contributedThisMonth} />
            </dd>
          </div>
          {projected !== null && status.kind !== 'completed' && (
            <div className="col-span-2">
              <dt className="sr-only">Reached</dt>
              <dd>At this pace, reached by {formatDate(projected)}</dd>
            </div>
          )}
        </dl>
        <Button variant="outline" className="w-full" onClick={onContribute}>
          <Plus aria-hidden="true" />
          Contribute
        </Button>
      </CardContent>
    </Card>
  )
}

export function GoalsPage() {
  const today = useToday()
  const goals = useQuery(goalsQuery)
  const accounts = useQuery(accountsQuery)
  const remove = useDeleteGoal()
  const [editing, setEditing] = useState<Goal | 'new' | null>(null)
  const [contributing, setContributing] = useState<Goal | null>(null)
  const [deleting, setDeleting] = useState<Goal | null>(null)
  const accountNames = new Map((accounts.data ?? []).map((a) => [a.id, a.name]))
  const list = goals.data ?? []
  const totalSaved = list.reduce((s, g) => s + g.currentAmount, 0)

  return (
    <PageBody>
      <PageHeader
        description="Save toward what matters. Monthly contributions are set aside in your spending plan."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            New goal
          </Button>
        }
      />
      {goals.isLoading ? (
        <div className="grid gap-6 md:grid-cols-2" role="status" aria-label="Loading goals">
          {[0, 1].map((i) => (
            <div key={i} className="space-y-3 rounded-xl border bg-card p-5">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-8 w-32" />
              <Skeleton className="h-2 w-full" />
              <Skeleton className="h-4 w-48" />
            </div>
          ))}
        </div>
      ) : goals.error ? (
        <ErrorState what="your goals" error={goals.error} onRetry={() => void goals.refetch()} />
      ) : list.length === 0 ? (
        <EmptyStateCard
          icon={Target}
          title="No savings goals yet"
          action={
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              Create a goal
            </Button>
          }
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" data-testid="goals-total">
            Saved across {list.length} {list.length === 1 ? 'goal' : 'goals'}:{' '}
            <Money value={asCents(totalSaved)} className="font-semibold text-foreground" />
          </p>
          <div className="grid gap-6 md:grid-cols-2">
            {list.map((g) => (
              <GoalCard
                key={g.id}
                goal={g}
                today={today}
                accountName={g.accountId === null ? null : (accountNames.get(g.accountId) ?? null)}
                onContribute={() => setContributing(g)}
                onEdit={() => setEditing(g)}
                onDelete={() => setDeleting(g)}
              />
            ))}
          </div>
        </>
      )}
      <GoalFormDialog
        open={editing !== null}
        onOpenChange={(o) => {
          if (!o) setEditing(null)
        }}
        goal={editing === 'new' ? null : editing}
        accounts={(accounts.data ?? []).filter((a) => !a.isClosed)}
      />
      <ContributeDialog
        goal={contributing}
        today={today}
        onOpenChange={(o) => {
          if (!o) setContributing(null)
        }}
      />
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        noun="goal"
        description={
          <p>
            The goal and its contribution history go. Your accounts and transactions do not change.
          </p>
        }
        remove={remove}
      />
    </PageBody>
  )
}
