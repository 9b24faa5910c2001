// The Bank Connections page (premium, two-step verification required): connect a bank
// through SimpleFIN Bridge (a setup token) or Plaid (Link, when the server has Plaid keys), choose
// which Kinwise account each of its accounts feeds, and watch each connection's health with
// Sync now, Fix login (Plaid's update mode) and Disconnect (the stored access is deleted). A
// connection belongs to the member who made it; linking is for the household's adults. A free
// household sees the shell's premium note; a member without two-step verification is told why
// it is needed and where to turn it on.
import { useQuery } from '@tanstack/react-query'
import { PremiumNote } from '#src/web/components/premium-note'
import { Landmark } from 'lucide-react'
import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import type { BankConnection, SyncResult } from '#src/contract/bank-connections'
import { roleAtLeast } from '#src/domain/access'
import { hasPremiumAccess } from '#src/domain/tiers'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { EmptyStateCard } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { ReauthDialog, isReauthRequired } from '#src/web/components/reauth-dialog'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { toast } from '#src/web/lib/toast'
import { formatMoment, syncResultText } from './bank-text'
import { useBankConnections, useBankProviders } from './api/get-bank-connections'
import {
  useDisconnectBank,
  usePlaidLinkToken,
  useSyncBankConnection,
} from './api/save-bank-connection'
import { ConnectCard } from './components/connect-card'
import { ConnectionCard, type LastSync } from './components/connection-card'
import { GrownUpsNote, MfaNeededCard, NotSetUpCard } from './components/gate-cards'
import { LinkAccountsDialog } from './components/link-accounts-dialog'

const PlaidOpener = lazy(() =>
  import('./components/plaid-opener').then((m) => ({ default: m.PlaidOpener })),
)

const DESCRIPTION =
  'Link your bank so balances and transactions arrive on their own, with nothing to import. Each connection is yours: others in the household see only the accounts it feeds.'

function Loading() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading your bank connections">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-4 rounded-xl border bg-card p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-5 w-48" />
          </div>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ))}
    </div>
  )
}

export function BankConnectionsPage() {
  const { user } = useAuth()
  if (user === null) return null
  if (!hasPremiumAccess(user.subscriptionTier))
    return (
      <PageBody>
        <PageHeader description={DESCRIPTION} />
        <PremiumNote feature="bankConnections" title="Bank Connections" tier={user.subscriptionTier} isOwner={user.role === 'owner'}>
          Until then, import your bank’s statement files on the Transactions page.
        </PremiumNote>
      </PageBody>
    )
  if (!roleAtLeast(user.role, 'adult'))
    return (
      <PageBody>
        <PageHeader description={DESCRIPTION} />
        <GrownUpsNote />
      </PageBody>
    )
  return <Connections mfaEnabled={user.mfaEnabled} locale={user.locale} timeZone={user.timeZone} />
}

function Connections({
  mfaEnabled,
  locale,
  timeZone,
}: {
  mfaEnabled: boolean
  locale: string
  timeZone: string
}) {
  const connections = useBankConnections()
  const providers = useBankProviders()
  const accounts = useQuery(accountsQuery)
  const sync = useSyncBankConnection()
  const disconnect = useDisconnectBank()
  const fixToken = usePlaidLinkToken()
  const [now] = useState(() => new Date())
  const [linking, setLinking] = useState<BankConnection | null>(null)
  const [removing, setRemoving] = useState<BankConnection | null>(null)
  const [fixing, setFixing] = useState<{ id: string; token: string } | null>(null)
  const [reauthSync, setReauthSync] = useState<string | null>(null)
  const [lastSync, setLastSync] = useState<Record<string, LastSync>>({})
  const list = useMemo(() => connections.data ?? [], [connections.data])
  const moment = useCallback((iso: string) => formatMoment(iso, locale, timeZone), [locale, timeZone])
  const accountNames = useMemo(
    () => new Map((accounts.data ?? []).map((a) => [a.id, a.name])),
    [accounts.data],
  )
  const taken = useMemo(
    () =>
      new Set(
        list.flatMap((c) => c.accounts.flatMap((a) => (a.accountId === null ? [] : [a.accountId]))),
      ),
    [list],
  )

  const recordSync = (id: string, result: SyncResult | null, error: unknown) => {
    if (error !== null && isReauthRequired(error)) {
      setReauthSync(id)
      return
    }
    setLastSync((s) => ({
      ...s,
      [id]: { result, error: error === null ? null : errorMessage(error) },
    }))
    if (result !== null) {
      const { summary, problems } = syncResultText(result)
      toast({
        title: problems.length > 0 ? 'Synced, with problems' : 'Synced',
        description: summary,
        ...(problems.length > 0 ? { variant: 'destructive' as const } : {}),
      })
    } else {
      toast({ variant: 'destructive', title: 'The sync did not finish', description: errorMessage(error) })
    }
  }
  const runSync = (id: string) =>
    sync.mutate(id, {
      onSuccess: (result) => recordSync(id, result, null),
      onError: (error) => recordSync(id, null, error),
    })
  const fixLogin = (c: BankConnection) =>
    fixToken.mutate(c.id, {
      onSuccess: (answer) => setFixing({ id: c.id, token: answer.linkToken }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Plaid did not open', description: errorMessage(error) }),
    })

  const onConnected = (connection: BankConnection) => {
    if (connection.accounts.length > 0) setLinking(connection)
    else runSync(connection.id)
  }
  const plaid = providers.data?.plaid === true

  return (
    <PageBody>
      <PageHeader description={DESCRIPTION} />
      {!mfaEnabled ? (
        <MfaNeededCard />
      ) : providers.isLoading ? (
        <Skeleton className="h-64 w-full rounded-xl" />
      ) : providers.error || providers.data === undefined ? (
        <ErrorState
          what="the ways to connect a bank"
          error={providers.error}
          onRetry={() => void providers.refetch()}
        />
      ) : !providers.data.simplefin && !providers.data.plaid ? (
        <NotSetUpCard />
      ) : (
        <ConnectCard
          plaidConfigured={providers.data.plaid}
          limit={providers.data.limit}
          used={providers.data.used}
          onConnected={onConnected}
        />
      )}
      <section aria-labelledby="connections-title" className="space-y-3">
        <h2 id="connections-title" className="text-lg font-semibold tracking-tight">
          Your connections
        </h2>
        {connections.isLoading ? (
          <Loading />
        ) : connections.error ? (
          <ErrorState
            what="your bank connections"
            error={connections.error}
            onRetry={() => void connections.refetch()}
          />
        ) : list.length === 0 ? (
          <EmptyStateCard
            icon={Landmark}
            title={
              mfaEnabled
                ? 'No banks connected yet. Paste a SimpleFIN setup token above to link your first one; until then, statement files still work on the Transactions page.'
                : 'No banks connected yet. Once two-step verification is on, you can link your first one here.'
            }
          />
        ) : (
          <div className="space-y-6">
            {list.map((c) => (
              <ConnectionCard
                key={c.id}
                connection={c}
                accountNames={accountNames}
                moment={moment}
                now={now}
                last={lastSync[c.id]}
                syncing={sync.isPending && sync.variables === c.id}
                canWrite={mfaEnabled}
                onSync={() => runSync(c.id)}
                onLink={() => setLinking(c)}
                onFixLogin={() => fixLogin(c)}
                onDisconnect={() => setRemoving(c)}
              />
            ))}
          </div>
        )}
      </section>

      <LinkAccountsDialog
        connection={linking}
        accounts={accounts.data ?? []}
        takenAccountIds={taken}
        onOpenChange={(open) => {
          if (!open) setLinking(null)
        }}
        onSynced={recordSync}
      />
      {plaid && fixing !== null && (
        <Suspense fallback={null}>
          <PlaidOpener
            token={fixing.token}
            onExit={(message) => {
              setFixing(null)
              if (message !== null)
                toast({ variant: 'destructive', title: 'Login not fixed', description: message })
            }}
            onSuccess={() => {
              const id = fixing.id
              setFixing(null)
              runSync(id)
            }}
          />
        </Suspense>
      )}
      <ReauthDialog
        open={reauthSync !== null}
        onOpenChange={(open) => {
          if (!open) setReauthSync(null)
        }}
        onConfirmed={() => {
          if (reauthSync !== null) runSync(reauthSync)
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null)
            disconnect.reset()
          }
        }}
        title={removing === null ? 'Disconnect bank' : `Disconnect ${removing.institution}?`}
        description={
          <div className="space-y-2">
            <p>
              Kinwise deletes the access it stored for this bank, so nothing more is read from it.
              The accounts it fed and their transactions stay in Kinwise.
            </p>
            {removing?.provider === 'simplefin' && (
              <p>
                You may also remove the app connection at SimpleFIN Bridge. To connect again, you
                need a new setup token.
              </p>
            )}
          </div>
        }
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting…"
        pending={disconnect.isPending}
        error={disconnect.error}
        onConfirm={() => {
          if (removing === null) return
          const name = removing.institution
          disconnect.mutate(removing.id, {
            onSuccess: () => {
              toast({
                title: 'Bank disconnected',
                description: `${name}: the stored access was deleted. Your accounts and transactions stay.`,
              })
              setRemoving(null)
            },
          })
        }}
      />
    </PageBody>
  )
}
