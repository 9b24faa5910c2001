// The financial mood card: level, score out of 100 and the factors behind it.
import { Frown, Laugh, Meh, Smile, SmilePlus, type LucideIcon } from 'lucide-react'
import type { FinancialMood, MoodLevel } from '#src/domain/mood'
import { Card, CardContent } from '#src/web/components/ui/card'
import { Progress } from '#src/web/components/ui/progress'

const LEVELS: Record<MoodLevel, { label: string; line: string; icon: LucideIcon }> = {
  excellent: {
    label: 'Excellent',
    line: 'Your finances are in great shape. Keep it up!',
    icon: Laugh,
  },
  good: { label: 'Good', line: 'You are on solid ground, with room to grow.', icon: SmilePlus },
  neutral: {
    label: 'Neutral',
    line: 'Steady. A few good habits will lift your score.',
    icon: Smile,
  },
  concerning: { label: 'Concerning', line: 'Some areas need attention this month.', icon: Meh },
  critical: {
    label: 'Critical',
    line: 'Let us get things back on track, one step at a time.',
    icon: Frown,
  },
}

export function MoodCard({ mood, loaded }: { mood: FinancialMood; loaded: boolean }) {
  const level = LEVELS[mood.mood]
  const Icon = level.icon
  return (
    <Card aria-labelledby="mood-title" data-testid="mood-card" data-mood={mood.mood}>
      <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center">
        <div className="flex items-center gap-4 sm:w-64">
          <span className="mood-text inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-muted">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <div>
            <h2 id="mood-title" className="text-sm font-medium text-muted-foreground">
              Financial mood
            </h2>
            <p className="mood-text text-xl font-semibold">{loaded ? level.label : 'Checking…'}</p>
          </div>
        </div>
        <div className="flex-1 space-y-2">
          <div className="flex items-baseline justify-between gap-2">
            <p className="text-sm">
              {loaded ? level.line : 'Looking at your accounts, budgets, goals and credit.'}
            </p>
            <p className="money text-sm font-semibold" data-testid="mood-score">
              {mood.score}/100
            </p>
          </div>
          <Progress value={mood.score} aria-label="Financial mood score" />
          <ul className="flex flex-wrap gap-1.5" aria-label="Mood factors">
            {mood.factors.length === 0 ? (
              <li className="text-xs text-muted-foreground">
                Add accounts, budgets and goals to build your score.
              </li>
            ) : (
              mood.factors.map((factor) => (
                <li key={factor} className="rounded-full bg-muted px-2.5 py-0.5 text-xs">
                  {factor}
                </li>
              ))
            )}
          </ul>
        </div>
      </CardContent>
    </Card>
  )
}
