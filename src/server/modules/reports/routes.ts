// Report endpoints: the figures as the contract's arrays, the base currency they are in and any
// currency that had no rate in response headers (contract/reports).
import type { FastifyInstance, FastifyReply } from 'fastify'
import * as contract from '#src/contract/reports'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

function answer<T>(reply: FastifyReply, report: service.Report<T>): T {
  reply.header(contract.REPORT_CURRENCY_HEADER, report.currency)
  if (report.missingRates.length > 0) reply.header(contract.MISSING_RATES_HEADER, report.missingRates.join(','))
  return report.data
}

export function reportRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.getCashFlow, async ({ user, query, reply }) =>
    answer(reply, await service.cashFlow(db, user, clock.now(), query)),
  )
  route(app, contract.getNetWorthHistory, async ({ user, query, reply }) =>
    answer(reply, await service.netWorth(db, user, clock.now(), query)),
  )
  route(app, contract.getSpendingByCategory, async ({ user, query, reply }) =>
    answer(reply, await service.spendingByCategory(db, user, clock.now(), query)),
  )
  route(app, contract.getSankey, async ({ user, query, reply }) =>
    answer(reply, await service.sankey(db, user, clock.now(), query)),
  )
  route(app, contract.getTopMerchants, async ({ user, query, reply }) =>
    answer(reply, await service.topMerchants(db, user, clock.now(), query)),
  )
}
