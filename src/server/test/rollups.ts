// What the merchant rollups hold against what the transactions say they should hold (the
// migration's backfill): tests of every write that moves them compare the two.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/connect'

type Row = { account: string; merchant: string; month: string; spent: string; count: number }

/** What the table holds, and what the transactions say it should hold (the migration's backfill). */
export async function merchantRollups(db: Db, householdId: string): Promise<{ kept: string[]; truth: string[] }> {
  const fmt = (r: Row) => `${r.account}|${r.merchant}|${r.month}|${Number(r.spent)}|${Number(r.count)}`
  const kept = await db.execute<Row>(sql`
    select account_id::text as account, merchant, month::text as month, spent::text as spent, count
    from merchant_rollups where household_id = ${householdId} and (spent <> 0 or count <> 0)`)
  const truth = await db.execute<Row>(sql`
    select x.account_id::text as account, x.merchant, x.month::text as month, sum(x.spent)::text as spent, count(*)::int as count
    from (
      select t.account_id, t.merchant, date_trunc('month', t.date)::date as month,
        case when t.is_split
          then coalesce((select sum(-s.amount) from transaction_splits s where s.transaction_id = t.id and s.amount < 0), 0)
          else -t.amount end as spent
      from transactions t
      where t.household_id = ${householdId} and t.kind = 'standard' and (t.amount < 0 or t.is_split)
    ) x where x.spent > 0
    group by 1, 2, 3`)
  return { kept: kept.rows.map(fmt).sort(), truth: truth.rows.map(fmt).sort() }
}

