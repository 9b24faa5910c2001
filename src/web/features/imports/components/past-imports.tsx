// Past imports, newest first: the file, when, what it added, the accounts it went to, and Undo
// on each. Loads a page at a time.
import { useQuery } from '@tanstack/react-query'
import { FileText, History, Undo2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { usePastImports } from '../api/get-imports'
import { FORMAT_LABELS, fileSizeText, plural } from '../import-flow'
import { UndoImportDialog } from './undo-import-dialog'

type Batch = NonNullable<
  ReturnType<typeof usePastImports>['data']
>['pages'][number]['items'][number]

function whenText(iso: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    )
  } catch {
    return iso.slice(0, 16).replace('T', ' ')
  }
}

export function PastImports() {
  const { user } = useAuth()
  const imports = usePastImports()
  const accounts = useQuery(accountsQuery)
  const [undoing, setUndoing] = useState<Batch | null>(null)
  const names = useMemo(
    () => new Map((accounts.data ?? []).map((a) => [a.id, a.name])),
    [accounts.data],
  )
  const batches = imports.data?.pages.flatMap((p) => p.items) ?? []
  const locale = user?.locale ?? 'en-US'

  return (
    <Card data-testid="past-imports">
      <CardHeader>
        <CardTitle>Past imports</CardTitle>
        <CardDescription>Undo one to remove every row it added.</CardDescription>
      </CardHeader>
      <CardContent>
        {imports.isLoading ? (
          <ul className="divide-y" aria-label="Loading past imports">
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i} className="flex items-center gap-3 py-3">
                <Skeleton className="size-9 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-48" />
                  <Skeleton className="h-3 w-64" />
                </div>
                <Skeleton className="h-8 w-20" />
              </li>
            ))}
          </ul>
        ) : imports.error ? (
          <ErrorState
            what="your past imports"
            error={imports.error}
            onRetry={() => void imports.refetch()}
          />
        ) : batches.length === 0 ? (
          <EmptyState
            icon={History}
            title="No imports yet. Each file you import shows here, and can be undone."
          />
        ) : (
          <>
            <ul className="divide-y">
              {batches.map((b) => {
                const where = b.accountIds
                  .map((id) => names.get(id))
                  .filter(Boolean)
                  .join(', ')
                return (
                  <li
                    key={b.id}
                    className="flex flex-wrap items-center gap-3 py-3"
                    data-testid="past-import"
                  >
                    <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                      <FileText className="size-4" aria-hidden="true" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="flex items-center gap-2">
                        <span className="truncate font-medium">{b.fileName}</span>
                        <Badge variant="outline">{FORMAT_LABELS[b.format]}</Badge>
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {whenText(b.createdAt, locale)} · {fileSizeText(b.fileSize)}
                        {where ? ` · ${where}` : ''}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {plural(b.added, 'row')} added · {plural(b.duplicates, 'duplicate')} left
                        out
                        {b.transfers > 0 ? ` · ${plural(b.transfers, 'transfer')}` : ''}
                        {b.activities > 0
                          ? ` · ${plural(b.activities, 'investment activity', 'investment activities')}`
                          : ''}
                      </p>
                    </div>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setUndoing(b)}
                      aria-label={`Undo the import of ${b.fileName}`}
                    >
                      <Undo2 aria-hidden="true" />
                      Undo
                    </Button>
                  </li>
                )
              })}
            </ul>
            {imports.hasNextPage && (
              <Button
                variant="ghost"
                className="mt-2 w-full"
                onClick={() => void imports.fetchNextPage()}
                disabled={imports.isFetchingNextPage}
              >
                {imports.isFetchingNextPage ? 'Loading…' : 'Show older imports'}
              </Button>
            )}
          </>
        )}
      </CardContent>
      {undoing && (
        <UndoImportDialog
          batchId={undoing.id}
          fileName={undoing.fileName}
          added={undoing.added}
          open
          onOpenChange={(open) => {
            if (!open) setUndoing(null)
          }}
        />
      )}
    </Card>
  )
}
