// Smart Insights use cases: the feed, the category suggestions and accepting them,
// the recurring series (confirm one into a bill, dismiss one), the anomalies and the cash-flow
// forecast. The reads show what the insight job stored (the forecast is worked out on request),
// narrowed to what the member sees: series, suggestions and anomalies only of accounts whose
// transactions they see (memberScope noTransactions), an insight only when they see every
// account it names. A row they may not see answers 404, as one that does not exist.
import type { z } from 'zod'
import type {
  acceptSuggestionsBody,
  Anomaly,
  CategorySuggestion,
  categorySuggestionsQuery,
  confirmRecurringBody,
  Forecast,
  Insight,
  RecurringItem,
  RefreshStatus,
  updateInsightBody,
} from '#src/contract/insights'
import { INSIGHT_KINDS, insightAction } from '#src/contract/insights'
import { canChangeTransaction } from '#src/domain/access'
import { localDate } from '#src/domain/dates'
import { emptyModel, learn, parseModel, posterior, payeeDecision, type LabelledRow } from '#src/domain/insights/classifier'
import type { ForecastDays } from '#src/domain/insights/kinds'
import { isCadence } from '#src/domain/insights/recurring'
import { absCents, asCents, fromCents } from '#src/domain/money'
import { payeeKey } from '#src/domain/payee'
import { monthlyEquivalent } from '#src/domain/recurrence'
import type { Db, Tx } from '#src/server/db/connect'
import { badRequest, conflict, forbidden, notFound } from '#src/server/http/errors'
import { memberScope, writableAccount, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import * as billsService from '../bills/service'
import { learnedCategories, learnPayeeCategories } from '../rules/learned'
import { loadForWrite, updateStoredTransactions } from '#src/server/core/ledger'
import { checkCategories } from '../transactions/service'
import { cashForecast } from './cash-flow'
import { jobState, queueJob } from './job-queue'
import * as repo from './repo'

/** Uncategorised rows looked at for one page of suggestions (newest first). */
const SUGGESTION_ROWS = 2000
/** Keys of an insight's figures that are money: the API gives them as decimals, like every amount. */
const MONEY_KEYS = new Set(['amount', 'usual', 'from', 'to', 'balance'])

const fullView = (scope: MemberScope, accountId: string): boolean => scope.accounts.get(accountId)?.view === 'full'
const seesAll = (scope: MemberScope, accountIds: readonly string[]): boolean => accountIds.every((id) => fullView(scope, id))
const payeeOf = (row: { merchant: string; description: string }): string => row.merchant || row.description

// ---- the feed ----

function toInsightDto(row: repo.InsightRow & { kind: Insight['kind'] }): Insight {
  const { action: rawAction, ...figures } = row.data
  const parsed = rawAction === undefined ? null : insightAction.safeParse(encodeAction(rawAction))
  const data: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(figures)) data[key] = MONEY_KEYS.has(key) && typeof value === 'number' ? fromCents(asCents(value)) : value
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    severity: row.severity === 'warning' || row.severity === 'notice' ? row.severity : 'info',
    accountIds: row.accountIds,
    action: parsed?.success ? parsed.data : null,
    data,
    readAt: row.readAt?.toISOString() ?? null,
    dismissedAt: row.dismissedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Stored actions keep cents; the contract's schema decodes decimals, so amounts go through it as decimals. */
function encodeAction(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const out: Record<string, unknown> = { ...value }
  if (typeof out.amount === 'number') out.amount = fromCents(asCents(out.amount))
  return out
}

function isInsightKind(kind: string): kind is Insight['kind'] {
  return (INSIGHT_KINDS as readonly string[]).includes(kind)
}

export async function listInsights(db: Db, user: SessionUser, includeDismissed: boolean, now: Date): Promise<Insight[]> {
  const [rows, scope] = await Promise.all([repo.insightsFor(db, user.householdId, user.id, now, { includeDismissed }), memberScope(db, user)])
  return rows.flatMap((r) => (isInsightKind(r.kind) && seesAll(scope, r.accountIds) ? [toInsightDto({ ...r, kind: r.kind })] : []))
}

export async function updateInsight(db: Db, user: SessionUser, id: string, body: z.output<typeof updateInsightBody>, now: Date): Promise<Insight> {
  return db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    const row = await repo.findInsight(tx, user.householdId, id)
    if (!row || (row.userId !== null && row.userId !== user.id) || !seesAll(scope, row.accountIds)) throw notFound('Insight')
    const patch: { readAt?: Date | null; dismissedAt?: Date | null } = {}
    if (body.read !== undefined) patch.readAt = body.read ? (row.readAt ?? now) : null
    if (body.dismissed !== undefined) patch.dismissedAt = body.dismissed ? (row.dismissedAt ?? now) : null
    const updated = await repo.updateInsightRow(tx, user.householdId, id, patch)
    if (!updated || !isInsightKind(updated.kind)) throw notFound('Insight')
    return toInsightDto({ ...updated, kind: updated.kind })
  })
}

/** Queues the household's insight job (run in the background, never on this request). */
export async function refresh(db: Db, user: SessionUser, now: Date): Promise<RefreshStatus> {
  return queueJob(db, user.householdId, user.timeZone, now)
}

export async function refreshStatus(db: Db, user: SessionUser): Promise<RefreshStatus> {
  return jobState(db, user.householdId)
}

// ---- category suggestions ----

export async function listSuggestions(
  db: Db,
  user: SessionUser,
  query: z.output<typeof categorySuggestionsQuery>,
): Promise<{ items: CategorySuggestion[]; uncategorised: number; trainedAt: string | null }> {
  const scope = await memberScope(db, user)
  const [{ rows, count }, stored, names] = await Promise.all([
    repo.uncategorisedRows(db, user.householdId, scope.noTransactions, SUGGESTION_ROWS),
    repo.loadModel(db, user.householdId),
    repo.categoryNames(db, user.householdId),
  ])
  const model = (stored && parseModel(stored.model)) ?? emptyModel()
  const learned = await learnedCategories(db, user.householdId, rows.map((r) => payeeKey(payeeOf(r))))
  const items: CategorySuggestion[] = []
  for (const row of rows) {
    if (items.length >= query.limit) break
    const payee = payeeOf(row)
    const input = { payee, amount: asCents(row.amount), accountId: row.accountId }
    // a member's latest choice for the payee first (a category set on the transactions page, in
    // an import's review or here, remembered at once), so a correction counts before the nightly
    // retrain; then the payee's own history as the model learned it; then the model's guess
    const remembered = learned.get(payeeKey(payee))
    const decided =
      (remembered !== undefined && names.has(remembered) ? { categoryId: remembered, confidence: 1, source: 'payee' as const } : null) ??
      payeeDecision(model, payee)
    const best = decided ?? modelGuess(model, input, names)
    if (!best || best.confidence < query.minConfidence) continue
    const categoryName = names.get(best.categoryId)
    if (categoryName === undefined) continue
    items.push({
      transactionId: row.id,
      date: row.date,
      payee,
      amount: asCents(row.amount),
      accountId: row.accountId,
      categoryId: best.categoryId,
      categoryName,
      confidence: best.confidence,
      source: best.source,
    })
  }
  return { items, uncategorised: count, trainedAt: stored?.trainedAt.toISOString() ?? null }
}

/** The model's most likely category that still exists. */
function modelGuess(model: ReturnType<typeof emptyModel>, input: Parameters<typeof posterior>[1], names: Map<string, string>) {
  const best = posterior(model, input).find((p) => names.has(p.categoryId))
  return best ? { categoryId: best.categoryId, confidence: best.probability, source: 'model' as const } : null
}

/**
 * Sets the chosen categories in one transaction through the ledger (rollups move with them),
 * remembers each payee's choice for imports, and teaches the household's model every choice.
 */
export async function acceptSuggestions(db: Db, user: SessionUser, body: z.output<typeof acceptSuggestionsBody>, now: Date): Promise<{ updated: number }> {
  const chosen = new Map(body.items.map((i) => [i.transactionId, i.categoryId]))
  return db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    const rows = await loadForWrite(tx, user.householdId, [...chosen.keys()])
    // one id the member may not see and nothing changes, as for an id that does not exist
    if (rows.length !== chosen.size || rows.some((r) => !fullView(scope, r.accountId))) throw notFound('Transaction')
    for (const row of rows) {
      const account = writableAccount(scope, row.accountId)
      if (!canChangeTransaction(scope.member, account, row.userId)) {
        throw forbidden('Teens can change only the entries they made in an account that is not theirs', 'NOT_YOUR_ENTRY')
      }
    }
    await checkCategories(tx, user.householdId, [...chosen.values()])
    // transfers have no category; split rows keep their parts
    const changes = rows.filter((r) => r.kind === 'standard' && !r.isSplit).map((before) => ({ before, patch: { categoryId: chosen.get(before.id) ?? null } }))
    await updateStoredTransactions(tx, user.householdId, changes, now)
    const lessons: LabelledRow[] = changes.map(({ before, patch }) => ({
      payee: payeeOf(before),
      amount: asCents(before.amount),
      accountId: before.accountId,
      categoryId: patch.categoryId ?? '',
    }))
    await learnPayeeCategories(tx, user.householdId, lessons.map((l) => ({ payeeKey: payeeKey(l.payee), categoryId: l.categoryId })), now)
    const stored = await repo.loadModel(tx, user.householdId, true)
    const model = learn((stored && parseModel(stored.model)) ?? emptyModel(), lessons)
    await repo.saveModel(tx, user.householdId, model, stored?.trainedAt ?? now)
    return { updated: changes.length }
  })
}

// ---- recurring series ----

function toRecurringDto(row: repo.SeriesRow): RecurringItem {
  const cadence = isCadence(row.cadence) ? row.cadence : 'monthly'
  const change = row.data.priceChange
  const priceChange =
    typeof change === 'object' && change !== null && 'from' in change && 'to' in change && 'date' in change && 'change' in change
      ? { from: asCents(Number(change.from)), to: asCents(Number(change.to)), date: String(change.date), change: Number(change.change) }
      : null
  const occurrences = row.data.occurrences
  return {
    id: row.id,
    payee: row.payee,
    cadence,
    amount: asCents(row.amount),
    nextDate: row.nextDate,
    lastDate: row.lastDate,
    accountId: row.accountId,
    categoryId: row.categoryId,
    status: row.status === 'confirmed' || row.status === 'dismissed' || row.status === 'stopped' ? row.status : 'found',
    billId: row.billId,
    occurrences: typeof occurrences === 'number' ? occurrences : 0,
    priceChange,
    monthly: monthlyEquivalent(asCents(row.amount), cadence),
  }
}

export async function listRecurring(db: Db, user: SessionUser, includeDismissed: boolean): Promise<RecurringItem[]> {
  const scope = await memberScope(db, user)
  const rows = await repo.visibleSeries(db, user.householdId, scope.noTransactions, includeDismissed)
  return rows.map((r) => toRecurringDto(r))
}

async function seenSeries(tx: Tx, scope: MemberScope, id: string): Promise<repo.SeriesRow> {
  const row = await repo.findSeries(tx, scope.householdId, id, true)
  if (!row || !fullView(scope, row.accountId)) throw notFound('Recurring payment')
  return row
}

/** Makes the series a bill (its cadence, amount and next date) and marks it confirmed, in one transaction. */
export async function confirmRecurring(
  db: Db,
  user: SessionUser,
  id: string,
  body: z.output<typeof confirmRecurringBody>,
  now: Date,
): Promise<{ series: RecurringItem; billId: string }> {
  return db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    const series = await seenSeries(tx, scope, id)
    if (series.status === 'confirmed') throw conflict('This recurring payment is a bill already', 'ALREADY_CONFIRMED')
    if (series.amount >= 0) throw badRequest('Only payments can become bills: this one is money coming in', 'NOT_A_PAYMENT')
    if (!isCadence(series.cadence)) throw badRequest('This recurring payment has no cadence a bill can use', 'BAD_CADENCE')
    const categoryId = body.categoryId === undefined ? series.categoryId : body.categoryId
    if (categoryId && !(await billsService.categoryExists(tx, user.householdId, categoryId))) {
      throw badRequest('That category does not exist', 'UNKNOWN_CATEGORY')
    }
    const anchor = series.data.anchorDay
    const bill = await billsService.insertBill(tx, {
      householdId: user.householdId,
      userId: user.id,
      name: body.name ?? series.payee.slice(0, 80),
      amount: absCents(asCents(series.amount)),
      categoryId,
      accountId: series.accountId,
      recurrence: series.cadence,
      nextDueDate: series.nextDate,
      anchorDay: typeof anchor === 'number' && anchor >= 1 && anchor <= 31 ? anchor : Number(series.nextDate.slice(8, 10)),
    })
    const updated = await repo.updateSeries(tx, user.householdId, id, { status: 'confirmed', billId: bill.id, categoryId, updatedAt: now })
    if (!updated) throw notFound('Recurring payment')
    await repo.dismissInsightByKey(tx, user.householdId, `recurring_new:${id}`, now)
    return { series: toRecurringDto(updated), billId: bill.id }
  })
}

export async function dismissRecurring(db: Db, user: SessionUser, id: string, now: Date): Promise<RecurringItem> {
  return db.transaction(async (tx) => {
    const scope = await memberScope(tx, user)
    const series = await seenSeries(tx, scope, id)
    if (series.status === 'confirmed') throw conflict('This recurring payment is a bill: delete the bill instead', 'ALREADY_CONFIRMED')
    const updated = await repo.updateSeries(tx, user.householdId, id, { status: 'dismissed', updatedAt: now })
    if (!updated) throw notFound('Recurring payment')
    await repo.dismissInsightByKey(tx, user.householdId, `recurring_new:${id}`, now)
    return toRecurringDto(updated)
  })
}

// ---- anomalies ----

function toAnomalyDto(row: repo.InsightRow, names: Map<string, string>): Anomaly {
  const d = row.data
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null)
  const num = (v: unknown): number => (typeof v === 'number' ? v : 0)
  const categoryId = text(d.categoryId)
  const month = row.kind === 'anomaly_month' ? text(d.month) : null
  return {
    id: row.id,
    kind: row.kind === 'anomaly_month' ? 'category_month' : 'transaction',
    date: text(d.date) ?? row.createdAt.toISOString().slice(0, 10),
    month,
    transactionId: text(d.transactionId),
    payee: text(d.payee),
    categoryId,
    categoryName: categoryId ? (names.get(categoryId) ?? null) : null,
    accountIds: row.accountIds,
    amount: asCents(num(d.amount)),
    usual: asCents(num(d.usual)),
    ratio: num(d.ratio),
    score: num(d.score),
    reason: text(d.reason) ?? row.title,
    dismissed: row.dismissedAt !== null,
  }
}

export async function listAnomalies(db: Db, user: SessionUser, includeDismissed: boolean, now: Date): Promise<Anomaly[]> {
  const [rows, scope, names] = await Promise.all([
    repo.insightsFor(db, user.householdId, user.id, now, { kinds: ['anomaly_transaction', 'anomaly_month'], includeDismissed }),
    memberScope(db, user),
    repo.categoryNames(db, user.householdId),
  ])
  return rows
    .filter((r) => seesAll(scope, r.accountIds))
    .map((r) => toAnomalyDto(r, names))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.score - a.score))
}

// ---- forecast ----

export async function getForecast(db: Db, user: SessionUser, days: ForecastDays | number, now: Date): Promise<Forecast> {
  const scope = await memberScope(db, user)
  const cash = (await repo.cashAccounts(db, user.householdId, user.baseCurrency)).filter((a) => fullView(scope, a.id))
  return cashForecast(db, user.householdId, cash, localDate(now, user.timeZone), days)
}
