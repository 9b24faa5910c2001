// A card's error state: what failed, why (the server's words), and what to do.
import { CircleAlert, RotateCw } from 'lucide-react'
import { errorMessage } from '../lib/api'
import { Button } from './ui/button'

export function ErrorState({
  what,
  error,
  onRetry,
}: {
  what: string
  error: unknown
  /** offers "Try again" instead of asking for a reload */
  onRetry?: () => void
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg bg-negative-surface p-3 text-sm text-negative"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-1 flex-wrap items-center justify-between gap-2">
        <p>
          Something went wrong loading {what}: {errorMessage(error)}.{' '}
          {onRetry ? 'Check your connection and try again.' : 'Reload the page to try once more.'}
        </p>
        {onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        )}
      </div>
    </div>
  )
}
