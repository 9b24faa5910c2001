// The advisor's read-only tools: spending by category, payee and period, the biggest
// expenses, what the month's plan can afford, the plan projected to a month ahead (can
// I afford it then, how much will I have), goals, bills due, net worth, balances, budgets,
// recurring payments, investments, the debt plan and the retirement simulation. Each one calls
// the module that owns those figures (reports, transactions, analytics, goals, bills, accounts,
// spending plan, investments, planning), so it counts exactly what that module counts for this
// member — their household and the accounts they may see — and answers in words with the
// figures it used (domain/advisor/answer), each linked to what is behind it. The deterministic
// engine and the model call the same tools; the model only picks them and words their result.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { listTransactionsQuery } from '#src/contract/transactions'
import {
  affordAnswer,
  balanceAnswer,
  biggestExpensesAnswer,
  billsAnswer,
  budgetsAnswer,
  futureAffordAnswer,
  goalAnswer,
  netWorthAnswer,
  pastMonthAnswer,
  projectedBalanceAnswer,
  spendingAnswer,
  tooFarAheadAnswer,
  transactionsHref,
  type Answer,
  type Figure,
  type Format,
  type SpendingLine,
} from '#src/domain/advisor/answer'
import { bestMention, normalise, type MonthAhead, type Named, type Period, type Vocabulary } from '#src/domain/advisor/question'
import { monthTense } from '#src/domain/allowance'
import { addDays, addMonths, daysBetween, endOfMonth, formatDay, localDate, monthLabel, startOfMonth, type IsoDate } from '#src/domain/dates'
import { formatMonth } from '#src/domain/locale'
import { absCents, asCents, formatMoney, toCents, type Cents } from '#src/domain/money'
import { MAX_PROJECTION_MONTHS, monthsAhead } from '#src/domain/plan/projection'
import type { Db } from '#src/server/db/connect'
import { recurringSeries } from '#src/server/db/schema'
import { AppError } from '#src/server/http/errors'
import * as accounts from '../accounts/service'
import { memberScope, notIn } from '#src/server/core/scope'
import { netWorth } from '../analytics/service'
import { monthPlan } from '../spending-plan/plan'
import type { SessionUser } from '#src/server/core/sessions'
import * as billsService from '../bills/service'
import { listCategories } from '../categories/service'
import { listGoals } from '../goals/service'
import { allocation } from '../investments/analysis'
import { listDebtCandidates, retirementDefaults, simulateDebt, simulateRetirement } from '../planning/service'
import { spendingByCategory, topMerchants } from '../reports/service'
import { spendingPlanFor } from '../spending-plan/service'
import * as transactions from '../transactions/service'
import { memberProjection } from './projection'

/** What every tool runs with: the member asking, and the moment they ask. */
export type ToolContext = { db: Db; user: SessionUser; now: Date; today: IsoDate; format: Format }

export function toolContext(db: Db, user: SessionUser, now: Date): ToolContext {
  return { db, user, now, today: localDate(now, user.timeZone), format: { currency: user.baseCurrency, locale: user.locale } }
}

const money = (value: Cents, f: Format) => formatMoney(value, f.currency, f.locale)
const moneyFigure = (label: string, amount: Cents, f: Format, href: string | null): Figure => ({ label, amount, value: money(amount, f), href })
const DEBT_TYPES = new Set(['credit_card', 'loan', 'mortgage'])

/** How far back the payees a question may name are read, and how many of them (most spent first). */
const PAYEE_MONTHS = 24
const PAYEES = 300

/** The payees the member has paid over the last two years (in the accounts they see), most spent first. */
export async function payees(ctx: ToolContext): Promise<string[]> {
  const thisMonth = startOfMonth(ctx.today)
  const report = await topMerchants(ctx.db, ctx.user, ctx.now, { from: addMonths(thisMonth, -(PAYEE_MONTHS - 1)).slice(0, 7), to: thisMonth.slice(0, 7), limit: PAYEES })
  return report.data.map((m) => m.merchant)
}

/**
 * The names a question may mention, as this member sees them. Payees are read only when asked
 * for (the costliest to read, and only a spending question needs them).
 */
export async function vocabulary(ctx: ToolContext, options: { payees?: boolean } = {}): Promise<Vocabulary> {
  const [cats, payeeNames, goals, accountList] = await Promise.all([
    listCategories(ctx.db, ctx.user),
    options.payees === false ? [] : payees(ctx),
    listGoals(ctx.db, ctx.user, ctx.now),
    accounts.list(ctx.db, ctx.user, ctx.now),
  ])
  return {
    categories: cats.filter((c) => c.kind === 'expense').map((c) => ({ id: c.id, name: c.name })),
    payees: payeeNames,
    goals: goals.filter((g) => g.isActive).map((g) => ({ id: g.id, name: g.name })),
    accounts: accountList.filter((a) => !a.isClosed).map((a) => ({ id: a.id, name: a.name })),
  }
}

// ---- the tools, on resolved arguments ----

/** Spending on a category (its subcategories included), at a payee, or in all, over whole months. */
export async function spending(ctx: ToolContext, input: { category: Named | null; payee: string | null; period: Period }): Promise<Answer> {
  const { period } = input
  const range = { from: period.from.slice(0, 7), to: period.to.slice(0, 7) }
  if (input.payee !== null) {
    // every payee of the range (the rollups are read whole whatever the limit), so none is cut off
    const report = await topMerchants(ctx.db, ctx.user, ctx.now, { ...range, limit: Number.MAX_SAFE_INTEGER })
    const key = normalise(input.payee)
    const found = report.data.find((m) => normalise(m.merchant) === key)
    const name = found?.merchant ?? input.payee
    const total = found?.total ?? asCents(0)
    return spendingAnswer(
      { subject: { kind: 'payee', name, total, href: transactionsHref({ q: name, from: period.from, to: period.to }) }, total, period, top: [] },
      { ...ctx.format, currency: report.currency },
    )
  }
  const report = await spendingByCategory(ctx.db, ctx.user, ctx.now, range)
  const f = { ...ctx.format, currency: report.currency }
  const rows = report.data
  const total = asCents(rows.reduce((sum, r) => sum + (r.total ?? 0), 0))
  if (input.category !== null) {
    const id = input.category.id
    const mine = rows.filter((r) => r.categoryId === id || r.groupId === id)
    const subtotal = asCents(mine.reduce((sum, r) => sum + (r.total ?? 0), 0))
    return spendingAnswer(
      { subject: { kind: 'category', name: input.category.name, total: subtotal, href: transactionsHref({ category: id, from: period.from, to: period.to }) }, total: subtotal, period, top: [] },
      f,
    )
  }
  const top: SpendingLine[] = rows
    .filter((r) => (r.total ?? 0) > 0)
    .sort((a, b) => (b.total ?? 0) - (a.total ?? 0))
    .slice(0, 3)
    .map((r) => ({ name: r.categoryName, total: r.total ?? asCents(0), href: transactionsHref({ category: r.categoryId ?? 'uncategorized', from: period.from, to: period.to }) }))
  return spendingAnswer({ subject: null, total, period, top }, f)
}

/** The largest single expenses of a period, each linked to its own day and payee. */
export async function biggestExpenses(ctx: ToolContext, input: { period: Period; limit?: number; categories?: readonly Named[] }): Promise<Answer> {
  const query = listTransactionsQuery.parse({
    from: input.period.from,
    to: input.period.to,
    type: 'expense',
    kind: 'standard',
    includeTransfers: 'false',
    sort: 'amount_desc', // by size: the largest expenses first
    limit: input.limit ?? 5,
  })
  const [{ items }, cats] = await Promise.all([transactions.list(ctx.db, ctx.user, query), input.categories ?? listCategories(ctx.db, ctx.user)])
  const categoryName = new Map(cats.map((c) => [c.id, c.name]))
  return biggestExpensesAnswer(
    {
      period: input.period,
      expenses: items.map((t) => ({
        payee: t.merchant || t.description,
        amount: absCents(t.amount),
        date: t.date,
        categoryName: t.categoryId ? (categoryName.get(t.categoryId) ?? null) : t.splits.length > 0 ? 'split' : null,
        href: transactionsHref({ ...(t.merchant ? { q: t.merchant } : {}), account: t.accountId, from: t.date, to: t.date }),
      })),
    },
    ctx.format,
  )
}

/**
 * Whether a price fits: this month's Smart Spending Plan (no month, or this one: what is available
 * and the daily allowance), or a month ahead projected from the same plan (domain/plan/projection).
 */
export async function canAfford(ctx: ToolContext, input: { price: Cents | null; item: string; month?: MonthAhead | null }): Promise<Answer> {
  const month = input.month ?? null
  if (month === null || month.tense === 'current') {
    const plan = await monthPlan(ctx.db, ctx.user, ctx.now)
    return affordAnswer({ item: input.item, price: input.price, available: plan.available, dailyAllowance: plan.dailyAllowance, daysLeft: plan.daysLeft, today: plan.today }, ctx.format)
  }
  const refused = unplannable(ctx, month)
  if (refused) return refused
  const { projection, usualSpendingMonths } = await memberProjection(ctx, month.first)
  return futureAffordAnswer({ item: input.item, price: input.price, projection, basis: { months: usualSpendingMonths } }, ctx.format)
}

/** The balance of the member's checking, savings and cash at the end of a month (this one or ahead). */
export async function projectedBalance(ctx: ToolContext, input: { month: MonthAhead }): Promise<Answer> {
  const refused = unplannable(ctx, input.month)
  if (refused) return refused
  const { projection, usualSpendingMonths } = await memberProjection(ctx, input.month.first)
  return projectedBalanceAnswer({ projection, basis: { months: usualSpendingMonths } }, ctx.format)
}

/** The answer for a month that cannot be planned (gone by, or too far ahead), else null. */
function unplannable(ctx: ToolContext, month: MonthAhead): Answer | null {
  if (month.tense === 'past') return pastMonthAnswer(month.label)
  if (monthsAhead(month.first, ctx.today) > MAX_PROJECTION_MONTHS) return tooFarAheadAnswer(month.label)
  return null
}

/** A month as a tool's argument gives it (YYYY-MM), seen from today. */
export function monthAheadOf(ctx: ToolContext, month: string): MonthAhead {
  const first: IsoDate = `${month}-01`
  return { first, label: monthLabel(first), tense: monthTense(first, ctx.today) }
}

/** When a goal (or every active goal) is reached at its monthly contribution. */
export async function goals(ctx: ToolContext, input: { goal: Named | null; asked?: string | null }): Promise<Answer> {
  const all = (await listGoals(ctx.db, ctx.user, ctx.now)).filter((g) => g.isActive)
  const chosen = input.goal ? all.filter((g) => g.id === input.goal?.id) : input.asked ? [] : all
  return goalAnswer({ goals: chosen, asked: input.goal?.name ?? input.asked ?? null, today: ctx.today }, ctx.format)
}

/** Active bills due from today to `to` (overdue ones included). */
export async function billsDue(ctx: ToolContext, input: { to: IsoDate; label: string }): Promise<Answer> {
  const days = Math.max(0, daysBetween(ctx.today, input.to))
  const due = await billsService.upcomingBills(ctx.db, ctx.user, days, ctx.now)
  return billsAnswer(
    {
      range: { from: ctx.today, to: input.to, label: input.label },
      bills: due
        .filter((b) => b.nextDueDate <= input.to)
        .sort((a, b) => (a.nextDueDate < b.nextDueDate ? -1 : a.nextDueDate > b.nextDueDate ? 1 : 0))
        .map((b) => ({ name: b.name, amount: b.amount, date: b.nextDueDate })),
    },
    ctx.format,
  )
}

/** Net worth (every account the member sees, balance-only ones included) and its change. */
export async function netWorthTool(ctx: ToolContext): Promise<Answer> {
  const [worth, list] = await Promise.all([netWorth(ctx.db, ctx.user, ctx.now), accounts.list(ctx.db, ctx.user, ctx.now)])
  const assets = asCents(list.filter((a) => !DEBT_TYPES.has(a.type)).reduce((sum, a) => sum + (a.convertedBalance ?? 0), 0))
  return netWorthAnswer(
    { netWorth: worth.netWorth, previous: worth.previousNetWorth, assets, debts: asCents(assets - worth.netWorth) },
    { ...ctx.format, currency: worth.currency },
  )
}

/** One account's balance or every open account's, in the base currency. */
export async function balances(ctx: ToolContext, input: { account: Named | null }): Promise<Answer> {
  const list = (await accounts.list(ctx.db, ctx.user, ctx.now)).filter((a) => !a.isClosed && (input.account === null || a.id === input.account.id))
  return balanceAnswer(
    {
      one: input.account !== null,
      accounts: list.flatMap((a) =>
        a.convertedBalance === null || a.convertedBalance === undefined
          ? []
          : [{ name: a.name, balance: a.convertedBalance, href: a.view === 'full' ? transactionsHref({ account: a.id }) : '/accounts' }],
      ),
    },
    ctx.format,
  )
}

/** Each top-level budget of a month against its spending. */
export async function budgets(ctx: ToolContext, input: { period: Period }): Promise<Answer> {
  const plan = await spendingPlanFor(ctx.db, ctx.user, ctx.now, input.period.from.slice(0, 7))
  const from = input.period.from
  const to = endOfMonth(from)
  return budgetsAnswer(
    {
      period: { from, to, label: input.period.label },
      lines: plan.categories
        .filter((c) => c.parentId === null && c.kind === 'expense' && c.budget + c.carried > 0)
        .map((c) => ({ name: c.name, budget: asCents(c.budget + c.carried), spent: c.spent, href: transactionsHref({ category: c.categoryId, from, to }) })),
    },
    ctx.format,
  )
}

/**
 * Recurring payments found in the accounts whose transactions the member sees (the insight
 * job keeps them in recurring_series), with what each costs.
 */
export async function recurringPayments(ctx: ToolContext): Promise<Answer> {
  const scope = await memberScope(ctx.db, ctx.user)
  const rows = await ctx.db
    .select({ payee: recurringSeries.payee, cadence: recurringSeries.cadence, amount: recurringSeries.amount, nextDate: recurringSeries.nextDate })
    .from(recurringSeries)
    .where(
      and(
        eq(recurringSeries.householdId, ctx.user.householdId),
        inArray(recurringSeries.status, ['found', 'confirmed']),
        sql`${recurringSeries.amount} < 0`,
        notIn(recurringSeries.accountId, scope.noTransactions),
      ),
    )
    .orderBy(recurringSeries.nextDate)
  if (rows.length === 0) return { text: 'I have not found any recurring payments yet: they show up on Smart Insights once a few months of history are in.', figures: [] }
  const lines = rows.map((r) => `${r.payee}: ${money(asCents(-r.amount), ctx.format)} ${r.cadence}, next on ${formatDay(r.nextDate, ctx.format.locale)}`)
  return {
    text: `You have ${rows.length} recurring ${rows.length === 1 ? 'payment' : 'payments'}:\n${lines.join('\n')}`,
    figures: rows.map((r) => moneyFigure(`${r.payee} (${r.cadence})`, asCents(-r.amount), ctx.format, transactionsHref({ q: r.payee }))),
  }
}

/** The investment accounts' value, by asset kind, and the largest holdings. */
export async function investments(ctx: ToolContext): Promise<Answer> {
  const a = await allocation(ctx.db, ctx.user, undefined, ctx.today)
  const f = { ...ctx.format, currency: a.currency }
  if (a.total === 0 && a.topHoldings.length === 0) return { text: 'You have no investment holdings yet.', figures: [] }
  const pct = (share: number | null) => (share === null ? '' : ` (${Math.round(share * 1000) / 10} %)`)
  const kinds = a.byKind.map((k) => `${k.label} ${money(k.value, f)}${pct(k.share)}`)
  const top = a.topHoldings.slice(0, 5)
  return {
    text: `Your investments are worth ${money(a.total, f)}: ${kinds.join(', ')}.${top.length > 0 ? ` The largest holdings: ${top.map((h) => `${h.label} ${money(h.value, f)}`).join(', ')}.` : ''}${a.missing.length > 0 ? ` Left out for a missing price or rate: ${a.missing.join(', ')}.` : ''}`,
    figures: [moneyFigure('Investments', a.total, f, '/investments'), ...a.byKind.map((k) => moneyFigure(k.label, k.value, f, '/investments')), ...top.map((h) => moneyFigure(h.label, h.value, f, '/investments'))],
  }
}

export const DEFAULT_DEBT_APR = 20
const MIN_PERCENT = 2
const MIN_FLOOR = toCents(25)

/** A payoff plan for the debts the member sees, at one assumed APR unless told. */
export async function debtPlan(ctx: ToolContext, input: { strategy: 'avalanche' | 'snowball'; extraMonthly: Cents; apr: number }): Promise<Answer> {
  const debts = await listDebtCandidates(ctx.db, ctx.user)
  if (debts.length === 0) return { text: 'You have no debts in the accounts you see: nothing to pay off.', figures: [] }
  const plan = simulateDebt(ctx.user, ctx.now, {
    debts: debts.map((d) => ({ name: d.name, balance: d.balance, apr: input.apr, minimumPayment: MIN_FLOOR, minimumPercent: MIN_PERCENT })),
    strategy: input.strategy,
    extraMonthly: input.extraMonthly,
  })
  const owed = asCents(debts.reduce((sum, d) => sum + d.balance, 0))
  const figures: Figure[] = [
    moneyFigure('Owed', owed, ctx.format, '/debt-planning'),
    moneyFigure('Interest to pay', plan.totalInterest, ctx.format, '/debt-planning'),
    ...(plan.debtFreeMonth ? [{ label: 'Debt-free', amount: null, value: formatMonth(plan.debtFreeMonth, ctx.format.locale), href: '/debt-planning' }] : []),
  ]
  return {
    text: `${plan.explanation} This assumes ${input.apr} % APR on every debt and minimums of ${MIN_PERCENT} % (at least ${money(MIN_FLOOR, ctx.format)}), paying the ${input.strategy} way with ${money(input.extraMonthly, ctx.format)} extra a month; the Debt Planning page takes each debt's own rate.`,
    figures,
  }
}

export type RetirementArgs = { currentAge: number; retirementAge: number; monthlyContribution: Cents | null; annualReturn: number }

/** The retirement simulation from the member's investments and last 12 months' spending. */
export async function retirement(ctx: ToolContext, input: RetirementArgs): Promise<Answer> {
  const defaults = await retirementDefaults(ctx.db, ctx.user, ctx.now)
  const result = simulateRetirement(
    {
      currentAge: input.currentAge,
      retirementAge: input.retirementAge,
      planUntilAge: 95,
      savings: defaults.savings,
      monthlyContribution: input.monthlyContribution ?? asCents(0),
      contributionRaise: 0,
      annualReturn: input.annualReturn,
      volatility: 0.15,
      inflation: 0.025,
      annualSpending: defaults.annualSpending,
      withdrawalRate: 0.04,
      strategy: 'constant',
      otherIncome: [],
      seed: 1,
      sensitivity: false,
    },
    ctx.user,
  )
  return {
    text: `${result.explanation} This starts from ${money(defaults.savings, ctx.format)} in investment accounts and ${money(defaults.annualSpending, ctx.format)} spent over the last 12 months, at ${Math.round(input.annualReturn * 1000) / 10} % a year; the Retirement Planning page lets you change every assumption.`,
    figures: [
      moneyFigure('Savings today', defaults.savings, ctx.format, '/retirement-planning'),
      moneyFigure('Spending, last 12 months', defaults.annualSpending, ctx.format, '/retirement-planning'),
      moneyFigure('FIRE number', result.fireNumber, ctx.format, '/retirement-planning'),
      moneyFigure(`Projected at ${input.retirementAge}`, result.projectedAtRetirement, ctx.format, '/retirement-planning'),
      { label: 'Chance the money lasts', amount: null, value: `${Math.round(result.successRate * 1000) / 10} %`, href: '/retirement-planning' },
    ],
  }
}

// ---- the same tools as the model sees them: a name, a description and JSON arguments ----

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a month YYYY-MM')
const amount = z.number().min(0).max(1e12)

/** Whole months from `from` to `to` (YYYY-MM; default this month), with words for them. */
function periodOf(ctx: ToolContext, from: string | undefined, to: string | undefined): Period {
  const thisMonth = ctx.today.slice(0, 7)
  let first = from ?? to ?? thisMonth
  let last = to ?? from ?? thisMonth
  if (first > last) [first, last] = [last, first]
  const label = first === last ? formatMonth(first, ctx.format.locale) : `${formatMonth(first, ctx.format.locale)} to ${formatMonth(last, ctx.format.locale)}`
  return { from: `${first}-01`, to: endOfMonth(`${last}-01`), label }
}

function named(list: readonly Named[], text: string | undefined): Named | null {
  if (!text) return null
  const joined = normalise(text)
  return bestMention(list, (n) => n.name, joined.split(' '), joined)?.item ?? null
}

export type ToolRun = { ok: true; answer: Answer; arguments: unknown } | { ok: false; error: string; arguments: unknown }

/** A tool as the model and the engine see it: its arguments are checked before it runs. */
export type Tool = {
  name: string
  description: string
  args: z.ZodObject
  call(ctx: ToolContext, args: unknown, vocab: () => Promise<Vocabulary>): Promise<ToolRun>
}

function tool<S extends z.ZodObject>(def: {
  name: string
  description: string
  args: S
  run(ctx: ToolContext, args: z.output<S>, vocab: () => Promise<Vocabulary>): Promise<Answer>
}): Tool {
  return {
    name: def.name,
    description: def.description,
    args: def.args,
    async call(ctx, raw, vocab) {
      const parsed = def.args.safeParse(raw)
      if (!parsed.success) {
        return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; '), arguments: raw }
      }
      try {
        return { ok: true, answer: await def.run(ctx, parsed.data, vocab), arguments: parsed.data }
      } catch (error) {
        // a refusal of the service (a range too long, a bad value) is the model's to read; anything else is ours
        if (error instanceof AppError && error.statusCode < 500) return { ok: false, error: error.message, arguments: parsed.data }
        throw error
      }
    },
  }
}

export const TOOLS = [
  tool({
    name: 'spending',
    description: 'Money spent over whole months: on one category (with its subcategories), at one payee, or in all (with the top categories). Months are YYYY-MM; default this month.',
    args: z.object({ category: z.string().max(100).optional(), payee: z.string().max(200).optional(), from: month.optional(), to: month.optional() }),
    run: async (ctx, a, vocab) => {
      const v = await vocab()
      const category = named(v.categories, a.category)
      // a payee the member has paid (matched loosely), or the name as the model gave it
      const payee = a.payee ? (named(v.payees.map((p) => ({ id: p, name: p })), a.payee)?.name ?? a.payee) : null
      if (a.category && !category && !payee) return { text: `There is no category called "${a.category}".`, figures: [] }
      return spending(ctx, { category: payee ? null : category, payee, period: periodOf(ctx, a.from, a.to) })
    },
  }),
  tool({
    name: 'biggest_expenses',
    description: 'The largest single expenses over whole months (YYYY-MM; default this month), largest first.',
    args: z.object({ from: month.optional(), to: month.optional(), limit: z.number().int().min(1).max(10).optional() }),
    run: (ctx, a) => biggestExpenses(ctx, { period: periodOf(ctx, a.from, a.to), ...(a.limit ? { limit: a.limit } : {}) }),
  }),
  tool({
    name: 'can_afford',
    description: "Whether a price fits this month's spending plan (after bills still due and goal contributions), and the daily allowance after it. For a later month, use project_month with the price.",
    args: z.object({ price: amount.optional(), item: z.string().max(80).optional() }),
    run: (ctx, a) => canAfford(ctx, { price: a.price === undefined ? null : toCents(Math.round(a.price * 100) / 100), item: a.item ?? '' }),
  }),
  tool({
    name: 'project_month',
    description: `The member's plan projected to the end of a month (YYYY-MM: this month or up to ${MAX_PROJECTION_MONTHS} months ahead), month by month from today: that month's expected income, bills, goal contributions, usual spending, what is left, and the projected balance of checking, savings and cash. With a price, whether it fits that month (keeping one month of bills as a cushion). Use it for "can I afford X in <month>" and "how much will I have at the end of <month>"; a past month is refused.`,
    args: z.object({ month, price: amount.optional(), item: z.string().max(80).optional() }),
    run: (ctx, a) => {
      const target = monthAheadOf(ctx, a.month)
      return a.price === undefined
        ? projectedBalance(ctx, { month: target })
        : canAfford(ctx, { price: toCents(Math.round(a.price * 100) / 100), item: a.item ?? '', month: target })
    },
  }),
  tool({
    name: 'goals',
    description: 'Savings goals: saved, target, monthly contribution and the projected date each is reached. Optionally one goal by name.',
    args: z.object({ goal: z.string().max(100).optional() }),
    run: async (ctx, a, vocab) => goals(ctx, { goal: named((await vocab()).goals, a.goal), asked: a.goal ?? null }),
  }),
  tool({
    name: 'bills_due',
    description: 'Active bills due in the next `days` days (default 30), overdue ones included.',
    args: z.object({ days: z.number().int().min(0).max(365).optional() }),
    run: (ctx, a) => {
      const days = a.days ?? 30
      return billsDue(ctx, { to: addDays(ctx.today, Math.max(0, days - 1)), label: days <= 1 ? 'today' : `in the next ${days} days` })
    },
  }),
  tool({
    name: 'net_worth',
    description: 'Net worth now (assets less what is owed) and its change since the end of last month.',
    args: z.object({}),
    run: (ctx) => netWorthTool(ctx),
  }),
  tool({
    name: 'balances',
    description: "Account balances in the household's currency: one account by name, or every open account with the total.",
    args: z.object({ account: z.string().max(100).optional() }),
    run: async (ctx, a, vocab) => {
      const account = named((await vocab()).accounts, a.account)
      if (a.account && !account) return { text: `There is no account called "${a.account}".`, figures: [] }
      return balances(ctx, { account })
    },
  }),
  tool({
    name: 'budgets',
    description: "Each budget of a month (YYYY-MM; default this month) against what was spent, and what is left or over.",
    args: z.object({ month: month.optional() }),
    run: (ctx, a) => budgets(ctx, { period: periodOf(ctx, a.month, a.month) }),
  }),
  tool({
    name: 'recurring_payments',
    description: 'Recurring payments and subscriptions found in the history: payee, amount, cadence and next date.',
    args: z.object({}),
    run: (ctx) => recurringPayments(ctx),
  }),
  tool({
    name: 'investments',
    description: 'Investment holdings: total value, by asset kind, and the largest holdings.',
    args: z.object({}),
    run: (ctx) => investments(ctx),
  }),
  tool({
    name: 'debt_plan',
    description: `A payoff plan for the credit cards and loans: months to debt-free and interest, by avalanche (highest rate first) or snowball (smallest first), with an optional extra monthly payment. APR in percent (default ${DEFAULT_DEBT_APR}).`,
    args: z.object({ strategy: z.enum(['avalanche', 'snowball']).optional(), extraMonthly: amount.optional(), apr: z.number().min(0).max(100).optional() }),
    run: (ctx, a) =>
      debtPlan(ctx, { strategy: a.strategy ?? 'avalanche', extraMonthly: toCents(Math.round((a.extraMonthly ?? 0) * 100) / 100), apr: Math.round((a.apr ?? DEFAULT_DEBT_APR) * 100) / 100 }),
  }),
  tool({
    name: 'retirement',
    description: 'The retirement simulation from the investment accounts and the last 12 months of spending: FIRE number, projected savings and the chance the money lasts. Needs the current age.',
    args: z.object({
      currentAge: z.number().int().min(16).max(100),
      retirementAge: z.number().int().min(30).max(100).optional(),
      monthlyContribution: amount.optional(),
      annualReturn: z.number().min(-0.5).max(0.5).optional(),
    }),
    run: (ctx, a) =>
      retirement(ctx, {
        currentAge: a.currentAge,
        retirementAge: Math.max(a.retirementAge ?? 65, a.currentAge),
        monthlyContribution: a.monthlyContribution === undefined ? null : toCents(Math.round(a.monthlyContribution * 100) / 100),
        annualReturn: a.annualReturn ?? 0.05,
      }),
  }),
] satisfies Tool[]

/** The tools as the model is told about them (JSON Schema arguments). */
export function toolSpecs(): { name: string; description: string; parameters: Record<string, unknown> }[] {
  return TOOLS.map((t) => ({ name: t.name, description: t.description, parameters: z.toJSONSchema(t.args) }))
}

/** Runs one tool the model chose; a bad call is an error the model reads. */
export async function runTool(ctx: ToolContext, name: string, rawArguments: string, vocab: () => Promise<Vocabulary>): Promise<ToolRun> {
  let args: unknown = {}
  try {
    args = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments)
  } catch {
    return { ok: false, error: 'The arguments are not valid JSON', arguments: rawArguments.slice(0, 500) }
  }
  const def = TOOLS.find((t) => t.name === name)
  if (!def) return { ok: false, error: `There is no tool called ${name}`, arguments: args }
  return def.call(ctx, args, vocab)
}
