// A dialog in two steps that ends on new recovery codes: first a form (`children`, given the way
// to show the codes and to close), then the codes, shown once. While the codes are up a click outside does not close it, so they are not
// lost by accident; each step has its own title and description.
import { useState, type ReactNode } from 'react'
import type { OpenState } from '#src/web/components/open-state'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#src/web/components/ui/dialog'
import { RecoveryCodesView } from './recovery-codes-view'

type StepText = { form: string; codes: string }

export function CodesStepDialog({
  open,
  onOpenChange,
  onCodesClosed,
  title,
  description,
  children,
}: OpenState & {
  /** after the codes were shown, when the dialog closes */
  onCodesClosed?: () => void
  title: StepText
  description: StepText
  /** the form step; every way out (Escape, the close button, Done) goes through `close` */
  children: (showCodes: (codes: string[]) => void, close: () => void) => ReactNode
}) {
  const [codes, setCodes] = useState<string[] | null>(null)
  const onClose = () => {
    onOpenChange(false)
    if (codes !== null) {
      setCodes(null)
      onCodesClosed?.()
    }
  }
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : onClose())}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onInteractOutside={(event) => {
          if (codes !== null) event.preventDefault()
        }}
      >
        <div className="space-y-1.5 pr-6">
          <DialogTitle>{codes === null ? title.form : title.codes}</DialogTitle>
          <DialogDescription>
            {codes === null ? description.form : description.codes}
          </DialogDescription>
        </div>
        {codes !== null ? <RecoveryCodesView codes={codes} onDone={onClose} /> : open && children(setCodes, onClose)}
      </DialogContent>
    </Dialog>
  )
}
