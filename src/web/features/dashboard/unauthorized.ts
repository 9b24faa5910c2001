// Signed out while on the dashboard (docs/product.md §2, §8): the toast "Unauthorized" and, 500 ms
// after it is on screen, the login page (through the /api/login navigation). The toast's code
// downloads with the first toast, so on a slow link the 500 ms start when it renders, not when it
// is asked for; if it never renders (the download failed) the redirect still happens after a few
// seconds.
import { useEffect } from 'react'
import { onToastShown, toast } from '#src/web/lib/toast'

export const UNAUTHORIZED_TOAST = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
} as const

export const LOGIN_REDIRECT_DELAY_MS = 500
const LOGIN_REDIRECT_FALLBACK_MS = 5000

export function useUnauthorizedRedirect(signedOut: boolean): void {
  useEffect(() => {
    if (!signedOut) return
    const goToLogin = () => {
      window.location.href = '/api/login'
    }
    const { id } = toast({ variant: 'destructive', ...UNAUTHORIZED_TOAST })
    let timer: ReturnType<typeof setTimeout> | undefined
    const fallback = setTimeout(goToLogin, LOGIN_REDIRECT_FALLBACK_MS)
    const cancel = onToastShown(id, () => {
      clearTimeout(fallback)
      timer = setTimeout(goToLogin, LOGIN_REDIRECT_DELAY_MS)
    })
    return () => {
      cancel()
      clearTimeout(fallback)
      clearTimeout(timer)
    }
  }, [signedOut])
}
