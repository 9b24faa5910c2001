// Credit score endpoints (docs/product.md §7): the latest score, the history, add and delete an
// entry.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/credit-score'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function creditScoreRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, contract.getCreditScore, async ({ user }) => service.latestCreditScore(db, user))

  route(app, contract.creditScoreHistory, async ({ user }) => service.creditScoreHistory(db, user))

  route(app, contract.addCreditScore, async ({ user, body }) =>
    service.addCreditScore(db, user, body),
  )

  route(app, contract.deleteCreditScore, async ({ user, params }) => {
    await service.deleteCreditScore(db, user, params.id)
    return null
  })
}
