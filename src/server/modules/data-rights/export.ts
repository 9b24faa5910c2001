// The export of everything a member may see: one ZIP streamed to the client with
// kinwise-export.json (contract/data's exportDocument), a CSV per entity and an OFX per account.
// The document's head (every section but the transactions) is read by exportHead
// (export-sections.ts); this file streams it, and the transactions after it.
// Memory stays bounded however many transactions there are: transactions are read in keyset
// pages of PAGE_ROWS, each entry is a lazy stream that yazl pulls only when its turn comes, and
// nothing is read faster than the client downloads (stream backpressure). No database
// transaction is held open meanwhile (the embedded database has one connection), so the pages
// are read as they stand when each is read.
//
// Receipts and other files: each file of an exported transaction is its own entry,
// attachments/<id>/<file name>, read from its store only when the ZIP reaches it; the JSON and
// attachments.csv list them. No transaction list has a row of an account whose transactions the
// member may not see (ADR 0023).
import { Readable } from 'node:stream'
import { and, asc, eq, sql } from 'drizzle-orm'
import yazl from 'yazl'
import { EXPORT_JSON_NAME } from '#src/contract/data'
import { csvLine, type CsvCell } from '#src/domain/csv'
import { accountFileName, ofxEnd, ofxStart, ofxTransaction, plainAmount } from '#src/domain/data-export'
import { localDate } from '#src/domain/dates'
import { asCents } from '#src/domain/money'
import type { AttachmentStorage } from '#src/domain/attachments'
import type { Db } from '#src/server/db/connect'
import { transactions } from '#src/server/db/schema'
import { memberScope, notIn, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { splitsOf, type SplitOf } from '../transactions/splits'
import { attachmentStore, type AttachmentStore } from '../attachments/storage'
import { money } from './export-planning'
import { exportHead, type ExportHead } from './export-sections'

export const PAGE_ROWS = 5000

type Row = Record<string, unknown>

type TxRow = typeof transactions.$inferSelect
export type ExportedTx = TxRow & { splits: SplitOf[] }

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
    const splits = await splitsOf(db, split)
    const byTransaction = new Map<string, SplitOf[]>()
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
