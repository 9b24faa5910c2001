// Turning two-step verification off: the password and a code from the app (or a recovery code).
// It removes the recovery codes and passkeys too, which the dialog says first.
import { useState } from 'react'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { toast } from '#src/web/lib/toast'
import { useDisableTotp } from '../api/totp'

function TurnOffForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTotp()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({})
  return (
    <form
      className="grid gap-5"
      aria-label="Turn off two-step verification"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const found = {
          password: password === '' ? 'Enter your password' : undefined,
          code: code.trim() === '' ? 'Enter a code from your app or a recovery code' : undefined,
        }
        setErrors(found)
        if (found.password !== undefined || found.code !== undefined) return
        disable.mutate(
          { password, code: code.trim() },
          {
            onSuccess: () => {
              toast({
                title: 'Two-step verification is off',
                description: 'Signing in now needs only your password.',
              })
              onDone()
            },
          },
        )
      }}
    >
      <FormField label="Password" error={errors.password}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value)
              setErrors((v) => ({ ...v, password: undefined }))
            }}
          />
        )}
      </FormField>
      <FormField
        label="Code from your authenticator app"
        hint="Or one of your recovery codes."
        error={errors.code}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={40}
            className="font-mono"
            value={code}
            onChange={(e) => {
              setCode(e.target.value)
              setErrors((v) => ({ ...v, code: undefined }))
            }}
          />
        )}
      </FormField>
      <FormError error={disable.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={disable.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          {disable.isPending ? 'Turning off…' : 'Turn off'}
        </Button>
      </div>
    </form>
  )
}

export function TurnOffDialog({
  open,
  onOpenChange,
  passkeyCount,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  passkeyCount: number
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Turn off two-step verification?"
      description={`Anyone with your password could then sign in. Your recovery codes${
        passkeyCount > 0
          ? ` and ${passkeyCount === 1 ? 'passkey' : `${passkeyCount} passkeys`}`
          : ''
      } stop working too.`}
    >
      {open && <TurnOffForm onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}
