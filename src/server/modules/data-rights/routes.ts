// Your data: the export ZIP, importing an export into an empty household, and
// deleting one's account (with its cancel). Thin: the work is in export.ts, import.ts and
// deletion.ts.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/data'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import { recordAudit } from '#src/server/core/audit'
import { requireRecentAuth } from '#src/server/core/reauth'
import { attachmentStore } from '../attachments/storage'
import { spoolUpload } from '../imports/upload'
import { cancelDeletion, requestDeletion } from './deletion'
import { exportZip } from './export'
import { exportImportLimits, importExportFile, requireEmpty } from './import'

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
    // a household that is not empty is refused before its upload is even read
    await requireEmpty(db, user.householdId)
    const upload = await spoolUpload(req, config.maxUploadBytes)
    try {
      return await importExportFile(db, user, upload.file.path, clock.now(), {
        limits: exportImportLimits(config),
        secretKey: config.secretKey,
        store: attachmentStore(config.attachments.dir),
      })
    } finally {
      await upload.remove()
    }
  })
  route(
    app,
    contract.requestDeletion,
    async ({ user, body, req }) => requestDeletion(db, user, body, req, clock.now()),
    { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } } },
  )
  route(app, contract.cancelDeletion, async ({ user, req }) => cancelDeletion(db, user, req, clock.now()))
}
