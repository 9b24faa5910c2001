// Receipts and attachments on transactions (ADR 0037): list a transaction's files,
// attach one (multipart, field "file"), fetch one's bytes, remove one. Reading needs only to see
// the transaction; attaching and removing need to be allowed to change it.
import { z } from 'zod'
import { ATTACHMENT_KINDS } from '../domain/attachments'
import { MEMBER_READ, TEEN_WRITE, endpoint } from './endpoint'
import { booleanQuery, id, idParams } from './common'

export const attachmentKind = z.enum(ATTACHMENT_KINDS)

export const attachment = z.object({
  id,
  transactionId: id,
  fileName: z.string(),
  /** what the file's first bytes say it is */
  kind: attachmentKind,
  /** the Content-Type it is served with */
  contentType: z.string(),
  /** bytes */
  size: z.number().int(),
  /** the member who attached it */
  addedBy: id,
  createdAt: z.string(),
})
export type Attachment = z.output<typeof attachment>

export const listAttachments = endpoint({
  method: 'GET',
  path: '/api/transactions/:id/attachments',
  summary: "A transaction's receipts and other files, oldest first",
  tag: 'attachments',
  access: MEMBER_READ,
  params: idParams,
  response: z.array(attachment),
})

export const createAttachment = endpoint({
  method: 'POST',
  path: '/api/transactions/:id/attachments',
  summary:
    'Attach a photo (JPEG, PNG, WebP, HEIC) or a PDF to a transaction (multipart: field file). The type is read from the file itself; 415 for any other, 413 above the size limit (ATTACHMENT_MAX_MB).',
  tag: 'attachments',
  access: TEEN_WRITE,
  params: idParams,
  response: attachment,
  status: 201,
})

/** The file's bytes, streamed (the OpenAPI document says which types). */
const fileBytes = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ description: 'The file: image/jpeg, image/png, image/webp, image/heic or application/pdf' })

export const attachmentContentQuery = z.object({
  /** true: as a download (Content-Disposition: attachment) rather than shown in the browser */
  download: booleanQuery.default(false),
})

export const getAttachmentContent = endpoint({
  method: 'GET',
  path: '/api/attachments/:id/content',
  summary: "An attachment's file, to members who may see its transaction (?download=true to save it)",
  tag: 'attachments',
  access: MEMBER_READ,
  params: idParams,
  query: attachmentContentQuery,
  response: fileBytes,
})

export const deleteAttachment = endpoint({
  method: 'DELETE',
  path: '/api/attachments/:id',
  summary: 'Remove an attachment from its transaction',
  tag: 'attachments',
  access: TEEN_WRITE,
  params: idParams,
  response: null,
})
