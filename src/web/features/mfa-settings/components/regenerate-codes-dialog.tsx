// New recovery codes: confirmed with a code from the app, then the ten new ones are shown once
// (the old ones stop working at that moment, which the dialog says first).
import { FormFooter } from '#src/web/components/forms/form-footer'
import { OneTimeCodeField } from '#src/web/components/one-time-code-input'
import type { OpenState } from '#src/web/components/open-state'
import { useCodeEntry } from '#src/web/components/use-code-entry'
import { useRegenerateRecoveryCodes } from '../api/recovery-codes'
import { CodesStepDialog } from './codes-step-dialog'

function ConfirmForm({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: string[]) => void
  onCancel: () => void
}) {
  const regenerate = useRegenerateRecoveryCodes()
  const entry = useCodeEntry(
    (code) => regenerate.mutate(code, { onSuccess: (answer) => onCodes(answer.recoveryCodes) }),
    regenerate.reset,
  )
  return (
    <form
      className="grid gap-5"
      aria-label="Make new recovery codes"
      noValidate
      onSubmit={entry.onSubmit}
    >
      <OneTimeCodeField {...entry.field} />
      <FormFooter
        error={regenerate.error}
        onCancel={onCancel}
        busy={regenerate.isPending}
        lockCancel
        submitLabel="Make new codes"
        busyLabel="Making codes…"
      />
    </form>
  )
}

export function RegenerateCodesDialog(props: OpenState) {
  return (
    <CodesStepDialog
      {...props}
      title={{
        form: 'Make new recovery codes?',
        codes: 'Your new recovery codes',
      }}
      description={{
        form: 'Your current recovery codes stop working as soon as the new ones are made.',
        codes: 'The old codes no longer work.',
      }}
    >
      {(showCodes, close) => <ConfirmForm onCodes={showCodes} onCancel={close} />}
    </CodesStepDialog>
  )
}
