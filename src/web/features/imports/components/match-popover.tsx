// The row a previewed line duplicates or pairs with: "Line 12 of this file" for a partner in the
// same file, else a button that fetches the stored transaction and shows it.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Money } from '#src/web/components/money'
import { Button } from '#src/web/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '#src/web/components/ui/popover'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useDateFormat } from '#src/web/lib/format'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { useStoredTransaction } from '../api/get-transaction'

export function MatchInfo({
  matchId,
  matchLine,
  kind,
}: {
  matchId: string | null
  matchLine: number | null
  kind: 'duplicate' | 'transfer'
}) {
  if (matchLine !== null) {
    return <span className="text-xs text-muted-foreground">Pairs with line {matchLine}</span>
  }
  if (matchId === null) return null
  return <StoredMatch id={matchId} kind={kind} />
}

function StoredMatch({ id, kind }: { id: string; kind: 'duplicate' | 'transfer' }) {
  const [open, setOpen] = useState(false)
  const match = useStoredTransaction(id, open)
  const accounts = useQuery(accountsQuery)
  const formatDate = useDateFormat()
  const t = match.data
  const account = t ? accounts.data?.find((a) => a.id === t.accountId) : undefined
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="link" size="sm" className="h-auto p-0 text-xs">
          {kind === 'duplicate' ? 'Same as a stored row' : 'Pairs with a stored row'}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72 p-4 text-sm" data-testid="match-details">
        <p className="mb-2 font-medium">
          {kind === 'duplicate' ? 'Already in Kinwise' : 'The other side of this transfer'}
        </p>
        {match.isLoading ? (
          <div className="space-y-2" role="status" aria-label="Loading the stored row">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-24" />
          </div>
        ) : match.error ? (
          <p className="text-negative">{errorMessage(match.error)}</p>
        ) : t ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Date</dt>
            <dd>{formatDate(t.date)}</dd>
            <dt className="text-muted-foreground">Payee</dt>
            <dd className="truncate">{t.merchant || t.description || '—'}</dd>
            <dt className="text-muted-foreground">Amount</dt>
            <dd>
              <Money value={t.amount} currency={account?.currency} showPlus incomeTone />
            </dd>
            {account && (
              <>
                <dt className="text-muted-foreground">Account</dt>
                <dd className="truncate">{account.name}</dd>
              </>
            )}
          </dl>
        ) : null}
      </PopoverContent>
    </Popover>
  )
}
