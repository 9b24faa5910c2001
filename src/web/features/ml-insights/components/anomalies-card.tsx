// Unusual transactions and months: each with the reason in words ("3.4× your usual at Harbor
// Grocers"), what was spent against the usual amount, and the day or month it happened.
import type { UseQueryResult } from '@tanstack/react-query'
import { CalendarRange, ReceiptText, ShieldCheck, Zap } from 'lucide-react'
import type { Anomaly } from '#src/contract/insights'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { Badge } from '#src/web/components/ui/badge'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_LOCALE, useDateFormat } from '#src/web/lib/format'
import { monthText } from '../insight-format'

function AnomalyRow({ anomaly, currency }: { anomaly: Anomaly; currency: string }) {
  const { user } = useAuth()
  const formatDate = useDateFormat()
  const isMonth = anomaly.kind === 'category_month'
  const Icon = isMonth ? CalendarRange : ReceiptText
  return (
    <li className="flex gap-3 px-5 py-4" data-testid="anomaly-row" data-kind={anomaly.kind}>
      <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-warning-surface text-warning">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium" data-testid="anomaly-reason">
            {anomaly.reason}
          </p>
          <Badge variant="outline">{isMonth ? 'Month' : 'Transaction'}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          {isMonth
            ? `${anomaly.categoryName ?? 'A category'} in ${monthText(anomaly.month ?? anomaly.date.slice(0, 7), user?.locale ?? DEFAULT_LOCALE)}`
            : `${anomaly.payee ?? 'A payment'} on ${formatDate(anomaly.date)}`}
          {': '}
          <Money value={anomaly.amount} currency={currency} className="text-foreground" /> against a
          usual <Money value={anomaly.usual} currency={currency} />
        </p>
      </div>
    </li>
  )
}

export function AnomaliesCard({
  anomalies,
  currency,
}: {
  anomalies: UseQueryResult<Anomaly[]>
  currency: string
}) {
  const items = anomalies.data ?? []
  return (
    <Card
      aria-labelledby="anomalies-title"
      data-testid="anomalies-card"
      className="overflow-hidden"
    >
      <CardHeader>
        <CardTitle id="anomalies-title" className="flex items-center gap-2">
          <Zap className="size-5 text-primary" aria-hidden="true" />
          Unusual spending
        </CardTitle>
        <CardDescription>
          Charges and months far from your usual, measured against your own history.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0 pb-0">
        {anomalies.isLoading ? (
          <div className="space-y-3 px-5 pb-5" role="status" aria-label="Loading unusual spending">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : anomalies.error ? (
          <div className="px-5 pb-5">
            <ErrorState
              what="unusual spending"
              error={anomalies.error}
              onRetry={() => void anomalies.refetch()}
            />
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={ShieldCheck}
            className="px-5 pb-5"
            title="Nothing unusual found. Charges and months far above your usual show up here."
          />
        ) : (
          <ul className="divide-y border-t" aria-label="Unusual spending">
            {items.map((a) => (
              <AnomalyRow key={a.id} anomaly={a} currency={currency} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
