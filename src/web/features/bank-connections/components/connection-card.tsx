// One bank connection: its health (status, last success, the last error in plain words, the next
// scheduled sync, when the bank's consent ends), its accounts with the bank's balances and the
// Kinwise account each feeds, what the last "Sync now" brought, and its actions: Sync now, Link
// accounts (while some are unlinked), Fix login (Plaid's update mode when the bank asks to log in
// again) and Disconnect.
import { CircleAlert, Landmark, Link2, LogIn, RefreshCw, Unplug } from 'lucide-react'
import { Link } from 'react-router'
import type { BankConnection, SyncResult } from '#src/contract/bank-connections'
import { Money } from '#src/web/components/money'
import { Alert } from '#src/web/components/ui/alert'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { consentEndingSoon, providerName, statusLabel, syncResultText } from '../bank-text'

export type LastSync = { result: SyncResult | null; error: string | null }

function Health({
  connection,
  moment,
  now,
}: {
  connection: BankConnection
  moment: (iso: string) => string
  now: Date
}) {
  const soon = consentEndingSoon(connection.consentExpiresAt, now)
  // the scheduled sync leaves a connection alone while the bank waits for a login
  const paused = connection.status === 'login_required' || connection.status === 'disconnected'
  const items: { term: string; value: string; tone?: 'warning' }[] = [
    {
      term: 'Last successful sync',
      value: connection.lastSuccessAt === null ? 'Not yet' : moment(connection.lastSuccessAt),
    },
    {
      term: 'Last attempt',
      value: connection.lastSyncAt === null ? 'Not yet' : moment(connection.lastSyncAt),
    },
    {
      term: 'Next scheduled sync',
      value: paused
        ? 'Paused until it is fixed'
        : connection.nextSyncAt === null
          ? connection.status === 'active'
            ? 'Not scheduled'
            : 'Paused until it is fixed'
          : moment(connection.nextSyncAt),
    },
    {
      term: 'Bank’s consent ends',
      value:
        connection.consentExpiresAt === null
          ? 'No end date'
          : moment(connection.consentExpiresAt),
      ...(soon ? { tone: 'warning' as const } : {}),
    },
  ]
  return (
    <dl
      className="grid gap-x-6 gap-y-3 rounded-lg border bg-muted/30 p-4 text-sm sm:grid-cols-2 lg:grid-cols-4"
      aria-label={`Health of ${connection.institution}`}
      data-testid="connection-health"
    >
      {items.map((item) => (
        <div key={item.term} className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{item.term}</dt>
          <dd className={item.tone === 'warning' ? 'font-medium text-warning' : 'font-medium'}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function LastSyncNote({ last }: { last: LastSync }) {
  if (last.error !== null)
    return (
      <Alert variant="destructive" data-testid="sync-result">
        <CircleAlert aria-hidden="true" />
        <span>The sync did not finish: {last.error}</span>
      </Alert>
    )
  if (last.result === null) return null
  const { summary, problems } = syncResultText(last.result)
  return (
    <div
      className="grid gap-1 rounded-lg border bg-card p-3 text-sm"
      data-testid="sync-result"
    >
      <p>
        <span className="font-medium">Synced just now:</span> {summary}
      </p>
      {problems.length > 0 && (
        <ul className="grid gap-1 text-warning">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function ConnectionCard({
  connection,
  accountNames,
  moment,
  now,
  last,
  syncing,
  canWrite,
  onSync,
  onLink,
  onFixLogin,
  onDisconnect,
}: {
  connection: BankConnection
  accountNames: ReadonlyMap<string, string>
  moment: (iso: string) => string
  now: Date
  last: LastSync | undefined
  syncing: boolean
  canWrite: boolean
  onSync: () => void
  onLink: () => void
  onFixLogin: () => void
  onDisconnect: () => void
}) {
  const status = statusLabel(connection.status)
  const unlinked = connection.accounts.filter((a) => a.accountId === null).length
  const loginRequired = connection.status === 'login_required'
  const titleId = `connection-${connection.id}`
  return (
    <Card aria-labelledby={titleId} data-testid="connection-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <Landmark className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 space-y-1">
            <CardTitle id={titleId} className="flex flex-wrap items-center gap-2 break-words">
              {connection.institution}
              <Badge variant={status.tone} data-testid="connection-status">
                {status.label}
              </Badge>
            </CardTitle>
            <p className="text-sm text-muted-foreground">
              Through {providerName(connection.provider)} ·{' '}
              {connection.accounts.length}{' '}
              {connection.accounts.length === 1 ? 'account' : 'accounts'}
            </p>
          </div>
        </div>
        {canWrite && (
          <div className="flex flex-wrap gap-2">
            {loginRequired && connection.provider === 'plaid' ? (
              <Button onClick={onFixLogin} disabled={syncing}>
                <LogIn aria-hidden="true" />
                Fix login
              </Button>
            ) : (
              <Button
                variant="outline"
                onClick={onSync}
                disabled={syncing}
                aria-label={`Sync ${connection.institution} now`}
              >
                <RefreshCw className={syncing ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" />
                {syncing ? 'Syncing…' : 'Sync now'}
              </Button>
            )}
            {unlinked > 0 && (
              <Button variant="outline" onClick={onLink} disabled={syncing}>
                <Link2 aria-hidden="true" />
                Link accounts
              </Button>
            )}
            <Button
              variant="outline"
              className="text-negative hover:text-negative"
              onClick={onDisconnect}
              disabled={syncing}
              aria-label={`Disconnect ${connection.institution}`}
            >
              <Unplug aria-hidden="true" />
              Disconnect
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {loginRequired && (
          <Alert variant="warning">
            <LogIn aria-hidden="true" />
            <span>
              Your bank asks you to log in again before Kinwise can read new transactions.
              {connection.provider === 'plaid'
                ? ' Choose Fix login and sign in to your bank in Plaid’s window.'
                : ' Log in again at SimpleFIN Bridge, then sync.'}
            </span>
          </Alert>
        )}
        {/* while the bank waits for a login, the note above says what to do */}
        {connection.lastError !== null && !loginRequired && (
          <Alert variant={connection.status === 'error' ? 'destructive' : 'warning'} data-testid="connection-error">
            <CircleAlert aria-hidden="true" />
            <span>{connection.lastError}</span>
          </Alert>
        )}
        <div aria-live="polite">{last !== undefined && <LastSyncNote last={last} />}</div>
        <Health connection={connection} moment={moment} now={now} />
        <ul className="divide-y rounded-lg border" aria-label={`Accounts at ${connection.institution}`}>
          {connection.accounts.map((a) => {
            const target = a.accountId === null ? null : (accountNames.get(a.accountId) ?? null)
            return (
              <li
                key={a.id}
                className="grid gap-1 p-3 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
                data-testid="connection-account"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {a.name}
                    {a.mask !== null && <span className="text-muted-foreground"> ••{a.mask}</span>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {a.accountId === null ? (
                      'Not linked yet: the next sync creates a new account for it'
                    ) : target === null ? (
                      'Feeds an account you cannot see'
                    ) : (
                      <>
                        Feeds{' '}
                        <Link to="/accounts" className="underline underline-offset-4">
                          {target}
                        </Link>
                      </>
                    )}
                  </p>
                  {a.lastError !== null && (
                    <p className="mt-1 text-xs text-warning" data-testid="account-error">
                      {a.lastError}
                    </p>
                  )}
                </div>
                <div className="text-left sm:text-right">
                  {a.balance === null ? (
                    <span className="text-sm text-muted-foreground">No balance yet</span>
                  ) : (
                    <Money value={a.balance} currency={a.currency} className="font-medium" />
                  )}
                  {a.availableBalance !== null && a.availableBalance !== a.balance && (
                    <p className="text-xs text-muted-foreground">
                      <Money value={a.availableBalance} currency={a.currency} /> available
                    </p>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      </CardContent>
    </Card>
  )
}
