// Automation Center use cases: list, add, change, pause and remove automations, their
// run history, a dry run over the last 90 days that changes nothing, running what is due now, and
// undo of one run (its transactions through the ledger, its goal contributions with the goal's
// total, its reminders), each in one database transaction. A member sees only automations about
// accounts they see whole; adults and the owner change them.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import { z } from 'zod'
import {
  automationConfig,
  type Automation,
  type AutomationConfig,
  type AutomationRun,
  type createAutomationBody,
  type DryRunResult,
  type updateAutomationBody,
} from '../../../contract/automations'
import { billDueAlerts, budgetAlertPercents, dipDays } from '../../../domain/automation/alerts'
import { changeEvent, TRANSACTION_CHANGES } from '../../../domain/automation/events'
import { isRecurrence } from '../../../domain/recurrence'
import { DRY_RUN_DAYS, scheduleDates } from '../../../domain/automation/schedule'
import {
  addDays,
  addMonths,
  compareDates,
  formatDay,
  localDate,
  startOfMonth,
  type IsoDate,
} from '../../../domain/dates'
import { asCents, formatMoney, negate, type Cents } from '../../../domain/money'
import { sealSecret } from '../../crypto/secret-box'
import type { Db, DbOrTx } from '../../db/connect'
import {
  automationRuns,
  automations,
  bills,
  categories,
  goalContributions,
  reminders,
} from '../../db/schema'
import { AppError, conflict, invalidField, notFound } from '../../http/errors'
import { checkSafeUrl } from '../../http/safe-url'
import { memberScope, writableAccount, type MemberScope } from '../accounts/scope'
import type { SessionUser } from '../auth/sessions'
import * as goalsService from '../goals/service'
import { deleteTransactions, loadForWrite } from '../transactions/ledger'
import {
  accountsOf,
  nextRunAt,
  readConfig,
  runAutomationNow,
  scheduleOf,
  type AutomationRow,
  type EngineDeps,
  type RunRow,
} from './engine'
import {
  accountFacts,
  amountsAfter,
  budgetUse,
  firstEntryDate,
  fullIds,
  transactionChangesSince,
  transactionsIn,
} from './facts'
import { newWebhookSecret } from './webhooks'

type CreateBody = z.output<typeof createAutomationBody>
type UpdateBody = z.output<typeof updateAutomationBody>
export type ServiceDeps = { secretKey: string | null; allowLocal: boolean }

const MAX_DRY_RUN_ACTIONS = 200

function visible(scope: MemberScope, config: AutomationConfig): boolean {
  return accountsOf(config).every((id) => scope.accounts.get(id)?.view === 'full')
}

async function lastRuns(db: DbOrTx, ids: string[]): Promise<Map<string, RunRow>> {
  if (!ids.length) return new Map()
  const rows = await db
    .selectDistinctOn([automationRuns.automationId])
    .from(automationRuns)
    .where(inArray(automationRuns.automationId, ids))
    .orderBy(automationRuns.automationId, desc(automationRuns.ranAt))
  return new Map(rows.map((r) => [r.automationId, r]))
}

function toDto(row: AutomationRow, config: AutomationConfig, last: RunRow | undefined): Automation {
  return {
    id: row.id,
    type: config.type,
    name: row.name,
    isActive: row.isActive,
    config,
    nextRunAt: row.isActive && row.nextRunAt ? row.nextRunAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    lastRun: last
      ? { ranAt: last.ranAt.toISOString(), summary: last.summary, status: last.status }
      : null,
  }
}

/** A reminder a run deleted (the 80 % budget alert a 100 % one retired), as the run recorded it. */
const retiredReminders = z.array(
  z.object({
    id: z.string(),
    householdId: z.string(),
    userId: z.string(),
    title: z.string(),
    description: z.string(),
    type: z.string(),
    priority: z.string(),
    dueDate: z.string().nullable(),
    status: z.string(),
    isRead: z.boolean(),
    sourceKey: z.string().nullable(),
    createdAt: z.coerce.date(),
    updatedAt: z.coerce.date(),
  }),
)

const ids = (changes: Record<string, unknown>, key: string): string[] => {
  const v = changes[key]
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

/**
 * A run as one member may read it: an alert's reminder for another member is theirs, and a
 * webhook's delivery about an account the member does not see whole is shown without what it said.
 */
function redacted(run: RunRow, user: SessionUser, scope: MemberScope): RunRow {
  const c = run.changes
  if (typeof c.userId === 'string' && c.userId !== user.id)
    return { ...run, summary: 'Reminded another member' }
  if (typeof c.accountId === 'string' && scope.accounts.get(c.accountId)?.view !== 'full')
    return { ...run, summary: 'Sent an event about an account you do not see' }
  return run
}

export function toRunDto(run: RunRow): AutomationRun {
  const made = {
    transactions: ids(run.changes, 'transactionIds').length,
    contributions: ids(run.changes, 'contributionIds').length,
    reminders: ids(run.changes, 'reminderIds').length,
  }
  const attempts = Array.isArray(run.changes.attempts)
    ? (run.changes.attempts as AutomationRun['attempts'])
    : []
  return {
    id: run.id,
    automationId: run.automationId,
    period: run.period,
    status: run.status,
    summary: run.summary,
    ranAt: run.ranAt.toISOString(),
    undoneAt: run.undoneAt ? run.undoneAt.toISOString() : null,
    canUndo: run.undoneAt === null && made.transactions + made.contributions + made.reminders > 0,
    made,
    attempts,
  }
}

async function findVisible(
  db: DbOrTx,
  user: SessionUser,
  scope: MemberScope,
  id: string,
): Promise<{ row: AutomationRow; config: AutomationConfig }> {
  const [row] = await db
    .select()
    .from(automations)
    .where(and(eq(automations.householdId, user.householdId), eq(automations.id, id)))
  const read = row ? readConfig(row) : null
  if (!row || !read || !visible(scope, read.config)) throw notFound('Automation')
  return { row, config: read.config }
}

export async function listAutomations(db: Db, user: SessionUser): Promise<Automation[]> {
  const scope = await memberScope(db, user)
  const rows = await db
    .select()
    .from(automations)
    .where(eq(automations.householdId, user.householdId))
    .orderBy(automations.createdAt)
  const shown = rows.flatMap((row) => {
    const read = readConfig(row)
    return read && visible(scope, read.config) ? [{ row, config: read.config }] : []
  })
  const last = await lastRuns(
    db,
    shown.map((s) => s.row.id),
  )
  return shown.map(({ row, config }) => {
    const run = last.get(row.id)
    return toDto(row, config, run && redacted(run, user, scope))
  })
}

/** Every account, category and goal the config names is the household's, and the member's to use. */
async function checkConfig(
  db: DbOrTx,
  user: SessionUser,
  scope: MemberScope,
  config: AutomationConfig,
  deps: ServiceDeps,
): Promise<void> {
  const field = (name: string) => `body.config.${name}`
  const account = async (name: string, id: string | null) => {
    if (id === null) return
    if (scope.accounts.get(id)?.view !== 'full')
      throw invalidField(field(name), 'That account does not exist')
    const facts = await accountFacts(db, user.householdId, id)
    if (!facts) throw invalidField(field(name), 'That account does not exist')
    if (facts.isClosed) throw invalidField(field(name), 'That account is closed')
  }
  const category = async (id: string | null) => {
    if (id === null) return
    const [found] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.householdId, user.householdId), eq(categories.id, id)))
    if (!found) throw invalidField(field('categoryId'), 'That category does not exist')
  }
  switch (config.type) {
    case 'scheduled_transaction':
      await account('accountId', config.accountId)
      await category(config.categoryId)
      return
    case 'goal_transfer': {
      const goal = await goalsService.findGoal(db, user.householdId, config.goalId)
      if (!goal) throw invalidField(field('goalId'), 'That goal does not exist')
      await account('incomeAccountId', config.trigger === 'income' ? config.incomeAccountId : null)
      await account('fromAccountId', config.fromAccountId)
      await account('toAccountId', config.toAccountId)
      return
    }
    case 'alert':
      await account('accountId', config.accountId)
      await category(config.condition === 'budget' ? config.categoryId : null)
      return
    case 'webhook':
      try {
        await checkSafeUrl(config.url, { allowLocal: deps.allowLocal })
      } catch (error) {
        if (error instanceof AppError) throw invalidField(field('url'), error.message, error.code)
        throw error
      }
  }
}

/** What is stored: the config as the API shows it (decimals), and the internal keys beside it. */
function stored(
  config: AutomationConfig,
  internal: Record<string, unknown>,
): Record<string, unknown> {
  return { ...z.encode(automationConfig, config), ...internal }
}

function normalise(config: AutomationConfig): AutomationConfig {
  // only the fields a trigger uses are kept, so a paused monthly transfer does not keep an old income account
  if (config.type === 'goal_transfer' && config.trigger === 'monthly')
    return { ...config, incomeAccountId: null }
  return config
}

export async function createAutomation(
  db: Db,
  user: SessionUser,
  body: CreateBody,
  deps: ServiceDeps,
  now: Date,
): Promise<Automation & { secret: string | null }> {
  const scope = await memberScope(db, user)
  const config = normalise(body.config)
  await checkConfig(db, user, scope, config, deps)
  const createdOn = localDate(now, user.timeZone)
  const secret = config.type === 'webhook' ? newWebhookSecret() : null
  const internal: Record<string, unknown> = {
    _createdOn: createdOn,
    ...(secret ? { _secret: sealSecret(secret, deps.secretKey) } : {}),
  }
  const [row] = await db
    .insert(automations)
    .values({
      householdId: user.householdId,
      userId: user.id,
      type: config.type,
      name: body.name,
      isActive: body.isActive,
      config: stored(config, internal),
      nextRunAt: nextRunAt(config, createdOn, createdOn),
      // createdAt is the database's clock, as the transactions' is: a webhook sends only those made after it
      updatedAt: now,
    })
    .returning()
  if (!row) throw new Error('insert returned nothing')
  return { ...toDto(row, config, undefined), secret }
}

export async function updateAutomation(
  db: Db,
  user: SessionUser,
  id: string,
  body: UpdateBody,
  deps: ServiceDeps,
  now: Date,
): Promise<Automation> {
  const scope = await memberScope(db, user)
  const { row, config: before } = await findVisible(db, user, scope, id)
  let config = before
  let raw = row.config
  if (body.config) {
    if (body.config.type !== before.type)
      throw invalidField('body.config.type', 'An automation keeps its type: add a new one instead')
    config = normalise(body.config)
    await checkConfig(db, user, scope, config, deps)
    const internal = Object.fromEntries(Object.entries(raw).filter(([k]) => k.startsWith('_')))
    raw = stored(config, internal)
  }
  const createdOn =
    readConfig({ config: raw, createdAt: row.createdAt })?.internal.createdOn ??
    localDate(now, user.timeZone)
  const today = localDate(now, user.timeZone)
  const [updated] = await db
    .update(automations)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
      config: raw,
      nextRunAt: nextRunAt(config, createdOn, today),
      updatedAt: now,
    })
    .where(and(eq(automations.id, row.id), eq(automations.householdId, user.householdId)))
    .returning()
  if (!updated) throw notFound('Automation')
  const run = (await lastRuns(db, [updated.id])).get(updated.id)
  return toDto(updated, config, run && redacted(run, user, scope))
}

export async function deleteAutomation(db: Db, user: SessionUser, id: string): Promise<void> {
  const scope = await memberScope(db, user)
  const { row } = await findVisible(db, user, scope, id)
  await db
    .delete(automations)
    .where(and(eq(automations.id, row.id), eq(automations.householdId, user.householdId)))
}

export async function listRuns(db: Db, user: SessionUser, id: string): Promise<AutomationRun[]> {
  const scope = await memberScope(db, user)
  const { row } = await findVisible(db, user, scope, id)
  const runs = await db
    .select()
    .from(automationRuns)
    .where(eq(automationRuns.automationId, row.id))
    .orderBy(desc(automationRuns.ranAt), desc(automationRuns.id))
    .limit(200)
  return runs.map((run) => toRunDto(redacted(run, user, scope)))
}

export async function runNow(
  db: Db,
  user: SessionUser,
  id: string,
  deps: EngineDeps,
): Promise<AutomationRun[]> {
  const scope = await memberScope(db, user)
  const { row } = await findVisible(db, user, scope, id)
  if (!row.isActive)
    throw conflict('This automation is paused: resume it to run it', 'AUTOMATION_PAUSED')
  return (await runAutomationNow(db, row, deps)).map((run) => toRunDto(redacted(run, user, scope)))
}

export async function undoRun(
  db: Db,
  user: SessionUser,
  runId: string,
  now: Date,
): Promise<AutomationRun> {
  const scope = await memberScope(db, user)
  const [run] = await db
    .select()
    .from(automationRuns)
    .where(and(eq(automationRuns.householdId, user.householdId), eq(automationRuns.id, runId)))
  if (!run) throw notFound('Run')
  await findVisible(db, user, scope, run.automationId).catch(() => {
    throw notFound('Run')
  })
  if (!toRunDto(run).canUndo)
    throw conflict(
      run.undoneAt ? 'This run was undone already' : 'This run made nothing that can be taken back',
      'NOTHING_TO_UNDO',
    )
  return db.transaction(async (tx) => {
    // claimed first: of two undos at once, one does the work
    const [claimed] = await tx
      .update(automationRuns)
      .set({ undoneAt: now })
      .where(and(eq(automationRuns.id, run.id), isNull(automationRuns.undoneAt)))
      .returning()
    if (!claimed) throw conflict('This run was undone already', 'NOTHING_TO_UNDO')
    const transactionIds = ids(run.changes, 'transactionIds')
    if (transactionIds.length) {
      const rows = await loadForWrite(tx, user.householdId, transactionIds)
      for (const r of rows) writableAccount(scope, r.accountId)
      await deleteTransactions(
        tx,
        user.householdId,
        rows.map((r) => r.id),
      )
    }
    const contributionIds = ids(run.changes, 'contributionIds')
    if (contributionIds.length) {
      const made = await tx
        .select({
          id: goalContributions.id,
          goalId: goalContributions.goalId,
          amount: goalContributions.amount,
        })
        .from(goalContributions)
        .where(
          and(
            eq(goalContributions.householdId, user.householdId),
            inArray(goalContributions.id, contributionIds),
          ),
        )
      // a contribution whose goal was deleted went with it; any other is taken back to the cent,
      // and when the goal no longer holds it (money taken out since) the undo is refused whole
      // rather than leaving the goal at a made-up figure
      for (const c of made) {
        const goal = await goalsService.findGoal(tx, user.householdId, c.goalId, { lock: true })
        if (!goal) continue
        if (goal.currentAmount < c.amount)
          throw conflict(
            `${goal.name} holds less than this run added: change the goal by hand instead`,
            'UNDO_NOT_EXACT',
          )
        await goalsService.updateGoalRow(tx, user.householdId, goal.id, {
          currentAmount: asCents(goal.currentAmount - c.amount),
          updatedAt: now,
        })
      }
      if (made.length)
        await tx.delete(goalContributions).where(
          inArray(
            goalContributions.id,
            made.map((c) => c.id),
          ),
        )
    }
    const reminderIds = ids(run.changes, 'reminderIds')
    if (reminderIds.length)
      await tx
        .delete(reminders)
        .where(and(eq(reminders.householdId, user.householdId), inArray(reminders.id, reminderIds)))
    // the reminders the run retired (the 80 % alert under a 100 % one) come back as they were
    const retired = retiredReminders.safeParse(run.changes.retiredReminders ?? [])
    if (!retired.success)
      throw conflict('This run’s record cannot be read back: nothing was changed', 'UNDO_NOT_EXACT')
    const restore = retired.data.filter((r) => r.householdId === user.householdId)
    if (restore.length) await tx.insert(reminders).values(restore).onConflictDoNothing()
    return toRunDto(redacted(claimed, user, scope))
  })
}

// ---- dry run: what it would have done over the last 90 days, read only ----

export async function dryRun(
  db: Db,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<DryRunResult> {
  const scope = await memberScope(db, user)
  const { row, config } = await findVisible(db, user, scope, id)
  return dryRunAt(db, user, scope, row, config, localDate(now, user.timeZone))
}

export async function dryRunAt(
  db: Db,
  user: SessionUser,
  scope: MemberScope,
  row: AutomationRow,
  config: AutomationConfig,
  today: IsoDate,
): Promise<DryRunResult> {
  const from = addDays(today, -DRY_RUN_DAYS)
  const actions: DryRunResult['actions'] = []
  const m = (cents: number) => formatMoney(asCents(cents), user.baseCurrency, user.locale)
  const add = (date: IsoDate, summary: string, amount: Cents | null) =>
    actions.push({ date, summary, amount })
  const months: IsoDate[] = []
  for (let month = startOfMonth(from); compareDates(month, today) <= 0; month = addMonths(month, 1))
    months.push(month)
  switch (config.type) {
    case 'scheduled_transaction': {
      const account = await accountFacts(db, user.householdId, config.accountId)
      for (const date of scheduleDates(config.startDate, config.cadence, from, today))
        add(
          date,
          `Would add ${config.payee || row.name} ${m(config.amount)} to ${account?.name ?? 'the account'}`,
          config.amount,
        )
      break
    }
    case 'goal_transfer': {
      const goal = await goalsService.findGoal(db, user.householdId, config.goalId)
      const goalName = goal?.name ?? 'the goal'
      const schedule = scheduleOf(config, from)
      if (schedule) {
        for (const date of scheduleDates(schedule.start, 'monthly', from, today, schedule.anchor))
          add(date, `Would move ${m(config.amount)} to ${goalName}`, config.amount)
      } else if (config.incomeAccountId) {
        for (const t of await transactionsIn(
          db,
          user.householdId,
          [config.incomeAccountId],
          from,
          today,
          { incomeOnly: true },
        ))
          add(
            t.date,
            `Income of ${m(t.amount)}${t.merchant ? ` from ${t.merchant}` : ''}: would move ${m(config.amount)} to ${goalName}`,
            config.amount,
          )
      }
      break
    }
    case 'alert':
      await dryRunAlert(db, user, scope, config, from, today, m, add, months)
      break
    case 'webhook': {
      if (config.events.includes('transaction.created')) {
        for (const t of await transactionsIn(db, user.householdId, fullIds(scope), from, today, {
          limit: MAX_DRY_RUN_ACTIONS + 1,
        }))
          add(
            t.date,
            `Would send transaction.created: ${t.merchant || t.description || 'transaction'} ${m(t.amount)}`,
            asCents(t.amount),
          )
      }
      // changes and deletions are kept only two days (CHANGE_KEEP_DAYS): those are the ones shown
      const changes = TRANSACTION_CHANGES.filter((c) => config.events.includes(changeEvent(c)))
      for (const c of await transactionChangesSince(db, user.householdId, fullIds(scope), new Date(`${from}T00:00:00Z`), changes, MAX_DRY_RUN_ACTIONS + 1))
        add(
          localDate(c.at, user.timeZone),
          `Would send ${changeEvent(c.change)}: ${c.row.merchant || c.row.description || 'transaction'} ${m(c.row.amount)}`,
          asCents(c.row.amount),
        )
      if (config.events.includes('budget.threshold')) {
        for (const month of months)
          for (const use of await budgetUse(db, scope, month, null))
            for (const p of budgetAlertPercents(asCents(use.spent), asCents(use.budget)))
              add(month, `Would send budget.threshold: ${use.name} at ${p}%`, null)
      }
    }
  }
  actions.sort((a, b) => compareDates(a.date, b.date))
  return {
    from,
    to: today,
    actions: actions.slice(0, MAX_DRY_RUN_ACTIONS),
    truncated: actions.length > MAX_DRY_RUN_ACTIONS,
  }
}

async function dryRunAlert(
  db: Db,
  user: SessionUser,
  scope: MemberScope,
  config: Extract<AutomationConfig, { type: 'alert' }>,
  from: IsoDate,
  today: IsoDate,
  m: (cents: number) => string,
  add: (date: IsoDate, summary: string, amount: Cents | null) => void,
  months: IsoDate[],
): Promise<void> {
  switch (config.condition) {
    case 'transaction_over': {
      const threshold = config.amount ?? asCents(0)
      const accountIds = config.accountId ? [config.accountId] : fullIds(scope)
      for (const t of await transactionsIn(db, user.householdId, accountIds, from, today, {
        spendingOver: threshold,
        limit: MAX_DRY_RUN_ACTIONS + 1,
      }))
        add(
          t.date,
          `Would alert: ${t.merchant || t.description || 'spending'} ${m(-t.amount)} is over ${m(threshold)}`,
          asCents(t.amount),
        )
      return
    }
    case 'balance_under': {
      if (!config.accountId) return
      const account = await accountFacts(db, user.householdId, config.accountId)
      if (!account) return
      const threshold = config.amount ?? asCents(0)
      // the balance at the end of each day, walked back from today's
      const rows = await transactionsIn(
        db,
        user.householdId,
        [config.accountId],
        addDays(from, 1),
        today,
        { limit: 100_000 },
      )
      const after = await amountsAfter(db, user.householdId, config.accountId, today)
      let balance = account.balance - after
      const byDay = new Map<string, number>()
      for (const r of rows) byDay.set(r.date, (byDay.get(r.date) ?? 0) + r.amount)
      const days: { date: IsoDate; balance: Cents }[] = []
      for (let d = today; compareDates(d, from) >= 0; d = addDays(d, -1)) {
        days.push({ date: d, balance: asCents(balance) })
        balance -= byDay.get(d) ?? 0
      }
      days.reverse()
      // days before the account's first entry are not a balance "under" anything: from its
      // opening day on, a first day under is a dip; otherwise the window's first day is the state before
      const opened = await firstEntryDate(db, user.householdId, config.accountId)
      const [first, ...rest] = days
      if (!first || !opened) return
      const dips =
        compareDates(opened, from) > 0
          ? dipDays(
              days.filter((d) => compareDates(d.date, opened) >= 0),
              threshold,
            )
          : dipDays(rest, threshold, first.balance < threshold)
      for (const date of dips) {
        const day = days.find((d) => d.date === date)
        add(
          date,
          `Would alert: ${account.name} went under ${m(threshold)} (${m(day?.balance ?? 0)})`,
          day?.balance ?? null,
        )
      }
      return
    }
    case 'budget':
      for (const month of months)
        for (const use of await budgetUse(db, scope, month, config.categoryId))
          for (const p of budgetAlertPercents(asCents(use.spent), asCents(use.budget)))
            add(
              month,
              `Would alert: ${use.name} budget ${p >= 100 ? 'reached' : `at ${p}%`} in ${month.slice(0, 7)} (${m(use.spent)} of ${m(use.budget)})`,
              null,
            )
      return
    case 'bill_due': {
      // every due date of the window (stepped back along each bill's recurrence), on the day
      // its reminder would have come, as the job makes one reminder per due date
      const active = await db
        .select({
          name: bills.name,
          amount: bills.amount,
          nextDueDate: bills.nextDueDate,
          recurrence: bills.recurrence,
          anchorDay: bills.anchorDay,
          accountId: bills.accountId,
        })
        .from(bills)
        .where(and(eq(bills.householdId, user.householdId), eq(bills.isActive, true)))
      const thisYear = Number(today.slice(0, 4))
      for (const bill of active) {
        if (bill.accountId && scope.accounts.get(bill.accountId)?.view !== 'full') continue
        if (!isRecurrence(bill.recurrence)) continue
        const recurrence = bill.recurrence
        for (const { due, alertOn } of billDueAlerts({ ...bill, recurrence }, config.days, from, today)) {
          const when = formatDay(due, user.locale, { weekday: true, thisYear })
          add(
            alertOn,
            compareDates(due, today) >= 0
              ? `Would remind: ${bill.name} ${m(bill.amount)} is due ${when}`
              : `Would have reminded: ${bill.name} ${m(bill.amount)} due ${when}`,
            negate(asCents(bill.amount)),
          )
        }
      }
      return
    }
  }
}
