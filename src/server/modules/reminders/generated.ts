// The reminders the product writes by itself (bills due soon, goal deadlines, budget alerts), for
// the reminder job, the demo household and the writes that change what they are about. Each
// event has one source key (domain/reminder-events), unique per user, so it is made once however
// often and from however many places it is generated (insert … on conflict do nothing).
//
// Who gets them (ADR 0023): each member their own, and only the household's owner and adults,
// the members who can act on them; teens and viewers get none generated. A budget alert counts
// what THAT member may see, so a private account's spending never shows in another member's
// alert. A budget has one alert at a time: the 100 % one retires the 80 % one, and both go when
// spending falls back under the line (a split, a deleted or moved transaction, a bigger budget).
import { and, eq, gte, like, lte, ne, notInArray, or, sql } from 'drizzle-orm'
import { isRole, roleAtLeast, type Role } from '#src/domain/access'
import { addDays, localDate, startOfMonth, type IsoDate } from '#src/domain/dates'
import { asCents, formatMoney } from '#src/domain/money'
import {
  billDueKey,
  billDueReminder,
  budgetReminder,
  goalDeadlineReminder,
  type GeneratedReminder,
  type ReminderVoice,
} from '#src/domain/reminder-events'
import type { DbOrTx } from '#src/server/db/connect'
import { bills, goals, householdMembers, reminders, users } from '#src/server/db/schema'
import { memberScope } from '#src/server/core/scope'
import { budgetUse } from '#src/server/core/budget-use'

const GOAL_NOTICE_DAYS = 30

/** The lowest role that gets generated reminders: the one that may act on them. */
const ALERTED_FROM: Role = 'adult'

type Person = {
  userId: string
  householdId: string
  role: string
  timeZone: string
  currency: string
  locale: string
  prefs: { billReminders: boolean; goalReminders: boolean; budgetAlerts: boolean; billReminderDays: number }
}

/** Every member (of one household, or of all), with what their reminders need. */
export function people(db: DbOrTx, householdId?: string): Promise<Person[]> {
  return db
    .select({
      userId: users.id,
      householdId: householdMembers.householdId,
      role: householdMembers.role,
      timeZone: users.timeZone,
      currency: users.baseCurrency,
      locale: users.locale,
      prefs: users.notificationPrefs,
    })
    .from(users)
    .innerJoin(householdMembers, eq(householdMembers.userId, users.id))
    .where(householdId ? eq(householdMembers.householdId, householdId) : undefined)
}

function voiceOf(person: Person, now: Date): ReminderVoice {
  return {
    locale: person.locale,
    today: localDate(now, person.timeZone),
    money: (cents) => {
      try {
        return formatMoney(cents, person.currency, person.locale)
      } catch {
        return formatMoney(cents, 'USD', 'en-US')
      }
    },
  }
}

const alerted = (person: Person): boolean =>
  isRole(person.role) && roleAtLeast(person.role, ALERTED_FROM)

/**
 * This month's budget alerts as the member sees their spending: the one each budget has now.
 * `wanted` holds the keys that may stay (whether or not the member wants new ones made).
 */
async function budgetAlerts(
  db: DbOrTx,
  person: Person,
  voice: ReminderVoice,
): Promise<{ month: IsoDate; made: GeneratedReminder[] }> {
  const month = startOfMonth(voice.today)
  if (!isRole(person.role)) return { month, made: [] }
  const scope = await memberScope(db, { id: person.userId, householdId: person.householdId, role: person.role })
  const made: GeneratedReminder[] = []
  for (const use of await budgetUse(db, scope, month, null)) {
    const alert = budgetReminder(
      { categoryId: use.categoryId, name: use.name, spent: asCents(use.spent), amount: asCents(use.budget), month },
      voice,
    )
    if (alert) made.push(alert)
  }
  return { month, made }
}

const GENERATED_BUDGET_ALERT = or(
  like(reminders.sourceKey, 'budget:%'),
  like(reminders.sourceKey, 'automation:%:budget:%'),
)

/**
 * Retires the member's budget alerts of this month that are no longer true: a lower one once a
 * higher one is reached, any once spending is back under the line, those of a removed budget.
 * Older, automation-keyed copies of the same alerts ("automation:<id>:budget:…") go too.
 */
async function retireBudgetAlerts(
  db: DbOrTx,
  person: Person,
  month: IsoDate,
  keep: string[],
): Promise<number> {
  const gone = await db
    .delete(reminders)
    .where(
      and(
        eq(reminders.householdId, person.householdId),
        eq(reminders.userId, person.userId),
        eq(reminders.type, 'budget_limit'),
        or(
          like(reminders.sourceKey, `budget:%:${month}:%`),
          like(reminders.sourceKey, `automation:%:budget:%:${month}:%`),
        ),
        keep.length ? notInArray(reminders.sourceKey, keep) : undefined,
      ),
    )
    .returning({ id: reminders.id })
  return gone.length
}

/**
 * A budget alert just made for a member (by an automation): the member's other alerts of the
 * same budget and month are retired, so the 100 % one does not sit beside the 80 % one. Returns
 * the rows it deleted, whole, so that the run can record them and its undo put them back.
 */
export async function retireOtherBudgetAlerts(
  tx: DbOrTx,
  householdId: string,
  userId: string,
  sourceKey: string,
): Promise<(typeof reminders.$inferSelect)[]> {
  const prefix = sourceKey.slice(0, sourceKey.lastIndexOf(':') + 1)
  return tx
    .delete(reminders)
    .where(
      and(
        eq(reminders.householdId, householdId),
        eq(reminders.userId, userId),
        eq(reminders.type, 'budget_limit'),
        or(like(reminders.sourceKey, `${prefix}%`), like(reminders.sourceKey, `automation:%:${prefix}%`)),
        ne(reminders.sourceKey, sourceKey),
      ),
    )
    .returning()
}

/** What the member should be reminded of now (none for a teen or a viewer). */
async function dueFor(db: DbOrTx, person: Person, voice: ReminderVoice): Promise<GeneratedReminder[]> {
  if (!alerted(person)) return []
  const rows: GeneratedReminder[] = []
  const { today } = voice
  if (person.prefs.billReminders) {
    const due = await db
      .select({ id: bills.id, name: bills.name, amount: bills.amount, nextDueDate: bills.nextDueDate })
      .from(bills)
      .where(
        and(
          eq(bills.householdId, person.householdId),
          eq(bills.isActive, true),
          gte(bills.nextDueDate, today),
          lte(bills.nextDueDate, addDays(today, Math.max(0, person.prefs.billReminderDays))),
        ),
      )
    for (const bill of due) rows.push(billDueReminder({ ...bill, amount: asCents(bill.amount) }, voice))
  }
  if (person.prefs.goalReminders) {
    const near = await db
      .select({ id: goals.id, name: goals.name, targetDate: goals.targetDate, current: goals.currentAmount, target: goals.targetAmount })
      .from(goals)
      .where(
        and(
          eq(goals.householdId, person.householdId),
          eq(goals.isActive, true),
          sql`${goals.currentAmount} < ${goals.targetAmount}`,
          gte(goals.targetDate, today),
          lte(goals.targetDate, addDays(today, GOAL_NOTICE_DAYS)),
        ),
      )
    for (const goal of near) {
      if (!goal.targetDate) continue
      rows.push(
        goalDeadlineReminder(
          { ...goal, targetDate: goal.targetDate, current: asCents(goal.current), target: asCents(goal.target) },
          voice,
        ),
      )
    }
  }
  return rows
}

async function insertGenerated(db: DbOrTx, person: Person, rows: GeneratedReminder[]): Promise<number> {
  if (!rows.length) return 0
  const inserted = await db
    .insert(reminders)
    .values(rows.map((r) => ({ ...r, householdId: person.householdId, userId: person.userId })))
    .onConflictDoNothing({ target: [reminders.userId, reminders.sourceKey] })
    .returning({ id: reminders.id })
  return inserted.length
}

/**
 * Makes the reminders due at `now` for every member (or one household's), and retires the budget
 * alerts that are no longer true. Each member's changes are one transaction. Returns how many
 * reminders were created.
 */
export async function generateReminders(
  db: DbOrTx,
  now: Date,
  options: { householdId?: string } = {},
): Promise<number> {
  let created = 0
  for (const person of await people(db, options.householdId)) {
    const voice = voiceOf(person, now)
    created += await db.transaction(async (tx) => {
      const rows = await dueFor(tx, person, voice)
      const budgets = await budgetAlerts(tx, person, voice)
      const wanted = alerted(person) && person.prefs.budgetAlerts ? budgets.made : []
      await retireBudgetAlerts(tx, person, budgets.month, budgets.made.map((b) => b.sourceKey))
      return insertGenerated(tx, person, [...rows, ...wanted])
    })
  }
  return created
}

/**
 * After a write that can lower spending (a transaction deleted, split, moved or made smaller; a
 * budget raised or removed): every member's budget alerts that are no longer true go, in the
 * write's own transaction. Nothing new is made here; the reminder job does that.
 */
export async function settleBudgetAlerts(tx: DbOrTx, householdId: string, now: Date): Promise<void> {
  // most writes happen in a household with no budget alert out: one small query, then nothing
  const [any] = await tx
    .select({ id: reminders.id })
    .from(reminders)
    .where(and(eq(reminders.householdId, householdId), eq(reminders.type, 'budget_limit'), GENERATED_BUDGET_ALERT))
    .limit(1)
  if (!any) return
  for (const person of await people(tx, householdId)) {
    const voice = voiceOf(person, now)
    const budgets = await budgetAlerts(tx, person, voice)
    await retireBudgetAlerts(tx, person, budgets.month, budgets.made.map((b) => b.sourceKey))
  }
}

/**
 * A bill paid for one due date: every member's active reminder of that due date is completed
 * (older automation-keyed copies included), in the payment's transaction.
 */
export async function completeBillReminders(
  tx: DbOrTx,
  householdId: string,
  billId: string,
  dueDate: IsoDate,
  now: Date,
): Promise<number> {
  const key = billDueKey(billId, dueDate)
  const done = await tx
    .update(reminders)
    .set({ status: 'completed', updatedAt: now })
    .where(
      and(
        eq(reminders.householdId, householdId),
        eq(reminders.status, 'active'),
        or(eq(reminders.sourceKey, key), like(reminders.sourceKey, `automation:%:${key}`)),
      ),
    )
    .returning({ id: reminders.id })
  return done.length
}
