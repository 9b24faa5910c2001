// The new-bill form on its own, for opening over another page (lib/quick-add).
import { useAccountList } from '../../../lib/queries/accounts'
import { categoryOptions, useCategoryList } from '../../../lib/queries/categories'
import { useToday } from '../../../lib/today'
import { BillFormDialog } from './bill-form-dialog'

export function AddBillDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const today = useToday()
  const accounts = useAccountList()
  const categories = useCategoryList()
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
