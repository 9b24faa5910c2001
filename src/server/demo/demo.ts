// The demo household of `npm start -- --demo` (created once) and the benchmark seeder of
// `npm run seed`: a user with accounts of every type, three years of transactions, bills,
// goals, budgets, credit scores and reminders.
import { and, eq, sql } from 'drizzle-orm'
import { addDays, addMonths, dayOfMonth, localDate, startOfMonth, type IsoDate } from '#src/domain/dates'
import { asCents } from '#src/domain/money'
import type { RuleActions, RuleCondition } from '#src/domain/rules'
import type { Db } from '../db/connect'
import {
  accounts,
  bills,
  budgets,
  categories,
  creditScores,
  goalContributions,
  goals,
  householdMembers,
  reminders,
  users,
} from '../db/schema'
import { createUser } from '../modules/auth/service'
import { setPlan } from '../modules/subscription/plan'
import { addMembership, deleteHousehold } from '../modules/household/membership'
import { insertRuleRow } from '../modules/rules/service'
import { generateReminders } from '../modules/reminders/generated'
import { insertTransactions } from '../core/ledger'
import { settleBills } from '../modules/bills/settle'
import { extraPerDayFor, generateTransactions, type DemoAccounts } from './generator'

export const DEMO_EMAIL = 'demo@kinwise.local'
export const DEMO_PASSWORD = 'kinwise-demo-2026'

/** The rest of the demo family, signed in with the same password: what a partner and a teen see. */
export const DEMO_FAMILY = [
  { email: 'jordan@kinwise.local', firstName: 'Jordan', role: 'adult', account: ['Jordan’s Savings', 'savings', 'private', 425000] },
  { email: 'riley@kinwise.local', firstName: 'Riley', role: 'teen', account: ['Riley’s Debit', 'checking', 'shared', 18540] },
] as const

type SeedOptions = {
  email: string
  password: string
  firstName?: string
  lastName?: string
  /** about how many transactions; default: a realistic three years (~2,800) */
  transactions?: number
  years?: number
  tier?: 'free' | 'basic' | 'premium'
  log?: (message: string) => void
}

async function findUser(db: Db, email: string): Promise<{ id: string; householdId: string } | null> {
  const rows = await db
    .select({ id: users.id, householdId: householdMembers.householdId })
    .from(users)
    .innerJoin(householdMembers, eq(householdMembers.userId, users.id))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return rows[0] ?? null
}

export async function ensureDemoHousehold(
  db: Db,
  now: Date,
): Promise<{ created: boolean; email: string; password: string }> {
  const existing = await findUser(db, DEMO_EMAIL)
  if (!existing) {
    await seedHousehold(db, now, {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      firstName: 'Alex',
      lastName: 'Morgan',
      tier: 'premium',
    })
    await addDemoFamily(db, now)
    // Jordan, an adult, gets the household's bill reminders as well
    const owner = await findUser(db, DEMO_EMAIL)
    if (owner) await generateReminders(db, now, { householdId: owner.householdId })
  }
  return { created: !existing, email: DEMO_EMAIL, password: DEMO_PASSWORD }
}

/**
 * Jordan (an adult with a private savings account Alex never sees) and Riley (a teen with a debit
 * account of their own, who also sees the wallet Alex shares with teens): the family sharing and
 * privacy of ADR 0023, ready to look at.
 */
async function addDemoFamily(db: Db, now: Date): Promise<void> {
  const owner = await findUser(db, DEMO_EMAIL)
  if (!owner) throw new Error('no demo owner')
  const today = localDate(now, 'UTC')
  for (const person of DEMO_FAMILY) {
    const created = await createUser(db, { email: person.email, password: DEMO_PASSWORD, firstName: person.firstName, lastName: 'Morgan', timeZone: 'UTC' })
    const [name, type, visibility, opening] = person.account
    await db.transaction(async (tx) => {
      // createUser gave them a household of their own: they live in the demo household instead
      await deleteHousehold(tx, created.householdId)
      await addMembership(tx, owner.householdId, created.id, person.role)
      await tx.update(users).set({ hasCompletedOnboarding: true }).where(eq(users.id, created.id))
      const [account] = await tx
        .insert(accounts)
        .values({ householdId: owner.householdId, userId: created.id, name, type, visibility, institution: 'Demo Bank' })
        .returning({ id: accounts.id })
      if (!account) throw new Error('insert returned no row')
      await insertTransactions(tx, [
        {
          householdId: owner.householdId,
          userId: created.id,
          accountId: account.id,
          categoryId: null,
          date: addDays(today, -40),
          amount: asCents(opening),
          merchant: '',
          description: 'Opening balance',
          notes: '',
          kind: 'opening_balance',
          source: 'manual',
        },
      ])
    })
  }
  await db
    .update(accounts)
    .set({ sharedWithTeens: true })
    .where(and(eq(accounts.householdId, owner.householdId), eq(accounts.name, 'Wallet')))
}

/** Creates the user (if missing) and fills their household. Returns the number of transactions. */
export async function seedHousehold(db: Db, now: Date, options: SeedOptions): Promise<{ userId: string; transactions: number }> {
  const log = options.log ?? (() => undefined)
  let user = await findUser(db, options.email)
  if (!user) {
    const created = await createUser(db, {
      email: options.email,
      password: options.password,
      firstName: options.firstName ?? 'Sam',
      lastName: options.lastName ?? 'Rivera',
      timeZone: 'UTC',
    })
    user = { id: created.id, householdId: created.householdId }
  }
  const { id: userId, householdId } = user
  await db
    .update(users)
    .set({ hasCompletedOnboarding: true })
    .where(eq(users.id, userId))
  if (options.tier) await setPlan(db, householdId, options.tier, now)

  const today = localDate(now, 'UTC')
  const from = addMonths(startOfMonth(today), -12 * (options.years ?? 3))
  const cats = Object.fromEntries(
    (await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.householdId, householdId))).map(
      (c) => [c.name, c.id],
    ),
  )

  const accountSpecs = [
    ['checking', 'Everyday Checking', 'checking', 320000, '4821'],
    ['savings', 'High-Yield Savings', 'savings', 850000, '7730'],
    ['card', 'Visa Rewards', 'credit_card', 0, '1188'],
    ['investment', 'Brokerage', 'investment', 1250000, '5512'],
    ['loan', 'Car Loan', 'loan', -1800000, '0097'],
    ['mortgage', 'Home Mortgage', 'mortgage', -24500000, '3310'],
    ['cash', 'Wallet', 'cash', 8000, null],
  ] as const
  const acc: Record<string, string> = {}
  for (const [key, name, type, opening, number] of accountSpecs) {
    const [row] = await db
      .insert(accounts)
      .values({ householdId, userId, name, type, accountNumber: number, institution: type === 'cash' ? null : 'Demo Bank' })
      .returning({ id: accounts.id })
    if (!row) throw new Error('insert returned no row')
    acc[key] = row.id
    if (opening !== 0) {
      await db.transaction((tx) =>
        insertTransactions(tx, [
          {
            householdId,
            userId,
            accountId: row.id,
            categoryId: null,
            date: from,
            amount: asCents(opening),
            merchant: '',
            description: 'Opening balance',
            notes: '',
            kind: 'opening_balance',
            source: 'manual',
          },
        ]),
      )
    }
  }
  const demoAccounts: DemoAccounts = {
    checking: acc.checking ?? '',
    savings: acc.savings ?? '',
    card: acc.card ?? '',
    investment: acc.investment ?? '',
    loan: acc.loan ?? '',
    mortgage: acc.mortgage ?? '',
    cash: acc.cash ?? '',
  }

  // transactions, written a month at a time in batches of about 20k rows
  let pending: Parameters<typeof insertTransactions>[1] = []
  let written = 0
  const flush = async () => {
    const batch = pending
    pending = []
    if (batch.length) await db.transaction((tx) => insertTransactions(tx, batch))
    written += batch.length
    log(`  ${written.toLocaleString('en-US')} transactions`)
  }
  const months: Parameters<typeof insertTransactions>[1][] = []
  generateTransactions(
    {
      householdId,
      userId,
      accounts: demoAccounts,
      categories: cats,
      from,
      to: today,
      extraPerDay: options.transactions ? extraPerDayFor(options.transactions, from, today) : 0,
    },
    (rows) => months.push(rows),
  )
  for (const rows of months) {
    pending.push(...rows)
    if (pending.length >= 20_000) await flush()
  }
  await flush()

  // bills as the history pays them (demo/generator.ts): each starts three months back and the
  // settlement pass ties the payments already in the ledger to its due dates and moves it on, as
  // it would for a family that imported its statements (ADR 0045)
  const since = addMonths(startOfMonth(today), -3)
  const onDay = (day: number) => addMonths(since, 0, day)
  const billSpecs = [
    ['Rent', 'Oakwood Apartments', 165000, 5, 'Rent & Mortgage', 'monthly', onDay(1), acc.checking],
    ['Electricity', 'City Power & Gas', 9500, 50, 'Electricity & Gas', 'monthly', onDay(5), acc.checking],
    ['Internet', 'FiberNet', 6500, 5, 'Internet & Phone', 'monthly', onDay(8), acc.checking],
    ['Phone', 'Mobile One', 4500, 5, 'Internet & Phone', 'monthly', onDay(12), acc.checking],
    ['Netflix', 'Netflix', 1549, 5, 'Subscriptions', 'monthly', onDay(3), acc.card],
    ['Car insurance', 'SafeDrive Insurance', 14000, 15, 'Insurance', 'monthly', onDay(18), acc.checking],
    ['Amazon Prime', '', 13900, 5, 'Subscriptions', 'yearly', addDays(today, 75), acc.card],
    ['Gym', 'Gym Plus', 3900, 5, 'Subscriptions', 'monthly', onDay(20), acc.card],
  ] as const
  await db.insert(bills).values(
    billSpecs.map(([name, payee, amount, tolerancePercent, category, recurrence, due, accountId]) => ({
      householdId,
      userId,
      name,
      payee,
      amount,
      tolerancePercent,
      categoryId: cats[category] ?? null,
      accountId: accountId ?? null,
      recurrence,
      nextDueDate: due,
      anchorDay: dayOfMonth(due),
    })),
  )
  await db.transaction((tx) => settleBills(tx, householdId, { today, now, since }))

  // goals with a history of contributions
  const goalSpecs = [
    ['Emergency Fund', 1500000, 50000, addMonths(today, 14), 18],
    ['Summer Vacation', 400000, 30000, addMonths(today, 6), 4],
    ['New Car Down Payment', 2000000, 40000, addMonths(today, 30), 6],
  ] as const
  for (const [name, target, monthly, targetDate, monthsSaved] of goalSpecs) {
    const [goal] = await db
      .insert(goals)
      .values({
        householdId,
        userId,
        name,
        targetAmount: target,
        currentAmount: monthly * monthsSaved,
        targetDate,
        monthlyContribution: monthly,
        accountId: acc.savings ?? null,
      })
      .returning({ id: goals.id })
    if (!goal) continue
    await db.insert(goalContributions).values(
      Array.from({ length: monthsSaved }, (_, i) => ({
        goalId: goal.id,
        householdId,
        amount: monthly,
        date: addDays(startOfMonth(addMonths(today, -(monthsSaved - 1 - i))), 1),
      })),
    )
  }

  // budgets for this month and the last two
  // near what the generator spends a month, so the plan shows a mix of on-track and over
  const budgetSpecs: [string, number][] = [
    ['Groceries', 65000],
    ['Dining Out', 25000],
    ['Fuel', 35000],
    ['Shopping', 80000],
    ['Entertainment', 30000],
    ['Subscriptions', 8000],
    ['Personal Care', 25000],
    ['Electricity & Gas', 15000],
    ['Kids', 45000],
  ]
  for (let back = 0; back < 3; back++) {
    const month = startOfMonth(addMonths(today, -back))
    await db
      .insert(budgets)
      .values(budgetSpecs.flatMap(([name, amount]) => (cats[name] ? [{ householdId, categoryId: cats[name], month, amount }] : [])))
      .onConflictDoNothing()
  }

  // a year of credit scores
  await db.insert(creditScores).values(
    Array.from({ length: 12 }, (_, i) => ({
      householdId,
      userId,
      score: 688 + i * 5 + (i % 3),
      provider: i % 2 ? 'Experian' : 'TransUnion',
      date: startOfMonth(addMonths(today, -(11 - i))) as IsoDate,
    })),
  )

  // a few categorisation rules, as a household that imports its statements would keep
  const ruleSpecs: [string, RuleCondition[], RuleActions][] = [
    ['Fuel stations', [{ field: 'payee', operator: 'regex', value: '^(shell|chevron|costco gas)' }], { setCategoryId: cats['Fuel'] ?? null }],
    ['Streaming', [{ field: 'payee', operator: 'contains', value: 'netflix' }], { setCategoryId: cats['Subscriptions'] ?? null, renamePayee: 'Netflix' }],
    ['Payroll', [{ field: 'payee', operator: 'contains', value: 'payroll' }], { setCategoryId: cats['Salary'] ?? null, addNote: 'Pay cheque' }],
  ]
  for (const [position, [name, conditions, actions]] of ruleSpecs.entries()) {
    await insertRuleRow(db, { householdId, name, position, isActive: true, match: 'all', conditions, actions, createdAt: now, updatedAt: now })
  }

  await db.insert(reminders).values([
    {
      householdId,
      userId,
      title: 'Review insurance renewal',
      description: 'Compare quotes before the car insurance renews.',
      type: 'other',
      priority: 'medium',
      dueDate: addDays(today, 20),
    },
  ])

  // the bills due soon and budget alerts, made as the reminder job makes them (same keys): the
  // job's next run finds them there and adds no second "Internet due …" beside them
  await generateReminders(db, now, { householdId })

  // fresh statistics for the planner: the embedded database has no autovacuum to gather them,
  // and on a server it would take a while to notice this many new rows
  await db.execute(sql`analyze`)

  const [count] = await db
    .select({ n: sql<string>`count(*)` })
    .from(sql`transactions`)
    .where(and(sql`household_id = ${householdId}`))
  return { userId, transactions: Number(count?.n ?? 0) }
}
