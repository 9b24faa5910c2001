// Coaching queries: the member's actions and coach settings, and what actions are made from
// (spending, subscriptions, bills, cash accounts), each scoped by household and leaving out the
// accounts whose transactions the member does not see (`hiddenAccounts`).
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import {
  accounts,
  bills,
  categories,
  coachingActions,
  goalContributions,
  goals,
  householdMembers,
  monthlyRollups,
  recurringSeries,
  transactions,
  users,
} from '#src/server/db/schema'
import { notIn, rollupsBetween, transactionsBetween } from '#src/server/core/scope'

export type ActionRow = typeof coachingActions.$inferSelect
type NewActionRow = typeof coachingActions.$inferInsert

export async function findCoach(db: DbOrTx, userId: string) {
  const [row] = await db.select({ tone: users.coachTone, week: users.coachingWeek }).from(users).where(eq(users.id, userId))
  return row
}

/** The last week the member's actions were looked for. */
export async function setCoachingWeek(db: DbOrTx, userId: string, week: string): Promise<void> {
  await db.update(users).set({ coachingWeek: week }).where(eq(users.id, userId))
}

export async function setCoachTone(db: DbOrTx, userId: string, tone: string, now: Date): Promise<void> {
  await db.update(users).set({ coachTone: tone, updatedAt: now }).where(eq(users.id, userId))
}

/** Standard money-out rows of the accounts the member sees, in [from, to]. */
export function spendingIn(householdId: string, hiddenAccounts: string[], from: string, to: string) {
  return and(
    transactionsBetween(householdId, from, to, hiddenAccounts),
    eq(transactions.kind, 'standard'),
    sql`${transactions.amount} < 0`,
  )
}

/** Standard money-out rows in [from, to]. */
export function listSpending(db: DbOrTx, householdId: string, hiddenAccounts: string[], from: string, to: string) {
  return db
    .select({ merchant: transactions.merchant, date: transactions.date, amount: transactions.amount })
    .from(transactions)
    .where(spendingIn(householdId, hiddenAccounts, from, to))
}

/** Recurring series found or confirmed, money out. */
export function listOutgoingSeries(db: DbOrTx, householdId: string, hiddenAccounts: string[]) {
  return db
    .select({ payee: recurringSeries.payee, payeeKey: recurringSeries.payeeKey, cadence: recurringSeries.cadence, amount: recurringSeries.amount })
    .from(recurringSeries)
    .where(
      and(
        eq(recurringSeries.householdId, householdId),
        inArray(recurringSeries.status, ['found', 'confirmed']),
        sql`${recurringSeries.amount} < 0`,
        notIn(recurringSeries.accountId, hiddenAccounts),
      ),
    )
}

export function listActiveBills(db: DbOrTx, householdId: string) {
  return db
    .select({ name: bills.name, amount: bills.amount, recurrence: bills.recurrence, accountId: bills.accountId })
    .from(bills)
    .where(and(eq(bills.householdId, householdId), eq(bills.isActive, true)))
}

/** Expenses per category and month for the months in [first, last] (the sum as text). */
export function listCategoryMonths(db: DbOrTx, householdId: string, hiddenAccounts: string[], first: string, last: string) {
  return db
    .select({
      categoryId: monthlyRollups.categoryId,
      name: categories.name,
      month: monthlyRollups.month,
      expense: sql<string>`sum(${monthlyRollups.expense})`,
    })
    .from(monthlyRollups)
    .leftJoin(categories, eq(categories.id, monthlyRollups.categoryId))
    .where(rollupsBetween(householdId, first, last, hiddenAccounts))
    .groupBy(monthlyRollups.categoryId, categories.name, monthlyRollups.month)
}

/** Open checking and savings accounts that no active goal holds. */
export function listCashAccounts(db: DbOrTx, householdId: string) {
  return db
    .select({ id: accounts.id, balance: accounts.balance, currency: accounts.currency })
    .from(accounts)
    .where(
      and(
        eq(accounts.householdId, householdId),
        inArray(accounts.type, ['checking', 'savings']),
        eq(accounts.isClosed, false),
        sql`not exists (select 1 from ${goals} g where g.account_id = ${accounts.id} and g.is_active)`,
      ),
    )
}

/** Money out (positive, as text) of standard rows in [from, to] in one category (null: none). */
export async function sumCategorySpending(
  db: DbOrTx,
  householdId: string,
  hiddenAccounts: string[],
  categoryId: string | null,
  from: string,
  to: string,
): Promise<string | undefined> {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(-${transactions.amount}), 0)` })
    .from(transactions)
    .where(
      and(
        spendingIn(householdId, hiddenAccounts, from, to),
        categoryId === null ? isNull(transactions.categoryId) : eq(transactions.categoryId, categoryId),
      ),
    )
  return r?.total
}

/** The household's goal contributions in [from, to] (as text). */
export async function sumGoalContributions(db: DbOrTx, householdId: string, from: string, to: string): Promise<string | undefined> {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${goalContributions.amount}), 0)` })
    .from(goalContributions)
    .where(and(eq(goalContributions.householdId, householdId), gte(goalContributions.date, from), lte(goalContributions.date, to)))
  return r?.total
}

export async function hasActionsForWeek(db: DbOrTx, userId: string, week: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: coachingActions.id })
    .from(coachingActions)
    .where(and(eq(coachingActions.userId, userId), eq(coachingActions.week, week)))
    .limit(1)
  return existing !== undefined
}

/** The keys of the member's actions accepted or dismissed. */
export async function listDecidedKeys(db: DbOrTx, userId: string): Promise<string[]> {
  const decided = await db
    .select({ key: coachingActions.key })
    .from(coachingActions)
    .where(and(eq(coachingActions.userId, userId), ne(coachingActions.status, 'open')))
  return decided.map((d) => d.key)
}

/** Stores actions, leaving out those the member has for that week already; how many were new. */
export async function insertActions(db: DbOrTx, rows: NewActionRow[]): Promise<number> {
  const inserted = await db
    .insert(coachingActions)
    .values(rows)
    .onConflictDoNothing({ target: [coachingActions.userId, coachingActions.week, coachingActions.key] })
    .returning({ id: coachingActions.id })
  return inserted.length
}

/** Accepted and not measured yet. */
export function listUnmeasured(db: DbOrTx, userId: string): Promise<ActionRow[]> {
  return db
    .select()
    .from(coachingActions)
    .where(and(eq(coachingActions.userId, userId), eq(coachingActions.status, 'accepted'), isNull(coachingActions.measuredAt)))
}

/** Stores the result unless another run did; whether this one did. */
export async function storeResult(db: DbOrTx, id: string, result: ActionRow['result'], now: Date): Promise<boolean> {
  const [done] = await db
    .update(coachingActions)
    .set({ result, measuredAt: now })
    .where(and(eq(coachingActions.id, id), isNull(coachingActions.measuredAt)))
    .returning({ id: coachingActions.id })
  return done !== undefined
}

/** The week's actions and every accepted one, latest week and biggest saving first. */
export function listWeekAndAccepted(db: DbOrTx, userId: string, week: string): Promise<ActionRow[]> {
  return db
    .select()
    .from(coachingActions)
    .where(and(eq(coachingActions.userId, userId), sql`(${coachingActions.week} = ${week} or ${coachingActions.status} = 'accepted')`))
    .orderBy(desc(coachingActions.week), desc(coachingActions.saving), asc(coachingActions.key))
}

export async function findAction(db: DbOrTx, householdId: string, userId: string, id: string): Promise<ActionRow | undefined> {
  const [row] = await db
    .select()
    .from(coachingActions)
    .where(and(eq(coachingActions.id, id), eq(coachingActions.userId, userId), eq(coachingActions.householdId, householdId)))
  return row
}

/** Decides an open action; undefined when it was decided already. */
export async function decideAction(
  db: DbOrTx,
  id: string,
  patch: { status: string; decidedAt: Date; data: ActionRow['data'] },
): Promise<ActionRow | undefined> {
  const [updated] = await db
    .update(coachingActions)
    .set(patch)
    .where(and(eq(coachingActions.id, id), eq(coachingActions.status, 'open')))
    .returning()
  return updated
}

/** Every member of every household. */
export function listAllMembers(db: DbOrTx) {
  return db.select({ userId: householdMembers.userId }).from(householdMembers)
}
