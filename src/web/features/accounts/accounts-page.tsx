// The Accounts page: every account the member may see, grouped by type with each group's
// subtotal, net worth with what you own and what you owe, and for each account edit, reconcile
// with the bank, see its transactions, close or reopen, and delete (saying first what goes with
// it). Each account shows who sees it and, when it is someone else's, whose it is; an account
// shown by its balance only has no way to its transactions; the manage actions appear only to
// whoever may manage the account, and a viewer sees the page without any of them.
import { useQuery } from '@tanstack/react-query'
import {
  AlertTriangle,
  Archive,
  ArchiveRestore,
  Eye,
  EyeOff,
  FileUp,
  ListOrdered,
  Lock,
  MoreHorizontal,
  Pencil,
  Plus,
  Scale,
  Trash2,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { Account, AccountType } from '#src/contract/accounts'
import type { HouseholdMember } from '#src/contract/household'
import {
  canManageAccount,
  roleAtLeast,
  VISIBILITY_DESCRIPTIONS,
  VISIBILITY_LABELS,
  type AccountVisibility,
  type Member,
} from '#src/domain/access'
import { displayName } from '#src/domain/avatar'
import { netWorth } from '#src/domain/net-worth'
import { absCents, asCents } from '#src/domain/money'
import { EmptyStateCard } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#src/web/components/ui/dropdown-menu'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { UserAvatar } from '#src/web/components/user-avatar'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { cn } from '#src/web/lib/cn'
import { DEFAULT_CURRENCY } from '#src/web/lib/format'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { householdQuery } from '#src/web/lib/queries/household'
import { toast } from '#src/web/lib/toast'
import { useToday } from '#src/web/lib/today'
import { useUpdateAccount } from './api/save-account'
import { ACCOUNT_TYPE_INFO, GROUP_ORDER } from './account-types'
import { ownerChoices } from './owners'
import { AccountFormDialog } from './components/account-form-dialog'
import { DeleteAccountDialog } from './components/delete-account-dialog'
import { ReconcileDialog } from './components/reconcile-dialog'

const VISIBILITY_ICONS = {
  shared: Users,
  private: Lock,
  balance_only: Eye,
} as const satisfies Record<AccountVisibility, LucideIcon>

/** Who sees the account (and whether teens do), with what that means on hover. */
function VisibilityBadge({ account }: { account: Account }) {
  const { visibility } = account
  const Icon = VISIBILITY_ICONS[visibility]
  const teens = account.sharedWithTeens && visibility !== 'private'
  return (
    <Badge
      variant={visibility === 'shared' ? 'secondary' : 'outline'}
      title={`${VISIBILITY_DESCRIPTIONS[visibility]}${teens ? ' Teens see it too.' : ''}`}
      data-testid="visibility-badge"
    >
      <Icon aria-hidden="true" />
      {VISIBILITY_LABELS[visibility]}
      {teens && <span className="font-normal">· teens too</span>}
    </Badge>
  )
}

/** Whose account it is, for an account that is not the member's own. */
function OwnerTag({ owner }: { owner: HouseholdMember | undefined }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <UserAvatar
        user={owner ?? { firstName: '?' }}
        className="size-4 text-[0.625rem] font-semibold"
      />
      <span className="truncate" data-testid="account-owner">
        {owner === undefined ? 'Another member' : displayName(owner)}
      </span>
    </span>
  )
}

function AccountRow({
  account,
  member,
  owner,
  showShared,
  onEdit,
  onReconcile,
  onDelete,
}: {
  account: Account
  member: Member
  /** the account's owner when it is not the member; undefined for their own */
  owner: HouseholdMember | undefined | null
  /** mark shared accounts too (a household of more than one) */
  showShared: boolean
  onEdit: () => void
  onReconcile: () => void
  onDelete: () => void
}) {
  const update = useUpdateAccount()
  const manage = canManageAccount(member, account)
  const full = account.view === 'full'
  const mine = account.ownerId === member.id
  const info = ACCOUNT_TYPE_INFO[account.type]
  const Icon = info.icon
  const setClosed = (isClosed: boolean) =>
    update.mutate(
      { id: account.id, body: { isClosed } },
      {
        onSuccess: () =>
          toast({
            title: isClosed ? 'Account closed' : 'Account reopened',
            description: isClosed
              ? `${account.name} keeps its history; it takes no new transactions.`
              : `${account.name} takes transactions again.`,
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(error) }),
      },
    )
  const detail = [
    info.label,
    account.accountNumber ? `•••• ${account.accountNumber}` : null,
    account.institution,
  ]
    .filter(Boolean)
    .join(' · ')
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="account-row">
      <span
        className={cn(
          'inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-muted',
          account.isClosed && 'opacity-60',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm font-medium">
          <span className="truncate" data-testid="account-name">
            {account.name}
          </span>
          {account.isClosed && <Badge variant="secondary">Closed</Badge>}
        </p>
        <div className="mt-0.5 flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-muted-foreground">
          {(showShared || account.visibility !== 'shared') && <VisibilityBadge account={account} />}
          {!mine && <OwnerTag owner={owner ?? undefined} />}
          {!mine && <span aria-hidden="true">·</span>}
          <span className="min-w-0 truncate">{detail}</span>
        </div>
        {!full && (
          <p
            className="mt-1 flex items-center gap-1 text-xs text-muted-foreground"
            data-testid="balance-only-note"
          >
            <EyeOff className="size-3 shrink-0" aria-hidden="true" />
            Balance only: its transactions are not shared with you
          </p>
        )}
      </div>
      <BalanceInBase account={account} />
      {!full && !manage ? (
        // keeps the balances of every row in one column
        <span className="size-8 shrink-0" aria-hidden="true" />
      ) : (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${account.name}`}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {full && (
              <DropdownMenuItem asChild>
                <Link to={`/transactions?account=${account.id}`}>
                  <ListOrdered aria-hidden="true" />
                  Transactions
                </Link>
              </DropdownMenuItem>
            )}
            {manage && (
              <>
                <DropdownMenuItem onSelect={onEdit}>
                  <Pencil aria-hidden="true" />
                  Edit
                </DropdownMenuItem>
                {!account.isClosed && (
                  <DropdownMenuItem onSelect={onReconcile}>
                    <Scale aria-hidden="true" />
                    Reconcile
                  </DropdownMenuItem>
                )}
                <DropdownMenuItem onSelect={() => setClosed(!account.isClosed)}>
                  {account.isClosed ? (
                    <ArchiveRestore aria-hidden="true" />
                  ) : (
                    <Archive aria-hidden="true" />
                  )}
                  {account.isClosed ? 'Reopen' : 'Close'}
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem
                  onSelect={onDelete}
                  className="text-negative [&_svg]:text-negative"
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </DropdownMenuItem>
              </>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </li>
  )
}

function PageSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading accounts">
      <Skeleton className="h-28 w-full rounded-xl" />
      {[3, 2].map((rows, i) => (
        <div key={i} className="space-y-4 rounded-xl border bg-card p-5">
          <Skeleton className="h-4 w-32" />
          {Array.from({ length: rows }, (_, j) => (
            <div key={j} className="flex items-center gap-3">
              <Skeleton className="size-9 rounded-full" />
              <div className="flex-1 space-y-1.5">
                <Skeleton className="h-3.5 w-2/5" />
                <Skeleton className="h-3 w-1/4" />
              </div>
              <Skeleton className="h-4 w-20" />
            </div>
          ))}
        </div>
      ))}
    </div>
  )
}

/**
 * The balance in base currency of an account: its converted balance (null when the rate is
 * missing); the balance itself when the server says nothing and it is in the base.
 */
function inBase(account: Account, base: string): Account['balance'] | null {
  if (account.convertedBalance !== undefined) return account.convertedBalance
  return account.currency === base ? account.balance : null
}

/** The balance in the account's currency, and beside it in the base one when they differ. */
function BalanceInBase({ account }: { account: Account }) {
  const { user } = useAuth()
  const base = user?.baseCurrency ?? DEFAULT_CURRENCY
  const original = (
    <Money value={account.balance} currency={account.currency} className="text-sm font-semibold" />
  )
  if (account.currency === base) return original
  const converted = inBase(account, base)
  return (
    <span className="flex flex-col items-end text-right" data-testid="account-balance">
      {original}
      {converted === null ? (
        <span className="text-xs text-warning" data-testid="account-missing-rate">
          No rate to {base}
        </span>
      ) : (
        <span className="text-xs text-muted-foreground" data-testid="account-converted">
          ≈ <Money value={converted} currency={base} />
        </span>
      )}
    </span>
  )
}

/** A viewer's note in place of the buttons they cannot use. */
function ViewOnlyNote() {
  return (
    <p
      className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm text-muted-foreground"
      data-testid="view-only-note"
    >
      <Eye className="size-4" aria-hidden="true" />
      View only: you see the household’s accounts, others make the changes
    </p>
  )
}

export function AccountsPage() {
  const { user } = useAuth()
  const today = useToday()
  const accounts = useQuery(accountsQuery)
  const household = useQuery({ ...householdQuery, enabled: user !== null })
  const role = user?.role ?? 'viewer'
  const member: Member = { id: user?.id ?? '', role }
  const canAdd = role !== 'viewer'
  // imports write into the household's ledger: adults and the owner (contract: ADULT_WRITE)
  const canImport = roleAtLeast(role, 'adult')
  const members = household.data?.members ?? []
  const memberById = new Map(members.map((m) => [m.userId, m]))
  const showShared = members.length > 1
  const [editing, setEditing] = useState<Account | 'new' | null>(null)
  const [reconciling, setReconciling] = useState<Account | null>(null)
  const [deleting, setDeleting] = useState<Account | null>(null)

  const list = accounts.data ?? []
  const open = list.filter((a) => !a.isClosed)
  const closed = list.filter((a) => a.isClosed)
  const currency = user?.baseCurrency ?? DEFAULT_CURRENCY
  // totals in the base currency: an account without a rate is left out (and named), never at 1
  const converted = (members: Account[]) =>
    members.flatMap((a) => {
      const value = inBase(a, currency)
      return value === null ? [] : [value]
    })
  const missingRates = [
    ...new Set(list.filter((a) => inBase(a, currency) === null).map((a) => a.currency)),
  ].sort()
  const groups = GROUP_ORDER.map((type: AccountType) => {
    const members = open.filter((a) => a.type === type)
    return { type, members, subtotal: netWorth(converted(members)) }
  }).filter((g) => g.members.length > 0)
  const values = converted(list)
  const total = netWorth(values)
  const assets = asCents(values.reduce((s, v) => s + Math.max(0, v), 0))
  const debts = asCents(values.reduce((s, v) => s + Math.min(0, v), 0))

  const rowProps = (a: Account) => ({
    account: a,
    member,
    owner: a.ownerId === member.id ? null : memberById.get(a.ownerId),
    showShared,
    onEdit: () => setEditing(a),
    onReconcile: () => setReconciling(a),
    onDelete: () => setDeleting(a),
  })

  return (
    <PageBody>
      <PageHeader
        description="Every account with its balance. What you owe on cards and loans counts against your net worth."
        actions={
          canAdd ? (
            <>
              {canImport && (
                <Button asChild variant="outline">
                  <Link to="/transactions/import">
                    <FileUp aria-hidden="true" />
                    Import
                  </Link>
                </Button>
              )}
              <Button onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" />
                Add account
              </Button>
            </>
          ) : (
            <ViewOnlyNote />
          )
        }
      />
      {accounts.isLoading ? (
        <PageSkeleton />
      ) : accounts.error ? (
        <ErrorState
          what="your accounts"
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyStateCard
          icon={Wallet}
          title="No accounts added yet"
          action={
            canAdd ? (
              <Button onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" />
                Add your first account
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">
                Accounts the household shares with you will show here.
              </p>
            )
          }
        />
      ) : (
        <>
          <Card data-testid="net-worth-summary">
            <CardContent className="grid gap-4 pt-5 sm:grid-cols-3">
              <div>
                <p className="text-sm text-muted-foreground">Net worth</p>
                <p
                  className="text-3xl font-semibold tracking-tight"
                  data-testid="accounts-net-worth"
                >
                  <Money value={total} currency={currency} />
                </p>
              </div>
              <div>
                <p className="text-sm text-muted-foreground">What you own</p>
                <p className="text-xl font-semibold">
                  <Money value={assets} currency={currency} />
                </p>
              </div>
              <div>
                <p className="text-sm text-muted-foreground">What you owe</p>
                {/* an amount owed, so positive: "What you owe −$500" would say it twice */}
                <p className="text-xl font-semibold" data-testid="accounts-owed">
                  <Money value={absCents(debts)} currency={currency} />
                </p>
              </div>
              {missingRates.length > 0 && (
                <p
                  className="flex items-start gap-1.5 text-sm text-warning sm:col-span-3"
                  data-testid="accounts-missing-rates"
                >
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>
                    Some accounts in {missingRates.join(', ')} have no exchange rate to {currency}:
                    they are left out of these totals.{' '}
                    <Link to="/settings#currencies-title" className="underline underline-offset-2">
                      Enter a rate
                    </Link>
                  </span>
                </p>
              )}
            </CardContent>
          </Card>
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            {groups.map((g) => (
              <Card
                key={g.type}
                aria-labelledby={`group-${g.type}`}
                data-testid={`account-group-${g.type}`}
                className="min-w-0"
              >
                <CardHeader className="flex-row items-baseline justify-between">
                  <CardTitle id={`group-${g.type}`}>{ACCOUNT_TYPE_INFO[g.type].group}</CardTitle>
                  <Money
                    value={g.subtotal}
                    currency={currency}
                    className="text-sm font-semibold text-muted-foreground"
                  />
                </CardHeader>
                <CardContent>
                  <ul className="divide-y">
                    {g.members.map((a) => (
                      <AccountRow key={a.id} {...rowProps(a)} />
                    ))}
                  </ul>
                </CardContent>
              </Card>
            ))}
          </div>
          {closed.length > 0 && (
            <Card aria-labelledby="closed-accounts">
              <CardHeader>
                <CardTitle id="closed-accounts">Closed accounts</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="divide-y">
                  {closed.map((a) => (
                    <AccountRow key={a.id} {...rowProps(a)} />
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}
        </>
      )}
      <AccountFormDialog
        open={editing !== null}
        onOpenChange={(o) => {
          if (!o) setEditing(null)
        }}
        account={editing === 'new' ? null : editing}
        baseCurrency={currency}
        today={today}
        me={member.id}
        owners={user === null ? [] : ownerChoices(user, household.data)}
        canPickOwner={roleAtLeast(role, 'adult')}
      />
      <ReconcileDialog
        account={reconciling}
        today={today}
        onOpenChange={(o) => {
          if (!o) setReconciling(null)
        }}
      />
      <DeleteAccountDialog
        account={deleting}
        onOpenChange={(o) => {
          if (!o) setDeleting(null)
        }}
      />
    </PageBody>
  )
}
