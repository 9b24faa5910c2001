// The page title the header and the document show for each path, read from the route table
// (kept apart from the navigation so the icons stay out of the first download).
import { APP_ROUTES, OTHER_TITLES } from './route-table'

const PAGE_TITLES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(APP_ROUTES.map((route) => [route.path, route.title])),
  ...OTHER_TITLES,
}

export function normalizePath(pathname: string): string {
  const p = pathname.toLowerCase().replace(/\/+$/, '')
  return p === '' ? '/' : p
}

/** The header title of a path; "Page Not Found" for a path the router does not know. */
export function pageTitle(pathname: string): string {
  return PAGE_TITLES[normalizePath(pathname)] ?? 'Page Not Found'
}
