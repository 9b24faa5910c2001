// Changing what a member may do: the roles an invite can give, each with what it allows. The
// owner's own role changes only by handing the household to someone else.
import { useState } from 'react'
import type { HouseholdMember } from '#src/contract/household'
import { ROLE_LABELS, type InviteRole } from '#src/domain/access'
import { displayName } from '#src/domain/avatar'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { toast } from '#src/web/lib/toast'
import { useChangeRole } from '../api/save-household'
import { RoleChoice } from './role-choice'

function RoleForm({ member, onDone }: { member: HouseholdMember; onDone: () => void }) {
  const change = useChangeRole()
  const current: InviteRole = member.role === 'owner' ? 'adult' : member.role
  const [role, setRole] = useState<InviteRole>(current)
  const name = displayName(member)
  return (
    <form
      className="grid gap-5"
      aria-label={`Role of ${name}`}
      onSubmit={(event) => {
        event.preventDefault()
        if (role === current) return onDone()
        change.mutate(
          { userId: member.userId, role },
          {
            onSuccess: () => {
              toast({
                title: 'Role changed',
                description: `${name} is now ${role === 'adult' ? 'an' : 'a'} ${ROLE_LABELS[role].toLowerCase()}.`,
              })
              onDone()
            },
          },
        )
      }}
    >
      <RoleChoice name="member-role" legend={`${name} is`} value={role} onChange={setRole} />
      <FormError error={change.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending || role === current}>
          {change.isPending ? 'Saving…' : 'Change role'}
        </Button>
      </div>
    </form>
  )
}

export function ChangeRoleDialog({
  member,
  onOpenChange,
}: {
  member: HouseholdMember | null
  onOpenChange: (open: boolean) => void
}) {
  return (
    <FormDialog
      open={member !== null}
      onOpenChange={onOpenChange}
      title={member === null ? 'Change role' : `Change ${displayName(member)}’s role`}
      description="What they can see and change in this household. It takes effect at once."
    >
      {member !== null && <RoleForm member={member} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}
