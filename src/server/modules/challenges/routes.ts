// Savings challenge endpoints: the catalogue, the household's challenges with their
// progress, starting, joining, leaving, sweeping into a goal and removing.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/challenges'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import { CATALOG } from './catalog'
import * as service from './service'

export function challengeRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.challengeCatalog, async () => CATALOG)

  route(app, contract.listChallenges, async ({ user }) => service.listChallenges(db, user, clock.now()))

  route(app, contract.createChallenge, async ({ user, body }) => service.createChallenge(db, user, body, clock.now()))

  route(app, contract.joinChallenge, async ({ user, params }) => service.joinChallenge(db, user, params.id, clock.now()))

  route(app, contract.leaveChallenge, async ({ user, params }) => service.leaveChallenge(db, user, params.id, clock.now()))

  route(app, contract.sweepChallenge, async ({ user, params }) => service.sweepChallenge(db, user, params.id, clock.now()))

  route(app, contract.deleteChallenge, async ({ user, params }) => {
    await service.deleteChallenge(db, user, params.id)
    return null
  })
}
