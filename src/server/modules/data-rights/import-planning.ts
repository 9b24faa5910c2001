// The import's steps for investments and for plans and helpers: savings challenges, debt plans,
// automations, the member's advisor conversations and coaching actions, and QuickBooks. Their
// settings (config, input, data) name rows of the file by id: the ids follow the new rows, and
// one the file does not have is dropped. The order the steps run in is the registry's.
import { and, eq, sql } from 'drizzle-orm'
import type { ImportSummary } from '#src/contract/data'
import { localDate } from '#src/domain/dates'
import { checkTargets } from '#src/domain/investments/allocation'
import { InvestmentError, toPrice, toQuantity } from '#src/domain/investments/lots'
import { uuidv7 } from '#src/server/db/ids'
import {
  accounts,
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
import { sealSecret } from '#src/server/crypto/secret-box'
import { newWebhookSecret } from '../automations/webhooks'
import { revalueAccounts } from '../investments/revalue'
import { at, invalid, remapObject, UUID, type ImportContext } from './import-context'

const atOrNull = (iso: string | null) => (iso === null ? null : new Date(iso))

/**
 * Investments: securities (one per symbol: the household may have some already, made
 * by a price typed in), their prices, the activities and the targets; then the investment
 * accounts' value is worked out again (their balances are set from the file afterwards). A
 * history the domain refuses (a sale of more than is held) is a 400, and nothing is imported.
 */
export async function importInvestments(
  ctx: ImportContext,
): Promise<{ securities: number; investmentActivities: number; securityPrices: number }> {
  const { tx, householdId, doc, ids, now } = ctx
  const userId = ctx.user.id
  const securityIds = new Map<string, string>()
  for (const s of doc.securities) {
    const [row] = await tx
      .insert(securities)
      .values({ householdId, symbol: s.symbol, name: s.name, kind: s.kind, currency: s.currency, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [securities.householdId, securities.symbol], set: { name: s.name, kind: s.kind, currency: s.currency, updatedAt: now } })
      .returning({ id: securities.id })
    if (row) securityIds.set(s.id, row.id)
  }
  const prices = new Map<string, typeof securityPrices.$inferInsert>()
  doc.securityPrices.forEach((p, i) => {
    const securityId = securityIds.get(p.securityId)
    if (!securityId) throw invalid({ path: ['securityPrices', i, 'securityId'], message: 'Not a security of the file' })
    prices.set(`${securityId}|${p.date}`, { securityId, householdId, date: p.date, price: toPrice(p.price), source: p.source, updatedAt: now })
  })
  const priceRows = [...prices.values()]
  for (let i = 0; i < priceRows.length; i += 5000) {
    await tx
      .insert(securityPrices)
      .values(priceRows.slice(i, i + 5000))
      .onConflictDoUpdate({ target: [securityPrices.securityId, securityPrices.date], set: { price: sql`excluded.price`, source: sql`excluded.source`, updatedAt: now } })
  }
  const investmentAccounts = new Set(doc.accounts.filter((a) => a.type === 'investment').map((a) => a.id))
  const rows = doc.investmentActivities.map((a, i) => {
    const accountId = investmentAccounts.has(a.accountId) ? ids.get(a.accountId) : undefined
    if (!accountId) throw invalid({ path: ['investmentActivities', i, 'accountId'], message: 'Not an investment account of the file' })
    const securityId = a.securityId === null ? null : securityIds.get(a.securityId)
    if (securityId === undefined) throw invalid({ path: ['investmentActivities', i, 'securityId'], message: 'Not a security of the file' })
    if (securityId === null && (a.type === 'buy' || a.type === 'sell' || a.type === 'split')) {
      throw invalid({ path: ['investmentActivities', i, 'securityId'], message: `A ${a.type} needs a security` })
    }
    return {
      id: uuidv7(),
      householdId,
      accountId,
      securityId,
      userId,
      type: a.type,
      date: a.date,
      quantity: a.quantity === null ? null : toQuantity(a.quantity),
      price: a.price === null ? null : toPrice(a.price),
      amount: a.amount,
      fees: a.fees,
      ratio: a.ratio,
      costBasis: a.costBasis,
      memo: a.memo,
      source: a.source,
      externalId: a.externalId,
      createdAt: new Date(a.createdAt),
    }
  })
  for (let i = 0; i < rows.length; i += 5000) await tx.insert(investmentActivities).values(rows.slice(i, i + 5000))
  for (const a of doc.accounts) {
    const id = ids.get(a.id)
    if (id && a.type === 'investment' && a.costMethod) {
      await tx.update(accounts).set({ costMethod: a.costMethod }).where(and(eq(accounts.id, id), eq(accounts.householdId, householdId)))
    }
  }
  if (doc.allocationTargets.length > 0) {
    try {
      checkTargets(doc.allocationTargets.map((t) => ({ key: t.kind, percent: t.percent })))
    } catch (error) {
      if (error instanceof InvestmentError) throw invalid({ path: ['allocationTargets'], message: error.message })
      throw error
    }
    await tx.delete(allocationTargets).where(eq(allocationTargets.householdId, householdId))
    await tx.insert(allocationTargets).values(doc.allocationTargets.map((t) => ({ householdId, kind: t.kind, percent: t.percent })))
  }
  const revalue = [...investmentAccounts].flatMap((old) => ids.get(old) ?? [])
  try {
    await revalueAccounts(tx, householdId, revalue, { today: localDate(now, 'UTC') })
  } catch (error) {
    if (error instanceof RangeError) throw invalid({ path: ['investmentActivities'], message: error.message })
    throw error
  }
  return { securities: securityIds.size, investmentActivities: rows.length, securityPrices: priceRows.length }
}

/** The challenges, the importer taking the exporting member's place among those who joined. */
export async function importSavingsChallenges(ctx: ImportContext): Promise<{ savingsChallenges: number }> {
  const { tx, householdId, doc, ids, now } = ctx
  const userId = ctx.user.id
  const challenges = doc.savingsChallenges.map((c) => ({
    row: {
      id: uuidv7(),
      householdId,
      createdBy: userId,
      kind: c.kind,
      name: c.name,
      config: remapObject(c.config, ids),
      goalId: c.goalId === null ? null : (ids.get(c.goalId) ?? null),
      startDate: c.startDate,
      endDate: c.endDate,
      completedAt: atOrNull(c.completedAt),
      createdAt: at(c.createdAt),
      updatedAt: now,
    },
    // the new household has one member: the exporting member's place is the importer's
    joined: c.memberIds.includes(doc.exportedBy),
  }))
  if (challenges.length) {
    await tx.insert(savingsChallenges).values(challenges.map((c) => c.row))
    const members = challenges.filter((c) => c.joined).map((c) => ({ challengeId: c.row.id, userId, householdId, joinedAt: c.row.createdAt }))
    if (members.length) await tx.insert(savingsChallengeMembers).values(members)
  }
  return { savingsChallenges: challenges.length }
}

export async function importDebtPlans(ctx: ImportContext): Promise<{ debtPlans: number }> {
  const { tx, householdId, doc, ids, now } = ctx
  const userId = ctx.user.id
  if (doc.debtPlans.length) {
    await tx.insert(debtPlans).values(
      doc.debtPlans.map((p) => ({
        id: uuidv7(),
        householdId,
        createdBy: userId,
        name: p.name,
        input: remapObject(p.input, ids),
        startMonth: p.startMonth,
        createdAt: at(p.createdAt),
        updatedAt: now,
      })),
    )
  }
  return { debtPlans: doc.debtPlans.length }
}

export async function importAutomations(ctx: ImportContext): Promise<{ automations: number }> {
  const { tx, householdId, doc, ids, now, secretKey } = ctx
  const userId = ctx.user.id
  if (doc.automations.length) {
    await tx.insert(automations).values(
      doc.automations.map((a) => {
        const config = remapObject(a.config, ids)
        // a file never has a webhook's secret: a new one, sealed as the automations module seals it
        if (a.type === 'webhook') config._secret = sealSecret(newWebhookSecret(), secretKey)
        else delete config._secret
        return {
          id: uuidv7(),
          householdId,
          userId,
          type: a.type,
          name: a.name,
          config,
          isActive: a.enabled,
          nextRunAt: atOrNull(a.nextRunAt),
          createdAt: at(a.createdAt),
          updatedAt: now,
        }
      }),
    )
  }
  return { automations: doc.automations.length }
}

export async function importAdvisorConversations(ctx: ImportContext): Promise<{ advisorConversations: number }> {
  const { tx, householdId, doc } = ctx
  const userId = ctx.user.id
  for (const c of doc.advisorConversations) {
    const conversationId = uuidv7()
    await tx.insert(advisorConversations).values({ id: conversationId, householdId, userId, title: c.title, createdAt: at(c.createdAt), updatedAt: at(c.updatedAt) })
    if (c.messages.length) {
      await tx.insert(advisorMessages).values(
        c.messages.map((m) => ({
          id: uuidv7(),
          conversationId,
          role: m.role,
          text: m.text,
          figures: m.figures,
          toolCalls: m.toolCalls,
          engine: m.engine,
          createdAt: at(m.createdAt),
        })),
      )
    }
  }
  return { advisorConversations: doc.advisorConversations.length }
}

export async function importCoachingActions(ctx: ImportContext): Promise<{ coachingActions: number }> {
  const { tx, householdId, doc, ids } = ctx
  const userId = ctx.user.id
  // one action per week and key (the table's unique key): the file's last one wins
  const actions = new Map(doc.coachingActions.map((a) => [`${a.week} ${a.key}`, a]))
  if (actions.size) {
    await tx.insert(coachingActions).values(
      [...actions.values()].map((a) => ({
        id: uuidv7(),
        householdId,
        userId,
        week: a.week,
        kind: a.kind,
        // keyed by what it is about ("cut:<category id>"), as reminders are
        key: a.key.replace(UUID, (old) => ids.get(old.toLowerCase()) ?? old),
        title: a.title,
        detail: a.detail,
        saving: a.saving,
        data: remapObject(a.data, ids),
        status: a.status,
        decidedAt: atOrNull(a.decidedAt),
        measuredAt: atOrNull(a.measuredAt),
        result: a.result === null ? null : remapObject(a.result, ids),
        createdAt: at(a.createdAt),
      })),
    )
  }
  return { coachingActions: actions.size }
}

/** QuickBooks' settings and the mappings of the file's categories and accounts (no count in the summary). */
export async function importQuickbooks(ctx: ImportContext): Promise<Partial<ImportSummary>> {
  const { tx, householdId, doc, ids, now } = ctx
  if (doc.quickbooks) {
    const qb = doc.quickbooks
    await tx
      .insert(quickbooksSettings)
      .values({ householdId, chart: qb.chart, intuBid: qb.intuBid, updatedAt: now })
      .onConflictDoUpdate({ target: quickbooksSettings.householdId, set: { chart: qb.chart, intuBid: qb.intuBid, updatedAt: now } })
    const mappings = new Map(
      qb.mappings.flatMap((m) => {
        const sourceId = ids.get(m.sourceId)
        return sourceId ? [[`${m.kind} ${sourceId}`, { householdId, kind: m.kind, sourceId, qbAccount: m.qbAccount }]] : []
      }),
    )
    await tx.delete(quickbooksMappings).where(eq(quickbooksMappings.householdId, householdId))
    if (mappings.size) await tx.insert(quickbooksMappings).values([...mappings.values()])
  }
  return {}
}
