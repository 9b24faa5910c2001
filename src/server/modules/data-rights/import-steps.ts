// The import's steps for the household's ledger and plans: categories, accounts, bills, goals,
// budgets, rules, planned income, import presets, reminders, credit scores, settings, the
// transactions with their bill payments and files, exchange rates and the accounts' balances.
// IMPORT_STEP_RUNS names the function of every step of the registry (with import-planning.ts's);
// the import runs them in the registry's order.
import { createHash } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { ExportedTransaction } from '#src/contract/data'
import { attachmentFileName, sniffAttachment } from '#src/domain/attachments'
import { uuidv7 } from '#src/server/db/ids'
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
  households,
  importPresets,
  plannedIncomes,
  reminders,
  rules,
  transactionSplits,
  transactions,
  users,
} from '#src/server/db/schema'
import { insertTransactions, type NewTransaction } from '#src/server/core/ledger'
import { at, refOf, UUID, type ImportContext, type ImportStepRun } from './import-context'
import {
  importAdvisorConversations,
  importAutomations,
  importCoachingActions,
  importDebtPlans,
  importInvestments,
  importQuickbooks,
  importSavingsChallenges,
} from './import-planning'
import type { ImportStep } from './registry'

const INSERT_CHUNK = 50_000

/** The default categories made at sign-up are replaced by the export's: parents first, then their children. */
async function importCategories({ tx, householdId, doc, ids, now }: ImportContext) {
  const ref = refOf(ids)
  await tx.delete(categories).where(eq(categories.householdId, householdId))

  const known = new Set(doc.categories.map((c) => c.id))
  const parents = doc.categories.filter((c) => c.parentId === null || !known.has(c.parentId))
  const children = doc.categories.filter((c) => c.parentId !== null && known.has(c.parentId))
  for (const group of [parents, children]) {
    if (group.length === 0) continue
    await tx.insert(categories).values(
      group.map((c) => ({
        id: ids.get(c.id) ?? uuidv7(),
        householdId,
        name: c.name,
        parentId: ref(c.parentId),
        kind: c.kind,
        isHidden: c.isHidden,
        color: c.color,
        createdAt: now,
        updatedAt: now,
      })),
    )
  }
  return { categories: doc.categories.length }
}

/** The accounts, empty: their balances are set last (accountBalances). */
async function importAccounts({ tx, householdId, user, doc, ids, now }: ImportContext) {
  if (doc.accounts.length) {
    await tx.insert(accounts).values(
      doc.accounts.map((a) => ({
        id: ids.get(a.id) ?? uuidv7(),
        householdId,
        userId: user.id,
        name: a.name,
        type: a.type,
        visibility: a.visibility,
        sharedWithTeens: a.sharedWithTeens,
        currency: a.currency,
        balance: 0,
        accountNumber: a.accountNumber,
        institution: a.institution,
        isClosed: a.isClosed,
        externalKey: a.externalKey,
        createdAt: at(a.createdAt),
        updatedAt: now,
      })),
    )
  }
  return { accounts: doc.accounts.length }
}

async function importBills({ tx, householdId, user, doc, ids, now }: ImportContext) {
  const ref = refOf(ids)
  if (doc.bills.length) {
    await tx.insert(bills).values(
      doc.bills.map((b) => ({
        id: ids.get(b.id) ?? uuidv7(),
        householdId,
        userId: user.id,
        name: b.name,
        amount: b.amount,
        categoryId: ref(b.categoryId),
        accountId: ref(b.accountId),
        recurrence: b.recurrence,
        nextDueDate: b.nextDueDate,
        anchorDay: b.anchorDay,
        endDate: b.endDate,
        isActive: b.isActive,
        autopay: b.autopay,
        notes: b.notes,
        payee: b.payee,
        tolerancePercent: b.tolerancePercent,
        createdAt: at(b.createdAt),
        updatedAt: now,
      })),
    )
  }
  return { bills: doc.bills.length }
}

/** The goals and their contributions. */
async function importGoals({ tx, householdId, user, doc, ids, now }: ImportContext) {
  const ref = refOf(ids)
  if (doc.goals.length) {
    await tx.insert(goals).values(
      doc.goals.map((g) => ({
        id: ids.get(g.id) ?? uuidv7(),
        householdId,
        userId: user.id,
        name: g.name,
        targetAmount: g.targetAmount,
        currentAmount: g.currentAmount,
        targetDate: g.targetDate,
        monthlyContribution: g.monthlyContribution,
        isActive: g.isActive,
        accountId: ref(g.accountId),
        createdAt: at(g.createdAt),
        updatedAt: now,
      })),
    )
    const contributions = doc.goals.flatMap((g) =>
      g.contributions.map((c) => ({
        id: uuidv7(),
        goalId: ids.get(g.id) ?? '',
        householdId,
        amount: c.amount,
        date: c.date,
        note: c.note,
        createdAt: at(c.createdAt),
      })),
    )
    if (contributions.length) await tx.insert(goalContributions).values(contributions)
  }
  return { goals: doc.goals.length }
}

async function importBudgets({ tx, householdId, doc, ids, now }: ImportContext) {
  const ref = refOf(ids)
  const budgetRows = doc.budgets.flatMap((b) => {
    const categoryId = ref(b.categoryId)
    return categoryId
      ? [{ id: uuidv7(), householdId, categoryId, month: b.month, amount: b.amount, rollover: b.rollover, createdAt: now, updatedAt: now }]
      : []
  })
  if (budgetRows.length) await tx.insert(budgets).values(budgetRows)
  return { budgets: budgetRows.length }
}

async function importRules({ tx, householdId, doc, ids, now }: ImportContext) {
  const ref = refOf(ids)
  if (doc.rules.length) {
    await tx.insert(rules).values(
      doc.rules.map((r) => ({
        id: uuidv7(),
        householdId,
        name: r.name,
        position: r.position,
        isActive: r.isActive,
        match: r.match,
        conditions: r.conditions.map((c) => (c.field === 'account' ? { ...c, value: ref(c.value) ?? c.value } : c)),
        actions: {
          ...r.actions,
          ...(r.actions.setCategoryId !== undefined ? { setCategoryId: ref(r.actions.setCategoryId) } : {}),
        },
        createdAt: at(r.createdAt),
        updatedAt: now,
      })),
    )
  }
  return { rules: doc.rules.length }
}

/** Planned income comes back as the importer's, on its account (left out when that account did not come). */
async function importPlannedIncomes({ tx, householdId, user, doc, ids, now }: ImportContext) {
  const ref = refOf(ids)
  const incomeRows = doc.plannedIncomes.flatMap((i) => {
    const accountId = ref(i.accountId)
    if (i.accountId !== null && accountId === null) return []
    const { id: _old, ownerId: _owner, createdAt, ...fields } = i
    return [{ ...fields, id: uuidv7(), householdId, userId: user.id, accountId, createdAt: at(createdAt), updatedAt: now }]
  })
  if (incomeRows.length) await tx.insert(plannedIncomes).values(incomeRows)
  return { plannedIncomes: incomeRows.length }
}

async function importImportPresets({ tx, householdId, doc, ids, now }: ImportContext) {
  const ref = refOf(ids)
  const presetRows = doc.importPresets.flatMap((p) => {
    const accountId = ref(p.accountId)
    if (p.accountId !== null && accountId === null) return []
    return [{ id: uuidv7(), householdId, accountId, name: p.name, mapping: p.mapping, createdAt: at(p.createdAt), updatedAt: now }]
  })
  if (presetRows.length) await tx.insert(importPresets).values(presetRows)
  return {}
}

async function importReminders({ tx, householdId, user, doc, ids, now }: ImportContext) {
  if (doc.reminders.length) {
    await tx.insert(reminders).values(
      doc.reminders.map((r) => ({
        id: uuidv7(),
        householdId,
        userId: user.id,
        title: r.title,
        description: r.description,
        type: r.type,
        priority: r.priority,
        dueDate: r.dueDate,
        status: r.status,
        isRead: r.isRead,
        // generated reminders are keyed by the bill or goal they are about ("bill:<id>:<due>")
        sourceKey: r.sourceKey === null ? null : r.sourceKey.replace(UUID, (old) => ids.get(old.toLowerCase()) ?? old),
        createdAt: at(r.createdAt),
        updatedAt: now,
      })),
    )
  }
  return { reminders: doc.reminders.length }
}

async function importCreditScores({ tx, householdId, user, doc }: ImportContext) {
  if (doc.creditScores.length) {
    await tx.insert(creditScores).values(
      doc.creditScores.map((s) => ({
        id: uuidv7(),
        householdId,
        userId: user.id,
        score: s.score,
        provider: s.provider,
        date: s.date,
        createdAt: at(s.createdAt),
      })),
    )
  }
  return { creditScores: doc.creditScores.length }
}

async function importSettings({ tx, householdId, user, doc, now }: ImportContext) {
  await tx
    .update(users)
    .set({ ...doc.settings, updatedAt: now })
    .where(eq(users.id, user.id))
  // the base currency is the household's: the export's settings carry it
  await tx.update(households).set({ baseCurrency: doc.settings.baseCurrency }).where(eq(households.id, householdId))
  return {}
}

/** The transactions through the ledger, a chunk at a time; fills ctx.transactionIds. */
async function importTransactions({ tx, householdId, user, doc, ids, transactionIds }: ImportContext) {
  const ref = refOf(ids)
  // transfers: both legs keep sharing one (new) group id
  const groups = new Map<string, string>()
  const group = (old: string | null) => {
    if (old === null) return null
    let made = groups.get(old)
    if (!made) {
      made = uuidv7()
      groups.set(old, made)
    }
    return made
  }
  const toRow = (t: ExportedTransaction): NewTransaction[] => {
    const accountId = ref(t.accountId)
    if (!accountId) return []
    return [
      {
        householdId,
        userId: user.id,
        accountId,
        categoryId: ref(t.categoryId),
        date: t.date,
        amount: t.amount,
        merchant: t.merchant,
        description: t.description,
        notes: t.notes,
        kind: t.kind,
        source: t.source,
        transferGroupId: group(t.transferGroupId),
        externalId: t.externalId,
        importedPayee: t.importedPayee,
        billId: ref(t.billId),
        splits: t.splits.map((s) => ({ categoryId: ref(s.categoryId), amount: s.amount, memo: s.memo })),
      },
    ]
  }
  // a chunk at a time: the ids stay time-ordered across chunks, in the file's order
  let inserted = 0
  for (let i = 0; i < doc.transactions.length; i += INSERT_CHUNK) {
    const pairs = doc.transactions.slice(i, i + INSERT_CHUNK).flatMap((t) => toRow(t).map((row) => ({ old: t.id, row })))
    const made = await insertTransactions(tx, pairs.map((p) => p.row))
    pairs.forEach((p, j) => {
      const id = made[j]
      if (id) transactionIds.set(p.old, id)
    })
    inserted += pairs.length
  }
  return { transactions: inserted }
}

/**
 * What settled the bills' due dates (ADR 0045), tied to the imported transactions (a split part by
 * its place among the transaction's parts, which keep their order). A payment whose transaction is
 * not in the file is left out.
 */
async function importBillPayments({ tx, householdId, doc, ids, transactionIds }: ImportContext) {
  const wanted = doc.bills.flatMap((b) => b.payments.map((p) => ({ billId: ids.get(b.id), transactionId: transactionIds.get(p.transactionId), p })))
  const split = [...new Set(wanted.flatMap((w) => (w.p.splitIndex !== null && w.transactionId ? [w.transactionId] : [])))]
  const parts = new Map<string, string[]>()
  for (let i = 0; i < split.length; i += 5_000) {
    const rows = await tx
      .select({ id: transactionSplits.id, transactionId: transactionSplits.transactionId })
      .from(transactionSplits)
      .where(inArray(transactionSplits.transactionId, split.slice(i, i + 5_000)))
      .orderBy(asc(transactionSplits.id))
    for (const r of rows) parts.set(r.transactionId, [...(parts.get(r.transactionId) ?? []), r.id])
  }
  const rows = wanted.flatMap(({ billId, transactionId, p }) => {
    if (!billId || !transactionId) return []
    const splitId = p.splitIndex === null ? null : (parts.get(transactionId)?.[p.splitIndex] ?? undefined)
    if (splitId === undefined) return []
    return [{ householdId, billId, dueDate: p.dueDate, transactionId, splitId, amount: p.amount, kind: p.kind }]
  })
  for (let i = 0; i < rows.length; i += 5_000) await tx.insert(billPayments).values(rows.slice(i, i + 5_000)).onConflictDoNothing()
  return {}
}

/**
 * The files of the imported transactions: each under a new id, on its transaction's new id, its
 * bytes stored where this server keeps them; one whose bytes are missing or are not the kind the
 * document says is left out. Each transaction's count follows. Returns how many came back.
 */
async function importAttachments({ tx, householdId, user, doc, transactionIds, files, store }: ImportContext) {
  const userId = user.id
  const counts = new Map<string, number>()
  for (const a of doc.attachments) {
    const transactionId = transactionIds.get(a.transactionId)
    if (!transactionId) continue
    const bytes = await files.read(a.path)
    if (!bytes || sniffAttachment(bytes) !== a.kind) continue
    const id = uuidv7()
    await tx.insert(attachments).values({
      id,
      householdId,
      transactionId,
      userId,
      fileName: attachmentFileName(a.fileName, a.kind),
      kind: a.kind,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storage: store.kind,
      createdAt: new Date(a.createdAt),
    })
    await store.put(tx, id, bytes)
    counts.set(transactionId, (counts.get(transactionId) ?? 0) + 1)
  }
  for (const [transactionId, count] of counts) {
    await tx.update(transactions).set({ attachmentCount: count }).where(eq(transactions.id, transactionId))
  }
  return { attachments: [...counts.values()].reduce((sum, n) => sum + n, 0) }
}

/** The household's exchange rates, as they were entered (the same pair and day once). */
async function importExchangeRates({ tx, householdId, doc, now }: ImportContext) {
  const rates = new Map(doc.exchangeRates.map((r) => [`${r.currency} ${r.quote} ${r.date}`, r]))
  const rateRows = [...rates.values()].map((r) => ({ householdId, ...r, updatedAt: now }))
  for (let i = 0; i < rateRows.length; i += 5_000) {
    await tx.insert(exchangeRates).values(rateRows.slice(i, i + 5_000))
  }
  return {}
}

/** Each account ends with the balance it had (a balance-only account has no transactions to sum). */
async function importAccountBalances({ tx, householdId, doc, ids }: ImportContext) {
  for (const a of doc.accounts) {
    const id = ids.get(a.id)
    if (!id) continue
    await tx
      .update(accounts)
      .set({ balance: a.balance })
      .where(and(eq(accounts.id, id), eq(accounts.householdId, householdId)))
  }
  return {}
}

/** The function of each step of the registry's IMPORT_STEPS (a step without one does not compile). */
export const IMPORT_STEP_RUNS: Record<ImportStep, ImportStepRun> = {
  categories: importCategories,
  accounts: importAccounts,
  bills: importBills,
  goals: importGoals,
  budgets: importBudgets,
  rules: importRules,
  plannedIncomes: importPlannedIncomes,
  importPresets: importImportPresets,
  reminders: importReminders,
  creditScores: importCreditScores,
  settings: importSettings,
  transactions: importTransactions,
  billPayments: importBillPayments,
  attachments: importAttachments,
  investments: importInvestments,
  exchangeRates: importExchangeRates,
  savingsChallenges: importSavingsChallenges,
  debtPlans: importDebtPlans,
  automations: importAutomations,
  advisorConversations: importAdvisorConversations,
  coachingActions: importCoachingActions,
  quickbooks: importQuickbooks,
  accountBalances: importAccountBalances,
}
