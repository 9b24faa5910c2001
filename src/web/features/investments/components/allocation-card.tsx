// Allocation: how the investments split by asset kind, account, currency and top holdings (a
// donut with the same figures in a table beside it), the target allocation by kind and the drift
// from it, with what to buy or sell to get back to the targets.
import type { UseQueryResult } from '@tanstack/react-query'
import { Target, TriangleAlert } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { z } from 'zod'
import type { allocation as allocationSchema } from '#src/contract/investments'
import { absCents, type Cents } from '#src/domain/money'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#src/web/components/ui/tabs'
import { cn } from '#src/web/lib/cn'
import { REST_COLOR, sliceColor } from '../chart-colors'
import { DIRECTION_CLASS, percentText } from '../investment-format'
import { KIND_LABELS, kindLabel } from '../kinds'

const AllocationDonut = lazy(async () => ({
  default: (await import('./investment-charts')).AllocationDonut,
}))

export type Allocation = z.output<typeof allocationSchema>
type Slice = Allocation['byKind'][number]

type Dimension = 'kind' | 'account' | 'currency' | 'top'

function sliceLabel(dimension: Dimension, slice: Slice): string {
  return dimension === 'kind' ? kindLabel(slice.key) : slice.label || slice.key
}

function SliceTable({
  rows,
  caption,
  currency,
}: {
  rows: { key: string; label: string; value: Cents; share: number | null; color: string }[]
  caption: string
  currency: string
}) {
  return (
    <table className="w-full text-sm" data-testid="allocation-table">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs text-muted-foreground">
        <tr className="border-b">
          <th scope="col" className="py-1.5 pr-2 text-left font-medium">
            Name
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-medium">
            Value
          </th>
          <th scope="col" className="py-1.5 pl-2 text-right font-medium">
            Share
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className="py-1.5 pr-2 text-left font-normal">
              <span className="flex min-w-0 items-center gap-2">
                <span
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ background: r.color }}
                  aria-hidden="true"
                />
                <span className="truncate">{r.label}</span>
              </span>
            </th>
            <td className="px-2 py-1.5 text-right">
              <Money value={r.value} currency={currency} />
            </td>
            <td className="money py-1.5 pl-2 text-right">
              {percentText(r.share, { sign: false })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Breakdown({ dimension, data }: { dimension: Dimension; data: Allocation }) {
  const slices =
    dimension === 'kind'
      ? data.byKind
      : dimension === 'account'
        ? data.byAccount
        : dimension === 'currency'
          ? data.byCurrency
          : data.topHoldings
  const rows = slices.map((s, i) => ({
    key: s.key,
    label: sliceLabel(dimension, s),
    value: s.value,
    share: s.share,
    color: sliceColor(i),
  }))
  if (dimension === 'top' && data.rest !== null && data.rest.count > 0) {
    rows.push({
      key: '__rest',
      label: `${data.rest.count} other${data.rest.count === 1 ? '' : 's'}`,
      value: data.rest.value,
      share: data.rest.share,
      color: REST_COLOR,
    })
  }
  const positive = rows.filter((r) => r.value > 0)
  const caption = `Allocation by ${DIMENSION_NAMES[dimension]}`
  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
      {positive.length > 0 && (
        <Suspense fallback={<Skeleton className="size-44 rounded-full" />}>
          <AllocationDonut
            slices={positive.map((r) => ({
              key: r.key,
              label: r.label,
              value: r.value,
              color: r.color,
            }))}
          />
        </Suspense>
      )}
      <div className="w-full min-w-0 flex-1">
        <SliceTable rows={rows} caption={caption} currency={data.currency} />
      </div>
    </div>
  )
}

const DIMENSION_NAMES = {
  kind: 'asset kind',
  account: 'account',
  currency: 'currency',
  top: 'holding',
} as const satisfies Record<Dimension, string>

function DriftTable({ data }: { data: Allocation }) {
  return (
    <div
      className="overflow-x-auto rounded-lg border"
      tabIndex={0}
      role="region"
      aria-label="Drift from your targets"
    >
      <table className="w-full text-sm" data-testid="drift-table">
        <caption className="sr-only">Drift from your target allocation</caption>
        <thead className="bg-muted text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="sticky left-0 bg-muted px-3 py-2 text-left font-medium">
              Kind
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Target
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Now
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Drift
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
              To get back
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {data.drift.map((row) => {
            const off = row.drift !== null && Math.abs(row.drift) >= 0.05
            return (
              <tr key={row.kind}>
                <th scope="row" className="sticky left-0 bg-card px-3 py-2 text-left font-normal">
                  {kindLabel(row.kind)}
                </th>
                <td className="money px-3 py-2 text-right">
                  {percentText(row.target, { sign: false })}
                </td>
                <td className="money px-3 py-2 text-right">
                  {percentText(row.actual, { sign: false })}
                </td>
                <td
                  className={cn(
                    'money px-3 py-2 text-right',
                    off ? 'font-medium text-warning' : 'text-muted-foreground',
                  )}
                >
                  {row.drift === null ? '—' : `${percentText(row.drift).replace('%', '')} pts`}
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  {row.toTarget === 0 ? (
                    <span className="text-muted-foreground">On target</span>
                  ) : (
                    <>
                      <span className="text-muted-foreground">
                        {row.toTarget > 0 ? 'Buy ' : 'Sell '}
                      </span>
                      <Money value={absCents(row.toTarget)} currency={data.currency} />
                    </>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

export function AllocationCard({
  allocation,
  showAccounts,
  canWrite,
  onEditTargets,
}: {
  allocation: UseQueryResult<Allocation>
  /** several accounts shown: the split by account is worth a tab */
  showAccounts: boolean
  canWrite: boolean
  onEditTargets: () => void
}) {
  const [dimension, setDimension] = useState<Dimension>('kind')
  const data = allocation.data
  const tabs: { id: Dimension; label: string }[] = [
    { id: 'kind', label: 'Kind' },
    ...(showAccounts ? [{ id: 'account' as const, label: 'Account' }] : []),
    { id: 'currency', label: 'Currency' },
    { id: 'top', label: 'Top holdings' },
  ]
  const shown = tabs.some((t) => t.id === dimension) ? dimension : 'kind'
  return (
    <Card aria-labelledby="allocation-title" data-testid="allocation-card" className="min-w-0">
      <CardHeader>
        <CardTitle id="allocation-title">Allocation</CardTitle>
        <CardDescription>
          {data !== undefined ? (
            <>
              <Money value={data.total} currency={data.currency} /> in {data.currency}, at the
              latest prices.
            </>
          ) : (
            'How your investments split.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {allocation.isLoading ? (
          <div className="flex items-center gap-5">
            <Skeleton className="size-44 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-4/5" />
              <Skeleton className="h-4 w-3/5" />
            </div>
          </div>
        ) : allocation.error || data === undefined ? (
          <ErrorState
            what="your allocation"
            error={allocation.error}
            onRetry={() => void allocation.refetch()}
          />
        ) : (
          <>
            {data.missing.length > 0 && (
              <Alert variant="warning">
                <TriangleAlert aria-hidden="true" />
                <span>Left out for want of a price or rate: {data.missing.join(', ')}.</span>
              </Alert>
            )}
            {data.total <= 0 ? (
              <p className="text-sm text-muted-foreground">
                Nothing to split yet: your holdings have no value with a price.
              </p>
            ) : (
              <Tabs
                value={shown}
                onValueChange={(v) => {
                  const tab = tabs.find((t) => t.id === v)
                  if (tab !== undefined) setDimension(tab.id)
                }}
              >
                <TabsList aria-label="Split by" className="overflow-x-auto">
                  {tabs.map((t) => (
                    <TabsTrigger key={t.id} value={t.id}>
                      {t.label}
                    </TabsTrigger>
                  ))}
                </TabsList>
                {tabs.map((t) => (
                  <TabsContent key={t.id} value={t.id} className="mt-4">
                    <Breakdown dimension={t.id} data={data} />
                  </TabsContent>
                ))}
              </Tabs>
            )}
            <section aria-labelledby="targets-title" className="space-y-3 border-t pt-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id="targets-title" className="text-sm font-semibold">
                  Target allocation
                </h3>
                {canWrite && (
                  <Button size="sm" variant="outline" onClick={onEditTargets}>
                    <Target aria-hidden="true" />
                    {data.targets.length > 0 ? 'Edit targets' : 'Set targets'}
                  </Button>
                )}
              </div>
              {data.targets.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No targets yet. Set the share you want in stocks, bonds, cash and the rest, and
                  see here how far you have drifted from it.
                </p>
              ) : (
                <>
                  <DriftTable data={data} />
                  <p className="text-xs text-muted-foreground">
                    Drift is the share you hold less the target, in percentage points.{' '}
                    <span className={DIRECTION_CLASS.flat}>
                      Targets:{' '}
                      {data.targets.map((t) => `${KIND_LABELS[t.kind]} ${t.percent}%`).join(', ')}.
                    </span>
                  </p>
                </>
              )}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  )
}
