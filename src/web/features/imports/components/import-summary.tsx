// What an import did: rows added, duplicates left out, transfers linked, rows the user left out,
// and the lines that could not be read; where the rows went (with links), where each account
// stands against the statement's balance (reconcile when it differs), and Undo.
import { CircleAlert, CircleCheck, FileUp, Info, Undo2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { ImportResult } from '#src/contract/imports'
import { Alert } from '#src/web/components/ui/alert'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { issueText, plural } from '../import-flow'
import { StatementBalance } from './statement-balance'
import { UndoImportDialog, type UndoResult } from './undo-import-dialog'
import { countText } from '#src/web/lib/display-locale'

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg border bg-card p-3" data-testid={testId}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{countText(value)}</p>
    </div>
  )
}

export function ImportSummary({
  result,
  fileName,
  onAnother,
}: {
  result: ImportResult
  fileName: string
  onAnother: () => void
}) {
  const [confirming, setConfirming] = useState(false)
  const [undone, setUndone] = useState<UndoResult | null>(null)
  const batchId = result.batchId
  const investing = result.accounts.filter((a) => a.activities > 0)
  const accountIds = result.accounts.flatMap((a) => (a.accountId ? [a.accountId] : []))
  const transactionsLink =
    accountIds.length === 1 ? `/transactions?account=${accountIds[0] ?? ''}` : '/transactions'
  // an investment statement with no cash rows: its activities are on the Investments page
  const onlyInvestments = result.added === 0 && result.activities > 0

  return (
    <div className="space-y-5" data-testid="import-summary">
      {undone === null ? (
        <div className="flex items-start gap-3">
          <CircleCheck className="mt-0.5 size-6 shrink-0 text-positive" aria-hidden="true" />
          <div>
            <h2 className="text-lg font-semibold">
              {result.added > 0
                ? `Imported ${plural(result.added, 'transaction')}`
                : result.activities > 0
                  ? `Imported ${plural(result.activities, 'investment activity', 'investment activities')}`
                  : 'Nothing new was imported'}
            </h2>
            {investing.length > 0 && (
              <p className="text-sm" data-testid="summary-investments">
                {plural(result.activities, 'activity', 'activities')},{' '}
                {plural(result.prices, 'price')} into {investing.map((a) => a.name).join(', ')}.
              </p>
            )}
            <p className="text-sm text-muted-foreground">
              From {fileName}. Balances, your plan and the dashboard are up to date.
            </p>
          </div>
        </div>
      ) : (
        <Alert data-testid="import-undone">
          <Undo2 aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-medium">
              This import was undone: {plural(undone.deleted, 'transaction')} removed
              {undone.activities > 0
                ? `, ${plural(undone.activities, 'investment activity', 'investment activities')} removed`
                : ''}
              {undone.restored > 0 ? `, ${plural(undone.restored, 'row')} restored` : ''}.
            </p>
            {undone.accountsKept.length > 0 && (
              <p className="text-muted-foreground">
                {undone.accountsKept.map((a) => `“${a.name}”`).join(', ')}{' '}
                {undone.accountsKept.length === 1 ? 'was' : 'were'} created by the import and{' '}
                {undone.accountsKept.length === 1 ? 'stays' : 'stay'}: delete{' '}
                {undone.accountsKept.length === 1 ? 'it' : 'them'} on the{' '}
                <Link to="/accounts" className="underline underline-offset-4">
                  Accounts page
                </Link>{' '}
                if you do not need {undone.accountsKept.length === 1 ? 'it' : 'them'}.
              </p>
            )}
          </div>
        </Alert>
      )}

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Stat label="Added" value={result.added} testId="summary-added" />
        <Stat label="Duplicates left out" value={result.duplicates} testId="summary-duplicates" />
        <Stat label="Transfers linked" value={result.transfers} testId="summary-transfers" />
        <Stat label="Left out by you" value={result.skipped} testId="summary-skipped" />
        <Stat label="Lines with errors" value={result.errors.length} testId="summary-errors" />
      </div>

      {result.accounts.length > 0 && (
        <ul className="divide-y rounded-lg border">
          {result.accounts.map((a) => (
            <li
              key={a.key}
              className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
            >
              <div className="flex min-w-0 items-center gap-2">
                <span className="truncate font-medium">{a.name}</span>
                {a.created && <Badge variant="accent">New account</Badge>}
              </div>
              <div className="flex items-center gap-3">
                <span className="text-muted-foreground">
                  {plural(a.added, 'row')} added
                  {a.activities > 0 ? `, ${plural(a.activities, 'activity', 'activities')}` : ''}
                </span>
                {a.accountId && undone === null && (
                  <Link
                    to={`/transactions?account=${a.accountId}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    View
                  </Link>
                )}
              </div>
              {undone === null && (
                <div className="basis-full empty:hidden">
                  <StatementBalance account={a} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {result.errors.length > 0 && (
        <Alert variant="destructive" data-testid="import-errors">
          <CircleAlert aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-medium">
              {plural(result.errors.length, 'line')} could not be read and{' '}
              {result.errors.length === 1 ? 'was' : 'were'} left out:
            </p>
            <ul className="list-disc space-y-0.5 pl-5">
              {result.errors.slice(0, 20).map((e, i) => (
                <li key={`${e.line}-${i}`}>{issueText(e)}</li>
              ))}
            </ul>
            {result.errors.length > 20 && (
              <p>And {plural(result.errors.length - 20, 'more line')}.</p>
            )}
          </div>
        </Alert>
      )}
      {result.warnings.length > 0 && (
        <Alert variant="warning">
          <Info aria-hidden="true" />
          <ul className="space-y-0.5">
            {result.warnings.slice(0, 10).map((w, i) => (
              <li key={`${w.line}-${i}`}>{issueText(w)}</li>
            ))}
          </ul>
        </Alert>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {undone === null && (
          <Button asChild>
            {onlyInvestments ? (
              <Link to="/investments">View investments</Link>
            ) : (
              <Link to={transactionsLink}>View transactions</Link>
            )}
          </Button>
        )}
        <Button variant="outline" onClick={onAnother}>
          <FileUp aria-hidden="true" />
          Import another file
        </Button>
        {batchId !== null && undone === null && (
          <Button
            variant="outline"
            className="text-negative sm:ml-auto"
            onClick={() => setConfirming(true)}
          >
            <Undo2 aria-hidden="true" />
            Undo import
          </Button>
        )}
      </div>
      {batchId !== null && (
        <UndoImportDialog
          batchId={batchId}
          fileName={fileName}
          added={result.added}
          open={confirming}
          onOpenChange={setConfirming}
          onUndone={setUndone}
        />
      )}
    </div>
  )
}
