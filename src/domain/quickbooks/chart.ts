// The QuickBooks chart of accounts, pure: the account types QuickBooks knows, the chart
// read from what QuickBooks exports (Desktop's IIF `!ACCNT` list, or a CSV account list from
// Desktop or Online), the default accounts an unmapped category falls into, and suggestions that
// match a Kinwise category or account to a chart account by name.
import { readCsvRecords } from '../import/csv'

/** What a QuickBooks mapping maps to a chart account: a Kinwise category or account. */
export const QB_MAPPING_KINDS = ['category', 'account'] as const
export type QbMappingKind = (typeof QB_MAPPING_KINDS)[number]

/** QuickBooks account types, by the names QuickBooks Online shows. */
export const QB_ACCOUNT_TYPES = [
  'Bank',
  'Credit Card',
  'Accounts Receivable',
  'Other Current Asset',
  'Fixed Asset',
  'Other Asset',
  'Accounts Payable',
  'Other Current Liability',
  'Long Term Liability',
  'Equity',
  'Income',
  'Other Income',
  'Cost of Goods Sold',
  'Expense',
  'Other Expense',
  'Non-Posting',
] as const
export type QbAccountType = (typeof QB_ACCOUNT_TYPES)[number]

export type ChartAccount = { name: string; type: QbAccountType }

/** QuickBooks' own catch-all accounts (QuickBooks Online has them from the start). */
export const UNCATEGORIZED_EXPENSE = 'Uncategorized Expense'
export const UNCATEGORIZED_INCOME = 'Uncategorized Income'
/** the other side of a transfer whose second account the exporting member may not see */
export const UNCATEGORIZED_ASSET = 'Uncategorized Asset'
export const DEFAULT_ACCOUNTS: readonly ChartAccount[] = [
  { name: UNCATEGORIZED_EXPENSE, type: 'Expense' },
  { name: UNCATEGORIZED_INCOME, type: 'Income' },
  { name: UNCATEGORIZED_ASSET, type: 'Other Current Asset' },
]

/** Whether a string is one of the QuickBooks account types. */
export function isQbAccountType(value: string): value is QbAccountType {
  return (QB_ACCOUNT_TYPES as readonly string[]).includes(value)
}

/** A chart as stored (a JSON column): entries with a type QuickBooks knows, the rest left out. */
export function storedChart(raw: readonly { name: string; type: string }[]): ChartAccount[] {
  return raw.flatMap((a) => (isQbAccountType(a.type) ? [{ name: a.name, type: a.type }] : []))
}

/**
 * Types of the accounts a register (a Kinwise account's money) may live in: the balance sheet,
 * which QuickBooks lists before the income and expense types.
 */
export const REGISTER_TYPES: readonly QbAccountType[] = QB_ACCOUNT_TYPES.slice(0, QB_ACCOUNT_TYPES.indexOf('Income'))

/** The longest account name QuickBooks takes (Desktop: 31 per level; Online: 100 for the full name). */
export const MAX_ACCOUNT_NAME = 159
export const MAX_CHART_ACCOUNTS = 2000

// IIF ACCNTTYPE codes and the words CSV exports use, folded to lower case without punctuation
const TYPE_NAMES: Record<string, QbAccountType> = {
  bank: 'Bank',
  ccard: 'Credit Card',
  creditcard: 'Credit Card',
  ar: 'Accounts Receivable',
  accountsreceivable: 'Accounts Receivable',
  accountsreceivablear: 'Accounts Receivable',
  ocasset: 'Other Current Asset',
  othercurrentasset: 'Other Current Asset',
  othercurrentassets: 'Other Current Asset',
  fixasset: 'Fixed Asset',
  fixedasset: 'Fixed Asset',
  fixedassets: 'Fixed Asset',
  oasset: 'Other Asset',
  otherasset: 'Other Asset',
  otherassets: 'Other Asset',
  ap: 'Accounts Payable',
  accountspayable: 'Accounts Payable',
  accountspayableap: 'Accounts Payable',
  ocliab: 'Other Current Liability',
  othercurrentliability: 'Other Current Liability',
  othercurrentliabilities: 'Other Current Liability',
  ltliab: 'Long Term Liability',
  longtermliability: 'Long Term Liability',
  longtermliabilities: 'Long Term Liability',
  equity: 'Equity',
  inc: 'Income',
  income: 'Income',
  exinc: 'Other Income',
  otherincome: 'Other Income',
  cogs: 'Cost of Goods Sold',
  costofgoodssold: 'Cost of Goods Sold',
  exp: 'Expense',
  expense: 'Expense',
  expenses: 'Expense',
  exexp: 'Other Expense',
  otherexpense: 'Other Expense',
  nonposting: 'Non-Posting',
}

/** The account type a QuickBooks file names ('BANK', 'Credit Card', 'OCASSET'…), or null. */
export function accountType(raw: string): QbAccountType | null {
  return TYPE_NAMES[raw.toLowerCase().replace(/[^a-z]/g, '')] ?? null
}

/** An account name as QuickBooks keeps it: one line, no tabs, trimmed; '' when nothing is left. */
export function cleanAccountName(raw: string): string {
  return raw
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s*:\s*/g, ':')
    .trim()
}

export type IifRecord = { line: number; type: string; fields: Record<string, string> }

/**
 * The records of an IIF file: each `!NAME` header line names the columns of the `NAME` lines
 * that follow it. Fields are tab-separated; one wrapped in double quotes loses them.
 */
export function readIif(text: string): IifRecord[] {
  const headers = new Map<string, string[]>()
  const out: IifRecord[] = []
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return
    const cells = raw.split('\t').map((c) => (c.length >= 2 && c.startsWith('"') && c.endsWith('"') ? c.slice(1, -1) : c))
    const head = cells[0]?.trim() ?? ''
    if (head.startsWith('!')) {
      headers.set(head.slice(1).toUpperCase(), cells.map((c) => c.trim().toUpperCase()))
      return
    }
    const columns = headers.get(head.toUpperCase())
    const fields: Record<string, string> = {}
    if (columns) columns.forEach((name, i) => i > 0 && name && (fields[name] = cells[i] ?? ''))
    out.push({ line: index + 1, type: head.toUpperCase(), fields })
  })
  return out
}

export type ChartRead = { accounts: ChartAccount[]; problems: string[] }

function collect(entries: { line: number; name: string; type: string }[], problems: string[]): ChartAccount[] {
  const seen = new Set<string>()
  const accounts: ChartAccount[] = []
  for (const entry of entries) {
    const name = cleanAccountName(entry.name)
    if (!name) continue
    const type = accountType(entry.type)
    if (!type) {
      problems.push(`Line ${String(entry.line)}: "${entry.type}" is not a QuickBooks account type (${name} was left out)`)
      continue
    }
    if (name.length > MAX_ACCOUNT_NAME) {
      problems.push(`Line ${String(entry.line)}: the account name is longer than ${String(MAX_ACCOUNT_NAME)} characters`)
      continue
    }
    if (seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    accounts.push({ name, type })
  }
  if (accounts.length > MAX_CHART_ACCOUNTS) {
    problems.push(`Only the first ${String(MAX_CHART_ACCOUNTS)} accounts were kept`)
    return accounts.slice(0, MAX_CHART_ACCOUNTS)
  }
  return accounts
}

/** The chart from QuickBooks Desktop's IIF export of the account list (`!ACCNT` with NAME and ACCNTTYPE). */
export function readChartIif(text: string): ChartRead {
  const problems: string[] = []
  const rows = readIif(text).filter((r) => r.type === 'ACCNT')
  const entries = rows.map((r) => ({ line: r.line, name: r.fields.NAME ?? '', type: r.fields.ACCNTTYPE ?? '' }))
  if (rows.length === 0) problems.push('The file has no !ACCNT list: export the chart of accounts from QuickBooks as an IIF file')
  return { accounts: collect(entries, problems), problems }
}

const NAME_HEADERS = new Set(['account', 'accountname', 'name', 'fullname', 'fullyqualifiedname'])
const TYPE_HEADERS = new Set(['type', 'accounttype', 'accnttype'])
const fold = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '')

/**
 * The chart from a CSV account list: QuickBooks Online's "Account List" report (title lines, then
 * Account, Type, Detail type…) or Desktop's list export (Account, Type, Balance Total…). The
 * header row is the first one naming both an account column and a type column.
 */
export function readChartCsv(text: string): ChartRead {
  const problems: string[] = []
  const clean = text.replace(/^\uFEFF/, '')
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? ''
  const delimiter = [',', ';', '\t'].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ',')
  const { records } = readCsvRecords(clean, delimiter, 0, 20_000)
  let nameAt = -1
  let typeAt = -1
  let start = -1
  for (const [i, record] of records.entries()) {
    const folded = record.cells.map(fold)
    nameAt = folded.findIndex((c) => NAME_HEADERS.has(c))
    typeAt = folded.findIndex((c) => TYPE_HEADERS.has(c))
    if (nameAt >= 0 && typeAt >= 0) {
      start = i + 1
      break
    }
    if (i > 20) break
  }
  if (start < 0) {
    return { accounts: [], problems: ['No header row with an Account (or Name) column and a Type column was found'] }
  }
  const entries = records.slice(start).flatMap((record) => {
    const name = record.cells[nameAt]?.trim() ?? ''
    const type = record.cells[typeAt]?.trim() ?? ''
    // report footers ("Friday, March 13, 2026 10:15 AM GMT-7") have a name and no type
    if (!name || !type) return []
    return [{ line: record.line, name, type }]
  })
  return { accounts: collect(entries, problems), problems }
}

/** The chart accounts that suit a Kinwise category or account, most fitting type first. */
export function suitableTypes(source: { kind: 'category'; categoryKind: 'expense' | 'income' } | { kind: 'account'; accountType: string }): QbAccountType[] {
  if (source.kind === 'category') {
    return source.categoryKind === 'income' ? ['Income', 'Other Income'] : ['Expense', 'Other Expense', 'Cost of Goods Sold']
  }
  switch (source.accountType) {
    case 'credit_card':
      return ['Credit Card']
    case 'loan':
    case 'mortgage':
      return ['Long Term Liability', 'Other Current Liability']
    case 'investment':
      return ['Other Asset', 'Other Current Asset', 'Fixed Asset']
    default:
      return ['Bank', 'Other Current Asset']
  }
}

// words that say what kind of account a name is, not what it is for: "Other Income" is not "Payroll Income"
const COMMON_WORDS = new Set(['and', 'the', 'other', 'income', 'expense', 'expenses', 'misc', 'miscellaneous', 'general'])
const words = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2 && !COMMON_WORDS.has(w)),
  )

/**
 * The chart account a name most likely maps to among accounts of the suitable types: the same
 * name (its last level: "Utilities:Gas" matches "Gas"), then one name inside the other, then the
 * most words in common; null when nothing is alike.
 */
export function suggestAccount(name: string, chart: readonly ChartAccount[], types: readonly QbAccountType[]): string | null {
  const candidates = chart.filter((a) => types.includes(a.type))
  const target = name.trim().toLowerCase()
  if (!target) return null
  const leaf = (a: ChartAccount) => (a.name.split(':').pop() ?? a.name).toLowerCase()
  const exact = candidates.find((a) => a.name.toLowerCase() === target) ?? candidates.find((a) => leaf(a) === target)
  if (exact) return exact.name
  const inside = candidates.find((a) => leaf(a).includes(target) || target.includes(leaf(a)))
  if (inside) return inside.name
  const mine = words(name)
  let best: ChartAccount | null = null
  let bestScore = 0
  for (const a of candidates) {
    const score = [...words(leaf(a))].filter((w) => mine.has(w) || [...mine].some((m) => m.startsWith(w) || w.startsWith(m))).length
    if (score > bestScore) {
      best = a
      bestScore = score
    }
  }
  return best?.name ?? null
}
