// Savings Goals (docs/product.md §2, §4, §9): the first 3 goals with progress and the domain's
// status text.
import type { UseQueryResult } from '@tanstack/react-query'
import { Target } from 'lucide-react'
import type { Goal } from '#src/contract/goals'
import type { IsoDate } from '#src/domain/dates'
import {
  goalProgressPercent,
  goalStatus,
  type GoalStatusKind,
} from '#src/domain/goal-status'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { Progress } from '#src/web/components/ui/progress'
import { cn } from '#src/web/lib/cn'
import { DashboardCard } from './dashboard-card'
import { ListSkeleton } from './list-skeleton'
import { AddButton } from './add-button'
import { formatPercent } from '#src/domain/locale'
import { displayLocale } from '#src/web/lib/display-locale'

export const DASHBOARD_GOALS = 3

const STATUS_CLASS: Record<GoalStatusKind, string> = {
  completed: 'text-primary font-medium',
  ahead: 'text-primary',
  on_track: 'text-muted-foreground',
  behind: 'text-warning',
  no_contribution: 'text-muted-foreground',
}

export function GoalsCard({ goals, today }: { goals: UseQueryResult<Goal[]>; today: IsoDate }) {
  const list = (goals.data ?? []).slice(0, DASHBOARD_GOALS)
  return (
    <DashboardCard id="goals-title" title="Savings Goals" linkTo="/goals" testId="goals-card">
      {goals.isLoading ? (
        <ListSkeleton rows={3} />
      ) : goals.error ? (
        <ErrorState what="your goals" error={goals.error} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={Target}
          title="No savings goals yet"
          action={<AddButton kind="goal" label="Create a goal" to="/goals" />}
        />
      ) : (
        <ul className="space-y-5">
          {list.map((g) => {
            const percent = goalProgressPercent(g.currentAmount, g.targetAmount)
            const status = goalStatus(g, today)
            return (
              <li key={g.id} className="space-y-1.5">
                <div className="flex items-baseline justify-between gap-2">
                  <p className="truncate text-sm font-medium">
                    {g.name}
                    {!g.isActive && (
                      <span className="ml-2 text-xs font-normal text-muted-foreground">Paused</span>
                    )}
                  </p>
                  <p className="money text-xs text-muted-foreground">{formatPercent(Math.floor(percent), displayLocale())}</p>
                </div>
                <Progress value={percent} aria-label={`${g.name} progress`} />
                <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs">
                  <span className="text-muted-foreground">
                    <Money value={g.currentAmount} /> of <Money value={g.targetAmount} />
                  </span>
                  <span className={cn(STATUS_CLASS[status.kind])} data-testid="goal-status">
                    {status.text}
                  </span>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </DashboardCard>
  )
}
