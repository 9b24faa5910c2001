// The activities of the accounts shown, newest first: what happened (a buy of 10 VTI at $100),
// the money it moved in or out of the account's cash, and for whoever may change investments a
// delete button (asking first). More load on request.
import { ListPlus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { InvestmentActivity } from '#src/contract/investments'
import { marketValue, toPrice, toQuantity } from '#src/domain/investments/lots'
import { asCents, type Cents } from '#src/domain/money'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_LOCALE, useDateFormat } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'
import type { useActivityPages } from '../api/get-activities'
import { useDeleteActivity } from '../api/save-investments'
import { priceText, quantityText } from '../investment-format'
import { ACTIVITY_LABELS } from '../kinds'

/** What the activity did to the account's cash (null when it moved none: a split, shares). */
export function cashEffect(a: InvestmentActivity): Cents | null {
  const amount =
    a.amount ??
    (a.quantity !== null && a.price !== null
      ? marketValue(toQuantity(a.quantity), toPrice(a.price))
      : null)
  switch (a.type) {
    case 'buy':
      return amount === null ? null : asCents(-(amount + a.fees))
    case 'sell':
      return amount === null ? null : asCents(amount - a.fees)
    case 'dividend':
    case 'interest':
      return amount === null ? null : asCents(amount - a.fees)
    case 'fee':
      return amount === null ? null : asCents(-amount)
    case 'split':
      return null
    case 'transfer_in':
    case 'transfer_out':
      if (a.symbol !== null || amount === null) return null
      return a.type === 'transfer_in' ? amount : asCents(-amount)
  }
}

function splitText(ratio: number): string {
  if (ratio >= 1) return `${quantityText(ratio)}-for-1 split`
  return `1-for-${quantityText(Math.round((1 / ratio) * 1e6) / 1e6)} reverse split`
}

function describe(a: InvestmentActivity, currency: string, locale: string): string {
  const shares = (q: number) => `${quantityText(q, locale)} ${q === 1 ? 'share' : 'shares'}`
  switch (a.type) {
    case 'buy':
    case 'sell':
      return a.quantity === null
        ? ''
        : a.price !== null
          ? `${shares(a.quantity)} at ${priceText(a.price, currency, locale)}`
          : shares(a.quantity)
    case 'split':
      return a.ratio === null ? 'Split' : splitText(a.ratio)
    case 'transfer_in':
    case 'transfer_out':
      return a.symbol === null
        ? a.type === 'transfer_in'
          ? 'Cash in'
          : 'Cash out'
        : a.quantity === null
          ? ''
          : shares(a.quantity)
    default:
      return a.memo
  }
}

function ActivityRow({
  activity,
  currency,
  accountName,
  canWrite,
  onDelete,
}: {
  activity: InvestmentActivity
  currency: string
  accountName: string | null
  canWrite: boolean
  onDelete: () => void
}) {
  const formatDate = useDateFormat()
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const effect = cashEffect(activity)
  const label = ACTIVITY_LABELS[activity.type]
  const what = activity.symbol ?? 'Cash'
  const detail = [describe(activity, currency, locale), accountName].filter(Boolean).join(' · ')
  return (
    <li className="flex items-center gap-3 py-2.5" data-testid="activity-row">
      <div className="w-16 shrink-0 text-xs text-muted-foreground tabular-nums sm:w-24">
        {formatDate(activity.date)}
      </div>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="secondary">{label}</Badge>
          <span className="font-medium">{what}</span>
        </p>
        {detail !== '' && <p className="mt-0.5 truncate text-xs text-muted-foreground">{detail}</p>}
        {activity.fees > 0 && (
          <p className="text-xs text-muted-foreground">
            {activity.type === 'dividend' || activity.type === 'interest'
              ? 'Tax kept back'
              : 'Fees'}{' '}
            <Money value={activity.fees} currency={currency} />
          </p>
        )}
      </div>
      <div className="text-right text-sm">
        {effect === null ? (
          <span className="text-xs text-muted-foreground">No cash</span>
        ) : (
          <Money value={effect} currency={currency} showPlus incomeTone />
        )}
      </div>
      {canWrite && (
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={onDelete}
          aria-label={`Delete ${label.toLowerCase()} of ${what} on ${formatDate(activity.date)}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </li>
  )
}

export function ActivityCard({
  pages,
  accounts,
  showAccount,
  canWrite,
  onAdd,
}: {
  pages: ReturnType<typeof useActivityPages>
  /** name and currency of each account shown */
  accounts: ReadonlyMap<string, { name: string; currency: string }>
  showAccount: boolean
  canWrite: boolean
  onAdd: () => void
}) {
  const remove = useDeleteActivity()
  const formatDate = useDateFormat()
  const [deleting, setDeleting] = useState<InvestmentActivity | null>(null)
  const list = pages.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <Card aria-labelledby="activity-title" data-testid="activity-card">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id="activity-title">Activity</CardTitle>
        {canWrite && list.length > 0 && (
          <Button size="sm" variant="outline" onClick={onAdd}>
            <ListPlus aria-hidden="true" />
            Add activity
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {pages.isLoading ? (
          <div className="space-y-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex items-center gap-3">
                <Skeleton className="h-4 w-16" />
                <Skeleton className="h-4 flex-1" />
                <Skeleton className="h-4 w-20" />
              </div>
            ))}
          </div>
        ) : pages.error ? (
          <ErrorState
            what="the activity"
            error={pages.error}
            onRetry={() => void pages.refetch()}
          />
        ) : list.length === 0 ? (
          <EmptyState
            icon={ListPlus}
            title="No activity yet. Record your buys, sales and dividends to see your holdings and returns."
            action={
              canWrite ? (
                <Button onClick={onAdd}>
                  <ListPlus aria-hidden="true" />
                  Add activity
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <ul className="divide-y" aria-label="Activities, newest first">
              {list.map((a) => {
                const account = accounts.get(a.accountId)
                return (
                  <ActivityRow
                    key={a.id}
                    activity={a}
                    currency={account?.currency ?? 'USD'}
                    accountName={showAccount ? (account?.name ?? null) : null}
                    canWrite={canWrite}
                    onDelete={() => setDeleting(a)}
                  />
                )
              })}
            </ul>
            {pages.hasNextPage && (
              <div className="pt-3 text-center">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void pages.fetchNextPage()}
                  disabled={pages.isFetchingNextPage}
                >
                  {pages.isFetchingNextPage ? 'Loading…' : 'Show more'}
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => {
          if (!o) {
            setDeleting(null)
            remove.reset()
          }
        }}
        title={
          deleting === null
            ? 'Delete activity'
            : `Delete this ${ACTIVITY_LABELS[deleting.type].toLowerCase()}${deleting.symbol ? ` of ${deleting.symbol}` : ''}?`
        }
        description={
          <p>
            {deleting !== null && `From ${formatDate(deleting.date)}. `}
            Holdings, returns and the account’s value are worked out again without it.
          </p>
        }
        confirmLabel="Delete activity"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (deleting === null) return
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: 'Activity deleted', description: 'Your holdings are up to date.' })
              setDeleting(null)
            },
          })
        }}
      />
    </Card>
  )
}
