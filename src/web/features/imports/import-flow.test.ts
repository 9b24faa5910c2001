// The import bar while the server writes: its rows against the preview's count, never 100 before
// the answer, nothing while it is still reading or unheard of.
import { describe, expect, it } from 'vitest'
import { serverPercent } from './import-flow'

describe('serverPercent', () => {
  it('is the rows written against the file’s rows, rounded down', () => {
    expect(serverPercent({ stage: 'writing', rows: 250_000 }, 1_000_000)).toBe(25)
    expect(serverPercent({ stage: 'writing', rows: 2 }, 3)).toBe(66)
  })
  it('stays below 100 until the import answers', () => {
    expect(serverPercent({ stage: 'writing', rows: 1_000_000 }, 1_000_000)).toBe(99)
    expect(serverPercent({ stage: 'done', rows: 1_000_000 }, 1_000_000)).toBe(99)
  })
  it('shows nothing while the server reads, waits or has no rows to count', () => {
    expect(serverPercent(null, 100)).toBeNull()
    expect(serverPercent({ stage: 'waiting', rows: 0 }, 100)).toBeNull()
    expect(serverPercent({ stage: 'reading', rows: 0 }, 100)).toBeNull()
    expect(serverPercent({ stage: 'writing', rows: 10 }, 0)).toBeNull()
  })
})
