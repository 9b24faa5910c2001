// Bill endpoints: list, upcoming (spec §7, days=30 on the dashboard), create, edit, delete, pay.
import type { FastifyInstance } from 'fastify'
import * as contract from '../../../contract/bills'
import type { AppDeps } from '../../app-deps'
import { route } from '../../http/route'
import * as service from './service'

export function billRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.listBills, async ({ user }) => service.listBills(db, user))

  route(app, contract.upcomingBills, async ({ user, query }) =>
    service.upcomingBills(db, user, query.days, clock.now()),
  )

  route(app, contract.listBillPayments, async ({ user, query }) =>
    service.billPayments(db, user, query.from, query.to),
  )

  route(app, contract.createBill, async ({ user, body }) => service.createBill(db, user, body))

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
}
