// Investment endpoints: activities, prices, securities, holdings, performance, valuation,
// income, allocation and targets, and an account's cost method.
import type { FastifyInstance } from 'fastify'
import { NEXT_CURSOR_HEADER } from '#src/contract/common'
import * as contract from '#src/contract/investments'
import { localDate } from '#src/domain/dates'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import type { SessionUser } from '#src/server/core/sessions'
import * as activities from './activities'
import * as analysis from './analysis'
import * as service from './service'

export function investmentRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  const today = (user: SessionUser) => localDate(clock.now(), user.timeZone)

  route(app, contract.createActivity, async ({ user, body }) => activities.createActivity(db, user, body, today(user)))

  route(app, contract.listActivities, async ({ user, query, reply }) => {
    const { items, nextCursor } = await activities.listActivities(db, user, query)
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor)
    return items
  })

  route(app, contract.updateActivity, async ({ user, params, body }) =>
    activities.updateActivity(db, user, params.id, body, today(user)),
  )

  route(app, contract.deleteActivity, async ({ user, params }) => {
    await activities.deleteActivity(db, user, params.id, today(user))
    return null
  })

  route(app, contract.putPrice, async ({ user, body }) => service.putPrice(db, user, body, today(user)))

  route(app, contract.importPrices, async ({ user, body }) => service.importPrices(db, user, body.csv, today(user)), {
    bodyLimit: 4 * 1024 * 1024,
  })

  route(app, contract.listPrices, async ({ user, query }) => service.listPrices(db, user, query))

  route(app, contract.listSecurities, async ({ user }) => service.listSecurities(db, user))

  route(app, contract.updateSecurity, async ({ user, params, body }) =>
    service.updateSecurity(db, user, params.id, body, today(user)),
  )

  route(app, contract.listInvestmentAccounts, async ({ user }) => service.listInvestmentAccounts(db, user))

  route(app, contract.updateInvestmentAccount, async ({ user, params, body }) =>
    service.setCostMethod(db, user, params.id, body.costMethod, today(user)),
  )

  route(app, contract.listHoldings, async ({ user, query }) => analysis.holdings(db, user, query.accountId))

  route(app, contract.getPerformance, async ({ user, query }) => analysis.performance(db, user, query, today(user)))

  route(app, contract.getValuation, async ({ user, query }) => analysis.valuation(db, user, query, today(user)))

  route(app, contract.getIncome, async ({ user, query }) => analysis.income(db, user, query.accountId, today(user)))

  route(app, contract.getAllocation, async ({ user, query }) => analysis.allocation(db, user, query.accountId, today(user)))

  route(app, contract.getTargets, async ({ user }) => ({ targets: await service.getTargets(db, user.householdId) }))

  route(app, contract.putTargets, async ({ user, body }) => ({ targets: await service.putTargets(db, user, body.targets) }))
}
