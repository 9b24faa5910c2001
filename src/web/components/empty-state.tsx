// A real empty state: what is missing, and one button to start.
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../lib/cn'

export function EmptyState({
  icon: Icon,
  title,
  action,
  className,
}: {
  icon: LucideIcon
  title: string
  action?: ReactNode
  className?: string
}) {
  return (
    <div
      className={cn('flex flex-col items-center justify-center gap-3 py-6 text-center', className)}
    >
      <span className="inline-flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <p className="text-sm text-muted-foreground">{title}</p>
      {action}
    </div>
  )
}
