// Spinner for lazy pages and pending actions; announced to screen readers by its label. In the
// first download, so it joins classes with clsx alone.
import { clsx } from 'clsx'

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={clsx('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-muted-foreground/30 border-t-primary"
      />
      <span className="sr-only">{label}</span>
    </span>
  )
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner />
    </div>
  )
}
