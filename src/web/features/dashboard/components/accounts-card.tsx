// The Accounts card: every open account with its balance; a session that expired shows the
// message of docs/product.md §8 with a Log In Again button.
import type { UseQueryResult } from '@tanstack/react-query'
import { CreditCard, Landmark, PiggyBank, TrendingUp, Wallet, type LucideIcon } from 'lucide-react'
import type { Account, AccountType } from '#src/contract/accounts'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { DashboardCard } from './dashboard-card'
import { ListSkeleton } from './list-skeleton'
import { AddButton } from './add-button'

export const SESSION_EXPIRED_TEXT = 'Your session has expired. Please log in again.'

const TYPES: Record<AccountType, { label: string; icon: LucideIcon }> = {
  checking: { label: 'Checking', icon: Wallet },
  savings: { label: 'Savings', icon: PiggyBank },
  credit_card: { label: 'Credit card', icon: CreditCard },
  investment: { label: 'Investment', icon: TrendingUp },
  loan: { label: 'Loan', icon: Landmark },
  mortgage: { label: 'Mortgage', icon: Landmark },
  cash: { label: 'Cash', icon: Wallet },
  other: { label: 'Other', icon: Wallet },
}

function isExpired(error: unknown): boolean {
  return error instanceof Error && error.message.toLowerCase().includes('expired')
}

export function AccountsCard({ accounts }: { accounts: UseQueryResult<Account[]> }) {
  const open = (accounts.data ?? []).filter((a) => !a.isClosed)
  return (
    <DashboardCard id="accounts-title" title="Accounts" linkTo="/accounts" testId="accounts-card">
      {accounts.isLoading ? (
        <ListSkeleton rows={3} />
      ) : accounts.error ? (
        isExpired(accounts.error) ? (
          <Alert variant="warning" className="flex-col items-start">
            <p>{SESSION_EXPIRED_TEXT}</p>
            {/* a full page load, so the app notices the ended session before the login page */}
            <Button asChild size="sm">
              <a href="/auth/login">Log In Again</a>
            </Button>
          </Alert>
        ) : (
          <ErrorState what="your accounts" error={accounts.error} />
        )
      ) : open.length === 0 ? (
        <EmptyState
          icon={Wallet}
          title="No accounts added yet"
          action={<AddButton kind="account" label="Add an account" to="/accounts" />}
        />
      ) : (
        <ul className="divide-y">
          {open.map((a) => {
            const type = TYPES[a.type]
            const Icon = type.icon
            return (
              <li key={a.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{a.name}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {type.label}
                    {a.accountNumber ? ` · •••• ${a.accountNumber}` : ''}
                    {a.institution ? ` · ${a.institution}` : ''}
                  </p>
                </div>
                <Money value={a.balance} currency={a.currency} className="text-sm font-medium" />
              </li>
            )
          })}
        </ul>
      )}
    </DashboardCard>
  )
}
