// Renders the toast state of lib/toast inside the Radix provider; mounted once at the root.
import { useEffect } from 'react'
import { dismissToast, markToastShown, useToasts } from '#src/web/lib/toast'
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast'

export function Toaster() {
  const toasts = useToasts()
  useEffect(() => {
    for (const t of toasts) if (t.open) markToastShown(t.id)
  }, [toasts])
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, variant, open }) => (
        <Toast
          key={id}
          data-testid="toast"
          variant={variant}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id)
          }}
        >
          <div className="grid gap-1">
            {title !== undefined && <ToastTitle>{title}</ToastTitle>}
            {description !== undefined && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  )
}
