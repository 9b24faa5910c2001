// Reminder endpoints (docs/product.md §7): list, unread count, mark read, complete/dismiss/edit,
// create, delete.
import type { FastifyInstance } from 'fastify'
import * as contract from '#src/contract/reminders'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import * as service from './service'

export function reminderRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  route(app, contract.listReminders, async ({ user, query }) =>
    service.listReminders(db, user, query),
  )

  route(app, contract.unreadCount, async ({ user }) => service.unreadCount(db, user))

  route(app, contract.markReminderRead, async ({ user, params }) =>
    service.markRead(db, user, params.id, clock.now()),
  )

  route(app, contract.updateReminder, async ({ user, params, body }) =>
    service.updateReminder(db, user, params.id, body, clock.now()),
  )

  route(app, contract.createReminder, async ({ user, body }) =>
    service.createReminder(db, user, body),
  )

  route(app, contract.deleteReminder, async ({ user, params }) => {
    await service.deleteReminder(db, user, params.id)
    return null
  })
}
