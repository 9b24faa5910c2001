// Time-ordered UUIDs (version 7, RFC 9562) for rows whose order of creation matters:
// transactions entered or imported on the same day keep their order when sorted by id.
import { randomBytes } from 'node:crypto'

let lastMs = 0
let sequence = 0

// one call to the system's random source per 256 ids, not one per id (bulk imports make 100k)
const POOL_IDS = 256
let pool = Buffer.alloc(0)
let offset = 0

function randomChunk(): Buffer {
  if (offset >= pool.length) {
    pool = randomBytes(16 * POOL_IDS)
    offset = 0
  }
  offset += 16
  return pool.subarray(offset - 16, offset)
}

/** A UUIDv7: 48-bit Unix milliseconds, then a 12-bit counter that keeps ids made in the same
 *  millisecond increasing, then 62 random bits. */
export function uuidv7(nowMs = Date.now()): string {
  let ms = nowMs
  if (ms <= lastMs) {
    sequence += 1
    if (sequence > 0xfff) {
      // more than 4096 ids in one millisecond: borrow the next millisecond
      lastMs += 1
      sequence = 0
    }
    ms = lastMs
  } else {
    lastMs = ms
    sequence = 0
  }
  const bytes = Buffer.from(randomChunk())
  bytes.writeUIntBE(ms, 0, 6)
  bytes[6] = 0x70 | ((sequence >> 8) & 0x0f)
  bytes[7] = sequence & 0xff
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f)
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
