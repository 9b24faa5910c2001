// The export's sections for investments and for plans and helpers: securities, their prices, the
// activities and the allocation targets; savings challenges, debt plans, automations, the
// member's advisor conversations and coaching actions, and QuickBooks. exportHead
// (export-sections.ts) places them in the document in the registry's order.
//
// Savings challenges and automations whose settings name an account the member does not see
// whole are left out; a saved debt plan's link to an account not in the file is dropped; advisor
// conversations and coaching actions are the member's own; an automation's webhook secret and
// run history, and QuickBooks' export log, are not exported (registry.ts says why of each table).
import { and, asc, eq, inArray } from 'drizzle-orm'
import { roleAtLeast } from '#src/domain/access'
import { fromPrice, fromQuantity, type Price, type Quantity } from '#src/domain/investments/lots'
import { asCents, fromCents } from '#src/domain/money'
import type { Db } from '#src/server/db/connect'
import {
  advisorConversations,
  advisorMessages,
  allocationTargets,
  automations,
  coachingActions,
  debtPlans,
  investmentActivities,
  quickbooksMappings,
  quickbooksSettings,
  savingsChallengeMembers,
  savingsChallenges,
  securities,
  securityPrices,
} from '#src/server/db/schema'
import { wholeAccountId, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'

type Row = Record<string, unknown>

export const money = (cents: number) => fromCents(asCents(cents))

export type Investments = { securities: Row[]; securityPrices: Row[]; investmentActivities: Row[]; allocationTargets: Row[] }
export type PlansAndHelpers = {
  savingsChallenges: Row[]
  debtPlans: Row[]
  automations: Row[]
  advisorConversations: Row[]
  coachingActions: Row[]
  quickbooks: Row | null
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Every id (a UUID string) anywhere in a stored setting. */
function idsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string' && UUID_TEXT.test(value)) found.push(value.toLowerCase())
  else if (Array.isArray(value)) for (const v of value) idsIn(v, found)
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) idsIn(v, found)
  return found
}

export type Exported = { categories: Set<string>; goals: Set<string>; accounts: Set<string> }

/**
 * Challenges, debt plans, automations, the advisor, coaching and QuickBooks. A challenge's or
 * automation's settings name categories, goals and accounts: it is in the file only when each is
 * a category or goal (all are exported) or an account the member sees whole. Recurring series'
 * decisions (dismissed/confirmed) are derived data, worked out again from the transactions, so
 * they are not exported.
 */
export async function exportPlansAndHelpers(
  db: Db,
  user: SessionUser,
  scope: MemberScope,
  exported: Exported,
): Promise<PlansAndHelpers> {
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
export async function exportInvestments(db: Db, scope: MemberScope): Promise<Investments> {
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
