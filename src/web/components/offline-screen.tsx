// What the installed app shows without a connection: the service worker opens the
// app shell, and since no member's data is kept on the device, this screen says so plainly
// instead of a browser error, and reloads by itself when the connection is back. A bar says the
// same when the connection drops while a page is open. In the first download: no icons library.
import { useEffect, useSyncExternalStore } from 'react'
import { LogoMark } from './logo'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
}

/** How often the screen asks whether the server answers, once the browser says it is online. */
const RETRY_MS = 3000

export function OfflineScreen() {
  const online = useOnline()
  // the browser's word alone is not enough (it can say online for a moment while still cut off,
  // and the reload would then show this screen again, or replace a page being opened): the app
  // reloads once the server answers
  useEffect(() => {
    if (!online) return
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = (): void => {
      fetch('/api/health', { cache: 'no-store', signal: controller.signal })
        .then((res) => {
          if (res.ok) window.location.reload()
          else timer = setTimeout(check, RETRY_MS)
        })
        .catch(() => {
          if (!controller.signal.aborted) timer = setTimeout(check, RETRY_MS)
        })
    }
    check()
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [online])
  return (
    <main className="grid min-h-dvh place-items-center bg-background p-6 text-foreground" data-testid="offline-screen">
      <div className="grid max-w-md justify-items-center gap-4 text-center">
        <LogoMark className="size-14" />
        <h1 className="text-2xl font-semibold tracking-tight">You’re offline</h1>
        <p className="text-muted-foreground">
          Kinwise needs a connection to show your accounts and today’s allowance. Nothing of yours is kept on this
          device, so there is nothing to show until you are back online.
        </p>
        <button
          type="button"
          className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          onClick={() => window.location.reload()}
        >
          Try again
        </button>
      </div>
    </main>
  )
}

/** A bar along the bottom while the connection is down: figures may be out of date, saving fails. */
export function OfflineBar() {
  const online = useOnline()
  if (online) return null
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-50 bg-foreground px-4 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] text-center text-sm text-background"
      data-testid="offline-bar"
    >
      You’re offline: what you see may be out of date, and changes can’t be saved until you’re back online.
    </div>
  )
}
