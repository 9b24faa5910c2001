// Your data (issue 15): the export ZIP, importing an export into an empty household, and
// deleting one's account (with its cancel). Thin: the work is in export.ts, import.ts and
// deletion.ts.
import type { FastifyInstance } from 'fastify'
import * as contract from '../../../contract/data'
import type { AppDeps } from '../../app-deps'
import { route } from '../../http/route'
import { recordAudit } from '../audit/record'
import { requireRecentAuth } from '../auth/reauth'
import { attachmentStore } from '../attachments/storage'
import { readUpload } from '../imports/upload'
import { cancelDeletion, requestDeletion } from './deletion'
import { exportZip } from './export'
import { importExport, readExportAttachments, readExportFile } from './import'

export function dataRoutes(app: FastifyInstance, { db, clock, config }: AppDeps): void {
  route(app, contract.exportData, async ({ user, req, reply }) => {
    const now = clock.now()
    requireRecentAuth(req, now)
    const { stream, fileName } = await exportZip(db, user, now, { store: attachmentStore(config.attachments.dir) })
    await recordAudit(db, { event: 'export', userId: user.id, req, at: now })
    reply.header('content-type', 'application/zip')
    reply.header('content-disposition', `attachment; filename="${fileName}"`)
    return stream
  })
  route(app, contract.importExport, async ({ user, req }) => {
    const upload = await readUpload(req, config.maxUploadBytes)
    const doc = await readExportFile(upload.bytes)
    const files = await readExportAttachments(upload.bytes, doc)
    return importExport(db, user, doc, clock.now(), { secretKey: config.secretKey, files, store: attachmentStore(config.attachments.dir) })
  })
  route(
    app,
    contract.requestDeletion,
    async ({ user, body, req }) => requestDeletion(db, user, body, req, clock.now()),
    { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } } },
  )
  route(app, contract.cancelDeletion, async ({ user, req }) => cancelDeletion(db, user, req, clock.now()))
}
