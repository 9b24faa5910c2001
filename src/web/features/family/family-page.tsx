// The Family page: the household's members with their roles and the accounts of
// theirs the viewer may see; for the owner, invites (with the link to copy and the pending ones
// to copy again or revoke), role changes, removal, handing the household over, renaming it and
// requiring two-step verification of everyone; for everyone else, leaving. Every step that moves
// people or accounts says first what moves where.
import { useQuery } from '@tanstack/react-query'
import { LogOut, MailPlus, Pencil, Users } from 'lucide-react'
import { useState } from 'react'
import type { Household, HouseholdMember } from '#src/contract/household'
import { ROLE_LABELS, type Role } from '#src/domain/access'
import { tierLabel } from '#src/domain/tiers'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { householdQuery } from '#src/web/lib/queries/household'
import { ChangeRoleDialog } from './components/change-role-dialog'
import { InviteDialog } from './components/invite-dialog'
import { MemberCard, type MemberAction } from './components/member-card'
import { MfaPolicyCard } from './components/mfa-policy-card'
import {
  LeaveHouseholdDialog,
  RemoveMemberDialog,
  TransferOwnershipDialog,
} from './components/membership-dialogs'
import { PendingInvites } from './components/pending-invites'
import { RenameHouseholdDialog } from './components/rename-household-dialog'
import { plural } from './membership-text'

function PageSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading your household">
      <div className="space-y-2 rounded-xl border bg-card p-5">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-3.5 w-64" />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1].map((i) => (
          <div key={i} className="space-y-4 rounded-xl border bg-card p-5">
            <div className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex-1 space-y-1.5">
                <Skeleton className="h-4 w-2/5" />
                <Skeleton className="h-3 w-3/5" />
              </div>
            </div>
            <Skeleton className="h-3 w-4/5" />
            <div className="space-y-2 border-t pt-3">
              <Skeleton className="h-3.5 w-full" />
              <Skeleton className="h-3.5 w-3/4" />
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}

/** Owner first, then in the order people joined. */
function ordered(members: readonly HouseholdMember[]): HouseholdMember[] {
  return [...members].sort((a, b) =>
    a.role === 'owner' ? -1 : b.role === 'owner' ? 1 : a.joinedAt.localeCompare(b.joinedAt),
  )
}

/** What the caller's role lets them do, said to them. */
const YOUR_ROLE = {
  owner:
    'You decide who is in the household and what each person can do. Accounts marked private stay private, even from you.',
  adult:
    'You see and change all the money the household shares and manage your own accounts. The owner manages members and the plan.',
  teen: 'You see your own accounts and the ones shared with teens, and can add transactions to them.',
  viewer: 'You see the money the household shares, but you cannot change anything.',
} as const satisfies Record<Role, string>

function HouseholdSummary({
  household,
  onRename,
}: {
  household: Household
  onRename: (() => void) | null
}) {
  const role = ROLE_LABELS[household.myRole].toLowerCase()
  return (
    <Card aria-labelledby="household-name" data-testid="household-summary">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <CardTitle id="household-name" className="text-xl break-words">
            {household.name}
          </CardTitle>
          <CardDescription>
            {plural(household.members.length, 'person', 'people')} · {tierLabel(household.plan)}{' '}
            plan · You are{' '}
            {household.myRole === 'owner'
              ? 'the owner'
              : `${role === 'adult' ? 'an' : 'a'} ${role}`}
          </CardDescription>
        </div>
        {onRename !== null && (
          <Button variant="outline" size="sm" onClick={onRename}>
            <Pencil aria-hidden="true" />
            Rename
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground" data-testid="my-role-description">
          {YOUR_ROLE[household.myRole]}
        </p>
      </CardContent>
    </Card>
  )
}

function LeaveCard({ household, onLeave }: { household: Household; onLeave: () => void }) {
  return (
    <Card aria-labelledby="leave-title" data-testid="leave-card">
      <CardHeader>
        <CardTitle id="leave-title">Leave this household</CardTitle>
        <CardDescription>
          Your private accounts go with you into a household of your own; what “{household.name}”
          can see stays here. You can join again only with a new invite.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          className="w-full text-negative hover:text-negative sm:w-auto"
          onClick={onLeave}
        >
          <LogOut aria-hidden="true" />
          Leave household
        </Button>
      </CardContent>
    </Card>
  )
}

function FamilyContent({ household, myId }: { household: Household; myId: string | null }) {
  const isOwner = household.myRole === 'owner'
  const [inviting, setInviting] = useState(false)
  const [renaming, setRenaming] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const [acting, setActing] = useState<{ member: HouseholdMember; action: MemberAction } | null>(
    null,
  )
  const members = ordered(household.members)
  const me = members.find((m) => m.userId === myId) ?? null
  const others = members.filter((m) => m.userId !== myId)
  const target = (action: MemberAction) => (acting?.action === action ? acting.member : null)
  const close = (open: boolean) => {
    if (!open) setActing(null)
  }

  return (
    <>
      <PageHeader
        description={
          isOwner
            ? 'The people you share money with, what each of them can do, and whose accounts are whose.'
            : 'The people in your household, what each of them can do, and the accounts you can see.'
        }
        actions={
          isOwner ? (
            <Button onClick={() => setInviting(true)}>
              <MailPlus aria-hidden="true" />
              Invite someone
            </Button>
          ) : undefined
        }
      />
      <HouseholdSummary household={household} onRename={isOwner ? () => setRenaming(true) : null} />

      <section aria-labelledby="members-title" className="space-y-3">
        <h2 id="members-title" className="text-base font-semibold">
          Members
        </h2>
        <ul className="grid gap-4 md:grid-cols-2" data-testid="members">
          {members.map((member) => (
            <li key={member.userId} className="min-w-0">
              <MemberCard
                member={member}
                isMe={member.userId === myId}
                canManage={isOwner && member.role !== 'owner'}
                onAction={(action) => setActing({ member, action })}
              />
            </li>
          ))}
        </ul>
        {others.length === 0 && (
          <Card data-testid="family-empty">
            <CardContent className="pt-5">
              <EmptyState
                icon={Users}
                title="Just you so far. Invite a partner, a teen or anyone you share money with: you choose what each of them can see and do."
                action={
                  isOwner ? (
                    <Button onClick={() => setInviting(true)}>
                      <MailPlus aria-hidden="true" />
                      Invite someone
                    </Button>
                  ) : undefined
                }
              />
            </CardContent>
          </Card>
        )}
      </section>

      {isOwner && <PendingInvites />}
      {isOwner && <MfaPolicyCard />}
      {!isOwner && me !== null && (
        <LeaveCard household={household} onLeave={() => setLeaving(true)} />
      )}
      {isOwner && others.length > 0 && (
        <p className="text-sm text-muted-foreground">
          You own this household. To leave it, make another member the owner first (“Make owner” in
          their menu).
        </p>
      )}

      {isOwner && <InviteDialog open={inviting} onOpenChange={setInviting} />}
      {isOwner && (
        <RenameHouseholdDialog open={renaming} name={household.name} onOpenChange={setRenaming} />
      )}
      <ChangeRoleDialog member={target('role')} onOpenChange={close} />
      <TransferOwnershipDialog
        member={target('owner')}
        household={household}
        onOpenChange={close}
      />
      <RemoveMemberDialog member={target('remove')} household={household} onOpenChange={close} />
      {me !== null && (
        <LeaveHouseholdDialog
          open={leaving}
          me={me}
          household={household}
          onOpenChange={setLeaving}
        />
      )}
    </>
  )
}

export function FamilyPage() {
  const { user } = useAuth()
  const household = useQuery(householdQuery)
  return (
    <div className="flex-1" data-testid="family-page">
      <PageBody>
        {household.isLoading ? (
          <PageSkeleton />
        ) : household.error || household.data === undefined ? (
          <ErrorState
            what="your household"
            error={household.error}
            onRetry={() => void household.refetch()}
          />
        ) : (
          <FamilyContent household={household.data} myId={user?.id ?? null} />
        )}
      </PageBody>
    </div>
  )
}
