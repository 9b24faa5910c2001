// The Spending Plan page: a month at a time (in the URL), each category's budget typed in place
// with its rollover, spending and what is left coloured by how much is used; copy last month's
// budgets; the Smart Spending Plan explained line by line; the member's planned income, added and
// changed in a dialog; and the categories managed in a dialog.
import { useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight, Copy, FolderTree, PiggyBank } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { month as monthSchema } from '#src/contract/budgets'
import type { PlannedIncome } from '#src/contract/planned-income'
import { roleAtLeast } from '#src/domain/access'
import { addMonths } from '#src/domain/dates'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { PageBody } from '#src/web/components/page-header'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_LOCALE, useMoney } from '#src/web/lib/format'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { categoriesQuery } from '#src/web/lib/queries/categories'
import { toast } from '#src/web/lib/toast'
import { useToday } from '#src/web/lib/today'
import { useCopyBudgets } from './api/copy-budgets'
import { useSpendingPlan } from './api/get-spending-plan'
import { BudgetRow } from './components/budget-row'
import { CategoryManagerDialog } from './components/category-manager'
import { IncomeDialog } from './components/income-dialog'
import { PlanExplainer } from './components/plan-explainer'
import { PlannedIncomeCard } from './components/planned-income-card'

function shiftMonth(month: string, by: number): string {
  return addMonths(`${month}-01`, by).slice(0, 7)
}

function monthTitle(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number)
  try {
    return new Intl.DateTimeFormat(locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, 1)))
  } catch {
    return month
  }
}

function PlanSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]" role="status" aria-label="Loading the plan">
      <div className="space-y-3 rounded-xl border bg-card p-5">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-9 w-28" />
            <Skeleton className="h-2 w-40" />
            <Skeleton className="h-4 w-16" />
          </div>
        ))}
      </div>
      <Skeleton className="h-80 rounded-xl" />
    </div>
  )
}

export function SpendingPlanPage() {
  const { user } = useAuth()
  const today = useToday()
  const [params, setParams] = useSearchParams()
  const asked = params.get('month')
  const month = asked !== null && monthSchema.safeParse(asked).success ? asked : today.slice(0, 7)
  const plan = useSpendingPlan(month)
  const categories = useQuery(categoriesQuery)
  const copy = useCopyBudgets()
  const [managing, setManaging] = useState(false)
  const accounts = useQuery(accountsQuery)
  // the income being changed: null for a new one, undefined while the dialog is closed
  const [income, setIncome] = useState<PlannedIncome | null | undefined>(undefined)
  const format = useMoney()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const role = user?.role ?? 'viewer'
  const canWrite = roleAtLeast(role, 'teen')
  const teen = role === 'teen'
  // planned income names an account the member sees whole; a teen's must be one of their own
  const incomeAccounts = (accounts.data ?? []).filter(
    (a) => !a.isClosed && a.view === 'full' && (!teen || a.ownerId === user?.id),
  )

  const goTo = (m: string) =>
    setParams(m === today.slice(0, 7) ? {} : { month: m }, { replace: true })
  const previous = shiftMonth(month, -1)

  const copyLastMonth = () =>
    copy.mutate(
      { fromMonth: previous, toMonth: month },
      {
        onSuccess: (copied) =>
          toast({
            title: copied.length === 0 ? 'Nothing to copy' : 'Budgets copied',
            description:
              copied.length === 0
                ? `${monthTitle(previous, locale)} has no budgets that this month lacks.`
                : `${copied.length} ${copied.length === 1 ? 'budget' : 'budgets'} from ${monthTitle(previous, locale)}.`,
          }),
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Not copied', description: errorMessage(e) }),
      },
    )

  const data = plan.data
  const rows = (data?.categories ?? []).filter((c) => c.kind === 'expense')
  return (
    <PageBody wide>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1" role="group" aria-label="Month">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous month"
            onClick={() => goTo(previous)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <h2
            className="min-w-40 text-center text-lg font-semibold"
            aria-live="polite"
            data-testid="plan-month"
          >
            {monthTitle(month, locale)}
          </h2>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next month"
            onClick={() => goTo(shiftMonth(month, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          {month !== today.slice(0, 7) && (
            <Button variant="ghost" onClick={() => goTo(today.slice(0, 7))}>
              This month
            </Button>
          )}
        </div>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button variant="outline" onClick={copyLastMonth} disabled={copy.isPending}>
            <Copy aria-hidden="true" />
            Copy last month
          </Button>
          <Button variant="outline" onClick={() => setManaging(true)}>
            <FolderTree aria-hidden="true" />
            Categories
          </Button>
        </div>
      </div>

      {plan.isLoading ? (
        <PlanSkeleton />
      ) : plan.error || data === undefined ? (
        <ErrorState
          what="the spending plan"
          error={plan.error}
          onRetry={() => void plan.refetch()}
        />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
          <Card aria-labelledby="budgets-title" data-testid="budgets">
            <CardHeader className="gap-3">
              <CardTitle id="budgets-title">Budgets</CardTitle>
              <dl className="grid grid-cols-3 gap-3 text-sm" data-testid="budget-totals">
                <div>
                  <dt className="text-muted-foreground">Budgeted</dt>
                  <dd className="text-lg font-semibold">
                    <Money value={data.totals.budgeted} />
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Spent</dt>
                  <dd className="text-lg font-semibold">
                    <Money value={data.totals.spent} />
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Left</dt>
                  <dd
                    className={
                      data.totals.available < 0
                        ? 'text-lg font-semibold text-negative'
                        : 'text-lg font-semibold'
                    }
                  >
                    <Money value={data.totals.available} />
                  </dd>
                </div>
              </dl>
              {(data.plan.unbudgetedSpent > 0 || data.plan.budgeted > 0) && (
                <div className="space-y-0.5 text-xs text-muted-foreground">
                  {data.plan.unbudgetedSpent > 0 && (
                    <p data-testid="budget-unbudgeted">
                      Spending with no budget: <Money value={data.plan.unbudgetedSpent} />
                    </p>
                  )}
                  {data.plan.budgeted > 0 && (
                    <p data-testid="budget-holds">
                      {data.plan.flexible > 0
                        ? `Budgets hold back ${format(data.plan.plannedSpending)} of this month's ${format(data.plan.flexible)} flexible money`
                        : `Budgets hold back ${format(data.plan.plannedSpending)}; bills and goals already take all of this month's income`}
                    </p>
                  )}
                </div>
              )}
            </CardHeader>
            <CardContent className="px-0 pb-2">
              <div
                className="hidden grid-cols-[minmax(10rem,1.4fr)_8.5rem_4.5rem_minmax(7rem,1fr)_7rem] gap-x-4 border-y bg-muted/40 px-4 py-2 text-xs font-medium text-muted-foreground md:grid"
                aria-hidden="true"
              >
                <span>Category</span>
                <span className="text-right">Budget</span>
                <span className="text-center">Roll over</span>
                <span>Spent</span>
                <span className="text-right">Available</span>
              </div>
              {rows.length === 0 ? (
                <EmptyState
                  icon={PiggyBank}
                  title="No categories to budget yet"
                  action={<Button onClick={() => setManaging(true)}>Add a category</Button>}
                />
              ) : (
                <ul className="divide-y" aria-label="Budgets by category">
                  {rows.map((row) => (
                    <BudgetRow key={row.categoryId} row={row} plan={data} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <div className="space-y-6">
            <PlanExplainer plan={data} canWrite={canWrite} onAddIncome={() => setIncome(null)} />
            <PlannedIncomeCard
              accounts={accounts.data ?? []}
              canWrite={canWrite}
              onAdd={() => setIncome(null)}
              onEdit={setIncome}
            />
          </div>
        </div>
      )}
      <CategoryManagerDialog
        open={managing}
        onOpenChange={setManaging}
        categories={categories.data ?? []}
      />
      <IncomeDialog
        open={income !== undefined}
        onOpenChange={(open) => {
          if (!open) setIncome(undefined)
        }}
        income={income ?? null}
        accounts={incomeAccounts}
        defaultAccountId={incomeAccounts[0]?.id ?? null}
        ownAccountsOnly={teen}
        today={today}
      />
    </PageBody>
  )
}
