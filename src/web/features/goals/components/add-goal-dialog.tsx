// The new-goal form on its own, for opening over another page (lib/quick-add).
import { useQuery } from '@tanstack/react-query'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { GoalFormDialog } from './goal-form-dialog'

export function AddGoalDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const accounts = useQuery(accountsQuery)
  return (
    <GoalFormDialog
      open={open}
      onOpenChange={onOpenChange}
      goal={null}
      accounts={(accounts.data ?? []).filter((a) => !a.isClosed)}
    />
  )
}
