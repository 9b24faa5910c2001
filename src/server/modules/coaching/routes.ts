// AI Coaching and Motivation Coach endpoints: the member's weekly actions (made on
// request or by the weekly job), accepting or dismissing one, the tone, and the motivation view.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/coaching'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import { motivation } from './motivation'
import * as service from './service'

export function coachingRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.getCoaching, async ({ user }) => service.coachingView(db, user, clock.now()))

  route(app, contract.generateCoaching, async ({ user }) => service.generateCoaching(db, user, clock.now()))

  route(app, contract.acceptCoachingAction, async ({ user, params }) => service.decide(db, user, params.id, 'accepted', clock.now()))

  route(app, contract.dismissCoachingAction, async ({ user, params }) => service.decide(db, user, params.id, 'dismissed', clock.now()))

  route(app, contract.setCoachTone, async ({ user, body }) => service.setTone(db, user, body.tone, clock.now()))

  route(app, contract.getMotivation, async ({ user }) => motivation(db, user, clock.now()))
}
