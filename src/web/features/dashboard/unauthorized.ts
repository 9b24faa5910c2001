// Signed out while on the dashboard (spec §2, §8): the toast "Unauthorized" and, 500 ms later,
// the login page (through the /api/login navigation).
import { useEffect } from 'react'
import { toast } from '../../lib/toast'

export const UNAUTHORIZED_TOAST = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
} as const

export const LOGIN_REDIRECT_DELAY_MS = 500

export function useUnauthorizedRedirect(signedOut: boolean): void {
  useEffect(() => {
    if (!signedOut) return
    toast({ variant: 'destructive', ...UNAUTHORIZED_TOAST })
    const timer = setTimeout(() => {
      window.location.href = '/api/login'
    }, LOGIN_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [signedOut])
}
