// Subscription endpoint (spec §7): GET /api/subscription/info for the signed-in user.
import type { FastifyInstance } from 'fastify'
import * as contract from '../../../contract/subscription'
import type { AppDeps } from '../../app-deps'
import { route } from '../../http/route'
import { subscriptionInfo } from './service'

export function subscriptionRoutes(app: FastifyInstance, _deps: AppDeps): void {
  route(app, contract.getSubscriptionInfo, async ({ user }) => subscriptionInfo(user))
}
