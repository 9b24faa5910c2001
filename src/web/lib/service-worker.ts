// The installable app's service worker (src/web/sw, built to /sw.js): registered once
// the page has loaded, on built apps only (the dev server has no sw.js). On sign-out every cache
// but the app shell's is deleted: the worker never stores API answers, and this makes sure that
// whatever else a cache may ever hold is gone before the next person uses the phone.
import { CACHE_PREFIX } from '../sw/routes'

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // no worker (an old browser, a private window): the app works as before, online only
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/** Deletes every cache that is not the app shell's (no member's data is in the shell). */
export async function clearUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  const names = await caches.keys()
  await Promise.all(names.filter((name) => !name.startsWith(CACHE_PREFIX)).map((name) => caches.delete(name)))
}
