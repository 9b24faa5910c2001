// New recovery codes: confirmed with a code from the app, then the ten new ones are shown once
// (the old ones stop working at that moment, which the dialog says first).
import { useState } from 'react'
import { FormError } from '../../../components/form-dialog'
import { CODE_LENGTH, OneTimeCodeInput } from '../../../components/one-time-code-input'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog'
import { FormField } from '../../../components/ui/form-field'
import { useRegenerateRecoveryCodes } from '../api/recovery-codes'
import { RecoveryCodesView } from './recovery-codes-view'

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
      <FormField label="Code from your authenticator app" error={error}>
        {(control) => (
          <OneTimeCodeInput
            {...control}
            autoFocus
            value={code}
            onValueChange={(next) => {
              setCode(next)
              setError(undefined)
              regenerate.reset()
            }}
          />
        )}
      </FormField>
      <FormError error={regenerate.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={regenerate.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={regenerate.isPending}>
          {regenerate.isPending ? 'Making codes…' : 'Make new codes'}
        </Button>
      </div>
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
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onInteractOutside={(event) => {
          if (codes !== null) event.preventDefault()
        }}
      >
        <div className="space-y-1.5 pr-6">
          <DialogTitle>
            {codes === null ? 'Make new recovery codes?' : 'Your new recovery codes'}
          </DialogTitle>
          <DialogDescription>
            {codes === null
              ? 'Your current recovery codes stop working as soon as the new ones are made.'
              : 'The old codes no longer work.'}
          </DialogDescription>
        </div>
        {codes !== null ? (
          <RecoveryCodesView codes={codes} onDone={close} />
        ) : (
          open && <ConfirmForm onCodes={setCodes} onCancel={close} />
        )}
      </DialogContent>
    </Dialog>
  )
}
