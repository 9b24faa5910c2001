// The server's engine for rule patterns: RE2 (re2-wasm), which matches in time linear in the
// text, so no pattern can stall the event loop the way a backtracking RegExp can.
// re2-wasm runs in a fixed 16 MB WebAssembly heap that never grows and frees nothing by
// itself: compiled patterns are kept in a small cache and freed when they leave it, and if the
// heap is ever exhausted (which kills that instance) a fresh instance is loaded and the match
// tried once more.
import { createRequire } from 'node:module'
import path from 'node:path'
import { regexProblem, type RegexCompiler } from '#src/domain/rules'

type Compiled = { test(text: string): boolean; wrapper?: { delete?: () => void } }
type RE2Constructor = new (pattern: string, flags: string) => Compiled

const require = createRequire(import.meta.url)
const PACKAGE_DIR = `${path.sep}re2-wasm${path.sep}`
/** compiled patterns kept; each is small (MAX_PATTERN_SIZE), so this stays far below the heap */
const CACHE_SIZE = 64

let RE2: RE2Constructor | null = null
const cache = new Map<string, Compiled>()

/** A fresh instance of the module (a new heap): the old one's compiled patterns go with it. */
function loadEngine(): RE2Constructor {
  for (const key of Object.keys(require.cache)) if (key.includes(PACKAGE_DIR)) Reflect.deleteProperty(require.cache, key)
  cache.clear()
  const loaded = require('re2-wasm') as { RE2: RE2Constructor }
  RE2 = loaded.RE2
  return RE2
}

function free(compiled: Compiled): void {
  try {
    compiled.wrapper?.delete?.()
  } catch {
    // already freed with a dead instance
  }
}

/** The compiled pattern (case-insensitive), from the cache when it is there; throws when RE2 refuses it. */
function compiled(pattern: string): Compiled {
  const hit = cache.get(pattern)
  if (hit) {
    // most recently used last
    cache.delete(pattern)
    cache.set(pattern, hit)
    return hit
  }
  const Engine = RE2 ?? loadEngine()
  const re = new Engine(pattern, 'iu')
  cache.set(pattern, re)
  if (cache.size > CACHE_SIZE) {
    const [oldest, value] = cache.entries().next().value ?? []
    if (oldest !== undefined && value) {
      cache.delete(oldest)
      free(value)
    }
  }
  return re
}

/** A WebAssembly abort (out of heap): the instance is dead and must be replaced. */
function isAbort(error: unknown): boolean {
  return error instanceof WebAssembly.RuntimeError || (error instanceof Error && /^abort\(|Aborted/.test(error.message))
}

/** Runs fn on the engine; after an abort, once more on a fresh instance. */
function withEngine<T>(fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    if (!isAbort(error)) throw error
    loadEngine()
    return fn()
  }
}

/** Why RE2 refuses a pattern the domain accepts, or null when it compiles. */
export function re2Problem(pattern: string): string | null {
  try {
    withEngine(() => compiled(pattern))
    return null
  } catch {
    return 'The pattern is not supported: use letters, classes like [a-z] or \\d, groups, | and repeats'
  }
}

/** Why a rule pattern is refused: the domain's checks, then RE2's own. */
export function patternProblem(pattern: string): string | null {
  return regexProblem(pattern) ?? re2Problem(pattern)
}

/**
 * The rule engine's RegexCompiler on RE2. A test looks its pattern up for each text (a map
 * lookup), so a pattern evicted from the cache, or lost with a dead instance, is compiled again
 * instead of being used after it was freed.
 */
export const re2Compiler: RegexCompiler = (pattern) => {
  if (re2Problem(pattern) !== null) return null
  return (text) => {
    try {
      return withEngine(() => compiled(pattern).test(text))
    } catch {
      return false
    }
  }
}
