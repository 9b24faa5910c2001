// Rule and learned-category queries, each scoped by household: the rules in order, the rows a
// rule run looks at, and the payee → category suggestions learned from the user's choices.
import { and, asc, eq, gte, isNull, lte, max, sql } from 'drizzle-orm'
import type { DbOrTx } from '#src/server/db/connect'
import { categories, payeeCategories, rules, transactions } from '#src/server/db/schema'
import { notIn } from '#src/server/core/scope'

export type RuleRow = typeof rules.$inferSelect
export type NewRuleRow = typeof rules.$inferInsert

export function listRuleRows(db: DbOrTx, householdId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(rules)
    .where(eq(rules.householdId, householdId))
    .orderBy(asc(rules.position), asc(rules.createdAt), asc(rules.id))
}

export async function findRule(db: DbOrTx, householdId: string, id: string): Promise<RuleRow | undefined> {
  const rows = await db
    .select()
    .from(rules)
    .where(and(eq(rules.householdId, householdId), eq(rules.id, id)))
    .limit(1)
  return rows[0]
}

export async function nextPosition(db: DbOrTx, householdId: string): Promise<number> {
  const [row] = await db.select({ top: max(rules.position) }).from(rules).where(eq(rules.householdId, householdId))
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1
}

export async function insertRule(db: DbOrTx, values: NewRuleRow): Promise<RuleRow> {
  const [row] = await db.insert(rules).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function updateRuleRow(
  db: DbOrTx,
  householdId: string,
  id: string,
  patch: Partial<Pick<RuleRow, 'name' | 'isActive' | 'match' | 'conditions' | 'actions' | 'updatedAt'>>,
): Promise<RuleRow | undefined> {
  const [row] = await db
    .update(rules)
    .set(patch)
    .where(and(eq(rules.householdId, householdId), eq(rules.id, id)))
    .returning()
  return row
}

export async function deleteRuleRow(db: DbOrTx, householdId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(rules)
    .where(and(eq(rules.householdId, householdId), eq(rules.id, id)))
    .returning({ id: rules.id })
  return deleted.length > 0
}

/** Positions 0, 1, 2… in the order of `ids`. */
export async function setPositions(db: DbOrTx, householdId: string, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return
  await db.execute(sql`
    update rules r set position = o.position, updated_at = ${now}
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((_, i) => i))}::int[]) as o(id, position)
    where r.id = o.id and r.household_id = ${householdId}`)
}

export type RuleTarget = {
  id: string
  date: string
  accountId: string
  categoryId: string | null
  amount: number
  merchant: string
  description: string
  notes: string
  importedPayee: string | null
}

/** The ordinary (not transfer, not split) rows a rule run looks at, outside `excluded` accounts. */
export function ruleTargets(
  db: DbOrTx,
  householdId: string,
  onlyUncategorized: boolean,
  excluded: string[],
  window?: { from: string; to: string },
): Promise<RuleTarget[]> {
  const t = transactions
  return db
    .select({
      id: t.id,
      date: t.date,
      accountId: t.accountId,
      categoryId: t.categoryId,
      amount: t.amount,
      merchant: t.merchant,
      description: t.description,
      notes: t.notes,
      importedPayee: t.importedPayee,
    })
    .from(t)
    .where(
      and(
        eq(t.householdId, householdId),
        eq(t.kind, 'standard'),
        eq(t.isSplit, false),
        onlyUncategorized ? isNull(t.categoryId) : undefined,
        excluded.length ? notIn(t.accountId, excluded) : undefined,
        window ? gte(t.date, window.from) : undefined,
        window ? lte(t.date, window.to) : undefined,
      ),
    )
}

/**
 * Remembers the category the user chose for each payee key (the last choice wins). Keys must be
 * payeeKey() values; empty ones are ignored.
 */
export async function learnPayeeCategories(
  db: DbOrTx,
  householdId: string,
  choices: readonly { payeeKey: string; categoryId: string }[],
  now: Date,
): Promise<void> {
  const byKey = new Map<string, string>()
  for (const c of choices) if (c.payeeKey !== '') byKey.set(c.payeeKey, c.categoryId)
  if (byKey.size === 0) return
  await db.execute(sql`
    insert into payee_categories (household_id, payee_key, category_id, updated_at)
    select ${householdId}, k.payee_key, k.category_id, ${now}
    from unnest(${sql.param([...byKey.keys()])}::text[], ${sql.param([...byKey.values()])}::uuid[]) as k(payee_key, category_id)
    on conflict (household_id, payee_key) do update set category_id = excluded.category_id, updated_at = excluded.updated_at`)
}

/** The learned category for each of these payee keys that has one. */
export async function learnedCategories(db: DbOrTx, householdId: string, keys: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(keys.filter((k) => k !== ''))]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .select({ payeeKey: payeeCategories.payeeKey, categoryId: payeeCategories.categoryId })
    .from(payeeCategories)
    .where(and(eq(payeeCategories.householdId, householdId), sql`${payeeCategories.payeeKey} = any(${sql.param(wanted)}::text[])`))
  return new Map(rows.map((r) => [r.payeeKey, r.categoryId]))
}

/** Every category id of the household (rules and learned choices may name deleted ones). */
export async function householdCategoryIds(db: DbOrTx, householdId: string): Promise<Set<string>> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.householdId, householdId))
  return new Set(rows.map((r) => r.id))
}

/** Every category of the household by id, with its name (the dry run names the ones it sets). */
export async function householdCategoryNames(db: DbOrTx, householdId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.householdId, householdId))
  return new Map(rows.map((r) => [r.id, r.name]))
}
