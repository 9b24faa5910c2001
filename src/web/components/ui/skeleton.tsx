// Loading placeholder shaped like the content it stands in for.
import type { ComponentProps } from 'react'
import { cn } from '#src/web/lib/cn'

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  )
}
