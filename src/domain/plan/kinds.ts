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
