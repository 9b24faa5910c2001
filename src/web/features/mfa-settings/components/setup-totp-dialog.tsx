// Setting up the authenticator app: a new key as a QR code and in text (grouped, with Copy),
// confirmed with a code from the app; then the ten recovery codes, shown once. Until "I saved
// them", a click outside does not close the dialog (the codes would be gone).
import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { FormError } from '#src/web/components/form-dialog'
import { OneTimeCodeField } from '#src/web/components/one-time-code-input'
import type { OpenState } from '#src/web/components/open-state'
import { Button } from '#src/web/components/ui/button'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useCodeEntry } from '#src/web/components/use-code-entry'
import { copyText } from '#src/web/lib/copy-text'
import { toast } from '#src/web/lib/toast'
import { useEnableTotp, useSetupTotp } from '../api/totp'
import { groupKey } from '../mfa-text'
import { CodesStepDialog } from './codes-step-dialog'

function KeyInText({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground" id="totp-key-label">
        Can’t scan it? Enter this key in the app instead (time-based, 6 digits):
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 flex-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-words select-all"
          aria-labelledby="totp-key-label"
          data-testid="totp-secret"
        >
          {groupKey(secret)}
        </code>
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            const ok = await copyText(secret)
            setCopied(ok)
            if (!ok)
              toast({
                variant: 'destructive',
                title: 'The key was not copied',
                description: 'Select it and copy it yourself.',
              })
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy key'}
        </Button>
      </div>
    </div>
  )
}

function ScanStep({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useSetupTotp()
  const enable = useEnableTotp()
  const entry = useCodeEntry(
    (code) => enable.mutate(code, { onSuccess: (answer) => onEnabled(answer.recoveryCodes) }),
    enable.reset,
  )
  const { mutate: start } = setup
  useEffect(() => start(), [start])

  if (setup.error !== null)
    return (
      <div className="grid gap-3">
        <FormError error={setup.error} />
        <Button type="button" variant="outline" onClick={() => start()}>
          Try again
        </Button>
      </div>
    )
  if (setup.data === undefined)
    return (
      <div className="grid justify-items-center gap-3" role="status" aria-label="Making a new key">
        <Skeleton className="size-48" />
        <Skeleton className="h-9 w-full" />
      </div>
    )
  const { qrDataUrl, secret } = setup.data
  return (
    <form
      className="grid gap-5"
      aria-label="Confirm the authenticator app"
      noValidate
      onSubmit={entry.onSubmit}
    >
      <ol className="grid list-decimal gap-4 pl-5 text-sm marker:text-muted-foreground">
        <li className="space-y-3 pl-1">
          <p>
            Scan this QR code with your authenticator app (such as 1Password, Authy or Google
            Authenticator).
          </p>
          <div className="flex justify-center">
            {/* white around the code in dark mode too: cameras need the contrast */}
            <img
              src={qrDataUrl}
              alt="QR code to add Kinwise to your authenticator app"
              width={192}
              height={192}
              className="size-48 rounded-lg border bg-white p-2"
            />
          </div>
          <KeyInText secret={secret} />
        </li>
        <li className="pl-1">
          <OneTimeCodeField label="Enter the 6-digit code the app shows" {...entry.field} />
        </li>
      </ol>
      <FormError error={enable.error} />
      <Button type="submit" disabled={enable.isPending}>
        {enable.isPending ? 'Checking…' : 'Turn on two-step verification'}
      </Button>
    </form>
  )
}

export function SetupTotpDialog({
  onFinished,
  ...props
}: OpenState & {
  /** after the codes were shown and the dialog closed: MFA is on */
  onFinished: () => void
}) {
  return (
    <CodesStepDialog
      {...props}
      onCodesClosed={onFinished}
      title={{
        form: 'Set up an authenticator app',
        codes: 'Two-step verification is on',
      }}
      description={{
        form: 'After your password, Kinwise will ask for the code your app shows.',
        codes: 'Here are your recovery codes, for when you don’t have your phone.',
      }}
    >
      {(showCodes) => <ScanStep onEnabled={showCodes} />}
    </CodesStepDialog>
  )
}
