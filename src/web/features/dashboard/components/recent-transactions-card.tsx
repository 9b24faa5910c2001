// Recent Transactions (docs/product.md §2, §9): the 5 newest, with category, date and amount.
import type { UseQueryResult } from '@tanstack/react-query'
import { ArrowDownLeft, ArrowLeftRight, ArrowUpRight } from 'lucide-react'
import type { Account } from '#src/contract/accounts'
import type { Category } from '#src/contract/categories'
import type { Transaction } from '#src/contract/transactions'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'
import { DashboardCard } from './dashboard-card'
import { ListSkeleton } from './list-skeleton'
import { AddButton } from './add-button'

/** Entries that move a balance without being income or spending. */
const BALANCE_ENTRIES: Partial<Record<Transaction['kind'], string>> = {
  transfer: 'Transfer',
  opening_balance: 'Opening balance',
  adjustment: 'Balance adjustment',
}

function label(t: Transaction): string {
  return (
    t.merchant ||
    t.description ||
    BALANCE_ENTRIES[t.kind] ||
    (t.type === 'income' ? 'Income' : 'Expense')
  )
}

export function RecentTransactionsCard({
  transactions,
  categories,
  accounts,
}: {
  transactions: UseQueryResult<Transaction[]>
  categories: Category[] | undefined
  accounts: Account[] | undefined
}) {
  const formatDate = useDateFormat()
  const names = new Map((categories ?? []).map((c) => [c.id, c.name]))
  const accountNames = new Map((accounts ?? []).map((a) => [a.id, a.name]))
  const list = (transactions.data ?? []).slice(0, 5)
  return (
    <DashboardCard
      id="recent-title"
      title="Recent Transactions"
      linkTo="/transactions"
      testId="recent-transactions-card"
      action={
        list.length > 0 && (
          <AddButton
            kind="transaction"
            label="Add a transaction"
            to="/transactions"
            variant="ghost"
            compact
          />
        )
      }
    >
      {transactions.isLoading ? (
        <ListSkeleton rows={5} />
      ) : transactions.error ? (
        <ErrorState what="your transactions" error={transactions.error} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={ArrowLeftRight}
          title="No transactions yet"
          action={
            (accounts ?? []).length === 0 ? (
              <AddButton kind="account" label="Add an account first" to="/accounts" />
            ) : (
              <AddButton kind="transaction" label="Add a transaction" to="/transactions" />
            )
          }
        />
      ) : (
        <ul className="divide-y">
          {list.map((t) => {
            const balanceEntry = BALANCE_ENTRIES[t.kind]
            const incoming = t.amount > 0 && balanceEntry === undefined
            const Icon =
              balanceEntry !== undefined ? ArrowLeftRight : incoming ? ArrowDownLeft : ArrowUpRight
            // a balance entry has no category: say which account it belongs to
            const detail =
              balanceEntry !== undefined
                ? (accountNames.get(t.accountId) ?? balanceEntry)
                : t.categoryId === null
                  ? 'Uncategorized'
                  : (names.get(t.categoryId) ?? 'Category')
            return (
              <li key={t.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                <span
                  className={cn(
                    'inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-muted',
                    incoming && 'text-positive',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{label(t)}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {detail} · {formatDate(t.date)}
                  </p>
                </div>
                <Money
                  value={t.amount}
                  showPlus={incoming}
                  incomeTone={incoming}
                  className="text-sm font-medium"
                />
              </li>
            )
          })}
        </ul>
      )}
    </DashboardCard>
  )
}
