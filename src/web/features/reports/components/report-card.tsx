// The frame of every report: its title and one sentence of what it shows, a Chart/Table switch
// (the table is the chart's accessible twin, and every row of it drills down), Export CSV, the
// words that sum it up, and its loading, error and empty states. Printed, the buttons go, the
// table shows under the chart and each report starts on a new page.
import { ChartColumn, Download, TriangleAlert, type LucideIcon } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { ViewToggle, type ChartView } from '#src/web/components/view-toggle'
import { cn } from '#src/web/lib/cn'
import type { CsvCell } from '#src/domain/csv'
import { csvFileName, downloadCsv, toCsv } from '../csv'
import type { DrillRequest } from '../api/get-drill-down'
import type { DrillScope } from '../drill-scope'
import type { ReportFilters } from '../report-filters'

export type CsvExport = { header: string[]; rows: CsvCell[][] }

export type ReportState = {
  isLoading: boolean
  error: unknown
  refetch: () => unknown
  /** answered, but nothing to show */
  empty: boolean
}

/** What every report is given: its answer, the query's state, the filters and how to drill down. */
export type ReportProps<Answer> = {
  answer: Answer | undefined
  state: Omit<ReportState, 'empty'>
  filters: ReportFilters
  scope: DrillScope
  onDrill: (request: DrillRequest) => void
}

export function ReportCard({
  id,
  title,
  description,
  hint,
  filters,
  state,
  emptyTitle = 'No transactions in this range',
  emptyIcon = ChartColumn,
  emptyAction,
  missingRates = [],
  summary,
  chart,
  table,
  csv,
  notes,
  className,
}: {
  id: string
  title: string
  description: string
  /** how to drill down ("Click a bar…"), left out of print */
  hint?: string
  filters: ReportFilters
  state: ReportState
  emptyTitle?: string
  emptyIcon?: LucideIcon
  emptyAction?: ReactNode
  missingRates?: readonly string[]
  /** the report in words (always shown, and read before the chart) */
  summary?: ReactNode
  chart: ReactNode
  table: ReactNode
  /** the rows to export (null while there is nothing) */
  csv: CsvExport | null
  /** what follows the chart or table (a trend list, missing values) */
  notes?: ReactNode
  className?: string
}) {
  const [view, setView] = useState<ChartView>('chart')
  const titleId = useId()
  const ready = !state.isLoading && !state.error && !state.empty
  return (
    <Card
      id={id}
      aria-labelledby={titleId}
      data-testid={`report-${id}`}
      className={cn('report-section scroll-mt-20', className)}
    >
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-1">
          <CardTitle id={titleId} className="text-lg">
            {title}
          </CardTitle>
          <CardDescription>
            {description}
            {hint !== undefined && <span className="print:hidden"> {hint}</span>}
          </CardDescription>
        </div>
        {ready && (
          <div className="flex shrink-0 flex-wrap items-center gap-2 print:hidden">
            <ViewToggle view={view} onChange={setView} label={title} />
            <Button
              size="sm"
              variant="outline"
              disabled={csv === null}
              onClick={() => {
                if (csv === null) return
                downloadCsv(
                  csvFileName(title, filters.from, filters.to),
                  toCsv(csv.header, csv.rows),
                )
              }}
            >
              <Download aria-hidden="true" />
              Export CSV
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {missingRates.length > 0 && (
          <p
            className="flex items-start gap-2 rounded-lg bg-warning-surface p-3 text-sm text-foreground"
            data-testid="missing-rates"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
            <span>
              No exchange rate for {missingRates.join(', ')}: figures that need{' '}
              {missingRates.length === 1 ? 'it' : 'them'} show as missing and are not counted at any
              rate. Add the rates in Settings.
            </span>
          </p>
        )}
        {state.isLoading ? (
          <div className="space-y-3" role="status" aria-label={`Loading ${title.toLowerCase()}`}>
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : state.error ? (
          <ErrorState
            what={title.toLowerCase()}
            error={state.error}
            onRetry={() => void state.refetch()}
          />
        ) : state.empty ? (
          <EmptyState icon={emptyIcon} title={emptyTitle} action={emptyAction} />
        ) : (
          <>
            {summary !== undefined && <div className="text-sm leading-relaxed">{summary}</div>}
            <div className={cn(view === 'chart' ? 'block' : 'hidden')}>{chart}</div>
            <div
              className={cn(
                'report-table overflow-x-auto',
                view === 'table' ? 'block' : 'hidden print:block',
              )}
            >
              {table}
            </div>
            {notes}
          </>
        )}
      </CardContent>
    </Card>
  )
}
