// Reads the multipart upload of POST /api/imports: one file (field `file`) and a few text
// fields, each limit turned into a clear 4xx (413 with the configured size above it).
import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import { importFields, type ImportFields } from '#src/contract/imports'
import { AppError, badRequest, tooLarge } from '#src/server/http/errors'

const MB = 1024 * 1024

/** A file name fit to store and show: no folders, no control characters, not too long. */
function cleanFileName(raw: string | undefined): string {
  const base = path.basename((raw ?? '').replace(/\\/g, '/'))
  const clean = [...base].filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127).join('').trim()
  return (clean || 'statement').slice(0, 255)
}

export function multipartError(error: unknown, maxBytes: number): AppError | null {
  const code = (error as { code?: unknown } | null)?.code
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(`The file is larger than ${String(Math.round(maxBytes / MB))} MB`)
    case 'FST_FILES_LIMIT':
      return badRequest('Send one file at a time', 'TOO_MANY_FILES')
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('The upload has too many fields', 'TOO_MANY_FIELDS')
    case 'FST_PROTO_VIOLATION':
      return badRequest('The upload has a field name that is not allowed', 'BAD_REQUEST')
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('Send the statement as multipart/form-data, in a field named "file"', 'NOT_MULTIPART')
    default:
      return null
  }
}

/** An upload whose file went to a temp file as it arrived (never held whole): remove it when done. */
export type SpooledUpload = {
  file: { path: string; size: number; hash: string }
  fileName: string
  fields: ImportFields
  remove: () => Promise<void>
}

/** Where uploads wait while they are imported (TMPDIR): one folder, a file per upload. */
const SPOOL_DIR = path.join(tmpdir(), 'kinwise-uploads')

/**
 * Reads the multipart upload of POST /api/imports (and of POST /api/export/import) with its file
 * written to a temp file as it arrives, its SHA-256 and size counted on the way: a file of any
 * size is never in memory.
 */
export async function spoolUpload(req: FastifyRequest, maxBytes: number): Promise<SpooledUpload> {
  await mkdir(SPOOL_DIR, { recursive: true, mode: 0o700 })
  const target = path.join(SPOOL_DIR, `${randomUUID()}.upload`)
  const remove = () => rm(target, { force: true })
  try {
    let file: SpooledUpload['file'] | null = null
    let fileName = ''
    const fields = await readParts(req, maxBytes, async (part) => {
      const hash = createHash('sha256')
      let size = 0
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk)
          size += chunk.length
          done(null, chunk)
        },
      })
      await pipeline(part.file, count, createWriteStream(target, { mode: 0o600 }))
      if (part.file.truncated) throw tooLarge(`The file is larger than ${String(Math.round(maxBytes / MB))} MB`)
      file = { path: target, size, hash: hash.digest('hex') }
      fileName = cleanFileName(part.filename)
    })
    if (!file) throw badRequest('Choose a statement file to import (the form field "file")', 'NO_FILE')
    return { file, fileName, fields, remove }
  } catch (error) {
    await remove()
    throw error
  }
}

type FilePart = Extract<Awaited<ReturnType<FastifyRequest['file']>>, object>

/** Reads the parts of a multipart upload: the file (field `file`) goes to `onFile`, the text fields are checked. */
async function readParts(req: FastifyRequest, maxBytes: number, onFile: (part: FilePart) => Promise<void>): Promise<ImportFields> {
  if (!req.isMultipart()) throw badRequest('Send the statement as multipart/form-data, in a field named "file"', 'NOT_MULTIPART')
  const raw: Record<string, string> = {}
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume()
          throw badRequest(`Unexpected file field "${part.fieldname.slice(0, 40)}": send the statement as "file"`)
        }
        await onFile(part)
      } else if (typeof part.value === 'string') {
        if (part.valueTruncated) throw badRequest(`The field "${part.fieldname.slice(0, 40)}" is too long`)
        raw[part.fieldname] = part.value
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    const known = multipartError(error, maxBytes)
    if (known) throw known
    throw badRequest('The upload is not a valid multipart form', 'BAD_MULTIPART')
  }
  const parsed = importFields.safeParse(raw)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first?.path.join('.') || 'fields'
    throw badRequest(`Invalid ${where}: ${first?.message ?? 'invalid value'}`, 'VALIDATION_ERROR')
  }
  return parsed.data
}
