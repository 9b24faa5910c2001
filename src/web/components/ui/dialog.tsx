// Dialog and side sheet (Radix Dialog): focus trapped inside, Escape and outside click close it,
// and focus back on what opened it when it closes.
import { Dialog as DialogPrimitive } from 'radix-ui'
import { X } from 'lucide-react'
import { useCallback, useRef, type ComponentProps } from 'react'
import { cn } from '#src/web/lib/cn'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  )
}

type AutoFocusHandlers = Pick<ComponentProps<typeof DialogPrimitive.Content>, 'onCloseAutoFocus'>

// the last two elements that took focus: when a dialog opens with a field that focuses itself
// (autoFocus), the one before that field opened the dialog
let lastFocused: Element | null = null
let beforeLastFocused: Element | null = null
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (!(event.target instanceof Element) || event.target === lastFocused) return
      beforeLastFocused = lastFocused
      lastFocused = event.target
    },
    true,
  )
}

/**
 * Radix gives focus back on close only to a <DialogTrigger>, and most dialogs here open from a
 * plain button (a controlled `open`): focus would fall to <body> and a keyboard user would start
 * again from the top of the page. So what had focus when the dialog opened gets it back; when
 * that is gone (a menu item), Radix's choice stands.
 */
function useReturnFocus({ onCloseAutoFocus }: AutoFocusHandlers): AutoFocusHandlers & {
  ref: (node: HTMLElement | null) => void
} {
  const opener = useRef<HTMLElement | null>(null)
  // stable, so it runs once as the dialog's element appears (not on every render): what had
  // focus just before, outside the dialog, opened it
  const ref = useCallback((node: HTMLElement | null) => {
    if (node === null) return
    const candidate = node.contains(lastFocused) ? beforeLastFocused : lastFocused
    opener.current =
      candidate instanceof HTMLElement && !node.contains(candidate) && candidate !== document.body
        ? candidate
        : null
  }, [])
  return {
    ref,
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event)
      const target = opener.current
      opener.current = null
      if (event.defaultPrevented || target === null || !target.isConnected) return
      event.preventDefault()
      target.focus()
    },
  }
}

function Overlay() {
  return <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[1px]" />
}

export function DialogContent({
  className,
  children,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const returnFocus = useReturnFocus({ onCloseAutoFocus })
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-popover p-6 text-popover-foreground shadow-lg',
          className,
        )}
        {...props}
        {...returnFocus}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

/** A panel that slides in from the left edge: the mobile menu drawer. */
export function SheetContent({
  className,
  children,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const returnFocus = useReturnFocus({ onCloseAutoFocus })
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-sidebar text-foreground shadow-xl',
          className,
        )}
        {...props}
        {...returnFocus}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-3 rounded-sm p-1 opacity-70 hover:opacity-100">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">Close menu</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}
