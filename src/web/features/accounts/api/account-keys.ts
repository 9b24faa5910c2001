// Query keys of the accounts page: under the '/api/accounts' root (shared with the dashboard's
// Accounts card), the one-page count of an account's transactions for the delete dialog, and the
// household's members (GET /api/household) who own the accounts.
import { API_ROOTS } from '#src/web/lib/query-keys'

export const accountKeys = {
  all: [API_ROOTS.accounts] as const,
  transactionCount: (accountId: string) => [API_ROOTS.transactions, 'count', accountId] as const,
}
