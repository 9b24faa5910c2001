// Work a request sets off once its answer is sent (event-driven automations, an insight Refresh's
// job): started on the next turn of the event loop, off the request, never able to fail it, and
// kept per database so tests and shutdown can wait for it.
import type { Db } from '../db/connect'

export type AfterAnswer = {
  start: (db: Db, work: () => Promise<unknown>, onError: (error: unknown) => void) => void
  settle: (db: Db) => Promise<void>
}

export function afterAnswer(): AfterAnswer {
  const inFlight = new Map<Db, Set<Promise<unknown>>>()
  return {
    start(db, work, onError) {
      const set = inFlight.get(db) ?? new Set<Promise<unknown>>()
      inFlight.set(db, set)
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(() => undefined, onError)
        .finally(() => set.delete(running))
      set.add(running)
    },
    async settle(db) {
      await Promise.all([...(inFlight.get(db) ?? [])])
    },
  }
}
