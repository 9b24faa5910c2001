// The first question of every visit, asked before the rest of the app downloads: is anyone
// signed in? Answered with a plain fetch (the same call the user query makes), so a visitor on
// the landing page gets the page without the query library or the app's route tables.
import type { User } from '../../contract/auth'

export async function fetchBootUser(): Promise<User | null> {
  try {
    const res = await fetch('/api/auth/user', { credentials: 'include' })
    if (!res.ok) return null
    const user: User = await res.json()
    return user
  } catch {
    return null
  }
}
