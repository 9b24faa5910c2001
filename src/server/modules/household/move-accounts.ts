// Moves accounts, with everything kept per account, from one household into another: used when
// someone joins a household (all their accounts), leaves it or is removed (their private ones).
// Balances are stored on the accounts and travel with them. Transactions, splits and monthly
// rollups take the other household's id, and their categories become the other household's
// category of the same name under the same parent (made when missing). Rows that are the
// household's rather than the account's (bills, goals, budgets, rules) stay; bills and goals
// that pointed at a moved account no longer do. A transfer whose other leg stays keeps its
// group id: each household sees its own leg, as with a transfer to an account one cannot see.
// Runs inside the caller's database transaction.
import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '#src/server/db/connect'
import { accounts, bills, categories, goals, importPresets } from '#src/server/db/schema'

export type MoveAccounts = {
  from: string
  to: string
  accountIds: readonly string[]
  /** set every moved account's owner (joining: the person who joins) */
  ownerId?: string
  /** set every moved account's visibility (joining: private) */
  visibility?: 'private'
  now: Date
}

type CategoryRow = typeof categories.$inferSelect

const uuids = (ids: readonly (string | null)[]) => sql`${sql.param([...ids])}::uuid[]`

/** The categories the moved accounts' transactions, splits and rollups use. */
async function usedCategories(tx: Tx, from: string, ids: readonly string[]): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(sql`
    select category_id as id from transactions
      where household_id = ${from} and account_id = any(${uuids(ids)}) and category_id is not null
    union
    select s.category_id from transaction_splits s join transactions t on t.id = s.transaction_id
      where t.household_id = ${from} and t.account_id = any(${uuids(ids)}) and s.category_id is not null
    union
    select category_id from monthly_rollups
      where household_id = ${from} and account_id = any(${uuids(ids)}) and category_id is not null`)
  return rows.rows.map((r) => r.id)
}

/**
 * Old category id → the target household's category with the same name under the same parent,
 * created (parent first) when it has none. An id no category has any more maps to nothing.
 */
async function mapCategories(tx: Tx, from: string, to: string, used: readonly string[]): Promise<Map<string, string>> {
  const mapped = new Map<string, string>()
  if (used.length === 0) return mapped
  const source = new Map<string, CategoryRow>(
    (await tx.select().from(categories).where(eq(categories.householdId, from))).map((c) => [c.id, c]),
  )
  const resolve = async (id: string, depth: number): Promise<string | null> => {
    const known = mapped.get(id)
    if (known) return known
    const row = source.get(id)
    // categories nest one level; the depth guard only protects against a broken parent chain
    if (!row || depth > 8) return null
    const parentId = row.parentId ? await resolve(row.parentId, depth + 1) : null
    const [existing] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.householdId, to),
          sql`${categories.parentId} is not distinct from ${parentId}::uuid`,
          sql`lower(${categories.name}) = lower(${row.name})`,
        ),
      )
    const targetId =
      existing?.id ??
      (
        await tx
          .insert(categories)
          .values({ householdId: to, name: row.name, parentId, kind: row.kind, color: row.color, isHidden: row.isHidden })
          .returning({ id: categories.id })
      )[0]?.id
    if (!targetId) throw new Error('insert returned no row')
    mapped.set(id, targetId)
    return targetId
  }
  for (const id of used) await resolve(id, 0)
  return mapped
}

export async function moveAccounts(tx: Tx, move: MoveAccounts): Promise<void> {
  const { from, to, accountIds: ids, now } = move
  if (ids.length === 0) return
  const map = await mapCategories(tx, from, to, await usedCategories(tx, from, ids))
  const oldIds = [...map.keys()]
  const newIds = oldIds.map((id) => map.get(id) ?? null)
  const mapping = sql`unnest(${uuids(oldIds)}, ${uuids(newIds)}) as m(old_id, new_id)`

  // an account's bank-file identity must stay unique in its household: a moved account whose
  // identity the target already knows forgets it (its next import asks which account it is)
  await tx.execute(sql`
    update accounts a set external_key = null
    where a.id = any(${uuids(ids)}) and a.external_key is not null
      and exists (select 1 from accounts b where b.household_id = ${to} and b.external_key = a.external_key)`)
  await tx
    .update(accounts)
    .set({
      householdId: to,
      ...(move.ownerId ? { userId: move.ownerId } : {}),
      ...(move.visibility ? { visibility: move.visibility } : {}),
      updatedAt: now,
    })
    .where(and(eq(accounts.householdId, from), sql`${accounts.id} = any(${uuids(ids)})`))

  // categories first (matched while the rows are still the old household's), then the household;
  // the bill and the import a row came from are the old household's and stay there
  await tx.execute(sql`
    update transactions t set category_id = m.new_id from ${mapping}
    where t.household_id = ${from} and t.account_id = any(${uuids(ids)}) and t.category_id = m.old_id`)
  await tx.execute(sql`
    update transaction_splits s set category_id = m.new_id from ${mapping}, transactions t
    where t.id = s.transaction_id and t.household_id = ${from} and t.account_id = any(${uuids(ids)})
      and s.household_id = ${from} and s.category_id = m.old_id`)
  await tx.execute(sql`
    update transaction_splits s set household_id = ${to} from transactions t
    where t.id = s.transaction_id and t.household_id = ${from} and t.account_id = any(${uuids(ids)})
      and s.household_id = ${from}`)
  await tx.execute(sql`
    update transactions set household_id = ${to}, bill_id = null, import_batch_id = null
    where household_id = ${from} and account_id = any(${uuids(ids)})`)

  // rollups are kept per account, so the target has none of these accounts yet: re-key them,
  // summing any two old categories that became one
  await tx.execute(sql`
    insert into monthly_rollups (household_id, account_id, category_id, month, income, expense, other, count)
    select ${to}, r.account_id, m.new_id, r.month, sum(r.income)::bigint, sum(r.expense)::bigint, sum(r.other)::bigint,
      sum(r.count)::int
    from monthly_rollups r left join ${mapping} on m.old_id = r.category_id
    where r.household_id = ${from} and r.account_id = any(${uuids(ids)})
    group by r.account_id, m.new_id, r.month`)
  await tx.execute(sql`
    delete from monthly_rollups where household_id = ${from} and account_id = any(${uuids(ids)})`)
  // merchant rollups have no category: they only change household
  await tx.execute(sql`
    update merchant_rollups set household_id = ${to} where household_id = ${from} and account_id = any(${uuids(ids)})`)

  await tx
    .update(importPresets)
    .set({ householdId: to, updatedAt: now })
    .where(and(eq(importPresets.householdId, from), sql`${importPresets.accountId} = any(${uuids(ids)})`))
  await tx
    .update(bills)
    .set({ accountId: null, updatedAt: now })
    .where(and(eq(bills.householdId, from), sql`${bills.accountId} = any(${uuids(ids)})`))
  await tx
    .update(goals)
    .set({ accountId: null, updatedAt: now })
    .where(and(eq(goals.householdId, from), sql`${goals.accountId} = any(${uuids(ids)})`))
}
