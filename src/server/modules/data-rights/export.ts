// The export of everything a member may see: one ZIP streamed to the client with
// kinwise-export.json (contract/data's exportDocument), a CSV per entity and an OFX per account.
// Memory stays bounded however many transactions there are: transactions are read in keyset
// pages of PAGE_ROWS, each entry is a lazy stream that yazl pulls only when its turn comes, and
// nothing is read faster than the client downloads (stream backpressure). No database
// transaction is held open meanwhile (the embedded database has one connection), so the pages
// are read as they stand when each is read.
//
// Receipts and other files: each file of an exported transaction is its own entry,
// attachments/<id>/<file name>, read from its store only when the ZIP reaches it; the JSON and
// attachments.csv list them.
//
// Privacy is the member scope's (ADR 0023): hidden accounts are left out, balance-only ones come
// with their balance and no transactions, and no transaction list has a row of an account
// whose transactions the member may not see. Rules are the grown-ups' (adult and above);
// reminders and credit scores are the member's own.
//
// Savings challenges and automations whose settings name an account the member
// does not see whole are left out; a saved debt plan's link to an account not in the file is
// dropped; advisor conversations and coaching actions are the member's own; an automation's
// webhook secret and run history, and QuickBooks' export log, are not exported. Recurring
// series' decisions (dismissed/confirmed) are derived from transactions and not exported. Bank
// connections are not exported: their tokens are secrets, and a connection cannot move servers.
import { Readable } from 'node:stream'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import yazl from 'yazl'
import { EXPORT_FORMAT, EXPORT_JSON_NAME, EXPORT_VERSION } from '../../../contract/data'
import { roleAtLeast } from '../../../domain/access'
import { csvLine, type CsvCell } from '../../../domain/csv'
import { accountFileName, ofxEnd, ofxStart, ofxTransaction, plainAmount } from '../../../domain/data-export'
import { localDate } from '../../../domain/dates'
import { fromPrice, fromQuantity, type Price, type Quantity } from '../../../domain/investments/lots'
import { asCents, fromCents } from '../../../domain/money'
import type { AttachmentStorage } from '../../../domain/attachments'
import type { Db } from '../../db/connect'
import {
  accounts,
  advisorConversations,
  advisorMessages,
  allocationTargets,
  attachments,
  automations,
  coachingActions,
  debtPlans,
  quickbooksMappings,
  quickbooksSettings,
  savingsChallengeMembers,
  savingsChallenges,
  exchangeRates,
  billPayments,
  bills,
  budgets,
  categories,
  creditScores,
  goalContributions,
  goals,
  householdMembers,
  households,
  importPresets,
  investmentActivities,
  reminders,
  rules,
  securities,
  securityPrices,
  transactionSplits,
  transactions,
  users,
} from '../../db/schema'
import { memberScope, notIn, wholeAccountId, type MemberScope } from '../accounts/scope'
import type { SessionUser } from '../auth/sessions'
import { visiblePlannedIncome } from '../spending-plan/planned-income'
import { attachmentStore, type AttachmentStore } from '../attachments/storage'

export const PAGE_ROWS = 5000

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
  securities: Row[]
  securityPrices: Row[]
  investmentActivities: Row[]
  allocationTargets: Row[]
  exchangeRates: Row[]
  savingsChallenges: Row[]
  debtPlans: Row[]
  automations: Row[]
  advisorConversations: Row[]
  coachingActions: Row[]
  quickbooks: Row | null
  attachments: (Row & { id: string; path: string; storage: AttachmentStorage })[]
}

type TxRow = typeof transactions.$inferSelect
type SplitRow = { transactionId: string; categoryId: string | null; amount: number; memo: string }
export type ExportedTx = TxRow & { splits: SplitRow[] }

const money = (cents: number) => fromCents(asCents(cents))

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

  const later = await exportIssues17To19(db, user, scope, {
    categories: new Set(categoryRows.map((c) => c.id)),
    goals: new Set(goalRows.map((g) => g.id)),
    accounts: new Set(accountRows.map((a) => a.id)),
  })

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
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
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Every id (a UUID string) anywhere in a stored setting. */
function idsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string' && UUID_TEXT.test(value)) found.push(value.toLowerCase())
  else if (Array.isArray(value)) for (const v of value) idsIn(v, found)
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) idsIn(v, found)
  return found
}

type Exported = { categories: Set<string>; goals: Set<string>; accounts: Set<string> }

/**
 * Challenges, debt plans, automations, the advisor, coaching and QuickBooks. A challenge's or
 * automation's settings name categories, goals and accounts: it is in the file only when each is
 * a category or goal (all are exported) or an account the member sees whole. Recurring series'
 * decisions (dismissed/confirmed) are derived data, worked out again from the transactions, so
 * they are not exported.
 */
async function exportIssues17To19(
  db: Db,
  user: SessionUser,
  scope: MemberScope,
  exported: Exported,
): Promise<Pick<ExportHead, 'savingsChallenges' | 'debtPlans' | 'automations' | 'advisorConversations' | 'coachingActions' | 'quickbooks'>> {
  const householdId = user.householdId
  const seen = (value: unknown) =>
    idsIn(value).every((id) => exported.categories.has(id) || exported.goals.has(id) || wholeAccountId(scope, id) !== null)
  const iso = (d: Date | null) => (d === null ? null : d.toISOString())

  const challengeRows = (
    await db
      .select()
      .from(savingsChallenges)
      .where(eq(savingsChallenges.householdId, householdId))
      .orderBy(asc(savingsChallenges.createdAt), asc(savingsChallenges.id))
  ).filter((c) => seen(c.config) && seen(c.goalId))
  const memberRows = await db
    .select({ challengeId: savingsChallengeMembers.challengeId, userId: savingsChallengeMembers.userId })
    .from(savingsChallengeMembers)
    .where(eq(savingsChallengeMembers.householdId, householdId))
    .orderBy(asc(savingsChallengeMembers.joinedAt), asc(savingsChallengeMembers.userId))

  const planRows = await db
    .select()
    .from(debtPlans)
    .where(eq(debtPlans.householdId, householdId))
    .orderBy(asc(debtPlans.createdAt), asc(debtPlans.id))
  // a debt keeps its link only to an account in the file
  const planInput = (input: Record<string, unknown>): Record<string, unknown> => {
    const debts: unknown = input.debts
    if (!Array.isArray(debts)) return input
    return {
      ...input,
      debts: debts.map((d: unknown) => {
        if (typeof d !== 'object' || d === null) return d
        return Object.fromEntries(
          Object.entries(d).filter(([key, value]) => key !== 'accountId' || (typeof value === 'string' && exported.accounts.has(value))),
        )
      }),
    }
  }

  const automationRows = (
    await db
      .select()
      .from(automations)
      .where(eq(automations.householdId, householdId))
      .orderBy(asc(automations.createdAt), asc(automations.id))
  ).filter((a) => seen(a.config))

  const conversationRows = await db
    .select()
    .from(advisorConversations)
    .where(and(eq(advisorConversations.householdId, householdId), eq(advisorConversations.userId, user.id)))
    .orderBy(asc(advisorConversations.createdAt), asc(advisorConversations.id))
  const messageRows = conversationRows.length
    ? await db
        .select()
        .from(advisorMessages)
        .where(inArray(advisorMessages.conversationId, conversationRows.map((c) => c.id)))
        .orderBy(asc(advisorMessages.createdAt), asc(advisorMessages.id))
    : []

  const actionRows = await db
    .select()
    .from(coachingActions)
    .where(and(eq(coachingActions.householdId, householdId), eq(coachingActions.userId, user.id)))
    .orderBy(asc(coachingActions.week), asc(coachingActions.createdAt), asc(coachingActions.id))

  const grownUp = roleAtLeast(user.role, 'adult')
  const [qbSettings] = grownUp ? await db.select().from(quickbooksSettings).where(eq(quickbooksSettings.householdId, householdId)) : []
  const qbMappings = grownUp
    ? (
        await db
          .select()
          .from(quickbooksMappings)
          .where(eq(quickbooksMappings.householdId, householdId))
          .orderBy(asc(quickbooksMappings.kind), asc(quickbooksMappings.sourceId))
      ).filter((m) => (m.kind === 'category' ? exported.categories.has(m.sourceId) : exported.accounts.has(m.sourceId)))
    : []

  return {
    savingsChallenges: challengeRows.map((c) => ({
      id: c.id,
      createdAt: c.createdAt.toISOString(),
      kind: c.kind,
      name: c.name,
      config: c.config,
      goalId: c.goalId,
      startDate: c.startDate,
      endDate: c.endDate,
      completedAt: iso(c.completedAt),
      memberIds: memberRows.filter((m) => m.challengeId === c.id).map((m) => m.userId),
    })),
    debtPlans: planRows.map((p) => ({ id: p.id, createdAt: p.createdAt.toISOString(), name: p.name, input: planInput(p.input), startMonth: p.startMonth })),
    automations: automationRows.map((a) => {
      // the webhook's signing secret stays on this server
      const config = Object.fromEntries(Object.entries(a.config).filter(([key]) => key !== '_secret'))
      return { id: a.id, createdAt: a.createdAt.toISOString(), type: a.type, name: a.name, config, enabled: a.isActive, nextRunAt: iso(a.nextRunAt) }
    }),
    advisorConversations: conversationRows.map((c) => ({
      id: c.id,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
      title: c.title,
      messages: messageRows
        .filter((m) => m.conversationId === c.id)
        .map((m) => ({ createdAt: m.createdAt.toISOString(), role: m.role, text: m.text, figures: m.figures, toolCalls: m.toolCalls, engine: m.engine })),
    })),
    coachingActions: actionRows.map((a) => ({
      createdAt: a.createdAt.toISOString(),
      week: a.week,
      kind: a.kind,
      key: a.key,
      title: a.title,
      detail: a.detail,
      saving: money(a.saving),
      data: a.data,
      status: a.status,
      decidedAt: iso(a.decidedAt),
      measuredAt: iso(a.measuredAt),
      result: a.result,
    })),
    quickbooks:
      qbSettings || qbMappings.length
        ? {
            chart: qbSettings?.chart ?? [],
            intuBid: qbSettings?.intuBid ?? '3000',
            mappings: qbMappings.map((m) => ({ kind: m.kind, sourceId: m.sourceId, qbAccount: m.qbAccount })),
          }
        : null,
  }
}

/**
 * Investments: the activities of the investment accounts the member sees whole, the
 * securities they use (and those no account uses), those securities' prices, and the targets.
 */
async function exportInvestments(db: Db, scope: MemberScope): Promise<Pick<ExportHead, 'securities' | 'securityPrices' | 'investmentActivities' | 'allocationTargets'>> {
  const householdId = scope.householdId
  const activityRows = (
    await db
      .select()
      .from(investmentActivities)
      .where(eq(investmentActivities.householdId, householdId))
      .orderBy(asc(investmentActivities.date), asc(investmentActivities.createdAt), asc(investmentActivities.id))
  )
  const visible = activityRows.filter((a) => scope.accounts.get(a.accountId)?.view === 'full')
  const usedAnywhere = new Set(activityRows.map((a) => a.securityId))
  const usedVisibly = new Set(visible.map((a) => a.securityId))
  const securityRows = (
    await db.select().from(securities).where(eq(securities.householdId, householdId)).orderBy(asc(securities.symbol), asc(securities.id))
  ).filter((s) => usedVisibly.has(s.id) || !usedAnywhere.has(s.id))
  const exported = new Set(securityRows.map((s) => s.id))
  const priceRows = (
    await db
      .select()
      .from(securityPrices)
      .where(eq(securityPrices.householdId, householdId))
      .orderBy(asc(securityPrices.securityId), asc(securityPrices.date))
  ).filter((p) => exported.has(p.securityId))
  const symbolOrder = new Map(securityRows.map((s, i) => [s.id, i]))
  priceRows.sort((a, b) => (symbolOrder.get(a.securityId) ?? 0) - (symbolOrder.get(b.securityId) ?? 0) || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  const targetRows = await db
    .select()
    .from(allocationTargets)
    .where(eq(allocationTargets.householdId, householdId))
    .orderBy(asc(allocationTargets.kind))
  return {
    securities: securityRows.map((s) => ({ id: s.id, symbol: s.symbol, name: s.name, kind: s.kind, currency: s.currency })),
    securityPrices: priceRows.map((p) => ({ securityId: p.securityId, date: p.date, price: fromPrice(p.price as Price), source: p.source })),
    investmentActivities: visible.map((a) => ({
      id: a.id,
      createdAt: a.createdAt.toISOString(),
      accountId: a.accountId,
      securityId: a.securityId,
      enteredBy: a.userId,
      type: a.type,
      date: a.date,
      quantity: a.quantity === null ? null : fromQuantity(a.quantity as Quantity),
      price: a.price === null ? null : fromPrice(a.price as Price),
      amount: a.amount === null ? null : money(a.amount),
      fees: money(a.fees),
      ratio: a.ratio,
      costBasis: a.costBasis === null ? null : money(a.costBasis),
      memo: a.memo,
      source: a.source,
      externalId: a.externalId,
    })),
    allocationTargets: targetRows.map((t) => ({ kind: t.kind, percent: t.percent })),
  }
}

/**
 * The transactions the member may see, oldest first ((date, id), the order they were entered in
 * within a day), one keyset page at a time with their splits; `accountId` narrows to one account.
 */
export async function* transactionPages(
  db: Db,
  scope: MemberScope,
  options: { accountId?: string; pageRows?: number } = {},
): AsyncGenerator<ExportedTx[]> {
  const pageRows = options.pageRows ?? PAGE_ROWS
  let after: { date: string; id: string } | null = null
  for (;;) {
    const rows: TxRow[] = await db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.householdId, scope.householdId),
          options.accountId ? eq(transactions.accountId, options.accountId) : undefined,
          notIn(transactions.accountId, scope.noTransactions),
          after ? sql`(${transactions.date}, ${transactions.id}) > (${after.date}::date, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(transactions.date), asc(transactions.id))
      .limit(pageRows)
    if (rows.length === 0) return
    const split = rows.filter((r) => r.isSplit).map((r) => r.id)
    const splits: SplitRow[] = split.length
      ? await db
          .select({
            transactionId: transactionSplits.transactionId,
            categoryId: transactionSplits.categoryId,
            amount: transactionSplits.amount,
            memo: transactionSplits.memo,
          })
          .from(transactionSplits)
          .where(inArray(transactionSplits.transactionId, split))
          .orderBy(asc(transactionSplits.id))
      : []
    const byTransaction = new Map<string, SplitRow[]>()
    for (const s of splits) {
      const list = byTransaction.get(s.transactionId) ?? []
      list.push(s)
      byTransaction.set(s.transactionId, list)
    }
    yield rows.map((r) => ({ ...r, splits: byTransaction.get(r.id) ?? [] }))
    const last = rows[rows.length - 1]
    if (!last || rows.length < pageRows) return
    after = { date: last.date, id: last.id }
  }
}

const exportedTransaction = (t: ExportedTx) => ({
  id: t.id,
  accountId: t.accountId,
  enteredBy: t.userId,
  date: t.date,
  amount: money(t.amount),
  categoryId: t.categoryId,
  merchant: t.merchant,
  description: t.description,
  notes: t.notes,
  kind: t.kind,
  transferGroupId: t.transferGroupId,
  source: t.source,
  externalId: t.externalId,
  importedPayee: t.importedPayee,
  billId: t.billId,
  splits: t.splits.map((s) => ({ categoryId: s.categoryId, amount: money(s.amount), memo: s.memo })),
})

/** kinwise-export.json: the head at once, then the transactions page by page. */
async function* jsonChunks(db: Db, head: ExportHead, scope: MemberScope, pageRows?: number): AsyncGenerator<string> {
  // where each file's bytes are kept is this server's business, not the file's
  const start = JSON.stringify({ ...head, attachments: head.attachments.map(({ storage: _storage, ...a }) => a) }, null, 1)
  yield `${start.slice(0, start.lastIndexOf('}')).trimEnd()},\n "transactions": [`
  let first = true
  for await (const page of transactionPages(db, scope, pageRows ? { pageRows } : {})) {
    const parts = page.map((t) => JSON.stringify(exportedTransaction(t)))
    yield `${first ? '\n  ' : ',\n  '}${parts.join(',\n  ')}`
    first = false
  }
  yield '\n ]\n}\n'
}

type CsvTable = { name: string; columns: string[]; rows: () => AsyncIterable<CsvCell[][]> | Iterable<CsvCell[][]> }

async function* csvChunks(table: CsvTable): AsyncGenerator<string> {
  yield csvLine(table.columns)
  for await (const rows of table.rows()) yield rows.map(csvLine).join('')
}

const amount = (value: unknown) => plainAmount(Math.round(Number(value) * 100))
const cell = (value: unknown): CsvCell =>
  value === null || value === undefined
    ? null
    : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? value
      : JSON.stringify(value)

/** A CSV of rows of the head: money columns written as plain decimals. */
function headTable(name: string, rows: readonly Row[], columns: string[], moneyColumns: string[] = []): CsvTable {
  return {
    name,
    columns,
    rows: () => [rows.map((r) => columns.map((c) => (moneyColumns.includes(c) ? amount(r[c]) : cell(r[c]))))],
  }
}

function csvTables(db: Db, head: ExportHead, scope: MemberScope, pageRows?: number): CsvTable[] {
  const accountName = new Map(head.accounts.map((a) => [a.id, a.name]))
  const categoryName = new Map(head.categories.map((c) => [String(c.id), String(c.name)]))
  const symbolOf = new Map(head.securities.map((s) => [String(s.id), String(s.symbol)]))
  const contributions = head.goals.flatMap((g) =>
    (g.contributions as Row[]).map((c) => ({ goalId: g.id, goalName: g.name, ...c })),
  )
  const options = pageRows ? { pageRows } : {}
  return [
    headTable('accounts.csv', head.accounts, ['id', 'name', 'type', 'visibility', 'sharedWithTeens', 'currency', 'balance', 'accountNumber', 'institution', 'isClosed', 'ownerId', 'transactionsIncluded'], ['balance']),
    headTable('categories.csv', head.categories, ['id', 'name', 'parentId', 'kind', 'isHidden', 'color']),
    {
      name: 'transactions.csv',
      columns: ['id', 'date', 'accountId', 'account', 'amount', 'payee', 'description', 'notes', 'categoryId', 'category', 'kind', 'transferGroupId', 'source', 'externalId', 'isSplit'],
      rows: async function* () {
        for await (const page of transactionPages(db, scope, options)) {
          yield page.map((t) => [
            t.id,
            t.date,
            t.accountId,
            accountName.get(t.accountId) ?? '',
            plainAmount(t.amount),
            t.merchant,
            t.description,
            t.notes,
            t.categoryId,
            t.categoryId ? (categoryName.get(t.categoryId) ?? '') : '',
            t.kind,
            t.transferGroupId,
            t.source,
            t.externalId,
            t.splits.length > 0,
          ])
        }
      },
    },
    {
      name: 'transaction-splits.csv',
      columns: ['transactionId', 'categoryId', 'category', 'amount', 'memo'],
      rows: async function* () {
        for await (const page of transactionPages(db, scope, options)) {
          yield page.flatMap((t) =>
            t.splits.map((s) => [t.id, s.categoryId, s.categoryId ? (categoryName.get(s.categoryId) ?? '') : '', plainAmount(s.amount), s.memo]),
          )
        }
      },
    },
    headTable('budgets.csv', head.budgets, ['id', 'month', 'categoryId', 'amount', 'rollover'], ['amount']),
    headTable('goals.csv', head.goals, ['id', 'name', 'targetAmount', 'currentAmount', 'targetDate', 'monthlyContribution', 'isActive', 'accountId', 'ownerId'], ['targetAmount', 'currentAmount', 'monthlyContribution']),
    headTable('goal-contributions.csv', contributions, ['id', 'goalId', 'goalName', 'date', 'amount', 'note'], ['amount']),
    headTable('bills.csv', head.bills, ['id', 'name', 'amount', 'categoryId', 'accountId', 'recurrence', 'nextDueDate', 'anchorDay', 'endDate', 'isActive', 'autopay', 'notes', 'ownerId'], ['amount']),
    headTable('rules.csv', head.rules, ['id', 'name', 'position', 'isActive', 'match', 'conditions', 'actions']),
    headTable('reminders.csv', head.reminders, ['id', 'title', 'description', 'type', 'priority', 'dueDate', 'status', 'isRead']),
    headTable('credit-scores.csv', head.creditScores, ['id', 'date', 'score', 'provider']),
    headTable('securities.csv', head.securities, ['id', 'symbol', 'name', 'kind', 'currency']),
    headTable('security-prices.csv', head.securityPrices.map((p) => ({ ...p, symbol: symbolOf.get(String(p.securityId)) ?? '' })), ['symbol', 'date', 'price', 'source', 'securityId']),
    headTable(
      'investment-activities.csv',
      head.investmentActivities.map((a) => ({ ...a, account: accountName.get(String(a.accountId)) ?? '', symbol: a.securityId ? (symbolOf.get(String(a.securityId)) ?? '') : '' })),
      // amount and cost basis may be empty: written as the document's decimals, not as 0.00
      ['id', 'date', 'accountId', 'account', 'type', 'symbol', 'quantity', 'price', 'amount', 'fees', 'ratio', 'costBasis', 'memo', 'source', 'securityId'],
    ),
    headTable('allocation-targets.csv', head.allocationTargets, ['kind', 'percent']),
    headTable('exchange-rates.csv', head.exchangeRates, ['date', 'currency', 'rate', 'quote', 'source']),
    headTable('attachments.csv', head.attachments, ['id', 'transactionId', 'fileName', 'kind', 'size', 'sha256', 'path', 'createdAt']),
  ]
}

async function* ofxChunks(db: Db, account: ExportHead['accounts'][number], scope: MemberScope, now: Date, pageRows?: number): AsyncGenerator<string> {
  const facts = { id: account.id, type: account.type, currency: account.currency, balance: asCents(Math.round(account.balance * 100)) }
  // the statement's period is its transactions' (a first pass would double the reads: the
  // period's start is the first row's date and the end is the day of the export)
  const today = localDate(now, 'UTC')
  let started = false
  for await (const page of transactionPages(db, scope, { accountId: account.id, ...(pageRows ? { pageRows } : {}) })) {
    if (!started) {
      yield ofxStart(facts, page[0]?.date ?? today, today, now)
      started = true
    }
    yield page
      .map((t) => ofxTransaction({ id: t.id, date: t.date, amount: asCents(t.amount), payee: t.merchant, memo: t.description || t.notes }))
      .join('')
  }
  if (!started) yield ofxStart(facts, today, today, now)
  yield ofxEnd(facts, today)
}

/** A lazy stream: its generator starts when the ZIP reaches the entry, and runs only as fast as it is read. */
const lazy = (chunks: () => AsyncIterable<string>) => (cb: (error: Error | null, stream: Readable) => void) =>
  cb(null, Readable.from(chunks(), { objectMode: false }))

export type ExportZip = { stream: Readable; fileName: string }

/** An attachment's bytes as a stream for its ZIP entry (an empty entry when the file is missing). */
async function* attachmentChunks(db: Db, store: AttachmentStore, id: string, storage: AttachmentStorage): AsyncGenerator<Buffer> {
  const bytes = await store.read(db, id, storage)
  if (bytes) yield bytes
}

/**
 * The member's export as a ZIP stream. `pageRows` is for tests (small pages to cross page ends);
 * `store` reads the attachments' bytes (default: the database only).
 */
export async function exportZip(
  db: Db,
  user: SessionUser,
  now: Date,
  options: { pageRows?: number; store?: AttachmentStore } = {},
): Promise<ExportZip> {
  const scope = await memberScope(db, user)
  const head = await exportHead(db, user, scope, now)
  const zip = new yazl.ZipFile()
  const entry = { mtime: now, compress: true }
  zip.addReadStreamLazy(EXPORT_JSON_NAME, entry, lazy(() => jsonChunks(db, head, scope, options.pageRows)))
  for (const table of csvTables(db, head, scope, options.pageRows)) {
    zip.addReadStreamLazy(table.name, entry, lazy(() => csvChunks(table)))
  }
  const taken = new Set<string>()
  for (const account of head.accounts.filter((a) => a.transactionsIncluded)) {
    zip.addReadStreamLazy(`ofx/${accountFileName(account.name, taken)}.ofx`, entry, lazy(() => ofxChunks(db, account, scope, now, options.pageRows)))
  }
  const store = options.store ?? attachmentStore(null)
  for (const a of head.attachments) {
    // photos and PDFs are compressed already
    zip.addReadStreamLazy(a.path, { mtime: now, compress: false }, (cb) => cb(null, Readable.from(attachmentChunks(db, store, a.id, a.storage))))
  }
  zip.end()
  const stamp = localDate(now, user.timeZone)
  const output = zip.outputStream
  // yazl's output is a PassThrough: a Readable for the reply
  return { stream: output instanceof Readable ? output : Readable.from(output), fileName: `kinwise-export-${stamp}.zip` }
}
