// The chunks on the way to the sign-in page and the dashboard, named once for the three places
// that need them: vite.config.ts (which module goes into which chunk group), scripts/build.mjs
// (the route pages' modulepreload links) and bench/sections/web.ts (what each route downloads).

/**
 * The lazy modules on the way to those pages, with the chunk group each one joins. Every one of
 * them loads with its group anyway, so a chunk of its own would only cost a phone one more
 * request (HTTP/1.1 fetches six at a time). Vite's manifest has no key for a module merged into
 * a group: chunkKey() finds its group's chunk instead.
 * @type {Readonly<Record<string, 'app' | 'login' | 'signed-in' | 'dashboard'>>}
 */
export const ROUTE_MODULE_GROUPS = {
  'app/full-app.tsx': 'app',
  'features/auth/login-page.tsx': 'login',
  'app/signed-in-routes.tsx': 'signed-in',
  'app/layout/app-shell.tsx': 'signed-in',
  'features/dashboard/dashboard-page.tsx': 'dashboard',
}

/**
 * The Vite manifest key of the chunk that holds `source` (a module under src/web): its own key,
 * or its group's `_<group>-<hash>.js`; undefined when neither is there.
 * @param {Record<string, unknown>} manifest
 * @param {string} source
 * @returns {string | undefined}
 */
export function chunkKey(manifest, source) {
  if (manifest[source] !== undefined) return source
  const group = /** @type {Record<string, string | undefined>} */ (ROUTE_MODULE_GROUPS)[source]
  if (group === undefined) return undefined
  // the group's name and the chunk's 8-character hash, nothing between ("signed-in" is not
  // "signed-in-routes")
  const name = new RegExp(`^_${group}-[\\w-]{8}\\.js$`)
  return Object.keys(manifest).find((key) => name.test(key))
}
