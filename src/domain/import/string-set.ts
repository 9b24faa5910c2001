// An exact set of strings kept outside the JavaScript heap, for a streamed statement's bank ids:
// a million ids in a Set<string> took ~50 MB of heap, and the Set's doubling held old
// and new tables at once; here they take their UTF-8 bytes and a byte or two of length, plus
// 5 bytes a slot, in typed arrays (~20 MB for a million 7-character ids, where a 4-byte length,
// a 4-byte hash a slot and doubled bytes took ~32 MB). Exact, not probabilistic: a match of the
// slot's tag is confirmed by comparing the bytes, so two different ids are never taken for one
// another.

const encoder = new TextEncoder()
const EMPTY = -1
/** the slots are grown (doubled) when more than this share is taken */
const MAX_LOAD = 0.7

export class CompactStringSet {
  /** each string's length (LEB128: a byte below 128) and then its UTF-8 bytes, one after another */
  private bytes = new Uint8Array(1 << 16)
  private used = 0
  /** open addressing: a string's offset in `bytes`, or EMPTY */
  private offsets = new Int32Array(1 << 10).fill(EMPTY)
  /** a byte of each slot's hash (not the bits that chose the slot): most misses end here */
  private tags = new Uint8Array(1 << 10)
  private scratch = new Uint8Array(256)
  private count = 0

  get size(): number {
    return this.count
  }

  /** the bytes its arrays take (what the set costs outside the heap) */
  get memoryBytes(): number {
    return this.bytes.byteLength + this.offsets.byteLength + this.tags.byteLength + this.scratch.byteLength
  }

  has(text: string): boolean {
    const length = this.encode(text)
    return this.find(hashOf(this.scratch, 0, length), length) >= 0
  }

  /** Adds the string; false when it was there already. */
  add(text: string): boolean {
    const length = this.encode(text)
    const hash = hashOf(this.scratch, 0, length)
    if (this.find(hash, length) >= 0) return false
    if ((this.count + 1) / this.offsets.length > MAX_LOAD) this.grow()
    this.place(this.store(length), hash, this.offsets, this.tags)
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
      if (this.tags[slot] === tagOf(hash) && this.equals(offset, length)) return slot
    }
  }

  private equals(offset: number, length: number): boolean {
    if (lengthAt(this.bytes, offset) !== length) return false
    const start = offset + lengthBytes(length)
    for (let i = 0; i < length; i++) if (this.bytes[start + i] !== this.scratch[i]) return false
    return true
  }

  /** Appends the scratch bytes after their length; returns where they start. */
  private store(length: number): number {
    const need = this.used + lengthBytes(length) + length
    if (need > this.bytes.length) {
      // by half, not doubled: at most a third of the array unused, and less held while copying
      let size = this.bytes.length
      while (size < need) size = Math.ceil(size * 1.5)
      const bigger = new Uint8Array(size)
      bigger.set(this.bytes.subarray(0, this.used))
      this.bytes = bigger
    }
    const offset = this.used
    let at = offset
    for (let rest = length; ; rest = Math.floor(rest / 128)) {
      if (rest < 128) {
        this.bytes[at++] = rest
        break
      }
      this.bytes[at++] = (rest % 128) | 128
    }
    this.bytes.set(this.scratch.subarray(0, length), at)
    this.used = need
    return offset
  }

  /** Puts a stored string's offset in the first free slot from its hash. */
  private place(offset: number, hash: number, offsets: Int32Array, tags: Uint8Array): void {
    const mask = offsets.length - 1
    let slot = hash & mask
    while (offsets[slot] !== EMPTY) slot = (slot + 1) & mask
    offsets[slot] = offset
    tags[slot] = tagOf(hash)
  }

  /** Doubles the slots; each string's hash is worked out again from its stored bytes. */
  private grow(): void {
    const offsets = new Int32Array(this.offsets.length * 2).fill(EMPTY)
    const tags = new Uint8Array(offsets.length)
    for (let old = 0; old < this.offsets.length; old++) {
      const offset = this.offsets[old] ?? EMPTY
      if (offset === EMPTY) continue
      const length = lengthAt(this.bytes, offset)
      this.place(offset, hashOf(this.bytes, offset + lengthBytes(length), length), offsets, tags)
    }
    this.offsets = offsets
    this.tags = tags
  }
}

/** How many bytes a length takes (LEB128: 7 bits a byte). */
function lengthBytes(length: number): number {
  let n = 1
  for (let rest = length; rest >= 128; rest = Math.floor(rest / 128)) n++
  return n
}

/** The length stored at `offset` (its bytes follow, lengthBytes(length) further on). */
function lengthAt(bytes: Uint8Array, offset: number): number {
  let length = 0
  let scale = 1
  for (let at = offset; ; at++) {
    const b = bytes[at] ?? 0
    length += (b & 127) * scale
    if (b < 128) return length
    scale *= 128
  }
}

/** the hash's top byte: the slot comes from its low bits, so the two say different things */
function tagOf(hash: number): number {
  return hash >>> 24
}

/** FNV-1a over the bytes, then a final mix so that the low bits (the slot) vary with every byte. */
function hashOf(bytes: Uint8Array, start: number, length: number): number {
  let h = 0x811c9dc5
  for (let i = start; i < start + length; i++) {
    h ^= bytes[i] ?? 0
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  return h >>> 0
}
