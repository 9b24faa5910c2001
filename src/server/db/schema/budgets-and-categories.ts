// Categories (groups and their children), the monthly budgets set on them, and how transactions
// get one: the categorisation rules and the category a household last chose for each payee.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { CATEGORY_KINDS } from '#src/domain/categories'
import { RULE_MATCHES, type RuleActions, type RuleCondition } from '#src/domain/rules'
import { cents, oneOf, timestamps, updatedAt } from './columns'
import { householdOwned, householdRef } from './households'

export type { RuleActions, RuleCondition }

export const categories = pgTable(
  'categories',
  {
    ...householdOwned(),
    name: text().notNull(),
    parentId: uuid(),
    kind: text().notNull().default('expense'),
    isHidden: boolean().notNull().default(false),
    color: text(),
    ...timestamps(),
  },
  (t) => [
    index('categories_household_idx').on(t.householdId),
    // a group and its children are of one household (ADR 0036): the parent is looked up by
    // (household, id), which this index makes a key
    uniqueIndex('categories_household_id_idx').on(t.householdId, t.id),
    foreignKey({
      name: 'categories_parent_same_household_fk',
      columns: [t.householdId, t.parentId],
      foreignColumns: [t.householdId, t.id],
    }).onDelete('cascade'),
    uniqueIndex('categories_name_idx').on(
      t.householdId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    check('categories_kind_check', oneOf(t.kind, CATEGORY_KINDS)),
  ],
)

export const budgets = pgTable(
  'budgets',
  {
    ...householdOwned(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    month: date().notNull(),
    amount: cents().notNull(),
    rollover: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    unique('budgets_category_month_key').on(t.householdId, t.categoryId, t.month),
    check('budgets_amount_check', sql`${t.amount} >= 0`),
  ],
)

// Categorisation rules, applied in order at import and on demand.
export const rules = pgTable(
  'rules',
  {
    ...householdOwned(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    match: text().notNull().default('all'),
    conditions: jsonb().$type<RuleCondition[]>().notNull(),
    actions: jsonb().$type<RuleActions>().notNull(),
    ...timestamps(),
  },
  (t) => [
    index('rules_household_idx').on(t.householdId, t.position),
    check('rules_match_check', oneOf(t.match, RULE_MATCHES)),
  ],
)

// The category a household last chose for a payee: the learned suggestion when no rule matches.
export const payeeCategories = pgTable(
  'payee_categories',
  {
    householdId: householdRef(),
    payeeKey: text().notNull(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.payeeKey] })],
)
