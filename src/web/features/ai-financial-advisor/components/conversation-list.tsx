// The member's conversations: a side panel on a desktop (each one a button, with its own delete
// button) and a select on a phone (with a delete button for the one open). Deleting asks first,
// in the page's confirm dialog.
import { MessagesSquare, Trash2 } from 'lucide-react'
import type { z } from 'zod'
import type { conversationSummary } from '#src/contract/advisor'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Select } from '#src/web/components/ui/select'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { cn } from '#src/web/lib/cn'

export type ConversationSummary = z.output<typeof conversationSummary>

type ListProps = {
  conversations: readonly ConversationSummary[] | undefined
  loading: boolean
  error: unknown
  onRetry: () => void
  activeId: string | null
  onOpen: (id: string) => void
  onDelete: (conversation: ConversationSummary) => void
  whenOf: (iso: string) => string
}

export function ConversationPanel({
  conversations,
  loading,
  error,
  onRetry,
  activeId,
  onOpen,
  onDelete,
  whenOf,
}: ListProps) {
  return (
    <Card className="self-start" aria-labelledby="conversations-title" data-testid="conversation-panel">
      <CardHeader>
        <CardTitle id="conversations-title">Conversations</CardTitle>
      </CardHeader>
      <CardContent className="px-3">
        {loading ? (
          <div className="space-y-2 px-2" role="status" aria-label="Loading conversations">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : error ? (
          <ErrorState what="your conversations" error={error} onRetry={onRetry} />
        ) : conversations === undefined || conversations.length === 0 ? (
          <EmptyState icon={MessagesSquare} title="No conversations yet. Ask a question to start one." />
        ) : (
          <ul className="space-y-1">
            {conversations.map((c) => {
              const active = c.id === activeId
              return (
                <li key={c.id} className="flex items-center gap-1" data-testid="conversation-item">
                  <button
                    type="button"
                    onClick={() => onOpen(c.id)}
                    title={c.title}
                    aria-current={active ? 'true' : undefined}
                    className={cn(
                      'min-w-0 flex-1 rounded-md px-2 py-1.5 text-left outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
                      active && 'bg-muted',
                    )}
                  >
                    <span className={cn('block truncate text-sm', active && 'font-medium')}>{c.title}</span>
                    <span className="block text-xs text-muted-foreground">{whenOf(c.updatedAt)}</span>
                  </button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Delete conversation “${c.title}”`}
                    onClick={() => onDelete(c)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/** The phone's way to the conversations: a select, and Delete for the one that is open. */
export function ConversationPicker({
  conversations,
  loading,
  error,
  onRetry,
  activeId,
  onOpen,
  onNew,
  onDelete,
}: ListProps & { onNew: () => void }) {
  if (error) return <ErrorState what="your conversations" error={error} onRetry={onRetry} />
  const list = conversations ?? []
  const active = list.find((c) => c.id === activeId) ?? null
  return (
    <div className="flex items-end gap-2" data-testid="conversation-picker">
      <div className="grid min-w-0 flex-1 gap-1.5">
        <label htmlFor="advisor-conversation" className="text-sm font-medium">
          Conversation
        </label>
        <Select
          id="advisor-conversation"
          value={activeId ?? ''}
          disabled={loading}
          onChange={(e) => (e.target.value === '' ? onNew() : onOpen(e.target.value))}
        >
          <option value="">New conversation</option>
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </Select>
      </div>
      {active !== null && (
        <Button
          variant="outline"
          size="icon"
          aria-label={`Delete conversation “${active.title}”`}
          onClick={() => onDelete(active)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </div>
  )
}
