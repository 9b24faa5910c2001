// AI Coaching: each member's weekly actions, made from what that member may see
// (memberScope: the accounts whose transactions they see for spending, the accounts they see
// whole for cash), accepted or dismissed, and measured 30 days after acceptance. The arithmetic
// is domain/coaching/actions; the words, in the member's tone, domain/coaching/wording.
import type { CoachingActionView, CoachingView } from '#src/contract/coaching'
import {
  ACTION_KINDS,
  ASSUMED_RATE_PERCENT,
  categoryOverAverage,
  chooseActions,
  idleCash,
  IDLE_MONTHS,
  measureCategory,
  measureIdleCash,
  measureSubscription,
  measureWindow,
  unusedSubscription,
  type ActionKind,
  type CoachingAction,
  type CoachTone,
  type Measured,
  type PayeeSpend,
  type Subscription,
} from '#src/domain/coaching/actions'
import { actionWording, resultWording } from '#src/domain/coaching/wording'
import { addDays, addMonths, compareDates, dayOfWeek, localDate, startOfMonth, type IsoDate } from '#src/domain/dates'
import { asCents, type Cents } from '#src/domain/money'
import { payeeKey } from '#src/domain/payee'
import { isRecurrence } from '#src/domain/recurrence'
import { planAllows } from '#src/domain/tiers'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { AppError, notFound } from '#src/server/http/errors'
import { memberScope, type MemberScope } from '#src/server/core/scope'
import { loadSessionUser } from '#src/server/core/sessions'
import type { SessionUser } from '#src/server/core/sessions'
import * as repo from './repo'

type Row = repo.ActionRow

/** Monday of the day's week: the week an action is made for. */
export function weekOf(day: IsoDate): IsoDate {
  return addDays(day, -((dayOfWeek(day) + 6) % 7))
}

const isTone = (v: string): v is CoachTone => v === 'gentle' || v === 'direct'
const isKind = (v: string): v is ActionKind => (ACTION_KINDS as readonly string[]).includes(v)
const isStatus = (v: string): v is CoachingActionView['status'] => v === 'open' || v === 'accepted' || v === 'dismissed'

async function toneOf(db: DbOrTx, userId: string): Promise<CoachTone> {
  return (await coachOf(db, userId)).tone
}

/** The member's tone, and the last week their actions were looked for. */
async function coachOf(db: DbOrTx, userId: string): Promise<{ tone: CoachTone; week: string | null }> {
  const row = await repo.findCoach(db, userId)
  return { tone: row && isTone(row.tone) ? row.tone : 'gentle', week: row?.week ?? null }
}

// ---- what the member may see ----

/** Money out (positive) per payee since `from`, in the accounts whose transactions the member sees. */
async function payeeSpending(db: DbOrTx, user: SessionUser, scope: MemberScope, from: IsoDate, to: IsoDate): Promise<PayeeSpend[]> {
  const rows = await repo.listSpending(db, user.householdId, scope.noTransactions, from, to)
  return rows.map((r) => ({ payeeKey: payeeKey(r.merchant), date: r.date, amount: asCents(-r.amount) }))
}

/**
 * The subscriptions to look at: recurring series (found or confirmed, money out) in accounts
 * whose transactions the member sees, and active bills (their account seen whole, or none)
 * whose payee no series covers.
 */
async function subscriptions(db: DbOrTx, user: SessionUser, scope: MemberScope): Promise<Subscription[]> {
  const series = await repo.listOutgoingSeries(db, user.householdId, scope.noTransactions)
  const out = new Map<string, Subscription>()
  for (const s of series) {
    if (!isRecurrence(s.cadence)) continue
    out.set(s.payeeKey, { payee: s.payee, payeeKey: s.payeeKey, cadence: s.cadence, amount: asCents(-s.amount), source: 'recurring' })
  }
  const billRows = await repo.listActiveBills(db, user.householdId)
  for (const b of billRows) {
    if (b.accountId !== null && scope.accounts.get(b.accountId)?.view !== 'full') continue
    if (!isRecurrence(b.recurrence) || b.recurrence === 'once' || b.amount <= 0) continue
    const key = payeeKey(b.name)
    if (!key || out.has(key)) continue
    out.set(key, { payee: b.name, payeeKey: key, cadence: b.recurrence, amount: asCents(b.amount), source: 'bill' })
  }
  return [...out.values()]
}

/** Spending (positive) per category and month for the months in [first, last], visible accounts only. */
async function categoryMonths(db: DbOrTx, user: SessionUser, scope: MemberScope, first: IsoDate, last: IsoDate) {
  const rows = await repo.listCategoryMonths(db, user.householdId, scope.noTransactions, first, last)
  return rows.map((r) => ({ categoryId: r.categoryId, name: r.name ?? 'Uncategorized', month: String(r.month).slice(0, 7), expense: asCents(Number(r.expense)) }))
}

/** Checking and savings accounts the member sees whole, open, in the base currency, not a goal's. */
async function cashAccounts(db: DbOrTx, user: SessionUser, scope: MemberScope, only?: readonly string[]) {
  const rows = await repo.listCashAccounts(db, user.householdId)
  return rows
    .filter((a) => scope.accounts.get(a.id)?.view === 'full' && a.currency === user.baseCurrency && (!only || only.includes(a.id)))
    .map((a) => ({ id: a.id, balance: asCents(a.balance) }))
}

/** Every candidate action for the member today, from what they may see. */
export async function candidates(db: DbOrTx, user: SessionUser, today: IsoDate): Promise<CoachingAction[]> {
  const scope = await memberScope(db, user)
  const out: CoachingAction[] = []
  // subscriptions: 120 days of payee spending tells both "charging for 60 days" and "used"
  const spending = await payeeSpending(db, user, scope, addDays(today, -119), today)
  for (const sub of await subscriptions(db, user, scope)) {
    const action = unusedSubscription(sub, spending, today)
    if (action) out.push(action)
  }
  // categories: last whole month against the three before it
  const lastMonth = addMonths(startOfMonth(today), -1)
  const months = [addMonths(lastMonth, -3), addMonths(lastMonth, -2), addMonths(lastMonth, -1), lastMonth].map((d) => d.slice(0, 7))
  const byCategory = new Map<string, { categoryId: string | null; name: string; spent: Map<string, Cents> }>()
  const rolled = await categoryMonths(db, user, scope, `${months[0]}-01`, lastMonth)
  for (const r of rolled) {
    const k = r.categoryId ?? 'none'
    const entry = byCategory.get(k) ?? { categoryId: r.categoryId, name: r.name, spent: new Map() }
    entry.spent.set(r.month, asCents((entry.spent.get(r.month) ?? 0) + r.expense))
    byCategory.set(k, entry)
  }
  const at = (m: Map<string, Cents>, i: number) => m.get(months[i] ?? '') ?? asCents(0)
  for (const c of byCategory.values()) {
    const action = categoryOverAverage({
      categoryId: c.categoryId,
      categoryName: c.name,
      previous: [at(c.spent, 0), at(c.spent, 1), at(c.spent, 2)],
      month: months[3] ?? '',
      spent: at(c.spent, 3),
    })
    if (action) out.push(action)
  }
  // idle cash: the last IDLE_MONTHS whole months of spending
  const first = addMonths(lastMonth, -(IDLE_MONTHS - 1))
  const threeMonths = asCents(rolled.filter((r) => `${r.month}-01` >= first).reduce((s, r) => s + r.expense, 0))
  const idle = idleCash(await cashAccounts(db, user, scope), threeMonths, today.slice(0, 7))
  if (idle) out.push(idle)
  return out
}

/**
 * This week's actions for the member, made once: when the week has some already nothing
 * changes; otherwise the best candidates not decided before are stored (the unique key
 * (member, week, key) keeps two requests or instances at once from making doubles).
 */
export async function generateWeek(db: Db, user: SessionUser, now: Date): Promise<number> {
  const today = localDate(now, user.timeZone)
  const week = weekOf(today)
  const existing = await repo.hasActionsForWeek(db, user.id, week)
  if (existing || (await coachOf(db, user.id)).week === week) return 0
  const decided = await repo.listDecidedKeys(db, user.id)
  const chosen = chooseActions(await candidates(db, user, today), new Set(decided))
  // the week is remembered as looked at even when nothing was found, so the page does not offer
  // to look again until next week
  const remember = (tx: DbOrTx) => repo.setCoachingWeek(tx, user.id, week)
  if (chosen.length === 0) {
    await remember(db)
    return 0
  }
  return db.transaction(async (tx) => {
    await remember(tx)
    return repo.insertActions(
      tx,
      chosen.map((a) => {
        const words = actionWording(a, 'gentle', user.baseCurrency, user.locale)
        return {
          householdId: user.householdId,
          userId: user.id,
          week,
          kind: a.kind,
          key: a.key,
          title: words.title,
          detail: words.detail,
          saving: a.saving,
          data: a.data,
        }
      }),
    )
  })
}

// ---- the result, 30 days on ----

async function measure(db: DbOrTx, user: SessionUser, scope: MemberScope, row: Row, action: CoachingAction, acceptedOn: IsoDate): Promise<Measured> {
  const w = measureWindow(acceptedOn)
  switch (action.kind) {
    case 'cancel_subscription':
      return measureSubscription(action, await payeeSpending(db, user, scope, w.from, w.to))
    case 'trim_category': {
      const spentIn = async (from: IsoDate, to: IsoDate): Promise<Cents> => {
        const category = action.data.categoryId
        const total = await repo.sumCategorySpending(db, user.householdId, scope.noTransactions, category, from, to)
        return asCents(Number(total ?? 0))
      }
      return measureCategory(await spentIn(addDays(acceptedOn, -30), addDays(acceptedOn, -1)), await spentIn(w.from, w.to))
    }
    case 'move_idle_cash': {
      const cash = await cashAccounts(db, user, scope, action.data.accountIds)
      const cashNow = asCents(cash.reduce((s, a) => s + Math.max(0, a.balance), 0))
      const contributed = await repo.sumGoalContributions(db, row.householdId, w.from, w.to)
      return measureIdleCash(action, cashNow, asCents(Number(contributed ?? 0)))
    }
  }
}

/** Measures the member's accepted actions whose 30 days are over; returns how many. */
export async function measureDue(db: Db, user: SessionUser, now: Date): Promise<number> {
  const today = localDate(now, user.timeZone)
  const due = await repo.listUnmeasured(db, user.id)
  const ready = due.filter((r) => {
    const on = acceptedOnOf(r)
    return on !== null && compareDates(measureWindow(on).dueOn, today) <= 0
  })
  if (ready.length === 0) return 0
  const scope = await memberScope(db, user)
  let measured = 0
  for (const row of ready) {
    const on = acceptedOnOf(row)
    if (on === null) continue
    const result = await measure(db, user, scope, row, actionOf(row), on)
    const done = await repo.storeResult(db, row.id, result, now)
    if (done) measured += 1
  }
  return measured
}

// ---- presenting ----

function acceptedOnOf(row: Row): IsoDate | null {
  const on = row.data.acceptedOn
  return typeof on === 'string' ? on : null
}

/** The stored action (the jsonb data was written from a CoachingAction of the same kind). */
function actionOf(row: Row): CoachingAction {
  return { kind: row.kind, key: row.key, saving: asCents(row.saving), data: row.data } as CoachingAction
}

function present(row: Row, tone: CoachTone, user: SessionUser): CoachingActionView {
  const words = actionWording(actionOf(row), tone, user.baseCurrency, user.locale)
  const on = acceptedOnOf(row)
  const r = row.result as Measured | null
  return {
    id: row.id,
    kind: isKind(row.kind) ? row.kind : 'move_idle_cash',
    week: row.week,
    title: words.title,
    detail: words.detail,
    saving: asCents(row.saving),
    status: isStatus(row.status) ? row.status : 'open',
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    measureOn: row.status === 'accepted' && on !== null ? measureWindow(on).dueOn : null,
    result: r
      ? {
          text: resultWording(r, tone, user.baseCurrency, user.locale),
          saved: asCents(r.saved),
          before: 'before' in r ? asCents(r.before) : null,
          after: 'after' in r ? asCents(r.after) : null,
          stopped: r.kind === 'cancel_subscription' ? r.stopped : null,
        }
      : null,
  }
}

export async function coachingView(db: Db, user: SessionUser, now: Date, generated = false): Promise<CoachingView> {
  await measureDue(db, user, now)
  const today = localDate(now, user.timeZone)
  const week = weekOf(today)
  const coach = await coachOf(db, user.id)
  const tone = coach.tone
  const rows = await repo.listWeekAndAccepted(db, user.id, week)
  const thisWeek = rows.filter((r) => r.week === week)
  return {
    tone,
    week,
    generated: generated || thisWeek.length > 0 || coach.week === week,
    actions: thisWeek.map((r) => present(r, tone, user)),
    accepted: rows.filter((r) => r.week !== week).slice(0, 50).map((r) => present(r, tone, user)),
    assumedRatePercent: ASSUMED_RATE_PERCENT,
  }
}

export async function generateCoaching(db: Db, user: SessionUser, now: Date): Promise<CoachingView> {
  await generateWeek(db, user, now)
  return coachingView(db, user, now, true)
}

async function findMine(db: DbOrTx, user: SessionUser, id: string): Promise<Row> {
  const row = await repo.findAction(db, user.householdId, user.id, id)
  if (!row) throw notFound('Action')
  return row
}

export async function decide(db: Db, user: SessionUser, id: string, status: 'accepted' | 'dismissed', now: Date): Promise<CoachingActionView> {
  const row = await findMine(db, user, id)
  const tone = await toneOf(db, user.id)
  if (row.status === status) return present(row, tone, user)
  if (row.status !== 'open') throw new AppError(409, 'ALREADY_DECIDED', `This action was already ${row.status}`)
  const data = status === 'accepted' ? { ...row.data, acceptedOn: localDate(now, user.timeZone) } : row.data
  const updated = await repo.decideAction(db, id, { status, decidedAt: now, data })
  if (!updated) throw new AppError(409, 'ALREADY_DECIDED', 'This action was already decided')
  return present(updated, tone, user)
}

export async function setTone(db: Db, user: SessionUser, tone: CoachTone, now: Date): Promise<{ tone: CoachTone }> {
  await repo.setCoachTone(db, user.id, tone, now)
  return { tone }
}

/**
 * The weekly job: for every member of a household whose plan includes coaching, this week's
 * actions (once) and the results now due. A member that fails is logged by the caller and the
 * others go on.
 */
export async function runCoaching(db: Db, now: Date, onError: (userId: string, error: unknown) => void): Promise<{ members: number; made: number; measured: number }> {
  const members = await repo.listAllMembers(db)
  const out = { members: 0, made: 0, measured: 0 }
  for (const { userId } of members) {
    try {
      const user = await loadSessionUser(db, userId, now)
      if (!planAllows(user.subscriptionTier, 'aiCoaching') || user.deleteAfter !== null) continue
      out.members += 1
      out.made += await generateWeek(db, user, now)
      out.measured += await measureDue(db, user, now)
    } catch (error) {
      onError(userId, error)
    }
  }
  return out
}
