// Net worth and the monthly summary, from maintained balances and monthly rollups (never by
// summing all history); the summary is the member's daily plan (spending-plan/plan.ts).
// Each counts only what the member may see (ADR 0023): net worth the balances of the accounts
// they see at all (balance-only ones included), and previous net worth takes off this month's
// rollups of the accounts whose transactions they see (another member's balance-only account
// counts at today's balance last month too, so the change never tells its flow: ADR 0048);
// income, spending and categories only the accounts whose transactions they see. The excluded
// ids are array parameters, so each prepared statement keeps one shape and one plan.
import type { MonthlySummary } from '#src/contract/analytics'
import { localDate, startOfMonth } from '#src/domain/dates'
import { rateBook, toBase } from '#src/domain/currency'
import { asCents, type Cents } from '#src/domain/money'
import { netWorthChangePercent } from '#src/domain/net-worth'
import type { Db } from '#src/server/db/connect'
import { memberScope } from '#src/server/core/scope'
import { monthPlan } from '../spending-plan/plan'
import { ratesFromJson } from '../currencies/rates'
import type { SessionUser } from '#src/server/core/sessions'
import * as repo from './repo'

const pairs = (v: [string, string][] | string | null): [string, string][] =>
  (typeof v === 'string' ? (JSON.parse(v) as [string, string][]) : v) ?? []

/**
 * Net worth in the household's base currency: each currency's balances converted at today's
 * rate (the latest on or before today). A currency with no rate is left out and named in
 * `missingRates`, never counted at 1. Last month's figure converts at the same rates, so the
 * change is the money that moved, not the rates.
 */
export async function netWorth(db: Db, user: SessionUser, now: Date) {
  const today = localDate(now, user.timeZone)
  const monthStart = startOfMonth(today)
  const { hidden, noTransactions } = await memberScope(db, user)
  // one round trip (the embedded database serves one query at a time): the balances, and
  // everything dated this month or later (future-dated rows included), which came after last
  // month's end
  const row = await repo.findNetWorthRow(db, user.householdId, monthStart, hidden, noTransactions)
  const book = rateBook(row?.base ?? user.baseCurrency, ratesFromJson(row?.rates))
  const missing = new Set<string>()
  const convert = (list: [string, string][]): Cents => {
    let total = 0
    for (const [currency, amount] of list) {
      const converted = toBase(book, asCents(Number(amount)), currency, today)
      if (converted === null) missing.add(currency)
      else total += converted
    }
    return asCents(total)
  }
  const current = convert(pairs(row?.balances ?? null))
  const previous = asCents(current - convert(pairs(row?.since ?? null)))
  return {
    netWorth: current,
    previousNetWorth: previous,
    changePercent: netWorthChangePercent(current, previous),
    currency: book.base,
    missingRates: [...missing].sort(),
  }
}

/** `month` is YYYY-MM; default the current month in the user's time zone. */
export async function monthlySummary(db: Db, user: SessionUser, now: Date, month?: string): Promise<MonthlySummary> {
  const plan = await monthPlan(db, user, now, month)
  return {
    month: plan.month,
    today: plan.today,
    income: plan.income,
    incomeReceived: plan.incomeReceived,
    expenses: plan.expenses,
    billsStillDue: plan.billsStillDue,
    goalContributions: plan.goalContributions,
    plannedSpending: plan.plannedSpending,
    available: plan.available,
    dailyAllowance: plan.dailyAllowance,
    daysLeft: plan.daysLeft,
    incomeUnknown: plan.incomeUnknown,
    budgetTotal: plan.budgetTotal,
    goalIds: plan.goals.map((g) => g.goalId),
    categorySpending: plan.categorySpending,
  }
}
