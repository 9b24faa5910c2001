// The Automation Center's SQL: the automations and their runs (one run per automation and
// period, claimed by insert … on conflict do nothing), the reminders and goal contributions runs
// make and undo, and what the automations read of the household as one member may see it
// (transactions over an amount, income landing in an account, an account's balance and entries,
// active bills; spending per budget is in ./budget-use). Queries only; the rules about them live
// in domain/automation.
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { IsoDate } from '#src/domain/dates'
import type { DbOrTx, Tx } from '#src/server/db/connect'
import {
  accounts,
  automationRuns,
  automations,
  bills,
  categories,
  goalContributions,
  householdMembers,
  households,
  reminders,
  transactionChanges,
  transactions,
  users,
} from '#src/server/db/schema'
import type { TransactionChange } from '#src/domain/automation/events'
import type { ChangedRow } from '#src/server/core/changes'
import { memberScope, type MemberScope } from '#src/server/core/scope'
import type { Role } from '#src/domain/access'

export type AutomationRow = typeof automations.$inferSelect
export type RunRow = typeof automationRuns.$inferSelect

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
): Promise<
  { id: string; change: TransactionChange; accountId: string; row: ChangedRow; at: Date }[]
> {
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

/** A category of the household (a scheduled transaction's category may have been deleted since). */
export async function categoryExists(
  db: DbOrTx,
  householdId: string,
  id: string,
): Promise<boolean> {
  const [found] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.householdId, householdId), eq(categories.id, id)))
  return found !== undefined
}

/** The active bills, those due in [from, to] when given. */
export function activeBills(db: DbOrTx, householdId: string, due?: { from: IsoDate; to: IsoDate }) {
  return db
    .select({
      id: bills.id,
      name: bills.name,
      amount: bills.amount,
      nextDueDate: bills.nextDueDate,
      recurrence: bills.recurrence,
      anchorDay: bills.anchorDay,
      accountId: bills.accountId,
    })
    .from(bills)
    .where(
      and(
        eq(bills.householdId, householdId),
        eq(bills.isActive, true),
        due ? gte(bills.nextDueDate, due.from) : undefined,
        due ? lte(bills.nextDueDate, due.to) : undefined,
      ),
    )
}

// ---- automations ----

export async function findAutomation(
  db: DbOrTx,
  householdId: string,
  id: string,
): Promise<AutomationRow | undefined> {
  const [row] = await db
    .select()
    .from(automations)
    .where(and(eq(automations.householdId, householdId), eq(automations.id, id)))
  return row
}

export function automationsOf(db: DbOrTx, householdId: string): Promise<AutomationRow[]> {
  return db
    .select()
    .from(automations)
    .where(eq(automations.householdId, householdId))
    .orderBy(automations.createdAt)
}

export async function insertAutomation(
  db: DbOrTx,
  values: typeof automations.$inferInsert,
): Promise<AutomationRow | undefined> {
  const [row] = await db.insert(automations).values(values).returning()
  return row
}

export async function updateAutomation(
  db: DbOrTx,
  householdId: string,
  id: string,
  patch: Partial<typeof automations.$inferInsert>,
): Promise<AutomationRow | undefined> {
  const [row] = await db
    .update(automations)
    .set(patch)
    .where(and(eq(automations.id, id), eq(automations.householdId, householdId)))
    .returning()
  return row
}

export async function deleteAutomation(db: DbOrTx, householdId: string, id: string): Promise<void> {
  await db
    .delete(automations)
    .where(and(eq(automations.id, id), eq(automations.householdId, householdId)))
}

/** What the engine keeps beside an automation: its stored config, its next date. */
export async function setAutomationState(
  db: DbOrTx,
  id: string,
  patch: { config?: Record<string, unknown>; nextRunAt?: Date },
): Promise<void> {
  await db.update(automations).set(patch).where(eq(automations.id, id))
}

/**
 * Active automations whose next date has come by `soon`, or that events start (alerts,
 * webhooks), with their household's plan.
 */
export function dueAutomations(db: DbOrTx, soon: Date, householdId?: string, types?: string[]) {
  return db
    .select({ automation: automations, plan: households.plan })
    .from(automations)
    .innerJoin(households, eq(households.id, automations.householdId))
    .where(
      and(
        eq(automations.isActive, true),
        householdId ? eq(automations.householdId, householdId) : undefined,
        types ? inArray(automations.type, types) : undefined,
        or(
          isNull(automations.nextRunAt),
          lte(automations.nextRunAt, soon),
          inArray(automations.type, ['alert', 'webhook']),
        ),
      ),
    )
}

// ---- runs ----

/** Claims a period: the run row, or null when another run (or instance) has it already. */
export async function claimRun(
  tx: DbOrTx,
  values: typeof automationRuns.$inferInsert,
): Promise<RunRow | null> {
  const [run] = await tx
    .insert(automationRuns)
    .values(values)
    .onConflictDoNothing({ target: [automationRuns.automationId, automationRuns.period] })
    .returning()
  return run ?? null
}

export async function updateRun(
  db: DbOrTx,
  id: string,
  patch: { status?: string; summary?: string; changes?: Record<string, unknown> },
): Promise<RunRow | undefined> {
  const [out] = await db
    .update(automationRuns)
    .set(patch)
    .where(eq(automationRuns.id, id))
    .returning()
  return out
}

/** The last run of each automation. */
export async function lastRuns(db: DbOrTx, ids: string[]): Promise<Map<string, RunRow>> {
  if (!ids.length) return new Map()
  const rows = await db
    .selectDistinctOn([automationRuns.automationId])
    .from(automationRuns)
    .where(inArray(automationRuns.automationId, ids))
    .orderBy(automationRuns.automationId, desc(automationRuns.ranAt))
  return new Map(rows.map((r) => [r.automationId, r]))
}

export function runsOf(db: DbOrTx, automationId: string, limit: number): Promise<RunRow[]> {
  return db
    .select()
    .from(automationRuns)
    .where(eq(automationRuns.automationId, automationId))
    .orderBy(desc(automationRuns.ranAt), desc(automationRuns.id))
    .limit(limit)
}

/** Failed runs of an automation since an instant (webhook deliveries to try again). */
export function failedRunsSince(
  db: DbOrTx,
  automationId: string,
  since: Date,
  limit: number,
): Promise<RunRow[]> {
  return db
    .select()
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.automationId, automationId),
        eq(automationRuns.status, 'failed'),
        gte(automationRuns.ranAt, since),
      ),
    )
    .limit(limit)
}

export async function findRun(
  db: DbOrTx,
  householdId: string,
  id: string,
): Promise<RunRow | undefined> {
  const [run] = await db
    .select()
    .from(automationRuns)
    .where(and(eq(automationRuns.householdId, householdId), eq(automationRuns.id, id)))
  return run
}

/** Marks a run undone, unless it is already: of two undos at once, one gets the row. */
export async function markUndone(tx: Tx, id: string, now: Date): Promise<RunRow | undefined> {
  const [claimed] = await tx
    .update(automationRuns)
    .set({ undoneAt: now })
    .where(and(eq(automationRuns.id, id), isNull(automationRuns.undoneAt)))
    .returning()
  return claimed
}

// ---- what runs make: reminders, goal contributions ----

/** A reminder for one member, unless they have one under its key; the ids made. */
export function insertReminder(
  tx: DbOrTx,
  values: typeof reminders.$inferInsert,
): Promise<{ id: string }[]> {
  return tx
    .insert(reminders)
    .values(values)
    .onConflictDoNothing({ target: [reminders.userId, reminders.sourceKey] })
    .returning({ id: reminders.id })
}

export async function deleteReminders(
  tx: DbOrTx,
  householdId: string,
  ids: string[],
): Promise<void> {
  await tx
    .delete(reminders)
    .where(and(eq(reminders.householdId, householdId), inArray(reminders.id, ids)))
}

/** Puts back reminders as they were (those a run retired). */
export async function restoreReminders(
  tx: DbOrTx,
  rows: (typeof reminders.$inferInsert)[],
): Promise<void> {
  await tx.insert(reminders).values(rows).onConflictDoNothing()
}

export function contributionsOf(db: DbOrTx, householdId: string, ids: string[]) {
  return db
    .select({
      id: goalContributions.id,
      goalId: goalContributions.goalId,
      amount: goalContributions.amount,
    })
    .from(goalContributions)
    .where(and(eq(goalContributions.householdId, householdId), inArray(goalContributions.id, ids)))
}

export async function deleteContributions(tx: DbOrTx, ids: string[]): Promise<void> {
  await tx.delete(goalContributions).where(inArray(goalContributions.id, ids))
}
