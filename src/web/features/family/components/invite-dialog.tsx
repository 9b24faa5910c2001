// Inviting someone: choose the role (each with what it allows) and how long the link works (1 to
// 7 days); then the link, with Copy, and what it does. The invite also shows under Pending invites.
import { Link2 } from 'lucide-react'
import { useState } from 'react'
import type { Invite } from '#src/contract/household'
import { INVITE_MAX_DAYS, ROLE_LABELS, type InviteRole } from '#src/domain/access'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Select } from '#src/web/components/ui/select'
import { useCreateInvite } from '../api/create-invite'
import { useExpiryText } from '../expiry'
import { CopyLink } from './copy-link'
import { RoleChoice } from './role-choice'

const DAY_CHOICES = Array.from({ length: INVITE_MAX_DAYS }, (_, i) => i + 1)

function InviteForm({ onCreated }: { onCreated: (invite: Invite) => void }) {
  const create = useCreateInvite()
  const [role, setRole] = useState<InviteRole>('adult')
  const [days, setDays] = useState(INVITE_MAX_DAYS)
  return (
    <form
      className="grid gap-5"
      aria-label="Invite someone"
      onSubmit={(event) => {
        event.preventDefault()
        create.mutate({ role, expiresInDays: days }, { onSuccess: onCreated })
      }}
    >
      <RoleChoice name="invite-role" legend="They join as" value={role} onChange={setRole} />
      <FormField
        label="The link works for"
        hint="It works once: the first person who opens it and joins uses it up."
      >
        {(control) => (
          <Select {...control} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {DAY_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 day' : `${n} days`}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormError error={create.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={create.isPending}>
          <Link2 aria-hidden="true" />
          {create.isPending ? 'Creating the link…' : 'Create invite link'}
        </Button>
      </div>
    </form>
  )
}

function CreatedInvite({ invite, onDone }: { invite: Invite; onDone: () => void }) {
  const expiry = useExpiryText()
  const role = ROLE_LABELS[invite.role].toLowerCase()
  return (
    <div className="grid gap-4" data-testid="created-invite">
      <CopyLink url={invite.url} />
      <p className="text-sm text-muted-foreground">
        Whoever opens this link can join as {role === 'adult' ? 'an' : 'a'} <strong>{role}</strong>{' '}
        once, until {expiry(invite.expiresAt)}. Send it only to the person you mean; you can revoke
        it under Pending invites.
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  )
}

export function InviteDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [created, setCreated] = useState<Invite | null>(null)
  const change = (next: boolean) => {
    if (!next) setCreated(null)
    onOpenChange(next)
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title={created === null ? 'Invite someone' : 'Your invite link'}
      description={
        created === null
          ? 'They get a link to join this household. Choose what they can do here.'
          : 'Copy the link and send it to them: by message, e-mail or however you like.'
      }
    >
      {open &&
        (created === null ? (
          <InviteForm onCreated={setCreated} />
        ) : (
          <CreatedInvite invite={created} onDone={() => change(false)} />
        ))}
    </FormDialog>
  )
}
