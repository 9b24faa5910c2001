// A bill's due dates in a month and what is still due of them, seen from 12 March 2024.
import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import { billOccurrences, stillDue, type ScheduledBill, type SettledPayment } from './occurrences'

const c = asCents
const today = '2024-03-12'
const first = '2024-03-01'
const last = '2024-03-31'

function bill(amount: number, nextDueDate: string, recurrence: ScheduledBill['recurrence'], extra: Partial<ScheduledBill> = {}): ScheduledBill {
  return { id: `${recurrence}-${nextDueDate}-${amount}`, name: 'Bill', amount: c(amount), nextDueDate, recurrence, isActive: true, accountId: null, categoryId: null, tolerancePercent: 0, ...extra }
}
const due = (bills: ScheduledBill[], payments: SettledPayment[] = [], on = today) => stillDue(billOccurrences(bills, payments, first, last, on))

describe('what is still due this month', () => {
  it('counts every due date from the next one to the end of the month', () => {
    // gym on Fridays: 15, 22 and 29 March
    expect(due([bill(1_500, '2024-03-15', 'weekly')])).toBe(4_500)
    // every other Tuesday from today: 12 and 26 March
    expect(due([bill(2_000, today, 'biweekly')])).toBe(4_000)
  })

  it('includes a bill due today and one due on the last day of the month', () => {
    expect(due([bill(4_500, today, 'monthly')])).toBe(4_500)
    expect(due([bill(10_000, '2024-03-31', 'yearly')])).toBe(10_000)
  })

  it('leaves out a bill already paid this month (next due next month) and inactive bills', () => {
    expect(due([bill(120_000, '2024-04-01', 'monthly')])).toBe(0)
    expect(due([bill(9_999, '2024-03-20', 'monthly', { isActive: false })])).toBe(0)
  })

  it('keeps an unpaid due date before today as overdue, counted once', () => {
    const lines = billOccurrences([bill(700, '2024-03-11', 'once')], [], first, last, today)
    expect(lines).toMatchObject([{ dueDate: '2024-03-11', status: 'overdue', remaining: c(700) }])
    // an unpaid weekly bill from 5 March: overdue on 5, then due 12, 19 and 26 March
    expect(due([bill(1_000, '2024-03-05', 'weekly')])).toBe(4_000)
  })

  it('a weekly bill in a month with five due dates, seen on the 1st', () => {
    expect(billOccurrences([bill(1_000, '2024-03-01', 'weekly')], [], first, last, first).map((l) => l.dueDate)).toEqual(['2024-03-01', '2024-03-08', '2024-03-15', '2024-03-22', '2024-03-29'])
  })

  it('keeps the anchor day of a monthly bill through short months', () => {
    const rent = bill(100_000, '2024-02-29', 'monthly', { anchorDay: 31 })
    expect(billOccurrences([rent], [], '2024-04-01', '2024-04-30', today).map((l) => l.dueDate)).toEqual(['2024-04-30'])
    expect(billOccurrences([rent], [], '2024-05-01', '2024-05-31', today).map((l) => l.dueDate)).toEqual(['2024-05-31'])
  })

  it('counts a payment within the bill’s tolerance as paid in full', () => {
    const gas = bill(12_000, '2024-04-05', 'monthly', { tolerancePercent: 25 })
    const lines = billOccurrences([gas], [{ billId: gas.id, dueDate: '2024-03-05', amount: c(9_500) }], first, last, today)
    expect(lines).toMatchObject([{ dueDate: '2024-03-05', status: 'paid', remaining: c(0) }])
  })

  it('lists only what was paid in a past month', () => {
    const phone = bill(4_500, '2024-04-12', 'monthly')
    expect(billOccurrences([phone], [{ billId: phone.id, dueDate: '2024-03-12', amount: c(4_500) }], first, last, '2024-05-02')).toMatchObject([{ status: 'paid' }])
    expect(billOccurrences([bill(4_500, '2024-03-12', 'monthly')], [], first, last, '2024-05-02')).toEqual([])
  })

  it('adds all bills to the cent', () => {
    const bills = [
      bill(1_500, '2024-03-15', 'weekly'),
      bill(120_000, '2024-04-01', 'monthly'),
      bill(4_500, today, 'monthly'),
      bill(2_000, today, 'biweekly'),
      bill(9_999, '2024-03-20', 'monthly', { isActive: false }),
      bill(10_000, '2024-03-31', 'yearly'),
      bill(700, '2024-03-11', 'once'),
    ]
    // 4,500 + 4,500 + 4,000 + 10,000 + 700 (overdue)
    expect(due(bills)).toBe(23_700)
    expect(due([])).toBe(0)
  })
})
