// Deleting an account says first what goes with it: its transactions (counted), while the other
// side of each transfer stays in the other account. Closing it instead keeps the history.
import type { Account } from '#src/contract/accounts'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { toast } from '#src/web/lib/toast'
import { COUNT_LIMIT, useTransactionCount } from '../api/count-transactions'
import { useDeleteAccount } from '../api/delete-account'

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

export function DeleteAccountDialog({
  account,
  onOpenChange,
}: {
  account: Account | null
  onOpenChange: (open: boolean) => void
}) {
  const remove = useDeleteAccount()
  // the count stops asking once this account is being deleted (or is gone)
  const gone = remove.variables === account?.id && (remove.isPending || remove.isSuccess)
  const count = useTransactionCount(account?.id ?? null, !gone)
  const counted = count.data
  const what =
    counted === undefined
      ? 'all of its transactions'
      : counted.more
        ? `its more than ${COUNT_LIMIT} transactions`
        : counted.count === 0
          ? 'no transactions (it has none)'
          : `its ${plural(counted.count, 'transaction')}`
  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={(open) => {
        if (!open) remove.reset()
        onOpenChange(open)
      }}
      title={account === null ? 'Delete account' : `Delete ${account.name}?`}
      description={
        <div className="space-y-2" data-testid="delete-account-text">
          <p>
            This deletes the account and <strong>{what}</strong>. It cannot be undone.
          </p>
          <p>
            Transfers to or from other accounts keep their other side there, so those balances do
            not change. To keep the history, close the account instead.
          </p>
        </div>
      }
      confirmLabel="Delete account and transactions"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => {
        if (account === null) return
        remove.mutate(account.id, {
          onSuccess: (res) => {
            toast({
              title: 'Account deleted',
              description: `${account.name} and ${plural(res.deletedTransactions, 'transaction')} were deleted.`,
            })
            onOpenChange(false)
          },
        })
      }}
    />
  )
}
