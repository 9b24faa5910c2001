// The service worker of the installable app, built by scripts/build.mjs into
// dist/web/sw.js with this build's shell list (__PRECACHE__) and version (__VERSION__).
// It keeps the app shell (index.html, the entry's and the first pages' hashed files, the icons
// and the offline page) so the app opens at once and shows its own offline screen without a
// connection. It never stores or answers anything under /api: a member's data stays on the
// server, so nothing is left for the next person on a shared phone after sign-out.
import { CACHE_PREFIX, mayStore, routeRequest } from './routes'

declare const __PRECACHE__: string[]
declare const __VERSION__: string

type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void }
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void }
type WorkerScope = {
  location: Location
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
}

// the worker's global scope: the DOM's types do not describe it
const worker = self as unknown as WorkerScope
const CACHE = `${CACHE_PREFIX}${__VERSION__}`
const PRECACHE = new Set(__PRECACHE__)
/** how long a page load waits for the network before the cached shell answers */
const NAVIGATION_TIMEOUT_MS = 3000

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...PRECACHE]))
      .then(() => worker.skipWaiting()),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => worker.clients.claim()),
  )
})

async function shellOrOffline(): Promise<Response> {
  const cache = await caches.open(CACHE)
  return (await cache.match('/index.html')) ?? (await cache.match('/offline.html')) ?? Response.error()
}

/** The network first (a fresh index.html names this build's files); the cached shell offline. */
async function navigate(request: Request): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const slow = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS)
  })
  try {
    const answer = await Promise.race([fetch(request), slow])
    return answer ?? (await shellOrOffline())
  } catch {
    return shellOrOffline()
  } finally {
    clearTimeout(timer)
  }
}

/** Built files never change under one name: the cache first, the network once. */
async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  const hit = await cache.match(request)
  if (hit) return hit
  const answer = await fetch(request)
  if (answer.ok && mayStore(new URL(request.url).pathname, PRECACHE)) await cache.put(request, answer.clone())
  return answer
}

worker.addEventListener('fetch', (event) => {
  const route = routeRequest(event.request, worker.location.origin, PRECACHE)
  if (route === 'navigate') event.respondWith(navigate(event.request))
  else if (route === 'static') event.respondWith(cacheFirst(event.request))
  // 'pass': not answered here, so the browser goes to the network as if there were no worker
})
