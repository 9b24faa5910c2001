// The one TanStack Query client, with the cache constants of docs/product.md §9: fresh for 5
// minutes, discarded after 10, no interval refetch, no refetch on focus, no retries. An answer
// saying the session is now restricted (ADR 0024: the household began to require MFA, or the
// account's deletion was requested elsewhere) reads the signed-in user again, so the app switches
// to the restricted pages at once instead of showing errors until the user's next refresh.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { errorCode, getQueryFn } from './api'
import { USER_QUERY_KEY } from './auth'

export const STALE_TIME_MS = 5 * 60 * 1000
export const GC_TIME_MS = 10 * 60 * 1000

const RESTRICTED_CODES: ReadonlySet<string> = new Set([
  'MFA_SETUP_REQUIRED',
  'ACCOUNT_DELETION_PENDING',
])

export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    const code = errorCode(error)
    if (code !== null && RESTRICTED_CODES.has(code))
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY })
  }
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  })
  return client
}

export const queryClient = createQueryClient()
