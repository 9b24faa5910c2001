// What the automations read of the household, as one member may see it: spending per budget
// category this month, transactions over an amount, income landing in an account, the balance of
// an account at the end of each day. Queries only; the rules about them live in domain/automation.
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm'
import { categoryTree, withChildren } from '../../../domain/category-groups'
import type { IsoDate } from '../../../domain/dates'
import type { DbOrTx } from '../../db/connect'
import {
  accounts,
  budgets,
  categories,
  householdMembers,
  monthlyRollups,
  transactionChanges,
  transactions,
  users,
} from '../../db/schema'
import type { TransactionChange } from '../../../domain/automation/events'
import type { ChangedRow } from '../transactions/changes'
import { memberScope, notIn, type MemberScope } from '../accounts/scope'
import type { Role } from '../../../domain/access'

/** A transaction as the automations read it: what a webhook says of it, and when it was made. */
export type TxnFact = ChangedRow & { createdAt: Date }

const txnColumns = {
  id: transactions.id,
  accountId: transactions.accountId,
  date: transactions.date,
  amount: transactions.amount,
  merchant: transactions.merchant,
  description: transactions.description,
  categoryId: transactions.categoryId,
  kind: transactions.kind,
  createdAt: transactions.createdAt,
}

/** Accounts whose transactions the member sees. */
export const fullIds = (scope: MemberScope): string[] =>
  [...scope.accounts.values()].filter((a) => a.view === 'full').map((a) => a.id)

/** Ordinary transactions dated in [from, to] in the given accounts, oldest first, at most `limit`. */
export async function transactionsIn(
  db: DbOrTx,
  householdId: string,
  accountIds: string[],
  from: IsoDate,
  to: IsoDate,
  options: {
    spendingOver?: number
    incomeOnly?: boolean
    limit?: number
    createdSince?: Date
  } = {},
): Promise<TxnFact[]> {
  if (!accountIds.length) return []
  return db
    .select(txnColumns)
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, householdId),
        inArray(transactions.accountId, accountIds),
        gte(transactions.date, from),
        lte(transactions.date, to),
        options.spendingOver !== undefined || options.incomeOnly
          ? eq(transactions.kind, 'standard')
          : undefined,
        options.spendingOver !== undefined
          ? lt(transactions.amount, -options.spendingOver)
          : undefined,
        options.incomeOnly ? gt(transactions.amount, 0) : undefined,
        options.createdSince ? gte(transactions.createdAt, options.createdSince) : undefined,
      ),
    )
    .orderBy(asc(transactions.date), asc(transactions.createdAt))
    .limit(options.limit ?? 500)
}

/** Transactions added since an instant (webhook events), in the given accounts, newest last. */
export async function transactionsCreatedSince(
  db: DbOrTx,
  householdId: string,
  accountIds: string[],
  since: Date,
  limit = 100,
): Promise<TxnFact[]> {
  if (!accountIds.length) return []
  return db
    .select(txnColumns)
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, householdId),
        inArray(transactions.accountId, accountIds),
        gte(transactions.createdAt, since),
      ),
    )
    .orderBy(desc(transactions.createdAt))
    .limit(limit)
}

/** Changes recorded since an instant (webhook events), in the given accounts, oldest first. */
export async function transactionChangesSince(
  db: DbOrTx,
  householdId: string,
  accountIds: string[],
  since: Date,
  changes: readonly TransactionChange[],
  limit = 100,
): Promise<{ id: string; change: TransactionChange; accountId: string; row: ChangedRow; at: Date }[]> {
  if (!accountIds.length || !changes.length) return []
  const rows = await db
    .select()
    .from(transactionChanges)
    .where(
      and(
        eq(transactionChanges.householdId, householdId),
        inArray(transactionChanges.accountId, accountIds),
        inArray(transactionChanges.change, [...changes]),
        gte(transactionChanges.at, since),
      ),
    )
    .orderBy(asc(transactionChanges.at), asc(transactionChanges.id))
    .limit(limit)
  return rows.flatMap((r) => {
    const change = changes.find((c) => c === r.change)
    const d = r.data
    if (!change) return []
    const row: ChangedRow = {
      id: r.transactionId,
      accountId: r.accountId,
      date: typeof d.date === 'string' ? d.date : '',
      amount: typeof d.amount === 'number' ? d.amount : 0,
      merchant: typeof d.merchant === 'string' ? d.merchant : '',
      description: typeof d.description === 'string' ? d.description : '',
      categoryId: typeof d.categoryId === 'string' ? d.categoryId : null,
      kind: typeof d.kind === 'string' ? d.kind : 'standard',
    }
    return [{ id: r.id, change, accountId: r.accountId, row, at: r.at }]
  })
}

export type BudgetUse = { categoryId: string; name: string; budget: number; spent: number }

/** Each budget of `month` (YYYY-MM-01) with its spending (sub-categories included) in the member's accounts. */
export async function budgetUse(
  db: DbOrTx,
  scope: MemberScope,
  month: IsoDate,
  categoryId: string | null,
): Promise<BudgetUse[]> {
  const monthBudgets = await db
    .select({ categoryId: budgets.categoryId, amount: budgets.amount, name: categories.name })
    .from(budgets)
    .innerJoin(categories, eq(categories.id, budgets.categoryId))
    .where(
      and(
        eq(budgets.householdId, scope.householdId),
        eq(budgets.month, month),
        categoryId ? eq(budgets.categoryId, categoryId) : undefined,
      ),
    )
  if (!monthBudgets.length) return []
  const spent = await db
    .select({
      categoryId: monthlyRollups.categoryId,
      total: sql<string>`sum(${monthlyRollups.expense})`,
    })
    .from(monthlyRollups)
    .where(
      and(
        eq(monthlyRollups.householdId, scope.householdId),
        eq(monthlyRollups.month, month),
        notIn(monthlyRollups.accountId, scope.noTransactions),
      ),
    )
    .groupBy(monthlyRollups.categoryId)
  const cats = await db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.householdId, scope.householdId))
  // a group's budget covers the whole group's spending; a child's only its own (ADR 0036)
  const tree = categoryTree(cats)
  const spentOn = new Map(spent.map((s) => [s.categoryId, Number(s.total)]))
  return monthBudgets.map((b) => {
    const covered =
      tree.get(b.categoryId) === null ? withChildren(tree, b.categoryId) : [b.categoryId]
    return {
      categoryId: b.categoryId,
      name: b.name,
      budget: b.amount,
      spent: covered.reduce((sum, id) => sum + (spentOn.get(id) ?? 0), 0),
    }
  })
}

export type Member = { id: string; role: Role; timeZone: string; currency: string; locale: string }

/** The household's members with what each sees. */
export async function membersWithScope(
  db: DbOrTx,
  householdId: string,
): Promise<{ member: Member; scope: MemberScope }[]> {
  const rows = await db
    .select({
      id: users.id,
      role: householdMembers.role,
      timeZone: users.timeZone,
      currency: users.baseCurrency,
      locale: users.locale,
    })
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(eq(householdMembers.householdId, householdId))
  const out: { member: Member; scope: MemberScope }[] = []
  for (const row of rows) {
    const member = { ...row, role: row.role as Role }
    out.push({
      member,
      scope: await memberScope(db, { id: row.id, householdId, role: member.role }),
    })
  }
  return out
}

export async function accountFacts(db: DbOrTx, householdId: string, id: string) {
  const [row] = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      balance: accounts.balance,
      isClosed: accounts.isClosed,
      currency: accounts.currency,
    })
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)))
  return row
}

/** Sum of the amounts dated after `date` in an account (to walk the balance back in time). */
export async function amountsAfter(
  db: DbOrTx,
  householdId: string,
  accountId: string,
  date: IsoDate,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.amount}), 0)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, householdId),
        eq(transactions.accountId, accountId),
        gt(transactions.date, date),
      ),
    )
  return Number(row?.total ?? 0)
}

/** The date of an account's first entry (its opening balance, usually); null when it has none. */
export async function firstEntryDate(
  db: DbOrTx,
  householdId: string,
  accountId: string,
): Promise<IsoDate | null> {
  const [row] = await db
    .select({ first: sql<string | null>`min(${transactions.date})::text` })
    .from(transactions)
    .where(and(eq(transactions.householdId, householdId), eq(transactions.accountId, accountId)))
  return row?.first ?? null
}
