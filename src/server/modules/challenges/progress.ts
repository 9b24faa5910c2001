// The progress of savings challenges, always worked out from the household's data
// (domain/planning/challenges) as the asking member may see it, and the challenges as the API
// shows them; the first time one is seen completed, it is marked and celebrated.
import type { Challenge } from '#src/contract/challenges'
import { categoryTree, withChildren, type CategoryTree } from '#src/domain/category-groups'
import { addMonths, localDate, type IsoDate } from '#src/domain/dates'
import { asCents, type Cents } from '#src/domain/money'
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
} from '#src/domain/planning/challenges'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { memberScope, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { CATALOG, SPENDING_KINDS } from './catalog'
import {
  categoryParents,
  challengeMembers,
  contributionRows,
  insertCelebrations,
  markCompletedRow,
  spendingRows,
  type ChallengeRow as Row,
} from './repo'

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
  const { whole, parts } = await spendingRows(db, user.householdId, scope.noTransactions, from, to, userIds)
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
  const rows = await contributionRows(db, householdId, goalIds)
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

export async function present(
  db: Db,
  user: SessionUser,
  rows: Row[],
  now: Date,
  options: { complete?: boolean } = {},
): Promise<Challenge[]> {
  if (rows.length === 0) return []
  const today = localDate(now, user.timeZone)
  const scope = await memberScope(db, user)
  const members = await challengeMembers(
    db,
    rows.map((r) => r.id),
  )
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
    byCategory ? await categoryParents(db, user.householdId) : [],
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
    const marked = await markCompletedRow(tx, row.id, now)
    if (!marked) return row.completedAt
    if (userIds.length) await insertCelebrations(tx, user.householdId, row, userIds, localDate(now, user.timeZone))
    return marked.completedAt
  })
}
