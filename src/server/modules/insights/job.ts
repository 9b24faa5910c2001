// The household's insight job (issue 18), run nightly for every household whose plan includes
// Smart Insights and, queued by the page's Refresh, in the background (job-queue.ts claims each
// run, never on a request): recurring series found in the whole
// history (dismissed and confirmed ones keep their status), unusual transactions and months,
// the category model trained afresh, and the insight feed written from all of it. Insights are
// the household's; each names the accounts it is about, and the read side shows it only to
// members who see every one of them.
import { and, eq } from 'drizzle-orm'
import { addDays, addMonths, compareDates, formatDay, localDate, type IsoDate } from '../../../domain/dates'
import { inGroups } from '../../../domain/category-groups'
import { monthAnomalies, transactionAnomalies } from '../../../domain/insights/anomalies'
import { suggestCategory, trainModel, type LabelledRow } from '../../../domain/insights/classifier'
import type { InsightKind, InsightSeverity } from '../../../domain/insights/kinds'
import { billCovers, detectRecurring, type DetectedSeries } from '../../../domain/insights/recurring'
import { safeLocale } from '../../../domain/locale'
import { absCents, asCents, formatMoney } from '../../../domain/money'
import { payeeKey } from '../../../domain/payee'
import type { Db } from '../../db/connect'
import { households, householdMembers, users } from '../../db/schema'
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
type Writer = { money: (value: number) => string; day: (date: IsoDate) => string }

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
  }
}

/** Stores what detection found: new series, new figures for known ones, and drops the ones gone. */
async function storeSeries(db: Db, householdId: string, found: DetectedSeries[], today: IsoDate, now: Date, w: Writer): Promise<repo.NewInsight[]> {
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
    // a member's decision stays; found and stopped follow the history
    const status = before && (before.status === 'dismissed' || before.status === 'confirmed') ? before.status : s.stopped ? 'stopped' : 'found'
    const row = before
      ? await repo.updateSeries(db, householdId, before.id, { ...figures, status })
      : await repo.insertSeries(db, { householdId, payeeKey: s.payeeKey, accountId: s.accountId, ...figures, status })
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
    if (status === 'stopped' && before?.status === 'found') {
      news.push(
        insight(householdId, 'recurring_stopped', `recurring_stopped:${row.id}:${s.lastDate}`, {
          title: `${s.payee} seems to have stopped`,
          body: `The last ${s.cadence} charge of ${money} was on ${w.day(s.lastDate)}, and two expected since did not come.`,
          severity: 'info',
          accountIds: [s.accountId],
          data: { recurringId: row.id, payee: s.payee, lastDate: s.lastDate, amount: s.amount },
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
  const news = await storeSeries(db, householdId, found, today, now, w)

  const options = { today, categoryNames: names }
  const unusualRows = transactionAnomalies(ledger, options)
  // a month running high is a group's (its children's spending rolled up, ADR 0036): the budget
  // it suggests is the group's, which covers them all
  const unusualMonths = monthAnomalies(inGroups(ledger, tree), options)
  const anomalies: repo.NewInsight[] = [
    ...unusualRows.map((a) =>
      insight(householdId, 'anomaly_transaction', `anomaly_transaction:${a.transactionId}`, {
        title: `Unusual spending at ${a.payee}`,
        body: `${w.money(a.amount)} on ${w.day(a.date)}: ${a.reason} (${w.money(a.usual)}).`,
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
    const rule =
      top && suggestion && categoryName !== undefined
        ? { action: 'rule', name: `${top.payee} is ${categoryName}`.slice(0, 80), payee: top.payee, categoryId: suggestion.categoryId }
        : null
    return insight(householdId, 'uncategorised', `uncategorised:${accountId}`, {
      title: `${count} transaction${count === 1 ? '' : 's'} without a category`,
      body: rule
        ? `Smart Insights suggests a category for each. ${top?.payee ?? ''} looks like ${categoryName ?? ''}: a rule can file it from now on.`
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
    refreshed.push(
      insight(householdId, 'forecast_low', 'forecast_low', {
        title: 'Your cash may run short',
        body: `At the usual pace, the cash accounts would be at ${w.money(forecast.lowPoint.balance)} on ${w.day(forecast.lowPoint.date)}.`,
        severity: 'warning',
        accountIds: forecast.accountIds,
        data: { date: forecast.lowPoint.date, balance: forecast.lowPoint.balance, days: 30 },
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
