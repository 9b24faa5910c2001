// Importing an export into an empty household (issue 15): the way to move to another Kinwise
// server. The ZIP (or its JSON alone) is read with the very schema the export is written with;
// every row gets a new id (time-ordered, made in the export's order, so every list keeps its
// order), references follow the new ids, and everything is written in one database
// transaction. What the exporting member owned, entered or set up comes back as the importing
// owner's: the new household has one member. The default categories made at sign-up are
// replaced by the export's.
import { and, eq, sql } from 'drizzle-orm'
import yauzl from 'yauzl'
import {
  EXPORT_JSON_NAME,
  exportDocument,
  exportedTransaction,
  type ExportDocument,
  type ExportedTransaction,
  type ImportSummary,
} from '../../../contract/data'
import type { Db, Tx } from '../../db/connect'
import { uuidv7 } from '../../db/ids'
import {
  accounts,
  bills,
  budgets,
  categories,
  creditScores,
  goalContributions,
  goals,
  importPresets,
  reminders,
  rules,
  users,
} from '../../db/schema'
import { AppError, badRequest, conflict } from '../../http/errors'
import { forgetScope } from '../accounts/scope'
import type { SessionUser } from '../auth/sessions'
import { lockHouseholds } from '../household/repo'
import { insertTransactions, type NewTransaction } from '../transactions/ledger'

const MAX_JSON_BYTES = 2 * 1024 * 1024 * 1024 - 1
const INSERT_CHUNK = 50_000

async function readZipEntry(bytes: Buffer): Promise<Buffer> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true })
  } catch {
    throw badRequest('The file is not a Kinwise export: send the ZIP from "Download everything" or its kinwise-export.json', 'NOT_AN_EXPORT')
  }
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== EXPORT_JSON_NAME) continue
      if (entry.uncompressedSize > MAX_JSON_BYTES) throw badRequest('The export is too large to import here', 'EXPORT_TOO_LARGE')
      const stream = await zip.openReadStreamPromise(entry)
      const chunks: Buffer[] = []
      for await (const chunk of stream) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw badRequest('The ZIP file is damaged', 'BAD_ZIP')
  } finally {
    zip.close()
  }
  throw badRequest(`The ZIP has no ${EXPORT_JSON_NAME}: is it a Kinwise export?`, 'NOT_AN_EXPORT')
}

/** The export document in an uploaded file (the ZIP or the JSON), validated: 400 naming the field. */
export async function readExportFile(bytes: Buffer): Promise<ExportDocument> {
  const isZip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50
  const json = isZip ? await readZipEntry(bytes) : bytes
  let raw: unknown
  try {
    raw = JSON.parse(json.toString('utf8'))
  } catch {
    throw badRequest('The file is not a Kinwise export: it is neither a ZIP nor JSON', 'NOT_AN_EXPORT')
  }
  if (typeof raw !== 'object' || raw === null || Reflect.get(raw, 'format') !== 'kinwise-export') {
    throw badRequest('The file is not a Kinwise export', 'NOT_AN_EXPORT')
  }
  if (Reflect.get(raw, 'version') !== 1) {
    throw badRequest('This export was made by a newer Kinwise: update this server first', 'EXPORT_VERSION')
  }
  // the transactions (a million, maybe) are checked one by one and replaced in place, so the
  // document is not held twice over (the file's objects and the checked ones)
  const rows: unknown = Reflect.get(raw, 'transactions')
  const parsed = exportDocument.safeParse({ ...raw, transactions: [] })
  if (!parsed.success) throw invalid(parsed.error.issues[0])
  if (!Array.isArray(rows)) throw invalid({ path: ['transactions'], message: 'Must be a list' })
  const checked: ExportedTransaction[] = rows
  for (let i = 0; i < rows.length; i++) {
    const row = exportedTransaction.safeParse(rows[i])
    if (!row.success) {
      const first = row.error.issues[0]
      throw invalid({ path: ['transactions', i, ...(first?.path ?? [])], message: first?.message ?? 'invalid value' })
    }
    checked[i] = row.data
  }
  return { ...parsed.data, transactions: checked }
}

function invalid(issue: { path: readonly PropertyKey[]; message: string } | undefined): AppError {
  const where = issue?.path.map(String).join('.') || 'document'
  return badRequest(`The export is not valid at ${where}: ${issue?.message ?? 'invalid value'}`, 'VALIDATION_ERROR')
}

/** Refuses unless the household has none of the things an import brings (the default categories aside). */
async function requireEmpty(tx: Tx, householdId: string): Promise<void> {
  const result = await tx.execute<{ n: number }>(sql`
    select (select count(*) from accounts where household_id = ${householdId})
      + (select count(*) from transactions where household_id = ${householdId})
      + (select count(*) from budgets where household_id = ${householdId})
      + (select count(*) from goals where household_id = ${householdId})
      + (select count(*) from bills where household_id = ${householdId})
      + (select count(*) from rules where household_id = ${householdId}) as n`)
  if (Number(result.rows[0]?.n ?? 0) > 0) {
    throw conflict(
      'This household already has accounts or plans: an export can be imported only into an empty household (a new account on this server)',
      'HOUSEHOLD_NOT_EMPTY',
    )
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

export async function importExport(db: Db, user: SessionUser, doc: ExportDocument, now: Date): Promise<ImportSummary> {
  const householdId = user.householdId
  const ids = new Map<string, string>()
  const fresh = (old: string) => {
    const made = uuidv7()
    ids.set(old, made)
    return made
  }
  const ref = (old: string | null | undefined): string | null => (old ? (ids.get(old) ?? null) : null)
  // every row's new id, made in the file's order (time-ordered ids keep lists in that order)
  for (const c of doc.categories) fresh(c.id)
  for (const a of doc.accounts) fresh(a.id)
  for (const b of doc.bills) fresh(b.id)
  for (const g of doc.goals) fresh(g.id)
  const at = (iso: string) => new Date(iso)

  const summary = await db.transaction(async (tx) => {
    await lockHouseholds(tx, [householdId])
    await requireEmpty(tx, householdId)
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
          isActive: b.isActive,
          autopay: b.autopay,
          notes: b.notes,
          createdAt: at(b.createdAt),
          updatedAt: now,
        })),
      )
    }

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

    const budgetRows = doc.budgets.flatMap((b) => {
      const categoryId = ref(b.categoryId)
      return categoryId
        ? [{ id: uuidv7(), householdId, categoryId, month: b.month, amount: b.amount, rollover: b.rollover, createdAt: now, updatedAt: now }]
        : []
    })
    if (budgetRows.length) await tx.insert(budgets).values(budgetRows)

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

    const presetRows = doc.importPresets.flatMap((p) => {
      const accountId = ref(p.accountId)
      if (p.accountId !== null && accountId === null) return []
      return [{ id: uuidv7(), householdId, accountId, name: p.name, mapping: p.mapping, createdAt: at(p.createdAt), updatedAt: now }]
    })
    if (presetRows.length) await tx.insert(importPresets).values(presetRows)

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

    await tx
      .update(users)
      .set({ ...doc.settings, updatedAt: now })
      .where(eq(users.id, user.id))

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
      const rows = doc.transactions.slice(i, i + INSERT_CHUNK).flatMap(toRow)
      await insertTransactions(tx, rows)
      inserted += rows.length
    }

    // each account ends with the balance it had (a balance-only account has no transactions to sum)
    for (const a of doc.accounts) {
      const id = ids.get(a.id)
      if (!id) continue
      await tx
        .update(accounts)
        .set({ balance: a.balance })
        .where(and(eq(accounts.id, id), eq(accounts.householdId, householdId)))
    }

    return {
      accounts: doc.accounts.length,
      transactions: inserted,
      categories: doc.categories.length,
      budgets: budgetRows.length,
      goals: doc.goals.length,
      bills: doc.bills.length,
      rules: doc.rules.length,
      reminders: doc.reminders.length,
      creditScores: doc.creditScores.length,
    }
  })
  forgetScope(db, householdId)
  return summary
}
