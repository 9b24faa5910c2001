// Query keys of the investments page, under the '/api/investments' root: every investment write
// refreshes the whole root (holdings, returns, income and allocation all move together).
import { API_ROOTS } from '#src/web/lib/query-keys'
import type { RangeId } from '../ranges'

const root = API_ROOTS.investments
/** one account's id, or every visible investment account */
export type AccountScope = string | 'all'

export const investmentKeys = {
  all: [root] as const,
  accounts: [`${root}/accounts`] as const,
  securities: [`${root}/securities`] as const,
  holdings: (scope: AccountScope) => [`${root}/holdings`, scope] as const,
  performance: (scope: AccountScope, range: RangeId) =>
    [`${root}/performance`, scope, range] as const,
  income: (scope: AccountScope) => [`${root}/income`, scope] as const,
  allocation: (scope: AccountScope) => [`${root}/allocation`, scope] as const,
  activities: (scope: AccountScope) => [`${root}/activities`, scope] as const,
}

/** The accountId query parameter of a scope. */
export function accountIdOf(scope: AccountScope): string | undefined {
  return scope === 'all' ? undefined : scope
}
