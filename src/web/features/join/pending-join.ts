// The invite a person opened before they could use it: signed out (they sign in or create an
// account first) or in the middle of onboarding (which every path shows until it is done,
// docs/product.md §2). The token waits in this tab's sessionStorage; once the person is signed in
// and onboarded, the app takes them back to /join/<token>, and the join page forgets it.
const KEY = 'kinwise:pending-join'

export function joinPath(token: string): string {
  return `/join/${encodeURIComponent(token)}`
}

export function rememberPendingJoin(token: string): void {
  try {
    sessionStorage.setItem(KEY, token)
  } catch {
    // blocked storage: the person opens the link again after signing in
  }
}

export function pendingJoin(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function forgetPendingJoin(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // nothing was stored
  }
}
