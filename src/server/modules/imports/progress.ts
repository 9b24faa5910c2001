// How far each upload sent with ?progress=<id> has got, for the import wizard's progress bar
// (GET /api/imports/progress). Kept in this process for a few minutes: the instance that imports
// is the one that knows (ADR 0040); another answers 'waiting' and the bar stays indeterminate.
import type { ImportProgressDto, ImportStageDto } from '#src/contract/imports'
import type { ImportProgress } from './write'

const KEEP_MS = 10 * 60_000
const MAX_ENTRIES = 10_000

type Entry = { stage: ImportStageDto; rows: number; at: number }
const entries = new Map<string, Entry>()

const keyOf = (userId: string, id: string) => `${userId}:${id}`

function put(key: string, stage: ImportStageDto, rows: number): void {
  const now = Date.now()
  // full: forget the expired, then the oldest (a Map keeps insertion order)
  if (!entries.has(key) && entries.size >= MAX_ENTRIES) {
    for (const [k, e] of entries) if (now - e.at > KEEP_MS || entries.size >= MAX_ENTRIES) entries.delete(k)
  }
  entries.set(key, { stage, rows, at: now })
}

/** The progress hook of one upload (null id: nobody follows it), and its end. */
export function tracker(userId: string, id: string | undefined, preview: boolean): { onProgress: ImportProgress; end: (ok: boolean) => void } {
  if (id === undefined) return { onProgress: () => undefined, end: () => undefined }
  const key = keyOf(userId, id)
  put(key, 'reading', 0)
  return {
    onProgress: (stage, rows) => {
      if (stage === 'parsed') put(key, 'reading', 0)
      else if (stage === 'writing') put(key, preview ? 'checking' : 'writing', rows)
    },
    end: (ok) => {
      const last = entries.get(key)
      put(key, ok ? 'done' : 'failed', last?.rows ?? 0)
    },
  }
}

export function progressOf(userId: string, id: string): ImportProgressDto {
  const entry = entries.get(keyOf(userId, id))
  if (!entry || Date.now() - entry.at > KEEP_MS) return { stage: 'waiting', rows: 0, updatedAt: null }
  return { stage: entry.stage, rows: entry.rows, updatedAt: new Date(entry.at).toISOString() }
}
