// Query keys of the accounts page: under the '/api/accounts' root (shared with the dashboard's
// Accounts card), plus the one-page count of an account's transactions for the delete dialog.
import { API_ROOTS } from '../../../lib/query-keys'

export const accountKeys = {
  all: [API_ROOTS.accounts] as const,
  transactionCount: (accountId: string) => [API_ROOTS.transactions, 'count', accountId] as const,
}
