// Savings challenge queries, each scoped by household: the challenges and who joined them, and
// what their progress reads (spending, goal contributions, categories) and writes (a sweep into
// a goal, the mark of completion and its reminders).
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { IsoDate } from '#src/domain/dates'
import type { DbOrTx } from '#src/server/db/connect'
import {
  categories,
  goalContributions,
  goals,
  reminders,
  savingsChallengeMembers,
  savingsChallenges,
  transactions,
  transactionSplits,
  users,
} from '#src/server/db/schema'
import { transactionsBetween } from '#src/server/core/scope'

export type ChallengeRow = typeof savingsChallenges.$inferSelect
export type NewChallengeRow = typeof savingsChallenges.$inferInsert

// ---- references a new challenge names ----

export async function goalExists(db: DbOrTx, householdId: string, goalId: string): Promise<boolean> {
  const [goal] = await db
    .select({ id: goals.id })
    .from(goals)
    .where(and(eq(goals.householdId, householdId), eq(goals.id, goalId)))
  return goal !== undefined
}

/** Which of these category ids are the household's. */
export async function knownCategoryIds(db: DbOrTx, householdId: string, categoryIds: string[]): Promise<Set<string>> {
  const found = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.householdId, householdId), inArray(categories.id, categoryIds)))
  return new Set(found.map((c) => c.id))
}

// ---- challenges and members ----

/** Adds a challenge and its creator as its first member; its id. */
export async function insertChallenge(tx: DbOrTx, values: NewChallengeRow, creatorId: string): Promise<string> {
  const [row] = await tx
    .insert(savingsChallenges)
    .values(values)
    .returning({ id: savingsChallenges.id })
  if (!row) throw new Error('insert returned nothing')
  await tx
    .insert(savingsChallengeMembers)
    .values({ challengeId: row.id, userId: creatorId, householdId: values.householdId })
  return row.id
}

export async function findChallengeRow(db: DbOrTx, householdId: string, id: string): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(savingsChallenges)
    .where(and(eq(savingsChallenges.householdId, householdId), eq(savingsChallenges.id, id)))
  return row
}

export function listChallengeRows(db: DbOrTx, householdId: string): Promise<ChallengeRow[]> {
  return db
    .select()
    .from(savingsChallenges)
    .where(eq(savingsChallenges.householdId, householdId))
    .orderBy(asc(savingsChallenges.startDate), asc(savingsChallenges.createdAt))
}

/** Removes a challenge (the caller found it in the member's household). */
export async function deleteChallengeRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(savingsChallenges).where(eq(savingsChallenges.id, id))
}

/** Joins a member to a challenge; joining twice changes nothing. */
export async function addMember(db: DbOrTx, householdId: string, challengeId: string, userId: string): Promise<void> {
  await db
    .insert(savingsChallengeMembers)
    .values({ challengeId, userId, householdId })
    .onConflictDoNothing()
}

export async function removeMember(db: DbOrTx, challengeId: string, userId: string): Promise<void> {
  await db
    .delete(savingsChallengeMembers)
    .where(
      and(eq(savingsChallengeMembers.challengeId, challengeId), eq(savingsChallengeMembers.userId, userId)),
    )
}

/** The members of these challenges, with their names, in the order they joined. */
export function challengeMembers(
  db: DbOrTx,
  challengeIds: string[],
): Promise<{ challengeId: string; userId: string; firstName: string; lastName: string; email: string }[]> {
  return db
    .select({
      challengeId: savingsChallengeMembers.challengeId,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(savingsChallengeMembers)
    .innerJoin(users, eq(users.id, savingsChallengeMembers.userId))
    .where(inArray(savingsChallengeMembers.challengeId, challengeIds))
    .orderBy(asc(savingsChallengeMembers.joinedAt))
}

// ---- sweeping into a goal ----

/** The goal a sweep pays into, locked until the sweep commits. */
export async function lockGoal(tx: DbOrTx, householdId: string, goalId: string): Promise<{ id: string; currentAmount: number } | undefined> {
  const [goal] = await tx
    .select({ id: goals.id, currentAmount: goals.currentAmount })
    .from(goals)
    .where(and(eq(goals.householdId, householdId), eq(goals.id, goalId)))
    .for('update')
  return goal
}

/**
 * A sweep: the amount becomes a contribution to the goal and adds to its saved amount, and the
 * challenge remembers how much it has swept in all (`config`, its new settings).
 */
export async function recordSweep(
  tx: DbOrTx,
  sweep: {
    householdId: string
    challengeId: string
    goalId: string
    goalAmount: number
    amount: number
    date: IsoDate
    note: string
    config: ChallengeRow['config']
    now: Date
  },
): Promise<void> {
  await tx.insert(goalContributions).values({
    goalId: sweep.goalId,
    householdId: sweep.householdId,
    amount: sweep.amount,
    date: sweep.date,
    note: sweep.note,
  })
  await tx
    .update(goals)
    .set({ currentAmount: sweep.goalAmount + sweep.amount, updatedAt: sweep.now })
    .where(eq(goals.id, sweep.goalId))
  await tx
    .update(savingsChallenges)
    .set({ config: sweep.config, updatedAt: sweep.now })
    .where(eq(savingsChallenges.id, sweep.challengeId))
}

// ---- what progress reads ----

/**
 * Money out of standard transactions by these members between two days, in the accounts whose
 * transactions the member may see (`hidden`: the ones they may not), with the parts of split ones.
 */
export async function spendingRows(
  db: DbOrTx,
  householdId: string,
  hidden: string[],
  from: IsoDate,
  to: IsoDate,
  userIds: string[],
): Promise<{
  whole: { date: IsoDate; amount: number; categoryId: string | null; accountId: string; userId: string; isSplit: boolean; id: string }[]
  parts: { transactionId: string; amount: number; categoryId: string | null }[]
}> {
  const where = and(
    transactionsBetween(householdId, from, to, hidden),
    eq(transactions.kind, 'standard'),
    sql`${transactions.amount} < 0`,
    inArray(transactions.userId, userIds),
  )
  const whole = await db
    .select({
      date: transactions.date,
      amount: transactions.amount,
      categoryId: transactions.categoryId,
      accountId: transactions.accountId,
      userId: transactions.userId,
      isSplit: transactions.isSplit,
      id: transactions.id,
    })
    .from(transactions)
    .where(where)
  const splitIds = whole.filter((t) => t.isSplit).map((t) => t.id)
  const parts = splitIds.length
    ? await db
        .select({
          transactionId: transactionSplits.transactionId,
          amount: transactionSplits.amount,
          categoryId: transactionSplits.categoryId,
        })
        .from(transactionSplits)
        .where(inArray(transactionSplits.transactionId, splitIds))
    : []
  return { whole, parts }
}

/** The contributions of these goals (each goal once). */
export function contributionRows(
  db: DbOrTx,
  householdId: string,
  goalIds: string[],
): Promise<{ goalId: string; date: IsoDate; amount: number }[]> {
  return db
    .select({
      goalId: goalContributions.goalId,
      date: goalContributions.date,
      amount: goalContributions.amount,
    })
    .from(goalContributions)
    .where(
      and(
        eq(goalContributions.householdId, householdId),
        inArray(goalContributions.goalId, [...new Set(goalIds)]),
      ),
    )
}

/** The household's categories with their parents. */
export function categoryParents(db: DbOrTx, householdId: string): Promise<{ id: string; parentId: string | null }[]> {
  return db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.householdId, householdId))
}

// ---- completion ----

/** Marks a challenge completed unless it already is (two requests at once mark it once); when. */
export async function markCompletedRow(tx: DbOrTx, id: string, now: Date): Promise<{ completedAt: Date | null } | undefined> {
  const [marked] = await tx
    .update(savingsChallenges)
    .set({ completedAt: now })
    .where(and(eq(savingsChallenges.id, id), sql`${savingsChallenges.completedAt} is null`))
    .returning({ completedAt: savingsChallenges.completedAt })
  return marked
}

/** A reminder to celebrate for each participant, once per challenge and member. */
export async function insertCelebrations(
  tx: DbOrTx,
  householdId: string,
  challenge: { id: string; name: string },
  userIds: string[],
  dueDate: IsoDate,
): Promise<void> {
  await tx
    .insert(reminders)
    .values(
      userIds.map((userId) => ({
        householdId,
        userId,
        title: `Challenge complete: ${challenge.name}`,
        description: 'You did it! Time to celebrate, and maybe start the next one.',
        type: 'other' as const,
        priority: 'medium' as const,
        dueDate,
        sourceKey: `challenge:${challenge.id}:done`,
      })),
    )
    .onConflictDoNothing({ target: [reminders.userId, reminders.sourceKey] })
}
