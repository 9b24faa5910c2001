// The add-account form on its own, for opening over another page (lib/quick-add): it gathers
// what the form needs (the household's members, the member's role, the base currency) itself.
import { useQuery } from '@tanstack/react-query'
import { roleAtLeast } from '#src/domain/access'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_CURRENCY } from '#src/web/lib/format'
import { useToday } from '#src/web/lib/today'
import { householdQuery } from '#src/web/lib/queries/household'
import { ownerChoices } from '../owners'
import { AccountFormDialog } from './account-form-dialog'

export function AddAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { user } = useAuth()
  const today = useToday()
  const household = useQuery({ ...householdQuery, enabled: user !== null })
  const role = user?.role ?? 'viewer'
  return (
    <AccountFormDialog
      open={open}
      onOpenChange={onOpenChange}
      account={null}
      baseCurrency={user?.baseCurrency ?? DEFAULT_CURRENCY}
      today={today}
      me={user?.id ?? ''}
      owners={user === null ? [] : ownerChoices(user, household.data)}
      canPickOwner={roleAtLeast(role, 'adult')}
    />
  )
}
