// What a household member may see of the household's accounts (ADR 0023), worked out once per
// request from the small accounts table and applied by every query that reads money: account
// lists, transactions, search, totals, budgets, reports and exports alike. A household's
// accounts are few, so the two exclusion lists are short, and empty for a household that hides
// nothing from anyone, which keeps the hot queries' plans as they were.
import { and, eq, gte, lte, sql, type SQLWrapper, type SQL } from 'drizzle-orm'
import { accountView, type AccountView, type AccountVisibility, type Member } from '#src/domain/access'
import type { DbOrTx } from '../db/connect'
import { accounts, monthlyRollups, transactions } from '../db/schema'
import { forbidden, notFound } from '../http/errors'
import type { SessionUser } from './sessions'

export type ScopedAccount = {
  id: string
  ownerId: string
  visibility: AccountVisibility
  sharedWithTeens: boolean
  view: AccountView
}

export type MemberScope = {
  member: Member
  householdId: string
  /** every account of the household with what the member sees of it */
  accounts: Map<string, ScopedAccount>
  /** accounts the member may not see at all: left out of account lists and net worth */
  hidden: string[]
  /**
   * accounts whose transactions the member may not see (hidden and balance-only ones): left
   * out of every transaction list, search, summary, budget, report and export
   */
  noTransactions: string[]
}

type AccountFacts = { id: string; ownerId: string; visibility: string; sharedWithTeens: boolean }

/**
 * The household's account facts kept in this process, for the embedded database only (ADR 0023
 * addendum): one process alone can open its data (a lock guards it), and every request that may
 * change a household's accounts forgets that household here before it answers, so the cache is
 * never behind the database. A read that began before such a forget does not store what it saw.
 * On PostgreSQL several instances may share the data, and every request reads the facts afresh.
 */
type ScopeCache = { facts: Map<string, AccountFacts[]>; generation: number }
const caches = new WeakMap<object, ScopeCache>()
const MAX_HOUSEHOLDS = 10_000

/** Keeps the account facts of `db`'s households in this process (embedded database only). */
export function enableScopeCache(db: object): void {
  if (!caches.has(db)) caches.set(db, { facts: new Map(), generation: 0 })
}

/** Forgets one household's facts (or every household's, with null): a write may have changed them. */
export function forgetScope(db: object, householdId: string | null): void {
  const cache = caches.get(db)
  if (!cache) return
  cache.generation += 1
  if (householdId === null) cache.facts.clear()
  else cache.facts.delete(householdId)
}

async function accountFacts(db: DbOrTx, householdId: string): Promise<AccountFacts[]> {
  const cache = caches.get(db)
  const cached = cache?.facts.get(householdId)
  if (cached) return cached
  const generation = cache?.generation
  const rows = await db
    .select({
      id: accounts.id,
      ownerId: accounts.userId,
      visibility: accounts.visibility,
      sharedWithTeens: accounts.sharedWithTeens,
    })
    .from(accounts)
    .where(eq(accounts.householdId, householdId))
  if (cache && cache.generation === generation) {
    if (cache.facts.size >= MAX_HOUSEHOLDS) cache.facts.clear()
    cache.facts.set(householdId, rows)
  }
  return rows
}

export async function memberScope(db: DbOrTx, user: Pick<SessionUser, 'id' | 'householdId' | 'role'>): Promise<MemberScope> {
  const rows = await accountFacts(db, user.householdId)
  const member: Member = { id: user.id, role: user.role }
  const scoped = new Map<string, ScopedAccount>()
  const hidden: string[] = []
  const noTransactions: string[] = []
  for (const row of rows) {
    const facts = { ...row, visibility: row.visibility as AccountVisibility }
    const view = accountView(member, facts)
    scoped.set(row.id, { ...facts, view })
    if (view === 'none') hidden.push(row.id)
    if (view !== 'full') noTransactions.push(row.id)
  }
  return { member, householdId: user.householdId, accounts: scoped, hidden, noTransactions }
}

/** `column` is none of `ids` (always true for an empty list): for an account-id column. */
export function notIn(column: SQLWrapper, ids: string[]): SQL {
  return sql`${column} <> all(${sql.param(ids)}::uuid[])`
}

/** A household's transactions dated in [from, to], but those of the accounts left out. */
export function transactionsBetween(householdId: string, from: string, to: string, leftOut: string[]): SQL | undefined {
  return and(
    eq(transactions.householdId, householdId),
    gte(transactions.date, from),
    lte(transactions.date, to),
    notIn(transactions.accountId, leftOut),
  )
}

/** A household's monthly rollups of the months [from, to] (first days), but those of the accounts left out. */
export function rollupsBetween(householdId: string, from: string, to: string, leftOut: string[]): SQL | undefined {
  return and(
    eq(monthlyRollups.householdId, householdId),
    gte(monthlyRollups.month, from),
    lte(monthlyRollups.month, to),
    notIn(monthlyRollups.accountId, leftOut),
  )
}

/** The account, when the member sees all of it (its transactions); 404 otherwise. */
export function fullAccount(scope: MemberScope, id: string): ScopedAccount {
  const found = scope.accounts.get(id)
  if (!found || found.view !== 'full') throw notFound('Account')
  return found
}

/** The id of an account a row points at (a bill's, a goal's) when the member sees all of the account; null otherwise, so the id does not leak. */
export function wholeAccountId(scope: MemberScope, id: string | null): string | null {
  return id !== null && scope.accounts.get(id)?.view === 'full' ? id : null
}

/** The account when the member may add or change its transactions: 404 unseen, 403 a viewer. */
export function writableAccount(scope: MemberScope, id: string): ScopedAccount {
  const found = fullAccount(scope, id)
  if (scope.member.role === 'viewer') throw forbidden('Viewers can look but not change anything')
  return found
}
