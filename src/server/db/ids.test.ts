import { describe, expect, it } from 'vitest'
import { uuidv7 } from './ids'

describe('uuidv7', () => {
  it('is a version-7 RFC 9562 UUID', () => {
    expect(uuidv7()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('keeps ids made in the same millisecond in creation order', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7(1_800_000_000_000))
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('orders by time across milliseconds, even if the clock steps back', () => {
    const a = uuidv7(1_900_000_000_000)
    const b = uuidv7(1_900_000_000_001)
    const c = uuidv7(1_899_999_999_000)
    expect(a < b).toBe(true)
    expect(b < c).toBe(true)
  })
})
