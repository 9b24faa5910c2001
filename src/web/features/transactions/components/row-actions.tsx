// A transaction's menu: edit, split across categories (ordinary transactions only), its receipts
// and delete.
import { MoreHorizontal, Paperclip, Pencil, Split, Trash2 } from 'lucide-react'
import type { Transaction } from '#src/contract/transactions'
import { Button } from '#src/web/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#src/web/components/ui/dropdown-menu'
import { isCategorizable } from '../labels'

export function RowActions({
  transaction,
  label,
  onEdit,
  onSplit,
  onDelete,
  onReceipts,
}: {
  transaction: Transaction
  label: string
  onEdit: () => void
  onSplit: () => void
  onDelete: () => void
  onReceipts: () => void
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Actions for ${label}`}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" onClick={(e) => e.stopPropagation()}>
        <DropdownMenuItem onSelect={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        {isCategorizable(transaction) && (
          <DropdownMenuItem onSelect={onSplit}>
            <Split aria-hidden="true" />
            {transaction.splits.length > 0 ? 'Edit split' : 'Split…'}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={onReceipts}>
          <Paperclip aria-hidden="true" />
          Receipts…
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onDelete} className="text-negative [&_svg]:text-negative">
          <Trash2 aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
