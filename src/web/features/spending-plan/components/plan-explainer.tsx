// The Smart Spending Plan, line by line: the month's income, what is spent so far, each bill
// still due (with its date), each goal's contribution, what is left, and that spread over the
// days left in the month — the daily allowance, never below zero; and when it is 0, why, with
// only the advice that fits (lowering a budget only when there is one).
import type { ReactNode } from 'react'
import type { SpendingPlan } from '../../../../contract/spending-plan'
import { negate } from '../../../../domain/money'
import { Money } from '../../../components/money'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card'
import { cn } from '../../../lib/cn'
import { useDateFormat } from '../../../lib/format'

function Line({
  label,
  detail,
  value,
  strong = false,
  indent = false,
  divided = false,
  testId,
}: {
  label: string
  detail?: string
  value: ReactNode
  strong?: boolean
  indent?: boolean
  /** a rule above the line, starting a new part of the plan */
  divided?: boolean
  testId?: string
}) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-3 py-1.5',
        indent && 'pl-4 text-muted-foreground',
        divided && 'mt-1 border-t pt-2.5',
      )}
      data-testid={testId}
    >
      <dt className={cn('min-w-0', strong && 'font-semibold')}>
        <span className="truncate">{label}</span>
        {detail !== undefined && (
          <span className="ml-2 text-xs text-muted-foreground">{detail}</span>
        )}
      </dt>
      <dd className={cn('shrink-0 text-right', strong && 'font-semibold')}>{value}</dd>
    </div>
  )
}

/** Why the allowance is 0, and what could make room: only what this month's plan has. */
function zeroAllowanceNote(plan: SpendingPlan): string | null {
  const p = plan.plan
  if (p.daysLeft === 0) return null
  if (p.income === 0 && p.available <= 0) {
    return 'No income is recorded this month yet, so there is nothing to spread over the days left. Add your pay as a transaction and the allowance follows.'
  }
  if (p.available >= 0) return null
  const levers = [
    ...(plan.totals.budgeted > 0 ? ['lower a budget'] : []),
    ...(p.goalContributions > 0 ? ['lower a goal contribution'] : []),
  ]
  const advice = levers.length === 0 ? '' : ` To make room, ${levers.join(' or ')}.`
  return `Spending, bills and goals are above this month's income, so the allowance is 0.${advice}`
}

export function PlanExplainer({ plan }: { plan: SpendingPlan }) {
  const note = zeroAllowanceNote(plan)
  const formatDate = useDateFormat()
  const p = plan.plan
  return (
    <Card aria-labelledby="smart-plan-title" data-testid="smart-plan">
      <CardHeader>
        <CardTitle id="smart-plan-title">Smart Spending Plan</CardTitle>
        <CardDescription>How your daily allowance is worked out this month</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="text-sm">
          <Line
            label="Income this month"
            value={<Money value={p.income} incomeTone showPlus />}
            testId="plan-income"
          />
          <Line
            label="Spent so far"
            value={<Money value={negate(p.expenses)} />}
            testId="plan-spent"
          />
          <Line
            label="Bills still due"
            value={<Money value={negate(p.billsStillDue)} />}
            testId="plan-bills"
            divided
          />
          {plan.billLines.map((b) => (
            <Line
              key={`${b.billId}-${b.date}`}
              indent
              label={b.name}
              detail={formatDate(b.date)}
              value={<Money value={negate(b.amount)} />}
              testId="plan-bill-line"
            />
          ))}
          <Line
            label="Set aside for goals"
            value={<Money value={negate(p.goalContributions)} />}
            testId="plan-goals"
            divided
          />
          {plan.goalLines.map((g) => (
            <Line
              key={g.goalId}
              indent
              label={g.name}
              value={<Money value={negate(g.amount)} />}
              testId="plan-goal-line"
            />
          ))}
          <Line
            label="Available for the month"
            value={<Money value={p.available} />}
            strong
            divided
            testId="plan-available"
          />
          <Line
            label={`÷ ${p.daysLeft} ${p.daysLeft === 1 ? 'day' : 'days'} left`}
            value={
              <span className="text-lg text-primary" data-testid="plan-daily-allowance">
                <Money value={p.dailyAllowance} />{' '}
                <span className="text-xs text-muted-foreground">a day</span>
              </span>
            }
            strong
          />
        </dl>
        {note !== null && (
          <p
            className="mt-3 rounded-md bg-warning-surface p-2 text-sm text-warning"
            data-testid="plan-zero-note"
          >
            {note}
          </p>
        )}
      </CardContent>
    </Card>
  )
}
