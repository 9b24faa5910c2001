// The Reports page: one set of filters (range, accounts, categories, members; kept in the URL
// so a report can be bookmarked) over cash flow, spending by category with each category's
// trend, income against spending, net worth over time, where the money went (Sankey) and the
// top merchants, then the credit score history (reached from the dashboard's Credit Score card).
// Every report has a table view, exports to CSV and drills down to its transactions; Print
// prints the reports alone, each on its own page, tables under the charts.
import { useQuery } from '@tanstack/react-query'
import { ChartColumn, Printer } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { EmptyState } from '#src/web/components/empty-state'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent } from '#src/web/components/ui/card'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { categoryOptions, categoriesQuery } from '#src/web/lib/queries/categories'
import { householdQuery } from '#src/web/lib/queries/household'
import { useToday } from '#src/web/lib/today'
import type { DrillRequest } from './api/get-drill-down'
import { useReport } from './api/get-report'
import { CashFlowReport, isCashFlowEmpty } from './components/cash-flow-report'
import { CreditScoreSection } from './components/credit-score-section'
import { DrillDownDialog } from './components/drill-down-dialog'
import { IncomeVsSpendingReport } from './components/income-vs-spending-report'
import type { MultiOption } from './components/multi-select'
import { NetWorthReport } from './components/net-worth-report'
import { ReportFiltersBar } from './components/report-filters-bar'
import { SankeyReport } from './components/sankey-report'
import { SpendingByCategoryReport } from './components/spending-by-category-report'
import { TopMerchantsReport } from './components/top-merchants-report'
import { drillScope } from './drill-scope'
import { RANGE_LABELS, UNCATEGORIZED, useReportFilters } from './report-filters'
import { useReportFormat } from './report-format'

const SECTIONS = [
  ['cash-flow', 'Cash flow'],
  ['spending-by-category', 'Spending by category'],
  ['income-vs-spending', 'Income vs spending'],
  ['net-worth', 'Net worth'],
  ['sankey', 'Where the money went'],
  ['top-merchants', 'Top merchants'],
  ['credit-score', 'Credit score'],
] as const

function queryState(q: { isLoading: boolean; error: unknown; refetch: () => unknown }) {
  return { isLoading: q.isLoading, error: q.error, refetch: q.refetch }
}

export function ReportsPage() {
  const today = useToday()
  const { filters, setFilters, clearFilters, narrowed } = useReportFilters(today)
  const accounts = useQuery(accountsQuery)
  const categories = useQuery(categoriesQuery)
  const members = useQuery({ ...householdQuery, select: (household) => household.members })
  const [drill, setDrill] = useState<DrillRequest | null>(null)
  const [merchantLimit, setMerchantLimit] = useState(10)
  const cashFlow = useReport('cash-flow', filters)
  const spending = useReport('spending-by-category', filters)
  // the same spending rolled up to the category groups by the server (ADR 0036)
  const spendingGroups = useReport('spending-by-category', filters, { level: 'group' })
  const netWorth = useReport('net-worth', filters)
  const sankey = useReport('sankey', filters)
  const merchants = useReport('top-merchants', filters, { limit: merchantLimit })
  const f = useReportFormat(cashFlow.data?.currency)

  const accountList = accounts.data ?? []
  const categoryList = categories.data ?? []
  const memberList = members.data ?? []
  const scope = drillScope(filters, accountList)
  const accountOptions: MultiOption[] = accountList.map((a) => ({
    id: a.id,
    label: a.isClosed ? `${a.name} (closed)` : a.name,
  }))
  const categoryChoices: MultiOption[] = [
    ...categoryOptions(categoryList, { includeHidden: true }).map((o) => ({
      id: o.id,
      label: o.label,
      depth: o.depth,
    })),
    { id: UNCATEGORIZED, label: 'Uncategorized' },
  ]
  const memberOptions: MultiOption[] = memberList.map((m) => ({
    id: m.userId,
    label: `${m.firstName} ${m.lastName}`.trim() || m.email,
  }))
  const accountNames = new Map(accountList.map((a) => [a.id, a.name]))
  const childrenOf = (id: string) => categoryList.filter((c) => c.parentId === id).map((c) => c.id)
  const picked = [
    filters.accountIds.length > 0 &&
      `${filters.accountIds.length} ${filters.accountIds.length === 1 ? 'account' : 'accounts'}`,
    filters.categoryIds.length > 0 &&
      `${filters.categoryIds.length} ${filters.categoryIds.length === 1 ? 'category' : 'categories'}`,
    filters.memberIds.length > 0 &&
      `${filters.memberIds.length} ${filters.memberIds.length === 1 ? 'member' : 'members'}`,
  ].filter((p): p is string => typeof p === 'string')
  const rangeWords = `${f.monthLong(filters.from)} – ${f.monthLong(filters.to)}`
  const common = { filters, scope, onDrill: setDrill }
  // no income or spending at all: one empty state instead of five empty reports (net worth,
  // which balances alone fill, and the credit score stay)
  const nothingInRange =
    cashFlow.data !== undefined &&
    !cashFlow.isPlaceholderData &&
    isCashFlowEmpty(cashFlow.data.rows)
  const sections = SECTIONS.filter(
    ([id]) => !nothingInRange || id === 'net-worth' || id === 'credit-score',
  )

  return (
    <PageBody wide className="reports-page">
      <PageHeader
        className="print:hidden"
        description="How your money moves over time. Every chart has a table, exports to CSV and opens the transactions behind it."
        actions={
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        }
      />
      <header className="hidden print:block">
        <p className="text-xl font-semibold">Kinwise reports</p>
      </header>
      <ReportFiltersBar
        filters={filters}
        setFilters={setFilters}
        clearFilters={clearFilters}
        narrowed={narrowed}
        accounts={accountOptions}
        categories={categoryChoices}
        members={memberOptions}
      />
      <p className="text-sm text-muted-foreground" data-testid="report-range">
        {filters.range === 'custom' ? rangeWords : `${RANGE_LABELS[filters.range]}: ${rangeWords}`}
        {' · '}
        {picked.length === 0 ? 'every account and category you can see' : picked.join(', ')}
        {cashFlow.data?.currency != null && ` · amounts in ${cashFlow.data.currency}`}
      </p>
      <nav aria-label="Reports on this page" className="-mx-1 overflow-x-auto print:hidden">
        <ul className="flex gap-1 px-1 text-sm whitespace-nowrap">
          {sections.map(([id, label]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex h-8 items-center rounded-full border bg-card px-3 text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {nothingInRange ? (
        <Card id="cash-flow" data-testid="report-cash-flow" aria-label="Cash flow and spending">
          <CardContent className="pt-5">
            <EmptyState
              icon={ChartColumn}
              title={
                narrowed
                  ? 'No transactions in this range for these filters'
                  : 'No transactions in this range'
              }
              action={
                narrowed ? (
                  <Button variant="outline" onClick={clearFilters}>
                    Clear filters
                  </Button>
                ) : (
                  <Button asChild variant="outline">
                    <Link to="/transactions">Add a transaction</Link>
                  </Button>
                )
              }
            />
          </CardContent>
        </Card>
      ) : (
        <>
          <CashFlowReport answer={cashFlow.data} state={queryState(cashFlow)} {...common} />
          <SpendingByCategoryReport
            answer={spending.data}
            groups={spendingGroups.data}
            state={queryState(spending)}
            today={today}
            {...common}
          />
          <IncomeVsSpendingReport answer={cashFlow.data} state={queryState(cashFlow)} {...common} />
        </>
      )}
      <NetWorthReport
        answer={netWorth.data}
        state={queryState(netWorth)}
        accountNames={accountNames}
        {...common}
      />
      {!nothingInRange && (
        <>
          <SankeyReport
            answer={sankey.data}
            state={queryState(sankey)}
            childrenOf={childrenOf}
            {...common}
          />
          <TopMerchantsReport
            answer={merchants.data}
            state={queryState(merchants)}
            limit={merchantLimit}
            onLimit={setMerchantLimit}
            {...common}
          />
        </>
      )}
      <div className="report-section">
        <CreditScoreSection today={today} />
      </div>
      <DrillDownDialog request={drill} onClose={() => setDrill(null)} />
    </PageBody>
  )
}
