// The frame of a form in a dialog: title, a line about what it does, the form, and the server's
// refusal above the buttons. Scrolls inside on a short phone screen.
import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { errorMessage } from '../lib/api'
import { cn } from '../lib/cn'
import { Alert } from './ui/alert'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog'

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={cn('max-h-[calc(100dvh-2rem)] overflow-y-auto', className)}>
        <div className="space-y-1.5 pr-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </div>
        {children}
      </DialogContent>
    </Dialog>
  )
}

/** The server's answer to a failed save, shown inside a form. */
export function FormError({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <span>{errorMessage(error)}</span>
    </Alert>
  )
}
