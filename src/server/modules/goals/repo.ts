// Goal and contribution queries, each scoped by household.
import { and, asc, between, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { param, prepared } from '#src/server/db/prepared'
import { goalContributions, goals } from '#src/server/db/schema'

export type GoalRow = typeof goals.$inferSelect
export type NewGoalRow = typeof goals.$inferInsert
export type ContributionRow = typeof goalContributions.$inferSelect
export type GoalWithMonth = { goal: GoalRow; contributedThisMonth: number }

/** Goals (oldest first), each with the net of its contributions dated from `from` to `to`. */
const goalsWithMonth = prepared('goals_with_month', (db) => {
  const c = goalContributions
  const inRange = db
    .select({ goalId: c.goalId, total: sql<string>`sum(${c.amount})`.as('total') })
    .from(c)
    .where(and(eq(c.householdId, param('householdId')), between(c.date, param('from'), param('to'))))
    .groupBy(c.goalId)
    .as('in_range')
  return db
    .select({
      goal: goals,
      contributedThisMonth: sql<number>`coalesce(${inRange.total}, 0)`.mapWith(Number),
    })
    .from(goals)
    .leftJoin(inRange, eq(inRange.goalId, goals.id))
    .where(eq(goals.householdId, param('householdId')))
    .orderBy(asc(goals.createdAt), asc(goals.id))
})

export function selectGoalsWithMonth(
  db: DbOrTx,
  householdId: string,
  range: { from: string; to: string },
): Promise<GoalWithMonth[]> {
  return goalsWithMonth(db).execute({ householdId, from: range.from, to: range.to })
}

export async function findGoal(
  db: DbOrTx,
  householdId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<GoalRow | undefined> {
  const query = db
    .select()
    .from(goals)
    .where(and(eq(goals.householdId, householdId), eq(goals.id, id)))
    .limit(1)
  const rows = options.lock ? await query.for('update') : await query
  return rows[0]
}

export async function insertGoal(db: DbOrTx, values: NewGoalRow): Promise<GoalRow> {
  const [row] = await db.insert(goals).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function updateGoalRow(
  db: DbOrTx,
  householdId: string,
  id: string,
  patch: Partial<Omit<NewGoalRow, 'id' | 'householdId' | 'userId' | 'createdAt'>>,
): Promise<GoalRow | undefined> {
  const [row] = await db
    .update(goals)
    .set(patch)
    .where(and(eq(goals.householdId, householdId), eq(goals.id, id)))
    .returning()
  return row
}

export async function deleteGoalRow(db: DbOrTx, householdId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(goals)
    .where(and(eq(goals.householdId, householdId), eq(goals.id, id)))
    .returning({ id: goals.id })
  return rows.length > 0
}

export async function insertContribution(
  db: DbOrTx,
  values: { goalId: string; householdId: string; amount: number; date: string; note: string },
): Promise<ContributionRow> {
  const [row] = await db.insert(goalContributions).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

/** A goal's contributions and withdrawals, newest first. */
export function listContributionRows(
  db: DbOrTx,
  householdId: string,
  goalId: string,
): Promise<ContributionRow[]> {
  const c = goalContributions
  return db
    .select()
    .from(c)
    .where(and(eq(c.householdId, householdId), eq(c.goalId, goalId)))
    .orderBy(desc(c.date), desc(c.createdAt), desc(c.id))
}
