// Toast state (spec §4, §9): at most one toast visible, variants default and destructive, and a
// removal delay of 1,000,000 ms after a toast is dismissed (the Radix provider times them out
// after 5000 ms). `toast()` works from anywhere; <Toaster> renders the state.
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
let counter = 0
const listeners = new Set<() => void>()
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()

function emit(next: ToastItem[]): void {
  items = next
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
