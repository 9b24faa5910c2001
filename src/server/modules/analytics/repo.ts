// Analytics queries: net worth's balances and flows per currency in one prepared statement.
import { sql } from 'drizzle-orm'
import type { Db } from '#src/server/db/connect'
import { param, preparedSql } from '#src/server/db/prepared'
import { accounts, households, monthlyRollups } from '#src/server/db/schema'
import { ratesColumn } from '../currencies/rates'

export type NetWorthRow = {
  base: string
  balances: [string, string][] | string | null
  since: [string, string][] | string | null
  rates: [string, string, string, number][] | string | null
}

// per currency: the balances and what came after last month's end, with the household's base
// and its rates to it, so accounts in another currency convert in the same round trip
const netWorthRows = preparedSql<NetWorthRow>('net_worth', () => {
  const base = sql`(select hb.base_currency from ${households} hb where hb.id = ${param('h')})`
  return sql`
    select ${base} as base,
      (select json_agg(json_build_array(b.currency, b.total::text)) from (
        select a.currency, sum(a.balance) as total from ${accounts} a
        where a.household_id = ${param('h')} and a.id <> all(${param('hidden')}::uuid[])
        group by a.currency) b) as balances,
      (select json_agg(json_build_array(s.currency, s.total::text)) from (
        select a.currency, sum(r.income - r.expense + r.other) as total
        from ${monthlyRollups} r join ${accounts} a on a.id = r.account_id
        where r.household_id = ${param('h')} and r.month >= ${param('monthStart')}
          and r.account_id <> all(${param('noTransactions')}::uuid[])
        group by a.currency) s) as since,
      ${ratesColumn(param('h'), base)} as rates`
})

/** Excluded ids are array parameters, so the statement keeps one shape and one plan. */
export async function findNetWorthRow(
  db: Db,
  householdId: string,
  monthStart: string,
  hidden: string[],
  noTransactions: string[],
): Promise<NetWorthRow | undefined> {
  const [row] = await netWorthRows(db, { h: householdId, monthStart, hidden, noTransactions })
  return row
}
