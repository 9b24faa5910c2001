// Saved debt plans against real life: each plan's status (on track, ahead, behind) from the
// payments made into its accounts, the months planned against paid, what its extra payment does
// to today's daily allowance, and (adults) its payments made monthly bills, or the plan deleted.
import { CalendarPlus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { SavedDebtPlan } from '#src/contract/planning'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { ErrorState } from '#src/web/components/error-state'
import { LoadingCard } from '#src/web/components/loading-card'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Progress } from '#src/web/components/ui/progress'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_LOCALE, useMoney } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'
import { useCreateDebtPlanBills, useDebtPlans, useDeleteDebtPlan } from '../api/debt-plans'
import { formatMonth } from '../month-format'

const STATUS: Record<
  SavedDebtPlan['progress']['status'],
  { label: string; variant: 'secondary' | 'accent' | 'danger' | 'outline' }
> = {
  not_started: { label: 'Not started', variant: 'outline' },
  on_track: { label: 'On track', variant: 'secondary' },
  ahead: { label: 'Ahead', variant: 'accent' },
  behind: { label: 'Behind', variant: 'danger' },
}

export function SavedPlans({ canWrite }: { canWrite: boolean }) {
  const plans = useDebtPlans()
  if (plans.isLoading) {
    return (
      <LoadingCard label="Loading your saved plans">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-16 w-full" />
      </LoadingCard>
    )
  }
  if (plans.error)
    return (
      <ErrorState
        what="your saved plans"
        error={plans.error}
        onRetry={() => void plans.refetch()}
      />
    )
  const list = plans.data ?? []
  if (list.length === 0) return null
  return (
    <section aria-labelledby="saved-plans-title" className="space-y-3">
      <h2 id="saved-plans-title" className="text-lg font-semibold">
        Saved plans
      </h2>
      {list.map((plan) => (
        <SavedPlanCard key={plan.id} plan={plan} canWrite={canWrite} />
      ))}
    </section>
  )
}

function SavedPlanCard({ plan, canWrite }: { plan: SavedDebtPlan; canWrite: boolean }) {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const money = useMoney()
  const [asking, setAsking] = useState<'bills' | 'delete' | null>(null)
  const [dueDay, setDueDay] = useState('1')
  const [dueError, setDueError] = useState<string | undefined>()
  const bills = useCreateDebtPlanBills()
  const remove = useDeleteDebtPlan()
  const { progress, allowance } = plan
  const status = STATUS[progress.status]
  const share =
    progress.plannedToDate > 0 ? (progress.paidToDate / progress.plannedToDate) * 100 : 0

  const makeBills = () => {
    const day = Number(dueDay.trim())
    if (!/^\d{1,2}$/.test(dueDay.trim()) || day < 1 || day > 28) {
      setDueError('Enter a day from 1 to 28')
      return
    }
    setDueError(undefined)
    bills.mutate(
      { id: plan.id, dueDay: day },
      {
        onSuccess: (made) => {
          setAsking(null)
          toast({
            title:
              made.bills.length === 1
                ? 'Bill created'
                : `${String(made.bills.length)} bills created`,
            description: made.bills
              .map(
                (b) =>
                  `${b.name}: ${money(b.amount)} monthly${b.endDate === null ? '' : ` until ${formatMonth(b.endDate.slice(0, 7), locale)}`}`,
              )
              .join(', '),
          })
        },
      },
    )
  }

  return (
    <Card data-testid="saved-plan">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <CardTitle className="flex flex-wrap items-center gap-2">
            <span className="truncate">{plan.name}</span>
            <Badge variant={status.variant}>{status.label}</Badge>
          </CardTitle>
          <CardDescription>
            From {formatMonth(plan.startMonth, locale)}
            {plan.debtFreeMonth
              ? ` · debt-free in ${formatMonth(plan.debtFreeMonth, locale)}`
              : ' · never paid off at these payments'}
          </CardDescription>
        </div>
        {canWrite && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setAsking('bills')}>
              <CalendarPlus aria-hidden="true" />
              Create bills
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setAsking('delete')}
              aria-label={`Delete ${plan.name}`}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {progress.accountIds.length > 0 && progress.status !== 'not_started' && (
          <div className="space-y-1.5">
            <div className="flex justify-between gap-2 tabular-nums">
              <span>
                Paid <span className="money font-medium">{money(progress.paidToDate)}</span>
              </span>
              <span className="text-muted-foreground">
                of <span className="money">{money(progress.plannedToDate)}</span> planned so far
              </span>
            </div>
            <Progress
              value={share}
              aria-label={`${plan.name}: paid so far against planned`}
              indicatorClassName={progress.status === 'behind' ? 'bg-warning' : undefined}
            />
          </div>
        )}
        <p data-testid="plan-progress-text">{progress.text}</p>
        <p className="text-muted-foreground" data-testid="plan-allowance-text">
          {allowance.text}
        </p>
        {progress.accountIds.length > 0 && progress.months.length > 0 && (
          <details className="group">
            <summary className="cursor-pointer text-sm font-medium text-primary">
              Month by month
            </summary>
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">Planned and paid per month for {plan.name}</caption>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th scope="col" className="py-1 font-medium">
                    Month
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Planned
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Paid
                  </th>
                </tr>
              </thead>
              <tbody>
                {progress.months.map((m) => (
                  <tr key={m.month} className="border-t">
                    <th scope="row" className="py-1 text-left font-normal">
                      {formatMonth(m.month, locale)}
                    </th>
                    <td className="money py-1 text-right">{money(m.planned)}</td>
                    <td className="money py-1 text-right">{money(m.paid)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        )}
      </CardContent>
      <ConfirmDialog
        open={asking === 'bills'}
        onOpenChange={(open) => {
          if (!open) setAsking(null)
          bills.reset()
        }}
        title="Create the payments as bills"
        description="Each debt's payment this month becomes a monthly bill, with reminders before it is due, that ends in the month the plan pays the debt off. Later months may differ as paid-off debts free their minimums: edit the bills then."
        confirmLabel="Create bills"
        pendingLabel="Creating…"
        destructive={false}
        pending={bills.isPending}
        error={bills.error}
        onConfirm={makeBills}
      >
        <FormField label="Due on day" hint="1 to 28, so every month has it" error={dueError}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              className="w-24"
              value={dueDay}
              onChange={(e) => setDueDay(e.target.value)}
            />
          )}
        </FormField>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={(open) => {
          if (!open) setAsking(null)
          remove.reset()
        }}
        title={`Delete ${plan.name}?`}
        description="The saved plan goes; bills made from it stay."
        confirmLabel="Delete plan"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(plan.id, {
            onSuccess: () => {
              setAsking(null)
              toast({ title: 'Plan deleted' })
            },
          })
        }
      />
    </Card>
  )
}
