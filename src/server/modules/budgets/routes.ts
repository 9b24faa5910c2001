// Budget endpoints: a month's budgets, set one, remove one, copy a month.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/budgets'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function budgetRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.listBudgets, async ({ user, query }) =>
    service.listBudgets(db, user, query.month, clock.now()),
  )

  route(app, contract.upsertBudget, async ({ user, body }) =>
    service.upsertBudget(db, user, body, clock.now()),
  )

  route(app, contract.deleteBudget, async ({ user, params }) => {
    await service.deleteBudget(db, user, params.id, clock.now())
    return null
  })

  route(app, contract.copyBudgets, async ({ user, body }) =>
    service.copyBudgets(db, user, body.fromMonth, body.toMonth),
  )
}
