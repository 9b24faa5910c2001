// "Confirm it's you" before a sensitive step (turning MFA off, changing the e-mail or password,
// exporting, deleting the account, linking a bank): the password, or with MFA on a code from the
// authenticator app instead. POST /api/auth/reauth marks the session as recently confirmed for
// ten minutes (ADR 0024); then onConfirmed runs and the caller retries its step.
import { useMutation } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { reauth as reauthEndpoint } from '#src/contract/auth'
import { callEndpoint, errorCode } from '../lib/api'
import { useAuth } from '../lib/auth'
import { FormDialog } from './form-dialog'
import { FormFooter } from './forms/form-footer'
import { CODE_LENGTH, OneTimeCodeField } from './one-time-code-input'
import { Button } from './ui/button'
import { FormField } from './ui/form-field'
import { Input } from './ui/input'

/** The server refused a step because the last password or code is older than ten minutes. */
export function isReauthRequired(error: unknown): boolean {
  return errorCode(error) === 'REAUTH_REQUIRED'
}

type ReauthBody = { password: string } | { code: string }

function useReauth() {
  return useMutation({
    mutationFn: (body: ReauthBody) => callEndpoint(reauthEndpoint, { body }),
  })
}

function ReauthForm({
  mfaEnabled,
  onCancel,
  onDone,
}: {
  mfaEnabled: boolean
  onCancel: () => void
  onDone: () => void
}) {
  const reauth = useReauth()
  const [method, setMethod] = useState<'password' | 'code'>('password')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const switchTo = (next: 'password' | 'code') => {
    setMethod(next)
    setError(undefined)
    reauth.reset()
  }
  return (
    <form
      className="grid gap-5"
      aria-label="Confirm it’s you"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (method === 'password' && password === '') return setError('Enter your password')
        if (method === 'code' && code.length !== CODE_LENGTH)
          return setError(`Enter the ${CODE_LENGTH}-digit code from your app`)
        reauth.mutate(method === 'password' ? { password } : { code }, { onSuccess: onDone })
      }}
    >
      {method === 'password' ? (
        <FormField label="Password" error={error}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => {
                setPassword(e.target.value)
                setError(undefined)
              }}
            />
          )}
        </FormField>
      ) : (
        <OneTimeCodeField
          error={error}
          value={code}
          onValueChange={(next) => {
            setCode(next)
            setError(undefined)
          }}
        />
      )}
      {mfaEnabled && (
        <Button
          type="button"
          variant="link"
          className="h-auto justify-self-start p-0"
          onClick={() => switchTo(method === 'password' ? 'code' : 'password')}
        >
          {method === 'password' ? 'Use a code from your authenticator app' : 'Use your password'}
        </Button>
      )}
      <FormFooter
        error={reauth.error}
        onCancel={onCancel}
        busy={reauth.isPending}
        lockCancel
        submitLabel="Continue"
        busyLabel="Checking…"
      />
    </form>
  )
}

export function ReauthDialog({
  open,
  onOpenChange,
  onConfirmed,
  title = 'Confirm it’s you',
  description = 'For your security, enter your password again before you continue.',
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** runs once the server has accepted the password or code (the dialog has closed) */
  onConfirmed: () => void
  title?: string
  description?: ReactNode
}) {
  const { user } = useAuth()
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {open && (
        <ReauthForm
          mfaEnabled={user?.mfaEnabled === true}
          onCancel={() => onOpenChange(false)}
          onDone={() => {
            onOpenChange(false)
            onConfirmed()
          }}
        />
      )}
    </FormDialog>
  )
}
