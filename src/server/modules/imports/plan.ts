// The plan of an import: which account each of the file's accounts goes to (found by identity or
// name, or created), and what each row will be (new, duplicate, transfer, left out) with its
// category, and where each account will stand against the statement's balance. Computed from
// one read of the stored rows; written by write.ts inside the same transaction.
// A file is matched (accounts, duplicates, transfers) only against accounts whose transactions
// the member sees: another member's private or balance-only account is as if it did not exist
// (ADR 0023).
import { MAX_PREVIEW_ROWS, type ImportResult, type ImportRow } from '../../../contract/imports'
import { addDays, type IsoDate } from '../../../domain/dates'
import { categoryBook, chooseCategory } from '../../../domain/import/categories'
import { findDuplicates } from '../../../domain/import/dedupe'
import { findTransfers } from '../../../domain/import/transfers'
import type { ParseIssue, ParsedAccount, ParsedTransaction, StatementFormat } from '../../../domain/import/types'
import { asCents, type Cents } from '../../../domain/money'
import { compileRules, notesWith, payeeKey } from '../../../domain/rules'
import type { DbOrTx } from '../../db/connect'
import { badRequest, notFound } from '../../http/errors'
import type { SessionUser } from '../auth/sessions'
import type { MemberScope } from '../accounts/scope'
import { lastFour } from '../../../domain/accounts'
import { learnedCategories } from '../rules/repo'
import { re2Compiler } from '../rules/regex'
import { loadRules } from '../rules/service'
import type { NewSplit, TransactionSource } from '../transactions/ledger'
import { hasInvestments, newActivities } from './investments'
import { BANK_FORMATS, type ImportInput, type ParsedFile } from './parse-file'
import { balanceThrough, householdAccounts, householdCategories, rowsForDedupe, rowsForTransfers, type AccountRow } from './repo'

const DAY_WINDOW = 3

export type PlannedAccount = {
  parsed: ParsedAccount
  /** the stored account, or null until the one to create is written */
  account: AccountRow | null
  create: { name: string; type: string; currency: string; accountNumber: string | null; externalKey: string | null } | null
  /** give the stored account the file's identity, so the next file finds it by itself */
  giveKey: boolean
  /** the account's id, or a stand-in name for one to be created (for transfer detection) */
  ref: string
  source: TransactionSource
  added: number
  duplicates: number
  transfers: number
  /** investment activities: new ones (preview) or written */
  activities: number
  /** a created account: the opening-balance entry that brings it to the statement's balance */
  openingBalance: Cents | null
  /** an existing account: the statement's balance minus Kinwise's on that date, import included */
  balanceDifference: Cents | null
}

const INVESTMENT_SECTION = 'qif:invst'

function sourceFor(format: StatementFormat, type: string): TransactionSource {
  if (!BANK_FORMATS.includes(format)) return 'import'
  return type === 'credit_card' ? 'credit_statement' : 'bank_statement'
}

function usable(account: AccountRow): AccountRow {
  if (account.isClosed) {
    throw badRequest(`The account "${account.name}" is closed: reopen it to import into it`, 'ACCOUNT_CLOSED')
  }
  return account
}

/**
 * Which account each of the file's accounts goes to. `stored` are the accounts the member may
 * import into; `keysInUse` the bank identities of every account of the household, so an account
 * created for the file never takes one another member's account holds.
 */
function resolveAccounts(
  stored: AccountRow[],
  keysInUse: ReadonlySet<string>,
  user: SessionUser,
  format: StatementFormat,
  parsedAccounts: ParsedAccount[],
  accountId: string | undefined,
  warnings: ParseIssue[],
): PlannedAccount[] {
  const chosen = accountId === undefined ? null : stored.find((a) => a.id === accountId)
  if (accountId !== undefined && !chosen) throw notFound('Account')
  // a QIF file may mix named (!Account) blocks with one unnamed section: the chosen account takes
  // that one. An unnamed investment section goes to the chosen account when it is an investment
  // account, else to the investment account called "Investments" (made when there is none).
  const chosenInvestment = chosen?.type === 'investment' && parsedAccounts.some((a) => a.key === INVESTMENT_SECTION)
  const unnamedQif = parsedAccounts.filter((a) => a.key.startsWith('qif:') && (chosenInvestment || a.key !== INVESTMENT_SECTION))
  const takesChosen = (parsed: ParsedAccount): boolean =>
    parsedAccounts.length === 1 ||
    (parsed.key.startsWith('qif:') && (chosenInvestment ? parsed.key === INVESTMENT_SECTION : parsed.key !== INVESTMENT_SECTION))
  if (chosen && parsedAccounts.length > 1 && !(format === 'qif' && unnamedQif.length === 1)) {
    throw badRequest(
      `This file holds ${parsedAccounts.length} accounts: import it without choosing an account, so each goes to its own`,
      'MULTIPLE_ACCOUNTS',
    )
  }
  const planned = parsedAccounts.map((parsed, index) => {
    const plan = (account: AccountRow | null, create: PlannedAccount['create'], giveKey = false): PlannedAccount => ({
      parsed,
      account,
      create,
      giveKey,
      ref: account?.id ?? `new:${String(index)}`,
      source: sourceFor(format, account?.type ?? create?.type ?? 'checking'),
      added: 0,
      duplicates: 0,
      transfers: 0,
      activities: 0,
      openingBalance: null,
      balanceDifference: null,
    })
    const bankFile = BANK_FORMATS.includes(format)
    if (chosen && takesChosen(parsed)) {
      const account = usable(chosen)
      if (parsed.currency && parsed.currency !== account.currency) {
        warnings.push({ line: 0, message: `The file is in ${parsed.currency} but "${account.name}" is in ${account.currency}: the amounts were taken as they are.` })
      }
      return plan(account, null, bankFile && account.externalKey === null && !keysInUse.has(parsed.key))
    }
    if (bankFile) {
      const known = stored.find((a) => a.externalKey === parsed.key)
      if (known) return plan(usable(known), null)
    } else if (format === 'qif' && (!parsed.key.startsWith('qif:') || parsed.key === INVESTMENT_SECTION)) {
      const name = parsed.name.toLowerCase()
      const byName = stored.filter((a) => a.name.toLowerCase() === name && (parsed.key !== INVESTMENT_SECTION || a.type === 'investment'))
      const known = byName.find((a) => !a.isClosed) ?? byName[0]
      if (known) return plan(usable(known), null)
    } else {
      throw badRequest(
        format === 'csv'
          ? 'Choose the account this CSV file belongs to: a CSV export does not say which account it is'
          : 'Choose the account this QIF file belongs to: it does not name one',
        'ACCOUNT_REQUIRED',
        { format },
      )
    }
    return plan(null, {
      name: parsed.name.slice(0, 80) || 'Imported account',
      type: parsed.type,
      currency: parsed.currency ?? user.baseCurrency,
      accountNumber: lastFour(parsed.numberLast4),
      // an account the member may not see holds this identity: the new one goes without it
      externalKey: bankFile && !keysInUse.has(parsed.key) ? parsed.key : null,
    })
  })
  for (const p of planned) {
    const type = p.account?.type ?? p.create?.type
    if (hasInvestments(p.parsed) && type !== 'investment') {
      const name = p.account?.name ?? p.create?.name ?? p.parsed.name
      throw badRequest(
        `"${name}" is not an investment account: the buys, sells and income of this statement go to an investment account`,
        'NOT_INVESTMENT_ACCOUNT',
      )
    }
  }
  return planned
}

// ---------------------------------------------------------------------------------------
// The plan: what each row of the file will be

type RowStatus = ImportRow['status']

export type PlannedRow = {
  t: ParsedTransaction
  /** 1-based place in the file (file order): the row's own identity, unlike a shared line */
  row: number
  account: PlannedAccount
  status: RowStatus
  /** an override said 'new': no duplicate or transfer matching for it */
  forced: boolean
  /** the stored row this one duplicates or pairs with as a transfer */
  matchId: string | null
  /** the row of the same file this one pairs with as a transfer */
  partner: PlannedRow | null
  categoryId: string | null
  categorySource: ImportRow['categorySource']
  merchant: string
  notes: string
  splits: NewSplit[]
  /** the bank id is already taken in that account (a row forced in): stored without it */
  dropExternalId: boolean
}

export type Plan = {
  parsed: ParsedFile
  accounts: PlannedAccount[]
  rows: PlannedRow[]
  warnings: ParseIssue[]
  /** the accounts the member may import into */
  storedAccounts: AccountRow[]
}

function dateRange(rows: readonly PlannedRow[]): { from: IsoDate; to: IsoDate } | null {
  let min: string | null = null
  let max: string | null = null
  for (const r of rows) {
    if (min === null || r.t.date < min) min = r.t.date
    if (max === null || r.t.date > max) max = r.t.date
  }
  return min === null || max === null ? null : { from: addDays(min, -DAY_WINDOW), to: addDays(max, DAY_WINDOW) }
}

/**
 * What each row of the file will be: parsed rows → accounts → duplicates (one read of the stored
 * rows) → the user's overrides → transfers → categories → the statement's balance per account.
 * Writes nothing; the caller runs it inside the import's transaction to write it.
 */
export async function makePlan(db: DbOrTx, user: SessionUser, scope: MemberScope, input: ImportInput, parsed: ParsedFile): Promise<Plan> {
  const householdId = user.householdId
  const warnings: ParseIssue[] = [...parsed.result.warnings]
  const everyAccount = await householdAccounts(db, householdId)
  const keysInUse = new Set(everyAccount.map((a) => a.externalKey).filter((k): k is string => k !== null))
  const storedAccounts = everyAccount.filter((a) => scope.accounts.get(a.id)?.view === 'full')
  const accounts = resolveAccounts(storedAccounts, keysInUse, user, parsed.format, parsed.result.accounts, input.accountId, warnings)
  // an override names its row; an older client names only the line
  const byRow = new Map((input.overrides ?? []).flatMap((o) => (o.row !== undefined ? [[o.row, o.status] as const] : [])))
  const byLine = new Map((input.overrides ?? []).flatMap((o) => (o.row === undefined ? [[o.line, o.status] as const] : [])))
  const chosen = new Map((input.categories ?? []).map((c) => [c.row, c.categoryId]))

  const rows: PlannedRow[] = []
  for (const account of accounts) {
    for (const t of account.parsed.transactions) {
      rows.push({
        t,
        row: 0,
        account,
        status: 'new',
        forced: false,
        matchId: null,
        partner: null,
        categoryId: null,
        categorySource: null,
        merchant: t.payee,
        notes: '',
        splits: [],
        dropExternalId: false,
      })
    }
  }
  rows.sort((a, b) => a.t.line - b.t.line)
  rows.forEach((r, i) => {
    r.row = i + 1
    const override = byRow.get(r.row) ?? byLine.get(r.t.line)
    if (override === 'skip') r.status = 'skip'
    r.forced = override === 'new'
  })
  for (const a of accounts) {
    if (a.parsed.activities?.length) a.activities = (await newActivities(db, a.account?.id ?? null, a.parsed)).length
  }
  const range = dateRange(rows)
  if (!range) {
    const plan = { parsed, accounts, rows, warnings, storedAccounts }
    await statementBalances(db, householdId, plan)
    return plan
  }

  // duplicates: the stored rows of the file's known accounts, read once
  const knownIds = [...new Set(accounts.flatMap((a) => (a.account ? [a.account.id] : [])))]
  const externalIds = rows.flatMap((r) => (r.account.account && r.t.externalId !== null ? [{ accountId: r.account.account.id, externalId: r.t.externalId }] : []))
  const stored = await rowsForDedupe(db, householdId, knownIds, range.from, range.to, externalIds)
  const takenIds = new Set(stored.flatMap((s) => (s.externalId === null ? [] : [`${s.accountId}\u0000${s.externalId}`])))
  const checked = rows.filter((r) => r.status !== 'skip')
  const matches = findDuplicates(
    checked.map((r) => ({
      accountId: r.account.account?.id ?? null,
      date: r.t.date,
      amount: r.t.amount,
      payee: r.t.payee || r.t.memo,
      externalId: r.t.externalId,
    })),
    stored.map((s) => ({
      id: s.id,
      accountId: s.accountId,
      date: s.date,
      amount: asCents(s.amount),
      payees: s.importedPayee !== null && s.importedPayee !== s.merchant ? [s.merchant, s.importedPayee] : [s.merchant],
      externalId: s.externalId,
    })),
  )
  checked.forEach((r, i) => {
    const match = matches[i] ?? null
    if (match === null) return
    if (r.forced) {
      const accountId = r.account.account?.id
      r.dropExternalId = r.t.externalId !== null && accountId !== undefined && takenIds.has(`${accountId}\u0000${r.t.externalId}`)
      return
    }
    r.status = 'duplicate'
    r.matchId = match
  })

  // transfers: new rows against each other and against stored ordinary rows of other accounts
  const candidates = rows.filter((r) => r.status === 'new' && !r.forced)
  const refs = new Set(candidates.map((r) => r.account.ref))
  const onlyAccount = refs.size === 1 ? (candidates[0]?.account.account?.id ?? null) : null
  const othersExist = storedAccounts.some((a) => !refs.has(a.id))
  const storedPartners =
    othersExist && candidates.length > 0
      ? await rowsForTransfers(
          db,
          householdId,
          range.from,
          range.to,
          [...new Set(candidates.map((r) => -r.t.amount))],
          onlyAccount,
          scope.noTransactions,
        )
      : []
  if (refs.size > 1 || storedPartners.length > 0) {
    const partners = findTransfers(
      candidates.map((r) => ({ account: r.account.ref, date: r.t.date, amount: r.t.amount })),
      storedPartners.map((s) => ({ id: s.id, account: s.accountId, date: s.date, amount: asCents(s.amount) })),
    )
    candidates.forEach((r, i) => {
      const partner = partners[i] ?? null
      if (partner === null) return
      r.status = 'transfer'
      if ('incoming' in partner) r.partner = candidates[partner.incoming] ?? null
      else r.matchId = partner.existingId
    })
  }

  // categories: the user's choice, else a matching rule, else the learned choice for the payee,
  // else the file's own (domain/import/categories)
  const [rules, categoryRows] = await Promise.all([loadRules(db, householdId), householdCategories(db, householdId)])
  const book = categoryBook(categoryRows)
  const run = compileRules(rules, re2Compiler)
  const keyCache = new Map<string, string>()
  const keyOf = (payee: string): string => {
    let key = keyCache.get(payee)
    if (key === undefined) keyCache.set(payee, (key = payeeKey(payee)))
    return key
  }
  const inserted = rows.filter((r) => r.status === 'new' || r.status === 'transfer')
  const outcomes = inserted.map((r) => run({ payee: r.t.payee, description: r.t.memo, amount: r.t.amount, accountId: r.account.ref }))
  const learned = await learnedCategories(
    db,
    householdId,
    inserted.flatMap((r, i) => [keyOf(r.t.payee), keyOf(outcomes[i]?.payee ?? '')]),
  )
  inserted.forEach((r, i) => {
    const outcome = outcomes[i] ?? null
    r.merchant = outcome?.payee ?? r.t.payee
    r.notes = notesWith('', outcome?.note)
    const learnedId = learned.get(keyOf(r.t.payee)) ?? (outcome?.payee ? learned.get(keyOf(outcome.payee)) : undefined)
    const choice = chooseCategory(r.t, book, outcome, learnedId, chosen.has(r.row) ? (chosen.get(r.row) ?? null) : undefined)
    r.categoryId = choice.categoryId
    r.categorySource = choice.source
    r.splits = choice.splits
  })
  const plan = { parsed, accounts, rows, warnings, storedAccounts }
  await statementBalances(db, householdId, plan)
  return plan
}

/**
 * Where each account will stand against the balance its bank statement states (OFX LEDGERBAL,
 * CAMT CLBD). An account the import creates gets an opening-balance entry for what the file's
 * rows do not explain, so it ends at the statement's balance; an account that exists gets the
 * difference on the statement's date, import included, for the user to reconcile.
 */
async function statementBalances(db: DbOrTx, householdId: string, plan: Plan): Promise<void> {
  if (!BANK_FORMATS.includes(plan.parsed.format)) return
  for (const a of plan.accounts) {
    const stated = a.parsed.ledgerBalance
    const type = a.account?.type ?? a.create?.type
    if (!stated || type === 'investment') continue
    const through = plan.rows
      .filter((r) => r.account === a && (r.status === 'new' || r.status === 'transfer') && r.t.date <= stated.date)
      .reduce((sum, r) => sum + r.t.amount, 0)
    if (a.create) {
      const opening = stated.amount - through
      a.openingBalance = opening === 0 ? null : asCents(opening)
    } else if (a.account) {
      const stored = await balanceThrough(db, householdId, a.account.id, stated.date)
      a.balanceDifference = asCents(stated.amount - stored - through)
    }
  }
}


// ---------------------------------------------------------------------------------------
// Results

export function count(plan: Plan): void {
  for (const a of plan.accounts) {
    a.added = 0
    a.duplicates = 0
    a.transfers = 0
  }
  for (const r of plan.rows) {
    if (r.status === 'duplicate') r.account.duplicates++
    if (r.status === 'new' || r.status === 'transfer') r.account.added++
    if (r.status === 'transfer') r.account.transfers++
  }
}

/** Every row when there are few; otherwise every duplicate and transfer first, then new rows. */
function previewRows(plan: Plan): ImportRow[] {
  let chosen = plan.rows
  if (chosen.length > MAX_PREVIEW_ROWS) {
    const notable = plan.rows.filter((r) => r.status !== 'new').slice(0, MAX_PREVIEW_ROWS)
    const fill = plan.rows.filter((r) => r.status === 'new').slice(0, MAX_PREVIEW_ROWS - notable.length)
    chosen = [...notable, ...fill].sort((a, b) => a.t.line - b.t.line)
  }
  return chosen.map((r) => {
    const partner = r.partner
    return {
      line: r.t.line,
      row: r.row,
      date: r.t.date,
      amount: r.t.amount,
      payee: r.merchant,
      memo: r.t.memo,
      accountKey: r.account.parsed.key,
      status: r.status,
      matchId: r.matchId,
      matchLine: partner ? partner.t.line : null,
      suggestedCategoryId: r.status === 'new' ? r.categoryId : null,
      categorySource: r.status === 'new' ? r.categorySource : null,
    }
  })
}

/** The answer of a preview (with its rows) or of an import. */
export function summary(plan: Plan, batchId: string | null, preview: boolean): ImportResult {
  count(plan)
  const sum = (pick: (a: PlannedAccount) => number) => plan.accounts.reduce((n, a) => n + pick(a), 0)
  return {
    batchId,
    format: plan.parsed.format,
    accounts: plan.accounts.map((a) => ({
      key: a.parsed.key,
      name: a.account?.name ?? a.create?.name ?? a.parsed.name,
      accountId: a.account?.id ?? null,
      created: a.create !== null,
      numberLast4: a.parsed.numberLast4,
      currency: a.parsed.currency ?? a.account?.currency ?? a.create?.currency ?? null,
      added: a.added,
      duplicates: a.duplicates,
      transfers: a.transfers,
      activities: a.activities,
      statementBalance: BANK_FORMATS.includes(plan.parsed.format) ? (a.parsed.ledgerBalance?.amount ?? null) : null,
      statementDate: BANK_FORMATS.includes(plan.parsed.format) ? (a.parsed.ledgerBalance?.date ?? null) : null,
      openingBalance: a.openingBalance,
      balanceDifference: a.balanceDifference,
    })),
    added: sum((a) => a.added),
    duplicates: sum((a) => a.duplicates),
    transfers: sum((a) => a.transfers),
    skipped: plan.rows.filter((r) => r.status === 'skip').length,
    activities: sum((a) => a.activities),
    prices: plan.parsed.result.investments?.prices.length ?? 0,
    errors: plan.parsed.result.errors,
    warnings: plan.warnings,
    ...(preview ? { rows: previewRows(plan) } : {}),
    rowCount: plan.rows.length,
    ...(preview && plan.parsed.csv ? { csv: plan.parsed.csv } : {}),
    qifDateOrder: plan.parsed.qifDateOrder,
  }
}

