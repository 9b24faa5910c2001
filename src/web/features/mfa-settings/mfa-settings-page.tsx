// The MFA Settings page: two-step verification for the member's own account. Its
// status (on since when, recovery codes left, whether the household requires it), setting up the
// authenticator app (QR code or key, confirmed with a code, then ten recovery codes shown once),
// new recovery codes, passkeys on top, and turning it off (password and a code; not while the
// household requires it). In a household that requires MFA, a member without it sees only this.
import { useQueryClient } from '@tanstack/react-query'
import { KeyRound, ShieldAlert, ShieldCheck, Smartphone } from 'lucide-react'
import { useState } from 'react'
import type { MfaStatus } from '#src/contract/mfa'
import { ErrorState } from '#src/web/components/error-state'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Alert } from '#src/web/components/ui/alert'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { toast } from '#src/web/lib/toast'
import { useMfaStatus } from './api/get-mfa'
import { refreshUser } from './api/mfa-keys'
import { PasskeysCard } from './components/passkeys-card'
import { RegenerateCodesDialog } from './components/regenerate-codes-dialog'
import { SetupTotpDialog } from './components/setup-totp-dialog'
import { TurnOffDialog } from './components/turn-off-dialog'
import { codesLeftText, formatDay } from './mfa-text'

/** Fewer than this many recovery codes left: suggest new ones. */
const FEW_CODES = 3

function PageSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading your two-step verification">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3 rounded-xl border bg-card p-5">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-3.5 w-full max-w-md" />
          <Skeleton className="h-10 w-44" />
        </div>
      ))}
    </div>
  )
}

function AppCard({
  status,
  onSetUp,
  onTurnOff,
}: {
  status: MfaStatus
  onSetUp: () => void
  onTurnOff: () => void
}) {
  const { user } = useAuth()
  const on = status.totpEnabled
  return (
    <Card aria-labelledby="app-title" data-testid="mfa-app-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span
            className={
              on
                ? 'inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground'
                : 'inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground'
            }
          >
            {on ? (
              <ShieldCheck className="size-5" aria-hidden="true" />
            ) : (
              <Smartphone className="size-5" aria-hidden="true" />
            )}
          </span>
          <div className="min-w-0 space-y-1">
            <CardTitle id="app-title" className="flex flex-wrap items-center gap-2">
              Authenticator app
              <Badge variant={on ? 'accent' : 'outline'} data-testid="mfa-status">
                {on ? 'On' : 'Off'}
              </Badge>
            </CardTitle>
            <CardDescription>
              {on && status.enabledAt !== null
                ? `On since ${formatDay(status.enabledAt, user?.locale ?? 'en-US', user?.timeZone ?? 'UTC')}. After your password, Kinwise asks for the code your app shows.`
                : 'After your password, Kinwise will ask for a 6-digit code from an app on your phone, so a stolen password alone cannot open your account.'}
            </CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {on ? (
          <TurnOffButton required={status.householdRequiresMfa} onTurnOff={onTurnOff} />
        ) : (
          <Button onClick={onSetUp}>
            <Smartphone aria-hidden="true" />
            Set up authenticator app
          </Button>
        )}
      </CardContent>
    </Card>
  )
}

function TurnOffButton({ required, onTurnOff }: { required: boolean; onTurnOff: () => void }) {
  if (!required)
    return (
      <Button variant="outline" className="text-negative hover:text-negative" onClick={onTurnOff}>
        Turn off
      </Button>
    )
  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        disabled
        aria-describedby="turn-off-hint"
        className="justify-self-start"
      >
        Turn off
      </Button>
      <p id="turn-off-hint" className="text-xs text-muted-foreground">
        Your household requires two-step verification, so it stays on. The household’s owner can
        change that on the Family page.
      </p>
    </div>
  )
}

function RecoveryCard({ left, onRegenerate }: { left: number; onRegenerate: () => void }) {
  const few = left < FEW_CODES
  return (
    <Card aria-labelledby="recovery-title" data-testid="recovery-card">
      <CardHeader>
        <CardTitle id="recovery-title" className="flex flex-wrap items-center gap-2">
          Recovery codes
          <Badge variant={few ? 'warning' : 'secondary'} data-testid="codes-left">
            {codesLeftText(left)}
          </Badge>
        </CardTitle>
        <CardDescription>
          For when you don’t have your phone: each code signs you in once instead of a code from the
          app.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {few && (
          <Alert variant="warning">
            <ShieldAlert aria-hidden="true" />
            <span>
              {left === 0
                ? 'You have no recovery codes left.'
                : 'You are running out of recovery codes.'}{' '}
              Make new ones so you can still get in if you lose your phone.
            </span>
          </Alert>
        )}
        <Button variant="outline" onClick={onRegenerate}>
          <KeyRound aria-hidden="true" />
          Make new recovery codes
        </Button>
      </CardContent>
    </Card>
  )
}

function MfaContent({ status }: { status: MfaStatus }) {
  const queryClient = useQueryClient()
  const [settingUp, setSettingUp] = useState(false)
  const [regenerating, setRegenerating] = useState(false)
  const [turningOff, setTurningOff] = useState(false)
  return (
    <>
      <PageHeader description="Two-step verification keeps your family’s money safe even if someone learns your password." />
      {/* without MFA, the restricted frame's banner says it (mfa-required-routes) */}
      {status.householdRequiresMfa && status.totpEnabled && (
        <Alert data-testid="household-requires">
          <ShieldCheck aria-hidden="true" />
          <span>Your household requires two-step verification of every member.</span>
        </Alert>
      )}
      <AppCard
        status={status}
        onSetUp={() => setSettingUp(true)}
        onTurnOff={() => setTurningOff(true)}
      />
      {status.totpEnabled && (
        <RecoveryCard left={status.recoveryCodesLeft} onRegenerate={() => setRegenerating(true)} />
      )}
      <PasskeysCard passkeys={status.passkeys} totpEnabled={status.totpEnabled} />

      <SetupTotpDialog
        open={settingUp}
        onOpenChange={setSettingUp}
        onFinished={() => {
          toast({
            title: 'Two-step verification is on',
            description: 'Next time you sign in, Kinwise will ask for a code from your app.',
          })
          void refreshUser(queryClient)
        }}
      />
      <RegenerateCodesDialog open={regenerating} onOpenChange={setRegenerating} />
      <TurnOffDialog
        open={turningOff}
        onOpenChange={setTurningOff}
        passkeyCount={status.passkeys.length}
      />
    </>
  )
}

export function MfaSettingsPage() {
  const status = useMfaStatus()
  return (
    <div className="flex-1" data-testid="mfa-page">
      <PageBody className="max-w-3xl">
        {status.isLoading ? (
          <PageSkeleton />
        ) : status.error || status.data === undefined ? (
          <ErrorState
            what="your two-step verification"
            error={status.error}
            onRetry={() => void status.refetch()}
          />
        ) : (
          <MfaContent status={status.data} />
        )}
      </PageBody>
    </div>
  )
}
