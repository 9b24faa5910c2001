// Reading a ZIP file someone sent (yauzl), so that a ZIP bomb costs the server nothing: the file
// is read from disk, never whole into memory; only the entries asked for are looked at, from
// the central directory alone, and each one's declared size and compression ratio are checked,
// and their sum, before any of them is unpacked; then an entry is unpacked through a running
// count that stops it the moment it gives more than its directory said (yauzl checks that too:
// the count here does not rely on it). Every refusal is a 4xx naming the entry.
import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { AppError, badRequest } from './http/errors'

/** An entry that unpacks to more than this many times its packed size is refused as a ZIP bomb. */
const ZIP_MAX_RATIO = 100
/** Entries smaller than this are not held to the ratio: a small file of spaces harms no one. */
const RATIO_FLOOR = 1024 * 1024

const MB = 1024 * 1024

function megabytes(bytes: number): string {
  return `${String(Math.ceil(bytes / MB))} MB`
}

/** 413 naming the entry, in the words and code of the other size limits (PAYLOAD_TOO_LARGE). */
function tooLarge(name: string, message: string, limit: number): AppError {
  return new AppError(413, 'PAYLOAD_TOO_LARGE', message, { issues: [{ path: name, message: `more than ${megabytes(limit)}` }] })
}

/** 413: the entry unpacks to more than the limit (and what sets it, for the one who runs the server). */
export function entryTooLarge(name: string, size: number, limit: number, setting: string | null): AppError {
  const where = setting ? ` (${setting})` : ''
  return tooLarge(name, `${name} unpacks to ${megabytes(size)}, more than the ${megabytes(limit)} this server takes${where}`, limit)
}

function totalTooLarge(name: string, limit: number): AppError {
  return tooLarge(name, `The files of this ZIP unpack to more than the ${megabytes(limit)} this server takes in all (at ${name})`, limit)
}

function lies(name: string): AppError {
  return badRequest(`The ZIP file is damaged: ${name} unpacks to more than its directory says`, 'BAD_ZIP', {
    issues: [{ path: name, message: 'unpacks to more than its directory says' }],
  })
}

function damaged(name: string | null): AppError {
  return badRequest('The ZIP file is damaged', 'BAD_ZIP', name ? { issues: [{ path: name, message: 'cannot be read' }] } : {})
}

/**
 * The whole of a stream, stopped (destroyed, 400) as soon as it gives more than `declared`
 * bytes: the memory it takes is what its directory said, never more.
 */
export async function readCapped(stream: Readable, name: string, declared: number): Promise<Buffer> {
  const out = Buffer.allocUnsafe(declared)
  let length = 0
  try {
    for await (const chunk of stream) {
      const part = chunk as Buffer
      if (length + part.length > declared) throw lies(name)
      part.copy(out, length)
      length += part.length
    }
  } catch (error) {
    stream.destroy()
    if (error instanceof AppError) throw error
    // yauzl's own count says the same thing in its words
    if (/too many bytes/.test(String((error as Error | null)?.message))) throw lies(name)
    throw damaged(name)
  }
  if (length !== declared) throw damaged(name)
  return out
}

export type ZipLimits = {
  /** the largest an entry asked for may unpack to */
  entryBytes: number
  /** the largest all the entries asked for may unpack to together */
  totalBytes: number
  /** what sets the entry limit, for the message (e.g. "ATTACHMENT_MAX_MB") */
  setting: string | null
}

export type OpenZip = {
  /** the bytes of an entry asked for (null for a name it does not have), through the running count */
  read: (name: string) => Promise<Buffer | null>
  close: () => void
}

/**
 * Opens the ZIP at `file` and finds the entries `wanted` accepts (the first of a name) in its
 * central directory, refusing one whose declared size is over the limit (413) or whose ratio
 * says ZIP bomb (400), and refusing them all when their sizes add up to more than the total.
 * Nothing is unpacked until `read`. A file that is not a ZIP, or is damaged, is a 400.
 */
export async function openZip(file: string, wanted: (name: string) => boolean, limits: ZipLimits): Promise<OpenZip> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true })
  } catch {
    throw damaged(null)
  }
  const entries = new Map<string, yauzl.Entry>()
  try {
    let total = 0
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName
      if (!wanted(name) || entries.has(name)) continue
      const size = entry.uncompressedSize
      if (size > limits.entryBytes) throw entryTooLarge(name, size, limits.entryBytes, limits.setting)
      if (size > RATIO_FLOOR && size > ZIP_MAX_RATIO * entry.compressedSize) {
        throw badRequest(`${name} unpacks to ${String(Math.round(size / Math.max(1, entry.compressedSize)))} times its packed size: refused as a ZIP bomb`, 'ZIP_BOMB', {
          issues: [{ path: name, message: `unpacks to more than ${String(ZIP_MAX_RATIO)} times its packed size` }],
        })
      }
      total += size
      if (total > limits.totalBytes) throw totalTooLarge(name, limits.totalBytes)
      entries.set(name, entry)
    }
  } catch (error) {
    zip.close()
    if (error instanceof AppError) throw error
    throw damaged(null)
  }
  let unpacked = 0
  return {
    read: async (name) => {
      const entry = entries.get(name)
      if (!entry) return null
      // an entry read twice counts twice
      unpacked += entry.uncompressedSize
      if (unpacked > limits.totalBytes) throw totalTooLarge(name, limits.totalBytes)
      let stream: Readable
      try {
        stream = await zip.openReadStreamPromise(entry)
      } catch {
        throw damaged(name)
      }
      return readCapped(stream, name, entry.uncompressedSize)
    },
    close: () => {
      zip.close()
    },
  }
}
