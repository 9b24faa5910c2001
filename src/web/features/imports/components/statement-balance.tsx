// Where an imported account stands against the balance its bank statement states: a new account
// was opened at it (the opening-balance entry is said); an account that differs on the
// statement's date is offered a reconciliation, never changed without asking.
import { useQuery } from '@tanstack/react-query'
import { Scale } from 'lucide-react'
import type { ImportResult } from '#src/contract/imports'
import { absCents, addCents, subCents } from '#src/domain/money'
import { Money } from '#src/web/components/money'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { errorMessage } from '#src/web/lib/api'
import { useDateFormat } from '#src/web/lib/format'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { useReconcileImported } from '../api/reconcile-account'

type AccountSummary = ImportResult['accounts'][number]

export function StatementBalance({ account }: { account: AccountSummary }) {
  const formatDate = useDateFormat()
  const accounts = useQuery(accountsQuery)
  const reconcile = useReconcileImported()
  const { statementBalance, statementDate, openingBalance, balanceDifference, accountId } = account
  if (statementBalance === null || statementDate === null) return null
  const currency = account.currency ?? undefined
  if (openingBalance !== null) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="statement-opening">
        Opened at the statement’s balance of <Money value={statementBalance} currency={currency} />{' '}
        on {formatDate(statementDate)}: an opening balance of{' '}
        <Money value={openingBalance} currency={currency} /> was added.
      </p>
    )
  }
  if (balanceDifference === null || balanceDifference === 0 || accountId === null) return null
  const current = accounts.data?.find((a) => a.id === accountId)?.balance
  const done = reconcile.isSuccess
  return (
    <Alert variant="warning" data-testid="reconcile-prompt">
      <Scale aria-hidden="true" />
      <div className="space-y-2">
        {done ? (
          <p>Reconciled: the balance now matches the statement.</p>
        ) : (
          <>
            <p>
              The statement says <Money value={statementBalance} currency={currency} /> on{' '}
              {formatDate(statementDate)}; Kinwise has{' '}
              <Money value={subCents(statementBalance, balanceDifference)} currency={currency} /> on
              that day, <Money value={absCents(balanceDifference)} currency={currency} />{' '}
              {balanceDifference > 0 ? 'less' : 'more'}.
            </p>
            <Button
              size="sm"
              variant="outline"
              disabled={current === undefined || reconcile.isPending}
              onClick={() => {
                if (current === undefined) return
                reconcile.mutate({
                  id: accountId,
                  body: {
                    statementBalance: addCents(current, balanceDifference),
                    date: statementDate,
                  },
                })
              }}
            >
              Reconcile to the statement
            </Button>
            {reconcile.error !== null && (
              <p className="text-negative">{errorMessage(reconcile.error)}</p>
            )}
          </>
        )}
      </div>
    </Alert>
  )
}
