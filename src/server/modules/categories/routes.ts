// Category endpoints: list, create, edit, delete and merge, scoped to the user's household.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/categories'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function categoryRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.listCategories, async ({ user }) => service.listCategories(db, user))

  route(app, contract.createCategory, async ({ user, body }) =>
    service.createCategory(db, user, body),
  )

  route(app, contract.updateCategory, async ({ user, params, body }) =>
    service.updateCategory(db, user, params.id, body, clock.now()),
  )

  route(app, contract.deleteCategory, async ({ user, params }) => {
    await service.deleteCategory(db, user, params.id, clock.now())
    return null
  })

  route(app, contract.mergeCategory, async ({ user, params, body }) =>
    service.mergeCategory(db, user, params.id, body.intoId, clock.now()),
  )
}
