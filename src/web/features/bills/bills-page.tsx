// The Bills page: the next 30 days with the urgency of docs/product.md §4 ("Due today", "Due
// tomorrow", "N days", overdue), every bill with how it repeats, Mark paid (the payment becomes a
// transaction and the due date moves on), add, edit, pause and delete; and a month calendar. Each
// bill shows its current due date's status (Paid, Partly paid, Overdue, Due) and, on demand, the
// payments linked to it with Unlink (ADR 0045).
import { useQuery } from '@tanstack/react-query'
import { CalendarDays, CheckCircle2, List, Plus, Receipt } from 'lucide-react'
import { useState } from 'react'
import type { Bill } from '#src/contract/bills'
import { billDueText, billUrgency, daysUntil, type BillUrgency } from '#src/domain/bill-urgency'
import { ActionsMenu, PauseMenuItem } from '#src/web/components/actions-menu'
import { ConfirmDeleteDialog } from '#src/web/components/confirm-delete-dialog'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { Money } from '#src/web/components/money'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#src/web/components/ui/tabs'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_LOCALE, useDateFormat } from '#src/web/lib/format'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { categoryOptions, categoriesQuery } from '#src/web/lib/queries/categories'
import { settingsQuery } from '#src/web/lib/queries/settings'
import { toast } from '#src/web/lib/toast'
import { useToday } from '#src/web/lib/today'
import { useBillList, useUpcomingBillList } from './api/get-bills'
import { useDeleteBill, useUpdateBill } from './api/save-bill'
import { BillCalendar } from './components/bill-calendar'
import { BillFormDialog } from './components/bill-form-dialog'
import { BillPayments } from './components/bill-payments'
import { PayBillDialog } from './components/pay-bill-dialog'
import { RECURRENCE_LABELS } from './recurrence-labels'

const URGENCY_BADGE: Record<BillUrgency, 'danger' | 'warning' | 'secondary'> = {
  danger: 'danger',
  warning: 'warning',
  normal: 'secondary',
}

/** Paid or partly paid: the current due date's payments say so; otherwise the urgency badge. */
function SettledBadge({ bill }: { bill: Bill }) {
  const current = bill.current
  if (current?.status === 'paid') {
    return (
      <Badge variant="secondary" data-testid="bill-status" data-status="paid">
        <CheckCircle2 aria-hidden="true" />
        Paid
      </Badge>
    )
  }
  if (current?.status === 'partial') {
    return (
      <Badge variant="warning" data-testid="bill-status" data-status="partial">
        Partly paid <Money value={current.paid} /> of <Money value={current.amount} />
      </Badge>
    )
  }
  return null
}

function BillRow({
  bill,
  today,
  categoryName,
  onPay,
  onEdit,
  onDelete,
}: {
  bill: Bill
  today: string
  categoryName: string | null
  onPay: () => void
  onEdit: () => void
  onDelete: () => void
}) {
  const formatDate = useDateFormat()
  const update = useUpdateBill()
  const days = daysUntil(today, bill.nextDueDate)
  const urgency = billUrgency(days)
  const toggle = () =>
    update.mutate(
      { id: bill.id, body: { isActive: !bill.isActive } },
      {
        onSuccess: () =>
          toast({
            title: bill.isActive ? 'Bill paused' : 'Bill resumed',
            description: bill.isActive
              ? `${bill.name} is left out of your plan and reminders.`
              : `${bill.name} is back in your plan.`,
          }),
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(e) }),
      },
    )
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0"
      data-testid="bill-row"
      data-urgency={bill.isActive ? urgency : 'inactive'}
    >
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate text-sm font-medium">{bill.name}</p>
        <p className="truncate text-xs text-muted-foreground">
          {RECURRENCE_LABELS[bill.recurrence]} · Due {formatDate(bill.nextDueDate, { weekday: true })}
          {categoryName !== null && ` · ${categoryName}`}
          {bill.autopay && ' · Autopay'}
        </p>
      </div>
      {bill.current?.status === 'paid' || bill.current?.status === 'partial' ? (
        <SettledBadge bill={bill} />
      ) : bill.isActive ? (
        <Badge variant={URGENCY_BADGE[urgency]} data-testid="bill-due" data-status={bill.current?.status ?? 'due'}>
          {billDueText(days)}
        </Badge>
      ) : (
        <Badge variant="outline">Paused</Badge>
      )}
      <Money
        value={bill.amount}
        className="inline-block min-w-20 text-right text-sm font-semibold"
      />
      <div className="flex items-center gap-1">
        {bill.isActive && (
          <Button size="sm" variant="outline" onClick={onPay}>
            <CheckCircle2 aria-hidden="true" />
            Mark paid
          </Button>
        )}
        <ActionsMenu label={bill.name} onEdit={onEdit} onDelete={onDelete}>
          <PauseMenuItem active={bill.isActive} onToggle={toggle} />
        </ActionsMenu>
      </div>
      <BillPayments bill={bill} />
    </li>
  )
}

function ListSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading bills">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3">
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  )
}

function monthTitle(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number)
  try {
    return new Intl.DateTimeFormat(locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, 1)))
  } catch {
    return month
  }
}

export function BillsPage() {
  const { user } = useAuth()
  const today = useToday()
  const bills = useBillList()
  const upcoming = useUpcomingBillList()
  const accounts = useQuery(accountsQuery)
  const categories = useQuery(categoriesQuery)
  const settings = useQuery(settingsQuery)
  const remove = useDeleteBill()
  const [editing, setEditing] = useState<Bill | 'new' | null>(null)
  const [paying, setPaying] = useState<Bill | null>(null)
  const [deleting, setDeleting] = useState<Bill | null>(null)
  const [month, setMonth] = useState(today.slice(0, 7))
  const locale = user?.locale ?? DEFAULT_LOCALE
  const categoryNames = new Map((categories.data ?? []).map((c) => [c.id, c.name]))
  const openAccounts = (accounts.data ?? []).filter((a) => !a.isClosed)
  const all = bills.data ?? []
  const upcomingIds = new Set((upcoming.data ?? []).map((b) => b.id))
  const later = all.filter((b) => !upcomingIds.has(b.id))

  const row = (b: Bill) => (
    <BillRow
      key={b.id}
      bill={b}
      today={today}
      categoryName={b.categoryId === null ? null : (categoryNames.get(b.categoryId) ?? null)}
      onPay={() => setPaying(b)}
      onEdit={() => setEditing(b)}
      onDelete={() => setDeleting(b)}
    />
  )

  return (
    <PageBody>
      <PageHeader
        description="What is due and when. Paying a bill records it as a transaction and moves it to its next date."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Add bill
          </Button>
        }
      />
      <Tabs defaultValue="list">
        <TabsList className="max-w-xs">
          <TabsTrigger value="list">
            <List className="mr-1.5 size-4" aria-hidden="true" />
            List
          </TabsTrigger>
          <TabsTrigger value="calendar">
            <CalendarDays className="mr-1.5 size-4" aria-hidden="true" />
            Calendar
          </TabsTrigger>
        </TabsList>
        <TabsContent value="list" className="space-y-6">
          <Card aria-labelledby="upcoming-title" data-testid="upcoming-bills">
            <CardHeader>
              <CardTitle id="upcoming-title">Next 30 days</CardTitle>
            </CardHeader>
            <CardContent>
              {upcoming.isLoading ? (
                <ListSkeleton />
              ) : upcoming.error ? (
                <ErrorState
                  what="your upcoming bills"
                  error={upcoming.error}
                  onRetry={() => void upcoming.refetch()}
                />
              ) : (upcoming.data ?? []).length === 0 ? (
                <EmptyState
                  icon={Receipt}
                  title="No upcoming bills in the next 30 days"
                  action={
                    <Button onClick={() => setEditing('new')}>
                      <Plus aria-hidden="true" />
                      Add a bill
                    </Button>
                  }
                />
              ) : (
                <ul className="divide-y">{(upcoming.data ?? []).map(row)}</ul>
              )}
            </CardContent>
          </Card>
          {bills.error ? (
            <ErrorState
              what="your bills"
              error={bills.error}
              onRetry={() => void bills.refetch()}
            />
          ) : (
            later.length > 0 && (
              <Card aria-labelledby="later-title" data-testid="later-bills">
                <CardHeader>
                  <CardTitle id="later-title">Later and paused</CardTitle>
                </CardHeader>
                <CardContent>
                  <ul className="divide-y">{later.map(row)}</ul>
                </CardContent>
              </Card>
            )
          )}
        </TabsContent>
        <TabsContent value="calendar">
          {bills.isLoading ? (
            <Skeleton className="h-96 w-full rounded-xl" />
          ) : (
            <BillCalendar
              bills={all}
              month={month}
              onMonthChange={setMonth}
              today={today}
              weekStartsOn={settings.data?.weekStartsOn ?? 0}
              locale={locale}
              monthLabel={monthTitle(month, locale)}
            />
          )}
        </TabsContent>
      </Tabs>
      <BillFormDialog
        open={editing !== null}
        onOpenChange={(o) => {
          if (!o) setEditing(null)
        }}
        bill={editing === 'new' ? null : editing}
        accounts={openAccounts}
        categories={categoryOptions(categories.data ?? [], { kind: 'expense' })}
        today={today}
      />
      <PayBillDialog
        bill={paying}
        accounts={openAccounts}
        today={today}
        onOpenChange={(o) => {
          if (!o) setPaying(null)
        }}
      />
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        noun="bill"
        description={
          <p>The bill goes from your plan and calendar. Its past payments stay as transactions.</p>
        }
        remove={remove}
      />
    </PageBody>
  )
}
