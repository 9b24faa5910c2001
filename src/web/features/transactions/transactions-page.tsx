// The Transactions page: every transaction of the household in a fast table (a list on a phone)
// with filters and sorting kept in the URL, inline add and edit by keyboard, bulk categorize and
// delete, splits, transfers and the running balance of one account. Every change refreshes
// balances, the plan and the dashboard through the ledger's query keys.
import { useQuery } from '@tanstack/react-query'
import { ArrowLeftRight, CheckSquare, FileUp, Plus, SearchX } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { Transaction } from '#src/contract/transactions'
import { AdSlot } from '#src/web/components/ads/ad-slot'
import { useAdEligibility } from '#src/web/components/ads/use-ad-eligibility'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { LinkButton } from '#src/web/components/link-button'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Money } from '#src/web/components/money'
import { Button } from '#src/web/components/ui/button'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { categoryOptions, categoriesQuery } from '#src/web/lib/queries/categories'
import { toast } from '#src/web/lib/toast'
import { useToday } from '#src/web/lib/today'
import { DESKTOP_QUERY, useMediaQuery } from '#src/web/lib/use-media-query'
import { useCategorizeTransactions, useDeleteTransactions } from './api/bulk-transactions'
import { useDeleteTransaction } from './api/delete-transaction'
import { useTransactionTotals } from './api/get-transaction-totals'
import { useTransactionPages } from './api/get-transactions'
import { BulkBar } from './components/bulk-bar'
import { SplitDialog } from './components/split-dialog'
import { TransactionFiltersBar } from './components/transaction-filters'
import { TransactionFormDialog } from './components/transaction-form-dialog'
import { ReceiptsDialog } from './components/attachments-panel'
import { TransactionList } from './components/transaction-list'
import { TransactionTable } from './components/transaction-table'
import { TransferDialog } from './components/transfer-dialog'
import { hasFilters, useTransactionFilters } from './filters'
import { payeeLabel, type Names } from './labels'
import { emptyForm, formFromTransaction } from './transaction-form'
import { countText } from '#src/web/lib/display-locale'

export const NO_TRANSACTIONS_TEXT = 'No transactions yet'

function TableSkeleton() {
  return (
    <div className="space-y-0 rounded-xl border bg-card" role="status" aria-label="Loading transactions">
      {Array.from({ length: 10 }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b px-4 py-3.5 last:border-b-0">
          <Skeleton className="size-4" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-28 sm:block" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  )
}

type Deleting = { kind: 'one'; transaction: Transaction } | { kind: 'selected'; ids: string[] }

export function TransactionsPage() {
  const { user } = useAuth()
  const today = useToday()
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  const { filters, setFilters, clearFilters } = useTransactionFilters()
  const accounts = useQuery(accountsQuery)
  const categories = useQuery(categoriesQuery)
  const pages = useTransactionPages(filters)
  const totals = useTransactionTotals(filters)

  const [adding, setAdding] = useState(false)
  const [formFor, setFormFor] = useState<Transaction | 'new' | null>(null)
  const [splitting, setSplitting] = useState<Transaction | null>(null)
  const [receiptsFor, setReceiptsFor] = useState<Transaction | null>(null)
  const [transferOpen, setTransferOpen] = useState(false)
  const [deleting, setDeleting] = useState<Deleting | null>(null)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [selecting, setSelecting] = useState(false)

  const deleteOne = useDeleteTransaction()
  const deleteMany = useDeleteTransactions()
  const categorize = useCategorizeTransactions()

  const pageRef = useRef<HTMLDivElement>(null)
  const adsEligible = useAdEligibility(pageRef)

  const rows = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data])
  // a selection belongs to the rows it was made on
  const [selectionFor, setSelectionFor] = useState(filters)
  if (selectionFor !== filters) {
    setSelectionFor(filters)
    if (selected.size > 0) setSelected(new Set())
  }

  const names: Names = useMemo(
    () => ({
      accounts: new Map((accounts.data ?? []).map((a) => [a.id, a.name])),
      categories: new Map((categories.data ?? []).map((c) => [c.id, c.name])),
    }),
    [accounts.data, categories.data],
  )
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data])
  const openAccounts = (accounts.data ?? []).filter((a) => !a.isClosed)
  const defaultAccountId = filters.accountId ?? openAccounts[0]?.id ?? ''
  const showBalance = rows.some((r) => r.runningBalance !== null)
  const noAccounts = accounts.data !== undefined && openAccounts.length === 0

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  const startAdding = () => {
    if (isDesktop) setAdding(true)
    else setFormFor('new')
  }

  // /transactions?new=1 (the home-screen icon's "Add a transaction") opens the add
  // form once the accounts are known; the parameter is then taken off the address
  const [searchParams, setSearchParams] = useSearchParams()
  const wantsNew = searchParams.get('new') === '1'
  const [openedFromUrl, setOpenedFromUrl] = useState(false)
  if (wantsNew && !openedFromUrl && accounts.data !== undefined) {
    setOpenedFromUrl(true)
    if (!noAccounts) startAdding()
  }
  useEffect(() => {
    if (!wantsNew || !openedFromUrl) return
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.delete('new')
        return next
      },
      { replace: true },
    )
  }, [wantsNew, openedFromUrl, setSearchParams])

  const confirmDelete = () => {
    if (deleting === null) return
    const done = (count: number) => {
      toast({
        title: count === 1 ? 'Transaction deleted' : `${count} transactions deleted`,
        description: 'Balances and your plan are updated.',
      })
      setDeleting(null)
      setFormFor(null)
      setSelected(new Set())
    }
    if (deleting.kind === 'one') {
      deleteOne.mutate(deleting.transaction.id, { onSuccess: () => done(1) })
    } else {
      deleteMany.mutate(deleting.ids, { onSuccess: () => done(deleting.ids.length) })
    }
  }

  const onCategorize = (categoryId: string | null) => {
    const ids = [...selected]
    categorize.mutate(
      { ids, categoryId },
      {
        onSuccess: (res) =>
          toast({
            title: 'Categorized',
            description: `${res.updated} ${res.updated === 1 ? 'transaction' : 'transactions'} updated.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Not categorized',
            description: errorMessage(error),
          }),
      },
    )
    setSelected(new Set())
  }

  const filtered = hasFilters(filters)
  const loading = pages.isLoading || accounts.isLoading || categories.isLoading

  return (
    <div ref={pageRef} className="flex-1">
      <PageBody wide>
        <PageHeader
          description={
            isDesktop
              ? 'Everything that came in and went out. Click a row to change it; Enter saves.'
              : 'Everything that came in and went out. Tap one to change it.'
          }
          actions={
            <>
              <LinkButton to="/transactions/import" icon={FileUp} variant="outline">
                Import
              </LinkButton>
              <Button
                variant="outline"
                onClick={() => setTransferOpen(true)}
                disabled={openAccounts.length < 2}
                title={openAccounts.length < 2 ? 'A transfer needs two open accounts' : undefined}
              >
                <ArrowLeftRight aria-hidden="true" />
                Transfer
              </Button>
              {!isDesktop && (
                <Button
                  variant={selecting ? 'secondary' : 'outline'}
                  onClick={() => {
                    setSelecting((s) => !s)
                    setSelected(new Set())
                  }}
                  aria-pressed={selecting}
                >
                  <CheckSquare aria-hidden="true" />
                  Select
                </Button>
              )}
              <Button
                onClick={startAdding}
                // the form's account is chosen when it opens, so it waits for the accounts
                disabled={accounts.data === undefined || noAccounts || adding}
                className="order-first w-full sm:order-none sm:w-auto"
              >
                <Plus aria-hidden="true" />
                Add transaction
              </Button>
            </>
          }
        />
        <TransactionFiltersBar
          filters={filters}
          setFilters={setFilters}
          clearFilters={clearFilters}
          accounts={accounts.data ?? []}
          categories={options}
        />
        {user?.subscriptionTier === 'free' && <AdSlot eligible={adsEligible} />}
        {selected.size > 0 && (
          <BulkBar
            count={selected.size}
            categories={options}
            busy={categorize.isPending || deleteMany.isPending}
            onCategorize={onCategorize}
            onDelete={() => setDeleting({ kind: 'selected', ids: [...selected] })}
            onClear={() => setSelected(new Set())}
          />
        )}
        {totals.data !== undefined && totals.data.count > 0 && !loading && (
          <p
            className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-muted-foreground"
            data-testid="transaction-totals"
            aria-live="polite"
          >
            <span>
              <span className="font-medium text-foreground tabular-nums" data-testid="totals-count">
                {countText(totals.data.count)}
              </span>{' '}
              {totals.data.count === 1 ? 'transaction' : 'transactions'}
              {filtered ? ' match' : ''}
            </span>
            <span aria-hidden="true">·</span>
            <span>
              Total{' '}
              <Money
                value={totals.data.total}
                showPlus
                incomeTone
                className="font-medium"
              />
            </span>
            <span className="hidden sm:inline" aria-hidden="true">
              ·
            </span>
            <span className="hidden sm:inline">
              In <Money value={totals.data.moneyIn} showPlus incomeTone /> · Out{' '}
              <Money value={totals.data.moneyOut} />
            </span>
          </p>
        )}
        {loading ? (
          <TableSkeleton />
        ) : pages.error ? (
          <ErrorState
            what="your transactions"
            error={pages.error}
            onRetry={() => void pages.refetch()}
          />
        ) : rows.length === 0 && !adding ? (
          <div className="rounded-xl border bg-card p-6">
            {filtered ? (
              <EmptyState
                icon={SearchX}
                title="No transactions match these filters"
                action={
                  <Button variant="outline" onClick={clearFilters}>
                    Clear filters
                  </Button>
                }
              />
            ) : noAccounts ? (
              <EmptyState
                icon={ArrowLeftRight}
                title={`${NO_TRANSACTIONS_TEXT}. Add an account first: every transaction belongs to one.`}
                action={
                  <Button asChild>
                    <Link to="/accounts">Add an account</Link>
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={ArrowLeftRight}
                title={NO_TRANSACTIONS_TEXT}
                action={
                  <Button onClick={startAdding}>
                    <Plus aria-hidden="true" />
                    Add a transaction
                  </Button>
                }
              />
            )}
          </div>
        ) : isDesktop ? (
          <TransactionTable
            rows={rows}
            names={names}
            accounts={accounts.data ?? []}
            categories={options}
            sort={filters.sort}
            onSort={(sort) => setFilters({ sort })}
            showBalance={showBalance}
            selected={selected}
            onToggle={toggle}
            onToggleAll={(all) => setSelected(all ? new Set(rows.map((r) => r.id)) : new Set())}
            adding={adding}
            onAddingChange={setAdding}
            today={today}
            defaultAccountId={defaultAccountId}
            hasNextPage={pages.hasNextPage}
            isFetchingNextPage={pages.isFetchingNextPage}
            fetchNextPage={() => void pages.fetchNextPage()}
            onSplit={setSplitting}
            onDelete={(t) => setDeleting({ kind: 'one', transaction: t })}
            onReceipts={setReceiptsFor}
          />
        ) : (
          <TransactionList
            rows={rows}
            names={names}
            selecting={selecting}
            selected={selected}
            onToggle={toggle}
            onOpen={setFormFor}
            showBalance={showBalance}
            hasNextPage={pages.hasNextPage}
            isFetchingNextPage={pages.isFetchingNextPage}
            fetchNextPage={() => void pages.fetchNextPage()}
          />
        )}
      </PageBody>

      <TransactionFormDialog
        open={formFor !== null}
        onOpenChange={(open) => {
          if (!open) setFormFor(null)
        }}
        initial={
          formFor === null || formFor === 'new'
            ? emptyForm(today, defaultAccountId)
            : formFromTransaction(formFor)
        }
        transaction={formFor === null || formFor === 'new' ? undefined : formFor}
        accounts={
          formFor !== null && formFor !== 'new'
            ? (accounts.data ?? []).filter((a) => !a.isClosed || a.id === formFor.accountId)
            : openAccounts
        }
        categories={options}
        onDelete={(t) => setDeleting({ kind: 'one', transaction: t })}
      />
      <ReceiptsDialog
        transactionId={receiptsFor?.id ?? null}
        label={receiptsFor ? payeeLabel(receiptsFor, names) : ''}
        onOpenChange={(open) => {
          if (!open) setReceiptsFor(null)
        }}
      />
      <SplitDialog
        transaction={splitting}
        categories={options}
        onOpenChange={(open) => {
          if (!open) setSplitting(null)
        }}
      />
      <TransferDialog
        open={transferOpen}
        onOpenChange={setTransferOpen}
        accounts={openAccounts}
        today={today}
        defaultFrom={filters.accountId}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null)
            deleteOne.reset()
            deleteMany.reset()
          }
        }}
        title={
          deleting?.kind === 'selected'
            ? `Delete ${deleting.ids.length} ${deleting.ids.length === 1 ? 'transaction' : 'transactions'}?`
            : 'Delete this transaction?'
        }
        description={
          deleting?.kind === 'one' ? (
            <p>
              {payeeLabel(deleting.transaction, names)} will be removed and the account balance
              corrected.
              {deleting.transaction.kind === 'transfer' &&
                ' Both sides of the transfer are deleted.'}
            </p>
          ) : (
            <p>
              They will be removed and the balances corrected. Transfers among them go with their
              other side.
            </p>
          )
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={deleteOne.isPending || deleteMany.isPending}
        error={deleteOne.error ?? deleteMany.error}
        onConfirm={confirmDelete}
      />
    </div>
  )
}
