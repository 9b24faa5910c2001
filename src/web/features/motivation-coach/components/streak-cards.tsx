// The three streaks (days within the daily allowance, no-spend days, bills paid on time): the run
// now, the longest, how many counted, and for the two daily ones the last 30 days as a strip of
// marks (with words in its label, colour never the only signal).
import { CalendarCheck, Receipt, Wallet, type LucideIcon } from 'lucide-react'
import type { MotivationView } from '#src/contract/coaching'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { cn } from '#src/web/lib/cn'
import type { ReactNode } from 'react'

type Summary = MotivationView['streaks']['allowance']
type Day = MotivationView['days'][number]

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function DayStrip({ days, ok, label }: { days: Day[]; ok: (d: Day) => boolean; label: string }) {
  const count = days.filter(ok).length
  return (
    <div
      role="img"
      aria-label={`${label}: ${count} of the last ${days.length} days`}
      className="grid grid-cols-[repeat(15,minmax(0,1fr))] gap-1"
    >
      {days.map((d) => (
        <span
          key={d.date}
          className={cn('h-2.5 rounded-sm', ok(d) ? 'bg-primary' : 'bg-muted-foreground/25')}
        />
      ))}
    </div>
  )
}

function StreakCard({
  icon: Icon,
  title,
  unit,
  summary,
  caption,
  children,
  testId,
}: {
  icon: LucideIcon
  title: string
  unit: string
  summary: Summary
  caption: string
  children?: ReactNode
  testId: string
}) {
  return (
    <Card data-testid={testId} className="flex h-full flex-col">
      <CardHeader className="flex-row items-center gap-2">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <p>
          <span className="text-3xl font-semibold tabular-nums">{summary.current}</span>{' '}
          <span className="text-sm text-muted-foreground">
            {summary.current === 1 ? unit : `${unit}s`} in a row
          </span>
        </p>
        <p className="text-sm text-muted-foreground">{caption}</p>
        {children}
        <dl className="mt-auto grid grid-cols-2 gap-2 border-t pt-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Longest</dt>
            <dd className="font-medium tabular-nums">{plural(summary.longest, unit)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Freezes used</dt>
            <dd className="font-medium tabular-nums">{summary.freezesUsed}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  )
}

export function StreakCards({
  view,
  formatAllowance,
}: {
  view: MotivationView
  formatAllowance: string
}) {
  const noAllowance = view.allowance <= 0
  const { streaks, days } = view
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <StreakCard
        icon={Wallet}
        title="Within your allowance"
        unit="day"
        summary={streaks.allowance}
        caption={
          noAllowance
            ? 'Your spending plan has no daily allowance left this month, so only days without spending count. Add this month’s income to get one.'
            : `${streaks.allowance.okCount} of the last ${streaks.allowance.total} days at or under ${formatAllowance} a day.`
        }
        testId="streak-allowance"
      >
        <DayStrip days={days} ok={(d) => d.withinAllowance} label="Days within the allowance" />
      </StreakCard>
      <StreakCard
        icon={CalendarCheck}
        title="No-spend days"
        unit="day"
        summary={streaks.noSpend}
        caption={`${plural(streaks.noSpend.okCount, 'no-spend day')} in the last ${streaks.noSpend.total} days.`}
        testId="streak-no-spend"
      >
        <DayStrip days={days} ok={(d) => d.noSpend} label="No-spend days" />
      </StreakCard>
      <StreakCard
        icon={Receipt}
        title="Bills paid on time"
        unit="bill"
        summary={streaks.bills}
        caption={
          streaks.bills.total === 0
            ? 'No bill payments yet: mark a bill paid and it counts here.'
            : `${streaks.bills.okCount} of ${plural(streaks.bills.total, 'payment')} on or before the due date.`
        }
        testId="streak-bills"
      />
    </div>
  )
}
