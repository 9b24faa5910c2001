// The first question of every visit, asked before the rest of the app downloads: is anyone
// signed in? Answered with a plain fetch (the same call the user query makes), so a visitor on
// the landing page gets the page without the query library or the app's route tables.
import type { User } from '#src/contract/auth'

/** The signed-in user; null when the server says nobody is (401); undefined when it could not
 *  tell (offline, a server error), so the user query asks again. */
export type BootUser = User | null | undefined

export async function fetchBootUser(): Promise<BootUser> {
  try {
    const res = await fetch('/api/auth/user', { credentials: 'include' })
    // an unread body keeps the request open (API answers are no-store, so nothing drains it)
    if (res.status === 401 || !res.ok) {
      await res.body?.cancel().catch(() => undefined)
      return res.status === 401 ? null : undefined
    }
    const user: User = await res.json()
    return user
  } catch {
    return undefined
  }
}
