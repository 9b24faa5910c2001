// An exact set of strings kept outside the JavaScript heap, for a streamed statement's bank ids
// (issue 21): a million ids in a Set<string> took ~50 MB of heap, and the Set's doubling held old
// and new tables at once; here they take their UTF-8 bytes plus 8 bytes a slot, in typed arrays.
// Exact, not probabilistic: a hash match is confirmed by comparing the bytes, so two different ids
// are never taken for one another.

const encoder = new TextEncoder()
const EMPTY = -1
/** the slots are grown (doubled) when more than this share is taken */
const MAX_LOAD = 0.7

export class CompactStringSet {
  /** each string's length (4 bytes, little-endian) and then its UTF-8 bytes, one after another */
  private bytes = new Uint8Array(1 << 16)
  private used = 0
  /** open addressing: a string's offset in `bytes`, or EMPTY */
  private offsets = new Int32Array(1 << 10).fill(EMPTY)
  private hashes = new Uint32Array(1 << 10)
  private scratch = new Uint8Array(256)
  private count = 0

  get size(): number {
    return this.count
  }

  has(text: string): boolean {
    const length = this.encode(text)
    return this.find(hashOf(this.scratch, length), length) >= 0
  }

  /** Adds the string; false when it was there already. */
  add(text: string): boolean {
    const length = this.encode(text)
    const hash = hashOf(this.scratch, length)
    if (this.find(hash, length) >= 0) return false
    if ((this.count + 1) / this.offsets.length > MAX_LOAD) this.grow()
    const offset = this.store(length)
    let slot = hash & (this.offsets.length - 1)
    while (this.offsets[slot] !== EMPTY) slot = (slot + 1) & (this.offsets.length - 1)
    this.offsets[slot] = offset
    this.hashes[slot] = hash
    this.count++
    return true
  }

  /** Encodes the string into `scratch` (grown to fit) and returns its byte length. */
  private encode(text: string): number {
    // UTF-8 takes at most 3 bytes per UTF-16 unit
    if (this.scratch.length < text.length * 3) this.scratch = new Uint8Array(text.length * 3)
    return encoder.encodeInto(text, this.scratch).written
  }

  /** The slot holding the scratch bytes, or -1. */
  private find(hash: number, length: number): number {
    const mask = this.offsets.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const offset = this.offsets[slot] ?? EMPTY
      if (offset === EMPTY) return -1
      if (this.hashes[slot] === hash && this.equals(offset, length)) return slot
    }
  }

  private equals(offset: number, length: number): boolean {
    if (readLength(this.bytes, offset) !== length) return false
    const start = offset + 4
    for (let i = 0; i < length; i++) if (this.bytes[start + i] !== this.scratch[i]) return false
    return true
  }

  private store(length: number): number {
    const need = this.used + 4 + length
    if (need > this.bytes.length) {
      let size = this.bytes.length * 2
      while (size < need) size *= 2
      const bigger = new Uint8Array(size)
      bigger.set(this.bytes.subarray(0, this.used))
      this.bytes = bigger
    }
    const offset = this.used
    this.bytes[offset] = length & 0xff
    this.bytes[offset + 1] = (length >>> 8) & 0xff
    this.bytes[offset + 2] = (length >>> 16) & 0xff
    this.bytes[offset + 3] = (length >>> 24) & 0xff
    this.bytes.set(this.scratch.subarray(0, length), offset + 4)
    this.used = need
    return offset
  }

  private grow(): void {
    const offsets = new Int32Array(this.offsets.length * 2).fill(EMPTY)
    const hashes = new Uint32Array(offsets.length)
    const mask = offsets.length - 1
    for (let old = 0; old < this.offsets.length; old++) {
      const offset = this.offsets[old] ?? EMPTY
      if (offset === EMPTY) continue
      const hash = this.hashes[old] ?? 0
      let slot = hash & mask
      while (offsets[slot] !== EMPTY) slot = (slot + 1) & mask
      offsets[slot] = offset
      hashes[slot] = hash
    }
    this.offsets = offsets
    this.hashes = hashes
  }
}

function readLength(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8) | ((bytes[offset + 2] ?? 0) << 16) | ((bytes[offset + 3] ?? 0) << 24)) >>> 0
}

/** FNV-1a over the bytes, then a final mix so that the low bits (the slot) vary with every byte. */
function hashOf(bytes: Uint8Array, length: number): number {
  let h = 0x811c9dc5
  for (let i = 0; i < length; i++) {
    h ^= bytes[i] ?? 0
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  return h >>> 0
}
