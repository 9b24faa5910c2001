// Reads the multipart upload of POST /api/imports: one file (field `file`) and a few text
// fields, each limit turned into a clear 4xx (413 with the configured size above it).
import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import { importFields, type ImportFields } from '../../../contract/imports'
import { AppError, badRequest, tooLarge } from '../../http/errors'

export type Upload = { bytes: Buffer; fileName: string; fields: ImportFields }

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

export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest('Send the statement as multipart/form-data, in a field named "file"', 'NOT_MULTIPART')
  let file: { bytes: Buffer; fileName: string } | null = null
  const raw: Record<string, string> = {}
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        if (part.fieldname !== 'file') throw badRequest(`Unexpected file field "${part.fieldname.slice(0, 40)}": send the statement as "file"`)
        file = { bytes, fileName: cleanFileName(part.filename) }
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
  if (!file) throw badRequest('Choose a statement file to import (the form field "file")', 'NO_FILE')
  const parsed = importFields.safeParse(raw)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first?.path.join('.') || 'fields'
    throw badRequest(`Invalid ${where}: ${first?.message ?? 'invalid value'}`, 'VALIDATION_ERROR')
  }
  return { ...file, fields: parsed.data }
}
