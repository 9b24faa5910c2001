// The reads of the investments page: the investment accounts the member sees whole, the
// securities, and for one account or all of them the holdings, the returns over a range, the
// income and the allocation.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  getAllocation,
  getIncome,
  getPerformance,
  listHoldings,
  listInvestmentAccounts,
  listSecurities,
} from '#src/contract/investments'
import { callEndpoint } from '#src/web/lib/api'
import type { RangeId } from '../ranges'
import { accountIdOf, investmentKeys, type AccountScope } from './investment-keys'

export function useInvestmentAccounts() {
  return useQuery({
    queryKey: investmentKeys.accounts,
    queryFn: ({ signal }) => callEndpoint(listInvestmentAccounts, { signal }),
  })
}

export function useSecurities(enabled = true) {
  return useQuery({
    queryKey: investmentKeys.securities,
    queryFn: ({ signal }) => callEndpoint(listSecurities, { signal }),
    enabled,
  })
}

export function useHoldings(scope: AccountScope, enabled: boolean) {
  return useQuery({
    queryKey: investmentKeys.holdings(scope),
    queryFn: ({ signal }) =>
      callEndpoint(listHoldings, { query: { accountId: accountIdOf(scope) }, signal }),
    enabled,
  })
}

export function usePerformance(scope: AccountScope, range: RangeId, enabled: boolean) {
  return useQuery({
    queryKey: investmentKeys.performance(scope, range),
    queryFn: ({ signal }) =>
      callEndpoint(getPerformance, { query: { accountId: accountIdOf(scope), range }, signal }),
    enabled,
    // a new range keeps the previous figures on screen until its own arrive
    placeholderData: keepPreviousData,
  })
}

export function useIncome(scope: AccountScope, enabled: boolean) {
  return useQuery({
    queryKey: investmentKeys.income(scope),
    queryFn: ({ signal }) =>
      callEndpoint(getIncome, { query: { accountId: accountIdOf(scope) }, signal }),
    enabled,
  })
}

export function useAllocation(scope: AccountScope, enabled: boolean) {
  return useQuery({
    queryKey: investmentKeys.allocation(scope),
    queryFn: ({ signal }) =>
      callEndpoint(getAllocation, { query: { accountId: accountIdOf(scope) }, signal }),
    enabled,
  })
}
