// The household's insight job, run nightly for every household whose plan includes
// Smart Insights and, queued by the page's Refresh, in the background (job-queue.ts claims each
// run, never on a request): recurring series found in the whole
// history (dismissed and confirmed ones keep their status), unusual transactions and months,
// the category model trained afresh, and the insight feed written from all of it. Insights are
// the household's; each names the accounts it is about, and the read side shows it only to
// members who see every one of them.
import { and, eq } from 'drizzle-orm'
import { addDays, addMonths, compareDates, formatDay, localDate, startOfMonth, type IsoDate } from '#src/domain/dates'
import { inGroups } from '#src/domain/category-groups'
import { roomForUnusual, trimmedBudget, trimMonth, budgetWithout, usualMonth, VARIABLE_DAYS, variableSpending, type ActionRow } from '#src/domain/insights/actions'
import { monthAnomalies, transactionAnomalies, type TransactionAnomaly } from '#src/domain/insights/anomalies'
import { suggestCategory, trainModel, type LabelledRow } from '#src/domain/insights/classifier'
import type { InsightKind, InsightSeverity } from '#src/domain/insights/kinds'
import { basePayeeKey, billCovers, billDifference, cadenceRule, detectRecurring, type DetectedSeries } from '#src/domain/insights/recurring'
import { formatMonth, safeLocale } from '#src/domain/locale'
import { absCents, asCents, formatMoney, type Cents } from '#src/domain/money'
import { monthlyEquivalent } from '#src/domain/recurrence'
import { payeeKey } from '#src/domain/payee'
import type { Db } from '#src/server/db/connect'
import { households, householdMembers, users } from '#src/server/db/schema'
import * as budgetsService from '../budgets/service'
import { cashForecast } from './cash-flow'
import * as repo from './repo'

export type RefreshResult = { insights: number; recurring: number; anomalies: number; trainedAt: string | null }

/** How far back the job reads. */
const HISTORY_MONTHS = 36
/** How long news stays in the feed. */
const NEWS_DAYS = 30
/** A price change older than this is not news any more. */
const PRICE_NEWS_DAYS = 45
/** A price change smaller than this share is noise (a tax rounding), not a rise. */
const PRICE_RISE_MIN = 0.01

const insightKinds = {
  anomalies: ['anomaly_transaction', 'anomaly_month'],
  refreshed: ['forecast_low', 'uncategorised'],
} as const satisfies Record<string, readonly InsightKind[]>

function insight(
  householdId: string,
  kind: InsightKind,
  key: string,
  fields: { title: string; body: string; severity: InsightSeverity; accountIds: string[]; data: Record<string, unknown>; expiresAt: Date | null },
): repo.NewInsight {
  return { householdId, userId: null, kind, key, ...fields }
}

const endOfDay = (date: IsoDate): Date => new Date(`${date}T23:59:59Z`)
const payeeOf = (row: { merchant: string; description: string }): string => row.merchant || row.description

function seriesData(s: DetectedSeries): Record<string, unknown> {
  return { anchorDay: s.anchorDay, occurrences: s.occurrences, priceChange: s.priceChange }
}

/**
 * How the feed writes amounts and dates. Insights are stored once for the household, so they are
 * written in its base currency and its owner's locale (ADR 0038): the owner set the household up,
 * and a feed that changed language with whoever pressed Refresh would read as noise.
 */
type Writer = { money: (value: number) => string; day: (date: IsoDate) => string; month: (month: IsoDate) => string }

async function householdWriter(db: Db, householdId: string): Promise<Writer & { currency: string }> {
  const [row] = await db
    .select({ currency: households.baseCurrency, locale: users.locale })
    .from(households)
    .innerJoin(householdMembers, and(eq(householdMembers.householdId, households.id), eq(householdMembers.role, 'owner')))
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(eq(households.id, householdId))
    .limit(1)
  const currency = row?.currency ?? 'USD'
  const locale = safeLocale(row?.locale)
  return {
    currency,
    money: (value) => formatMoney(asCents(value), currency, locale),
    // with the year, as the feed keeps news for weeks across New Year
    day: (date) => formatDay(date, locale),
    month: (month) => formatMonth(month, locale),
  }
}

/** A category's budget of a month (YYYY-MM-01), read once per month a run asks about. */
type Budgets = (categoryId: string, month: IsoDate) => Promise<{ amount: Cents; rollover: boolean } | null>

function budgetReader(db: Db, householdId: string): Budgets {
  const months = new Map<IsoDate, Promise<Map<string, { amount: Cents; rollover: boolean }>>>()
  return async (categoryId, month) => {
    let rows = months.get(month)
    if (!rows) {
      rows = budgetsService
        .listBudgetRows(db, householdId, month)
        .then((list) => new Map(list.map((b) => [b.categoryId, { amount: asCents(b.amount), rollover: b.rollover }])))
      months.set(month, rows)
    }
    return (await rows).get(categoryId) ?? null
  }
}

/** What a run knows beside the series: the household's words, category names and budgets. */
type RunContext = { w: Writer; names: ReadonlyMap<string, string>; budgets: Budgets }

/**
 * What a stopped payment turns into: ending its bill when it has one; else taking what it cost a
 * month off its category's budget when there is one; else no longer tracking it.
 */
async function stoppedAction(
  s: DetectedSeries,
  recurringId: string,
  bill: { id: string; name: string } | null,
  today: IsoDate,
  { w, names, budgets }: RunContext,
): Promise<{ action: Record<string, unknown>; then: string }> {
  if (bill) return { action: { action: 'end_bill', billId: bill.id, name: bill.name }, then: `End the bill ${bill.name} if it is over.` }
  const month = startOfMonth(today)
  const budget = s.categoryId ? await budgets(s.categoryId, month) : null
  const categoryName = s.categoryId ? names.get(s.categoryId) : undefined
  if (s.categoryId && budget && budget.amount > 0 && categoryName !== undefined) {
    const monthly = monthlyEquivalent(s.amount, s.cadence)
    const amount = budgetWithout(budget.amount, monthly)
    return {
      action: { action: 'budget', categoryId: s.categoryId, month: month.slice(0, 7), amount, rollover: budget.rollover },
      then: `If it is over, its ${w.money(absCents(monthly))} a month can come off the ${categoryName} budget of ${w.month(month)}: ${w.money(amount)} instead of ${w.money(budget.amount)}.`,
    }
  }
  return { action: { action: 'dismiss_recurring', recurringId, name: s.payee }, then: 'Stop tracking it if it is over.' }
}

/**
 * What an unusual charge turns into: with a category, its month's budget with room for it (the
 * budget it has, or the category's usual month, plus what the charge cost above the usual); without
 * one, a rule for the payee whose category the member picks.
 */
async function unusualAction(
  a: TransactionAnomaly,
  ledger: readonly ActionRow[],
  { w, names, budgets }: RunContext,
): Promise<{ action: Record<string, unknown>; then: string }> {
  const categoryName = a.categoryId ? names.get(a.categoryId) : undefined
  if (!a.categoryId || categoryName === undefined) {
    return {
      action: { action: 'rule', name: a.payee.slice(0, 80), payee: a.payee, categoryId: null },
      then: 'It has no category: choose one, and a rule files this payee from now on.',
    }
  }
  const month = startOfMonth(a.date)
  const budget = await budgets(a.categoryId, month)
  const usual = usualMonth(ledger, a.categoryId, month)
  const amount = roomForUnusual({ budget: budget?.amount ?? null, usualMonth: usual, amount: a.amount, usual: a.usual })
  return {
    action: { action: 'budget', categoryId: a.categoryId, month: month.slice(0, 7), amount, rollover: budget?.rollover ?? false },
    then: budget
      ? `A ${categoryName} budget of ${w.money(amount)} for ${w.month(month)} (${w.money(budget.amount)} now) makes room for it.`
      : `A ${categoryName} budget of ${w.money(amount)} for ${w.month(month)} (its usual month, ${w.money(usual)}, and this charge’s extra) makes room for it.`,
  }
}

/**
 * What a low point turns into: a smaller budget for the category most of the flexible spending of
 * the forecast's accounts went to over the last 90 days (not recurring payments, not bill
 * payments; categories rolled up to their groups), in the month before the low point, trimmed by
 * the shortfall (at most by half). Null when there is no such spending.
 */
async function lowPointTrim(
  rows: readonly { id: string; billId: string | null }[],
  grouped: readonly (ActionRow & { id: string })[],
  found: readonly DetectedSeries[],
  accountIds: readonly string[],
  low: { date: IsoDate; balance: number },
  today: IsoDate,
  { w, names, budgets }: RunContext,
): Promise<{ action: Record<string, unknown>; then: string } | null> {
  const billPaid = new Set(rows.filter((r) => r.billId !== null).map((r) => r.id))
  const [top] = variableSpending(
    grouped.filter((r) => !billPaid.has(r.id)),
    {
      accountIds: new Set(accountIds),
      recurring: new Set(found.map((s) => `${s.accountId}:${basePayeeKey(s.payeeKey)}`)),
      from: addDays(today, -(VARIABLE_DAYS - 1)),
      to: today,
    },
  )
  const categoryName = top ? names.get(top.categoryId) : undefined
  if (!top || categoryName === undefined) return null
  const month = trimMonth(today, low.date)
  const budget = await budgets(top.categoryId, month)
  const monthly = asCents(Math.round((top.total * 30) / VARIABLE_DAYS))
  const base = budget && budget.amount > 0 ? budget.amount : monthly
  const trim = trimmedBudget(base, asCents(Math.max(0, -low.balance)))
  if (trim.trim <= 0) return null
  return {
    action: { action: 'budget', categoryId: top.categoryId, month: month.slice(0, 7), amount: trim.amount, rollover: budget?.rollover ?? false },
    then:
      `Most of your flexible spending goes to ${categoryName} (about ${w.money(monthly)} a month lately). ` +
      `Spending ${w.money(trim.trim)} less on it ${trim.covers ? 'keeps you above zero' : 'covers part of the gap'}: ` +
      `a ${categoryName} budget of ${w.money(trim.amount)} for ${w.month(month)}${budget ? ` instead of ${w.money(budget.amount)}` : ''}.`,
  }
}

/** Stores what detection found: new series, new figures for known ones, and drops the ones gone. */
async function storeSeries(db: Db, householdId: string, found: DetectedSeries[], today: IsoDate, now: Date, ctx: RunContext): Promise<repo.NewInsight[]> {
  const { w } = ctx
  const bills = await repo.activeBills(db, householdId)
  const existing = new Map((await repo.seriesOfHousehold(db, householdId)).map((s) => [`${s.accountId}:${s.payeeKey}`, s]))
  const news: repo.NewInsight[] = []
  const seen = new Set<string>()
  for (const s of found) {
    const key = `${s.accountId}:${s.payeeKey}`
    seen.add(key)
    const before = existing.get(key)
    const figures = {
      payee: s.payee,
      categoryId: s.categoryId,
      cadence: s.cadence,
      amount: s.amount,
      lastDate: s.lastDate,
      nextDate: s.nextDate,
      data: seriesData(s),
      updatedAt: now,
    }
    // a member's decision stays; found and stopped follow the history; a series a bill already
    // stands for is that bill (ADR 0045): shown as it, never offered as a bill to make
    const covering = s.amount < 0 && !s.stopped ? bills.find((b) => billCovers(b, s)) : undefined
    const status =
      before && (before.status === 'dismissed' || before.status === 'confirmed') ? before.status : s.stopped ? 'stopped' : covering ? 'confirmed' : 'found'
    const linkTo = status === 'confirmed' && covering && !before?.billId ? { billId: covering.id } : {}
    const row = before
      ? await repo.updateSeries(db, householdId, before.id, { ...figures, status, ...linkTo })
      : await repo.insertSeries(db, { householdId, payeeKey: s.payeeKey, accountId: s.accountId, ...figures, status, ...linkTo })
    if (!row || s.amount >= 0 || status === 'dismissed') continue
    const money = w.money(absCents(s.amount))
    if (status === 'found' && !before && !bills.some((b) => billCovers(b, s))) {
      news.push(
        insight(householdId, 'recurring_new', `recurring_new:${row.id}`, {
          title: `${s.payee} looks like a ${s.cadence} payment`,
          body: `About ${money} ${s.cadence}, next on ${w.day(s.nextDate)}. Make it a bill to get reminders.`,
          severity: 'info',
          accountIds: [s.accountId],
          data: {
            recurringId: row.id,
            payee: s.payee,
            cadence: s.cadence,
            amount: s.amount,
            nextDate: s.nextDate,
            action: {
              action: 'bill',
              recurringId: row.id,
              name: s.payee,
              amount: absCents(s.amount),
              nextDueDate: s.nextDate,
              recurrence: s.cadence,
              accountId: s.accountId,
              categoryId: s.categoryId,
            },
          },
          expiresAt: endOfDay(addDays(today, NEWS_DAYS)),
        }),
      )
    }
    // stopped: two expected charges did not come; news while it is recent (the key keeps it once),
    // for a series still found, or one made a bill whose bill is still active
    const stoppedOn = addDays(s.nextDate, cadenceRule(s.cadence).grace + 1)
    const bill = status === 'confirmed' ? bills.find((b) => b.id === row.billId) : bills.find((b) => billCovers(b, s))
    if (
      s.stopped &&
      compareDates(today, addDays(stoppedOn, NEWS_DAYS)) <= 0 &&
      ((status === 'stopped' && before?.status !== 'stopped') || (status === 'confirmed' && bill))
    ) {
      const { action, then } = await stoppedAction(s, row.id, bill ?? null, today, ctx)
      news.push(
        insight(householdId, 'recurring_stopped', `recurring_stopped:${row.id}:${s.lastDate}`, {
          title: `${s.payee} seems to have stopped`,
          body: `The last ${s.cadence} charge of ${money} was on ${w.day(s.lastDate)}, and two expected since did not come. ${then}`,
          severity: 'info',
          accountIds: [s.accountId],
          data: { recurringId: row.id, payee: s.payee, lastDate: s.lastDate, amount: s.amount, action },
          expiresAt: endOfDay(addDays(stoppedOn, NEWS_DAYS)),
        }),
      )
    }
    // the bill it is no longer agrees with it (a new price, another day): suggest the update
    const own = status === 'confirmed' && !s.stopped ? bills.find((b) => b.id === row.billId) : undefined
    const differs = own ? billDifference(own, s) : null
    if (own && differs) {
      const what = [
        differs.amount !== null ? `the payments are about ${w.money(differs.amount)} where the bill says ${w.money(asCents(own.amount))}` : '',
        differs.nextDueDate !== null ? `the next one looks due on ${w.day(differs.nextDueDate)}, not ${w.day(own.nextDueDate)}` : '',
      ].filter((x) => x !== '')
      news.push(
        insight(householdId, 'recurring_bill_differs', `recurring_bill_differs:${row.id}:${s.lastDate}`, {
          title: `${own.name} may need an update`,
          body: `For ${s.payee}, ${what.join(', and ')}. Edit the bill so the plan counts it right.`,
          severity: 'info',
          accountIds: [s.accountId],
          data: { recurringId: row.id, billId: own.id, payee: s.payee, amount: differs.amount, nextDueDate: differs.nextDueDate },
          expiresAt: endOfDay(addDays(today, NEWS_DAYS)),
        }),
      )
    }
    const change = s.priceChange
    if (change && s.steadyBefore && change.change >= PRICE_RISE_MIN && compareDates(change.date, addDays(today, -PRICE_NEWS_DAYS)) >= 0) {
      news.push(
        insight(householdId, 'recurring_price_rise', `recurring_price_rise:${row.id}:${change.date}`, {
          title: `${s.payee} costs ${Math.round(change.change * 100)} % more`,
          body: `From ${w.money(absCents(change.from))} to ${w.money(absCents(change.to))} on ${w.day(change.date)}.`,
          severity: 'notice',
          accountIds: [s.accountId],
          data: {
            recurringId: row.id,
            payee: s.payee,
            from: change.from,
            to: change.to,
            date: change.date,
            change: change.change,
            // not a bill yet: one at the new price
            ...(status === 'found'
              ? {
                  action: {
                    action: 'bill',
                    recurringId: row.id,
                    name: s.payee,
                    amount: absCents(change.to),
                    nextDueDate: s.nextDate,
                    recurrence: s.cadence,
                    accountId: s.accountId,
                    categoryId: s.categoryId,
                  },
                }
              : {}),
          },
          expiresAt: endOfDay(addDays(change.date, PRICE_NEWS_DAYS)),
        }),
      )
    }
  }
  // series no longer found go, unless a member decided about them
  const gone = [...existing.entries()].filter(([key, s]) => !seen.has(key) && (s.status === 'found' || s.status === 'stopped')).map(([, s]) => s.id)
  await repo.deleteSeries(db, householdId, gone)
  return news
}

/** Runs the household's insight job as of `now` (today in `timeZone`). */
export async function runHouseholdInsights(db: Db, householdId: string, now: Date, timeZone: string): Promise<RefreshResult> {
  const today = localDate(now, timeZone)
  // three years show every cadence (a yearly one three times) and a usual amount; older rows only
  // cost memory on a long history
  const [rows, { names, tree }] = await Promise.all([repo.ledgerRows(db, householdId, addMonths(today, -HISTORY_MONTHS)), repo.categoryInfo(db, householdId)])
  const ledger = rows.map((r) => ({ id: r.id, accountId: r.accountId, payee: payeeOf(r), date: r.date, amount: asCents(r.amount), categoryId: r.categoryId }))
  const found = detectRecurring(ledger, today)
  const w = await householdWriter(db, householdId)
  const ctx: RunContext = { w, names, budgets: budgetReader(db, householdId) }
  const news = await storeSeries(db, householdId, found, today, now, ctx)

  const options = { today, categoryNames: names }
  const unusualRows = transactionAnomalies(ledger, options)
  // a month running high is a group's (its children's spending rolled up, ADR 0036): the budget
  // it suggests is the group's, which covers them all
  const unusualMonths = monthAnomalies(inGroups(ledger, tree), options)
  const unusualActions = await Promise.all(unusualRows.map((a) => unusualAction(a, ledger, ctx)))
  const anomalies: repo.NewInsight[] = [
    ...unusualRows.map((a, i) =>
      insight(householdId, 'anomaly_transaction', `anomaly_transaction:${a.transactionId}`, {
        title: `Unusual spending at ${a.payee}`,
        body: `${w.money(a.amount)} on ${w.day(a.date)}: ${a.reason} (${w.money(a.usual)}). ${unusualActions[i]?.then ?? ''}`.trim(),
        severity: 'notice',
        accountIds: [a.accountId],
        data: {
          transactionId: a.transactionId,
          date: a.date,
          payee: a.payee,
          categoryId: a.categoryId,
          amount: a.amount,
          usual: a.usual,
          ratio: a.ratio,
          score: a.score,
          reason: a.reason,
          action: unusualActions[i]?.action,
        },
        expiresAt: endOfDay(addDays(a.date, 60)),
      }),
    ),
    ...unusualMonths.map((a) =>
      insight(householdId, 'anomaly_month', `anomaly_month:${a.categoryId}:${a.month}`, {
        title: `${a.categoryName} is running high`,
        body: `${w.money(a.amount)} so far: ${a.reason} (${w.money(a.usual)}).`,
        severity: 'warning',
        accountIds: a.accountIds,
        data: {
          month: a.month,
          date: a.date,
          categoryId: a.categoryId,
          amount: a.amount,
          usual: a.usual,
          ratio: a.ratio,
          score: a.score,
          reason: a.reason,
          action: { action: 'budget', categoryId: a.categoryId, month: a.month, amount: a.usual },
        },
        expiresAt: endOfDay(addDays(addMonths(a.date, 2), -1)),
      }),
    ),
  ]

  // the classifier learns from every categorised everyday row
  const labelled: LabelledRow[] = []
  // per account: its uncategorised rows by payee key, to offer a rule for the commonest payee
  const uncategorised = new Map<string, { count: number; payees: Map<string, { count: number; payee: string; amount: number }> }>()
  for (const r of rows) {
    if (r.isSplit) continue
    const payee = payeeOf(r)
    if (r.categoryId) {
      labelled.push({ payee, amount: asCents(r.amount), accountId: r.accountId, categoryId: r.categoryId })
      continue
    }
    const account = uncategorised.get(r.accountId) ?? { count: 0, payees: new Map() }
    uncategorised.set(r.accountId, account)
    account.count += 1
    const key = payeeKey(payee)
    if (key === '') continue
    const seen = account.payees.get(key) ?? { count: 0, payee, amount: r.amount }
    account.payees.set(key, { ...seen, count: seen.count + 1 })
  }
  const model = trainModel(labelled)
  await repo.saveModel(db, householdId, model, now)

  const refreshed: repo.NewInsight[] = [...uncategorised.entries()].map(([accountId, { count, payees }]) => {
    const top = [...payees.values()].sort((a, b) => b.count - a.count)[0]
    const suggestion = top ? suggestCategory(model, { payee: top.payee, amount: asCents(top.amount), accountId }) : null
    const categoryName = suggestion ? names.get(suggestion.categoryId) : undefined
    // with a suggestion, a rule to that category; without one, a rule whose category the member picks
    const rule = top
      ? suggestion && categoryName !== undefined
        ? { action: 'rule', name: `${top.payee} is ${categoryName}`.slice(0, 80), payee: top.payee, categoryId: suggestion.categoryId }
        : { action: 'rule', name: top.payee.slice(0, 80), payee: top.payee, categoryId: null }
      : null
    return insight(householdId, 'uncategorised', `uncategorised:${accountId}`, {
      title: `${count} transaction${count === 1 ? '' : 's'} without a category`,
      body:
        rule && rule.categoryId !== null
          ? `Smart Insights suggests a category for each. ${top?.payee ?? ''} looks like ${categoryName ?? ''}: a rule can file it from now on.`
          : rule
            ? `${top?.payee ?? ''} comes up most often: choose its category, and a rule files it from now on.`
            : 'Smart Insights suggests a category for each: accept them one by one or all at once.',
      severity: 'info',
      accountIds: [accountId],
      data: { accountId, count, ...(rule ? { action: rule } : {}) },
      expiresAt: endOfDay(addDays(today, 2)),
    })
  })
  const cash = await repo.cashAccounts(db, householdId, w.currency)
  const forecast = await cashForecast(db, householdId, cash, today, 30)
  if (forecast.lowPoint) {
    const low = forecast.lowPoint
    const trim = await lowPointTrim(rows, inGroups(ledger, tree), found, forecast.accountIds, low, today, ctx)
    refreshed.push(
      insight(householdId, 'forecast_low', 'forecast_low', {
        title: 'Your cash may run short',
        body: `At the usual pace, the cash accounts would be at ${w.money(low.balance)} on ${w.day(low.date)}.${trim ? ` ${trim.then}` : ''}`,
        severity: 'warning',
        accountIds: forecast.accountIds,
        data: { date: low.date, balance: low.balance, days: 30, ...(trim ? { action: trim.action } : {}) },
        expiresAt: endOfDay(addDays(today, 2)),
      }),
    )
  }

  await db.transaction(async (tx) => {
    await repo.deleteExpiredInsights(tx, householdId, now)
    await repo.upsertInsights(tx, news, 'once')
    await repo.upsertInsights(tx, [...anomalies, ...refreshed], 'refresh')
    await repo.dropStaleInsights(tx, householdId, [...insightKinds.anomalies, ...insightKinds.refreshed], [...anomalies, ...refreshed].map((i) => i.key))
  })
  return {
    insights: news.length + anomalies.length + refreshed.length,
    recurring: found.length,
    anomalies: anomalies.length,
    trainedAt: now.toISOString(),
  }
}
