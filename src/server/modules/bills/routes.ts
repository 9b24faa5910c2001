// Bill endpoints: list, upcoming (docs/product.md §7, days=30 on the dashboard), create, edit,
// delete, pay, and the payments that settle a bill: its links, what could pay it, link and unlink
// (ADR 0045).
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/bills'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function billRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.listBills, async ({ user }) => service.listBills(db, user, clock.now()))

  route(app, contract.upcomingBills, async ({ user, query }) =>
    service.upcomingBills(db, user, query.days, clock.now()),
  )

  route(app, contract.listBillPayments, async ({ user, query }) =>
    service.billPayments(db, user, query.from, query.to),
  )

  route(app, contract.createBill, async ({ user, body }) => service.createBill(db, user, body, clock.now()))

  route(app, contract.updateBill, async ({ user, params, body }) =>
    service.updateBill(db, user, params.id, body, clock.now()),
  )

  route(app, contract.deleteBill, async ({ user, params }) => {
    await service.deleteBill(db, user, params.id, clock.now())
    return null
  })

  route(app, contract.payBill, async ({ user, params, body }) =>
    service.payBill(db, user, params.id, body, clock.now()),
  )

  route(app, contract.listBillLinks, async ({ user, params }) => service.billLinks(db, user, params.id))

  route(app, contract.billMatches, async ({ user, params }) => service.billMatches(db, user, params.id))

  route(app, contract.linkBillPayment, async ({ user, params, body }) =>
    service.linkPayment(db, user, params.id, body, clock.now()),
  )

  route(app, contract.unlinkBillPayment, async ({ user, params }) =>
    service.unlinkPayment(db, user, params.id, params.paymentId, clock.now()),
  )
}
