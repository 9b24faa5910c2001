// Currency endpoints: the base currency, the currencies in use, and the exchange rates.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/currencies'
import type { AppDeps } from '#src/server/app-deps'
import { localDate } from '#src/domain/dates'
import { route } from '#src/server/http/route'
import type { SessionUser } from '#src/server/core/sessions'
import * as service from './service'

export function currencyRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  // holdings revalued after a rate changes are valued up to the member's today
  const today = (user: SessionUser) => localDate(clock.now(), user.timeZone)
  route(app, contract.getCurrencies, async ({ user }) => service.overview(db, user, clock.now()))

  route(app, contract.setBaseCurrency, async ({ user, body }) => {
    const now = clock.now()
    await service.changeBase(db, user.householdId, body, now, today(user))
    return service.overview(db, user, now)
  })

  route(app, contract.listRates, async ({ user, query }) => service.listRates(db, user.householdId, query.currency))

  route(app, contract.putRate, async ({ user, body }) => service.putRate(db, user.householdId, body, clock.now(), today(user)))

  route(app, contract.deleteRate, async ({ user, query }) => {
    await service.deleteRate(db, user.householdId, query, today(user))
    return null
  })

  route(app, contract.importRates, async ({ user, body }) => service.importRates(db, user.householdId, body.csv, clock.now(), today(user)), {
    bodyLimit: 6 * 1024 * 1024,
  })
}
