// The member's planned income (ADR 0044): each paycheck with its amount, its schedule in words
// ("Twice a month, 1st and 15th"), its next payday and its account; added, changed, paused and
// deleted by members who may write. A viewer sees the list only.
import { Wallet } from 'lucide-react'
import { useState } from 'react'
import type { Account } from '#src/contract/accounts'
import type { PlannedIncome } from '#src/contract/planned-income'
import { ActionsMenu, PauseMenuItem } from '#src/web/components/actions-menu'
import { ConfirmDeleteDialog } from '#src/web/components/confirm-delete-dialog'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
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
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useDateFormat } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'
import { useToday } from '#src/web/lib/today'
import {
  useDeletePlannedIncome,
  usePlannedIncome,
  useUpdatePlannedIncome,
} from '../api/planned-income'
import { nextPayday, scheduleInWords } from '../income-schedule'

function IncomeRow({
  income,
  accountName,
  canWrite,
  onEdit,
  onDelete,
}: {
  income: PlannedIncome
  accountName: string | null
  canWrite: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  const formatDate = useDateFormat()
  const update = useUpdatePlannedIncome()
  const irregular = income.schedule === 'irregular'
  const today = useToday()
  const next = nextPayday(income, today)
  const toggle = () =>
    update.mutate(
      { id: income.id, body: { isActive: !income.isActive } },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.isActive ? 'Income resumed' : 'Income paused',
            description: saved.isActive
              ? `${saved.name} is back in your plan.`
              : `${saved.name} is left out of your plan until you resume it.`,
          }),
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(e) }),
      },
    )
  return (
    <li className="flex items-start gap-2 py-3" data-testid="planned-income-row">
      <div className="min-w-0 flex-1 space-y-0.5">
        <div className="flex items-baseline justify-between gap-3">
          <p className="min-w-0 font-medium break-words">
            {income.name}
            {!income.isActive && (
              <Badge variant="secondary" className="ml-2 align-middle">
                Paused
              </Badge>
            )}
          </p>
          <p className="shrink-0 text-right font-medium">
            <Money value={income.amount} incomeTone={income.isActive} />
            {irregular && <span className="text-xs font-normal text-muted-foreground"> a month</span>}
          </p>
        </div>
        <p className="text-xs text-muted-foreground">{scheduleInWords(income)}</p>
        <p className="text-xs text-muted-foreground">
          {next === null ? null : <>Next payday {formatDate(next)} · </>}
          {accountName === null ? 'Any account' : `Into ${accountName}`}
        </p>
      </div>
      {canWrite && (
        <ActionsMenu label={income.name} onEdit={onEdit} onDelete={onDelete}>
          <PauseMenuItem active={income.isActive} onToggle={toggle} />
        </ActionsMenu>
      )}
    </li>
  )
}

export function PlannedIncomeCard({
  accounts,
  canWrite,
  onAdd,
  onEdit,
}: {
  /** every account the member sees, to name the one each income is paid into */
  accounts: readonly Account[]
  canWrite: boolean
  onAdd: () => void
  onEdit: (income: PlannedIncome) => void
}) {
  const list = usePlannedIncome()
  const remove = useDeletePlannedIncome()
  const [deleting, setDeleting] = useState<PlannedIncome | null>(null)
  const nameOf = (id: string | null) =>
    id === null ? null : (accounts.find((a) => a.id === id)?.name ?? null)
  const items = list.data ?? []
  return (
    <Card id="planned-income" aria-labelledby="planned-income-title" data-testid="planned-income">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle id="planned-income-title">Planned income</CardTitle>
          <CardDescription>The pay you expect: counted before it arrives</CardDescription>
        </div>
        {canWrite && items.length > 0 && (
          <Button variant="outline" size="sm" onClick={onAdd}>
            Add income
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {list.isLoading ? (
          <div className="space-y-3" role="status" aria-label="Loading planned income">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : list.error ? (
          <ErrorState
            what="your planned income"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={Wallet}
            title="No planned income yet"
            action={canWrite ? <Button onClick={onAdd}>Add income</Button> : undefined}
          />
        ) : (
          <ul className="-my-3 divide-y text-sm" aria-label="Planned income">
            {items.map((income) => (
              <IncomeRow
                key={income.id}
                income={income}
                accountName={nameOf(income.accountId)}
                canWrite={canWrite}
                onEdit={() => onEdit(income)}
                onDelete={() => setDeleting(income)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        noun="income"
        description={
          <p>
            Your plan stops expecting it. Pay that already came in stays in your transactions and
            still counts.
          </p>
        }
        remove={remove}
      />
    </Card>
  )
}
