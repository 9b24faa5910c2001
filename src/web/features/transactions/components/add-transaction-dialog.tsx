// The add-transaction form on its own, for opening over another page (lib/quick-add), with the
// open accounts and the categories it offers fetched here.
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { categoryOptions, categoriesQuery } from '#src/web/lib/queries/categories'
import { useToday } from '#src/web/lib/today'
import { emptyForm } from '../transaction-form'
import { TransactionFormDialog } from './transaction-form-dialog'

export function AddTransactionDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const today = useToday()
  const accounts = useQuery(accountsQuery)
  const categories = useQuery(categoriesQuery)
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data])
  const openAccounts = (accounts.data ?? []).filter((a) => !a.isClosed)
  return (
    <TransactionFormDialog
      open={open && accounts.data !== undefined}
      onOpenChange={onOpenChange}
      initial={emptyForm(today, openAccounts[0]?.id ?? '')}
      accounts={openAccounts}
      categories={options}
    />
  )
}
