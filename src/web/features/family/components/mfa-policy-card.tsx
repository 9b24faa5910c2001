// The owner's switch "Require two-step verification for everyone". Turning it on asks
// first (members without it will see only its set-up); it stays disabled, with a link, until the
// owner has two-step verification on. A refusal for an old sign-in asks "Confirm it's you" first.
import { ShieldCheck } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { FormError } from '#src/web/components/form-dialog'
import { isReauthRequired, ReauthDialog } from '#src/web/components/reauth-dialog'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Switch } from '#src/web/components/ui/switch'
import { useAuth } from '#src/web/lib/auth'
import { toast } from '#src/web/lib/toast'
import { useSetMfaPolicy } from '../api/set-mfa-policy'

export function MfaPolicyCard() {
  const { user } = useAuth()
  const policy = useSetMfaPolicy()
  const hintId = useId()
  const [confirming, setConfirming] = useState(false)
  const [reauthFor, setReauthFor] = useState<boolean | null>(null)
  if (user === null) return null
  const required = user.householdRequiresMfa
  const ownerHasMfa = user.mfaEnabled
  const save = (next: boolean) =>
    policy.mutate(next, {
      onSuccess: () => {
        setConfirming(false)
        toast(
          next
            ? {
                title: 'Two-step verification is required',
                description: 'Members without it can only set it up until they do.',
              }
            : {
                title: 'Two-step verification is optional',
                description: 'Each member decides for their own account.',
              },
        )
      },
      onError: (failure) => {
        if (isReauthRequired(failure)) {
          setConfirming(false)
          setReauthFor(next)
        }
      },
    })
  const failure = policy.error !== null && !isReauthRequired(policy.error) ? policy.error : null
  return (
    <Card aria-labelledby="mfa-policy-title" data-testid="mfa-policy">
      <CardHeader>
        <CardTitle id="mfa-policy-title" className="flex items-center gap-2">
          <ShieldCheck className="size-4 text-muted-foreground" aria-hidden="true" />
          Security
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex items-start justify-between gap-4">
          <div className="space-y-1">
            <p className="text-sm font-medium" id={`${hintId}-label`}>
              Require two-step verification for everyone
            </p>
            <p className="text-xs text-muted-foreground" id={hintId}>
              {ownerHasMfa ? (
                'Every member then confirms sign-ins with a code from their phone. Members without it can only set it up until they do.'
              ) : (
                <>
                  Turn on two-step verification for your own account first, on the{' '}
                  <Link to="/mfa-settings" className="font-medium underline underline-offset-4">
                    MFA Settings
                  </Link>{' '}
                  page.
                </>
              )}
            </p>
          </div>
          <Switch
            checked={required}
            disabled={!ownerHasMfa || policy.isPending}
            aria-labelledby={`${hintId}-label`}
            aria-describedby={hintId}
            onCheckedChange={(next) => {
              policy.reset()
              if (next) setConfirming(true)
              else save(false)
            }}
          />
        </div>
        {!confirming && <FormError error={failure} />}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Require two-step verification for everyone?"
        description="Members who have not set it up will see only the set-up page the next time they open Kinwise, until they do. You can make it optional again at any time."
        confirmLabel="Require it"
        pendingLabel="Saving…"
        destructive={false}
        pending={policy.isPending}
        error={failure}
        onConfirm={() => save(true)}
      />
      <ReauthDialog
        open={reauthFor !== null}
        onOpenChange={(open) => {
          if (!open) setReauthFor(null)
        }}
        description="Changing who must use two-step verification needs your password (or a code from your app) again."
        onConfirmed={() => {
          if (reauthFor !== null) save(reauthFor)
        }}
      />
    </Card>
  )
}
