// The confirmations before someone leaves the household, is removed from it, or is handed it:
// each says in plain words what moves where, and the button says exactly what it does.
import type { ReactNode } from 'react'
import type { Household, HouseholdMember } from '#src/contract/household'
import { displayName } from '#src/domain/avatar'
import { ownHouseholdName } from '#src/domain/household'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { toast } from '#src/web/lib/toast'
import { useLeaveHousehold, useRemoveMember, useTransferOwnership } from '../api/change-membership'
import { leaveConsequences, removeConsequences } from '../membership-text'

function Lines({ lines, testId }: { lines: string[]; testId: string }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5" data-testid={testId}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  )
}

type MemberDialogProps = {
  member: HouseholdMember | null
  household: Household
  onOpenChange: (open: boolean) => void
}

/** A confirmation that does something to one member, then says what happened and closes. */
function MemberActionDialog({
  member,
  onOpenChange,
  action,
  done,
  ...texts
}: Omit<MemberDialogProps, 'household'> & {
  action: {
    mutate: (userId: string, options: { onSuccess: () => void }) => void
    reset: () => void
    isPending: boolean
    error: unknown
  }
  /** the toast once it is done, from the member */
  done: (member: HouseholdMember) => { title: string; description: string }
  title: string
  description: ReactNode
  confirmLabel: string
  pendingLabel: string
}) {
  return (
    <ConfirmDialog
      {...texts}
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) action.reset()
        onOpenChange(open)
      }}
      pending={action.isPending}
      error={action.error}
      onConfirm={() => {
        if (member === null) return
        action.mutate(member.userId, {
          onSuccess: () => {
            toast(done(member))
            onOpenChange(false)
          },
        })
      }}
    />
  )
}

export function RemoveMemberDialog({ member, household, onOpenChange }: MemberDialogProps) {
  const remove = useRemoveMember()
  const name = member === null ? '' : displayName(member)
  return (
    <MemberActionDialog
      member={member}
      onOpenChange={onOpenChange}
      action={remove}
      title={`Remove ${name} from “${household.name}”?`}
      description={
        member !== null && (
          <Lines lines={removeConsequences(member, household.name)} testId="remove-text" />
        )
      }
      confirmLabel={`Remove ${name}`}
      pendingLabel="Removing…"
      done={(m) => ({
        title: `${name} was removed`,
        description: `They now have a household of their own, “${ownHouseholdName(m.firstName)}”.`,
      })}
    />
  )
}

export function TransferOwnershipDialog({ member, household, onOpenChange }: MemberDialogProps) {
  const transfer = useTransferOwnership()
  const name = member === null ? '' : displayName(member)
  return (
    <MemberActionDialog
      member={member}
      onOpenChange={onOpenChange}
      action={transfer}
      title={`Make ${name} the owner?`}
      description={
        <Lines
          testId="transfer-text"
          lines={[
            `${name} gets everything the owner has: inviting and removing people, changing roles, the plan and deleting “${household.name}”.`,
            'You become an adult: you keep seeing and changing the shared money, but you can no longer manage members or the plan.',
            `Nothing moves: every account stays where it is. Only ${name} can make you the owner again.`,
          ]}
        />
      }
      confirmLabel={`Make ${name} the owner`}
      pendingLabel="Handing over…"
      done={() => ({
        title: `${name} is now the owner`,
        description: `You are an adult in “${household.name}”.`,
      })}
    />
  )
}

export function LeaveHouseholdDialog({
  open,
  me,
  household,
  onOpenChange,
}: {
  open: boolean
  me: HouseholdMember
  household: Household
  onOpenChange: (open: boolean) => void
}) {
  const leave = useLeaveHousehold()
  const owner = household.members.find((m) => m.role === 'owner')
  const ownerName = owner === undefined ? 'its owner' : displayName(owner)
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) leave.reset()
        onOpenChange(next)
      }}
      title={`Leave “${household.name}”?`}
      description={
        <Lines
          testId="leave-text"
          lines={leaveConsequences(me, { name: household.name, ownerName })}
        />
      }
      confirmLabel="Leave household"
      pendingLabel="Leaving…"
      pending={leave.isPending}
      error={leave.error}
      onConfirm={() => {
        const left = household.name
        leave.mutate(undefined, {
          onSuccess: () => {
            toast({
              title: `You left “${left}”`,
              description: `You are the owner of “${ownHouseholdName(me.firstName)}” now.`,
            })
            onOpenChange(false)
          },
        })
      }}
    />
  )
}
