// Milestones: net worth's highest round number reached and the next one, and each goal's
// 25 / 50 / 75 / 100 % steps, with the ones crossed lately marked.
import { Flag, Trophy } from 'lucide-react'
import type { MotivationView } from '#src/contract/coaching'
import { Badge } from '#src/web/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Progress } from '#src/web/components/ui/progress'
import type { MoneyFormatter } from '#src/web/lib/format'

export function MilestonesCard({
  milestones,
  formatMoney,
}: {
  milestones: MotivationView['milestones']
  formatMoney: MoneyFormatter
}) {
  const nw = milestones.netWorth
  return (
    <Card data-testid="milestones" className="h-full">
      <CardHeader className="flex-row items-center gap-2">
        <Trophy className="size-4 text-primary" aria-hidden="true" />
        <CardTitle>Milestones</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1">
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-sm text-muted-foreground">Net worth</span>
            <span className="font-semibold tabular-nums">{formatMoney(nw.value)}</span>
          </p>
          <p className="text-sm">
            {nw.reached !== null ? (
              <>
                Passed {formatMoney(nw.reached)}
                {nw.crossedThisMonth && (
                  <Badge variant="accent" className="ml-2">
                    This month
                  </Badge>
                )}
              </>
            ) : (
              'No round number passed yet.'
            )}
          </p>
          {nw.next !== null && nw.toNext !== null && (
            <p className="text-sm text-muted-foreground">
              {formatMoney(nw.toNext)} to go until {formatMoney(nw.next)}.
            </p>
          )}
        </div>
        <div className="space-y-3 border-t pt-3">
          <h3 className="text-sm font-medium">Goals</h3>
          {milestones.goals.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No active goals yet. Add one on the Goals page to see its milestones here.
            </p>
          ) : (
            <ul className="space-y-3">
              {milestones.goals.map((g) => (
                <li key={g.goalId} className="space-y-1.5">
                  <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="flex min-w-0 items-center gap-1.5 font-medium">
                      <Flag
                        className="size-3.5 shrink-0 text-muted-foreground"
                        aria-hidden="true"
                      />
                      <span className="truncate">{g.name}</span>
                      {g.reachedThisWeek && g.reached !== null && (
                        <Badge variant="accent">Passed {g.reached} % this week</Badge>
                      )}
                    </span>
                    <span className="text-muted-foreground tabular-nums">{g.percent} %</span>
                  </p>
                  <Progress
                    value={Math.min(100, g.percent)}
                    aria-label={`${g.name}: ${g.percent} % saved`}
                  />
                  {g.next !== null && (
                    <p className="text-xs text-muted-foreground">Next step: {g.next} %</p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
