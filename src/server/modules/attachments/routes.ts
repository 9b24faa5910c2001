// Attachment endpoints: thin wrappers around the service. The file is served with the type its
// bytes showed, never sniffed again by the browser, and under a policy that runs nothing.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/attachments'
import { contentDisposition } from '#src/domain/attachments'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'
import { attachmentStore } from './storage'
import { readUploadedFile } from './upload'

/**
 * For the file itself: no script, style sheet, frame or plugin of its own; `sandbox` makes even
 * a document the browser renders itself (a PDF) an opaque origin that cannot reach the app.
 */
export const ATTACHMENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox"

export function attachmentRoutes(app: FastifyInstance, { db, clock, config }: AppDeps): void {
  const store = attachmentStore(config.attachments.dir)
  route(app, contract.listAttachments, async ({ user, params }) => service.list(db, user, params.id))
  route(
    app,
    contract.createAttachment,
    async ({ user, params, req }) => {
      // who may not attach here is told so before the file is read
      await service.checkCanAttach(db, user, params.id)
      const file = await readUploadedFile(req, config.attachments.maxBytes)
      return service.add(db, store, user, params.id, file, clock.now())
    },
    { ownBody: true },
  )
  route(app, contract.getAttachmentContent, async ({ user, params, query, reply }) => {
    const { attachment, bytes } = await service.content(db, store, user, params.id)
    reply.header('content-type', attachment.contentType)
    reply.header('content-disposition', contentDisposition(attachment.fileName, !query.download))
    reply.header('x-content-type-options', 'nosniff')
    reply.header('content-security-policy', ATTACHMENT_CSP)
    return bytes
  })
  route(app, contract.deleteAttachment, async ({ user, params }) => {
    await service.remove(db, store, user, params.id)
    return null
  })
}
