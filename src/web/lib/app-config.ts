// The server's public settings (GET /api/config): the ad network id, whether registration is
// open and whether single sign-on is configured. Read once and kept for the visit.
import { useQuery } from '@tanstack/react-query'
import type { AppConfig } from '#src/contract/app-config'
import { getQueryFn } from './api'

export const APP_CONFIG_QUERY_KEY = ['/api/config'] as const

export function useAppConfig(): { config: AppConfig | null; isLoading: boolean } {
  const { data, isLoading } = useQuery<AppConfig | null>({
    queryKey: APP_CONFIG_QUERY_KEY,
    queryFn: getQueryFn<AppConfig>({ on401: 'returnNull' }),
    staleTime: Infinity,
  })
  return { config: data ?? null, isLoading }
}
