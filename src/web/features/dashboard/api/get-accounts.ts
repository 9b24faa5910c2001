// GET /api/accounts: every account with its balance (the Accounts card, net worth for the mood).
// The shared query (lib/queries), asked after the first paint like every card's.
import { useQuery } from '@tanstack/react-query'
import { afterFirstPaintQuery } from '#src/web/lib/after-paint'
import { accountsQuery as shared } from '#src/web/lib/queries/accounts'

export const accountsQuery = afterFirstPaintQuery(shared)

export function useAccounts() {
  return useQuery(accountsQuery)
}
