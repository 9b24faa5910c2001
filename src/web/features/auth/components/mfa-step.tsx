// The second step of signing in (MFA on): the 6-digit code from the authenticator app, or a
// recovery code instead, or a passkey when the member has one. Shown after the password, and
// after single sign-on when the provider's sign-in still owes a second factor (/auth/login?mfa=1).
// A sign-in that has ended (timed out, too many wrong codes) says so and goes back to the start.
import { CircleAlert, Fingerprint } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { MfaMethod } from '#src/contract/auth'
import { CODE_LENGTH, OneTimeCodeField } from '#src/web/components/one-time-code-input'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorCode, errorStatus } from '#src/web/lib/api'
import { passkeyErrorMessage } from '#src/web/lib/webauthn'
import { useCancelPendingMfa, useLoginMfa, usePendingMfa } from '../api/login-mfa'

/** The pending sign-in is gone: start again with the password. */
function hasEnded(error: unknown): boolean {
  return errorStatus(error) === 401 && errorCode(error) !== 'INVALID_CODE'
}

function EndedNotice({ onRestart }: { onRestart: () => void }) {
  return (
    <div className="grid gap-4" data-testid="mfa-ended">
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <span>
          This sign-in has ended (it timed out or too many codes were wrong). Sign in again.
        </span>
      </Alert>
      <Button onClick={onRestart}>Sign in again</Button>
    </div>
  )
}

function CodeForm({
  methods,
  onRestart,
}: {
  methods: readonly MfaMethod[]
  onRestart: () => void
}) {
  const navigate = useNavigate()
  const finish = useLoginMfa()
  const cancel = useCancelPendingMfa()
  const [mode, setMode] = useState<'code' | 'recovery'>('code')
  const [code, setCode] = useState('')
  const [recovery, setRecovery] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [usedPasskey, setUsedPasskey] = useState(false)
  const done = () => navigate('/', { replace: true })
  if (finish.error !== null && hasEnded(finish.error)) return <EndedNotice onRestart={onRestart} />
  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery' : 'code')
    setError(undefined)
    finish.reset()
  }
  return (
    <div className="grid gap-4">
      <form
        className="grid gap-4"
        aria-label="Two-step verification"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setUsedPasskey(false)
          if (mode === 'code') {
            if (code.length !== CODE_LENGTH)
              return setError(`Enter the ${CODE_LENGTH}-digit code from your app`)
            finish.mutate({ code }, { onSuccess: done })
          } else {
            if (recovery.trim() === '') return setError('Enter one of your recovery codes')
            finish.mutate({ recoveryCode: recovery.trim() }, { onSuccess: done })
          }
        }}
      >
        {mode === 'code' ? (
          <OneTimeCodeField
            error={error}
            value={code}
            onValueChange={(next) => {
              setCode(next)
              setError(undefined)
            }}
          />
        ) : (
          <FormField
            label="Recovery code"
            hint="One of the ten codes you saved when you set up two-step verification. Each works once."
            error={error}
          >
            {(control) => (
              <Input
                {...control}
                autoFocus
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="none"
                maxLength={40}
                placeholder="abcd-efgh-jk"
                className="font-mono"
                value={recovery}
                onChange={(e) => {
                  setRecovery(e.target.value)
                  setError(undefined)
                }}
              />
            )}
          </FormField>
        )}
        {finish.error !== null && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <span>{passkeyErrorMessage(finish.error)}</span>
          </Alert>
        )}
        <Button type="submit" disabled={finish.isPending} className="w-full">
          {finish.isPending && !usedPasskey ? 'Checking…' : 'Verify'}
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto justify-self-center p-0"
          onClick={switchMode}
        >
          {mode === 'code' ? 'Use a recovery code instead' : 'Use a code from your app instead'}
        </Button>
      </form>
      {methods.includes('passkey') && (
        <>
          <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={finish.isPending}
            onClick={() => {
              setUsedPasskey(true)
              setError(undefined)
              finish.mutate({ passkey: true }, { onSuccess: done })
            }}
          >
            <Fingerprint aria-hidden="true" />
            {finish.isPending && usedPasskey ? 'Waiting for your passkey…' : 'Use a passkey'}
          </Button>
        </>
      )}
      <Button
        type="button"
        variant="ghost"
        className="w-full"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate(undefined, { onSettled: onRestart })}
      >
        Cancel and start again
      </Button>
    </div>
  )
}

export function MfaStep({
  methods,
  onRestart,
}: {
  /** from the password step's answer; null after single sign-on (asked from the server) */
  methods: readonly MfaMethod[] | null
  onRestart: () => void
}) {
  const pending = usePendingMfa(methods === null)
  let body
  if (methods !== null) body = <CodeForm methods={methods} onRestart={onRestart} />
  else if (pending.isLoading)
    body = (
      <div className="grid gap-3" role="status" aria-label="Loading">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-10 w-full" />
      </div>
    )
  else if (pending.data !== undefined)
    body = <CodeForm methods={pending.data.methods} onRestart={onRestart} />
  else body = <EndedNotice onRestart={onRestart} />
  return (
    <div data-testid="mfa-step">
      <h1 className="text-2xl font-bold tracking-tight">Two-step verification</h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">
        Your account has two-step verification on. Enter the code your authenticator app shows to
        finish signing in.
      </p>
      {body}
    </div>
  )
}
