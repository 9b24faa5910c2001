// QuickBooks setup endpoints (issue 19): settings (INTU.BID), the chart of accounts, the mappings,
// the export download and the export log. Thin: the work is in service.ts.
import type { FastifyInstance } from 'fastify'
import * as contract from '../../../contract/quickbooks'
import type { AppDeps } from '../../app-deps'
import { route } from '../../http/route'
import * as service from './service'

export function quickbooksRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.getQuickbooksSettings, async ({ user }) => service.getSettings(db, user))

  route(app, contract.updateQuickbooksSettings, async ({ user, body }) => service.updateSettings(db, user, body, clock.now()))

  route(app, contract.importChart, async ({ user, body }) => service.importChart(db, user, body, clock.now()), {
    bodyLimit: contract.MAX_CHART_TEXT * 2,
  })

  route(app, contract.getQuickbooksMappings, async ({ user }) => service.getMappings(db, user))

  route(app, contract.updateQuickbooksMappings, async ({ user, body }) => service.updateMappings(db, user, body))

  route(app, contract.exportQuickbooks, async ({ user, query, reply }) => {
    const file = await service.exportFile(db, user, query, clock.now())
    reply.header('content-type', file.contentType)
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`)
    reply.header('x-kinwise-export-count', String(file.count))
    return Buffer.from(file.bytes)
  })

  route(app, contract.listQuickbooksExports, async ({ user }) => service.listExports(db, user))
}
