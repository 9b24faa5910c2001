// A dialog in two steps that ends on new recovery codes: first a form (`children`), then the
// codes, shown once. While the codes are up a click outside does not close it, so they are not
// lost by accident; each step has its own title and description.
import type { ReactNode } from 'react'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog'
import { RecoveryCodesView } from './recovery-codes-view'

type StepText = { form: string; codes: string }

export function CodesStepDialog({
  open,
  onOpenChange,
  onClose,
  codes,
  title,
  description,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** every way out: Escape, the close button and Done after the codes */
  onClose: () => void
  /** null: the form step */
  codes: string[] | null
  title: StepText
  description: StepText
  children: ReactNode
}) {
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
        {codes !== null ? <RecoveryCodesView codes={codes} onDone={onClose} /> : open && children}
      </DialogContent>
    </Dialog>
  )
}
