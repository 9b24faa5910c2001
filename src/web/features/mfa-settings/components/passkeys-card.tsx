// Passkeys as a second factor (on top of the authenticator app): the list with when each was
// added and last used, adding one (a name, then the browser's own passkey prompt) and removing
// one. A step the server refuses for an old sign-in (REAUTH_REQUIRED) asks "Confirm it's you"
// and then runs again.
import { Fingerprint, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { Passkey } from '#src/contract/mfa'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { EmptyState } from '#src/web/components/empty-state'
import { FormDialog } from '#src/web/components/form-dialog'
import { isReauthRequired, ReauthDialog } from '#src/web/components/reauth-dialog'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { useAuth } from '#src/web/lib/auth'
import { toast } from '#src/web/lib/toast'
import { passkeyErrorMessage, passkeysSupported } from '#src/web/lib/webauthn'
import { useAddPasskey, useDeletePasskey } from '../api/passkeys'
import { formatDay } from '../mfa-text'

const MAX_NAME = 60

function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const add = useAddPasskey()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [reauthFor, setReauthFor] = useState<string | null>(null)
  const submit = (value: string) =>
    add.mutate(value, {
      onSuccess: (passkey) => {
        toast({
          title: 'Passkey added',
          description: `“${passkey.name}” can now confirm your sign-ins.`,
        })
        onDone()
      },
      onError: (failure) => {
        if (isReauthRequired(failure)) setReauthFor(value)
      },
    })
  const failure = add.error !== null && !isReauthRequired(add.error) ? add.error : null
  return (
    <>
      <form
        className="grid gap-5"
        aria-label="Add a passkey"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const value = name.trim()
          if (value === '') return setError('Give the passkey a name')
          if (value.length > MAX_NAME) return setError(`At most ${MAX_NAME} characters`)
          submit(value)
        }}
      >
        <FormField
          label="Name"
          hint="Which device or key it is, so you can tell your passkeys apart."
          error={error}
        >
          {(control) => (
            <Input
              {...control}
              value={name}
              placeholder="My laptop"
              maxLength={MAX_NAME + 20}
              autoComplete="off"
              onChange={(e) => {
                setName(e.target.value)
                setError(undefined)
              }}
            />
          )}
        </FormField>
        {failure !== null && (
          <Alert variant="destructive">
            <span>{passkeyErrorMessage(failure)}</span>
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onDone} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Waiting for your device…' : 'Continue'}
          </Button>
        </div>
      </form>
      {/* outside the form: a submit inside the dialog would bubble to it through the portal */}
      <ReauthDialog
        open={reauthFor !== null}
        onOpenChange={(open) => {
          if (!open) setReauthFor(null)
        }}
        description="Adding a passkey needs your password (or a code from your app) again."
        onConfirmed={() => {
          if (reauthFor !== null) submit(reauthFor)
        }}
      />
    </>
  )
}

function PasskeyRow({
  passkey,
  locale,
  timeZone,
  onRemove,
}: {
  passkey: Passkey
  locale: string
  timeZone: string
  onRemove: () => void
}) {
  return (
    <li className="flex items-center gap-3 py-3" data-testid="passkey">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Fingerprint className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{passkey.name}</p>
        <p className="text-xs text-muted-foreground">
          Added {formatDay(passkey.createdAt, locale, timeZone)} ·{' '}
          {passkey.lastUsedAt === null
            ? 'not used yet'
            : `last used ${formatDay(passkey.lastUsedAt, locale, timeZone)}`}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={onRemove}
        aria-label={`Remove passkey ${passkey.name}`}
        className="text-muted-foreground hover:text-negative"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  )
}

export function PasskeysCard({
  passkeys,
  totpEnabled,
}: {
  passkeys: readonly Passkey[]
  totpEnabled: boolean
}) {
  const { user } = useAuth()
  const remove = useDeletePasskey()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<Passkey | null>(null)
  const [reauthRemove, setReauthRemove] = useState<Passkey | null>(null)
  const supported = passkeysSupported()
  const canAdd = totpEnabled && supported
  const locale = user?.locale ?? 'en-US'
  const timeZone = user?.timeZone ?? 'UTC'
  const removeNow = (passkey: Passkey) =>
    remove.mutate(passkey.id, {
      onSuccess: () => {
        toast({
          title: 'Passkey removed',
          description: `“${passkey.name}” no longer signs you in.`,
        })
        setRemoving(null)
      },
      onError: (failure) => {
        if (isReauthRequired(failure)) {
          setRemoving(null)
          setReauthRemove(passkey)
        }
      },
    })
  const addButton = (
    <Button variant="outline" onClick={() => setAdding(true)} disabled={!canAdd}>
      <Plus aria-hidden="true" />
      Add a passkey
    </Button>
  )
  return (
    <Card aria-labelledby="passkeys-title" data-testid="passkeys-card">
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <CardTitle id="passkeys-title">Passkeys</CardTitle>
          <CardDescription>
            Confirm a sign-in with your fingerprint, face or device PIN instead of typing a code.
          </CardDescription>
        </div>
        {passkeys.length > 0 && addButton}
      </CardHeader>
      <CardContent className="space-y-3">
        {!totpEnabled ? (
          <p className="text-sm text-muted-foreground" data-testid="passkeys-need-totp">
            Set up an authenticator app first: passkeys are added on top of it.
          </p>
        ) : !supported ? (
          <Alert variant="warning">
            <span>
              Passkeys need Kinwise to be opened by its name over HTTPS (or as localhost), not by an
              IP address. Ask whoever runs this server for such an address.
            </span>
          </Alert>
        ) : null}
        {passkeys.length === 0 ? (
          totpEnabled && (
            <EmptyState
              icon={Fingerprint}
              title="No passkeys yet. Add one to confirm sign-ins on this device without a code."
              action={addButton}
            />
          )
        ) : (
          <ul className="divide-y" aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                locale={locale}
                timeZone={timeZone}
                onRemove={() => {
                  remove.reset()
                  setRemoving(passkey)
                }}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <FormDialog
        open={adding}
        onOpenChange={setAdding}
        title="Add a passkey"
        description="Name it, then follow your browser’s prompt to create the passkey on this device or a security key."
      >
        {adding && <AddPasskeyForm onDone={() => setAdding(false)} />}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null)
        }}
        title="Remove this passkey?"
        description={`“${removing?.name ?? ''}” will no longer confirm your sign-ins. You can still use your authenticator app.`}
        confirmLabel="Remove passkey"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={remove.error !== null && !isReauthRequired(remove.error) ? remove.error : null}
        onConfirm={() => {
          if (removing !== null) removeNow(removing)
        }}
      />
      <ReauthDialog
        open={reauthRemove !== null}
        onOpenChange={(open) => {
          if (!open) setReauthRemove(null)
        }}
        description="Removing a passkey needs your password (or a code from your app) again."
        onConfirmed={() => {
          if (reauthRemove !== null) removeNow(reauthRemove)
        }}
      />
    </Card>
  )
}
