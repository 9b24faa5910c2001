// The cash-flow forecast's inputs gathered from the database for a set of cash accounts (the ones
// a member sees whole, or all of the household's for the nightly job): their balance today, the
// active bills and the recurring series on them, the expected income (planned by a member, or
// recurring money in found in the history: domain/plan/income, as the daily plan counts it), and
// the last 90 days of variable spending
// (money out that neither a bill payment nor a recurring series made). The walk itself is
// domain/insights/forecast.
import { addDays, dayOfMonth, type IsoDate } from '#src/domain/dates'
import {
  forecastCashFlow,
  type CashForecast,
  type ForecastSchedule,
} from '#src/domain/insights/forecast'
import {
  basePayeeKey,
  billCovers,
  cadenceRule,
  isCadence,
} from '#src/domain/insights/recurring'
import { dayNumber } from '#src/domain/insights/stats'
import { isSettled, toleranceOf } from '#src/domain/bills/matching'
import { asCents, negate } from '#src/domain/money'
import { payeeKey } from '#src/domain/payee'
import { isRecurrence } from '#src/domain/recurrence'
import { incomeSources, paydaySchedules, type FoundIncomeInput } from '#src/domain/plan/income'
import { isIncomeSchedule } from '#src/domain/plan/kinds'
import type { DbOrTx } from '#src/server/db/connect'
import { paidDueDates } from '../bills/settle'
import { activePlannedIncome } from '../spending-plan/planned-income'
import * as repo from './repo'

/** Days of spending the usual day is the median of. */
export const SPENDING_DAYS = 90

export async function cashForecast(
  db: DbOrTx,
  householdId: string,
  accounts: readonly { id: string; balance: number }[],
  today: IsoDate,
  days: number,
): Promise<CashForecast & { accountIds: string[] }> {
  const ids = accounts.map((a) => a.id)
  const covered = new Set(ids)
  const [billRows, seriesRows, plannedRows] = await Promise.all([
    repo.activeBills(db, householdId),
    repo.seriesOfHousehold(db, householdId),
    activePlannedIncome(db, householdId),
  ])
  // the bills as their payments left them (ADR 0045): a paid due date is behind the next due date,
  // a partly paid next one counts what is left, overdue ones count on the first day
  const paid = await paidDueDates(
    db,
    householdId,
    billRows.map((b) => b.id),
    billRows.reduce((a, b) => (b.nextDueDate < a ? b.nextDueDate : a), today),
  )
  const paidOfNext = new Map(paid.map((p) => [`${p.billId}|${p.dueDate}`, p.paid]))
  const schedules: ForecastSchedule[] = []
  for (const b of billRows) {
    // a bill on an account outside the forecast is someone else's money
    if ((b.accountId !== null && !covered.has(b.accountId)) || !isRecurrence(b.recurrence)) continue
    const already = asCents(paidOfNext.get(`${b.id}|${b.nextDueDate}`) ?? 0)
    const left = isSettled(
      asCents(b.amount),
      already,
      toleranceOf({ amount: asCents(b.amount), tolerancePercent: b.tolerancePercent }),
    )
      ? 0
      : Math.max(0, b.amount - already)
    schedules.push({
      firstAmount: negate(asCents(left)),
      label: b.name,
      amount: negate(asCents(b.amount)),
      source: 'bill',
      accountId: b.accountId,
      nextDate: b.nextDueDate,
      recurrence: b.recurrence,
      anchorDay: b.anchorDay,
      endDate: b.endDate,
    })
  }
  const seriesKeys = new Set<string>()
  for (const s of seriesRows) {
    if (!covered.has(s.accountId)) continue
    // a confirmed series is a bill now, and counts as one
    if (s.status === 'found' || s.status === 'confirmed')
      seriesKeys.add(`${s.accountId}:${basePayeeKey(s.payeeKey)}`)
    // money in is expected income, counted below with what members planned
    if (s.status !== 'found' || !isCadence(s.cadence) || s.amount > 0) continue
    // a bill the household keeps for it already counts it
    if (billRows.some((b) => b.isActive && billCovers(b, s))) continue
    const anchor = s.data.anchorDay
    schedules.push({
      label: s.payee,
      amount: asCents(s.amount),
      source: 'recurring',
      accountId: s.accountId,
      nextDate: s.nextDate,
      recurrence: s.cadence,
      ...(typeof anchor === 'number' && cadenceRule(s.cadence).months ? { anchorDay: anchor } : {}),
    })
  }
  const from = addDays(today, -(SPENDING_DAYS - 1))
  const daily = new Array<number>(SPENDING_DAYS).fill(0)
  const start = dayNumber(from)
  for (const row of await repo.spendingRows(db, householdId, ids, from, today)) {
    if (seriesKeys.has(`${row.accountId}:${payeeKey(row.merchant || row.description)}`)) continue
    const d = dayNumber(row.date) - start
    daily[d] = (daily[d] ?? 0) - row.amount
  }
  // expected income: a member's planned income wins over the money in found for the same payee
  const found: FoundIncomeInput[] = seriesRows.flatMap((s) =>
    s.status === 'found' &&
    s.amount > 0 &&
    covered.has(s.accountId) &&
    (s.cadence === 'weekly' || s.cadence === 'biweekly' || s.cadence === 'monthly')
      ? [
          {
            payeeKey: s.payeeKey,
            payee: s.payee,
            accountId: s.accountId,
            cadence: s.cadence,
            amount: asCents(s.amount),
            nextDate: s.nextDate,
            anchorDay:
              typeof s.data.anchorDay === 'number' ? s.data.anchorDay : dayOfMonth(s.nextDate),
            stopped: false,
          },
        ]
      : [],
  )
  const planned = plannedRows
    .filter((p) => p.accountId === null || covered.has(p.accountId))
    .map((p) => ({
      ...p,
      amount: asCents(p.amount),
      schedule: isIncomeSchedule(p.schedule) ? p.schedule : ('monthly' as const),
    }))
  for (const source of incomeSources(planned, found)) {
    for (const when of paydaySchedules(source)) {
      schedules.push({
        label: source.label,
        amount: source.amount,
        source: 'recurring',
        accountId: source.accountId,
        ...when,
      })
    }
  }
  const startBalance = asCents(accounts.reduce((sum, a) => sum + a.balance, 0))
  return {
    ...forecastCashFlow({ today, days, startBalance, schedules, dailySpending: daily }),
    accountIds: ids,
  }
}
