// "Connect a bank": SimpleFIN Bridge (paste a setup token; a token someone already claimed is
// flagged as possibly stolen) and Plaid (Link in the browser, only when the server has Plaid
// keys). Both may ask the member to confirm it's them first (a recent password or code). A new
// connection goes to the caller, which asks which Kinwise account each bank account feeds.
import { CircleAlert, ExternalLink, Landmark, Link2 } from 'lucide-react'
import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react'
import type { BankConnection } from '#src/contract/bank-connections'
import { ReauthDialog, isReauthRequired } from '#src/web/components/reauth-dialog'
import { FormError } from '#src/web/components/form-dialog'
import { Alert } from '#src/web/components/ui/alert'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { errorCode, errorMessage } from '#src/web/lib/api'
import { toast } from '#src/web/lib/toast'
import { useConnectBank, usePlaidLinkToken, type ConnectBody } from '../api/save-bank-connection'

const PlaidOpener = lazy(() =>
  import('./plaid-opener').then((m) => ({ default: m.PlaidOpener })),
)

export const SIMPLEFIN_BRIDGE_URL = 'https://bridge.simplefin.org/'

function useConnect(onConnected: (connection: BankConnection) => void) {
  const connect = useConnectBank()
  const [reauthFor, setReauthFor] = useState<ConnectBody | null>(null)
  const run = (body: ConnectBody) =>
    connect.mutate(body, {
      onSuccess: (connection) => {
        toast({
          title: 'Bank connected',
          description: `${connection.institution}: ${connection.accounts.length} ${connection.accounts.length === 1 ? 'account' : 'accounts'} found.`,
        })
        onConnected(connection)
      },
      onError: (error) => {
        if (isReauthRequired(error)) setReauthFor(body)
      },
    })
  const reauth = (
    <ReauthDialog
      open={reauthFor !== null}
      onOpenChange={(open) => {
        if (!open) setReauthFor(null)
      }}
      onConfirmed={() => {
        if (reauthFor !== null) run(reauthFor)
      }}
      description="Linking a bank is a sensitive step. Enter your password or a code from your app again to continue."
    />
  )
  return { connect, run, reauth }
}

function SimplefinForm({
  disabled,
  onConnected,
}: {
  disabled: boolean
  onConnected: (connection: BankConnection) => void
}) {
  const { connect, run, reauth } = useConnect(onConnected)
  const [token, setToken] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const code = errorCode(connect.error)
  const claimed = code === 'SETUP_TOKEN_CLAIMED'
  const shownAtField =
    connect.error !== null && !claimed && !isReauthRequired(connect.error)
      ? errorMessage(connect.error)
      : undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = token.replace(/\s+/g, '')
    if (trimmed === '') {
      setFieldError('Paste the setup token from SimpleFIN Bridge')
      return
    }
    connect.reset()
    run({ provider: 'simplefin', setupToken: trimmed })
  }
  return (
    <form className="grid gap-4" aria-label="Connect with SimpleFIN" noValidate onSubmit={onSubmit}>
      <FormField
        label="Setup token"
        error={fieldError ?? shownAtField}
        hint={
          <>
            At{' '}
            <a
              href={SIMPLEFIN_BRIDGE_URL}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-0.5 font-medium underline underline-offset-4"
            >
              SimpleFIN Bridge
              <ExternalLink className="size-3" aria-hidden="true" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            , connect your bank, then choose “New app connection” and copy the setup token it shows.
            Each token works once.
          </>
        }
      >
        {(control) => (
          <Input
            {...control}
            value={token}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            placeholder="aHR0cHM6Ly9icmlkZ2Uuc2ltcGxlZmluLm9yZy9zaW1wbGVmaW4vY2xhaW0v…"
            onChange={(e) => {
              setToken(e.target.value)
              setFieldError(undefined)
              if (connect.error !== null) connect.reset()
            }}
          />
        )}
      </FormField>
      {claimed && (
        <Alert variant="destructive" data-testid="token-claimed">
          <CircleAlert aria-hidden="true" />
          <span>
            This setup token was already used. If you did not use it yourself, someone else may have
            it: at SimpleFIN Bridge, disable that app connection and make a new token.
          </span>
        </Alert>
      )}
      <Button type="submit" className="justify-self-start" disabled={disabled || connect.isPending}>
        <Link2 aria-hidden="true" />
        {connect.isPending ? 'Connecting…' : 'Connect with SimpleFIN'}
      </Button>
      {reauth}
    </form>
  )
}

function PlaidSection({
  configured,
  disabled,
  onConnected,
}: {
  configured: boolean
  disabled: boolean
  onConnected: (connection: BankConnection) => void
}) {
  const { connect, run, reauth } = useConnect(onConnected)
  const linkToken = usePlaidLinkToken()
  const [token, setToken] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const onExit = useCallback((message: string | null) => {
    setToken(null)
    if (message !== null) setProblem(message)
  }, [])
  if (!configured)
    return (
      <div data-testid="plaid-off">
        <p className="text-sm text-muted-foreground">
          Plaid reaches most US and Canadian banks. The server’s administrator can turn it on with
          PLAID_CLIENT_ID and PLAID_SECRET (see Configuration in the README). SimpleFIN works without
          it.
        </p>
      </div>
    )
  const start = () => {
    setProblem(null)
    linkToken.mutate(undefined, {
      onSuccess: (answer) => setToken(answer.linkToken),
      onError: (error) => {
        if (!isReauthRequired(error)) setProblem(errorMessage(error))
      },
    })
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Log in to your bank in Plaid’s own window; Kinwise never sees your bank password.
      </p>
      <Button
        variant="outline"
        className="justify-self-start"
        onClick={start}
        disabled={disabled || linkToken.isPending || connect.isPending || token !== null}
      >
        <Landmark aria-hidden="true" />
        {connect.isPending ? 'Connecting…' : token !== null ? 'Plaid is open…' : 'Connect with Plaid'}
      </Button>
      {problem !== null && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <span>{problem}</span>
        </Alert>
      )}
      <FormError error={connect.error !== null && !isReauthRequired(connect.error) ? connect.error : null} />
      {token !== null && (
        <Suspense fallback={null}>
          <PlaidOpener
            token={token}
            onExit={onExit}
            onSuccess={(publicToken, institution) => {
              setToken(null)
              run({
                provider: 'plaid',
                publicToken,
                ...(institution === null ? {} : { institution }),
              })
            }}
          />
        </Suspense>
      )}
      {reauth}
    </div>
  )
}

export function ConnectCard({
  plaidConfigured,
  limit,
  used,
  onConnected,
}: {
  plaidConfigured: boolean
  limit: number
  used: number
  onConnected: (connection: BankConnection) => void
}) {
  const full = used >= limit
  return (
    <Card aria-labelledby="connect-title" data-testid="connect-card">
      <CardHeader>
        <CardTitle id="connect-title">Connect a bank</CardTitle>
        <CardDescription>
          Kinwise reads your balances and transactions through a bank-data service and never
          stores your bank password. Your household’s plan allows {limit}{' '}
          {limit === 1 ? 'connection' : 'connections'}; {used} in use.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {full && (
          <Alert variant="warning" data-testid="limit-reached">
            <CircleAlert aria-hidden="true" />
            <span>
              Your household uses all {limit} of its bank connections. Disconnect one to add
              another, or see the plans on the Subscription page.
            </span>
          </Alert>
        )}
        <section aria-labelledby="simplefin-title" className="grid gap-3">
          <h3 id="simplefin-title" className="font-medium">
            SimpleFIN Bridge
          </h3>
          <SimplefinForm disabled={full} onConnected={onConnected} />
        </section>
        <section aria-labelledby="plaid-title" className="grid gap-3 border-t pt-5">
          <h3 id="plaid-title" className="flex flex-wrap items-center gap-2 font-medium">
            Plaid
            {!plaidConfigured && <Badge variant="outline">Not set up on this server</Badge>}
          </h3>
          <PlaidSection configured={plaidConfigured} disabled={full} onConnected={onConnected} />
        </section>
      </CardContent>
    </Card>
  )
}
