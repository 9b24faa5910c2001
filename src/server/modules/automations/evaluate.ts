// Reads what an automation needs to decide, once, as one member sees the household, and hands
// it to the one evaluator (domain/automation/evaluate): in a run as its creator, with every
// member's view for budget alerts; in a dry run as the member who asked, over the last 90 days.
// The engine acts on the firings; the dry run lists them.
import {
  budgetMonths,
  evaluateAlert,
  evaluateGoalTransfer,
  evaluateScheduled,
  evaluateWebhook,
  factWindow,
  webhookChanges,
  type AlertEvaluation,
  type AlertFacts,
  type BudgetMonthFacts,
  type EvaluationMode,
  type Firing,
  type GoalFiring,
  type WebhookFiring,
} from '#src/domain/automation/evaluate'
import type { Voice } from '#src/domain/automation/texts'
import { addDays, type IsoDate } from '#src/domain/dates'
import { asCents, formatMoney } from '#src/domain/money'
import type { AutomationConfig } from '#src/contract/automations'
import type { Db } from '#src/server/db/connect'
import type { MemberScope } from '#src/server/core/scope'
import type { ConfigOf } from './config'
import * as goalsService from '../goals/service'
import { budgetUse } from '#src/server/core/budget-use'
import {
  accountFacts,
  activeBills,
  amountsAfter,
  firstEntryDate,
  fullIds,
  transactionChangesSince,
  transactionsCreatedSince,
  transactionsIn,
  type Member,
} from './repo'

/** The most a dry run lists (it reads one more, to say it was cut short). */
export const MAX_PREVIEW_ACTIONS = 200

/** Webhooks look back a day for what happened (and retry failed deliveries of that day). */
export const WEBHOOK_LOOKBACK_MS = 86_400_000

export type EvaluationContext = {
  householdId: string
  /** the automation's name (a scheduled transaction without a payee is called by it) */
  name: string
  /** whose view: the creator's in a run, the asking member's in a dry run */
  memberId: string
  scope: MemberScope
  voice: Voice
  /** in a run: every member with their view (each gets budget alerts as they see the spending) */
  everyone: { member: Member; scope: MemberScope }[]
  /** in a run: webhooks send what happened since the later of this and a day ago */
  automationCreatedAt: Date
  now: Date
  /** in a run: the day a balance went under, as the config keeps it */
  dipSince: IsoDate | null
}

/** Money and dates as a member writes them. */
export const voiceOf = (member: { currency: string; locale: string }, today: IsoDate): Voice => ({
  locale: member.locale,
  today,
  money: (cents) => formatMoney(asCents(cents), member.currency, member.locale),
})

const run = (mode: EvaluationMode) => mode.mode === 'run'

export async function scheduledFirings(
  db: Db,
  ctx: EvaluationContext,
  config: ConfigOf<'scheduled_transaction'>,
  mode: EvaluationMode,
): Promise<Firing[]> {
  // a run names the account as it finds it when it adds the transaction
  const accountName = run(mode)
    ? null
    : ((await accountFacts(db, ctx.householdId, config.accountId))?.name ?? null)
  return evaluateScheduled(config, { name: ctx.name, accountName }, mode, ctx.voice)
}

export async function goalFirings(
  db: Db,
  ctx: EvaluationContext,
  config: ConfigOf<'goal_transfer'>,
  mode: EvaluationMode,
): Promise<GoalFiring[]> {
  const goalName = run(mode)
    ? null
    : ((await goalsService.findGoal(db, ctx.householdId, config.goalId))?.name ?? null)
  const incomeAccountId = config.trigger === 'income' ? config.incomeAccountId : null
  const incomeAccountSeen =
    incomeAccountId !== null && ctx.scope.accounts.get(incomeAccountId)?.view === 'full'
  const { from, to } = factWindow(mode)
  const income =
    incomeAccountId && incomeAccountSeen
      ? await transactionsIn(db, ctx.householdId, [incomeAccountId], from, to, {
          incomeOnly: true,
          ...(run(mode) ? { limit: 50 } : {}),
        })
      : []
  return evaluateGoalTransfer(config, { goalName, incomeAccountSeen, income }, mode, ctx.voice)
}

/** Each month's budgets with their spending: in a run every member's own, in a dry run the member's. */
async function budgetFacts(
  db: Db,
  ctx: EvaluationContext,
  mode: EvaluationMode,
  categoryId: string | null,
  everyMember: boolean,
): Promise<BudgetMonthFacts[]> {
  const out: BudgetMonthFacts[] = []
  const members = everyMember
    ? ctx.everyone.map(({ member, scope }) => ({ id: member.id, scope }))
    : [{ id: ctx.memberId, scope: ctx.scope }]
  for (const month of budgetMonths(mode))
    for (const { id, scope } of members)
      out.push({ month, memberId: id, uses: await budgetUse(db, scope, month, categoryId) })
  return out
}

async function alertFacts(
  db: Db,
  ctx: EvaluationContext,
  config: ConfigOf<'alert'>,
  mode: EvaluationMode,
): Promise<AlertFacts> {
  const { from, to } = factWindow(mode)
  switch (config.condition) {
    case 'transaction_over': {
      const ids = config.accountId ? [config.accountId] : fullIds(ctx.scope)
      // the query narrows to spending over the amount too, so that its limit counts only those
      const transactions = await transactionsIn(db, ctx.householdId, ids, from, to, {
        spendingOver: config.amount ?? 0,
        limit: run(mode) ? 200 : MAX_PREVIEW_ACTIONS + 1,
      })
      return { transactions }
    }
    case 'balance_under': {
      if (!config.accountId) return {}
      const account = (await accountFacts(db, ctx.householdId, config.accountId)) ?? null
      if (!account || run(mode)) return { account }
      const entries = await transactionsIn(
        db,
        ctx.householdId,
        [config.accountId],
        addDays(from, 1),
        to,
        {
          limit: 100_000,
        },
      )
      return {
        account,
        history: {
          entries,
          amountsAfter: await amountsAfter(db, ctx.householdId, config.accountId, to),
          openedOn: await firstEntryDate(db, ctx.householdId, config.accountId),
        },
      }
    }
    case 'budget':
      return { budgets: await budgetFacts(db, ctx, mode, config.categoryId, run(mode)) }
    case 'bill_due': {
      if (run(mode))
        return {
          bills: await activeBills(db, ctx.householdId, { from: to, to: addDays(to, config.days) }),
        }
      const bills = await activeBills(db, ctx.householdId)
      return {
        bills: bills.filter(
          (b) => !b.accountId || ctx.scope.accounts.get(b.accountId)?.view === 'full',
        ),
      }
    }
  }
}

export async function alertEvaluation(
  db: Db,
  ctx: EvaluationContext,
  config: ConfigOf<'alert'>,
  mode: EvaluationMode,
): Promise<AlertEvaluation> {
  // the day a balance went under is kept as it is unless the evaluation says otherwise
  const facts = { dipSince: ctx.dipSince, ...(await alertFacts(db, ctx, config, mode)) }
  return evaluateAlert(config, facts, mode, ctx.voice)
}

export async function webhookFirings(
  db: Db,
  ctx: EvaluationContext,
  config: ConfigOf<'webhook'>,
  mode: EvaluationMode,
): Promise<WebhookFiring[]> {
  const ids = fullIds(ctx.scope)
  const { from, to } = factWindow(mode)
  const since = run(mode)
    ? new Date(Math.max(ctx.automationCreatedAt.getTime(), ctx.now.getTime() - WEBHOOK_LOOKBACK_MS))
    : new Date(`${from}T00:00:00Z`)
  const created = !config.events.includes('transaction.created')
    ? []
    : run(mode)
      ? await transactionsCreatedSince(db, ctx.householdId, ids, since)
      : await transactionsIn(db, ctx.householdId, ids, from, to, { limit: MAX_PREVIEW_ACTIONS + 1 })
  // changes and deletions are kept only two days (CHANGE_KEEP_DAYS): a dry run shows those
  const changes = await transactionChangesSince(
    db,
    ctx.householdId,
    ids,
    since,
    webhookChanges(config),
    run(mode) ? undefined : MAX_PREVIEW_ACTIONS + 1,
  )
  const budgets = config.events.includes('budget.threshold')
    ? await budgetFacts(db, ctx, mode, null, false)
    : []
  return evaluateWebhook(config, { created, changes, budgets }, mode, ctx.voice)
}

/** What the automation does (or would have done) in `mode`, whatever its kind. */
export async function evaluateAutomation(
  db: Db,
  ctx: EvaluationContext,
  config: AutomationConfig,
  mode: EvaluationMode,
): Promise<Firing[]> {
  switch (config.type) {
    case 'scheduled_transaction':
      return scheduledFirings(db, ctx, config, mode)
    case 'goal_transfer':
      return goalFirings(db, ctx, config, mode)
    case 'alert':
      return (await alertEvaluation(db, ctx, config, mode)).firings
    case 'webhook':
      return webhookFirings(db, ctx, config, mode)
  }
}
