// A new webhook's signing secret, shown this once (the server keeps it sealed and never shows it
// again), with a copy button and how to check a signature.
import { Copy } from 'lucide-react'
import { FormDialog } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { copyText } from '#src/web/lib/copy-text'
import { toast } from '#src/web/lib/toast'

export function SecretDialog({
  shown,
  onClose,
}: {
  shown: { name: string; secret: string } | null
  onClose: () => void
}) {
  return (
    <FormDialog
      open={shown !== null}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title="Copy the signing secret"
      description={`${shown?.name ?? 'The webhook'} signs each request with this secret. It is shown only now.`}
    >
      <div className="grid gap-3">
        <code
          className="block rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
          data-testid="webhook-secret"
        >
          {shown?.secret}
        </code>
        <p className="text-xs text-muted-foreground">
          Check each request: HMAC-SHA256 of “timestamp.body” with this secret must equal v1 in the
          X-Kinwise-Signature header (t=…,v1=…), and the timestamp must be within five minutes.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            onClick={() => {
              if (!shown) return
              void copyText(shown.secret).then((ok) =>
                toast(
                  ok
                    ? { title: 'Copied', description: 'The secret is on your clipboard.' }
                    : {
                        variant: 'destructive',
                        title: 'Not copied',
                        description: 'Select the secret and copy it by hand.',
                      },
                ),
              )
            }}
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </FormDialog>
  )
}
