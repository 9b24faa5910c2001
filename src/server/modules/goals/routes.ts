// Goal endpoints: list, create, edit, delete, and contributions in and out.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/goals'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function goalRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.listGoals, async ({ user }) => service.listGoals(db, user, clock.now()))

  route(app, contract.createGoal, async ({ user, body }) => service.createGoal(db, user, body))

  route(app, contract.updateGoal, async ({ user, params, body }) =>
    service.updateGoal(db, user, params.id, body, clock.now()),
  )

  route(app, contract.deleteGoal, async ({ user, params }) => {
    await service.deleteGoal(db, user, params.id)
    return null
  })

  route(app, contract.listContributions, async ({ user, params }) =>
    service.listContributions(db, user, params.id),
  )

  route(app, contract.contributeToGoal, async ({ user, params, body }) =>
    service.contribute(db, user, params.id, body, clock.now()),
  )
}
