// Toast state (docs/product.md §4, §9): at most one toast visible, variants default and
// destructive, and a removal delay of 1,000,000 ms after a toast is dismissed (the Radix provider
// times them out after 5000 ms). `toast()` works from anywhere; <Toaster> renders the state.
import { useSyncExternalStore, type ReactNode } from 'react'

export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD_PX = 50

export type ToastVariant = 'default' | 'destructive'

export type ToastInput = {
  title?: ReactNode
  description?: ReactNode
  variant?: ToastVariant
  action?: ReactNode
}

export type ToastItem = ToastInput & { id: string; open: boolean }

let items: ToastItem[] = []
// A toast is shown once <Toaster> (downloaded with the first toast) has rendered it; code that
// must not act before the user could read a toast (the signed-out redirect) waits for this.
const shown = new Set<string>()
const shownWaiters = new Map<string, Set<() => void>>()
let counter = 0
const listeners = new Set<() => void>()
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()

function emit(next: ToastItem[]): void {
  items = next
  // only toasts still in the list are remembered as shown
  for (const id of shown) if (!next.some((t) => t.id === id)) shown.delete(id)
  for (const listener of listeners) listener()
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return
  const timer = setTimeout(() => {
    removeTimers.delete(id)
    emit(items.filter((t) => t.id !== id))
  }, TOAST_REMOVE_DELAY_MS)
  removeTimers.set(id, timer)
}

export function dismissToast(id?: string): void {
  for (const t of items) if (id === undefined || t.id === id) scheduleRemoval(t.id)
  emit(items.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)))
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT))
  return { id, dismiss: () => dismissToast(id) }
}

export function markToastShown(id: string): void {
  if (shown.has(id)) return
  shown.add(id)
  const waiters = shownWaiters.get(id)
  shownWaiters.delete(id)
  for (const waiter of waiters ?? []) waiter()
}

// calls `callback` once the toast is on screen (at once if it already is); returns a cancel
export function onToastShown(id: string, callback: () => void): () => void {
  if (shown.has(id)) {
    callback()
    return () => undefined
  }
  const waiters = shownWaiters.get(id) ?? new Set<() => void>()
  waiters.add(callback)
  shownWaiters.set(id, waiters)
  return () => {
    waiters.delete(callback)
    if (waiters.size === 0 && shownWaiters.get(id) === waiters) shownWaiters.delete(id)
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function snapshot(): ToastItem[] {
  return items
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
