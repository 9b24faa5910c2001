// The production build's settings that keep `node scripts/build.mjs` free of warnings: a chunk
// group named by a function carries a debugName (Rolldown warns on every build otherwise), and
// Vite's chunk-size warning is left to scripts/build.mjs, which knows the one large lazy chunk.
import { describe, expect, it } from 'vitest'
import config from '../vite.config'

type Group = { name?: unknown; debugName?: string }

describe('vite.config.ts', () => {
  const build = typeof config === 'function' ? undefined : config.build
  const output = build?.rolldownOptions?.output
  const groups: Group[] = (Array.isArray(output) ? [] : (output?.codeSplitting as { groups?: Group[] } | undefined)?.groups) ?? []

  it('labels every chunk group named by a function', () => {
    expect(groups.length).toBeGreaterThan(0)
    for (const group of groups) if (typeof group.name === 'function') expect(group.debugName).toMatch(/\w/)
  })

  it('leaves chunk sizes to scripts/build.mjs', () => {
    expect(build?.chunkSizeWarningLimit).toBe(Number.POSITIVE_INFINITY)
  })
})
