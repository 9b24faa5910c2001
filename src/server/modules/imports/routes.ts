// Import endpoints: the multipart upload (preview or commit), past imports, undo, and the saved
// CSV mappings. Thin: the upload is spooled to a temp file here, everything else happens in the service.
import type { FastifyInstance } from 'fastify'
import { NEXT_CURSOR_HEADER } from '#src/contract/common'
import * as contract from '#src/contract/imports'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as history from './history'
import { importFileOffThread } from './offthread'
import { progressOf, tracker } from './progress'
import * as presets from './presets'
import { spoolUpload } from './upload'

export function importRoutes(app: FastifyInstance, { db, clock, config }: AppDeps): void {
  route(app, contract.createImport, async ({ user, query, req }) => {
    // the file goes to a temp file as it arrives; a large CSV or OFX is then imported as a stream,
    // in the import worker
    const upload = await spoolUpload(req, config.maxUploadBytes)
    const progress = tracker(user.id, query.progress, query.preview)
    let ok = false
    try {
      const { accountId, format, mapping, qifDateOrder, overrides, categories } = upload.fields
      return await importFileOffThread(
        db,
        user,
        {
          fileName: upload.fileName,
          preview: query.preview,
          ...(accountId ? { accountId } : {}),
          ...(format ? { format } : {}),
          ...(mapping ? { mapping } : {}),
          ...(qifDateOrder ? { qifDateOrder } : {}),
          ...(overrides ? { overrides } : {}),
          ...(categories ? { categories } : {}),
        },
        upload.file,
        clock.now(),
        progress.onProgress,
      ).then((result) => {
        ok = true
        return result
      })
    } finally {
      progress.end(ok)
      await upload.remove()
    }
  }, { ownBody: true })
  route(app, contract.getImportProgress, async ({ user, query }) => progressOf(user.id, query.id))
  route(app, contract.listImports, async ({ user, query, reply }) => {
    const { items, nextCursor } = await history.listImports(db, user, query)
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor)
    return items
  })
  route(app, contract.undoImport, async ({ user, params }) => history.undoImport(db, user, params.batchId, clock.now()))
  route(app, contract.listImportPresets, async ({ user }) => presets.presets(db, user))
  route(app, contract.saveImportPreset, async ({ user, body }) => presets.savePreset(db, user, body, clock.now()))
}
