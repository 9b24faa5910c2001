// New recovery codes: confirmed with a code from the app, then the ten new ones are shown once
// (the old ones stop working at that moment, which the dialog says first).
import { useState } from 'react'
import { FormFooter } from '../../../components/forms/form-footer'
import { CODE_LENGTH, OneTimeCodeField } from '../../../components/one-time-code-input'
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
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  return (
    <form
      className="grid gap-5"
      aria-label="Make new recovery codes"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (code.length !== CODE_LENGTH)
          return setError(`Enter the ${CODE_LENGTH}-digit code from your app`)
        regenerate.mutate(code, { onSuccess: (answer) => onCodes(answer.recoveryCodes) })
      }}
    >
      <OneTimeCodeField
        error={error}
        value={code}
        onValueChange={(next) => {
          setCode(next)
          setError(undefined)
          regenerate.reset()
        }}
      />
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

export function RegenerateCodesDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [codes, setCodes] = useState<string[] | null>(null)
  const close = () => {
    setCodes(null)
    onOpenChange(false)
  }
  return (
    <CodesStepDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={close}
      codes={codes}
      title={{
        form: 'Make new recovery codes?',
        codes: 'Your new recovery codes',
      }}
      description={{
        form: 'Your current recovery codes stop working as soon as the new ones are made.',
        codes: 'The old codes no longer work.',
      }}
    >
      <ConfirmForm onCodes={setCodes} onCancel={close} />
    </CodesStepDialog>
  )
}
