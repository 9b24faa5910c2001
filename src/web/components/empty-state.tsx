// A real empty state: what is missing, and one button to start.
import type { LucideIcon } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../lib/cn'
import { Card, CardContent } from './ui/card'

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

/** The empty state of a page's main list, on its own card. */
export function EmptyStateCard(props: ComponentProps<typeof EmptyState>) {
  return (
    <Card>
      <CardContent className="pt-5">
        <EmptyState {...props} />
      </CardContent>
    </Card>
  )
}
