// QuickBooks setup endpoints: settings (INTU.BID), the chart of accounts, the mappings,
// the export (a GET downloads it, a POST downloads and records it) and the export log. Thin: the
// work is in service.ts.
import type { FastifyInstance, FastifyReply } from 'fastify'
import * as contract from '#src/contract/quickbooks'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function quickbooksRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.getQuickbooksSettings, async ({ user }) => service.getSettings(db, user))

  route(app, contract.updateQuickbooksSettings, async ({ user, body }) => service.updateSettings(db, user, body, clock.now()))

  route(app, contract.importChart, async ({ user, body }) => service.importChart(db, user, body, clock.now()), {
    bodyLimit: contract.MAX_CHART_TEXT * 2,
  })

  route(app, contract.getQuickbooksMappings, async ({ user }) => service.getMappings(db, user))

  route(app, contract.updateQuickbooksMappings, async ({ user, body }) => service.updateMappings(db, user, body))

  const sendFile = (reply: FastifyReply, file: service.ExportFile) => {
    reply.header('content-type', file.contentType)
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`)
    reply.header('x-kinwise-export-count', String(file.count))
    return Buffer.from(file.bytes)
  }

  // the GET only reads; the POST records the export (ADR 0050)
  route(app, contract.exportQuickbooks, async ({ user, query, reply }) =>
    sendFile(reply, await service.exportFile(db, user, query, clock.now(), { record: false, input: 'querystring' })),
  )

  route(app, contract.recordQuickbooksExport, async ({ user, body, reply }) =>
    sendFile(reply, await service.exportFile(db, user, body, clock.now(), { record: true, input: 'body' })),
  )

  route(app, contract.listQuickbooksExports, async ({ user }) => service.listExports(db, user))
}
