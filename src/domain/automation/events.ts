// The events an outgoing webhook of the Automation Center can send: a transaction
// added, changed or deleted, and a budget reaching 80 % or 100 %. Changes and deletions are
// recorded by the ledger as they happen (kept a short while for the webhooks to send).

export const WEBHOOK_EVENTS = ['transaction.created', 'transaction.updated', 'transaction.deleted', 'budget.threshold'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** The changes to a transaction the ledger records: each is the event `transaction.<change>`. */
export const TRANSACTION_CHANGES = ['updated', 'deleted'] as const
export type TransactionChange = (typeof TRANSACTION_CHANGES)[number]

export function changeEvent(change: TransactionChange): Extract<WebhookEvent, `transaction.${TransactionChange}`> {
  return change === 'updated' ? 'transaction.updated' : 'transaction.deleted'
}

/** How long a recorded change waits for the webhooks that send it (they look back a day). */
export const CHANGE_KEEP_DAYS = 2
