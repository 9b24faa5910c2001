// The weekly recap: the last 7 days' spending against the 7 before, and what went into goals.
import { CalendarRange } from 'lucide-react'
import type { MotivationView } from '#src/contract/coaching'
import { asCents } from '#src/domain/money'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { cn } from '#src/web/lib/cn'
import type { MoneyFormatter } from '#src/web/lib/format'

export function RecapCard({
  recap,
  formatMoney,
  formatDate,
}: {
  recap: MotivationView['recap']
  formatMoney: MoneyFormatter
  formatDate: (date: string) => string
}) {
  const less = recap.change < 0
  return (
    <Card data-testid="recap" className="h-full">
      <CardHeader className="flex-row items-center gap-2">
        <CalendarRange className="size-4 text-primary" aria-hidden="true" />
        <div>
          <CardTitle>Your week</CardTitle>
          <p className="text-sm text-muted-foreground">
            {formatDate(recap.from)} – {formatDate(recap.to)}
          </p>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Spent</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatMoney(recap.spent)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">The week before</dt>
            <dd className="text-xl font-semibold tabular-nums">
              {formatMoney(recap.spentLastWeek)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Change</dt>
            <dd
              className={cn(
                'font-medium tabular-nums',
                recap.change > 0 ? 'text-negative' : less ? 'text-positive' : '',
              )}
            >
              {recap.change === 0
                ? 'The same'
                : `${formatMoney(asCents(Math.abs(recap.change)))} ${less ? 'less' : 'more'}`}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Into goals</dt>
            <dd className="font-medium tabular-nums">{formatMoney(recap.saved)}</dd>
          </div>
        </dl>
        {recap.goals.length > 0 && (
          <ul className="space-y-1 border-t pt-3 text-sm">
            {recap.goals.map((g) => (
              <li key={g.goalId} className="flex justify-between gap-2">
                <span className="truncate">{g.name}</span>
                <span className="text-muted-foreground tabular-nums">
                  +{formatMoney(g.added)} · {g.percent} %
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
