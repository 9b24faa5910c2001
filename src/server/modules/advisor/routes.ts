// The AI Advisor's endpoints: ask (JSON or Server-Sent Events), the member's
// conversations, and the status. Thin: the work is in service.ts and tools.ts.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/advisor'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function advisorRoutes(app: FastifyInstance, { db, config, clock }: AppDeps): void {
  const deps = service.advisorDeps(db, config, app.log)

  route(app, contract.askAdvisor, async ({ user, body, req }) => service.ask({ ...deps, log: req.log }, user, body, clock.now()))

  route(app, contract.askAdvisorStream, async ({ user, body, req, reply }) => {
    await service.askStream({ ...deps, log: req.log }, user, body, clock.now(), reply)
    return ''
  })

  route(app, contract.listConversations, async ({ user }) => service.listConversations(db, user))

  route(app, contract.getConversation, async ({ user, params }) => service.getConversation(db, user, params.id))

  route(app, contract.deleteConversation, async ({ user, params }) => {
    await service.deleteConversation(db, user, params.id)
    return null
  })

  route(app, contract.getAdvisorStatus, async ({ user }) => service.status(deps, user, clock.now()))
}
