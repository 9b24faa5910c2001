// The one TanStack Query client, with the cache constants of spec §9: fresh for 5 minutes,
// discarded after 10, no interval refetch, no refetch on focus, no retries.
import { QueryClient } from '@tanstack/react-query'
import { getQueryFn } from './api'

export const STALE_TIME_MS = 5 * 60 * 1000
export const GC_TIME_MS = 10 * 60 * 1000

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

export const queryClient = createQueryClient()
