// Category suggestions for uncategorised transactions, learned from the household's own history:
// the suggested category with its confidence (in words, as a percentage and a bar) and where it
// came from. Adults and the owner accept one at a time or tick several and "Accept selected",
// and may pick another category than the one suggested before accepting (a correction, which
// the next suggestions follow at once); each accepted category teaches the next suggestions.
import { useQuery } from '@tanstack/react-query'
import type { UseQueryResult } from '@tanstack/react-query'
import { Check, CheckCheck, Tags } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { CategorySuggestion } from '#src/contract/insights'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { Progress } from '#src/web/components/ui/progress'
import { Select } from '#src/web/components/ui/select'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'
import { categoryOptions, categoriesQuery } from '#src/web/lib/queries/categories'
import { toast } from '#src/web/lib/toast'
import { useAcceptSuggestions } from '../api/save-insights'
import { confidencePercent, confidenceText, keepListed, plural, toggled } from '../insight-format'

type SuggestionsData = {
  items: CategorySuggestion[]
  uncategorised: number
  trainedAt: string | null
}

function Confidence({ value, id }: { value: number; id: string }) {
  const pct = confidencePercent(value)
  return (
    <div className="w-full max-w-40 space-y-1" data-testid="suggestion-confidence">
      <p className="text-xs text-muted-foreground" id={id}>
        {confidenceText(value)} · {pct} %
      </p>
      <Progress value={pct} aria-labelledby={id} className="h-1.5" />
    </div>
  )
}

export function SuggestionsCard({
  suggestions,
  currency,
  canWrite,
}: {
  suggestions: UseQueryResult<SuggestionsData>
  currency: string
  canWrite: boolean
}) {
  const formatDate = useDateFormat()
  const accept = useAcceptSuggestions()
  const categories = useQuery(categoriesQuery)
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
  // the category a member chose instead of the suggested one, by transaction
  const [chosen, setChosen] = useState<ReadonlyMap<string, string>>(new Map())
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data])
  const nameOf = useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.id, c.name])),
    [categories.data],
  )
  // what accepting a row files it under: the member's choice, else the suggestion
  const choice = (s: CategorySuggestion) => {
    const id = chosen.get(s.transactionId) ?? s.categoryId
    return { id, name: nameOf.get(id) ?? s.categoryName }
  }
  const data = suggestions.data
  const items = useMemo(() => data?.items ?? [], [data])
  // rows accepted elsewhere (or by a refresh) leave the list, and the selection with them
  const selected = useMemo(
    () =>
      keepListed(
        picked,
        items.map((i) => i.transactionId),
      ),
    [picked, items],
  )
  const allPicked = items.length > 0 && selected.size === items.length

  const send = (rows: CategorySuggestion[]) =>
    accept.mutate(
      rows.map((r) => ({ transactionId: r.transactionId, categoryId: choice(r).id })),
      {
        onSuccess: (result) => {
          setPicked((prev) => {
            const next = new Set(prev)
            for (const r of rows) next.delete(r.transactionId)
            return next
          })
          setChosen((prev) => {
            const next = new Map(prev)
            for (const r of rows) next.delete(r.transactionId)
            return next
          })
          toast({
            title: 'Categories set',
            description:
              rows.length === 1 && rows[0] !== undefined
                ? `${rows[0].payee} is now in ${choice(rows[0]).name}.`
                : `${plural(result.updated, 'transaction')} categorised.`,
          })
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(error) }),
      },
    )

  return (
    <Card
      aria-labelledby="suggestions-title"
      data-testid="suggestions-card"
      className="overflow-hidden"
    >
      <CardHeader>
        <CardTitle id="suggestions-title" className="flex items-center gap-2">
          <Tags className="size-5 text-primary" aria-hidden="true" />
          Category suggestions
        </CardTitle>
        <CardDescription>
          {data === undefined
            ? 'Categories for transactions without one, learned from how you categorise.'
            : data.uncategorised === 0
              ? 'Every transaction you see has a category.'
              : `${plural(data.uncategorised, 'transaction')} without a category; suggestions learned from how you categorise.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0 pb-0">
        {suggestions.isLoading ? (
          <div className="space-y-3 px-5 pb-5" role="status" aria-label="Loading category suggestions">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : suggestions.error || data === undefined ? (
          <div className="px-5 pb-5">
            <ErrorState
              what="category suggestions"
              error={suggestions.error}
              onRetry={() => void suggestions.refetch()}
            />
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={Tags}
            className="px-5 pb-5"
            title={
              data.uncategorised === 0
                ? 'Nothing to categorise. Suggestions appear here for new transactions without a category.'
                : 'No suggestions yet: categorise a few transactions yourself and the next ones are suggested from them.'
            }
          />
        ) : (
          <>
            {canWrite && (
              <div className="flex flex-wrap items-center justify-between gap-3 border-t bg-muted/40 px-5 py-3">
                <label className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={allPicked}
                    onChange={() =>
                      setPicked(allPicked ? new Set() : new Set(items.map((i) => i.transactionId)))
                    }
                  />
                  Select all ({items.length})
                </label>
                <Button
                  size="sm"
                  disabled={selected.size === 0 || accept.isPending}
                  onClick={() => send(items.filter((i) => selected.has(i.transactionId)))}
                  data-testid="accept-selected"
                >
                  <CheckCheck aria-hidden="true" />
                  Accept selected{selected.size > 0 ? ` (${selected.size})` : ''}
                </Button>
              </div>
            )}
            <ul className="divide-y border-t" aria-label="Category suggestions">
              {items.map((s) => {
                const what = `${s.payee} on ${formatDate(s.date)}`
                const pick = choice(s)
                const changed = pick.id !== s.categoryId
                return (
                  <li
                    key={s.transactionId}
                    className={cn(
                      'grid items-start gap-x-3 gap-y-2 px-5 py-3 sm:items-center',
                      canWrite
                        ? 'grid-cols-[auto_minmax(0,1fr)_auto] sm:grid-cols-[auto_minmax(0,1fr)_11rem_9rem_auto]'
                        : 'grid-cols-1 sm:grid-cols-[minmax(0,1fr)_11rem_9rem]',
                    )}
                    data-testid="suggestion-row"
                  >
                    {canWrite && (
                      <Checkbox
                        className="mt-1 sm:mt-0"
                        aria-label={`Select ${what}`}
                        checked={selected.has(s.transactionId)}
                        onChange={() => setPicked(toggled(selected, s.transactionId))}
                      />
                    )}
                    <div className="min-w-0">
                      <p className="truncate font-medium">{s.payee}</p>
                      <p className="text-xs text-muted-foreground">
                        {formatDate(s.date)} · <Money value={s.amount} currency={currency} />
                      </p>
                    </div>
                    {canWrite && (
                      <Button
                        size="sm"
                        variant="outline"
                        className="sm:order-last"
                        disabled={accept.isPending}
                        aria-label={`Accept ${pick.name} for ${what}`}
                        onClick={() => send([s])}
                      >
                        <Check aria-hidden="true" />
                        Accept
                      </Button>
                    )}
                    <div
                      className={cn(
                        'min-w-0',
                        canWrite && 'col-span-2 col-start-2 sm:col-span-1 sm:col-start-auto',
                      )}
                    >
                      {canWrite && options.length > 0 ? (
                        <Select
                          aria-label={`Category for ${what}`}
                          data-testid="suggestion-picker"
                          className="w-full"
                          value={pick.id}
                          disabled={accept.isPending}
                          onChange={(e) => {
                            const value = e.target.value
                            setChosen((prev) => {
                              const next = new Map(prev)
                              if (value === s.categoryId) next.delete(s.transactionId)
                              else next.set(s.transactionId, value)
                              return next
                            })
                          }}
                        >
                          {!nameOf.has(s.categoryId) && (
                            <option value={s.categoryId}>{s.categoryName}</option>
                          )}
                          {options.map((c) => (
                            <option key={c.id} value={c.id}>
                              {c.depth === 1 ? `— ${c.label}` : c.label}
                            </option>
                          ))}
                        </Select>
                      ) : (
                        <p className="text-sm font-medium" data-testid="suggestion-category">
                          {s.categoryName}
                        </p>
                      )}
                      <p className="text-xs text-muted-foreground">
                        {changed
                          ? `Your choice (suggested: ${s.categoryName})`
                          : s.source === 'payee'
                            ? 'From this payee’s history'
                            : 'From similar payments'}
                      </p>
                    </div>
                    <div
                      className={cn(
                        canWrite && 'col-span-2 col-start-2 sm:col-span-1 sm:col-start-auto',
                      )}
                    >
                      <Confidence value={s.confidence} id={`confidence-${s.transactionId}`} />
                    </div>
                  </li>
                )
              })}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  )
}
