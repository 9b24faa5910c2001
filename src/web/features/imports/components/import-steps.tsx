// Where the user is in the import: every step with its number on a wide screen, "Step 2 of 4 ·
// Account" and a bar on a phone.
import { Check } from 'lucide-react'
import { Progress } from '#src/web/components/ui/progress'
import { cn } from '#src/web/lib/cn'
import { STEP_LABELS, type StepId } from '../import-flow'

export function ImportSteps({ steps, current }: { steps: readonly StepId[]; current: StepId }) {
  const index = Math.max(0, steps.indexOf(current))
  return (
    <nav aria-label="Import steps" data-testid="import-steps">
      <div className="space-y-2 sm:hidden">
        <p className="text-sm font-medium">
          Step {index + 1} of {steps.length} · {STEP_LABELS[current]}
        </p>
        <Progress value={((index + 1) / steps.length) * 100} aria-label="Import progress" />
      </div>
      <ol className="hidden items-center gap-2 sm:flex">
        {steps.map((step, i) => {
          const done = i < index
          const active = i === index
          return (
            <li key={step} className="flex flex-1 items-center gap-2 last:flex-none">
              <span
                aria-current={active ? 'step' : undefined}
                className={cn(
                  'inline-flex items-center gap-2 text-sm whitespace-nowrap',
                  active ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                <span
                  className={cn(
                    'inline-flex size-6 items-center justify-center rounded-full border text-xs font-semibold tabular-nums',
                    active && 'border-primary bg-primary text-primary-foreground',
                    done && 'border-primary/40 bg-accent text-accent-foreground',
                  )}
                >
                  {done ? <Check className="size-3.5" aria-hidden="true" /> : i + 1}
                </span>
                {STEP_LABELS[step]}
                {done && <span className="sr-only">(done)</span>}
              </span>
              {i < steps.length - 1 && (
                <span aria-hidden="true" className="h-px flex-1 bg-border" />
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
