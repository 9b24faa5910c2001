// The chunks a visit will need, started with the first download instead of one after another
// (entry → who is signed in? → app → route table → page). A deep link to the sign-in page or the
// dashboard fetches its page while the boot fetch asks who is signed in; on / the landing page
// is fetched, or the dashboard when this browser was signed in last time (a hint, never trusted:
// the gates still decide what renders).
import { DESKTOP_QUERY } from '../lib/use-media-query'
import { loadAppShell, loadDashboardPage } from './dashboard-loaders'
import { loadSidebar } from './layout/sidebar-loader'
import { once } from '../lib/lazy-page'
import { loadLandingPage, loadLoginPage } from './public-page-loaders'
import { loadSignedInRoutes } from './signed-in-routes-loader'

const SIGNED_IN_HINT_KEY = 'kinwise:signed-in'

export const loadFullApp = once(() => import('./full-app'))

type Load = () => Promise<unknown>

const signedIn: Load[] = [loadFullApp, loadSignedInRoutes, loadAppShell, loadDashboardPage]

function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1'
  } catch {
    return false
  }
}

function loadsFor(pathname: string): Load[] {
  if (pathname === '/') return wasSignedIn() ? signedIn : [loadLandingPage]
  if (pathname === '/auth/login') return [loadFullApp, loadLoginPage]
  if (pathname === '/dashboard') return signedIn
  return [loadFullApp]
}

/**
 * Starts the downloads for `pathname`; settles when they have (a failure is left to the page
 * that needs the chunk).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const loads = loadsFor(pathname)
  // a desktop shows the sidebar with the shell (a phone never downloads it)
  const sidebar = loads === signedIn && window.matchMedia(DESKTOP_QUERY).matches
  return Promise.allSettled([...loads, ...(sidebar ? [loadSidebar] : [])].map((load) => load()))
}

/** Remembers whether someone is signed in, for the next visit's preload. */
export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1')
    else localStorage.removeItem(SIGNED_IN_HINT_KEY)
  } catch {
    // blocked storage: no hint, the next visit just preloads less
  }
}
