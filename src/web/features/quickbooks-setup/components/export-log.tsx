// The export log: every file made for QuickBooks in this household, newest first, with its type,
// dates, how many transactions it held and who made it.
import { FileClock } from 'lucide-react'
import type { ExportLogEntry } from '#src/contract/quickbooks'
import { EmptyState } from '#src/web/components/empty-state'
import { Badge } from '#src/web/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { useDateFormat } from '#src/web/lib/format'

const LABELS = { iif: 'IIF', qbo: 'QBO', csv: 'CSV' } as const

export function ExportLog({ entries, locale, timeZone }: { entries: ExportLogEntry[]; locale: string; timeZone: string }) {
  const formatDate = useDateFormat()
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  return (
    <Card aria-labelledby="qb-log-title" data-testid="qb-log">
      <CardHeader>
        <CardTitle id="qb-log-title">Export log</CardTitle>
        <CardDescription>The last 100 exports from this household.</CardDescription>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <EmptyState icon={FileClock} className="py-2" title="No exports yet. Your downloads show up here, so you can see what went to QuickBooks and when." />
        ) : (
          <ul className="divide-y" aria-label="Exports">
            {entries.map((e) => (
              <li key={e.id} className="grid grid-cols-[3rem_1fr] items-start gap-x-3 gap-y-1 py-3 sm:grid-cols-[3.5rem_1fr_auto]" data-testid="log-entry">
                <Badge variant="outline" className="justify-center">
                  {LABELS[e.format]}
                </Badge>
                <div className="min-w-0 text-sm">
                  <p className="font-medium">
                    {formatDate(e.from)} – {formatDate(e.to)}
                    {e.onlyNew && <span className="font-normal text-muted-foreground"> · only new</span>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {moment.format(new Date(e.createdAt))} by {e.by}
                  </p>
                </div>
                <p className="col-start-2 text-sm tabular-nums sm:col-start-3 sm:text-right">
                  {e.count === 1 ? '1 transaction' : `${String(e.count)} transactions`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
