// One evaluator for every kind of automation and alert condition: given what the automation
// says and the facts read for it, which dates, transactions, budgets or bills make it fire, and
// what each firing says. It has two modes. A run ("run") acts on the dates it may still make (since
// the automation was made, CATCH_UP_DAYS back at most) and gets the reminder or event each firing
// sends; a dry run ("preview") looks back DRY_RUN_DAYS and gets the "Would …" line of each. The
// server reads the facts once and either acts on the firings or lists them.
import { budgetReminder, billDueReminder, type ReminderPriority } from '../reminder-events'
import { addDays, addMonths, compareDates, localDate, startOfMonth, type IsoDate } from '../dates'
import { asCents, negate, type Cents } from '../money'
import { isRecurrence } from '../recurrence'
import {
  billDueAlerts,
  budgetAlertPercents,
  dipDays,
  isBalanceUnder,
  isBillDueWithin,
  isTransactionOver,
  type AlertCondition,
} from './alerts'
import {
  changeEvent,
  TRANSACTION_CHANGES,
  type TransactionChange,
  type WebhookEvent,
} from './events'
import {
  CATCH_UP_DAYS,
  DRY_RUN_DAYS,
  datePeriod,
  dueDates,
  firstMonthlyDate,
  scheduleDates,
  type Cadence,
} from './schedule'
import * as texts from './texts'
import type { Voice } from './texts'

// ---- what an automation says (the contract's config fits these) ----

export type ScheduledRule = { cadence: Cadence; startDate: IsoDate; amount: Cents; payee: string }
export type GoalTransferRule = {
  amount: Cents
  trigger: 'monthly' | 'income'
  dayOfMonth: number
  incomeAccountId: string | null
}
export type AlertRule = {
  condition: AlertCondition
  amount: Cents | null
  accountId: string | null
  days: number
}
export type WebhookRule = { events: readonly WebhookEvent[] }

// ---- the modes ----

export type EvaluationMode =
  | { mode: 'run'; today: IsoDate; createdOn: IsoDate }
  | { mode: 'preview'; today: IsoDate; from: IsoDate; timeZone: string }

export type PreviewMode = Extract<EvaluationMode, { mode: 'preview' }>

/** A dry run on `today`: the last DRY_RUN_DAYS, dates of changes read in `timeZone`. */
export const previewMode = (today: IsoDate, timeZone: string): PreviewMode => ({
  mode: 'preview',
  today,
  from: addDays(today, -DRY_RUN_DAYS),
  timeZone,
})

const later = (a: IsoDate, b: IsoDate): IsoDate => (compareDates(a, b) > 0 ? a : b)

/**
 * The dates whose transactions a mode reads: a run catches up CATCH_UP_DAYS at most and never
 * before the automation was made; a dry run reads its whole window.
 */
export function factWindow(mode: EvaluationMode): { from: IsoDate; to: IsoDate } {
  if (mode.mode === 'preview') return { from: mode.from, to: mode.today }
  return { from: later(mode.createdOn, addDays(mode.today, -CATCH_UP_DAYS)), to: mode.today }
}

/** The months whose budgets a mode reads: this month in a run, each month of the window in a dry run. */
export function budgetMonths(mode: EvaluationMode): IsoDate[] {
  if (mode.mode === 'run') return [startOfMonth(mode.today)]
  const months: IsoDate[] = []
  for (
    let month = startOfMonth(mode.from);
    compareDates(month, mode.today) <= 0;
    month = addMonths(month, 1)
  )
    months.push(month)
  return months
}

// ---- the facts ----

/** A transaction as the automations read it (amount in cents, negative = money out). */
export type TxnFact = {
  id: string
  accountId: string
  date: IsoDate
  amount: number
  merchant: string
  description: string
  categoryId: string | null
  kind: string
}
/** A change or deletion the ledger recorded, with the transaction as it was. */
export type ChangeFact = {
  id: string
  change: TransactionChange
  accountId: string
  row: TxnFact
  at: Date
}
export type BudgetUseFact = { categoryId: string; name: string; budget: number; spent: number }
/** One member's budgets of one month, with their spending as that member sees it. */
export type BudgetMonthFacts = { month: IsoDate; memberId: string; uses: BudgetUseFact[] }
export type BillFact = {
  id: string
  name: string
  amount: number
  nextDueDate: IsoDate
  accountId: string | null
  recurrence: string
  anchorDay: number
}

// ---- what fires ----

export type Firing = {
  /** the period a run claims: one run per automation and key */
  key: string
  /** the day it acts on, or would have */
  date: IsoDate
  /** what the dry run shows as its amount */
  amount: Cents | null
  /**
   * A dry run's line; in a run, the summary it records when it is known before acting (alerts,
   * webhooks). Null when the run words it once it has acted (texts.ts).
   */
  summary: string | null
}

export type GoalFiring = Firing & { why: string }

/** The reminder an alert makes in a run, for each member who may see it. */
export type AlertReminder = {
  /** who may get it: the account's transactions seen ('full'), its balance seen ('balance'), anyone */
  account: { id: string; need: 'full' | 'balance' } | null
  title: string
  description: string
  type: 'bill_due' | 'goal_deadline' | 'budget_limit' | 'other'
  priority: ReminderPriority
  dueDate: IsoDate | null
  /** one member only (budgets: spending as that member sees it) */
  onlyFor?: string
  /** an event the reminder job reminds of too (a bill's due date, a budget's alert): its key is shared */
  shared?: boolean
}
export type AlertFiring = Firing & { reminder?: AlertReminder }

export type WebhookPayload = {
  type: WebhookEvent
  data: Record<string, unknown>
  accountId?: string
}
export type WebhookFiring = Firing & { event: WebhookPayload }

const preview = (mode: EvaluationMode) => mode.mode === 'preview'

// ---- scheduled transactions ----

export function evaluateScheduled(
  rule: ScheduledRule,
  facts: { name: string; accountName: string | null },
  mode: EvaluationMode,
  voice: Voice,
): Firing[] {
  const dates =
    mode.mode === 'run'
      ? dueDates(rule.startDate, rule.cadence, mode.createdOn, mode.today)
      : scheduleDates(rule.startDate, rule.cadence, mode.from, mode.today)
  return dates.map((date) => ({
    key: datePeriod(date),
    date,
    amount: rule.amount,
    summary: preview(mode)
      ? texts.wouldAdd(voice, rule.payee || facts.name, rule.amount, facts.accountName)
      : null,
  }))
}

// ---- goal transfers ----

export function evaluateGoalTransfer(
  rule: GoalTransferRule,
  facts: { goalName: string | null; incomeAccountSeen: boolean; income: readonly TxnFact[] },
  mode: EvaluationMode,
  voice: Voice,
): GoalFiring[] {
  if (rule.trigger === 'monthly') {
    const dates =
      mode.mode === 'run'
        ? dueDates(
            firstMonthlyDate(rule.dayOfMonth, mode.createdOn),
            'monthly',
            mode.createdOn,
            mode.today,
            rule.dayOfMonth,
          )
        : scheduleDates(
            firstMonthlyDate(rule.dayOfMonth, mode.from),
            'monthly',
            mode.from,
            mode.today,
            rule.dayOfMonth,
          )
    return dates.map((date) => ({
      key: datePeriod(date),
      date,
      amount: rule.amount,
      why: '',
      summary: preview(mode) ? texts.wouldMove(voice, rule.amount, facts.goalName) : null,
    }))
  }
  if (!rule.incomeAccountId || !facts.incomeAccountSeen) return []
  return facts.income.map((t) => ({
    key: `income:${t.id}`,
    date: t.date,
    amount: rule.amount,
    why: texts.incomeReason(voice, t),
    summary: preview(mode) ? texts.wouldMoveOnIncome(voice, t, rule.amount, facts.goalName) : null,
  }))
}

// ---- alerts ----

export type AlertFacts = {
  /** transaction_over: the transactions that may be over the amount */
  transactions?: readonly TxnFact[]
  /** balance_under: the account and its balance now */
  account?: { name: string; balance: number } | null
  /** balance_under, in a run: the day the balance went under, kept while it stays under */
  dipSince?: IsoDate | null
  /** balance_under, in a dry run: to walk the balance back through the window */
  history?: {
    entries: readonly { date: IsoDate; amount: number }[]
    amountsAfter: number
    openedOn: IsoDate | null
  }
  /** budget: the budgets of each month and member */
  budgets?: readonly BudgetMonthFacts[]
  /** bill_due: the active bills (in a dry run, those the member may see) */
  bills?: readonly BillFact[]
}

/** The firings, and the day a balance went under as the run should now keep it. */
export type AlertEvaluation = { firings: AlertFiring[]; dipSince: IsoDate | null }

/** The balance at the end of each day of [from, today], walked back from the balance at the end of today. */
export function balancesByDay(
  endOfToday: number,
  entries: readonly { date: IsoDate; amount: number }[],
  from: IsoDate,
  today: IsoDate,
): { date: IsoDate; balance: Cents }[] {
  const byDay = new Map<string, number>()
  for (const e of entries) byDay.set(e.date, (byDay.get(e.date) ?? 0) + e.amount)
  const days: { date: IsoDate; balance: Cents }[] = []
  let balance = endOfToday
  for (let d = today; compareDates(d, from) >= 0; d = addDays(d, -1)) {
    days.push({ date: d, balance: asCents(balance) })
    balance -= byDay.get(d) ?? 0
  }
  return days.reverse()
}

export function evaluateAlert(
  rule: AlertRule,
  facts: AlertFacts,
  mode: EvaluationMode,
  voice: Voice,
): AlertEvaluation {
  const dipSince = facts.dipSince ?? null
  const firings: AlertFiring[] = []
  const threshold = rule.amount ?? asCents(0)
  switch (rule.condition) {
    case 'transaction_over':
      for (const t of facts.transactions ?? []) {
        if (!isTransactionOver(asCents(t.amount), threshold)) continue
        const label = texts.transactionLabel(t, 'spending')
        if (preview(mode)) {
          firings.push({
            key: `txn:${t.id}`,
            date: t.date,
            amount: asCents(t.amount),
            summary: texts.wouldAlertTransaction(voice, label, t.amount, threshold),
          })
          continue
        }
        const title = texts.largeTransactionTitle(voice, label, t.amount)
        firings.push({
          key: `txn:${t.id}`,
          date: t.date,
          amount: asCents(t.amount),
          summary: texts.reminded(title),
          reminder: {
            account: { id: t.accountId, need: 'full' },
            title,
            description: texts.largeTransactionDescription(voice, t.amount, t.date, threshold),
            type: 'other',
            priority: 'high',
            dueDate: t.date,
          },
        })
      }
      return { firings, dipSince }
    case 'balance_under':
      return balanceUnder(rule, facts, mode, voice, threshold)
    case 'budget':
      for (const { month, memberId, uses } of facts.budgets ?? [])
        for (const use of uses) {
          if (preview(mode)) {
            for (const p of budgetAlertPercents(asCents(use.spent), asCents(use.budget)))
              firings.push({
                key: `budget:${use.categoryId}:${month}:${p}`,
                date: month,
                amount: null,
                summary: texts.wouldAlertBudget(voice, use, p, month),
              })
            continue
          }
          // the budget's one alert now (the 100 % one retires the 80 % one), under the same key
          // as the reminder job's, so the member gets it once
          const alert = budgetReminder(
            {
              categoryId: use.categoryId,
              name: use.name,
              spent: asCents(use.spent),
              amount: asCents(use.budget),
              month,
            },
            voice,
          )
          if (!alert) continue
          const { sourceKey, ...reminder } = alert
          firings.push({
            key: sourceKey,
            date: month,
            amount: null,
            summary: texts.reminded(alert.title),
            reminder: { ...reminder, shared: true, account: null, onlyFor: memberId },
          })
        }
      return { firings, dipSince }
    case 'bill_due':
      for (const bill of facts.bills ?? []) {
        if (mode.mode === 'run') {
          if (!isBillDueWithin(mode.today, bill.nextDueDate, rule.days)) continue
          // the reminder job's words and key for this due date: one reminder, which paying the bill completes
          const { sourceKey, ...alert } = billDueReminder(
            { ...bill, amount: asCents(bill.amount) },
            voice,
          )
          firings.push({
            key: sourceKey,
            date: bill.nextDueDate,
            amount: negate(asCents(bill.amount)),
            summary: texts.reminded(alert.title),
            reminder: {
              ...alert,
              shared: true,
              account: bill.accountId ? { id: bill.accountId, need: 'full' } : null,
            },
          })
          continue
        }
        // every due date of the window (stepped back along each bill's recurrence), on the day
        // its reminder would have come, as the job makes one reminder per due date
        const recurrence = bill.recurrence
        if (!isRecurrence(recurrence)) continue
        for (const { due, alertOn } of billDueAlerts(
          { ...bill, recurrence },
          rule.days,
          mode.from,
          mode.today,
        ))
          firings.push({
            key: `bill:${bill.id}:${due}`,
            date: alertOn,
            amount: negate(asCents(bill.amount)),
            summary: texts.wouldRemindBill(voice, bill, due),
          })
      }
      return { firings, dipSince }
  }
}

function balanceUnder(
  rule: AlertRule,
  facts: AlertFacts,
  mode: EvaluationMode,
  voice: Voice,
  threshold: Cents,
): AlertEvaluation {
  const dipSince = facts.dipSince ?? null
  const accountId = rule.accountId
  const account = facts.account
  if (!accountId || !account) return { firings: [], dipSince }
  if (mode.mode === 'run') {
    if (!isBalanceUnder(asCents(account.balance), threshold)) return { firings: [], dipSince: null }
    // one reminder a dip: the day it went under stays its key while the balance stays under
    const since = dipSince ?? mode.today
    return {
      dipSince: since,
      firings: [
        {
          key: `balance:${accountId}:${since}`,
          date: since,
          amount: asCents(account.balance),
          summary: texts.reminded(texts.balanceUnderTitle(voice, account.name, threshold)),
          reminder: {
            account: { id: accountId, need: 'balance' },
            title: texts.balanceUnderTitle(voice, account.name, threshold),
            description: texts.balanceUnderDescription(voice, account.balance),
            type: 'other',
            priority: 'high',
            dueDate: since,
          },
        },
      ],
    }
  }
  const history = facts.history
  if (!history) return { firings: [], dipSince }
  const days = balancesByDay(
    account.balance - history.amountsAfter,
    history.entries,
    mode.from,
    mode.today,
  )
  // days before the account's first entry are not a balance "under" anything: from its
  // opening day on, a first day under is a dip; otherwise the window's first day is the state before
  const opened = history.openedOn
  const [first, ...rest] = days
  if (!first || !opened) return { firings: [], dipSince }
  const dips =
    compareDates(opened, mode.from) > 0
      ? dipDays(
          days.filter((d) => compareDates(d.date, opened) >= 0),
          threshold,
        )
      : dipDays(rest, threshold, isBalanceUnder(first.balance, threshold))
  const firings = dips.map((date) => {
    const day = days.find((d) => d.date === date)
    return {
      key: `balance:${accountId}:${date}`,
      date,
      amount: day?.balance ?? null,
      summary: texts.wouldAlertBalance(voice, account.name, threshold, day?.balance ?? 0),
    }
  })
  return { firings, dipSince }
}

// ---- webhooks ----

/** A transaction as every transaction event sends it (amounts as decimals, like the API). */
export function transactionData(t: TxnFact): Record<string, unknown> {
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

/** The transaction changes a webhook sends, as the ledger records them. */
export const webhookChanges = (rule: WebhookRule): TransactionChange[] =>
  TRANSACTION_CHANGES.filter((c) => rule.events.includes(changeEvent(c)))

export function evaluateWebhook(
  rule: WebhookRule,
  facts: {
    created: readonly TxnFact[]
    changes: readonly ChangeFact[]
    budgets: readonly BudgetMonthFacts[]
  },
  mode: EvaluationMode,
  voice: Voice,
): WebhookFiring[] {
  const firings: WebhookFiring[] = []
  const dry = preview(mode)
  if (rule.events.includes('transaction.created'))
    for (const t of facts.created)
      firings.push({
        key: `txn:${t.id}`,
        date: t.date,
        amount: asCents(t.amount),
        summary: texts.sentTransactionEvent(
          voice,
          dry,
          'transaction.created',
          texts.transactionLabel(t, 'transaction'),
          t.amount,
        ),
        event: { type: 'transaction.created', accountId: t.accountId, data: transactionData(t) },
      })
  // changes and deletions the ledger recorded since, each sent once (its record's id is the key)
  const changes = webhookChanges(rule)
  for (const c of facts.changes) {
    if (!changes.includes(c.change)) continue
    const type = changeEvent(c.change)
    firings.push({
      key: `${c.change}:${c.id}`,
      date: mode.mode === 'preview' ? localDate(c.at, mode.timeZone) : c.row.date,
      amount: asCents(c.row.amount),
      summary: texts.sentTransactionEvent(
        voice,
        dry,
        type,
        texts.transactionLabel(c.row, 'transaction'),
        c.row.amount,
      ),
      event: { type, accountId: c.accountId, data: transactionData(c.row) },
    })
  }
  if (rule.events.includes('budget.threshold'))
    for (const { month, uses } of facts.budgets)
      for (const use of uses)
        for (const percent of budgetAlertPercents(asCents(use.spent), asCents(use.budget)))
          firings.push({
            key: `budget:${use.categoryId}:${month}:${percent}`,
            date: month,
            amount: null,
            summary: texts.sentBudgetEvent(dry, use.name, percent),
            event: {
              type: 'budget.threshold',
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
            },
          })
  return firings
}
