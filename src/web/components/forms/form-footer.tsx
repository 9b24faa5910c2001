// The end of a form in a dialog: the server's refusal, if any, then Cancel and the submit button,
// stacked on a phone (submit on top) and side by side at the right on wider screens.
import { FormError } from '../form-dialog'
import { Button } from '../ui/button'

export function FormFooter({
  error,
  onCancel,
  busy,
  submitLabel,
  busyLabel = 'Saving…',
  lockCancel = false,
}: {
  /** the failed save's error, shown above the buttons */
  error?: unknown
  onCancel: () => void
  /** while the save runs: the submit button is disabled and says `busyLabel` */
  busy: boolean
  submitLabel: string
  busyLabel?: string
  /** Cancel is disabled too while the call runs (it cannot be taken back halfway) */
  lockCancel?: boolean
}) {
  return (
    <>
      <FormError error={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={lockCancel && busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </>
  )
}
