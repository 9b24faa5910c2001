// ZIPs made to have a server unpack far more than it was sent (ADR 0047), for the export import's
// limits test and its memory bench: built on the fly with yazl, never kept as binary fixtures.
import { Readable } from 'node:stream'
import yazl from 'yazl'

const MB = 1024 * 1024

/** `total` bytes of `byte`, after `head`, made a megabyte at a time as they are read. */
export function filler(total: number, byte: number, head = ''): Readable {
  const chunk = Buffer.alloc(MB, byte)
  return Readable.from(
    (function* () {
      if (head) yield Buffer.from(head)
      for (let sent = 0; sent < total; sent += MB) yield chunk.subarray(0, Math.min(MB, total - sent))
    })(),
  )
}

/** A ZIP of the entries (deflated as they stream: a 400 MB entry of spaces is a 400 KB file). */
export async function zipOf(entries: [name: string, content: Buffer | Readable][]): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, content] of entries) {
    if (Buffer.isBuffer(content)) zip.addBuffer(content, name)
    else zip.addReadStream(content, name, { compressionLevel: 1 })
  }
  zip.end()
  const parts: Buffer[] = []
  for await (const part of zip.outputStream) parts.push(part as Buffer)
  return Buffer.concat(parts)
}

/** The ZIP with its central directory saying that `name` unpacks to `size` bytes (a lie). */
export function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip)
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  let at = out.readUInt32LE(end + 16)
  for (let i = 0; i < out.readUInt16LE(end + 10); i++) {
    const nameLength = out.readUInt16LE(at + 28)
    if (out.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      out.writeUInt32LE(size, at + 24)
      return out
    }
    at += 46 + nameLength + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32)
  }
  throw new Error(`no entry ${name}`)
}
