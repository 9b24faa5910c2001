// Goals and their contributions, credit scores, and planning: saved debt plans and savings
// challenges (ADR 0028).
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { CHALLENGE_KINDS } from '#src/domain/planning/challenges'
import { cents, createdAt, id, oneOf, timestamps } from './columns'
import { userRef } from './users-and-auth'
import { householdOwned, householdRef } from './households'
import { accounts } from './accounts'

export const goals = pgTable(
  'goals',
  {
    ...householdOwned(),
    userId: userRef(),
    name: text().notNull(),
    targetAmount: cents().notNull(),
    currentAmount: cents().notNull().default(0),
    targetDate: date(),
    monthlyContribution: cents().notNull().default(0),
    isActive: boolean().notNull().default(true),
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('goals_household_idx').on(t.householdId),
    check('goals_target_check', sql`${t.targetAmount} > 0`),
  ],
)

export const goalContributions = pgTable(
  'goal_contributions',
  {
    id: id(),
    goalId: uuid()
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    householdId: householdRef(),
    // positive = contribution, negative = withdrawal
    amount: cents().notNull(),
    date: date().notNull(),
    note: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('goal_contributions_goal_idx').on(t.goalId, t.date)],
)

export const creditScores = pgTable(
  'credit_scores',
  {
    ...householdOwned(),
    userId: userRef(),
    score: integer().notNull(),
    provider: text().notNull().default(''),
    date: date().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_scores_user_date_idx').on(t.userId, t.date),
    check('credit_scores_range_check', sql`${t.score} between 300 and 850`),
  ],
)

/**
 * A saved debt payoff plan: the simulation's input as it was saved (debts linked to
 * their accounts where they are in the app) and its first month, so the payments actually made
 * into those accounts can be compared with the plan month by month.
 */
export const debtPlans = pgTable(
  'debt_plans',
  {
    ...householdOwned(),
    createdBy: userRef(),
    name: text().notNull(),
    input: jsonb().$type<Record<string, unknown>>().notNull(),
    /** the first day of the plan's month 1 */
    startMonth: date().notNull(),
    ...timestamps(),
  },
  (t) => [index('debt_plans_household_idx').on(t.householdId, t.createdAt)],
)

/**
 * A savings challenge of the household. `config` holds the kind's settings (step and direction,
 * categories, card accounts, daily allowance, percent, target), checked by the contract; progress
 * is always worked out from transactions and goal contributions, never stored.
 */
export const savingsChallenges = pgTable(
  'savings_challenges',
  {
    ...householdOwned(),
    createdBy: userRef(),
    kind: text().notNull(),
    name: text().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** the goal it feeds (52-week, round-ups, custom): its contributions are the progress */
    goalId: uuid().references(() => goals.id, { onDelete: 'set null' }),
    startDate: date().notNull(),
    endDate: date().notNull(),
    /** set once progress first reached the target: the celebration and reminder are made once */
    completedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('savings_challenges_household_idx').on(t.householdId, t.startDate),
    check('savings_challenges_kind_check', oneOf(t.kind, CHALLENGE_KINDS)),
  ],
)

/** The members taking part in a challenge. */
export const savingsChallengeMembers = pgTable(
  'savings_challenge_members',
  {
    challengeId: uuid()
      .notNull()
      .references(() => savingsChallenges.id, { onDelete: 'cascade' }),
    userId: userRef(),
    householdId: householdRef(),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.userId] }), index('savings_challenge_members_user_idx').on(t.userId)],
)
