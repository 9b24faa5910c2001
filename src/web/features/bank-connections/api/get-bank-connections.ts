// GET /api/bank-connections (the member's own connections with their accounts and health) and
// GET /api/bank-connections/providers (which aggregators this server offers, and the plan's limit).
import { useQuery } from '@tanstack/react-query'
import { bankProviders, listBankConnections } from '#src/contract/bank-connections'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS } from '#src/web/lib/query-keys'

export const bankConnectionKeys = {
  all: [API_ROOTS.bankConnections] as const,
  providers: [API_ROOTS.bankConnections, 'providers'] as const,
}

export function useBankConnections(enabled = true) {
  return useQuery({
    queryKey: bankConnectionKeys.all,
    queryFn: ({ signal }) => callEndpoint(listBankConnections, { signal }),
    enabled,
  })
}

export function useBankProviders(enabled = true) {
  return useQuery({
    queryKey: bankConnectionKeys.providers,
    queryFn: ({ signal }) => callEndpoint(bankProviders, { signal }),
    enabled,
  })
}
