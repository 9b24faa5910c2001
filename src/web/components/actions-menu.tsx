// The "…" menu of a row or card: Edit first, the item's own actions, then Delete apart in red.
import { MoreHorizontal, Pause, Pencil, Play, Trash2 } from 'lucide-react'
import { useRef, type ReactNode } from 'react'
import { Button } from './ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './ui/dropdown-menu'

export function ActionsMenu({
  label,
  onEdit,
  onDelete,
  children,
}: {
  /** what the menu acts on, for its accessible name "Actions for …" */
  label: string
  onEdit: () => void
  onDelete: () => void
  /** items between Edit and Delete */
  children?: ReactNode
}) {
  // Edit and Delete open a dialog once the menu has closed and given focus back to its button,
  // so the dialog, when it closes, gives focus back to that button too (ui/dialog.tsx)
  const afterClose = useRef<(() => void) | null>(null)
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${label}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onCloseAutoFocus={() => {
          const action = afterClose.current
          afterClose.current = null
          action?.()
        }}
      >
        <DropdownMenuItem
          onSelect={() => {
            afterClose.current = onEdit
          }}
        >
          <Pencil aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        {children}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            afterClose.current = onDelete
          }}
          className="text-negative [&_svg]:text-negative"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** Pause or Resume, for items with an `isActive` flag (bills, goals). */
export function PauseMenuItem({ active, onToggle }: { active: boolean; onToggle: () => void }) {
  return (
    <DropdownMenuItem onSelect={onToggle}>
      {active ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      {active ? 'Pause' : 'Resume'}
    </DropdownMenuItem>
  )
}
