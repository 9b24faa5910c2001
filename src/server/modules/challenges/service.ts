// Savings challenges (ADR 0028): stored settings, progress always worked out from the
// household's data (domain/planning/challenges) as the asking member may see it.
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { catalogEntry, Challenge, createChallengeBody } from '../../../contract/challenges'
import { categoryTree, withChildren, type CategoryTree } from '../../../domain/category-groups'
import { addDays, addMonths, endOfMonth, localDate, type IsoDate } from '../../../domain/dates'
import { asCents, type Cents } from '../../../domain/money'
import {
  customProgress,
  cutCategoryProgress,
  noSpendProgress,
  roundUpProgress,
  unspentAllowanceProgress,
  week52Progress,
  type ChallengeKind,
  type Contribution,
  type Progress,
  type Spend,
} from '../../../domain/planning/challenges'
import type { Db, DbOrTx } from '../../db/connect'
import {
  categories,
  goalContributions,
  goals,
  reminders,
  savingsChallengeMembers,
  savingsChallenges,
  transactions,
  transactionSplits,
  users,
} from '../../db/schema'
import { AppError, forbidden, invalidField, notFound } from '../../http/errors'
import { memberScope, notIn, type MemberScope } from '../accounts/scope'
import { monthPlan } from '../spending-plan/plan'
import type { SessionUser } from '../auth/sessions'

type Body = z.output<typeof createChallengeBody>
type Row = typeof savingsChallenges.$inferSelect

export const CATALOG: z.output<typeof catalogEntry>[] = [
  {
    kind: 'week52',
    name: '52-week challenge',
    description:
      'Save a little more each week for a year (or start big and go down): 1,378 steps in all, into a goal.',
    needs: ['goal', 'step'],
  },
  {
    kind: 'no_spend',
    name: 'No-spend days',
    description:
      'Days (or weekends) with no spending in the categories you choose. One slip a week is forgiven.',
    needs: ['categories', 'endDate'],
  },
  {
    kind: 'round_up',
    name: 'Round-ups',
    description: 'Every card purchase rounded up to the next dollar; sweep the change into a goal.',
    needs: ['cards', 'target', 'endDate'],
  },
  {
    kind: 'unspent_allowance',
    name: 'Keep the change of your daily allowance',
    description: 'Whatever is left of your daily allowance each day is kept; sweep it into a goal.',
    needs: ['dailyAllowance', 'target', 'endDate'],
  },
  {
    kind: 'cut_category',
    name: 'Cut a category',
    description:
      'Spend a chosen percent less in one category this month than its average of the 3 months before.',
    needs: ['category', 'percent', 'month'],
  },
  {
    kind: 'custom',
    name: 'Your own target',
    description: 'An amount by a date, paced week by week, into a goal.',
    needs: ['goal', 'target', 'endDate'],
  },
]

const SPENDING_KINDS: ReadonlySet<ChallengeKind> = new Set([
  'no_spend',
  'round_up',
  'unspent_allowance',
  'cut_category',
])

const defaultName = (kind: ChallengeKind) => CATALOG.find((c) => c.kind === kind)?.name ?? kind

function datesOf(body: Body, today: IsoDate): { start: IsoDate; end: IsoDate } {
  if (body.kind === 'cut_category')
    return { start: `${body.month}-01`, end: endOfMonth(`${body.month}-01`) }
  const start = body.startDate ?? today
  if (body.kind === 'week52') return { start, end: addDays(start, 52 * 7 - 1) }
  if (body.endDate < start) throw invalidField('body.endDate', 'Must not be before the start')
  return { start, end: body.endDate }
}

/** `dailyAllowance`: the one to keep the change of (the asked one, else today's). */
function configOf(body: Body, dailyAllowance: Cents | null): Record<string, unknown> {
  switch (body.kind) {
    case 'week52':
      return { step: body.step, direction: body.direction }
    case 'no_spend':
      return { which: body.which, categoryIds: body.categoryIds }
    case 'round_up':
      return { accountIds: body.accountIds, target: body.target, swept: 0 }
    case 'unspent_allowance':
      return { dailyAllowance: body.dailyAllowance ?? dailyAllowance, target: body.target, swept: 0 }
    case 'cut_category':
      return { categoryId: body.categoryId, percent: body.percent, month: body.month }
    case 'custom':
      return { target: body.target }
  }
}

async function checkReferences(
  db: DbOrTx,
  user: SessionUser,
  scope: MemberScope,
  body: Body,
): Promise<void> {
  const goalId = 'goalId' in body ? body.goalId : undefined
  if (goalId) {
    const [goal] = await db
      .select({ id: goals.id })
      .from(goals)
      .where(and(eq(goals.householdId, user.householdId), eq(goals.id, goalId)))
    if (!goal) throw invalidField('body.goalId', 'That goal does not exist')
  }
  const categoryIds =
    body.kind === 'no_spend'
      ? body.categoryIds
      : body.kind === 'cut_category'
        ? [body.categoryId]
        : []
  if (categoryIds.length) {
    const found = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.householdId, user.householdId), inArray(categories.id, categoryIds)))
    const known = new Set(found.map((c) => c.id))
    const missing = categoryIds.findIndex((id) => !known.has(id))
    if (missing >= 0)
      throw invalidField(
        body.kind === 'cut_category' ? 'body.categoryId' : `body.categoryIds.${missing}`,
        'That category does not exist',
      )
  }
  if (body.kind === 'round_up') {
    body.accountIds.forEach((id, i) => {
      if (scope.accounts.get(id)?.view !== 'full')
        throw invalidField(`body.accountIds.${i}`, 'That account does not exist')
    })
  }
}

export async function createChallenge(
  db: Db,
  user: SessionUser,
  body: Body,
  now: Date,
): Promise<Challenge> {
  const scope = await memberScope(db, user)
  await checkReferences(db, user, scope, body)
  const { start, end } = datesOf(body, localDate(now, user.timeZone))
  // keeping the change of the daily allowance: the app's own (the dashboard's figure) unless one is given
  let allowance: Cents | null = null
  if (body.kind === 'unspent_allowance' && body.dailyAllowance === undefined) {
    allowance = (await monthPlan(db, user, now, undefined, { scope })).dailyAllowance
    if (allowance <= 0)
      throw invalidField('body.dailyAllowance', 'Your daily allowance is 0 today: enter the daily amount to keep the change of')
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(savingsChallenges)
      .values({
        householdId: user.householdId,
        createdBy: user.id,
        kind: body.kind,
        name: body.name || defaultName(body.kind),
        config: configOf(body, allowance),
        goalId: 'goalId' in body ? (body.goalId ?? null) : null,
        startDate: start,
        endDate: end,
      })
      .returning({ id: savingsChallenges.id })
    if (!row) throw new Error('insert returned nothing')
    await tx
      .insert(savingsChallengeMembers)
      .values({ challengeId: row.id, userId: user.id, householdId: user.householdId })
    return row.id
  })
  return getChallenge(db, user, id, now)
}

async function findChallenge(db: DbOrTx, user: SessionUser, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(savingsChallenges)
    .where(and(eq(savingsChallenges.householdId, user.householdId), eq(savingsChallenges.id, id)))
  if (!row) throw notFound('Challenge')
  return row
}

export async function getChallenge(
  db: Db,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<Challenge> {
  const row = await findChallenge(db, user, id)
  const [out] = await present(db, user, [row], now)
  if (!out) throw notFound('Challenge')
  return out
}

export async function listChallenges(db: Db, user: SessionUser, now: Date): Promise<Challenge[]> {
  const rows = await db
    .select()
    .from(savingsChallenges)
    .where(eq(savingsChallenges.householdId, user.householdId))
    .orderBy(asc(savingsChallenges.startDate), asc(savingsChallenges.createdAt))
  return present(db, user, rows, now)
}

export async function joinChallenge(
  db: Db,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<Challenge> {
  await findChallenge(db, user, id)
  await db
    .insert(savingsChallengeMembers)
    .values({ challengeId: id, userId: user.id, householdId: user.householdId })
    .onConflictDoNothing()
  return getChallenge(db, user, id, now)
}

export async function leaveChallenge(
  db: Db,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<Challenge> {
  await findChallenge(db, user, id)
  await db
    .delete(savingsChallengeMembers)
    .where(
      and(eq(savingsChallengeMembers.challengeId, id), eq(savingsChallengeMembers.userId, user.id)),
    )
  return getChallenge(db, user, id, now)
}

export async function deleteChallenge(db: Db, user: SessionUser, id: string): Promise<void> {
  const row = await findChallenge(db, user, id)
  if (row.createdBy !== user.id && user.role !== 'owner' && user.role !== 'adult')
    throw forbidden('Only who started a challenge, or an adult, can remove it')
  await db.delete(savingsChallenges).where(eq(savingsChallenges.id, id))
}

/** Moves what a round-up or kept-allowance challenge has gathered, not yet swept, into its goal. */
export async function sweepChallenge(
  db: Db,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<Challenge> {
  const row = await findChallenge(db, user, id)
  if (row.kind !== 'round_up' && row.kind !== 'unspent_allowance')
    throw new AppError(
      409,
      'NOTHING_TO_SWEEP',
      'Only round-up and kept-allowance challenges gather money to sweep',
    )
  if (!row.goalId)
    throw new AppError(409, 'NO_GOAL', 'This challenge feeds no goal: link one to sweep into it')
  const [shown] = await present(db, user, [row], now, { complete: false })
  const gathered = Math.round(
    (shown?.participants ?? []).reduce((s, p) => s + p.progress.value, 0) * 100,
  )
  const swept = Number(row.config.swept ?? 0)
  const amount = gathered - swept
  if (amount <= 0)
    throw new AppError(409, 'NOTHING_TO_SWEEP', 'Nothing new to sweep since the last time')
  const goalId = row.goalId
  await db.transaction(async (tx) => {
    const [goal] = await tx
      .select({ id: goals.id, currentAmount: goals.currentAmount })
      .from(goals)
      .where(and(eq(goals.householdId, user.householdId), eq(goals.id, goalId)))
      .for('update')
    if (!goal) throw new AppError(409, 'NO_GOAL', 'The goal this challenge fed is gone')
    await tx.insert(goalContributions).values({
      goalId,
      householdId: user.householdId,
      amount,
      date: localDate(now, user.timeZone),
      note: `From the challenge "${row.name}"`,
    })
    await tx
      .update(goals)
      .set({ currentAmount: goal.currentAmount + amount, updatedAt: now })
      .where(eq(goals.id, goalId))
    await tx
      .update(savingsChallenges)
      .set({ config: { ...row.config, swept: gathered }, updatedAt: now })
      .where(eq(savingsChallenges.id, id))
  })
  return getChallenge(db, user, id, now)
}

// ---- progress ----

type SpendRow = Spend & { userId: string }

/** Spending (money out, standard transactions, splits per part) in the accounts the member sees. */
async function loadSpending(
  db: DbOrTx,
  user: SessionUser,
  scope: MemberScope,
  from: IsoDate,
  to: IsoDate,
  userIds: string[],
): Promise<SpendRow[]> {
  if (userIds.length === 0) return []
  const where = and(
    eq(transactions.householdId, user.householdId),
    gte(transactions.date, from),
    lte(transactions.date, to),
    eq(transactions.kind, 'standard'),
    sql`${transactions.amount} < 0`,
    inArray(transactions.userId, userIds),
    notIn(transactions.accountId, scope.noTransactions),
  )
  const whole = await db
    .select({
      date: transactions.date,
      amount: transactions.amount,
      categoryId: transactions.categoryId,
      accountId: transactions.accountId,
      userId: transactions.userId,
      isSplit: transactions.isSplit,
      id: transactions.id,
    })
    .from(transactions)
    .where(where)
  const splitIds = whole.filter((t) => t.isSplit).map((t) => t.id)
  const parts = splitIds.length
    ? await db
        .select({
          transactionId: transactionSplits.transactionId,
          amount: transactionSplits.amount,
          categoryId: transactionSplits.categoryId,
        })
        .from(transactionSplits)
        .where(inArray(transactionSplits.transactionId, splitIds))
    : []
  const partsOf = new Map<string, typeof parts>()
  for (const p of parts) {
    const list = partsOf.get(p.transactionId) ?? []
    list.push(p)
    partsOf.set(p.transactionId, list)
  }
  const out: SpendRow[] = []
  for (const t of whole) {
    const split = t.isSplit ? partsOf.get(t.id) : undefined
    if (split?.length) {
      for (const p of split)
        if (p.amount < 0)
          out.push({
            date: t.date,
            amount: asCents(p.amount),
            categoryId: p.categoryId,
            accountId: t.accountId,
            userId: t.userId,
          })
    } else
      out.push({
        date: t.date,
        amount: asCents(t.amount),
        categoryId: t.categoryId,
        accountId: t.accountId,
        userId: t.userId,
      })
  }
  return out
}

/** The contributions of each of these goals. */
async function loadContributions(
  db: DbOrTx,
  householdId: string,
  goalIds: string[],
): Promise<Map<string, Contribution[]>> {
  const byGoal = new Map<string, Contribution[]>()
  if (goalIds.length === 0) return byGoal
  const rows = await db
    .select({
      goalId: goalContributions.goalId,
      date: goalContributions.date,
      amount: goalContributions.amount,
    })
    .from(goalContributions)
    .where(
      and(
        eq(goalContributions.householdId, householdId),
        inArray(goalContributions.goalId, [...new Set(goalIds)]),
      ),
    )
  for (const r of rows) {
    const list = byGoal.get(r.goalId) ?? []
    list.push({ date: r.date, amount: asCents(r.amount) })
    byGoal.set(r.goalId, list)
  }
  return byGoal
}

/**
 * `tree`: the household's categories, so that a chosen group counts its sub-categories too
 * (ADR 0036), as filtering transactions by a group does.
 */
function progressOf(
  row: Row,
  today: IsoDate,
  spending: readonly Spend[],
  contributions: readonly Contribution[],
  tree: CategoryTree,
): Progress {
  const family = (ids: readonly string[]) => [...new Set(ids.flatMap((id) => withChildren(tree, id)))]
  const c = row.config as Record<string, unknown>
  const start = row.startDate
  const end = row.endDate
  const cents = (key: string) => asCents(Number(c[key] ?? 0))
  switch (row.kind as ChallengeKind) {
    case 'week52':
      return week52Progress(
        {
          step: cents('step'),
          direction: c.direction === 'descending' ? 'descending' : 'ascending',
          start,
        },
        // the goal's money from the challenge's own sweeps is not in play here: it is a goal challenge
        contributions,
        today,
      )
    case 'no_spend': {
      const ids = family(Array.isArray(c.categoryIds) ? (c.categoryIds as string[]) : [])
      return noSpendProgress(
        {
          which: c.which === 'weekends' ? 'weekends' : 'all',
          categoryIds: ids.length ? ids : null,
          start,
          end,
        },
        spending,
        today,
      )
    }
    case 'round_up':
      return roundUpProgress(
        {
          accountIds: (c.accountIds as string[] | undefined) ?? [],
          start,
          target: cents('target'),
        },
        spending,
        today < end ? today : end,
      )
    case 'unspent_allowance':
      return unspentAllowanceProgress(
        { dailyAllowance: cents('dailyAllowance'), start, end, target: cents('target') },
        spending,
        today,
      )
    case 'cut_category': {
      const month = String(c.month)
      const first = `${month}-01` as IsoDate
      const previous = [addMonths(first, -3), addMonths(first, -2), addMonths(first, -1)].map((d) =>
        d.slice(0, 7),
      ) as [string, string, string]
      const byMonth = new Map<string, number>()
      const counted = new Set(family(typeof c.categoryId === 'string' ? [c.categoryId] : []))
      for (const s of spending)
        if (s.categoryId !== null && counted.has(s.categoryId))
          byMonth.set(s.date.slice(0, 7), (byMonth.get(s.date.slice(0, 7)) ?? 0) - s.amount)
      return cutCategoryProgress(
        { percent: Number(c.percent), month, previousMonths: previous },
        byMonth,
        today,
      )
    }
    case 'custom':
      return customProgress({ target: cents('target'), start, by: end }, contributions, today)
  }
}

function toWire(p: Progress, kind: ChallengeKind): Challenge['participants'][number]['progress'] {
  const days = kind === 'no_spend'
  const m = (v: number) => (days ? v : v / 100)
  return {
    value: m(p.value),
    target: m(p.target),
    unit: days ? 'days' : 'money',
    share: p.share,
    expectedByNow: p.expectedByNow === null ? null : m(p.expectedByNow),
    status: p.status,
    summary: p.summary,
    milestones: p.milestones,
    streak: p.streak,
  }
}

async function present(
  db: Db,
  user: SessionUser,
  rows: Row[],
  now: Date,
  options: { complete?: boolean } = {},
): Promise<Challenge[]> {
  if (rows.length === 0) return []
  const today = localDate(now, user.timeZone)
  const scope = await memberScope(db, user)
  const members = await db
    .select({
      challengeId: savingsChallengeMembers.challengeId,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(savingsChallengeMembers)
    .innerJoin(users, eq(users.id, savingsChallengeMembers.userId))
    .where(
      inArray(
        savingsChallengeMembers.challengeId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(savingsChallengeMembers.joinedAt))
  // what every challenge reads, read once: the spending of all spending challenges' participants
  // over the span of their ranges, and the contributions of every goal a challenge feeds
  const rangeOf = (row: Row) => ({
    // cut_category compares with the three months before its month
    from: row.kind === 'cut_category' ? addMonths(row.startDate, -3) : row.startDate,
    to: today < row.endDate ? today : row.endDate,
  })
  const spendingRows = rows.filter((r) => SPENDING_KINDS.has(r.kind as ChallengeKind))
  const spanFrom = spendingRows.map((r) => rangeOf(r).from).sort()[0]
  const spanTo = spendingRows
    .map((r) => rangeOf(r).to)
    .sort()
    .at(-1)
  const spenders = [
    ...new Set(
      members.filter((m) => spendingRows.some((r) => r.id === m.challengeId)).map((m) => m.userId),
    ),
  ]
  const allSpending =
    spanFrom && spanTo ? await loadSpending(db, user, scope, spanFrom, spanTo, spenders) : []
  const byCategory = rows.some((r) => r.kind === 'no_spend' || r.kind === 'cut_category')
  const tree = categoryTree(
    byCategory
      ? await db
          .select({ id: categories.id, parentId: categories.parentId })
          .from(categories)
          .where(eq(categories.householdId, user.householdId))
      : [],
  )
  const allContributions = await loadContributions(
    db,
    user.householdId,
    rows.flatMap((r) =>
      r.goalId && !SPENDING_KINDS.has(r.kind as ChallengeKind) ? [r.goalId] : [],
    ),
  )
  const out: Challenge[] = []
  for (const row of rows) {
    const kind = row.kind as ChallengeKind
    const people = members.filter((m) => m.challengeId === row.id)
    const joined = people.some((p) => p.userId === user.id)
    const spendingBased = SPENDING_KINDS.has(kind)
    const { from, to } = rangeOf(row)
    const spending = spendingBased ? allSpending.filter((x) => x.date >= from && x.date <= to) : []
    const contributions = spendingBased ? [] : (allContributions.get(row.goalId ?? '') ?? [])
    const participants = people.map((p) => ({
      userId: p.userId,
      name: `${p.firstName} ${p.lastName}`.trim() || p.email.split('@')[0] || 'Member',
      progress: progressOf(
        row,
        today,
        spendingBased ? spending.filter((s) => s.userId === p.userId) : [],
        contributions,
        tree,
      ),
    }))
    const shared = spendingBased ? null : progressOf(row, today, [], contributions, tree)
    const mine = shared ?? participants.find((p) => p.userId === user.id)?.progress ?? null
    let completedAt = row.completedAt
    const done = shared
      ? shared.status === 'completed'
      : participants.some((p) => p.progress.status === 'completed')
    if (done && completedAt === null && options.complete !== false)
      completedAt = await markCompleted(
        db,
        user,
        row,
        people.map((p) => p.userId),
        now,
      )
    out.push({
      id: row.id,
      kind,
      name: row.name,
      description: CATALOG.find((c) => c.kind === kind)?.description ?? '',
      startDate: row.startDate,
      endDate: row.endDate,
      goalId: row.goalId,
      config: row.config,
      createdBy: row.createdBy,
      joined,
      completedAt: completedAt ? completedAt.toISOString() : null,
      progress: mine ? toWire(mine, kind) : null,
      participants: participants.map((p) => ({
        userId: p.userId,
        name: p.name,
        progress: toWire(p.progress, kind),
      })),
      swept: asCents(Number((row.config as Record<string, unknown>).swept ?? 0)) as Cents,
    })
  }
  return out
}

/**
 * The first time a challenge is seen completed: it is marked, once (a conditional update, so
 * two requests at once celebrate once), and each participant gets a reminder to celebrate.
 */
async function markCompleted(
  db: Db,
  user: SessionUser,
  row: Row,
  userIds: string[],
  now: Date,
): Promise<Date | null> {
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(savingsChallenges)
      .set({ completedAt: now })
      .where(and(eq(savingsChallenges.id, row.id), sql`${savingsChallenges.completedAt} is null`))
      .returning({ completedAt: savingsChallenges.completedAt })
    if (!marked) return row.completedAt
    if (userIds.length)
      await tx
        .insert(reminders)
        .values(
          userIds.map((userId) => ({
            householdId: user.householdId,
            userId,
            title: `Challenge complete: ${row.name}`,
            description: 'You did it! Time to celebrate, and maybe start the next one.',
            type: 'other' as const,
            priority: 'medium' as const,
            dueDate: localDate(now, user.timeZone),
            sourceKey: `challenge:${row.id}:done`,
          })),
        )
        .onConflictDoNothing({ target: [reminders.userId, reminders.sourceKey] })
    return marked.completedAt
  })
}
