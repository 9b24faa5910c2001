// One member of the household: avatar, name, e-mail, role (with what it allows) and the accounts
// of theirs the viewer can see, each with its visibility. The owner gets a menu of what they can
// do to the member: change the role, make them the owner, remove them.
import { ArrowRightLeft, Crown, MoreHorizontal, UserMinus, UserCog, Wallet } from 'lucide-react'
import type { HouseholdMember } from '#src/contract/household'
import { ROLE_DESCRIPTIONS } from '#src/domain/access'
import { displayName } from '#src/domain/avatar'
import { UserAvatar } from '#src/web/components/user-avatar'
import { Button } from '#src/web/components/ui/button'
import { Card } from '#src/web/components/ui/card'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#src/web/components/ui/dropdown-menu'
import { RoleBadge, VisibilityBadge } from './member-badges'

export type MemberAction = 'role' | 'owner' | 'remove'

export function MemberCard({
  member,
  isMe,
  canManage,
  onAction,
}: {
  member: HouseholdMember
  isMe: boolean
  /** the viewer owns the household and this member is not the owner */
  canManage: boolean
  onAction: (action: MemberAction) => void
}) {
  const name = displayName(member)
  const titleId = `member-${member.userId}`
  return (
    <Card
      aria-labelledby={titleId}
      className="flex flex-col gap-4 p-4 sm:p-5"
      data-testid="member"
      data-name={name}
      data-role={member.role}
    >
      <div className="flex items-start gap-3">
        <UserAvatar user={member} className="size-10" />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={titleId} className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
            <span className="truncate">{name}</span>
            {isMe && <span className="text-sm font-normal text-muted-foreground">(you)</span>}
            <RoleBadge role={member.role} />
          </h3>
          <p className="truncate text-sm text-muted-foreground">{member.email}</p>
        </div>
        {canManage && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${name}`}>
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => onAction('role')}>
                <UserCog aria-hidden="true" />
                Change role
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => onAction('owner')}>
                <ArrowRightLeft aria-hidden="true" />
                Make owner
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                onSelect={() => onAction('remove')}
                className="text-negative [&_svg]:text-negative"
              >
                <UserMinus aria-hidden="true" />
                Remove from household
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        {member.role === 'owner' && (
          <Crown className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        )}
        {ROLE_DESCRIPTIONS[member.role]}
      </p>
      <div className="border-t pt-3">
        <h4 className="sr-only">{isMe ? 'Your accounts' : `${name}’s accounts`}</h4>
        {member.accounts.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Wallet className="size-4 shrink-0" aria-hidden="true" />
            {isMe ? 'You have no accounts yet.' : 'No accounts you can see.'}
          </p>
        ) : (
          <ul className="grid gap-2" data-testid="member-accounts">
            {member.accounts.map((account) => (
              <li key={account.id} className="flex items-center justify-between gap-3 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <Wallet className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="truncate">{account.name}</span>
                </span>
                <VisibilityBadge visibility={account.visibility} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  )
}
