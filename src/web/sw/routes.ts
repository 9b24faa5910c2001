// What the service worker does with each request, as a pure function so it can be
// tested: the API is never touched (its answers are a member's data, never kept on the device),
// page loads go to the network first and fall back to the cached app shell, and the built files
// (hashed, never changing) come from the cache.

/** The cache of this build's app shell; older builds' caches are deleted when it activates. */
export const CACHE_PREFIX = 'kinwise-shell-'

export type SwRoute = 'pass' | 'navigate' | 'static'

export function routeRequest(
  request: { method: string; url: string; mode: string },
  origin: string,
  precached: ReadonlySet<string>,
): SwRoute {
  if (request.method !== 'GET') return 'pass'
  const url = new URL(request.url)
  if (url.origin !== origin) return 'pass'
  // the member's data, sign-in and sign-out (even as page loads): always the network, never stored
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'pass'
  if (request.mode === 'navigate') return 'navigate'
  if (url.pathname.startsWith('/assets/') || precached.has(url.pathname)) return 'static'
  return 'pass'
}

/** Only built files are ever stored: hashed assets and the shell's own files, never anything else. */
export function mayStore(pathname: string, precached: ReadonlySet<string>): boolean {
  return pathname.startsWith('/assets/') || precached.has(pathname)
}
