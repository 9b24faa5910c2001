// Upcoming Bills (docs/product.md §2, §4, §9): 4 bills of the next 30 days with urgency colours and
// "Due today / Due tomorrow / N days".
import type { UseQueryResult } from '@tanstack/react-query'
import { Receipt } from 'lucide-react'
import type { Bill } from '#src/contract/bills'
import {
  billDueText,
  billUrgency,
  daysUntil,
  type BillUrgency,
} from '#src/domain/bill-urgency'
import type { IsoDate } from '#src/domain/dates'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { Badge } from '#src/web/components/ui/badge'
import { useDateFormat } from '#src/web/lib/format'
import { DashboardCard } from './dashboard-card'
import { ListSkeleton } from './list-skeleton'
import { AddButton } from './add-button'

export const DASHBOARD_BILLS = 4

const URGENCY_BADGE: Record<BillUrgency, 'danger' | 'warning' | 'secondary'> = {
  danger: 'danger',
  warning: 'warning',
  normal: 'secondary',
}

export function BillsCard({ bills, today }: { bills: UseQueryResult<Bill[]>; today: IsoDate }) {
  const formatDate = useDateFormat()
  const list = (bills.data ?? []).slice(0, DASHBOARD_BILLS)
  return (
    <DashboardCard id="bills-title" title="Upcoming Bills" linkTo="/bills" testId="bills-card">
      {bills.isLoading ? (
        <ListSkeleton rows={4} />
      ) : bills.error ? (
        <ErrorState what="your bills" error={bills.error} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title="No upcoming bills in the next 30 days"
          action={<AddButton kind="bill" label="Add a bill" to="/bills" />}
        />
      ) : (
        <ul className="divide-y">
          {list.map((b) => {
            const days = daysUntil(today, b.nextDueDate)
            const urgency = billUrgency(days)
            return (
              <li
                key={b.id}
                className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0"
                data-urgency={urgency}
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{b.name}</p>
                  <p className="text-xs text-muted-foreground">Due {formatDate(b.nextDueDate, { weekday: true })}</p>
                </div>
                <Badge variant={URGENCY_BADGE[urgency]} data-testid="bill-due">
                  {billDueText(days)}
                </Badge>
                <Money
                  value={b.amount}
                  className="inline-block min-w-20 text-right text-sm font-medium"
                />
              </li>
            )
          })}
        </ul>
      )}
    </DashboardCard>
  )
}
