// Settings → API tokens (ADR 0033): keys for the member's own scripts. Make one (name,
// read-only or read and write, expiry; the server asks for the password again when the last
// sign-in is older than ten minutes), see it once with a Copy button, list them with when each
// was last used, and revoke one after a confirmation.
import { Check, Copy, KeyRound, Plus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { apiTokenBody, TOKEN_EXPIRY_DAYS, type ApiToken, type ApiTokenBody } from '#src/contract/api-tokens'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { FormDialog } from '#src/web/components/form-dialog'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { ReauthDialog, isReauthRequired } from '#src/web/components/reauth-dialog'
import { Alert } from '#src/web/components/ui/alert'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { copyText } from '#src/web/lib/copy-text'
import { toast } from '#src/web/lib/toast'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api/api-tokens'
import { DEFAULT_LOCALE, formatMoment } from '#src/domain/locale'

const EXPIRY_LABELS: Record<(typeof TOKEN_EXPIRY_DAYS)[number], string> = {
  7: '7 days',
  30: '30 days',
  90: '90 days',
  365: '1 year',
}

function useWhen(): (iso: string) => string {
  const { user } = useAuth()
  return (iso) => formatMoment(new Date(iso), user?.locale ?? DEFAULT_LOCALE, user?.timeZone)
}

type Errors = Partial<Record<keyof ApiTokenBody, string>>

function CreateForm({
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  pending: boolean
  error: unknown
  onSubmit: (body: ApiTokenBody) => void
  onCancel: () => void
}) {
  const [name, setName] = useState('')
  const [access, setAccess] = useState<ApiTokenBody['access']>('read')
  const [days, setDays] = useState('90')
  const [errors, setErrors] = useState<Errors>({})
  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        // the server's own schema: the same limits, the same words
        const parsed = apiTokenBody.safeParse({ name, access, expiresInDays: Number(days) })
        if (!parsed.success) {
          const next: Errors = {}
          for (const issue of parsed.error.issues) {
            const field = issue.path[0]
            if (field === 'name' || field === 'access' || field === 'expiresInDays') next[field] ??= issue.message
          }
          return setErrors(next)
        }
        onSubmit(parsed.data)
      }}
    >
      <FormField label="Name" error={errors.name} hint="What it is for, e.g. “Spreadsheet” or “Home dashboard”.">
        {(control) => (
          <Input
            {...control}
            autoFocus
            maxLength={60}
            value={name}
            onChange={(e) => {
              setName(e.target.value)
              setErrors((x) => ({ ...x, name: undefined }))
            }}
          />
        )}
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Access</legend>
        {(
          [
            { value: 'read', label: 'Read only', hint: 'Reads what you can see. Changes nothing.' },
            { value: 'write', label: 'Read and write', hint: 'Can also add and change what your role allows.' },
          ] as const
        ).map((o) => (
          <label key={o.value} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary">
            <input
              type="radio"
              name="access"
              value={o.value}
              checked={access === o.value}
              onChange={() => setAccess(o.value)}
              className="mt-1 accent-primary"
            />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium">{o.label}</span>
              <span className="text-sm text-muted-foreground">{o.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormField label="Expires after" error={errors.expiresInDays}>
        {(control) => (
          <Select {...control} value={days} onChange={(e) => setDays(e.target.value)}>
            {TOKEN_EXPIRY_DAYS.map((d) => (
              <option key={d} value={String(d)}>
                {EXPIRY_LABELS[d]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormFooter
        error={isReauthRequired(error) ? null : error}
        onCancel={onCancel}
        busy={pending}
        lockCancel
        submitLabel="Make token"
        busyLabel="Making the token…"
      />
    </form>
  )
}

function TokenShownOnce({ token, onDone }: { token: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => field.current?.select(), [])
  return (
    <div className="grid gap-4">
      <Alert variant="warning">
        <KeyRound aria-hidden="true" />
        <span>Copy your token now: this is the only time Kinwise shows it. Keep it as safe as a password.</span>
      </Alert>
      <FormField label="Your new token">
        {(control) => <Input {...control} ref={field} readOnly value={token} className="font-mono" data-testid="new-api-token" />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            const ok = await copyText(token)
            setCopied(ok)
            toast(
              ok
                ? { title: 'Token copied', description: 'Paste it into your script’s settings.' }
                : { variant: 'destructive', title: 'The token was not copied', description: 'Select it and copy it yourself.' },
            )
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy token'}
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  )
}

function TokenRow({ token, when }: { token: ApiToken; when: (iso: string) => string }) {
  const [confirming, setConfirming] = useState(false)
  const revoke = useRevokeApiToken()
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-all">{token.name}</span>
          <Badge variant={token.access === 'write' ? 'accent' : 'secondary'}>{token.access === 'write' ? 'Read and write' : 'Read only'}</Badge>
          {token.expired && <Badge variant="warning">Expired</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          <span className="font-mono">{token.prefix}…</span> · {token.lastUsedAt ? `Last used ${when(token.lastUsedAt)}` : 'Never used'} ·{' '}
          {token.expired ? 'Expired' : 'Expires'} {when(token.expiresAt)}
        </p>
      </div>
      <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`} onClick={() => setConfirming(true)}>
        Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open)
          if (!open) revoke.reset()
        }}
        title={`Revoke “${token.name}”?`}
        description="Scripts that use this token stop working at once. This cannot be undone: you would make a new token instead."
        confirmLabel="Revoke token"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() =>
          revoke.mutate(token.id, {
            onSuccess: () => {
              setConfirming(false)
              toast({ title: 'Token revoked', description: `${token.name} no longer works.` })
            },
          })
        }
      />
    </li>
  )
}

export function ApiTokensSection() {
  const tokens = useApiTokens()
  const create = useCreateApiToken()
  const when = useWhen()
  const [open, setOpen] = useState(false)
  const [reauthOpen, setReauthOpen] = useState(false)
  const [pendingBody, setPendingBody] = useState<ApiTokenBody | null>(null)
  const [made, setMade] = useState<string | null>(null)
  const submit = (body: ApiTokenBody) => {
    setPendingBody(body)
    create.mutate(body, {
      onSuccess: (result) => {
        setMade(result.token)
        setOpen(true)
      },
      onError: (error) => {
        // the password again first (the last sign-in is older than ten minutes), then once more
        if (isReauthRequired(error)) {
          setOpen(false)
          setReauthOpen(true)
        }
      },
    })
  }
  const close = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setMade(null)
      setPendingBody(null)
      create.reset()
    }
  }
  const startButton = (
    <Button
      type="button"
      onClick={() => {
        create.reset()
        setMade(null)
        setOpen(true)
      }}
    >
      <Plus aria-hidden="true" />
      New token
    </Button>
  )
  return (
    <Card aria-labelledby="api-tokens-title">
      <CardHeader>
        <CardTitle id="api-tokens-title">API tokens</CardTitle>
        <CardDescription>
          Keys for your own scripts, sent as <code className="font-mono">Authorization: Bearer</code>. A token can do what you
          can do, never more; none can export, delete or change how you sign in.{' '}
          <a href="/api/docs" className="font-medium text-primary underline-offset-4 hover:underline">
            API documentation
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {tokens.isLoading ? (
          <div className="grid gap-2" role="status" aria-label="Loading your API tokens">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : tokens.error || !tokens.data ? (
          <ErrorState what="your API tokens" error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : tokens.data.length === 0 ? (
          <EmptyState icon={KeyRound} title="No API tokens yet. Make one to read your figures from a script." action={startButton} />
        ) : (
          <>
            <ul className="divide-y" aria-label="Your API tokens">
              {tokens.data.map((t) => (
                <TokenRow key={t.id} token={t} when={when} />
              ))}
            </ul>
            <div>{startButton}</div>
          </>
        )}
      </CardContent>
      <FormDialog
        open={open}
        onOpenChange={close}
        title={made ? 'Your new API token' : 'New API token'}
        description={made ? 'Use it in your script as the Bearer token.' : 'Name it, choose what it may do and when it stops working.'}
      >
        {made ? (
          <TokenShownOnce token={made} onDone={() => close(false)} />
        ) : (
          <CreateForm pending={create.isPending} error={create.error} onSubmit={submit} onCancel={() => close(false)} />
        )}
      </FormDialog>
      <ReauthDialog
        open={reauthOpen}
        onOpenChange={setReauthOpen}
        onConfirmed={() => {
          if (pendingBody) submit(pendingBody)
        }}
        description="A token is a lasting key to your account. Enter your password again to make one."
      />
    </Card>
  )
}
