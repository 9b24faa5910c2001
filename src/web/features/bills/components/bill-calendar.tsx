// A month calendar of bills: every due date of every active bill in the month (from the domain's
// recurrence rule), and the bills already paid, marked paid on the day they were paid (a bill
// marked paid moves its due date on, or ends, but stays in the calendar); the week starting on
// the user's chosen day, today marked. On a phone the same dates follow as a list under the grid.
import { Check, ChevronLeft, ChevronRight } from 'lucide-react'
import type { Bill, BillPayment } from '#src/contract/bills'
import {
  addDays,
  addMonths,
  dayOfMonth,
  dayOfWeek,
  endOfMonth,
  type IsoDate,
} from '#src/domain/dates'
import { asCents } from '#src/domain/money'
import { occurrencesBetween } from '#src/domain/recurrence'
import { Money } from '#src/web/components/money'
import { Button } from '#src/web/components/ui/button'
import { cn } from '#src/web/lib/cn'
import { useDateFormat } from '#src/web/lib/format'
import { useBillPayments } from '../api/get-bills'

type Occurrence = { bill: Bill; date: IsoDate }
type Entry =
  | { kind: 'due'; key: string; name: string; date: IsoDate; amount: Bill['amount'] }
  | { kind: 'paid'; key: string; name: string; date: IsoDate; amount: BillPayment['amount'] }

function weekdayNames(locale: string, weekStartsOn: number): string[] {
  // 2023-01-01 was a Sunday
  return Array.from({ length: 7 }, (_, i) => {
    const d = new Date(Date.UTC(2023, 0, 1 + ((weekStartsOn + i) % 7)))
    try {
      return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(d)
    } catch {
      return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][(weekStartsOn + i) % 7] ?? ''
    }
  })
}

export function monthOccurrences(bills: readonly Bill[], from: IsoDate, to: IsoDate): Occurrence[] {
  return bills
    .filter((b) => b.isActive)
    .flatMap((bill) =>
      occurrencesBetween(
        bill.nextDueDate,
        bill.recurrence,
        from,
        bill.endDate !== null && bill.endDate < to ? bill.endDate : to,
      ).map((date) => ({
        bill,
        date,
      })),
    )
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}

export function BillCalendar({
  bills,
  month,
  onMonthChange,
  today,
  weekStartsOn,
  locale,
  monthLabel,
}: {
  bills: readonly Bill[]
  month: string
  onMonthChange: (month: string) => void
  today: IsoDate
  weekStartsOn: number
  locale: string
  monthLabel: string
}) {
  const formatDate = useDateFormat()
  const first = `${month}-01`
  const last = endOfMonth(first)
  const gridStart = addDays(first, -((dayOfWeek(first) - weekStartsOn + 7) % 7))
  const weeks = Math.ceil((((dayOfWeek(first) - weekStartsOn + 7) % 7) + dayOfMonth(last)) / 7)
  const gridEnd = addDays(gridStart, weeks * 7 - 1)
  const occurrences = monthOccurrences(bills, gridStart, gridEnd)
  const payments = useBillPayments(gridStart, gridEnd).data ?? []
  const entries: Entry[] = [
    ...payments.map((p): Entry => ({ kind: 'paid', key: `paid-${p.transactionId}`, name: p.name, date: p.date, amount: p.amount })),
    ...occurrences.map((o): Entry => ({ kind: 'due', key: `due-${o.bill.id}-${o.date}`, name: o.bill.name, date: o.date, amount: o.bill.amount })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  const byDate = new Map<IsoDate, Entry[]>()
  for (const e of entries) byDate.set(e.date, [...(byDate.get(e.date) ?? []), e])
  const inMonth = occurrences.filter((o) => o.date >= first && o.date <= last)
  const total = asCents(inMonth.reduce((s, o) => s + o.bill.amount, 0))
  const entriesInMonth = entries.filter((e) => e.date >= first && e.date <= last)
  const paidInMonth = entriesInMonth.filter((e) => e.kind === 'paid').length
  const names = weekdayNames(locale, weekStartsOn)

  return (
    <div className="space-y-4" data-testid="bill-calendar">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous month"
          onClick={() => onMonthChange(addMonths(first, -1).slice(0, 7))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h2 className="min-w-36 text-center font-semibold" aria-live="polite">
          {monthLabel}
        </h2>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next month"
          onClick={() => onMonthChange(addMonths(first, 1).slice(0, 7))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        <p className="ml-auto text-sm text-muted-foreground">
          {inMonth.length} due ·{' '}
          <Money value={total} className="font-medium text-foreground" />
          {paidInMonth > 0 && ` · ${paidInMonth} paid`}
        </p>
      </div>
      <table className="w-full table-fixed border-collapse overflow-hidden rounded-xl border bg-card text-xs">
        <caption className="sr-only">Bills due in {monthLabel}</caption>
        <thead>
          <tr>
            {names.map((n) => (
              <th key={n} scope="col" className="border-b py-2 font-medium text-muted-foreground">
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: weeks }, (_, w) => (
            <tr key={w}>
              {Array.from({ length: 7 }, (_, d) => {
                const date = addDays(gridStart, w * 7 + d)
                const items = byDate.get(date) ?? []
                const outside = date < first || date > last
                return (
                  <td
                    key={date}
                    className={cn(
                      'h-16 border-t border-r align-top last:border-r-0 sm:h-24',
                      outside && 'bg-muted/40 text-muted-foreground',
                    )}
                    data-date={date}
                  >
                    <div className="flex h-full flex-col gap-0.5 p-1">
                      <span
                        className={cn(
                          'inline-flex size-6 items-center justify-center self-end rounded-full tabular-nums',
                          date === today && 'bg-primary font-semibold text-primary-foreground',
                        )}
                      >
                        {dayOfMonth(date)}
                        {date === today && <span className="sr-only">, today</span>}
                      </span>
                      {items.map((e) =>
                        e.kind === 'paid' ? (
                          <span
                            key={e.key}
                            className="flex items-center gap-0.5 truncate rounded border border-dashed px-1 py-0.5 text-muted-foreground"
                            title={`${e.name}: paid ${formatDate(e.date, { weekday: true })}`}
                            data-testid="calendar-bill-paid"
                          >
                            <Check aria-hidden="true" className="size-3 shrink-0" />
                            <span className="hidden truncate sm:inline" aria-hidden="true">
                              {e.name}
                            </span>
                            <span className="sr-only">{`${e.name}, paid`}</span>
                          </span>
                        ) : (
                          <span
                            key={e.key}
                            className="truncate rounded bg-accent px-1 py-0.5 text-accent-foreground"
                            title={`${e.name}: due ${formatDate(e.date, { weekday: true })}`}
                            data-testid="calendar-bill"
                          >
                            <span className="hidden sm:inline">{e.name}</span>
                            <span className="sm:hidden" aria-hidden="true">
                              •
                            </span>
                            <span className="sr-only sm:hidden">{e.name}</span>
                          </span>
                        ),
                      )}
                    </div>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul
        className="divide-y rounded-xl border bg-card sm:hidden"
        aria-label={`Bills in ${monthLabel}`}
      >
        {entriesInMonth.length === 0 ? (
          <li className="p-4 text-sm text-muted-foreground">No bills due this month.</li>
        ) : (
          entriesInMonth.map((e) => (
            <li
              key={e.key}
              className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm"
              data-testid={e.kind === 'paid' ? 'calendar-list-paid' : 'calendar-list-due'}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{e.name}</span>
                <span className="text-xs text-muted-foreground">
                  {e.kind === 'paid' ? 'Paid' : 'Due'} {formatDate(e.date, { weekday: true })}
                </span>
              </span>
              <Money value={e.amount} className={e.kind === 'paid' ? 'text-muted-foreground' : undefined} />
            </li>
          ))
        )}
      </ul>
    </div>
  )
}
