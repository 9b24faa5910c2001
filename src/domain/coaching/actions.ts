// AI Coaching's weekly actions: up to three concrete things a member could do, each
// with the monthly saving it would bring, worked out from figures the member may see — and, 30
// days after one is accepted, what it actually changed. Pure arithmetic in cents; the server
// loads the figures, the wording (gentle or direct) lives in ./wording.
//
// The three kinds and their measurable definitions:
// - cancel_subscription: a recurring charge (a found or confirmed recurring series, or an
//   active bill) whose monthly cost is at most SUBSCRIPTION_MAX_MONTHLY, that has charged for at
//   least UNUSED_DAYS (its first charge at that payee is that old), and that is "unused": in the
//   last UNUSED_DAYS days there was no other spending at that payee — every payment there was
//   the subscription's own charge (within 10 % of its expected amount). Saving: its monthly cost.
// - trim_category: last month's spending in a category was at least 40 % above the average of
//   the three months before it (and at least MIN_CATEGORY_SAVING above it). Saving: last month
//   minus that average, i.e. back to the usual.
// - move_idle_cash: checking and savings balances not linked to a goal, above three months of
//   spending (the last three whole months), by at least MIN_IDLE. Saving: the interest that idle
//   money would earn in a month in a goal's savings account at ASSUMED_RATE a year (4 %: a stated
//   assumption, not a quote).
import { addDays, compareDates, type IsoDate } from '../dates'
import { asCents, divideCents, type Cents } from '../money'
import { monthlyEquivalent, type Recurrence } from '../recurrence'

export const COACH_TONES = ['gentle', 'direct'] as const
export type CoachTone = (typeof COACH_TONES)[number]

export const ACTION_KINDS = ['cancel_subscription', 'trim_category', 'move_idle_cash'] as const
export type ActionKind = (typeof ACTION_KINDS)[number]
export const ACTION_STATUSES = ['open', 'accepted', 'dismissed'] as const
export type ActionStatus = (typeof ACTION_STATUSES)[number]

export const MAX_ACTIONS = 3
export const UNUSED_DAYS = 60
/** a charge above $100 a month is a bill (rent, a loan), not a subscription to cancel */
export const SUBSCRIPTION_MAX_MONTHLY = asCents(10_000)
/** last month at least 40 % above the 3-month average */
export const CATEGORY_OVER_PERCENT = 40
export const MIN_CATEGORY_SAVING = asCents(1_000)
export const IDLE_MONTHS = 3
export const MIN_IDLE = asCents(50_000)
/** the yearly interest rate assumed for money moved to a goal: 4 % (stated on the page) */
export const ASSUMED_RATE_PERCENT = 4
export const MEASURE_AFTER_DAYS = 30

export type SubscriptionAction = {
  kind: 'cancel_subscription'
  key: string
  saving: Cents
  data: { payee: string; payeeKey: string; cadence: Recurrence; amount: Cents; lastOtherSpend: IsoDate | null; source: 'recurring' | 'bill' }
}
export type CategoryAction = {
  kind: 'trim_category'
  key: string
  saving: Cents
  data: { categoryId: string | null; categoryName: string; month: string; spent: Cents; average: Cents; overPercent: number }
}
export type IdleCashAction = {
  kind: 'move_idle_cash'
  key: string
  saving: Cents
  data: { cash: Cents; threeMonths: Cents; idle: Cents; ratePercent: number; accountIds: string[] }
}
export type CoachingAction = SubscriptionAction | CategoryAction | IdleCashAction

// ---- subscriptions ----

export type Subscription = {
  payee: string
  payeeKey: string
  cadence: Recurrence
  /** the expected charge, a positive number */
  amount: Cents
  source: 'recurring' | 'bill'
}
/** money out at a payee, a positive number */
export type PayeeSpend = { payeeKey: string; date: IsoDate; amount: Cents }

/** Whether a payment is the subscription's own charge: within 10 % of the expected amount. */
export function isOwnCharge(amount: Cents, expected: Cents): boolean {
  return Math.abs(amount - expected) * 10 <= expected
}

export function unusedSubscription(sub: Subscription, spending: readonly PayeeSpend[], today: IsoDate): SubscriptionAction | null {
  const monthly = monthlyEquivalent(sub.amount, sub.cadence)
  if (monthly <= 0 || monthly > SUBSCRIPTION_MAX_MONTHLY) return null
  const since = addDays(today, -(UNUSED_DAYS - 1))
  let first: IsoDate | null = null
  let lastOther: IsoDate | null = null
  for (const s of spending) {
    if (s.payeeKey !== sub.payeeKey || compareDates(s.date, today) > 0) continue
    if (first === null || compareDates(s.date, first) < 0) first = s.date
    if (!isOwnCharge(s.amount, sub.amount) && (lastOther === null || compareDates(s.date, lastOther) > 0)) lastOther = s.date
  }
  // charging for at least UNUSED_DAYS, and nothing but its own charges in that time
  if (first === null || compareDates(first, since) >= 0) return null
  if (lastOther !== null && compareDates(lastOther, since) >= 0) return null
  return {
    kind: 'cancel_subscription',
    key: `subscription:${sub.payeeKey}`,
    saving: monthly,
    data: { payee: sub.payee, payeeKey: sub.payeeKey, cadence: sub.cadence, amount: sub.amount, lastOtherSpend: lastOther, source: sub.source },
  }
}

// ---- a category over its usual ----

export type CategoryMonths = {
  categoryId: string | null
  categoryName: string
  /** spending (positive) of the three months before `month`, oldest first */
  previous: readonly [Cents, Cents, Cents]
  month: string
  spent: Cents
}

export function categoryOverAverage(c: CategoryMonths): CategoryAction | null {
  const average = divideCents(asCents(c.previous[0] + c.previous[1] + c.previous[2]), 3)
  if (average <= 0) return null
  // spent / average ≥ 1.4  ⇔  spent × 100 ≥ average × 140
  if (c.spent * 100 < average * (100 + CATEGORY_OVER_PERCENT)) return null
  const saving = asCents(c.spent - average)
  if (saving < MIN_CATEGORY_SAVING) return null
  return {
    kind: 'trim_category',
    key: `category:${c.categoryId ?? 'none'}:${c.month}`,
    saving,
    data: {
      categoryId: c.categoryId,
      categoryName: c.categoryName,
      month: c.month,
      spent: c.spent,
      average,
      overPercent: Math.round(((c.spent - average) * 100) / average),
    },
  }
}

// ---- idle cash ----

/** A month's interest on `amount` at ASSUMED_RATE_PERCENT a year, to the cent. */
export function monthlyInterest(amount: Cents, ratePercent = ASSUMED_RATE_PERCENT): Cents {
  return divideCents(asCents(amount * ratePercent), 1200)
}

export function idleCash(
  cashAccounts: readonly { id: string; balance: Cents }[],
  /** spending of the last IDLE_MONTHS whole months, a positive number */
  threeMonths: Cents,
  month: string,
): IdleCashAction | null {
  const positive = cashAccounts.filter((a) => a.balance > 0)
  const cash = asCents(positive.reduce((s, a) => s + a.balance, 0))
  const idle = asCents(cash - Math.max(0, threeMonths))
  if (idle < MIN_IDLE) return null
  return {
    kind: 'move_idle_cash',
    // once a month at most: the figure moves with every balance
    key: `idle-cash:${month}`,
    saving: monthlyInterest(idle),
    data: { cash, threeMonths, idle, ratePercent: ASSUMED_RATE_PERCENT, accountIds: positive.map((a) => a.id) },
  }
}

/**
 * The week's actions: the largest savings first, at most MAX_ACTIONS, none whose key the member
 * already decided (accepted or dismissed) in an earlier week.
 */
export function chooseActions(candidates: readonly CoachingAction[], decidedKeys: ReadonlySet<string>): CoachingAction[] {
  return candidates
    .filter((c) => c.saving > 0 && !decidedKeys.has(c.key))
    .sort((a, b) => b.saving - a.saving || a.key.localeCompare(b.key))
    .slice(0, MAX_ACTIONS)
}

// ---- the result, 30 days after acceptance ----

export type Measured =
  | { kind: 'cancel_subscription'; stopped: boolean; charges: number; charged: Cents; saved: Cents }
  | { kind: 'trim_category'; before: Cents; after: Cents; saved: Cents }
  | { kind: 'move_idle_cash'; before: Cents; after: Cents; moved: Cents; saved: Cents }

/** The window measured: the 30 days from the day of acceptance (inclusive). */
export function measureWindow(acceptedOn: IsoDate): { from: IsoDate; to: IsoDate; dueOn: IsoDate } {
  return { from: acceptedOn, to: addDays(acceptedOn, MEASURE_AFTER_DAYS - 1), dueOn: addDays(acceptedOn, MEASURE_AFTER_DAYS) }
}

/** Subscription: did its charges stop? Own charges at the payee in the 30 days after acceptance. */
export function measureSubscription(action: SubscriptionAction, after: readonly PayeeSpend[]): Measured {
  const own = after.filter((s) => s.payeeKey === action.data.payeeKey && isOwnCharge(s.amount, action.data.amount))
  const charged = asCents(own.reduce((s, c) => s + c.amount, 0))
  return { kind: 'cancel_subscription', stopped: own.length === 0, charges: own.length, charged, saved: own.length === 0 ? action.saving : asCents(0) }
}

/** Category: spending in the 30 days after acceptance against the 30 days before. */
export function measureCategory(before: Cents, after: Cents): Measured {
  return { kind: 'trim_category', before, after, saved: asCents(Math.max(0, before - after)) }
}

/**
 * Idle cash: the cash balance then and now, and what went into goals in the 30 days; the saving
 * is the assumed interest on what moved, up to the idle amount.
 */
export function measureIdleCash(action: IdleCashAction, cashNow: Cents, movedToGoals: Cents): Measured {
  const moved = asCents(Math.max(0, movedToGoals))
  return {
    kind: 'move_idle_cash',
    before: action.data.cash,
    after: cashNow,
    moved,
    saved: monthlyInterest(asCents(Math.min(moved, action.data.idle)), action.data.ratePercent),
  }
}
