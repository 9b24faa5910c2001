// A dialog that asks before something that cannot be undone: what will happen, and a button
// that says exactly what it does. The action's error shows inside the dialog.
import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { errorMessage } from '../lib/api'
import { Alert } from './ui/alert'
import { Button } from './ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog'

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  destructive = true,
  pending = false,
  error,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  children?: ReactNode
  confirmLabel: string
  pendingLabel?: string
  destructive?: boolean
  pending?: boolean
  error?: unknown
  onConfirm: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <div className="space-y-2 pr-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div>{description}</div>
          </DialogDescription>
        </div>
        {children}
        {error !== undefined && error !== null && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <span>{errorMessage(error)}</span>
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            onClick={onConfirm}
            disabled={pending}
          >
            {pending ? (pendingLabel ?? 'Working…') : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
