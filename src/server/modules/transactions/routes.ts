// Transaction endpoints: thin wrappers around the service.
import type { FastifyInstance } from 'fastify'
import { NEXT_CURSOR_HEADER } from '#src/contract/common'
import * as contract from '#src/contract/transactions'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function transactionRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.listTransactions, async ({ user, query, reply }) => {
    const { items, nextCursor } = await service.list(db, user, query)
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor)
    return items
  })
  route(app, contract.getTransactionTotals, async ({ user, query }) => service.totals(db, user, query))
  route(app, contract.getTransaction, async ({ user, params }) => service.getOne(db, user, params.id))
  route(app, contract.createTransaction, async ({ user, body }) => service.create(db, user, body, clock.now()))
  route(app, contract.updateTransaction, async ({ user, params, body }) =>
    service.update(db, user, params.id, body, clock.now()),
  )
  route(app, contract.deleteTransaction, async ({ user, params }) => {
    await service.remove(db, user, params.id, clock.now())
    return null
  })
  route(app, contract.bulkTransactions, async ({ user, body }) => service.bulk(db, user, body, clock.now()))
  route(app, contract.createTransfer, async ({ user, body }) => service.transfer(db, user, body))
}
