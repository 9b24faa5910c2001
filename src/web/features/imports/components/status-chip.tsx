// A previewed row's status in words and an icon (colour is never the only signal): new,
// duplicate, transfer, left out, or a duplicate the user brings in anyway.
import { ArrowLeftRight, Ban, Copy, Plus, type LucideIcon } from 'lucide-react'
import { Badge, type BadgeProps } from '#src/web/components/ui/badge'
import type { RowStatus } from '../import-flow'

type Chip = {
  label: string
  icon: LucideIcon
  variant: BadgeProps['variant']
  className?: string
}

const CHIPS: Record<RowStatus | 'forced', Chip> = {
  forced: { label: 'Duplicate, imported anyway', icon: Plus, variant: 'warning' },
  new: { label: 'New', icon: Plus, variant: 'accent' },
  duplicate: { label: 'Duplicate', icon: Copy, variant: 'secondary' },
  transfer: { label: 'Transfer', icon: ArrowLeftRight, variant: 'outline' },
  skip: { label: 'Left out', icon: Ban, variant: 'outline', className: 'text-muted-foreground' },
}

export function StatusChip({ status, forced = false }: { status: RowStatus; forced?: boolean }) {
  const shown = forced ? 'forced' : status
  const { label, icon: Icon, variant, className } = CHIPS[shown]
  return (
    <Badge variant={variant} className={className} data-status={shown}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  )
}
