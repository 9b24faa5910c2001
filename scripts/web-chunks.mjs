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

/** Above this many kB (minified, 1 kB = 1000 bytes) a chunk is too heavy to load on the way to a page. */
export const CHUNK_LIMIT_KB = 400

/**
 * Chunks allowed above CHUNK_LIMIT_KB, by manifest key: the password checker's dictionaries
 * (zxcvbn, ~1.7 MB; ADR 0025), a dynamic entry that loads only once someone types a new password.
 * No splitting makes them small: they are two word lists the checker needs whole.
 */
export const LARGE_LAZY_CHUNKS = ['../domain/password-strength.ts']

/**
 * The JavaScript chunks over CHUNK_LIMIT_KB that are not LARGE_LAZY_CHUNKS loaded lazily.
 * @param {Record<string, {file: string, isDynamicEntry?: boolean}>} manifest
 * @param {(file: string) => number} bytesOf the size in bytes of a file of the manifest
 * @returns {{file: string, kb: number}[]}
 */
export function oversizedChunks(manifest, bytesOf) {
  /** @type {{file: string, kb: number}[]} */
  const found = []
  const seen = new Set()
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith('.js') || seen.has(chunk.file)) continue
    seen.add(chunk.file)
    if (chunk.isDynamicEntry && LARGE_LAZY_CHUNKS.includes(key)) continue
    const kb = bytesOf(chunk.file) / 1000
    if (kb > CHUNK_LIMIT_KB) found.push({ file: chunk.file, kb })
  }
  return found
}
