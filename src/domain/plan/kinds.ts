// The fixed vocabularies of the daily plan: how planned income repeats, and how a payment came to
// settle a bill's due date. The database's check constraints and the contracts read them here.

/**
 * How a member's planned income repeats. `semimonthly` is paid on two days of each month
 * (the 1st and the 15th); `irregular` has no dates: its amount is what the member expects in a
 * month (freelance, commission), counted conservatively.
 */
export const INCOME_SCHEDULES = ['weekly', 'biweekly', 'semimonthly', 'monthly', 'irregular'] as const
export type IncomeSchedule = (typeof INCOME_SCHEDULES)[number]

/**
 * How a payment was tied to a bill's due date: found by the matcher (`auto`), linked by a member
 * (`manual`), created by Mark paid (`paid`), or refused by a member (`declined`: the matcher
 * never ties that payment to that bill again; it settles nothing).
 */
export const BILL_LINK_KINDS = ['auto', 'manual', 'paid', 'declined'] as const
export type BillLinkKind = (typeof BILL_LINK_KINDS)[number]

export function isIncomeSchedule(value: string): value is IncomeSchedule {
  return (INCOME_SCHEDULES as readonly string[]).includes(value)
}

/** Where a bill's due date stands: paid (within its tolerance), partly paid, due, or past due unpaid. */
export const DUE_STATUSES = ['paid', 'partial', 'due', 'overdue'] as const
export type DueStatus = (typeof DUE_STATUSES)[number]

/** Where an income line comes from: planned by a member, found in the history, other money in, the irregular estimate. */
export const INCOME_ORIGINS = ['planned', 'found', 'other', 'irregular'] as const
export type IncomeOrigin = (typeof INCOME_ORIGINS)[number]

/** Where an income line stands: arrived; expected; late (past its day, still counted a few days); missed (flagged, not counted). */
export const INCOME_LINE_STATUSES = ['received', 'expected', 'late', 'missed'] as const
export type IncomeLineStatus = (typeof INCOME_LINE_STATUSES)[number]
