// Household endpoints: thin wrappers around the service.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as contract from '#src/contract/household'
import type { AppDeps } from '#src/server/app-deps'
import type { Config } from '#src/server/config'
import { route } from '#src/server/http/route'
import * as service from './service'
import { setHouseholdMfaPolicy } from '../mfa/service'
import { bankRelease } from '../bank-connections/release'

/** The address invite links start with: PUBLIC_URL when set, else the one the request came to. */
function linkBase(config: Config, req: FastifyRequest): string {
  return config.publicUrl ?? `${req.protocol}://${req.host}`
}

export function householdRoutes(app: FastifyInstance, { db, clock, config }: AppDeps): void {
  // a member who goes takes their bank connections with them: Plaid is told to remove the items
  const banks = bankRelease(config)
  route(app, contract.getHousehold, async ({ user }) => service.getHousehold(db, user, clock.now()))
  route(app, contract.renameHousehold, async ({ user, body }) => service.rename(db, user, body.name, clock.now()))

  route(app, contract.createInvite, async ({ user, body, req }) =>
    service.createInvite(db, user, body, linkBase(config, req), clock.now()),
  )
  route(app, contract.listInvites, async ({ user, req }) => service.listInvites(db, user, linkBase(config, req), clock.now()))
  route(app, contract.revokeInvite, async ({ user, params }) => {
    await service.revokeInvite(db, user, params.token, clock.now())
    return null
  })
  route(app, contract.getInvite, async ({ user, params }) => service.previewInvite(db, user, params.token, clock.now()))
  route(app, contract.acceptInvite, async ({ user, params, req }) =>
    service.acceptInvite(db, user, params.token, clock.now(), { ...banks, log: req.log }),
  )

  route(app, contract.updateMember, async ({ user, params, body }) =>
    service.updateMemberRole(db, user, params.userId, body.role, clock.now()),
  )
  route(app, contract.removeMember, async ({ user, params, req }) => {
    await service.removeMember(db, user, params.userId, clock.now(), { ...banks, log: req.log })
    return null
  })
  route(app, contract.leaveHousehold, async ({ user, req }) => service.leave(db, user, clock.now(), { ...banks, log: req.log }))
  route(app, contract.transferOwnership, async ({ user, body }) =>
    service.transferOwnership(db, user, body.userId, clock.now()),
  )
  route(app, contract.setMfaPolicy, async ({ user, body, req }) =>
    setHouseholdMfaPolicy({ db, config, now: clock.now() }, user, body.required, req),
  )
}
