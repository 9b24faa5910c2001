// The Investments page: for every investment account the member sees whole, or one of them
// (?account=), the summary (market value, cost basis, unrealised and realised gain, income of the
// last 12 months), the returns over a range (?range=: time- and money-weighted side by side, with
// why they differ, and the money put in against its value), the holdings, the allocation with
// the target and its drift, dividends and interest, and the activity. Adults and the owner add
// activities, prices (typed or from a CSV), targets and each account's cost method; everyone
// else sees the page without those buttons.
import { useQuery } from '@tanstack/react-query'
import { Eye, FileUp, Plus, Tag, TrendingUp } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { COST_METHODS } from '#src/contract/investments'
import { roleAtLeast } from '#src/domain/access'
import { asCents, type Cents } from '#src/domain/money'
import { EmptyState, EmptyStateCard } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Button } from '#src/web/components/ui/button'
import { Select } from '#src/web/components/ui/select'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { toast } from '#src/web/lib/toast'
import { useToday } from '#src/web/lib/today'
import { useActivityPages } from './api/get-activities'
import {
  useAllocation,
  useHoldings,
  useIncome,
  useInvestmentAccounts,
  usePerformance,
  useSecurities,
} from './api/get-investments'
import type { AccountScope } from './api/investment-keys'
import { useSetCostMethod } from './api/save-investments'
import { ActivityCard } from './components/activity-card'
import { ActivityDialog } from './components/activity-dialog'
import { AllocationCard } from './components/allocation-card'
import { Explainer } from './components/explainer'
import { HoldingsCard } from './components/holdings-card'
import { ImportPricesDialog } from './components/import-prices-dialog'
import { IncomeCard } from './components/income-card'
import { PerformanceCard } from './components/performance-card'
import { PriceDialog } from './components/price-dialog'
import { SummaryCards } from './components/summary-cards'
import { TargetsDialog } from './components/targets-dialog'
import { RANGE_OPTIONS, type RangeId } from './ranges'
import { summarize } from './summary'

const COST_METHOD_LABELS = {
  fifo: 'FIFO (first in, first out)',
  average: 'Average cost',
} as const satisfies Record<(typeof COST_METHODS)[number], string>

function PageSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading investments">
      <Skeleton className="h-10 w-72" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-24 w-full rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  )
}

function ViewOnlyNote() {
  return (
    <p
      className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm text-muted-foreground"
      data-testid="view-only-note"
    >
      <Eye className="size-4" aria-hidden="true" />
      View only: others record the activity
    </p>
  )
}

export function InvestmentsPage() {
  const { user } = useAuth()
  const today = useToday()
  const role = user?.role ?? 'viewer'
  const canWrite = roleAtLeast(role, 'adult')
  const [search, setSearch] = useSearchParams()
  const accounts = useInvestmentAccounts()
  const ledgerAccounts = useQuery(accountsQuery)
  const list = useMemo(() => accounts.data ?? [], [accounts.data])
  const has = list.length > 0

  const wanted = search.get('account')
  const scope: AccountScope =
    wanted !== null && list.some((a) => a.accountId === wanted) ? wanted : 'all'
  const rangeParam = search.get('range')
  const range: RangeId = RANGE_OPTIONS.find((r) => r.id === rangeParam)?.id ?? '1Y'
  const setParam = (key: string, value: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value === null) next.delete(key)
        else next.set(key, value)
        return next
      },
      { replace: true },
    )

  const holdings = useHoldings(scope, has)
  const performance = usePerformance(scope, range, has)
  const income = useIncome(scope, has)
  const allocation = useAllocation(scope, has)
  const activities = useActivityPages(scope, has)
  const securities = useSecurities(has)
  const setCostMethod = useSetCostMethod()

  const [adding, setAdding] = useState(false)
  const [pricing, setPricing] = useState<{ symbol: string | null } | null>(null)
  const [importing, setImporting] = useState(false)
  const [editingTargets, setEditingTargets] = useState(false)

  const shown = useMemo(
    () => (scope === 'all' ? list : list.filter((a) => a.accountId === scope)),
    [list, scope],
  )
  const selected = scope === 'all' ? null : (shown[0] ?? null)
  const accountInfo = useMemo(
    () => new Map(list.map((a) => [a.accountId, { name: a.name, currency: a.currency }])),
    [list],
  )
  const accountNames = useMemo(() => new Map(list.map((a) => [a.accountId, a.name])), [list])
  const cash = useMemo(() => {
    const sums = new Map<string, number>()
    for (const a of shown) sums.set(a.currency, (sums.get(a.currency) ?? 0) + a.cash)
    return new Map<string, Cents>([...sums].map(([c, v]) => [c, asCents(v)]))
  }, [shown])
  const summaries = useMemo(() => summarize(holdings.data ?? []), [holdings.data])
  const knownSymbols = useMemo(
    () => new Set((securities.data ?? []).map((s) => s.symbol)),
    [securities.data],
  )
  // investment accounts shown by their balance only: counted in net worth, not detailed here
  const balanceOnly = (ledgerAccounts.data ?? []).filter(
    (a) => a.type === 'investment' && a.view === 'balance',
  ).length

  const writeActions = (
    <>
      <Button onClick={() => setAdding(true)}>
        <Plus aria-hidden="true" />
        Add activity
      </Button>
      <Button variant="outline" onClick={() => setPricing({ symbol: null })}>
        <Tag aria-hidden="true" />
        Update price
      </Button>
      <Button variant="outline" onClick={() => setImporting(true)}>
        <FileUp aria-hidden="true" />
        Import prices
      </Button>
    </>
  )

  return (
    <PageBody wide>
      <PageHeader
        description="Your holdings, what they earn and how they are split."
        actions={!has ? undefined : canWrite ? writeActions : <ViewOnlyNote />}
      />
      {accounts.isLoading ? (
        <PageSkeleton />
      ) : accounts.error ? (
        <ErrorState
          what="your investment accounts"
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
        />
      ) : !has ? (
        <EmptyStateCard
          icon={TrendingUp}
          title={
            balanceOnly > 0
              ? 'The investment accounts you see are shared by their balance only, so their holdings are not shown. Add an investment account of your own to track holdings, returns and income.'
              : 'No investment accounts yet. Add an investment account to track your holdings, returns and income.'
          }
          action={
            role !== 'viewer' ? (
              <Button asChild>
                <Link to="/accounts">
                  <Plus aria-hidden="true" />
                  Add an investment account
                </Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
            <div className="grid gap-1.5 sm:w-72">
              <label htmlFor="investment-account" className="text-sm font-medium">
                Account
              </label>
              <Select
                id="investment-account"
                value={scope}
                onChange={(e) =>
                  setParam('account', e.target.value === 'all' ? null : e.target.value)
                }
              >
                <option value="all">All investment accounts ({list.length})</option>
                {list.map((a) => (
                  <option key={a.accountId} value={a.accountId}>
                    {a.name}
                  </option>
                ))}
              </Select>
            </div>
            {selected !== null && (
              <div className="grid gap-1.5 sm:w-64">
                <label htmlFor="cost-method" className="text-sm font-medium">
                  Cost method
                </label>
                {canWrite ? (
                  <Select
                    id="cost-method"
                    value={selected.costMethod}
                    disabled={setCostMethod.isPending}
                    onChange={(e) => {
                      const method = COST_METHODS.find((m) => m === e.target.value)
                      if (method === undefined) return
                      setCostMethod.mutate(
                        { id: selected.accountId, costMethod: method },
                        {
                          onSuccess: () =>
                            toast({
                              title: 'Cost method changed',
                              description: `${selected.name} now uses ${COST_METHOD_LABELS[method]}; its gains are worked out again.`,
                            }),
                          onError: (error) =>
                            toast({
                              variant: 'destructive',
                              title: 'Not changed',
                              description: errorMessage(error),
                            }),
                        },
                      )
                    }}
                  >
                    {COST_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {COST_METHOD_LABELS[m]}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <p id="cost-method" className="flex h-10 items-center text-sm">
                    {COST_METHOD_LABELS[selected.costMethod]}
                  </p>
                )}
              </div>
            )}
            <div className="space-y-1 sm:ml-auto sm:text-right">
              <p className="text-sm text-muted-foreground">
                Cash{' '}
                {[...cash].map(([currency, value], i) => (
                  <span key={currency}>
                    {i > 0 && ' · '}
                    <Money
                      value={value}
                      currency={currency}
                      className="font-medium text-foreground"
                    />
                  </span>
                ))}
              </p>
              {selected !== null && (
                <Explainer label="What is the cost method?">
                  <p>
                    When you sell part of a holding, the cost method says which shares you sold:
                    FIFO takes the oldest you bought first; average cost gives every share the
                    average of what you paid. It changes your realised and unrealised gains, not
                    your market value.
                  </p>
                </Explainer>
              )}
            </div>
          </div>
          {balanceOnly > 0 && (
            <p className="text-xs text-muted-foreground">
              {balanceOnly} investment {balanceOnly === 1 ? 'account is' : 'accounts are'} shared
              with you by balance only: counted in your net worth, not detailed here.
            </p>
          )}
          {holdings.error ? (
            <ErrorState
              what="your holdings"
              error={holdings.error}
              onRetry={() => void holdings.refetch()}
            />
          ) : (
            <SummaryCards
              loading={holdings.isLoading}
              summaries={summaries}
              cash={cash}
              income={{
                loading: income.isLoading,
                value: income.data?.trailing12Months ?? null,
                currency: income.data?.currency ?? selected?.currency ?? 'USD',
                error: income.error !== null,
              }}
              converted={
                allocation.data
                  ? {
                      total: allocation.data.total,
                      currency: allocation.data.currency,
                      missing: allocation.data.missing,
                    }
                  : null
              }
            />
          )}
          <PerformanceCard
            range={range}
            onRangeChange={(r) => setParam('range', r === '1Y' ? null : r)}
            performance={performance}
          />
          {holdings.isLoading ? (
            <Skeleton className="h-64 w-full rounded-xl" />
          ) : holdings.data !== undefined ? (
            <HoldingsCard
              holdings={holdings.data}
              accountNames={accountNames}
              showAccount={scope === 'all' && list.length > 1}
              canWrite={canWrite}
              onAddPrice={(symbol) => setPricing({ symbol })}
              empty={
                <EmptyState
                  icon={TrendingUp}
                  title="No holdings yet. Add a buy (or shares transferred in) to see them here."
                  action={
                    canWrite ? (
                      <Button onClick={() => setAdding(true)}>
                        <Plus aria-hidden="true" />
                        Add activity
                      </Button>
                    ) : undefined
                  }
                />
              }
            />
          ) : null}
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <AllocationCard
              allocation={allocation}
              showAccounts={scope === 'all' && list.length > 1}
              canWrite={canWrite}
              onEditTargets={() => setEditingTargets(true)}
            />
            <IncomeCard income={income} today={today} />
          </div>
          <ActivityCard
            pages={activities}
            accounts={accountInfo}
            showAccount={scope === 'all' && list.length > 1}
            canWrite={canWrite}
            onAdd={() => setAdding(true)}
          />
        </>
      )}
      {canWrite && has && (
        <>
          <ActivityDialog
            open={adding}
            onOpenChange={setAdding}
            accounts={list.map((a) => ({ id: a.accountId, name: a.name, currency: a.currency }))}
            defaultAccountId={selected?.accountId ?? null}
            knownSymbols={knownSymbols}
            today={today}
          />
          <PriceDialog
            open={pricing !== null}
            onOpenChange={(o) => {
              if (!o) setPricing(null)
            }}
            symbol={pricing?.symbol ?? null}
            knownSymbols={knownSymbols}
            today={today}
          />
          <ImportPricesDialog open={importing} onOpenChange={setImporting} />
          <TargetsDialog
            open={editingTargets}
            onOpenChange={setEditingTargets}
            targets={allocation.data?.targets ?? []}
          />
        </>
      )}
    </PageBody>
  )
}
