// The Smart Spending Plan, line by line, as the server works it out (ADR 0044): the month's
// expected income with each payday (received, expected, late, or missed and not counted), what
// is spent so far, each bill still due (paid, partly paid, overdue), each goal's contribution,
// what the budgets still hold back, what is available, and that spread over the days left — the
// daily allowance, never below zero. With no income known it asks for it; with a 0 allowance it
// gives the server's advice, only the actions that would raise it.
import type { ReactNode } from 'react'
import type { SpendingPlan } from '#src/contract/spending-plan'
import { negate, type Cents } from '#src/domain/money'
import { Money } from '#src/web/components/money'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { cn } from '#src/web/lib/cn'
import { useDateFormat, useMoney, type MoneyFormatter } from '#src/web/lib/format'

type IncomeLine = SpendingPlan['incomeLines'][number]
type BillLine = SpendingPlan['billLines'][number]
type Advice = SpendingPlan['advice'][number]

function Line({
  label,
  sub,
  value,
  strong = false,
  indent = false,
  divided = false,
  testId,
}: {
  label: ReactNode
  /** a second line under the label: a date, a status, what the figure includes */
  sub?: ReactNode
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
        indent && 'pl-4',
        divided && 'mt-1 border-t pt-2.5',
      )}
      data-testid={testId}
    >
      <dt className={cn('min-w-0 break-words', strong && 'font-semibold', indent && 'text-muted-foreground')}>
        {label}
        {sub !== undefined && (
          <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-normal text-muted-foreground">
            {sub}
          </span>
        )}
      </dt>
      <dd className={cn('shrink-0 text-right', strong && 'font-semibold')}>{value}</dd>
    </div>
  )
}

/** Money the plan keeps back: the total, a part of the plan of its own, then each share of it. */
function SetAsideLines({
  label,
  sub,
  total,
  testId,
  lineTestId,
  lines,
}: {
  label: string
  sub?: ReactNode
  total: Cents
  testId: string
  lineTestId: string
  lines: readonly { key: string; label: string; amount: Cents }[]
}) {
  return (
    <>
      <Line label={label} sub={sub} value={<Money value={negate(total)} />} testId={testId} divided />
      {lines.map((line) => (
        <Line
          key={line.key}
          indent
          label={line.label}
          value={<Money value={negate(line.amount)} />}
          testId={lineTestId}
        />
      ))}
    </>
  )
}

function IncomeStatus({ line }: { line: IncomeLine }) {
  const formatDate = useDateFormat()
  const format = useMoney()
  if (line.origin === 'irregular') {
    return (
      <>
        <Badge variant="secondary">Estimate</Badge>
        <span>
          {line.status === 'received'
            ? `${format(line.expected)} expected this month: all of it is in`
            : `${format(line.expected)} expected this month, counted as it comes`}
        </span>
      </>
    )
  }
  switch (line.status) {
    case 'received': {
      const came = line.arrivedOn ?? line.date
      const differs = line.expected > 0 && line.expected !== line.amount && line.amount > 0
      return (
        <>
          <Badge variant="accent">Received</Badge>
          <span>
            {line.amount === 0 && line.expected > 0
              ? `came early, ${formatDate(came)}: counted last month`
              : `${formatDate(came)}${differs ? `, ${format(line.expected)} expected` : ''}`}
          </span>
        </>
      )
    }
    case 'expected':
      return (
        <>
          <Badge variant="outline">Expected</Badge>
          <span>{formatDate(line.date)}</span>
        </>
      )
    case 'late':
      return (
        <>
          <Badge variant="warning">Late — not in yet</Badge>
          <span>was due {formatDate(line.date)}</span>
        </>
      )
    case 'missed':
      return (
        <>
          <Badge variant="danger">Missed — flagged, not counted</Badge>
          <span>was due {formatDate(line.date)}</span>
        </>
      )
  }
}

function IncomeValue({ line }: { line: IncomeLine }) {
  if (line.status === 'missed') {
    return (
      <span className="text-muted-foreground line-through">
        <Money value={line.expected} />
        <span className="sr-only"> not counted</span>
      </span>
    )
  }
  return <Money value={line.amount} incomeTone showPlus />
}

function BillStatus({ line }: { line: BillLine }) {
  const formatDate = useDateFormat()
  const format = useMoney()
  switch (line.status) {
    case 'paid':
      return (
        <>
          <Badge variant="secondary">Paid</Badge>
          <span>due {formatDate(line.date)}, in spent so far</span>
        </>
      )
    case 'partial':
      return (
        <span>
          due {formatDate(line.date)} · Paid {format(line.paid)} of {format(line.amount)}
        </span>
      )
    case 'due':
      return <span>due {formatDate(line.date)}</span>
    case 'overdue':
      return (
        <>
          <Badge variant="danger">Overdue</Badge>
          <span>was due {formatDate(line.date)}</span>
        </>
      )
  }
}

/** One piece of the server's advice, in plain words. */
function adviceText(advice: Advice, format: MoneyFormatter): string {
  switch (advice.kind) {
    case 'add_income':
      return 'Add your income: the allowance is worked out from it'
    case 'lower_budget':
      return `Lower the ${advice.name} budget: it still holds ${format(advice.holds)}`
    case 'lower_goal':
      return `Lower the ${advice.name} contribution: ${format(advice.stillToSave)} still to set aside`
    case 'bills_over_income':
      return `Your bills are ${format(advice.shortBy)} more than this month's income`
    case 'over_budgets':
      return `Your budgets ask ${format(advice.shortBy)} more than the money left after bills and goals`
  }
}

/** Why the allowance is 0, from the plan's own lines. */
function zeroReason(p: SpendingPlan['plan']): string {
  if (p.incomeUnknown) return 'No income is known yet, so there is nothing to spread over the days left.'
  if (p.available > 0) return 'What is left comes to less than a cent a day.'
  const parts = [
    ...(p.expenses > 0 ? ['spending'] : []),
    ...(p.billsStillDue > 0 ? ['bills still due'] : []),
    ...(p.goalContributions > 0 ? ['goals'] : []),
    ...(p.plannedSpending > 0 ? ['budgets'] : []),
  ]
  const subject =
    parts.length === 0
      ? 'Nothing'
      : parts.length === 1
        ? (parts[0] ?? '')
        : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`
  const many = parts.length > 1
  const verb =
    p.available < 0 ? (many ? 'are above' : 'is above') : many ? 'use all of' : 'uses all of'
  return `${subject.charAt(0).toUpperCase()}${subject.slice(1)} ${verb} this month's income, so the allowance is 0.`
}

export function PlanExplainer({
  plan,
  canWrite,
  onAddIncome,
}: {
  plan: SpendingPlan
  /** the member may add planned income (not a viewer) */
  canWrite: boolean
  onAddIncome: () => void
}) {
  const format = useMoney()
  const p = plan.plan
  // with no income known, the prompt to add it is the whole of the reason and the advice
  const showZero = p.dailyAllowance === 0 && p.daysLeft > 0 && !p.incomeUnknown
  return (
    <Card aria-labelledby="smart-plan-title" data-testid="smart-plan">
      <CardHeader>
        <CardTitle id="smart-plan-title">Smart Spending Plan</CardTitle>
        <CardDescription>How your daily allowance is worked out this month</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="text-sm">
          <Line
            label="Income this month (expected)"
            sub={
              p.incomeUnknown ? undefined : (
                <span>
                  {format(p.incomeReceived)} received
                  {p.incomeStillExpected > 0 && `, ${format(p.incomeStillExpected)} still expected`}
                </span>
              )
            }
            value={
              p.incomeUnknown ? (
                <span className="text-muted-foreground">Not known yet</span>
              ) : (
                <Money value={p.income} incomeTone showPlus />
              )
            }
            testId="plan-income"
          />
          {plan.incomeLines.map((line) => (
            <Line
              key={line.key}
              indent
              label={line.label}
              sub={<IncomeStatus line={line} />}
              value={<IncomeValue line={line} />}
              testId="plan-income-line"
            />
          ))}
        </dl>
        {p.incomeHasEstimate && (
          <p className="mt-1 text-xs text-muted-foreground" data-testid="plan-income-estimate">
            Part of this income is an estimate of irregular pay: the lowest of your last 3 months,
            so the plan does not count on more than is likely to come.
          </p>
        )}
        {p.incomeUnknown && (
          <div
            className="mt-2 space-y-2 rounded-md border border-dashed p-3 text-sm"
            data-testid="plan-income-unknown"
          >
            <p>
              Kinwise does not know your income yet, so it cannot work out what you can spend each
              day. Add the pay you expect and the plan counts it before it arrives.
            </p>
            {canWrite ? (
              <Button size="sm" onClick={onAddIncome}>
                Add your income
              </Button>
            ) : (
              <p className="text-muted-foreground">An adult in your household can add it.</p>
            )}
          </div>
        )}
        <dl className="text-sm">
          <Line
            label="Spent so far"
            sub={
              p.billsPaid > 0 ? <span>includes {format(p.billsPaid)} of bills paid</span> : undefined
            }
            value={<Money value={negate(p.expenses)} />}
            testId="plan-spent"
            divided
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
              sub={<BillStatus line={b} />}
              value={
                b.status === 'paid' ? (
                  <Money value={b.remaining} className="text-muted-foreground" />
                ) : (
                  <Money value={negate(b.remaining)} />
                )
              }
              testId="plan-bill-line"
            />
          ))}
          <SetAsideLines
            label="Set aside for goals"
            total={p.goalContributions}
            testId="plan-goals"
            lineTestId="plan-goal-line"
            lines={plan.goalLines.map((g) => ({ key: g.goalId, label: g.name, amount: g.amount }))}
          />
          <SetAsideLines
            label="Held for budgets"
            sub={<span>what your budgets have not spent yet</span>}
            total={p.plannedSpending}
            testId="plan-held"
            lineTestId="plan-held-line"
            lines={plan.budgetHolds.map((h) => ({
              key: h.categoryId,
              label: h.name,
              amount: h.holds,
            }))}
          />
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
        {showZero && (
          <div
            className="mt-3 space-y-1.5 rounded-md bg-warning-surface p-3 text-sm text-warning"
            data-testid="plan-zero-note"
          >
            <p>{zeroReason(p)}</p>
            {plan.advice.length > 0 && (
              <>
                <p className="font-medium">To make room:</p>
                <ul className="list-disc space-y-1 pl-5">
                  {plan.advice.map((a) => (
                    <li key={adviceKey(a)} data-testid="plan-advice">
                      {adviceText(a, format)}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  )
}

function adviceKey(a: Advice): string {
  switch (a.kind) {
    case 'lower_budget':
      return `${a.kind}:${a.categoryId}`
    case 'lower_goal':
      return `${a.kind}:${a.goalId}`
    default:
      return a.kind
  }
}
