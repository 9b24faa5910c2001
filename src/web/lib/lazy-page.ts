// Every page is its own chunk, loaded on first visit, or sooner when route-preload starts it with
// the first download. A page whose chunk has already arrived renders at once: its loader keeps one
// promise, marked with its outcome the way React's use() reads it, so the page does not suspend
// (React.lazy would, once, and then wait out its fallback throttle before showing the page).
import { createElement, use, type ComponentType } from 'react'

type Tracked<T> = Promise<T> & {
  status?: 'pending' | 'fulfilled' | 'rejected'
  value?: T
  reason?: unknown
}

/** `load` called once: the same promise on every call, marked with its outcome. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let tracked: Tracked<T> | undefined
  return () => {
    if (tracked === undefined) {
      const promise: Tracked<T> = load()
      // a loader made by once() already marks its promise (and may have settled)
      if (promise.status === undefined) {
        promise.status = 'pending'
        promise.then(
          (value) => {
            promise.status = 'fulfilled'
            promise.value = value
          },
          (reason: unknown) => {
            promise.status = 'rejected'
            promise.reason = reason
          },
        )
      }
      tracked = promise
    }
    return tracked
  }
}

/** A page from a module with named exports, suspending (to the nearest Suspense) while it loads. */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  const module = once(load)
  function LazyPage(props: P) {
    return createElement(use(module())[name], props)
  }
  LazyPage.displayName = `Lazy(${name})`
  return LazyPage
}
