// Import endpoints: the multipart upload (preview or commit), past imports, undo, and the saved
// CSV mappings. Thin: the upload is read here, everything else happens in the service.
import type { FastifyInstance } from 'fastify'
import { NEXT_CURSOR_HEADER } from '../../../contract/common'
import * as contract from '../../../contract/imports'
import type { AppDeps } from '../../app-deps'
import { route } from '../../http/route'
import * as history from './history'
import * as presets from './presets'
import * as service from './service'
import { readUpload } from './upload'

export function importRoutes(app: FastifyInstance, { db, clock, config }: AppDeps): void {
  route(app, contract.createImport, async ({ user, query, req }) => {
    const upload = await readUpload(req, config.maxUploadBytes)
    const { accountId, format, mapping, qifDateOrder, overrides, categories } = upload.fields
    return service.importStatement(
      db,
      user,
      {
        bytes: upload.bytes,
        fileName: upload.fileName,
        preview: query.preview,
        ...(accountId ? { accountId } : {}),
        ...(format ? { format } : {}),
        ...(mapping ? { mapping } : {}),
        ...(qifDateOrder ? { qifDateOrder } : {}),
        ...(overrides ? { overrides } : {}),
        ...(categories ? { categories } : {}),
      },
      clock.now(),
    )
  }, { ownBody: true })
  route(app, contract.listImports, async ({ user, query, reply }) => {
    const { items, nextCursor } = await history.listImports(db, user, query)
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor)
    return items
  })
  route(app, contract.undoImport, async ({ user, params }) => history.undoImport(db, user, params.batchId, clock.now()))
  route(app, contract.listImportPresets, async ({ user }) => presets.presets(db, user))
  route(app, contract.saveImportPreset, async ({ user, body }) => presets.savePreset(db, user, body, clock.now()))
}
