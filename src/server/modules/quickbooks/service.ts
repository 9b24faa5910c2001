// QuickBooks setup: the chart of accounts, the mappings, and exports of a date range as
// IIF, QBO Web Connect or CSV (domain/quickbooks writes the files). An export holds only the
// transactions of accounts the member sees whole (memberScope's noTransactions), posted ones of
// kind standard or transfer. A recorded export (POST) is logged and its rows are remembered, so
// "only new" leaves them out later; a download by GET records nothing (ADR 0050).
//
// Unmapped: a category without a mapping goes to QuickBooks' own "Uncategorized Expense" or
// "Uncategorized Income" (QuickBooks Online has both from the start, and the accountant
// recategorises there); an account without one refuses the IIF and CSV exports with a 400 naming
// it, because the account is the register the rows land in and a guess would put them in the
// wrong bank. A QBO file needs no account mapping: QuickBooks asks which account it is for.
import type { z } from 'zod'
import type {
  ExportLogEntry,
  QuickbooksFormat,
  QuickbooksMappings,
  QuickbooksSettings,
  exportBody,
  importChartBody,
  updateQuickbooksMappings,
} from '#src/contract/quickbooks'
import { QUICKBOOKS_FORMATS } from '#src/contract/quickbooks'
import { compareDates, daysBetween, localDate } from '#src/domain/dates'
import { asCents, type Cents } from '#src/domain/money'
import {
  DEFAULT_ACCOUNTS,
  REGISTER_TYPES,
  UNCATEGORIZED_ASSET,
  UNCATEGORIZED_EXPENSE,
  UNCATEGORIZED_INCOME,
  readChartCsv,
  readChartIif,
  storedChart,
  suggestAccount,
  suitableTypes,
  type ChartAccount,
} from '#src/domain/quickbooks/chart'
import { encodeWindows1252, qboAccountId, writeCsv, writeIif, writeQbo, type ExportEntry, type QboAccount } from '#src/domain/quickbooks/export'
import type { Db } from '#src/server/db/connect'
import { AppError, invalidField, notFound } from '#src/server/http/errors'
import { fullAccount, memberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import * as repo from './repo'
import type { SettingsRow } from './repo'

/** The longest range one export covers, and the most rows it holds. */
export const MAX_EXPORT_DAYS = 366 * 5
export const MAX_EXPORT_ROWS = 50_000

function toSettings(row: SettingsRow | null): QuickbooksSettings {
  return {
    chart: storedChart(row?.chart ?? []),
    intuBid: row?.intuBid ?? '3000',
    updatedAt: row?.updatedAt.toISOString() ?? null,
  }
}

export async function getSettings(db: Db, user: SessionUser): Promise<QuickbooksSettings> {
  return toSettings(await repo.findSettings(db, user.householdId))
}

export async function updateSettings(db: Db, user: SessionUser, body: { intuBid: string }, now: Date): Promise<QuickbooksSettings> {
  const row = await repo.upsertIntuBid(db, user.householdId, body.intuBid, now)
  return toSettings(row ?? null)
}

/**
 * Replaces the chart: a typed list (a name twice is refused, naming the row) or the text of a
 * chart QuickBooks exported, whose unreadable lines come back as `problems`. Mappings follow the
 * new chart in the same transaction: one naming an account the chart no longer has is dropped
 * (the page then suggests again), and the others take the chart's spelling.
 */
export async function importChart(
  db: Db,
  user: SessionUser,
  body: z.output<typeof importChartBody>,
  now: Date,
): Promise<QuickbooksSettings & { problems: string[] }> {
  let chart: ChartAccount[]
  let problems: string[] = []
  if (body.accounts !== undefined) {
    const seen = new Set<string>()
    chart = []
    body.accounts.forEach((a, i) => {
      const key = a.name.toLowerCase()
      if (seen.has(key)) throw invalidField(`body.accounts.${String(i)}.name`, `"${a.name}" is in the list twice`)
      seen.add(key)
      chart.push({ name: a.name, type: a.type })
    })
  } else {
    // the contract makes sure both are there when no list is
    const text = body.text ?? ''
    const read = body.format === 'iif' ? readChartIif(text) : readChartCsv(text)
    chart = read.accounts
    problems = read.problems
    if (chart.length === 0) {
      throw invalidField('body.text', problems[0] ?? 'No accounts were found in the file')
    }
  }
  const spelled = new Map([...DEFAULT_ACCOUNTS, ...chart].map((a) => [a.name.toLowerCase(), a.name]))
  const row = await db.transaction(async (tx) => {
    const saved = await repo.upsertChart(tx, user.householdId, chart, now)
    for (const m of await repo.listMappings(tx, user.householdId)) {
      const name = spelled.get(m.qbAccount.toLowerCase())
      if (name === undefined) await repo.deleteMapping(tx, user.householdId, m.kind, m.sourceId)
      else if (name !== m.qbAccount) await repo.renameMapping(tx, user.householdId, m.kind, m.sourceId, name)
    }
    return saved ?? null
  })
  return { ...toSettings(row), problems }
}

// ---- mappings

export async function getMappings(db: Db, user: SessionUser): Promise<QuickbooksMappings> {
  const scope = await memberScope(db, user)
  const [settings, rows, cats, accts] = await Promise.all([
    repo.findSettings(db, user.householdId),
    repo.listMappings(db, user.householdId),
    repo.listMappableCategories(db, user.householdId),
    repo.listMappableAccounts(db, user.householdId),
  ])
  const chart = storedChart(settings?.chart ?? [])
  const mapped = new Map(rows.map((r) => [`${r.kind}:${r.sourceId}`, r.qbAccount]))
  const names = new Map(cats.map((c) => [c.id, c.name]))
  const categoryRows = cats
    .filter((c) => !c.isHidden || mapped.has(`category:${c.id}`))
    .map((c) => {
      const qbAccount = mapped.get(`category:${c.id}`) ?? null
      const kind = c.kind === 'income' ? ('income' as const) : ('expense' as const)
      const parent = c.parentId ? names.get(c.parentId) : undefined
      return {
        id: c.id,
        name: c.name,
        path: parent ? `${parent} › ${c.name}` : c.name,
        kind,
        qbAccount,
        suggestion: qbAccount ? null : suggestAccount(c.name, chart, suitableTypes({ kind: 'category', categoryKind: kind })),
      }
    })
    .sort((a, b) => (a.kind === b.kind ? a.path.localeCompare(b.path) : a.kind === 'expense' ? -1 : 1))
  const accountRows = accts
    .filter((a) => scope.accounts.get(a.id)?.view === 'full')
    .map((a) => {
      const qbAccount = mapped.get(`account:${a.id}`) ?? null
      return {
        id: a.id,
        name: a.name,
        type: a.type,
        qbAccount,
        suggestion: qbAccount ? null : suggestAccount(a.name, chart, suitableTypes({ kind: 'account', accountType: a.type })),
      }
    })
  return {
    categories: categoryRows,
    accounts: accountRows,
    defaults: { expense: UNCATEGORIZED_EXPENSE, income: UNCATEGORIZED_INCOME },
  }
}

export async function updateMappings(
  db: Db,
  user: SessionUser,
  body: z.output<(typeof updateQuickbooksMappings)['body']>,
): Promise<QuickbooksMappings> {
  const scope = await memberScope(db, user)
  const settings = await repo.findSettings(db, user.householdId)
  const own = storedChart(settings?.chart ?? [])
  const byName = new Map([...own, ...DEFAULT_ACCOUNTS].map((a) => [a.name.toLowerCase(), a]))
  // with a chart, a mapping names one of its accounts (spelled as the chart spells it), and an
  // account's register is a balance-sheet account (a bank, a card, a loan…), not income or expense
  const accountName = (path: string, name: string, register: boolean): string => {
    if (own.length === 0) return name
    const found = byName.get(name.toLowerCase())
    if (!found) throw invalidField(path, `"${name}" is not in your QuickBooks chart of accounts`)
    if (register && !REGISTER_TYPES.includes(found.type)) {
      throw invalidField(path, `"${found.name}" is an ${found.type} account: pick a bank, credit card, asset or liability account`)
    }
    return found.name
  }
  // each category and account once, so the last change does not quietly win
  const once = (list: { id: string }[], path: string) => {
    const seen = new Set<string>()
    list.forEach((c, i) => {
      if (seen.has(c.id)) throw invalidField(`${path}.${String(i)}.id`, 'Listed twice')
      seen.add(c.id)
    })
  }
  once(body.categories, 'body.categories')
  once(body.accounts, 'body.accounts')
  const categoryIds = body.categories.map((c) => c.id)
  if (categoryIds.length > 0) {
    const known = new Set(await repo.findCategoryIds(db, user.householdId, categoryIds))
    if (categoryIds.some((c) => !known.has(c))) throw notFound('Category')
  }
  for (const a of body.accounts) fullAccount(scope, a.id)
  const changes = [
    ...body.categories.map((c, i) => ({
      kind: 'category' as const,
      sourceId: c.id,
      qbAccount: c.qbAccount === null ? null : accountName(`body.categories.${String(i)}.qbAccount`, c.qbAccount, false),
    })),
    ...body.accounts.map((a, i) => ({
      kind: 'account' as const,
      sourceId: a.id,
      qbAccount: a.qbAccount === null ? null : accountName(`body.accounts.${String(i)}.qbAccount`, a.qbAccount, true),
    })),
  ]
  await db.transaction(async (tx) => {
    for (const change of changes) {
      if (change.qbAccount === null) await repo.deleteMapping(tx, user.householdId, change.kind, change.sourceId)
      else await repo.upsertMapping(tx, user.householdId, change.kind, change.sourceId, change.qbAccount)
    }
  })
  return getMappings(db, user)
}

// ---- exports

/** What to export: the POST's body, or the GET's query (decoded to the same shape). */
type ExportRequest = z.output<typeof exportBody>

export type ExportFile = { bytes: Uint8Array; fileName: string; contentType: string; count: number }

const CONTENT_TYPES: Record<QuickbooksFormat, string> = {
  iif: 'application/x-iif',
  qbo: 'application/vnd.intu.qbo',
  csv: 'text/csv; charset=utf-8',
}

type Row = {
  id: string
  accountId: string
  categoryId: string | null
  date: string
  amount: Cents
  merchant: string
  description: string
  notes: string
  kind: string
  transferGroupId: string | null
  isSplit: boolean
}

/**
 * The export file of a range. `record` (the POST) logs the export and marks its rows exported in
 * one transaction; without it (the GET) nothing is written. `input` names where the request's
 * fields came from, for the errors: 'body' or 'querystring'.
 */
export async function exportFile(
  db: Db,
  user: SessionUser,
  request: ExportRequest,
  now: Date,
  { record, input }: { record: boolean; input: 'body' | 'querystring' },
): Promise<ExportFile> {
  const { format, from, to } = request
  const onlyNew = request.onlyNew ?? false
  if (compareDates(from, to) > 0) throw invalidField(`${input}.to`, 'Must be on or after from')
  if (daysBetween(from, to) >= MAX_EXPORT_DAYS) throw invalidField(`${input}.to`, 'An export covers at most 5 years')
  const scope = await memberScope(db, user)
  if (request.accountId !== undefined) fullAccount(scope, request.accountId)

  const found = await repo.listExportRows(
    db,
    user.householdId,
    { from, to, hiddenAccounts: scope.noTransactions, accountId: request.accountId, onlyNew },
    MAX_EXPORT_ROWS + 1,
  )
  const rows: Row[] = found.map((r) => ({ ...r, amount: asCents(r.amount) }))
  if (rows.length > MAX_EXPORT_ROWS) {
    throw invalidField(`${input}.from`, `The range holds more than ${String(MAX_EXPORT_ROWS)} transactions: export a shorter one`)
  }

  const [mappingList, accountList, categoryList, settings] = await Promise.all([
    repo.listMappings(db, user.householdId),
    repo.listExportAccounts(db, user.householdId),
    repo.listCategoryKinds(db, user.householdId),
    repo.findSettings(db, user.householdId),
  ])
  const accountMap = new Map(mappingList.filter((m) => m.kind === 'account').map((m) => [m.sourceId, m.qbAccount]))
  const categoryMap = new Map(mappingList.filter((m) => m.kind === 'category').map((m) => [m.sourceId, m.qbAccount]))
  const accountsById = new Map(accountList.map((a) => [a.id, a]))
  const categoryKind = new Map(categoryList.map((c) => [c.id, c.kind]))

  const splitIds = rows.filter((r) => r.isSplit).map((r) => r.id)
  const splits = new Map<string, { categoryId: string | null; amount: Cents; memo: string }[]>()
  for (let i = 0; i < splitIds.length; i += 5000) {
    const part = await repo.listSplits(db, splitIds.slice(i, i + 5000))
    for (const s of part) {
      const list = splits.get(s.transactionId) ?? []
      list.push({ categoryId: s.categoryId, amount: asCents(s.amount), memo: s.memo })
      splits.set(s.transactionId, list)
    }
  }

  // the other side of each transfer (it may lie outside the range, the filter or the member's sight)
  const groupIds = [...new Set(rows.flatMap((r) => (r.transferGroupId ? [r.transferGroupId] : [])))]
  const partners = new Map<string, { id: string; accountId: string }[]>()
  for (let i = 0; i < groupIds.length; i += 5000) {
    const part = await repo.listTransferSides(db, user.householdId, groupIds.slice(i, i + 5000))
    for (const p of part) {
      if (p.groupId) partners.set(p.groupId, [...(partners.get(p.groupId) ?? []), { id: p.id, accountId: p.accountId }])
    }
  }
  const seesWhole = (accountId: string) => scope.accounts.get(accountId)?.view === 'full'
  const partnerOf = (r: Row) => (r.transferGroupId ? (partners.get(r.transferGroupId) ?? []).find((p) => p.id !== r.id) ?? null : null)

  const categoryAccount = (categoryId: string | null, amount: number): string => {
    const mapped = categoryId ? categoryMap.get(categoryId) : undefined
    if (mapped) return mapped
    const kind = categoryId ? categoryKind.get(categoryId) : undefined
    if (kind === 'income') return UNCATEGORIZED_INCOME
    if (kind === 'expense') return UNCATEGORIZED_EXPENSE
    return amount < 0 ? UNCATEGORIZED_EXPENSE : UNCATEGORIZED_INCOME
  }
  const unmapped = new Set<string>()
  const registerName = (accountId: string): string => {
    const mapped = accountMap.get(accountId)
    if (mapped) return mapped
    unmapped.add(accountsById.get(accountId)?.name ?? accountId)
    return accountsById.get(accountId)?.name ?? accountId
  }
  const payeeOf = (r: Row) => r.merchant || r.description
  const memoOf = (r: Row) => [r.merchant ? r.description : '', r.notes].filter(Boolean).join(' — ')

  const exportedIds = new Set<string>()
  const entries: ExportEntry[] = []
  // QBO: each account's own register rows, a statement per account
  const byAccount = new Map<string, ExportEntry[]>()
  if (format === 'qbo') {
    for (const r of rows) {
      exportedIds.add(r.id)
      const account = accountsById.get(r.accountId)
      const list = byAccount.get(r.accountId) ?? []
      byAccount.set(r.accountId, list)
      list.push({
        id: r.id,
        date: r.date,
        account: account?.name ?? '',
        accountType: account?.type ?? 'checking',
        amount: r.amount,
        payee: payeeOf(r),
        memo: memoOf(r),
        transfer: r.kind === 'transfer',
        lines: [],
      })
    }
  } else {
    const inFile = new Set(rows.map((r) => r.id))
    for (const r of rows) {
      if (exportedIds.has(r.id)) continue
      const partner = r.kind === 'transfer' ? partnerOf(r) : null
      // a transfer whose both sides are in the file is written once, from the side money leaves
      if (partner && inFile.has(partner.id) && r.amount > 0) continue
      exportedIds.add(r.id)
      let lines: ExportEntry['lines']
      if (r.kind === 'transfer') {
        // the other account by its QuickBooks name when the member sees it whole; it then counts
        // as exported too, so exporting that account later does not book the transfer twice
        if (partner && seesWhole(partner.accountId)) {
          exportedIds.add(partner.id)
          lines = [{ account: registerName(partner.accountId), amount: r.amount, memo: '' }]
        } else {
          lines = [{ account: UNCATEGORIZED_ASSET, amount: r.amount, memo: '' }]
        }
      } else if (r.isSplit && (splits.get(r.id)?.length ?? 0) > 0) {
        lines = (splits.get(r.id) ?? []).map((s) => ({ account: categoryAccount(s.categoryId, s.amount), amount: s.amount, memo: s.memo }))
      } else {
        lines = [{ account: categoryAccount(r.categoryId, r.amount), amount: r.amount, memo: '' }]
      }
      entries.push({
        id: r.id,
        date: r.date,
        account: registerName(r.accountId),
        accountType: accountsById.get(r.accountId)?.type ?? 'checking',
        amount: r.amount,
        payee: payeeOf(r),
        memo: memoOf(r),
        transfer: r.kind === 'transfer',
        lines,
      })
    }
    if (unmapped.size > 0) {
      const names = [...unmapped].sort((a, b) => a.localeCompare(b))
      throw new AppError(
        400,
        'QUICKBOOKS_UNMAPPED',
        `Map ${names.length === 1 ? 'this account' : 'these accounts'} to a QuickBooks account first: ${names.join(', ')}`,
        { issues: names.map((name) => ({ path: 'accounts', message: `${name} has no QuickBooks account` })) },
      )
    }
  }

  let bytes: Uint8Array
  if (format === 'iif') bytes = encodeWindows1252(writeIif(entries))
  else if (format === 'csv') bytes = new TextEncoder().encode(writeCsv(entries))
  else {
    // an account's statement is in the file even with nothing new, when it was asked for alone
    if (request.accountId !== undefined && !byAccount.has(request.accountId)) byAccount.set(request.accountId, [])
    const qboAccounts: QboAccount[] = [...byAccount.entries()]
      .map(([accountId, list]) => ({ accountId, list, name: accountsById.get(accountId)?.name ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.accountId.localeCompare(b.accountId))
      .map(({ accountId, list }) => {
        const account = accountsById.get(accountId)
        return {
          accountId: qboAccountId(accountId),
          accountType: account?.type ?? 'checking',
          currency: account?.currency ?? 'USD',
          // the balance is today's, so it is dated today
          balance: asCents(account?.balance ?? 0),
          entries: list,
        }
      })
    bytes = encodeWindows1252(
      writeQbo({ intuBid: settings?.intuBid ?? '3000', accounts: qboAccounts, from, to, asOf: localDate(now, user.timeZone), now }),
    )
  }

  if (record) await recordExport(db, user, { format, from, to, onlyNew }, [...exportedIds], now)
  return {
    bytes,
    fileName: `kinwise-quickbooks-${from}-to-${to}.${format}`,
    contentType: CONTENT_TYPES[format],
    count: exportedIds.size,
  }
}

/** The export in the log, and its rows marked exported, together. */
async function recordExport(
  db: Db,
  user: SessionUser,
  { format, from, to, onlyNew }: { format: QuickbooksFormat; from: string; to: string; onlyNew: boolean },
  ids: string[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const logId = await repo.insertExport(tx, {
      householdId: user.householdId,
      userId: user.id,
      format,
      fromDate: from,
      toDate: to,
      onlyNew,
      count: ids.length,
      createdAt: now,
    })
    for (let i = 0; i < ids.length && logId; i += 5000) {
      await repo.markExported(tx, user.householdId, logId, ids.slice(i, i + 5000))
    }
  })
}

export async function listExports(db: Db, user: SessionUser): Promise<ExportLogEntry[]> {
  const rows = await repo.listExportLog(db, user.householdId, 100)
  return rows.map((r) => ({
    id: r.id,
    format: QUICKBOOKS_FORMATS.find((f) => f === r.format) ?? 'csv',
    from: r.from,
    to: r.to,
    onlyNew: r.onlyNew,
    count: r.count,
    createdAt: r.createdAt.toISOString(),
    by: `${r.firstName} ${r.lastName}`.trim() || r.email,
  }))
}
