// How the Automation Center names things: the types, cadences and alert conditions in words, one
// line that says what an automation does ("Every month from Mar 15: −$45.99 in Checking"), and
// what a rule's dry run would change on a row ("Uncategorized → Groceries").
import type { Automation, AutomationType } from '#src/contract/automations'
import type { RulesDryRun } from '#src/contract/rules'
import type { WebhookEvent } from '#src/domain/automation/events'
import { UNCATEGORIZED } from '#src/domain/category-groups'
import { asCents, type Cents } from '#src/domain/money'

export const TYPE_LABELS: Record<
  AutomationType,
  { title: string; section: string; blurb: string }
> = {
  scheduled_transaction: {
    title: 'Scheduled transaction',
    section: 'Scheduled transactions',
    blurb: 'Adds a transaction on a schedule, such as rent or pocket money.',
  },
  goal_transfer: {
    title: 'Goal transfer',
    section: 'Goal transfers',
    blurb: 'Puts money towards a goal each month, or whenever income arrives.',
  },
  alert: {
    title: 'Alert',
    section: 'Alerts',
    blurb: 'Sends you a reminder when spending, a balance, a budget or a bill needs a look.',
  },
  webhook: {
    title: 'Webhook',
    section: 'Webhooks',
    blurb: 'Posts signed events to your own server when transactions or budgets change.',
  },
}

export const TYPE_ORDER: readonly AutomationType[] = [
  'scheduled_transaction',
  'goal_transfer',
  'alert',
  'webhook',
]

export const CADENCE_LABELS = {
  weekly: 'Every week',
  biweekly: 'Every two weeks',
  monthly: 'Every month',
  quarterly: 'Every three months',
  yearly: 'Every year',
} as const

export const CONDITION_LABELS = {
  transaction_over: 'A transaction over an amount',
  balance_under: 'A balance under an amount',
  budget: 'A budget at 80 % and 100 %',
  bill_due: 'A bill due soon',
} as const

export const EVENT_LABELS: Record<string, string> = {
  'transaction.created': 'A transaction is added',
  'transaction.updated': 'A transaction is changed',
  'transaction.deleted': 'A transaction is deleted',
  'budget.threshold': 'A budget reaches 80 % or 100 %',
} satisfies Record<WebhookEvent, string>

export type Names = {
  account: (id: string | null) => string
  goal: (id: string) => string
  category: (id: string | null) => string
  money: (value: Cents) => string
  date: (iso: string) => string
}

/** One plain line about what the automation does. */
export function describeAutomation(a: Automation, n: Names): string {
  const c = a.config
  switch (c.type) {
    case 'scheduled_transaction':
      return `${CADENCE_LABELS[c.cadence]} from ${n.date(c.startDate)}: ${n.money(c.amount)} in ${n.account(c.accountId)}${c.payee ? ` (${c.payee})` : ''}`
    case 'goal_transfer': {
      const when =
        c.trigger === 'monthly'
          ? `Every month on day ${String(c.dayOfMonth)}`
          : `When income arrives in ${n.account(c.incomeAccountId)}`
      const move =
        c.fromAccountId && c.toAccountId
          ? `, moved from ${n.account(c.fromAccountId)} to ${n.account(c.toAccountId)}`
          : ''
      return `${when}: ${n.money(c.amount)} to ${n.goal(c.goalId)}${move}`
    }
    case 'alert':
      switch (c.condition) {
        case 'transaction_over':
          return `Spending over ${n.money(c.amount ?? asCents(0))} in ${c.accountId ? n.account(c.accountId) : 'any account'}`
        case 'balance_under':
          return `${n.account(c.accountId)} under ${n.money(c.amount ?? asCents(0))}`
        case 'budget':
          return `${c.categoryId ? `The ${n.category(c.categoryId)} budget` : 'Any budget'} at 80 % and 100 %`
        case 'bill_due':
          return `A bill due within ${String(c.days)} ${c.days === 1 ? 'day' : 'days'}`
      }
      return ''
    case 'webhook':
      return `${c.events.map((e) => EVENT_LABELS[e] ?? e).join(' · ')} → ${c.url}`
  }
}

type RuleExample = RulesDryRun['rules'][number]['examples'][number]

/** What a rule would change on one row, in words: each change its own phrase. */
export function ruleChangeText(example: Pick<RuleExample, 'category' | 'renamedTo' | 'note'>): string[] {
  const out: string[] = []
  if (example.category)
    out.push(`${example.category.from ?? UNCATEGORIZED} → ${example.category.to ?? UNCATEGORIZED}`)
  if (example.renamedTo !== null) out.push(`payee → ${example.renamedTo}`)
  if (example.note !== null) out.push(`note “${example.note}”`)
  return out
}

/** "Would change 3 transactions" / "Would change nothing" (a paused rule: "Paused: changes nothing"). */
export function ruleDryRunText(rule: Pick<RulesDryRun['rules'][number], 'changes' | 'isActive'>): string {
  if (!rule.isActive) return 'Paused: changes nothing'
  if (rule.changes === 0) return 'Would change nothing'
  return `Would change ${String(rule.changes)} ${rule.changes === 1 ? 'transaction' : 'transactions'}`
}
