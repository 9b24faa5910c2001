// Which stored account each of an import file's accounts goes to: the one the member chose, one
// found by its bank identity or (QIF) its name, or one to create. Only accounts whose
// transactions the member sees are candidates (ADR 0023).
import { lastFour } from '#src/domain/accounts'
import type { ParseIssue, ParsedAccount, StatementFormat } from '#src/domain/import/types'
import type { Cents } from '#src/domain/money'
import { badRequest, notFound } from '#src/server/http/errors'
import type { SessionUser } from '#src/server/core/sessions'
import type { TransactionSource } from '#src/server/core/ledger'
import { hasInvestments } from './investments'
import { BANK_FORMATS } from './parse-file'
import type { AccountRow } from './repo'

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
export function resolveAccounts(
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
