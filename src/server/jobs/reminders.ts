// Generated reminders: bills due soon, goal deadlines and budgets at 80 % and 100 %. Each has a
// source key (bill:<id>:<due date>, …) unique per user, so it is made once however often the
// job runs and however many instances run it (insert … on conflict do nothing).
//
// Who gets them (ADR 0023): each member their own, and only the household's owner and adults,
// the members who can act on them (pay a bill, contribute to a goal, change a budget are adult
// writes); teens and viewers get none generated and keep the reminders they write themselves. A
// budget alert counts what THAT member may see: only accounts whose transactions they see, so a
// private or balance-only account's spending never shows in another member's alert (nor tips a
// budget over a threshold for them).
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { isRole, roleAtLeast, ROLES, type Role } from '../../domain/access'
import { billDueText, daysUntil } from '../../domain/bill-urgency'
import { crossedBudgetThresholds } from '../../domain/budget'
import { addDays, localDate, startOfMonth } from '../../domain/dates'
import { asCents, formatMoney } from '../../domain/money'
import type { Db } from '../db/connect'
import { bills, budgets, categories, goals, householdMembers, monthlyRollups, reminders, users } from '../db/schema'
import { memberScope, notIn } from '../modules/accounts/scope'

type NewReminder = typeof reminders.$inferInsert

const GOAL_NOTICE_DAYS = 30

/** The lowest role that gets generated reminders: the one that may act on them. */
const ALERTED_FROM: Role = 'adult'
const ALERTED_ROLES = ROLES.filter((role) => roleAtLeast(role, ALERTED_FROM))

/** Generates the reminders due for every member who gets them at `now`. Returns how many were created. */
export async function generateReminders(db: Db, now: Date): Promise<number> {
  const people = await db
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
    .where(inArray(householdMembers.role, ALERTED_ROLES))
  let created = 0
  for (const person of people) {
    const role = person.role
    if (!isRole(role) || !roleAtLeast(role, ALERTED_FROM)) continue
    const today = localDate(now, person.timeZone)
    const money = (cents: number) => formatMoney(asCents(cents), person.currency, person.locale)
    const rows: NewReminder[] = []
    const base = { householdId: person.householdId, userId: person.userId }

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
      for (const bill of due) {
        const days = daysUntil(today, bill.nextDueDate)
        rows.push({
          ...base,
          title: `${bill.name}: ${days <= 1 ? billDueText(days) : `due in ${billDueText(days)}`}`,
          description: `${money(bill.amount)} due on ${bill.nextDueDate}.`,
          type: 'bill_due',
          priority: days <= 0 ? 'urgent' : days <= 1 ? 'high' : 'medium',
          dueDate: bill.nextDueDate,
          sourceKey: `bill:${bill.id}:${bill.nextDueDate}`,
        })
      }
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
        rows.push({
          ...base,
          title: `${goal.name}: target date in ${daysUntil(today, goal.targetDate)} days`,
          description: `${money(goal.target - goal.current)} still to go to reach ${money(goal.target)}.`,
          type: 'goal_deadline',
          priority: 'medium',
          dueDate: goal.targetDate,
          sourceKey: `goal:${goal.id}:${goal.targetDate}`,
        })
      }
    }

    if (person.prefs.budgetAlerts) {
      const month = startOfMonth(today)
      const monthBudgets = await db
        .select({ categoryId: budgets.categoryId, amount: budgets.amount, name: categories.name })
        .from(budgets)
        .innerJoin(categories, eq(categories.id, budgets.categoryId))
        .where(and(eq(budgets.householdId, person.householdId), eq(budgets.month, month)))
      if (monthBudgets.length) {
        const { noTransactions } = await memberScope(db, { id: person.userId, householdId: person.householdId, role })
        // spending of a category includes its sub-categories
        const spent = await db
          .select({
            categoryId: sql<string>`coalesce(${categories.parentId}, ${categories.id})`,
            own: monthlyRollups.categoryId,
            total: sql<string>`sum(${monthlyRollups.expense})`,
          })
          .from(monthlyRollups)
          .innerJoin(categories, eq(categories.id, monthlyRollups.categoryId))
          .where(
            and(
              eq(monthlyRollups.householdId, person.householdId),
              eq(monthlyRollups.month, month),
              notIn(monthlyRollups.accountId, noTransactions),
            ),
          )
          .groupBy(sql`coalesce(${categories.parentId}, ${categories.id})`, monthlyRollups.categoryId)
        for (const budget of monthBudgets) {
          const total = spent
            .filter((s) => s.own === budget.categoryId || s.categoryId === budget.categoryId)
            .reduce((sum, s) => sum + Number(s.total), 0)
          for (const threshold of crossedBudgetThresholds(asCents(total), asCents(budget.amount))) {
            const percent = Math.round(threshold * 100)
            rows.push({
              ...base,
              title: percent >= 100 ? `${budget.name} budget reached` : `${budget.name} budget at ${percent}%`,
              description: `${money(total)} spent of ${money(budget.amount)} this month.`,
              type: 'budget_limit',
              priority: percent >= 100 ? 'high' : 'medium',
              dueDate: null,
              sourceKey: `budget:${budget.categoryId}:${month}:${percent}`,
            })
          }
        }
      }
    }

    if (rows.length) {
      const inserted = await db
        .insert(reminders)
        .values(rows)
        .onConflictDoNothing({ target: [reminders.userId, reminders.sourceKey] })
        .returning({ id: reminders.id })
      created += inserted.length
    }
  }
  return created
}

