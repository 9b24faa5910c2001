// A bill's linked payments (the transactions, or split parts, that settled its due dates), shown
// on demand under its row, each with Unlink: the payment stays in the ledger and the matcher
// leaves it untied from this bill from then on (ADR 0045).
import { ChevronDown, Unlink } from 'lucide-react'
import { useId, useState } from 'react'
import type { Bill } from '#src/contract/bills'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { Button } from '#src/web/components/ui/button'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useDateFormat } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'
import { useBillLinks } from '../api/get-bill-links'
import { useUnlinkPayment } from '../api/save-bill'

const KIND_LABEL = { auto: 'Matched', manual: 'Linked by hand', paid: 'Marked paid' } as const

export function BillPayments({ bill }: { bill: Bill }) {
  const [open, setOpen] = useState(false)
  const panel = useId()
  return (
    <div className="basis-full">
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
        className="-ml-2 h-7 px-2 text-xs text-muted-foreground"
      >
        <ChevronDown aria-hidden="true" className={open ? 'rotate-180 transition-transform' : 'transition-transform'} />
        Payments
      </Button>
      <div id={panel} hidden={!open}>
        {open && <PaymentList bill={bill} />}
      </div>
    </div>
  )
}

function PaymentList({ bill }: { bill: Bill }) {
  const links = useBillLinks(bill.id, true)
  const unlink = useUnlinkPayment()
  const formatDate = useDateFormat()
  if (links.isLoading) {
    return (
      <div className="mt-2 space-y-2" role="status" aria-label="Loading payments">
        <Skeleton className="h-4 w-3/5" />
        <Skeleton className="h-4 w-2/5" />
      </div>
    )
  }
  if (links.error) {
    return <ErrorState what={`the payments of ${bill.name}`} error={links.error} onRetry={() => void links.refetch()} />
  }
  const rows = links.data ?? []
  if (rows.length === 0) {
    return (
      <p className="mt-2 text-xs text-muted-foreground" data-testid="bill-no-payments">
        No payment is linked yet. Payments in your transactions that match it are linked by themselves; Mark paid links one by hand.
      </p>
    )
  }
  return (
    <ul className="mt-2 space-y-1.5" aria-label={`Payments of ${bill.name}`}>
      {rows.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs" data-testid="bill-payment">
          <span className="min-w-0 flex-1 basis-40">
            <span className="block truncate font-medium text-foreground">{p.merchant || 'No payee'}</span>
            <span className="block text-muted-foreground">
              {formatDate(p.date)} · for {formatDate(p.dueDate)} · {KIND_LABEL[p.kind]}
            </span>
          </span>
          <Money value={p.amount} className="inline-block min-w-16 text-right" />
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="h-7 px-2"
            disabled={unlink.isPending}
            aria-label={`Unlink the payment of ${formatDate(p.date)} from ${bill.name}`}
            onClick={() =>
              unlink.mutate(
                { id: bill.id, paymentId: p.id },
                {
                  onSuccess: (b) =>
                    toast({
                      title: 'Payment unlinked',
                      description: `It stays in your transactions. ${b.name} is due ${formatDate(b.nextDueDate, { weekday: true })}.`,
                    }),
                  onError: (e) => toast({ variant: 'destructive', title: 'Not unlinked', description: errorMessage(e) }),
                },
              )
            }
          >
            <Unlink aria-hidden="true" />
            Unlink
          </Button>
        </li>
      ))}
    </ul>
  )
}
