import { describe, expect, it } from 'vitest'
import { CompactStringSet } from './string-set'

describe('CompactStringSet', () => {
  it('adds each string once and knows what it holds', () => {
    const set = new CompactStringSet()
    expect(set.add('FIT-1')).toBe(true)
    expect(set.add('FIT-2')).toBe(true)
    expect(set.add('FIT-1')).toBe(false)
    expect(set.size).toBe(2)
    expect(set.has('FIT-1')).toBe(true)
    expect(set.has('FIT-3')).toBe(false)
    // a prefix, a longer string with the same start, and the empty string are all different
    expect(set.has('FIT-')).toBe(false)
    expect(set.has('FIT-11')).toBe(false)
    expect(set.add('')).toBe(true)
    expect(set.has('')).toBe(true)
  })

  it('compares the bytes, not only a hash: text outside ASCII and long ids stay exact', () => {
    const set = new CompactStringSet()
    const long = 'x'.repeat(70_000)
    for (const s of ['Überweisung 7', 'Uberweisung 7', '转账 7', '😀', long]) expect(set.add(s)).toBe(true)
    expect(set.has('Überweisung 7')).toBe(true)
    expect(set.has('Überweisung 8')).toBe(false)
    expect(set.has(long)).toBe(true)
    expect(set.has(`${long}y`)).toBe(false)
    expect(set.size).toBe(5)
  })

  it('matches a Set<string> over 200,000 ids as it grows its slots and bytes many times', () => {
    const set = new CompactStringSet()
    const reference = new Set<string>()
    let seed = 42
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0)
    for (let i = 0; i < 200_000; i++) {
      // ids drawn from a range smaller than the draws, so about a fifth repeat
      const id = `TX${String(next() % 170_000)}`
      expect(set.add(id)).toBe(!reference.has(id))
      reference.add(id)
    }
    expect(set.size).toBe(reference.size)
    for (let i = 0; i < 170_000; i += 997) expect(set.has(`TX${String(i)}`)).toBe(reference.has(`TX${String(i)}`))
  })

  it('holds a million 7-character ids in ~20 MB: a byte of length each, 5 bytes a slot, bytes grown by half', () => {
    const set = new CompactStringSet()
    for (let i = 0; i < 1_000_000; i++) set.add(`T${String(i).padStart(6, '0')}`)
    expect(set.size).toBe(1_000_000)
    // 8,000,000 bytes of ids and lengths (in an array of at most 1.5× that) and 2^21 slots of 5 bytes
    expect(set.memoryBytes).toBeGreaterThan(8_000_000 + 5 * 2 ** 21)
    expect(set.memoryBytes).toBeLessThanOrEqual(12_000_000 + 5 * 2 ** 21 + 256)
    expect(set.has('T999999')).toBe(true)
    expect(set.has('T1000000')).toBe(false)
    // lengths of 127, 128 and 16,384 bytes take one, two and three bytes and stay exact
    for (const n of [127, 128, 16_383, 16_384]) expect(set.add('y'.repeat(n))).toBe(true)
    for (const n of [127, 128, 16_383, 16_384]) expect(set.has('y'.repeat(n))).toBe(true)
    for (const n of [126, 129, 16_382, 16_385]) expect(set.has('y'.repeat(n))).toBe(false)
    expect(set.add('y'.repeat(128))).toBe(false)
  })
})
