// What the page shows instead of the connections when they are not open to this member: the
// household's plan does not include them (components/premium-note, in the page), linking is for the household's
// adults, or two-step verification is off (the terms require it before a bank is linked).
import { ShieldAlert, Users } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'

export function GrownUpsNote() {
  return (
    <Card data-testid="grown-ups-note">
      <CardContent className="flex items-start gap-3 pt-5">
        <Users className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">
          Linking banks is for the household’s adults. Transactions from the banks they link show up
          in the accounts you can see.
        </p>
      </CardContent>
    </Card>
  )
}

export function MfaNeededCard() {
  return (
    <Card data-testid="mfa-needed" aria-labelledby="mfa-needed-title">
      <CardHeader className="flex-row items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-warning-surface text-warning">
          <ShieldAlert className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 space-y-1">
          <CardTitle id="mfa-needed-title">Turn on two-step verification first</CardTitle>
          <CardDescription>
            A bank connection can read your accounts every day, so Kinwise asks for more than a
            password before anyone links one: a code from an authenticator app on your phone. It
            takes two minutes, and then you can connect your bank here.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/mfa-settings">Set up two-step verification</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

/** The server keeps no bank token unsealed: without KINWISE_SECRET_KEY it links no bank. */
export function NotSetUpCard() {
  return (
    <Card data-testid="banks-not-set-up">
      <CardContent className="flex items-start gap-3 pt-5">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">
          Bank connections are not set up on this server yet. Whoever runs Kinwise needs to set{' '}
          <code className="rounded bg-muted px-1 py-0.5 text-xs">KINWISE_SECRET_KEY</code>, so bank
          tokens are stored encrypted. Until then, import statements from the Import page.
        </p>
      </CardContent>
    </Card>
  )
}
