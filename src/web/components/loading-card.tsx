// The loading state of a card-sized block: a card frame announced as a status with what is
// loading, holding skeletons shaped like the content that will stand there.
import type { ReactNode } from 'react'

export function LoadingCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-3 rounded-xl border bg-card p-5" role="status" aria-label={label}>
      {children}
    </div>
  )
}
