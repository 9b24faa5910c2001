// Asks before deleting (or removing) one named thing of a list: the title names it, the button
// says what goes, the failed call shows inside the dialog and the toast confirms it is gone.
// Closing the dialog clears the last error so the next item starts clean.
import type { ReactNode } from 'react'
import { toast } from '../lib/toast'
import { ConfirmDialog } from './confirm-dialog'

const VERBS = {
  delete: { action: 'Delete', pending: 'Deleting…', done: 'deleted' },
  remove: { action: 'Remove', pending: 'Removing…', done: 'removed' },
} as const

/** What the dialog needs of the delete mutation (a react-query `useMutation` result fits). */
export type DeleteMutation = {
  mutate: (id: string, options: { onSuccess: () => void }) => void
  reset: () => void
  isPending: boolean
  error: unknown
}

export function ConfirmDeleteDialog<T extends { id: string; name: string }>({
  item,
  onClose,
  noun,
  verb = 'delete',
  description,
  remove,
}: {
  /** the thing to delete; null: the dialog is closed */
  item: T | null
  onClose: () => void
  /** what it is, in lower case ("bill"): "Delete bill", "Bill deleted" */
  noun: string
  verb?: keyof typeof VERBS
  description: ReactNode
  remove: DeleteMutation
}) {
  const words = VERBS[verb]
  const label = `${words.action} ${noun}`
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(o) => {
        if (!o) {
          onClose()
          remove.reset()
        }
      }}
      title={item === null ? label : `${words.action} ${item.name}?`}
      description={description}
      confirmLabel={label}
      pendingLabel={words.pending}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => {
        if (item === null) return
        remove.mutate(item.id, {
          onSuccess: () => {
            toast({
              title: `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${words.done}`,
              description: `${item.name} was ${words.done}.`,
            })
            onClose()
          },
        })
      }}
    />
  )
}
