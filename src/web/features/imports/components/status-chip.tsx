// A previewed row's status in words and an icon (colour is never the only signal): new,
// duplicate, transfer, left out, or a duplicate the user brings in anyway.
import { ArrowLeftRight, Ban, Copy, Plus } from 'lucide-react'
import { Badge } from '../../../components/ui/badge'
import type { RowStatus } from '../import-flow'

export function StatusChip({ status, forced = false }: { status: RowStatus; forced?: boolean }) {
  if (forced) {
    return (
      <Badge variant="warning" data-status="forced">
        <Plus aria-hidden="true" />
        Duplicate, imported anyway
      </Badge>
    )
  }
  switch (status) {
    case 'new':
      return (
        <Badge variant="accent" data-status="new">
          <Plus aria-hidden="true" />
          New
        </Badge>
      )
    case 'duplicate':
      return (
        <Badge variant="secondary" data-status="duplicate">
          <Copy aria-hidden="true" />
          Duplicate
        </Badge>
      )
    case 'transfer':
      return (
        <Badge variant="outline" data-status="transfer">
          <ArrowLeftRight aria-hidden="true" />
          Transfer
        </Badge>
      )
    case 'skip':
      return (
        <Badge variant="outline" className="text-muted-foreground" data-status="skip">
          <Ban aria-hidden="true" />
          Left out
        </Badge>
      )
  }
}
