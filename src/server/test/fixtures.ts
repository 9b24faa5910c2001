// Test-only rows written straight to the database, for tests that need data owned by another
// module (an account, a transaction and its rollup) without depending on that module's API.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connect'
import {
  accounts,
  householdMembers,
  monthlyRollups,
  transactionSplits,
  transactions,
} from '../db/schema'
import { signUp, type Client } from './helper'

/** A new signed-in user (see helper's signUp). */
/** An id no row has: the answer for it must be the same as for a row the member may not see. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000'

export const newUser = (app: FastifyInstance): Promise<Client> => signUp(app)

export async function householdOf(db: Db, client: Client): Promise<string> {
  const rows = await db
    .select({ householdId: householdMembers.householdId })
    .from(householdMembers)
    .where(eq(householdMembers.userId, client.user.id))
  const row = rows[0]
  if (!row) throw new Error('user has no household')
  return row.householdId
}

export async function insertAccount(
  db: Db,
  client: Client,
  values: { name?: string; type?: string; balance?: number } = {},
): Promise<string> {
  const householdId = await householdOf(db, client)
  const [row] = await db
    .insert(accounts)
    .values({
      householdId,
      userId: client.user.id,
      name: values.name ?? 'Checking',
      type: values.type ?? 'checking',
      balance: values.balance ?? 0,
    })
    .returning({ id: accounts.id })
  if (!row) throw new Error('insert returned no row')
  return row.id
}

/** A bare transaction row (no balance or rollup upkeep: the test states those itself). */
export async function insertTransactionRow(
  db: Db,
  client: Client,
  values: {
    accountId: string
    categoryId: string | null
    date: string
    amount: number
    splits?: { categoryId: string | null; amount: number }[]
  },
): Promise<string> {
  const householdId = await householdOf(db, client)
  const [row] = await db
    .insert(transactions)
    .values({
      householdId,
      userId: client.user.id,
      accountId: values.accountId,
      categoryId: values.categoryId,
      date: values.date,
      amount: values.amount,
      isSplit: (values.splits?.length ?? 0) > 0,
    })
    .returning({ id: transactions.id })
  if (!row) throw new Error('insert returned no row')
  for (const split of values.splits ?? []) {
    await db.insert(transactionSplits).values({ transactionId: row.id, householdId, ...split })
  }
  return row.id
}

export async function insertRollup(
  db: Db,
  client: Client,
  values: {
    accountId: string
    categoryId: string | null
    month: string
    income?: number
    expense?: number
    other?: number
    count: number
  },
): Promise<void> {
  const householdId = await householdOf(db, client)
  await db.insert(monthlyRollups).values({ householdId, ...values })
}
