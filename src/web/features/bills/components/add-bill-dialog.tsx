// The new-bill form on its own, for opening over another page (lib/quick-add).
import { useQuery } from '@tanstack/react-query'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { categoryOptions, categoriesQuery } from '#src/web/lib/queries/categories'
import { useToday } from '#src/web/lib/today'
import { BillFormDialog } from './bill-form-dialog'

export function AddBillDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const today = useToday()
  const accounts = useQuery(accountsQuery)
  const categories = useQuery(categoriesQuery)
  return (
    <BillFormDialog
      open={open}
      onOpenChange={onOpenChange}
      bill={null}
      accounts={(accounts.data ?? []).filter((a) => !a.isClosed)}
      categories={categoryOptions(categories.data ?? [], { kind: 'expense' })}
      today={today}
    />
  )
}
