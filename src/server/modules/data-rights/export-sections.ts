// The head of the export document: everything a member may see but the transactions, read at
// once (a household's rows are few), one section per key of the document, placed in the order of
// the registry's EXPORT_SECTIONS (registry.ts says which table goes to which section, and why a
// table is not exported).
//
// Privacy is the member scope's (ADR 0023): hidden accounts are left out, balance-only ones come
// with their balance and no transactions, and no list has a row of an account whose transactions
// the member may not see. Rules are the grown-ups' (adult and above); reminders and credit scores
// are the member's own. Recurring series' decisions (dismissed/confirmed) are derived from
// transactions and not exported. Bank connections are not exported: their tokens are secrets,
// and a connection cannot move servers.
import { and, asc, eq, sql } from 'drizzle-orm'
import { EXPORT_FORMAT, EXPORT_VERSION } from '#src/contract/data'
import { roleAtLeast } from '#src/domain/access'
import type { AttachmentStorage } from '#src/domain/attachments'
import type { Db } from '#src/server/db/connect'
import {
  accounts,
  attachments,
  billPayments,
  bills,
  budgets,
  categories,
  creditScores,
  exchangeRates,
  goalContributions,
  goals,
  householdMembers,
  households,
  importPresets,
  reminders,
  rules,
  transactionSplits,
  transactions,
  users,
} from '#src/server/db/schema'
import { notIn, wholeAccountId, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { visiblePlannedIncome } from '../spending-plan/planned-income'
import { exportInvestments, exportPlansAndHelpers, money, type Investments, type PlansAndHelpers } from './export-planning'
import { EXPORT_SECTIONS, type HeadSection } from './registry'

type Row = Record<string, unknown>

export type ExportHead = {
  format: typeof EXPORT_FORMAT
  version: typeof EXPORT_VERSION
  exportedAt: string
  household: { name: string }
  exportedBy: string
  members: Row[]
  settings: Row
  categories: Row[]
  accounts: (Row & { id: string; name: string; type: string; currency: string; balance: number; transactionsIncluded: boolean })[]
  budgets: Row[]
  goals: Row[]
  bills: Row[]
  plannedIncomes: Row[]
  rules: Row[]
  importPresets: Row[]
  reminders: Row[]
  creditScores: Row[]
  exchangeRates: Row[]
  attachments: (Row & { id: string; path: string; storage: AttachmentStorage })[]
} & Investments &
  PlansAndHelpers

type CategoryRow = typeof categories.$inferSelect

/**
 * Categories in an order that survives new ids: each top-level one (by name) followed by its
 * children (by name). Names are unique under one parent, so the order is the same in every copy.
 */
export function sortCategories(rows: CategoryRow[]): CategoryRow[] {
  const byId = new Map(rows.map((c) => [c.id, c]))
  const key = (c: CategoryRow): [string, number, string] => {
    const parent = c.parentId ? byId.get(c.parentId) : undefined
    return parent ? [parent.name.toLowerCase(), 1, c.name.toLowerCase()] : [c.name.toLowerCase(), 0, '']
  }
  return [...rows].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)]
    return ka[0].localeCompare(kb[0]) || ka[1] - kb[1] || ka[2].localeCompare(kb[2]) || a.id.localeCompare(b.id)
  })
}

/** Everything but the transactions: a household's rows are few, read at once. */
export async function exportHead(db: Db, user: SessionUser, scope: MemberScope, now: Date): Promise<ExportHead> {
  const [household] = await db.select({ name: households.name }).from(households).where(eq(households.id, user.householdId))
  const members = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: householdMembers.role })
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(eq(householdMembers.householdId, user.householdId))
    .orderBy(asc(householdMembers.createdAt), asc(users.id))
  const categoryRows = sortCategories(await db.select().from(categories).where(eq(categories.householdId, user.householdId)))
  const accountRows = (
    await db.select().from(accounts).where(eq(accounts.householdId, user.householdId)).orderBy(asc(accounts.createdAt), asc(accounts.id))
  ).filter((a) => (scope.accounts.get(a.id)?.view ?? 'none') !== 'none')
  const budgetRows = await db
    .select()
    .from(budgets)
    .where(eq(budgets.householdId, user.householdId))
    .orderBy(asc(budgets.month), asc(budgets.id))
  const goalRows = await db.select().from(goals).where(eq(goals.householdId, user.householdId)).orderBy(asc(goals.createdAt), asc(goals.id))
  const contributionRows = await db
    .select()
    .from(goalContributions)
    .where(eq(goalContributions.householdId, user.householdId))
    .orderBy(asc(goalContributions.date), asc(goalContributions.createdAt), asc(goalContributions.id))
  // planned income of the member's own plan, as the Spending Plan page lists it (ADR 0044)
  const plannedIncomeRows = await visiblePlannedIncome(db, scope)
  const billRows = await db.select().from(bills).where(eq(bills.householdId, user.householdId)).orderBy(asc(bills.createdAt), asc(bills.id))
  // what settled the bills' due dates, of the transactions the member sees (the ones exported)
  const billPaymentRows = await db
    .select({
      billId: billPayments.billId,
      dueDate: billPayments.dueDate,
      transactionId: billPayments.transactionId,
      splitIndex: sql<number | null>`case when ${billPayments.splitId} is null then null else (select count(*)::int from ${transactionSplits} s
        where s.transaction_id = ${billPayments.transactionId} and s.id < ${billPayments.splitId}) end`,
      amount: billPayments.amount,
      kind: billPayments.kind,
    })
    .from(billPayments)
    .innerJoin(transactions, eq(transactions.id, billPayments.transactionId))
    .where(and(eq(billPayments.householdId, user.householdId), notIn(transactions.accountId, scope.noTransactions)))
    .orderBy(asc(billPayments.dueDate), asc(billPayments.id))
  const ruleRows = roleAtLeast(user.role, 'adult')
    ? await db.select().from(rules).where(eq(rules.householdId, user.householdId)).orderBy(asc(rules.position), asc(rules.id))
    : []
  const presetRows = (
    await db.select().from(importPresets).where(eq(importPresets.householdId, user.householdId)).orderBy(asc(importPresets.createdAt), asc(importPresets.id))
  ).filter((p) => p.accountId === null || wholeAccountId(scope, p.accountId) !== null)
  const reminderRows = await db
    .select()
    .from(reminders)
    .where(and(eq(reminders.householdId, user.householdId), eq(reminders.userId, user.id)))
    .orderBy(asc(reminders.createdAt), asc(reminders.id))
  const scoreRows = await db
    .select()
    .from(creditScores)
    .where(and(eq(creditScores.householdId, user.householdId), eq(creditScores.userId, user.id)))
    .orderBy(asc(creditScores.date), asc(creditScores.createdAt), asc(creditScores.id))
  const investments = await exportInvestments(db, scope)
  // the household's exchange rates: no account's, so every member's export has them
  const rateRows = await db
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.householdId, user.householdId))
    .orderBy(asc(exchangeRates.currency), asc(exchangeRates.quote), asc(exchangeRates.date))

  // the files of the transactions the member sees
  const attachmentRows = await db
    .select({ a: attachments })
    .from(attachments)
    .innerJoin(transactions, eq(transactions.id, attachments.transactionId))
    .where(and(eq(attachments.householdId, user.householdId), notIn(transactions.accountId, scope.noTransactions)))
    .orderBy(asc(attachments.createdAt), asc(attachments.id))

  const later = await exportPlansAndHelpers(db, user, scope, {
    categories: new Set(categoryRows.map((c) => c.id)),
    goals: new Set(goalRows.map((g) => g.id)),
    accounts: new Set(accountRows.map((a) => a.id)),
  })

  // every section of the registry's EXPORT_SECTIONS but the streamed transactions: one missing
  // here, or one the registry does not list, does not compile
  const sections: HeadSections = {
    household: { name: household?.name ?? '' },
    exportedBy: user.id,
    members: members.map((m) => ({ id: m.id, firstName: m.firstName, lastName: m.lastName, role: m.role })),
    settings: {
      baseCurrency: user.baseCurrency,
      locale: user.locale,
      timeZone: user.timeZone,
      dateFormat: user.dateFormat,
      weekStartsOn: user.weekStartsOn,
      theme: user.theme,
      notificationPrefs: user.notificationPrefs,
    },
    categories: categoryRows.map((c) => ({
      id: c.id,
      name: c.name,
      parentId: c.parentId,
      kind: c.kind,
      isHidden: c.isHidden,
      color: c.color,
    })),
    accounts: accountRows.map((a) => ({
      id: a.id,
      createdAt: a.createdAt.toISOString(),
      ownerId: a.userId,
      name: a.name,
      type: a.type,
      visibility: a.visibility,
      sharedWithTeens: a.sharedWithTeens,
      currency: a.currency,
      balance: money(a.balance),
      accountNumber: a.accountNumber,
      institution: a.institution,
      isClosed: a.isClosed,
      externalKey: a.externalKey,
      transactionsIncluded: scope.accounts.get(a.id)?.view === 'full',
      ...(a.type === 'investment' ? { costMethod: a.costMethod } : {}),
    })),
    budgets: budgetRows.map((b) => ({ id: b.id, categoryId: b.categoryId, month: b.month, amount: money(b.amount), rollover: b.rollover })),
    goals: goalRows.map((g) => ({
      id: g.id,
      createdAt: g.createdAt.toISOString(),
      ownerId: g.userId,
      name: g.name,
      targetAmount: money(g.targetAmount),
      currentAmount: money(g.currentAmount),
      targetDate: g.targetDate,
      monthlyContribution: money(g.monthlyContribution),
      isActive: g.isActive,
      accountId: wholeAccountId(scope, g.accountId),
      contributions: contributionRows
        .filter((c) => c.goalId === g.id)
        .map((c) => ({ id: c.id, createdAt: c.createdAt.toISOString(), amount: money(c.amount), date: c.date, note: c.note })),
    })),
    plannedIncomes: plannedIncomeRows.map((i) => ({
      id: i.id,
      createdAt: i.createdAt.toISOString(),
      ownerId: i.userId,
      name: i.name,
      payee: i.payee,
      amount: money(i.amount),
      schedule: i.schedule,
      nextDate: i.nextDate,
      secondDay: i.secondDay,
      accountId: i.accountId,
      isActive: i.isActive,
    })),
    bills: billRows.map((b) => ({
      id: b.id,
      createdAt: b.createdAt.toISOString(),
      ownerId: b.userId,
      name: b.name,
      amount: money(b.amount),
      categoryId: b.categoryId,
      accountId: wholeAccountId(scope, b.accountId),
      recurrence: b.recurrence,
      nextDueDate: b.nextDueDate,
      anchorDay: b.anchorDay,
      endDate: b.endDate,
      isActive: b.isActive,
      autopay: b.autopay,
      notes: b.notes,
      payee: b.payee,
      tolerancePercent: b.tolerancePercent,
      payments: billPaymentRows
        .filter((p) => p.billId === b.id)
        .map((p) => ({ dueDate: p.dueDate, transactionId: p.transactionId, splitIndex: p.splitIndex, amount: money(p.amount), kind: p.kind })),
    })),
    rules: ruleRows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      name: r.name,
      position: r.position,
      isActive: r.isActive,
      match: r.match,
      conditions: r.conditions,
      actions: r.actions,
    })),
    importPresets: presetRows.map((p) => ({ id: p.id, createdAt: p.createdAt.toISOString(), accountId: p.accountId, name: p.name, mapping: p.mapping })),
    reminders: reminderRows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      title: r.title,
      description: r.description,
      type: r.type,
      priority: r.priority,
      dueDate: r.dueDate,
      status: r.status,
      isRead: r.isRead,
      sourceKey: r.sourceKey,
    })),
    creditScores: scoreRows.map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString(), score: s.score, provider: s.provider, date: s.date })),
    ...investments,
    exchangeRates: rateRows.map((r) => ({ currency: r.currency, quote: r.quote, date: r.date, rate: r.rate, source: r.source })),
    ...later,
    attachments: attachmentRows.map(({ a }) => ({
      id: a.id,
      transactionId: a.transactionId,
      fileName: a.fileName,
      kind: a.kind,
      size: a.size,
      sha256: a.sha256,
      path: `attachments/${a.id}/${a.fileName}`,
      createdAt: a.createdAt.toISOString(),
      storage: a.storage as AttachmentStorage,
    })),
  }
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString(), ...inSectionOrder(sections) }
}

type HeadSections = { [K in HeadSection]: ExportHead[K] }

/** The sections in the registry's order: the order of the keys in the file. */
function inSectionOrder(sections: HeadSections): HeadSections {
  const entries = EXPORT_SECTIONS.flatMap((key) => (key === 'transactions' ? [] : [[key, sections[key]] as const]))
  // the same keys and values, only in order
  return Object.fromEntries(entries) as HeadSections
}
