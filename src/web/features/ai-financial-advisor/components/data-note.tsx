// The plain note on what leaves the server: nothing when no model is configured (the answers
// are computed here), else the server's own words on what is sent and the model answers left.
import { ShieldCheck, Sparkles } from 'lucide-react'
import type { AdvisorStatus } from '#src/contract/advisor'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { countText } from '#src/web/lib/display-locale'

export function DataNote({ status, loading }: { status: AdvisorStatus | undefined; loading: boolean }) {
  if (loading) return <Skeleton className="h-10 w-full max-w-2xl rounded-lg" />
  if (status === undefined) return null
  const Icon = status.modelConfigured ? Sparkles : ShieldCheck
  return (
    <div
      className="flex items-start gap-2 rounded-lg border bg-card px-3 py-2 text-sm text-muted-foreground"
      data-testid="data-note"
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      {status.modelConfigured ? (
        <p>
          {status.dataSharing}
          {status.requestsLeft !== null &&
            ` ${countText(status.requestsLeft)} of ${countText(status.requestsPerMonth)} model answers left this month.`}
        </p>
      ) : (
        <p>Answers are computed on your server; no model is configured. Nothing you ask leaves it.</p>
      )}
    </div>
  )
}
