// Automation Center use cases: list, add, change, pause and remove automations, their
// run history, running what is due now (./engine; the dry run is ./preview), and undo of one run
// (its transactions through the ledger, its goal contributions with the goal's total, its
// reminders), each in one database transaction. A member sees only automations about
// accounts they see whole; adults and the owner change them.
import { z } from 'zod'
import {
  automationConfig,
  type Automation,
  type AutomationConfig,
  type AutomationRun,
  type createAutomationBody,
  type updateAutomationBody,
} from '#src/contract/automations'
import { localDate } from '#src/domain/dates'
import { asCents } from '#src/domain/money'
import { sealSecret } from '#src/server/crypto/secret-box'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { AppError, conflict, invalidField, notFound } from '#src/server/http/errors'
import { checkSafeUrl } from '#src/server/http/safe-url'
import { memberScope, writableAccount, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import * as goalsService from '../goals/service'
import { deleteTransactions, loadForWrite } from '#src/server/core/ledger'
import { nextRunAt, readConfig, visible, type EngineDeps } from './config'
import { runAutomationNow } from './engine'
import * as repo from './repo'
import type { AutomationRow, RunRow } from './repo'
import { newWebhookSecret } from './webhooks'

type CreateBody = z.output<typeof createAutomationBody>
type UpdateBody = z.output<typeof updateAutomationBody>
export type ServiceDeps = { secretKey: string | null; allowLocal: boolean }

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

/** An automation the member may see (404 otherwise), with its config. */
export async function findVisible(
  db: DbOrTx,
  user: SessionUser,
  scope: MemberScope,
  id: string,
): Promise<{ row: AutomationRow; config: AutomationConfig }> {
  const row = await repo.findAutomation(db, user.householdId, id)
  const read = row ? readConfig(row) : null
  if (!row || !read || !visible(scope, read.config)) throw notFound('Automation')
  return { row, config: read.config }
}

export async function listAutomations(db: Db, user: SessionUser): Promise<Automation[]> {
  const scope = await memberScope(db, user)
  const rows = await repo.automationsOf(db, user.householdId)
  const shown = rows.flatMap((row) => {
    const read = readConfig(row)
    return read && visible(scope, read.config) ? [{ row, config: read.config }] : []
  })
  const last = await repo.lastRuns(
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
    const facts = await repo.accountFacts(db, user.householdId, id)
    if (!facts) throw invalidField(field(name), 'That account does not exist')
    if (facts.isClosed) throw invalidField(field(name), 'That account is closed')
  }
  const category = async (id: string | null) => {
    if (id === null) return
    if (!(await repo.categoryExists(db, user.householdId, id)))
      throw invalidField(field('categoryId'), 'That category does not exist')
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
  const row = await repo.insertAutomation(db, {
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
  const updated = await repo.updateAutomation(db, user.householdId, row.id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
    config: raw,
    nextRunAt: nextRunAt(config, createdOn, today),
    updatedAt: now,
  })
  if (!updated) throw notFound('Automation')
  const run = (await repo.lastRuns(db, [updated.id])).get(updated.id)
  return toDto(updated, config, run && redacted(run, user, scope))
}

export async function deleteAutomation(db: Db, user: SessionUser, id: string): Promise<void> {
  const scope = await memberScope(db, user)
  const { row } = await findVisible(db, user, scope, id)
  await repo.deleteAutomation(db, user.householdId, row.id)
}

export async function listRuns(db: Db, user: SessionUser, id: string): Promise<AutomationRun[]> {
  const scope = await memberScope(db, user)
  const { row } = await findVisible(db, user, scope, id)
  const runs = await repo.runsOf(db, row.id, 200)
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
  const run = await repo.findRun(db, user.householdId, runId)
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
    const claimed = await repo.markUndone(tx, run.id, now)
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
      const made = await repo.contributionsOf(tx, user.householdId, contributionIds)
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
        await repo.deleteContributions(
          tx,
          made.map((c) => c.id),
        )
    }
    const reminderIds = ids(run.changes, 'reminderIds')
    if (reminderIds.length) await repo.deleteReminders(tx, user.householdId, reminderIds)
    // the reminders the run retired (the 80 % alert under a 100 % one) come back as they were
    const retired = retiredReminders.safeParse(run.changes.retiredReminders ?? [])
    if (!retired.success)
      throw conflict('This run’s record cannot be read back: nothing was changed', 'UNDO_NOT_EXACT')
    const restore = retired.data.filter((r) => r.householdId === user.householdId)
    if (restore.length) await repo.restoreReminders(tx, restore)
    return toRunDto(redacted(claimed, user, scope))
  })
}
