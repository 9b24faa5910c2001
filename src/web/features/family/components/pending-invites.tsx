// The owner's pending invites: each link's role and expiry, Copy link, and Revoke (after a plain
// confirmation). Used, revoked and expired links are not listed: they no longer open anything.
import { Copy, MailPlus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { Invite } from '#src/contract/household'
import { ROLE_LABELS } from '#src/domain/access'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { ErrorState } from '#src/web/components/error-state'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { toast } from '#src/web/lib/toast'
import { useInvites } from '../api/get-invites'
import { useRevokeInvite } from '../api/revoke-invite'
import { useExpiryText } from '../expiry'
import { copyInviteLink } from './copy-link'
import { RoleBadge } from './member-badges'

function InviteRow({ invite, onRevoke }: { invite: Invite; onRevoke: () => void }) {
  const expiry = useExpiryText()
  const role = ROLE_LABELS[invite.role]
  return (
    <li
      className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0"
      data-testid="pending-invite"
      data-role={invite.role}
    >
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
        <MailPlus className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          Invite as <RoleBadge role={invite.role} />
        </p>
        <p className="text-xs text-muted-foreground">Works until {expiry(invite.expiresAt)}</p>
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        <Button
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          aria-label={`Copy link of the ${role.toLowerCase()} invite`}
          onClick={() => void copyInviteLink(invite.url)}
        >
          <Copy aria-hidden="true" />
          Copy link
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 text-negative hover:text-negative sm:flex-none"
          aria-label={`Revoke the ${role.toLowerCase()} invite`}
          onClick={onRevoke}
        >
          <Trash2 aria-hidden="true" />
          Revoke
        </Button>
      </div>
    </li>
  )
}

export function PendingInvites() {
  const invites = useInvites(true)
  const revoke = useRevokeInvite()
  const [revoking, setRevoking] = useState<Invite | null>(null)
  const list = invites.data ?? []
  return (
    <Card aria-labelledby="pending-invites-title" data-testid="pending-invites">
      <CardHeader>
        <CardTitle id="pending-invites-title">Pending invites</CardTitle>
        <CardDescription>
          Links you sent that nobody has used yet. Each works once, until it expires.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {invites.isLoading ? (
          <div className="flex items-center gap-3" role="status" aria-label="Loading invites">
            <Skeleton className="size-9 rounded-full" />
            <div className="flex-1 space-y-1.5">
              <Skeleton className="h-3.5 w-32" />
              <Skeleton className="h-3 w-48" />
            </div>
          </div>
        ) : invites.error ? (
          <ErrorState
            what="your invites"
            error={invites.error}
            onRetry={() => void invites.refetch()}
          />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invites waiting.</p>
        ) : (
          <ul className="divide-y">
            {list.map((invite) => (
              <InviteRow key={invite.token} invite={invite} onRevoke={() => setRevoking(invite)} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRevoking(null)
            revoke.reset()
          }
        }}
        title="Revoke this invite?"
        description={
          <p data-testid="revoke-text">
            The {revoking ? ROLE_LABELS[revoking.role].toLowerCase() : ''} invite link stops working
            at once: whoever opens it is told it was cancelled. Nobody has joined with it, so
            nothing else changes.
          </p>
        }
        confirmLabel="Revoke invite"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => {
          if (revoking === null) return
          revoke.mutate(revoking.token, {
            onSuccess: () => {
              toast({ title: 'Invite revoked', description: 'That link no longer works.' })
              setRevoking(null)
            },
          })
        }}
      />
    </Card>
  )
}
