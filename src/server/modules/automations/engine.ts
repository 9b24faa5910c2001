// Running automations: what is due for one automation now, each unit of work in its
// own database transaction that first claims its period in automation_runs (unique per
// automation and period; insert … on conflict do nothing). Of several instances doing the same
// work at once, exactly one gets the row and makes the change; the others skip. Transactions are
// written through the ledger (balances and rollups move), goal contributions through the goals
// repo, alerts become reminders (unique source keys) for the members who may see the account.
import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { budgetAlertPercents, isBalanceUnder, isBillDueWithin } from '../../../domain/automation/alerts'
import { changeEvent, TRANSACTION_CHANGES, type WebhookEvent as WebhookEventType } from '../../../domain/automation/events'
import { billDueReminder, budgetReminder, type ReminderVoice } from '../../../domain/reminder-events'
import {
  CATCH_UP_DAYS,
  dueDates,
  firstMonthlyDate,
  nextScheduleDate,
  datePeriod,
} from '../../../domain/automation/schedule'
import { addDays, compareDates, formatDay, localDate, startOfMonth, type IsoDate } from '../../../domain/dates'
import { asCents, formatMoney, negate } from '../../../domain/money'
import { planAllows, isSubscriptionTier } from '../../../domain/tiers'
import { automationConfig, type AutomationConfig } from '../../../contract/automations'
import { openSecret } from '../../crypto/secret-box'
import type { Db, Tx } from '../../db/connect'
import { uuidv7 } from '../../db/ids'
import {
  automationRuns,
  automations,
  bills,
  categories,
  households,
  reminders,
} from '../../db/schema'
import type { MemberScope } from '../accounts/scope'
import * as goalsService from '../goals/service'
import { retireOtherBudgetAlerts } from '../reminders/generated'
import { insertTransactions } from '../transactions/ledger'
import {
  accountFacts,
  budgetUse,
  fullIds,
  membersWithScope,
  transactionChangesSince,
  transactionsCreatedSince,
  transactionsIn,
  type Member,
} from './facts'
import { ATTEMPTS_AT_ONCE, MAX_ATTEMPTS, deliverOnce, type Attempt } from './webhooks'

export type AutomationRow = typeof automations.$inferSelect
export type RunRow = typeof automationRuns.$inferSelect

/** Kept in the config column beside what the API shows (never sent out). */
export type Internal = { createdOn: IsoDate; secret?: string; dipSince?: IsoDate | null }

export type EngineDeps = {
  secretKey: string | null
  allowLocal: boolean
  now: Date
  log?: FastifyBaseLogger
}

export function readConfig(
  row: Pick<AutomationRow, 'config' | 'createdAt'>,
): { config: AutomationConfig; internal: Internal } | null {
  const parsed = automationConfig.safeParse(row.config)
  if (!parsed.success) return null
  const raw = row.config
  const createdOn =
    typeof raw._createdOn === 'string' ? raw._createdOn : row.createdAt.toISOString().slice(0, 10)
  return {
    config: parsed.data,
    internal: {
      createdOn,
      ...(typeof raw._secret === 'string' ? { secret: raw._secret } : {}),
      dipSince: typeof raw._dipSince === 'string' ? raw._dipSince : null,
    },
  }
}

/** The accounts an automation is about: a member who does not see one of them whole never sees it. */
export function accountsOf(config: AutomationConfig): string[] {
  switch (config.type) {
    case 'scheduled_transaction':
      return [config.accountId]
    case 'goal_transfer':
      return [config.incomeAccountId, config.fromAccountId, config.toAccountId].filter(
        (x): x is string => x !== null,
      )
    case 'alert':
      return config.accountId ? [config.accountId] : []
    case 'webhook':
      return []
  }
}

/** The first date of the automation's schedule: a monthly transfer starts on its day. */
export function scheduleOf(
  config: AutomationConfig,
  createdOn: IsoDate,
): {
  start: IsoDate
  cadence: 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'yearly'
  anchor?: number
} | null {
  if (config.type === 'scheduled_transaction')
    return { start: config.startDate, cadence: config.cadence }
  if (config.type === 'goal_transfer' && config.trigger === 'monthly')
    return {
      start: firstMonthlyDate(config.dayOfMonth, createdOn),
      cadence: 'monthly',
      anchor: config.dayOfMonth,
    }
  return null
}

/** The next date a scheduled automation acts on, on or after `day`, as the instant stored in next_run_at. */
export function nextRunAt(config: AutomationConfig, createdOn: IsoDate, day: IsoDate): Date | null {
  const schedule = scheduleOf(config, createdOn)
  if (!schedule) return null
  const next = nextScheduleDate(
    schedule.start,
    schedule.cadence,
    compareDates(day, createdOn) < 0 ? createdOn : day,
    schedule.anchor,
  )
  return next ? new Date(`${next}T00:00:00Z`) : null
}

type Creator = { member: Member; scope: MemberScope }

async function creatorOf(db: Db, row: AutomationRow): Promise<Creator | null> {
  const everyone = await membersWithScope(db, row.householdId)
  return everyone.find((m) => m.member.id === row.userId) ?? null
}

/** Claims a period: the run row, or null when another run (or instance) has it already. */
async function claim(
  tx: Tx,
  row: AutomationRow,
  period: string,
  summary: string,
  status = 'done',
  changes: Record<string, unknown> = {},
  now?: Date,
): Promise<RunRow | null> {
  const [run] = await tx
    .insert(automationRuns)
    .values({
      automationId: row.id,
      householdId: row.householdId,
      period,
      summary,
      status,
      changes,
      ...(now ? { ranAt: now } : {}),
    })
    .onConflictDoNothing({ target: [automationRuns.automationId, automationRuns.period] })
    .returning()
  return run ?? null
}

async function finish(
  tx: Tx,
  run: RunRow,
  patch: { status?: string; summary?: string; changes?: Record<string, unknown> },
): Promise<RunRow> {
  const [out] = await tx
    .update(automationRuns)
    .set(patch)
    .where(eq(automationRuns.id, run.id))
    .returning()
  return out ?? run
}

/** An account the creator may still write to (their view full, not closed). */
async function usableAccount(tx: Tx, creator: Creator, householdId: string, id: string) {
  if (
    creator.scope.accounts.get(id)?.view !== 'full' ||
    creator.member.role === 'viewer' ||
    creator.member.role === 'teen'
  )
    return null
  const account = await accountFacts(tx, householdId, id)
  return account && !account.isClosed ? account : null
}

const money = (creator: Creator, cents: number) =>
  formatMoney(asCents(cents), creator.member.currency, creator.member.locale)

const voiceOf = (creator: Creator, today: IsoDate): ReminderVoice => ({
  locale: creator.member.locale,
  today,
  money: (cents) => money(creator, cents),
})

/** A run's day as its member reads it ("Tue, Nov 24"), in run summaries. */
const runDay = (creator: Creator, date: IsoDate) => formatDay(date, creator.member.locale)

async function runScheduled(
  db: Db,
  row: AutomationRow,
  config: Extract<AutomationConfig, { type: 'scheduled_transaction' }>,
  creator: Creator,
  today: IsoDate,
  createdOn: IsoDate,
  deps: EngineDeps,
): Promise<RunRow[]> {
  const out: RunRow[] = []
  for (const date of dueDates(config.startDate, config.cadence, createdOn, today)) {
    const run = await db.transaction(async (tx) => {
      const claimed = await claim(tx, row, datePeriod(date), '', 'done', {}, deps.now)
      if (!claimed) return null
      const account = await usableAccount(tx, creator, row.householdId, config.accountId)
      if (!account)
        return finish(tx, claimed, {
          status: 'failed',
          summary: `Nothing added on ${runDay(creator, date)}: the account is closed or no longer yours to change`,
        })
      let categoryId = config.categoryId
      if (categoryId) {
        const [found] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.householdId, row.householdId), eq(categories.id, categoryId)))
        if (!found) categoryId = null
      }
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
          notes: `Scheduled by the automation “${row.name}”`,
          kind: 'standard',
          source: 'manual',
        },
      ])
      return finish(tx, claimed, {
        summary: `Added ${config.payee || row.name} ${money(creator, config.amount)} to ${account.name} on ${runDay(creator, date)}`,
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
  config: Extract<AutomationConfig, { type: 'goal_transfer' }>,
  creator: Creator,
  run: RunRow,
  date: IsoDate,
  why: string,
): Promise<RunRow> {
  const goal = await goalsService.findGoal(tx, row.householdId, config.goalId, { lock: true })
  if (!goal || !goal.isActive)
    return finish(tx, run, {
      status: 'failed',
      summary: `Nothing moved on ${runDay(creator, date)}: the goal was removed or paused`,
    })
  let transactionIds: string[] = []
  if (config.fromAccountId && config.toAccountId) {
    const from = await usableAccount(tx, creator, row.householdId, config.fromAccountId)
    const to = await usableAccount(tx, creator, row.householdId, config.toAccountId)
    if (!from || !to)
      return finish(tx, run, {
        status: 'failed',
        summary: `Nothing moved on ${runDay(creator, date)}: an account is closed or no longer yours to change`,
      })
    const base = {
      householdId: row.householdId,
      userId: row.userId,
      categoryId: null,
      date,
      merchant: '',
      description: `To ${goal.name}`,
      notes: `Moved by the automation “${row.name}”`,
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
    note: `Automation: ${row.name}`,
  })
  await goalsService.updateGoalRow(tx, row.householdId, goal.id, {
    currentAmount: asCents(goal.currentAmount + config.amount),
    updatedAt: new Date(run.ranAt),
  })
  return finish(tx, run, {
    summary: `Moved ${money(creator, config.amount)} to ${goal.name} on ${runDay(creator, date)}${why}`,
    changes: { transactionIds, contributionIds: [contribution.id], goalId: goal.id },
  })
}

async function runGoalTransfer(
  db: Db,
  row: AutomationRow,
  config: Extract<AutomationConfig, { type: 'goal_transfer' }>,
  creator: Creator,
  today: IsoDate,
  createdOn: IsoDate,
  deps: EngineDeps,
): Promise<RunRow[]> {
  const work: { period: string; date: IsoDate; why: string }[] = []
  if (config.trigger === 'monthly') {
    const start = firstMonthlyDate(config.dayOfMonth, createdOn)
    for (const date of dueDates(start, 'monthly', createdOn, today, config.dayOfMonth))
      work.push({ period: datePeriod(date), date, why: '' })
  } else if (
    config.incomeAccountId &&
    creator.scope.accounts.get(config.incomeAccountId)?.view === 'full'
  ) {
    const from = [createdOn, addDays(today, -CATCH_UP_DAYS)].reduce((a, b) =>
      compareDates(a, b) > 0 ? a : b,
    )
    const income = await transactionsIn(
      db,
      row.householdId,
      [config.incomeAccountId],
      from,
      today,
      { incomeOnly: true, limit: 50 },
    )
    for (const t of income)
      work.push({
        period: `income:${t.id}`,
        date: t.date,
        why: ` (income of ${money(creator, t.amount)}${t.merchant ? ` from ${t.merchant}` : ''})`,
      })
  }
  const out: RunRow[] = []
  for (const item of work) {
    const run = await db.transaction(async (tx) => {
      const claimed = await claim(tx, row, item.period, '', 'done', {}, deps.now)
      return claimed ? goalMove(tx, row, config, creator, claimed, item.date, item.why) : null
    })
    if (run) out.push(run)
  }
  return out
}

type AlertEvent = {
  key: string
  /** who may get it: the account's transactions seen ('full'), its balance seen ('balance'), anyone */
  account: { id: string; need: 'full' | 'balance' } | null
  title: string
  description: string
  type: 'bill_due' | 'goal_deadline' | 'budget_limit' | 'other'
  priority: 'urgent' | 'high' | 'medium' | 'low'
  dueDate: IsoDate | null
  /** one member only (budgets: spending as that member sees it) */
  onlyFor?: string
  /** an event the reminder job reminds of too (a bill's due date, a budget's alert): its key is shared */
  shared?: boolean
}

async function alertEvents(
  db: Db,
  row: AutomationRow,
  config: Extract<AutomationConfig, { type: 'alert' }>,
  creator: Creator,
  everyone: { member: Member; scope: MemberScope }[],
  today: IsoDate,
  createdOn: IsoDate,
): Promise<AlertEvent[]> {
  const events: AlertEvent[] = []
  const m = (cents: number) => money(creator, cents)
  switch (config.condition) {
    case 'transaction_over': {
      const amount = config.amount ?? asCents(0)
      const ids = config.accountId ? [config.accountId] : fullIds(creator.scope)
      const from = [createdOn, addDays(today, -CATCH_UP_DAYS)].reduce((a, b) =>
        compareDates(a, b) > 0 ? a : b,
      )
      for (const t of await transactionsIn(db, row.householdId, ids, from, today, {
        spendingOver: amount,
        limit: 200,
      })) {
        events.push({
          key: `txn:${t.id}`,
          account: { id: t.accountId, need: 'full' },
          title: `Large transaction: ${t.merchant || t.description || 'spending'} ${m(-t.amount)}`,
          description: `${m(-t.amount)} on ${formatDay(t.date, creator.member.locale, { thisYear: Number(today.slice(0, 4)) })}, over your alert at ${m(amount)}.`,
          type: 'other',
          priority: 'high',
          dueDate: t.date,
        })
      }
      return events
    }
    case 'balance_under': {
      const accountId = config.accountId
      if (!accountId) return events
      const account = await accountFacts(db, row.householdId, accountId)
      if (!account) return events
      const threshold = config.amount ?? asCents(0)
      const under = isBalanceUnder(asCents(account.balance), threshold)
      const raw = row.config
      const dipSince = typeof raw._dipSince === 'string' ? raw._dipSince : null
      if (!under) {
        if (dipSince)
          await db
            .update(automations)
            .set({ config: { ...raw, _dipSince: null } })
            .where(eq(automations.id, row.id))
        return events
      }
      const since = dipSince ?? today
      if (!dipSince)
        await db
          .update(automations)
          .set({ config: { ...raw, _dipSince: since } })
          .where(eq(automations.id, row.id))
      events.push({
        key: `balance:${accountId}:${since}`,
        account: { id: accountId, need: 'balance' },
        title: `${account.name} is under ${m(threshold)}`,
        description: `The balance is ${m(account.balance)}.`,
        type: 'other',
        priority: 'high',
        dueDate: since,
      })
      return events
    }
    case 'budget': {
      const month = startOfMonth(today)
      for (const { member, scope } of everyone) {
        for (const use of await budgetUse(db, scope, month, config.categoryId)) {
          // the budget's one alert now (the 100 % one retires the 80 % one), under the same key
          // as the reminder job's, so the member gets it once
          const alert = budgetReminder(
            { categoryId: use.categoryId, name: use.name, spent: asCents(use.spent), amount: asCents(use.budget), month },
            voiceOf(creator, today),
          )
          if (alert) events.push({ ...alert, key: alert.sourceKey, shared: true, account: null, onlyFor: member.id })
        }
      }
      return events
    }
    case 'bill_due': {
      const due = await db
        .select({
          id: bills.id,
          name: bills.name,
          amount: bills.amount,
          nextDueDate: bills.nextDueDate,
          accountId: bills.accountId,
        })
        .from(bills)
        .where(
          and(
            eq(bills.householdId, row.householdId),
            eq(bills.isActive, true),
            gte(bills.nextDueDate, today),
            lte(bills.nextDueDate, addDays(today, config.days)),
          ),
        )
      for (const bill of due) {
        if (!isBillDueWithin(today, bill.nextDueDate, config.days)) continue
        // the reminder job's words and key for this due date: one reminder, which paying the bill completes
        const alert = billDueReminder({ ...bill, amount: asCents(bill.amount) }, voiceOf(creator, today))
        events.push({
          ...alert,
          key: alert.sourceKey,
          shared: true,
          account: bill.accountId ? { id: bill.accountId, need: 'full' } : null,
        })
      }
      return events
    }
  }
}

function mayGet(scope: MemberScope, event: AlertEvent): boolean {
  if (event.onlyFor && event.onlyFor !== scope.member.id) return false
  if (!event.account) return true
  const view = scope.accounts.get(event.account.id)?.view
  return event.account.need === 'full' ? view === 'full' : view !== undefined && view !== 'none'
}

async function runAlert(
  db: Db,
  row: AutomationRow,
  config: Extract<AutomationConfig, { type: 'alert' }>,
  creator: Creator,
  today: IsoDate,
  createdOn: IsoDate,
  deps: EngineDeps,
): Promise<RunRow[]> {
  const everyone = await membersWithScope(db, row.householdId)
  const events = await alertEvents(db, row, config, creator, everyone, today, createdOn)
  const out: RunRow[] = []
  for (const event of events) {
    for (const { member, scope } of everyone) {
      if (!mayGet(scope, event)) continue
      const run = await db.transaction(async (tx) => {
        const claimed = await claim(tx, row, `${event.key}:${member.id}`, '', 'done', {}, deps.now)
        if (!claimed) return null
        const made = await tx
          .insert(reminders)
          .values({
            householdId: row.householdId,
            userId: member.id,
            title: event.title.slice(0, 200),
            description: event.description,
            type: event.type,
            priority: event.priority,
            dueDate: event.dueDate,
            sourceKey: event.shared ? event.key : `automation:${row.id}:${event.key}`,
          })
          .onConflictDoNothing({ target: [reminders.userId, reminders.sourceKey] })
          .returning({ id: reminders.id })
        // the 100 % alert retires the 80 % one: the run keeps the rows it deleted, whole, so
        // that its undo puts them back as they were
        const retired =
          made.length && event.type === 'budget_limit' && event.shared
            ? await retireOtherBudgetAlerts(tx, row.householdId, member.id, event.key)
            : []
        return finish(tx, claimed, {
          summary: `Reminded a member: ${event.title}`,
          changes: {
            reminderIds: made.map((r) => r.id),
            userId: member.id,
            ...(retired.length ? { retiredReminders: retired } : {}),
          },
        })
      })
      if (run) out.push(run)
    }
  }
  return out
}

type WebhookEvent = {
  key: string
  type: WebhookEventType
  data: Record<string, unknown>
  summary: string
  accountId?: string
}

/** A transaction as every transaction event sends it (amounts as decimals, like the API). */
function transactionData(t: { id: string; accountId: string; date: string; amount: number; merchant: string; description: string; categoryId: string | null; kind: string }) {
  return {
    transaction: {
      id: t.id,
      accountId: t.accountId,
      date: t.date,
      amount: t.amount / 100,
      payee: t.merchant,
      description: t.description,
      categoryId: t.categoryId,
      kind: t.kind,
    },
  }
}

async function webhookEvents(
  db: Db,
  row: AutomationRow,
  config: Extract<AutomationConfig, { type: 'webhook' }>,
  creator: Creator,
  today: IsoDate,
  now: Date,
): Promise<WebhookEvent[]> {
  const events: WebhookEvent[] = []
  if (config.events.includes('transaction.created')) {
    const since = new Date(Math.max(row.createdAt.getTime(), now.getTime() - 86_400_000))
    for (const t of await transactionsCreatedSince(
      db,
      row.householdId,
      fullIds(creator.scope),
      since,
    )) {
      events.push({
        key: `txn:${t.id}`,
        type: 'transaction.created',
        accountId: t.accountId,
        summary: `Sent transaction.created: ${t.merchant || t.description || 'transaction'} ${money(creator, t.amount)}`,
        data: transactionData(t),
      })
    }
  }
  // changes and deletions the ledger recorded since, each sent once (its record's id is the key)
  const changes = TRANSACTION_CHANGES.filter((c) => config.events.includes(changeEvent(c)))
  if (changes.length) {
    const since = new Date(Math.max(row.createdAt.getTime(), now.getTime() - 86_400_000))
    for (const c of await transactionChangesSince(db, row.householdId, fullIds(creator.scope), since, changes)) {
      const type = changeEvent(c.change)
      events.push({
        key: `${c.change}:${c.id}`,
        type,
        accountId: c.accountId,
        summary: `Sent ${type}: ${c.row.merchant || c.row.description || 'transaction'} ${money(creator, c.row.amount)}`,
        data: transactionData(c.row),
      })
    }
  }
  if (config.events.includes('budget.threshold')) {
    const month = startOfMonth(today)
    for (const use of await budgetUse(db, creator.scope, month, null)) {
      for (const percent of budgetAlertPercents(asCents(use.spent), asCents(use.budget))) {
        events.push({
          key: `budget:${use.categoryId}:${month}:${percent}`,
          type: 'budget.threshold',
          summary: `Sent budget.threshold: ${use.name} at ${percent}%`,
          data: {
            budget: {
              categoryId: use.categoryId,
              category: use.name,
              month: month.slice(0, 7),
              amount: use.budget / 100,
              spent: use.spent / 100,
              percent,
            },
          },
        })
      }
    }
  }
  return events
}

async function deliver(
  db: Db,
  run: RunRow,
  url: string,
  secret: string,
  deps: EngineDeps,
  times: number,
): Promise<RunRow> {
  const changes = run.changes
  const body = typeof changes.body === 'string' ? changes.body : '{}'
  const attempts = Array.isArray(changes.attempts) ? (changes.attempts as Attempt[]) : []
  let ok = false
  for (let i = 0; i < times && attempts.length < MAX_ATTEMPTS; i += 1) {
    const attempt = await deliverOnce(url, secret, body, deps.now, deps.allowLocal)
    attempts.push(attempt)
    if (attempt.error === null) {
      ok = true
      break
    }
  }
  const [out] = await db
    .update(automationRuns)
    .set({ status: ok ? 'done' : 'failed', changes: { ...changes, attempts } })
    .where(eq(automationRuns.id, run.id))
    .returning()
  return out ?? run
}

async function runWebhook(
  db: Db,
  row: AutomationRow,
  config: Extract<AutomationConfig, { type: 'webhook' }>,
  internal: Internal,
  creator: Creator,
  today: IsoDate,
  deps: EngineDeps,
): Promise<RunRow[]> {
  if (!internal.secret) return []
  let secret: string
  try {
    secret = openSecret(internal.secret, deps.secretKey)
  } catch {
    deps.log?.warn(
      { automation: row.id },
      'webhook secret cannot be opened: KINWISE_SECRET_KEY changed?',
    )
    return []
  }
  const out: RunRow[] = []
  for (const event of await webhookEvents(db, row, config, creator, today, deps.now)) {
    const claimed = await db.transaction(async (tx) => {
      const id = uuidv7()
      const body = JSON.stringify({
        id,
        type: event.type,
        createdAt: deps.now.toISOString(),
        automationId: row.id,
        data: event.data,
      })
      return claim(
        tx,
        row,
        event.key,
        event.summary,
        'pending',
        { body, attempts: [], ...(event.accountId ? { accountId: event.accountId } : {}) },
        deps.now,
      )
    })
    if (claimed) out.push(await deliver(db, claimed, config.url, secret, deps, ATTEMPTS_AT_ONCE))
  }
  // failed deliveries of the last day get another try each time, up to MAX_ATTEMPTS in all
  const failed = await db
    .select()
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.automationId, row.id),
        eq(automationRuns.status, 'failed'),
        gte(automationRuns.ranAt, new Date(deps.now.getTime() - 86_400_000)),
      ),
    )
    .limit(20)
  for (const run of failed) {
    const attempts = Array.isArray(run.changes.attempts)
      ? run.changes.attempts.length
      : MAX_ATTEMPTS
    if (attempts < MAX_ATTEMPTS && !out.some((r) => r.id === run.id))
      await deliver(db, run, config.url, secret, deps, 1)
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
  const creator = await creatorOf(db, row)
  if (!creator) return []
  const today = localDate(deps.now, creator.member.timeZone)
  const { config, internal } = read
  let runs: RunRow[]
  switch (config.type) {
    case 'scheduled_transaction':
      runs = await runScheduled(db, row, config, creator, today, internal.createdOn, deps)
      break
    case 'goal_transfer':
      runs = await runGoalTransfer(db, row, config, creator, today, internal.createdOn, deps)
      break
    case 'alert':
      runs = await runAlert(db, row, config, creator, today, internal.createdOn, deps)
      break
    case 'webhook':
      runs = await runWebhook(db, row, config, internal, creator, today, deps)
      break
  }
  const next = nextRunAt(config, internal.createdOn, addDays(today, 1))
  if (next && next.getTime() !== row.nextRunAt?.getTime())
    await db.update(automations).set({ nextRunAt: next }).where(eq(automations.id, row.id))
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
  const rows = await db
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
