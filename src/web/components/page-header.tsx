// The top of a page under the app header: one line about the page and its main actions, which
// wrap under the text on a phone.
import type { ReactNode } from 'react'
import { cn } from '../lib/cn'

export function PageHeader({
  description,
  actions,
  className,
}: {
  description: ReactNode
  actions?: ReactNode
  className?: string
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <p className="text-sm text-muted-foreground">{description}</p>
      {actions !== undefined && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  )
}

/** The padded, centred column every page sits in. */
export function PageBody({
  children,
  className,
  wide = false,
}: {
  children: ReactNode
  className?: string
  wide?: boolean
}) {
  return (
    <div
      className={cn(
        'mx-auto w-full space-y-6 p-4 sm:p-6',
        wide ? 'max-w-7xl' : 'max-w-5xl',
        className,
      )}
    >
      {children}
    </div>
  )
}
