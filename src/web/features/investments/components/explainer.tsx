// "What is this?": a short plain-words explanation under a figure, opened with the keyboard or a
// tap (a native disclosure: nothing to get wrong for screen readers).
import { CircleHelp } from 'lucide-react'
import type { ReactNode } from 'react'

export function Explainer({
  children,
  label = 'What is this?',
}: {
  children: ReactNode
  label?: string
}) {
  return (
    <details className="group text-xs text-muted-foreground">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-sm font-medium text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <CircleHelp className="size-3.5" aria-hidden="true" />
        {label}
      </summary>
      <div className="mt-1.5 space-y-1 leading-relaxed">{children}</div>
    </details>
  )
}
