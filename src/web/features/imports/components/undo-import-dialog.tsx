// Asks before an import is undone, says what goes and what stays, and reports what happened.
import type { z } from 'zod'
import type { undoImportResult } from '#src/contract/imports'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { toast } from '#src/web/lib/toast'
import { useUndoImport } from '../api/undo-import'
import { plural } from '../import-flow'

export type UndoResult = z.output<typeof undoImportResult>

export function UndoImportDialog({
  batchId,
  fileName,
  added,
  open,
  onOpenChange,
  onUndone,
}: {
  batchId: string
  fileName: string
  added: number
  open: boolean
  onOpenChange: (open: boolean) => void
  onUndone?: (result: UndoResult) => void
}) {
  const undo = useUndoImport()
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) undo.reset()
        onOpenChange(next)
      }}
      title="Undo this import?"
      description={
        <div className="space-y-2">
          <p>
            The {plural(added, 'transaction')} added from <strong>{fileName}</strong> will be
            deleted, and any of your own rows it linked as transfers go back to how they were.
          </p>
          <p>Accounts it created stay, so you can import into them again.</p>
        </div>
      }
      confirmLabel="Undo import"
      pendingLabel="Undoing…"
      pending={undo.isPending}
      error={undo.error}
      onConfirm={() =>
        undo.mutate(batchId, {
          onSuccess: (result) => {
            toast({
              title: 'Import undone',
              description: `${plural(result.deleted, 'transaction')} removed${
                result.restored > 0 ? `, ${plural(result.restored, 'row')} restored` : ''
              }.`,
            })
            onOpenChange(false)
            onUndone?.(result)
          },
        })
      }
    />
  )
}
