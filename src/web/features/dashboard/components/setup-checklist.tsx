// A household with no accounts yet has nothing for the financial mood to score: instead of a
// "Critical 0/100" verdict it gets the few steps that bring the dashboard to life, each done one
// ticked. The mood (and the page's tint) takes over once an account exists.
import { CheckCircle2, Circle } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { cn } from '#src/web/lib/cn'
import { useQuickAdd, type QuickAddKind } from '#src/web/lib/quick-add'

type Step = {
  id: string
  title: string
  why: string
  done: boolean
  action: string
  /** the add form opened in place, or a page to go to */
  add?: QuickAddKind
  to: string
}

function StepAction({ step }: { step: Step }) {
  const quickAdd = useQuickAdd()
  const variant = step.done ? 'ghost' : 'outline'
  if (step.add !== undefined && quickAdd !== null) {
    const kind = step.add
    return (
      <Button size="sm" variant={variant} onClick={() => quickAdd(kind)}>
        {step.action}
      </Button>
    )
  }
  return (
    <Button asChild size="sm" variant={variant}>
      <Link to={step.to}>{step.action}</Link>
    </Button>
  )
}

export function SetupChecklist({
  hasAccount,
  hasTransactions,
  hasBudget,
  hasGoal,
}: {
  hasAccount: boolean
  hasTransactions: boolean
  hasBudget: boolean
  hasGoal: boolean
}) {
  const steps: Step[] = [
    {
      id: 'account',
      title: 'Add an account',
      why: 'Your checking, savings or card, with what it holds today.',
      done: hasAccount,
      action: 'Add an account',
      add: 'account',
      to: '/accounts',
    },
    {
      id: 'import',
      title: 'Import a statement',
      why: 'Bring in a bank file (OFX, QFX, QIF, CSV) instead of typing each payment.',
      done: hasTransactions,
      action: 'Import',
      to: '/transactions/import',
    },
    {
      id: 'budget',
      title: 'Set a budget',
      why: 'Decide what each category may spend this month.',
      done: hasBudget,
      action: 'Set a budget',
      to: '/spending-plan',
    },
    {
      id: 'goal',
      title: 'Add a goal',
      why: 'Something to save for, with a monthly amount.',
      done: hasGoal,
      action: 'Add a goal',
      add: 'goal',
      to: '/goals',
    },
  ]
  const done = steps.filter((s) => s.done).length
  return (
    <Card aria-labelledby="setup-title" data-testid="setup-checklist">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle id="setup-title">Set up your household</CardTitle>
          <CardDescription>
            A few steps and your dashboard fills in. Your financial mood appears once you add an
            account.
          </CardDescription>
        </div>
        <p className="money text-sm text-muted-foreground" data-testid="setup-progress">
          {done} of {steps.length} done
        </p>
      </CardHeader>
      <CardContent>
        <ol className="grid grid-cols-2 gap-3 xl:grid-cols-4" aria-label="Set-up steps">
          {steps.map((step) => (
            <SetupStep key={step.id} step={step}>
              <StepAction step={step} />
            </SetupStep>
          ))}
        </ol>
      </CardContent>
    </Card>
  )
}

function SetupStep({ step, children }: { step: Step; children: ReactNode }) {
  const Icon = step.done ? CheckCircle2 : Circle
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-lg border p-3 sm:p-4',
        step.done ? 'bg-muted/40' : 'bg-card',
      )}
      data-done={step.done}
    >
      <div className="flex items-start gap-2.5">
        <Icon
          className={cn(
            'mt-0.5 size-5 shrink-0',
            step.done ? 'text-primary' : 'text-muted-foreground',
          )}
          aria-hidden="true"
        />
        <div className="min-w-0">
          <p
            className={cn(
              'text-sm font-medium',
              step.done && 'line-through decoration-muted-foreground/60',
            )}
          >
            {step.title}
            {step.done && <span className="sr-only"> (done)</span>}
          </p>
          <p className="mt-0.5 hidden text-xs text-muted-foreground sm:block">{step.why}</p>
        </div>
      </div>
      {!step.done && <div className="mt-auto sm:pl-7">{children}</div>}
    </li>
  )
}
