// The Smart Spending Plan card (docs/product.md §2, §9): the server's daily allowance, how this
// month's money is set aside in the Spending Plan page's words and signs (expected income with what
// was received, spent so far, bills still due, goals, what budgets hold back, available), a prompt
// to add income while none is known, the top 5 spending categories, and "Set a budget" while the
// month has none.
import type { UseQueryResult } from '@tanstack/react-query'
import { ChartPie, ChevronRight } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { MonthlySummary } from '#src/contract/analytics'
import type { Budget } from '#src/contract/budgets'
import { negate } from '#src/domain/money'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { cn } from '#src/web/lib/cn'
import { useMoney } from '#src/web/lib/format'
import { AddButton } from './add-button'

export const TOP_CATEGORIES = 5

function Row({
  label,
  sub,
  value,
  testId,
  strong = false,
}: {
  label: string
  sub?: ReactNode
  value: ReactNode
  testId: string
  strong?: boolean
}) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4',
        strong && 'border-t pt-1.5 font-medium',
      )}
      data-testid={testId}
    >
      <dt className={cn('min-w-0', !strong && 'text-muted-foreground')}>
        {label}
        {sub !== undefined && <span className="block text-xs">{sub}</span>}
      </dt>
      <dd className="shrink-0 text-right">{value}</dd>
    </div>
  )
}

/** The page's lines in the page's words (ADR 0044): each figure the same as /spending-plan's. */
function Breakdown({ s }: { s: MonthlySummary }) {
  const format = useMoney()
  return (
    <div className="space-y-2">
      {s.incomeUnknown && (
        <p
          className="rounded-md border border-dashed p-2.5 text-sm"
          data-testid="plan-income-unknown"
        >
          Kinwise does not know your income yet, so there is no allowance to work out.{' '}
          <Link to="/spending-plan" className="font-medium underline underline-offset-2">
            Add your income
          </Link>
        </p>
      )}
      <dl className="space-y-1.5 text-sm">
        <Row
          label="Income this month (expected)"
          sub={s.incomeUnknown ? undefined : `${format(s.incomeReceived)} received`}
          value={
            s.incomeUnknown ? (
              <span className="text-muted-foreground">Not known yet</span>
            ) : (
              <Money value={s.income} incomeTone showPlus />
            )
          }
          testId="plan-income"
        />
        <Row label="Spent so far" value={<Money value={negate(s.expenses)} />} testId="plan-spent" />
        <Row
          label="Bills still due"
          value={<Money value={negate(s.billsStillDue)} />}
          testId="plan-bills"
        />
        <Row
          label="Set aside for goals"
          value={<Money value={negate(s.goalContributions)} />}
          testId="plan-goals"
        />
        <Row
          label="Held for budgets"
          value={<Money value={negate(s.plannedSpending)} />}
          testId="plan-held"
        />
        <Row
          label="Available this month"
          value={<Money value={s.available} />}
          testId="plan-available"
          strong
        />
      </dl>
    </div>
  )
}

function TopCategories({ s }: { s: MonthlySummary }) {
  const top = s.categorySpending.slice(0, TOP_CATEGORIES)
  if (top.length === 0) {
    return (
      <EmptyState
        icon={ChartPie}
        title="No spending data available for this month"
        action={
          <AddButton
            kind="transaction"
            label="Add a transaction"
            to="/transactions"
            variant="outline"
          />
        }
      />
    )
  }
  const largest = Math.max(...top.map((c) => c.total), 1)
  return (
    <ul className="space-y-3" aria-label="Top spending categories">
      {top.map((c) => (
        <TopCategory key={c.categoryId ?? 'uncategorized'} c={c} largest={largest} />
      ))}
    </ul>
  )
}

/** One group (ADR 0036): its total, and its subcategories behind a toggle. */
function TopCategory({
  c,
  largest,
}: {
  c: MonthlySummary['categorySpending'][number]
  largest: number
}) {
  const [open, setOpen] = useState(false)
  const partsId = useId()
  return (
    <li className="space-y-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        {c.children.length > 0 ? (
          <button
            type="button"
            className="flex min-w-0 items-center gap-1 rounded-sm text-left break-words hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-expanded={open}
            aria-controls={partsId}
            onClick={() => setOpen(!open)}
          >
            <ChevronRight
              aria-hidden="true"
              className={cn('size-3.5 shrink-0 transition-transform', open && 'rotate-90')}
            />
            {c.categoryName}
          </button>
        ) : (
          <span className="min-w-0 break-words">{c.categoryName}</span>
        )}
        <Money value={c.total} className="shrink-0" />
      </div>
      <div className="h-1.5 rounded-full bg-muted" aria-hidden="true">
        <div
          className="h-full rounded-full bg-primary"
          style={{ width: `${(c.total / largest) * 100}%` }}
        />
      </div>
      {open && (
        <dl
          id={partsId}
          aria-label={`${c.categoryName} by subcategory`}
          className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 pt-1 pl-5 text-xs text-muted-foreground"
        >
          {c.children.map((part) => (
            <div key={part.categoryId ?? 'uncategorized'} className="contents">
              <dt className="min-w-0 break-words">
                {part.categoryId === c.categoryId ? `${part.categoryName} (itself)` : part.categoryName}
              </dt>
              <dd className="text-right">
                <Money value={part.total} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  )
}

export function SpendingPlanCard({
  summary,
  budgets,
}: {
  summary: UseQueryResult<MonthlySummary>
  budgets: UseQueryResult<Budget[]>
}) {
  const s = summary.data
  const noBudget = budgets.data !== undefined && budgets.data.every((b) => b.amount <= 0)
  return (
    <Card data-testid="spending-plan-card" aria-labelledby="spending-plan-title">
      <CardHeader className="flex-row items-start justify-between">
        <div className="space-y-1">
          <CardTitle id="spending-plan-title">Smart Spending Plan</CardTitle>
          <CardDescription>What you can spend each day for the rest of the month</CardDescription>
        </div>
        {noBudget ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/spending-plan">Set a budget</Link>
          </Button>
        ) : (
          <Button asChild variant="ghost" size="sm">
            <Link to="/spending-plan">Open plan</Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {summary.isLoading ? (
          <div className="space-y-3">
            <Skeleton className="h-10 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : summary.error ? (
          <ErrorState what="your spending plan" error={summary.error} />
        ) : s ? (
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <div className="space-y-4">
              <div>
                <p className="text-sm text-muted-foreground">Daily allowance</p>
                <p className="text-3xl font-semibold tracking-tight" data-testid="daily-allowance">
                  <Money value={s.dailyAllowance} />
                </p>
                <p className="text-xs text-muted-foreground">
                  for each of the {s.daysLeft} {s.daysLeft === 1 ? 'day' : 'days'} left this month
                </p>
              </div>
              <Breakdown s={s} />
            </div>
            <div>
              <h3 className="mb-3 text-sm font-medium">Top spending categories</h3>
              <TopCategories s={s} />
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}
