// Reads a multipart upload of one file in the field `file` (a transaction's attachment, a
// profile photo), at most the given size (413 naming it above that). Text fields are not asked for.
import type { FastifyRequest } from 'fastify'
import { AppError, badRequest } from '#src/server/http/errors'
import { multipartError } from '../imports/upload'
import type { NewFile } from './service'

const MB = 1024 * 1024

const fileIssue = (status: number, code: string, message: string) =>
  new AppError(status, code, message, { issues: [{ path: 'file', message }] })

/** `missing`: what to ask for when no file (or an empty one) came. */
export async function readUploadedFile(
  req: FastifyRequest,
  maxBytes: number,
  missing = 'Choose a photo or a PDF to attach (the form field "file")',
): Promise<NewFile> {
  const notMultipart = () => fileIssue(400, 'NOT_MULTIPART', 'Send the file as multipart/form-data, in a field named "file"')
  if (!req.isMultipart()) throw notMultipart()
  let file: NewFile | null = null
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3 } })) {
      if (part.type !== 'file') continue
      if (part.fieldname !== 'file') throw badRequest(`Unexpected file field "${part.fieldname.slice(0, 40)}": send the file as "file"`)
      file = { bytes: await part.toBuffer(), fileName: part.filename }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fileIssue(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${String(Math.round(maxBytes / MB))} MB`)
    }
    if ((error as { code?: unknown } | null)?.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw notMultipart()
    throw multipartError(error, maxBytes) ?? badRequest('The upload is not a valid multipart form', 'BAD_MULTIPART')
  }
  if (!file || file.bytes.length === 0) throw fileIssue(400, 'NO_FILE', missing)
  return file
}
