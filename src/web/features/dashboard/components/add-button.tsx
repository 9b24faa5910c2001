// A dashboard add button: it opens the add form over the dashboard (lib/quick-add), so adding a
// first account, goal, bill or transaction never leaves the page; a link to the feature's page
// where no form host is around.
import { Plus } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#src/web/components/ui/button'
import { useQuickAdd, type QuickAddKind } from '#src/web/lib/quick-add'

export function AddButton({
  kind,
  label,
  to,
  variant = 'default',
  compact = false,
}: {
  kind: QuickAddKind
  label: string
  to: string
  variant?: 'default' | 'outline' | 'ghost'
  /** a card header's "+ Add", named in full for screen readers */
  compact?: boolean
}) {
  const quickAdd = useQuickAdd()
  const text = compact ? (
    <>
      <Plus aria-hidden="true" />
      Add<span className="sr-only">{label.replace(/^Add/, '')}</span>
    </>
  ) : (
    label
  )
  if (quickAdd === null) {
    return (
      <Button asChild size="sm" variant={variant}>
        <Link to={to}>{text}</Link>
      </Button>
    )
  }
  return (
    <Button size="sm" variant={variant} onClick={() => quickAdd(kind)}>
      {text}
    </Button>
  )
}
