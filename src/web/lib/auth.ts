// Who is signed in (docs/product.md §4, §7 /api/auth/user): one query, no retry, fresh for 5
// minutes, refetched every 10; a failed user query means signed out. Sign-out clears local storage
// and every cache but the app shell's first, then navigates to /api/logout.
import { useQuery } from '@tanstack/react-query'
import type { User } from '#src/contract/auth'
import { getQueryFn } from './api'
import { setDisplayLocale } from './display-locale'
import { clearUserCaches } from './service-worker'

export const USER_QUERY_KEY = ['/api/auth/user'] as const
export const USER_REFETCH_INTERVAL_MS = 10 * 60 * 1000

export type Auth = {
  user: User | null
  isLoading: boolean
  isAuthenticated: boolean
}

export function useAuth(): Auth {
  const { data, isLoading, error } = useQuery<User | null>({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<User>({ on401: 'throw' }),
    retry: false,
    staleTime: 5 * 60 * 1000,
    refetchInterval: USER_REFETCH_INTERVAL_MS,
  })
  const user = error ? null : (data ?? null)
  // counts in sentences and money typed in forms follow the member's locale ("12,50" in de-DE)
  setDisplayLocale(user?.locale)
  return { user, isLoading, isAuthenticated: user !== null }
}

export function signOut(): void {
  try {
    localStorage.clear()
    sessionStorage.clear()
  } catch {
    // blocked storage holds nothing to clear
  }
  // caches other than the app shell go too; sign-out does not wait long for them
  const leave = () => {
    window.location.href = '/api/logout'
  }
  void Promise.race([clearUserCaches(), new Promise((resolve) => setTimeout(resolve, 500))]).then(leave, leave)
}
