// The transactions behind what was clicked in a report: how many, their total beside the
// report's figure, each one (date, payee, account, category, the part of it that counts), and
// a link to the same list on the Transactions page.
import { useQuery } from '@tanstack/react-query'
import { ExternalLink, ListX } from 'lucide-react'
import { Link } from 'react-router'
import { asCents } from '#src/domain/money'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Button } from '#src/web/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#src/web/components/ui/dialog'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { cn } from '#src/web/lib/cn'
import { useDateFormat, useMoney } from '#src/web/lib/format'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { categoriesQuery } from '#src/web/lib/queries/categories'
import { DRILL_MAX_ROWS, useDrillDown, type DrillRequest } from '../api/get-drill-down'
import { transactionsLink } from '../drill-scope'

export function DrillDownDialog({
  request,
  onClose,
}: {
  request: DrillRequest | null
  onClose: () => void
}) {
  const drill = useDrillDown(request)
  const accounts = useQuery(accountsQuery)
  const categories = useQuery(categoriesQuery)
  const money = useMoney()
  const formatDate = useDateFormat()
  const accountById = new Map((accounts.data ?? []).map((a) => [a.id, a]))
  const categoryName = new Map((categories.data ?? []).map((c) => [c.id, c.name]))
  const rows = drill.data?.rows ?? []
  const currencies = new Set(rows.map((r) => accountById.get(r.transaction.accountId)?.currency))
  const oneCurrency = currencies.size <= 1 ? [...currencies][0] : undefined
  const sameAsReport =
    request?.currency == null || oneCurrency === undefined || oneCurrency === request.currency
  const link = request === null ? null : transactionsLink(request)
  const total = drill.data === undefined ? null : asCents(Math.abs(drill.data.total))
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="flex max-h-[90dvh] max-w-3xl flex-col gap-3 overflow-hidden p-0"
        data-testid="drill-down"
      >
        <div className="space-y-1 border-b p-5 pr-12">
          <DialogTitle>{request?.title ?? 'Transactions'}</DialogTitle>
          <DialogDescription data-testid="drill-summary">
            {drill.isLoading || drill.data === undefined
              ? 'Finding the transactions…'
              : `${rows.length} ${rows.length === 1 ? 'transaction' : 'transactions'}` +
                (total !== null && rows.length > 0 && oneCurrency !== undefined
                  ? `, ${money(total, oneCurrency)} in all`
                  : '') +
                (request?.expected != null && sameAsReport && rows.length > 0
                  ? total === request.expected
                    ? ', as the report shows.'
                    : `; the report shows ${money(request.expected, request.currency ?? undefined)}.`
                  : '.')}
          </DialogDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5">
          {drill.isLoading ? (
            <div className="space-y-2 py-2">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : drill.error ? (
            <ErrorState
              what="these transactions"
              error={drill.error}
              onRetry={() => void drill.refetch()}
            />
          ) : rows.length === 0 ? (
            <EmptyState icon={ListX} title="No transactions in this range" />
          ) : (
            <ul className="divide-y" aria-label="Transactions">
              {rows.map(({ transaction: t, amount }) => {
                const account = accountById.get(t.accountId)
                const parts =
                  t.splits.length > 0
                    ? `Split: ${t.splits.map((s) => (s.categoryId === null ? 'Uncategorized' : (categoryName.get(s.categoryId) ?? 'Category'))).join(', ')}`
                    : t.categoryId === null
                      ? t.kind === 'standard'
                        ? 'Uncategorized'
                        : t.kind === 'transfer'
                          ? 'Transfer'
                          : t.kind === 'opening_balance'
                            ? 'Opening balance'
                            : 'Adjustment'
                      : (categoryName.get(t.categoryId) ?? 'Category')
                return (
                  <li
                    key={t.id}
                    className="grid grid-cols-[1fr_auto] gap-x-3 py-2.5"
                    data-testid="drill-row"
                  >
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium">
                        {t.merchant || t.description || 'No payee'}
                      </p>
                      <p className="truncate text-xs text-muted-foreground">
                        {formatDate(t.date)} · {account?.name ?? 'Account'} · {parts}
                      </p>
                    </div>
                    <div className="text-right">
                      <p className={cn('money text-sm', amount > 0 && 'text-positive')}>
                        {amount > 0 ? '+' : ''}
                        {money(amount, account?.currency)}
                      </p>
                      {amount !== t.amount && (
                        <p className="money text-xs text-muted-foreground">
                          of {money(t.amount, account?.currency)}
                        </p>
                      )}
                    </div>
                  </li>
                )
              })}
            </ul>
          )}
          {drill.data?.truncated === true && (
            <p className="py-2 text-xs text-muted-foreground">
              Only the first {DRILL_MAX_ROWS} transactions are listed here; the Transactions page
              shows them all.
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t p-4">
          <p className="text-xs text-muted-foreground">
            {link !== null && !link.exact
              ? 'The Transactions page opens on the same dates; narrow it further there.'
              : 'Open them on the Transactions page to edit or recategorize.'}
          </p>
          {link !== null && (
            <Button asChild variant="outline" size="sm">
              <Link to={link.href}>
                <ExternalLink aria-hidden="true" />
                Open in Transactions
              </Link>
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}
