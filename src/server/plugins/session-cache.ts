// A short-lived in-process cache of resolved sessions (ADR 0015): a dashboard fires a dozen API
// calls at once, and each would otherwise read its session and user from the database first.
// An entry answers for `ttlMs`; past that it is kept (within the session's own expiry and idle
// limits, at most MAX_ENTRIES) only for stale(), which session.ts uses when the database is slow
// to answer. Any state-changing request of a user (sign-out, password or settings change, …)
// forgets every cached session of that user on this instance at once.
import type { SessionLookup } from '../core/sessions'

type Entry = {
  userId: string
  /** when the entry was read from the database (clock ms) */
  readAt: number
  expiresAt: number
  lastSeenAt: number
  lookup: Extract<SessionLookup, { status: 'valid' }>
}

const MAX_ENTRIES = 10_000

export type SessionCache = {
  /** The cached lookup of a session id, or null when absent, stale or past its limits. */
  get(sessionId: string, now: number, idleMs: number): SessionLookup | null
  /**
   * The cached lookup even when older than the cache's time to live, still within the session's
   * own limits (expiry, idle time), or null: what is served while the database is busy.
   */
  stale(sessionId: string, now: number, idleMs: number): SessionLookup | null
  /** Stores a valid lookup unless a user was forgotten since `generation` was taken. */
  set(sessionId: string, entry: Omit<Entry, 'readAt'>, now: number, generation: number): void
  /** A number that changes whenever a user or session is forgotten: take it before reading. */
  generation(): number
  forgetUser(userId: string): void
  forgetSession(sessionId: string): void
  forgetAll(): void
  readonly size: number
}

export function createSessionCache(ttlMs: number): SessionCache {
  const entries = new Map<string, Entry>()
  // bumped by every forget, so a read that started before a sign-out cannot store what it saw
  let generation = 0
  /** The entry while the session itself is still good (kept past the time to live, for stale()). */
  const live = (sessionId: string, now: number, idleMs: number): Entry | null => {
    const entry = entries.get(sessionId)
    if (!entry) return null
    if (now < entry.readAt || entry.expiresAt <= now || now - entry.lastSeenAt > idleMs) {
      entries.delete(sessionId)
      return null
    }
    return entry
  }
  return {
    get(sessionId, now, idleMs) {
      const entry = live(sessionId, now, idleMs)
      return entry && now - entry.readAt < ttlMs ? entry.lookup : null
    },
    stale(sessionId, now, idleMs) {
      return live(sessionId, now, idleMs)?.lookup ?? null
    },
    set(sessionId, entry, now, takenAt) {
      if (ttlMs <= 0 || takenAt !== generation) return
      if (entries.size >= MAX_ENTRIES) {
        // the oldest first (a Map keeps insertion order)
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      entries.set(sessionId, { ...entry, readAt: now })
    },
    generation() {
      return generation
    },
    forgetUser(userId) {
      generation += 1
      for (const [id, entry] of entries) if (entry.userId === userId) entries.delete(id)
    },
    forgetSession(sessionId) {
      generation += 1
      entries.delete(sessionId)
    },
    forgetAll() {
      generation += 1
      entries.clear()
    },
    get size() {
      return entries.size
    },
  }
}
