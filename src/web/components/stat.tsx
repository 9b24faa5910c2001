// One figure of a results grid: a small label over a large tabular number, as a <dt>/<dd> pair
// inside the caller's <dl>; the test id sits on the figure so tests read exactly the value.
import type { ReactNode } from 'react'

export function Stat({
  label,
  children,
  testId,
}: {
  label: string
  children: ReactNode
  testId: string
}) {
  return (
    <div className="rounded-lg border bg-card p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tracking-tight tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}
