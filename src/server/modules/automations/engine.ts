// Running automations: what is due for one automation now, each unit of work in its
// own database transaction that first claims its period in automation_runs (unique per
// automation and period; insert … on conflict do nothing). Of several instances doing the same
// work at once, exactly one gets the row and makes the change; the others skip. What is due comes
// from the one evaluator in its run mode (./evaluate); this file acts on it. Transactions are
// written through the ledger (balances and rollups move), goal contributions through the goals
// service, alerts become reminders (unique source keys) for the members who may see the account.
import type {
  AlertReminder,
  EvaluationMode,
  Firing,
  GoalFiring,
} from '#src/domain/automation/evaluate'
import * as texts from '#src/domain/automation/texts'
import { addDays, localDate } from '#src/domain/dates'
import { asCents, negate } from '#src/domain/money'
import { planAllows, isSubscriptionTier } from '#src/domain/tiers'
import type { AutomationConfig } from '#src/contract/automations'
import type { Db, Tx } from '#src/server/db/connect'
import { uuidv7 } from '#src/server/db/ids'
import type { MemberScope } from '#src/server/core/scope'
import * as goalsService from '../goals/service'
import { retireOtherBudgetAlerts } from '../reminders/generated'
import { insertTransactions } from '#src/server/core/ledger'
import { nextRunAt, readConfig, type ConfigOf, type EngineDeps, type Internal } from './config'
import {
  alertEvaluation,
  goalFirings,
  scheduledFirings,
  voiceOf,
  type EvaluationContext,
} from './evaluate'
import * as repo from './repo'
import type { AutomationRow, Member, RunRow } from './repo'
import { runWebhook } from './webhook-runs'

type Creator = { member: Member; scope: MemberScope }

/** Claims a period: the run row, or null when another run (or instance) has it already. */
const claim = (tx: Tx, row: AutomationRow, period: string, now: Date): Promise<RunRow | null> =>
  repo.claimRun(tx, {
    automationId: row.id,
    householdId: row.householdId,
    period,
    summary: '',
    status: 'done',
    changes: {},
    ranAt: now,
  })

async function finish(
  tx: Tx,
  run: RunRow,
  patch: { status?: string; summary?: string; changes?: Record<string, unknown> },
): Promise<RunRow> {
  return (await repo.updateRun(tx, run.id, patch)) ?? run
}

/** An account the creator may still write to (their view full, not closed). */
async function usableAccount(tx: Tx, creator: Creator, householdId: string, id: string) {
  if (
    creator.scope.accounts.get(id)?.view !== 'full' ||
    creator.member.role === 'viewer' ||
    creator.member.role === 'teen'
  )
    return null
  const account = await repo.accountFacts(tx, householdId, id)
  return account && !account.isClosed ? account : null
}

async function runScheduled(
  db: Db,
  row: AutomationRow,
  config: ConfigOf<'scheduled_transaction'>,
  creator: Creator,
  ctx: EvaluationContext,
  mode: EvaluationMode,
  deps: EngineDeps,
): Promise<RunRow[]> {
  const voice = ctx.voice
  const out: RunRow[] = []
  for (const { key, date } of await scheduledFirings(db, ctx, config, mode)) {
    const run = await db.transaction(async (tx) => {
      const claimed = await claim(tx, row, key, deps.now)
      if (!claimed) return null
      const account = await usableAccount(tx, creator, row.householdId, config.accountId)
      if (!account)
        return finish(tx, claimed, {
          status: 'failed',
          summary: texts.scheduledNotAdded(voice, date),
        })
      let categoryId = config.categoryId
      if (categoryId && !(await repo.categoryExists(tx, row.householdId, categoryId)))
        categoryId = null
      const ids = await insertTransactions(tx, [
        {
          householdId: row.householdId,
          userId: row.userId,
          accountId: config.accountId,
          categoryId,
          date,
          amount: config.amount,
          merchant: config.payee,
          description: row.name,
          notes: texts.scheduledNote(row.name),
          kind: 'standard',
          source: 'manual',
        },
      ])
      return finish(tx, claimed, {
        summary: texts.scheduledAdded(
          voice,
          config.payee || row.name,
          config.amount,
          account.name,
          date,
        ),
        changes: { transactionIds: ids },
      })
    })
    if (run) out.push(run)
  }
  return out
}

async function goalMove(
  tx: Tx,
  row: AutomationRow,
  config: ConfigOf<'goal_transfer'>,
  creator: Creator,
  ctx: EvaluationContext,
  run: RunRow,
  { date, why }: GoalFiring,
): Promise<RunRow> {
  const voice = ctx.voice
  const goal = await goalsService.findGoal(tx, row.householdId, config.goalId, { lock: true })
  if (!goal || !goal.isActive)
    return finish(tx, run, { status: 'failed', summary: texts.goalGone(voice, date) })
  let transactionIds: string[] = []
  if (config.fromAccountId && config.toAccountId) {
    const from = await usableAccount(tx, creator, row.householdId, config.fromAccountId)
    const to = await usableAccount(tx, creator, row.householdId, config.toAccountId)
    if (!from || !to)
      return finish(tx, run, { status: 'failed', summary: texts.goalAccountGone(voice, date) })
    const base = {
      householdId: row.householdId,
      userId: row.userId,
      categoryId: null,
      date,
      merchant: '',
      description: texts.goalTransferDescription(goal.name),
      notes: texts.goalTransferNote(row.name),
      kind: 'transfer' as const,
      source: 'manual' as const,
      transferGroupId: uuidv7(),
    }
    transactionIds = await insertTransactions(tx, [
      { ...base, accountId: from.id, amount: negate(config.amount) },
      { ...base, accountId: to.id, amount: config.amount },
    ])
  }
  const contribution = await goalsService.insertContribution(tx, {
    goalId: goal.id,
    householdId: row.householdId,
    amount: config.amount,
    date,
    note: texts.goalContributionNote(row.name),
  })
  await goalsService.updateGoalRow(tx, row.householdId, goal.id, {
    currentAmount: asCents(goal.currentAmount + config.amount),
    updatedAt: new Date(run.ranAt),
  })
  return finish(tx, run, {
    summary: texts.goalMoved(voice, config.amount, goal.name, date, why),
    changes: { transactionIds, contributionIds: [contribution.id], goalId: goal.id },
  })
}

async function runGoalTransfer(
  db: Db,
  row: AutomationRow,
  config: ConfigOf<'goal_transfer'>,
  creator: Creator,
  ctx: EvaluationContext,
  mode: EvaluationMode,
  deps: EngineDeps,
): Promise<RunRow[]> {
  const out: RunRow[] = []
  for (const firing of await goalFirings(db, ctx, config, mode)) {
    const run = await db.transaction(async (tx) => {
      const claimed = await claim(tx, row, firing.key, deps.now)
      return claimed ? goalMove(tx, row, config, creator, ctx, claimed, firing) : null
    })
    if (run) out.push(run)
  }
  return out
}

function mayGet(scope: MemberScope, event: AlertReminder): boolean {
  if (event.onlyFor && event.onlyFor !== scope.member.id) return false
  if (!event.account) return true
  const view = scope.accounts.get(event.account.id)?.view
  return event.account.need === 'full' ? view === 'full' : view !== undefined && view !== 'none'
}

/** One member's reminder of an alert, in its own claimed run. */
async function remind(
  tx: Tx,
  row: AutomationRow,
  member: Member,
  firing: Firing,
  event: AlertReminder,
  now: Date,
): Promise<RunRow | null> {
  const claimed = await claim(tx, row, `${firing.key}:${member.id}`, now)
  if (!claimed) return null
  const made = await repo.insertReminder(tx, {
    householdId: row.householdId,
    userId: member.id,
    title: event.title.slice(0, 200),
    description: event.description,
    type: event.type,
    priority: event.priority,
    dueDate: event.dueDate,
    sourceKey: event.shared ? firing.key : `automation:${row.id}:${firing.key}`,
  })
  // the 100 % alert retires the 80 % one: the run keeps the rows it deleted, whole, so
  // that its undo puts them back as they were
  const retired =
    made.length && event.type === 'budget_limit' && event.shared
      ? await retireOtherBudgetAlerts(tx, row.householdId, member.id, firing.key)
      : []
  return finish(tx, claimed, {
    summary: texts.reminded(event.title),
    changes: {
      reminderIds: made.map((r) => r.id),
      userId: member.id,
      ...(retired.length ? { retiredReminders: retired } : {}),
    },
  })
}

async function runAlert(
  db: Db,
  row: AutomationRow,
  config: ConfigOf<'alert'>,
  internal: Internal,
  ctx: EvaluationContext,
  mode: EvaluationMode,
  deps: EngineDeps,
): Promise<RunRow[]> {
  const { firings, dipSince } = await alertEvaluation(db, ctx, config, mode)
  // a balance alert keeps the day the balance went under while it stays under: one reminder a dip
  if (dipSince !== (internal.dipSince ?? null))
    await repo.setAutomationState(db, row.id, { config: { ...row.config, _dipSince: dipSince } })
  const out: RunRow[] = []
  for (const firing of firings) {
    const event = firing.reminder
    if (!event) continue
    for (const { member, scope } of ctx.everyone) {
      if (!mayGet(scope, event)) continue
      const run = await db.transaction((tx) => remind(tx, row, member, firing, event, deps.now))
      if (run) out.push(run)
    }
  }
  return out
}

/** Runs what is due for one automation at `deps.now`; the runs it made (none when all were made already). */
export async function runAutomationNow(
  db: Db,
  row: AutomationRow,
  deps: EngineDeps,
): Promise<RunRow[]> {
  if (!row.isActive) return []
  const read = readConfig(row)
  if (!read) return []
  const everyone = await repo.membersWithScope(db, row.householdId)
  const creator = everyone.find((m) => m.member.id === row.userId)
  if (!creator) return []
  const today = localDate(deps.now, creator.member.timeZone)
  const { config, internal } = read
  const mode: EvaluationMode = { mode: 'run', today, createdOn: internal.createdOn }
  const ctx: EvaluationContext = {
    householdId: row.householdId,
    name: row.name,
    memberId: creator.member.id,
    scope: creator.scope,
    voice: voiceOf(creator.member, today),
    everyone,
    automationCreatedAt: row.createdAt,
    now: deps.now,
    dipSince: internal.dipSince ?? null,
  }
  let runs: RunRow[]
  switch (config.type) {
    case 'scheduled_transaction':
      runs = await runScheduled(db, row, config, creator, ctx, mode, deps)
      break
    case 'goal_transfer':
      runs = await runGoalTransfer(db, row, config, creator, ctx, mode, deps)
      break
    case 'alert':
      runs = await runAlert(db, row, config, internal, ctx, mode, deps)
      break
    case 'webhook':
      runs = await runWebhook(db, row, config, internal, ctx, mode, deps)
      break
  }
  const next = nextRunAt(config, internal.createdOn, addDays(today, 1))
  if (next && next.getTime() !== row.nextRunAt?.getTime())
    await repo.setAutomationState(db, row.id, { nextRunAt: next })
  return runs
}

/**
 * The scheduled job: every active automation of a household on a plan with automation whose next
 * date has come (a day ahead, for time zones east of UTC) or that events start. Returns the runs made.
 */
export async function runAllAutomations(
  db: Db,
  deps: EngineDeps,
  householdId?: string,
  types?: AutomationConfig['type'][],
): Promise<number> {
  const soon = new Date(deps.now.getTime() + 86_400_000)
  const rows = await repo.dueAutomations(db, soon, householdId, types)
  let made = 0
  for (const { automation, plan } of rows) {
    if (!isSubscriptionTier(plan) || !planAllows(plan, 'automation')) continue
    try {
      made += (await runAutomationNow(db, automation, deps)).length
    } catch (error) {
      deps.log?.error({ err: error, automation: automation.id }, 'automation failed')
    }
  }
  return made
}
