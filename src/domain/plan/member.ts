// Whose money a member's plan counts (ADR 0044). Owners and adults plan with the household's
// shared money and their own private accounts (every account they see whole); a teen with their
// own accounts only, so the household's bills and goals never weigh on a teen's allowance; a
// viewer sees the shared plan (the shared accounts), read-only. Bills and goals count when they
// are paid from an account the plan counts, or, for everyone but a teen, from no account at all.
import type { AccountView, AccountVisibility, Role } from '../access'

export type PlanAccountFacts = { id: string; ownerId: string; visibility: AccountVisibility; view: AccountView }

/** The accounts a member's plan counts. */
export function planAccounts(member: { id: string; role: Role }, accounts: Iterable<PlanAccountFacts>): Set<string> {
  const ids = new Set<string>()
  for (const a of accounts) {
    if (a.view !== 'full') continue
    if (member.role === 'teen' && a.ownerId !== member.id) continue
    if (member.role === 'viewer' && a.visibility !== 'shared') continue
    ids.add(a.id)
  }
  return ids
}

/** Whether a bill or goal paid from `accountId` (null: no account named) is in the member's plan. */
export function inPlan(member: { role: Role }, counted: ReadonlySet<string>, accountId: string | null): boolean {
  if (accountId === null) return member.role !== 'teen'
  return counted.has(accountId)
}
