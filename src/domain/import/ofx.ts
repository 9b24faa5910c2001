// Reads OFX and QFX statements: OFX 1.x SGML with unclosed leaf tags, OFX 2.x XML and the
// broken mixtures banks send. Bank (STMTRS), credit-card (CCSTMTRS) and investment
// (INVSTMTRS) statements, several per file; investment files yield their cash movements.

import { lastFour } from '../accounts'
import type { IsoDate } from '../dates'
import {
  accountName,
  cleanText,
  emptyTransaction,
  isCurrencyCode,
  issue,
  makeExternalIdsUnique,
  newAccount,
  parseAmountGuessingSeparator,
  parseOfxDate,
  quoted,
  roundedToCents,
  roundedWarning,
} from './common'

export { parseOfxDate } from './common'
import { decodeStatement } from './decode'
import { makeActivityIdsUnique, uniquePrices, type ParsedPrice } from './invest'
import { readOfxInvestments, readOfxSecurities, secListPrices, type OfxSecurities } from './invest-ofx'
import { child, children, findAll, findFirst, markupParser, parseMarkup, text, type MarkupNode, type MarkupTree } from './markup'
import {
  StatementError,
  type AccountType,
  type ParseIssue,
  type ParseResult,
  type ParsedAccount,
  type ParsedBalance,
  type ParsedTransaction,
} from './types'

const LEAVES = new Set(
  `CODE SEVERITY MESSAGE DTSERVER USERKEY TSKEYEXPIRE LANGUAGE DTPROFUP DTACCTUP ORG FID SESSCOOKIE ACCESSKEY
  TRNUID CLTCOOKIE CURDEF BANKID BRANCHID ACCTID ACCTTYPE ACCTKEY BROKERID DTSTART DTEND TRNTYPE DTPOSTED DTUSER
  DTAVAIL TRNAMT FITID CORRECTFITID CORRECTACTION SRVRTID CHECKNUM REFNUM SIC PAYEEID NAME EXTDNAME MEMO
  INV401KSOURCE CURRATE CURSYM BALAMT DTASOF ADDR1 ADDR2 ADDR3 CITY STATE POSTALCODE COUNTRY PHONE MKTGINFO
  UNIQUEID UNIQUEIDTYPE UNITS UNITPRICE MARKUP MARKDOWN COMMISSION TAXES FEES LOAD TOTAL SUBACCTSEC SUBACCTFUND
  SUBACCTFROM SUBACCTTO BUYTYPE SELLTYPE INCOMETYPE DTTRADE DTSETTLE SECNAME TICKER FIID RATING MFTYPE HELDINACCT
  POSTYPE MKTVAL DTPRICEASOF REINVDIV REINVCG AVAILCASH MARGINBALANCE SHORTBALANCE BUYPOWER VALUE BALTYPE DESC
  TFERACTION OLDUNITS NEWUNITS NUMERATOR DENOMINATOR ACCRDINT GAIN LOANID LOANPRINCIPAL LOANINTEREST AVGCOSTBASIS DTPURCHASE
  INTU.BID INTU.USERID DTCLOSE MINPMTDUE DTPMTDUE`.split(/\s+/),
)

const STATEMENTS = new Set(['STMTRS', 'CCSTMTRS', 'INVSTMTRS'])
const RESPONSES = new Set(['STMTTRNRS', 'CCSTMTTRNRS', 'INVSTMTTRNRS'])

// cash-affecting investment transactions, whose TOTAL is the money in or out of the account
const CASH_INVESTMENT = new Set([
  'BUYDEBT',
  'BUYMF',
  'BUYOPT',
  'BUYOTHER',
  'BUYSTOCK',
  'SELLDEBT',
  'SELLMF',
  'SELLOPT',
  'SELLOTHER',
  'SELLSTOCK',
  'INCOME',
  'INVEXPENSE',
  'MARGININTEREST',
  'RETOFCAP',
])
const OTHER_INVESTMENT = new Set(['REINVEST', 'TRANSFER', 'SPLIT', 'CLOSUREOPT', 'JRNLFUND', 'JRNLSEC'])

const AGGREGATES = new Set([
  ...`OFX SIGNONMSGSRSV1 SONRS STATUS FI BANKMSGSRSV1 STMTTRNRS STMTRS BANKACCTFROM BANKACCTTO CCACCTFROM CCACCTTO
  BANKTRANLIST STMTTRN PAYEE LEDGERBAL AVAILBAL BALLIST BAL CREDITCARDMSGSRSV1 CCSTMTTRNRS CCSTMTRS
  INVSTMTMSGSRSV1 INVSTMTTRNRS INVSTMTRS INVACCTFROM INVACCTTO INVTRANLIST INVPOSLIST INVBAL INVBANKTRAN INVBUY
  INVSELL INVTRAN SECID SECLISTMSGSRSV1 SECLIST SECINFO MFINFO STOCKINFO DEBTINFO OPTINFO OTHERINFO CURRENCY
  ORIGCURRENCY POSMF POSSTOCK POSDEBT POSOPT POSOTHER INVPOS INV401K INV401KBAL`.split(/\s+/),
  ...CASH_INVESTMENT,
  ...OTHER_INVESTMENT,
])

// aggregates that never hold one of their own kind: an open one is closed by the next
const UNNESTED = new Set(['OFX', ...RESPONSES, ...STATEMENTS])

// aggregates inside a STMTTRN whose leaves are not the transaction's own (the other account)
const FOREIGN_IN_TRANSACTION = new Set(['BANKACCTTO', 'CCACCTTO', 'CURRENCY', 'ORIGCURRENCY'])

const BANK_TYPES: Record<string, { label: string; type: AccountType }> = {
  CHECKING: { label: 'Checking', type: 'checking' },
  SAVINGS: { label: 'Savings', type: 'savings' },
  MONEYMRKT: { label: 'Money market', type: 'savings' },
  CD: { label: 'Certificate of deposit', type: 'savings' },
  CREDITLINE: { label: 'Credit line', type: 'loan' },
}

/** A leaf of the transaction: its own child first, else one left inside an unclosed tag. */
function field(node: MarkupNode, name: string): string | null {
  const own = child(node, name)
  if (own) return own.value
  const nested = node.children?.some((c) => c.children !== null && !FOREIGN_IN_TRANSACTION.has(c.name)) ?? false
  return nested ? (findFirst(node, name, FOREIGN_IN_TRANSACTION)?.value ?? null) : null
}

type Context = {
  errors: ParseIssue[]
  warnings: ParseIssue[]
  securities: OfxSecurities
  prices: ParsedPrice[]
  /** bank and card transactions, read as soon as each STMTTRN closes, by statement */
  streamed: Map<MarkupNode, ParsedTransaction[]>
}

function balance(node: MarkupNode | null, fallbackDate: IsoDate | null, ctx: Context, label: string): ParsedBalance | null {
  if (!node) return null
  const raw = text(node, 'BALAMT')
  if (raw === null || raw === '') return null
  const amount = roundedToCents(raw, parseAmountGuessingSeparator)?.amount ?? null
  if (amount === null) {
    ctx.warnings.push(issue(node.line, `the ${label} balance ${quoted(raw)} is not an amount; it was left out`))
    return null
  }
  const date = parseOfxDate(text(node, 'DTASOF')) ?? fallbackDate
  if (!date) {
    ctx.warnings.push(issue(node.line, `the ${label} balance has no date; it was left out`))
    return null
  }
  return { amount, date }
}

function parseBankTransaction(trn: MarkupNode, ctx: Context): ParsedTransaction | null {
  const correction = (field(trn, 'CORRECTACTION') ?? '').toUpperCase()
  if (correction === 'DELETE') {
    ctx.warnings.push(issue(trn.line, 'the bank deleted an earlier transaction (CORRECTACTION DELETE); nothing was imported for it'))
    return null
  }
  const rawDate = field(trn, 'DTPOSTED') || field(trn, 'DTUSER')
  const rawAmount = field(trn, 'TRNAMT')
  if (!rawDate) {
    ctx.errors.push(issue(trn.line, 'the transaction has no date (DTPOSTED)'))
    return null
  }
  const date = parseOfxDate(rawDate)
  if (!date) {
    ctx.errors.push(issue(trn.line, `${quoted(rawDate)} is not a valid date`))
    return null
  }
  if (!rawAmount) {
    ctx.errors.push(issue(trn.line, 'the transaction has no amount (TRNAMT)'))
    return null
  }
  const read = roundedToCents(rawAmount, parseAmountGuessingSeparator)
  if (read === null) {
    ctx.errors.push(issue(trn.line, `${quoted(rawAmount)} is not an amount`))
    return null
  }
  const amount = read.amount
  if (read.rounded) ctx.warnings.push(roundedWarning(trn.line, rawAmount, amount))
  const t = emptyTransaction(trn.line, date, amount)
  const name = cleanText(field(trn, 'NAME') ?? text(trn, 'PAYEE', 'NAME') ?? field(trn, 'EXTDNAME'))
  const memo = cleanText(field(trn, 'MEMO'))
  // many banks (Capital One, Nubank, ANZ) put the description in MEMO and send no NAME
  t.payee = name !== '' ? name : memo
  t.memo = memo
  const fitid = cleanText(field(trn, 'FITID'))
  t.externalId = fitid === '' ? null : fitid
  const check = cleanText(field(trn, 'CHECKNUM'))
  t.checkNumber = check === '' || /^0+$/.test(check) ? null : check
  return t
}

function statementAccount(stmt: MarkupNode, index: number, ctx: Context): ParsedAccount {
  const currencyRaw = cleanText(text(stmt, 'CURDEF')).toUpperCase()
  const currency = isCurrencyCode(currencyRaw) ? currencyRaw : null
  if (!currency) {
    ctx.warnings.push(
      issue(stmt.line, currencyRaw === '' ? 'the statement does not say its currency (CURDEF is empty)' : `${quoted(currencyRaw)} is not a currency code`),
    )
  }
  if (stmt.name === 'CCSTMTRS') {
    const acctId = cleanText(text(child(stmt, 'CCACCTFROM') ?? findFirst(stmt, 'CCACCTFROM'), 'ACCTID'))
    const last4 = lastFour(acctId)
    return newAccount(acctId || `credit-card-${String(index)}`, accountName('Credit card', last4), 'credit_card', last4, currency)
  }
  if (stmt.name === 'INVSTMTRS') {
    const from = child(stmt, 'INVACCTFROM') ?? findFirst(stmt, 'INVACCTFROM')
    const acctId = cleanText(text(from, 'ACCTID'))
    const broker = cleanText(text(from, 'BROKERID'))
    const last4 = lastFour(acctId)
    const key = acctId === '' ? `investment-${String(index)}` : broker === '' ? acctId : `${broker}:${acctId}`
    return newAccount(key, accountName('Investment', last4), 'investment', last4, currency)
  }
  const from = child(stmt, 'BANKACCTFROM') ?? findFirst(stmt, 'BANKACCTFROM', new Set(['BANKTRANLIST', 'STMTTRN']))
  const acctId = cleanText(text(from, 'ACCTID'))
  const bankId = cleanText(text(from, 'BANKID'))
  const kind = BANK_TYPES[cleanText(text(from, 'ACCTTYPE')).toUpperCase()] ?? { label: 'Bank account', type: 'checking' as const }
  const last4 = lastFour(acctId)
  const key = acctId === '' ? `bank-${String(index)}` : bankId === '' ? acctId : `${bankId}:${acctId}`
  return newAccount(key, accountName(kind.label, last4), kind.type, last4, currency)
}

function readStatement(stmt: MarkupNode, index: number, ctx: Context): ParsedAccount {
  const account = statementAccount(stmt, index, ctx)
  const statementEnd = parseOfxDate(text(stmt, 'BANKTRANLIST', 'DTEND') ?? text(stmt, 'INVTRANLIST', 'DTEND'))

  if (stmt.name === 'INVSTMTRS') {
    const asOf = parseOfxDate(text(stmt, 'DTASOF')) ?? statementEnd
    const list = child(stmt, 'INVTRANLIST') ?? findFirst(stmt, 'INVTRANLIST')
    // cash entries are ordinary transactions of the account; the rest are activities
    for (const node of list?.children ?? []) {
      if (node.name !== 'INVBANKTRAN') continue
      const trn = child(node, 'STMTTRN')
      const t = trn ? parseBankTransaction(trn, ctx) : null
      if (t) account.transactions.push(t)
    }
    const read = readOfxInvestments(stmt, ctx.securities, account.currency, ctx.errors, ctx.warnings)
    account.activities = read.activities
    account.positions = read.positions
    ctx.prices = ctx.prices.concat(read.prices)
    const cashRaw = text(stmt, 'INVBAL', 'AVAILCASH')
    const cash = cashRaw ? parseAmountGuessingSeparator(cashRaw) : null
    if (cash !== null && asOf) account.availableBalance = { amount: cash, date: asOf }
    return account
  }

  // (never push(...list): spreading 500k arguments overflows the stack)
  account.transactions = account.transactions.concat(ctx.streamed.get(stmt) ?? [])
  // a missing </BANKTRANLIST> (Nubank) leaves the balances inside the transaction list
  const inside = new Set(['STMTTRN'])
  account.ledgerBalance = balance(child(stmt, 'LEDGERBAL') ?? findFirst(stmt, 'LEDGERBAL', inside), statementEnd, ctx, 'ledger')
  account.availableBalance = balance(child(stmt, 'AVAILBAL') ?? findFirst(stmt, 'AVAILBAL', inside), statementEnd, ctx, 'available')
  return account
}

function statusProblem(node: MarkupNode | null): { code: string; message: string } | null {
  const status = child(node, 'STATUS')
  const code = cleanText(text(status, 'CODE'))
  if (code === '' || code === '0') return null
  return { code, message: cleanText(text(status, 'MESSAGE')) }
}

function latest(a: ParsedBalance | null, b: ParsedBalance | null): ParsedBalance | null {
  if (!a) return b
  if (!b) return a
  return b.date >= a.date ? b : a
}

/** Where the markup starts; refuses a file with no <OFX> element or with a DTD before it. */
function ofxStart(source: string): number {
  const start = source.search(/<OFX[\s>]/i)
  if (start === -1) throw new StatementError('This file has no <OFX> element, so it is not an OFX or QFX statement.')
  if (/<!\s*(?:DOCTYPE|ENTITY)/i.test(source.slice(0, start))) {
    throw new StatementError('The file declares a DTD or entities (<!DOCTYPE / <!ENTITY>), which statements never do; it was refused.')
  }
  return start
}

function newContext(): Context {
  return { errors: [], warnings: [], securities: { byId: new Map(), list: [] }, prices: [], streamed: new Map() }
}

/** The bank or credit-card statement a closing STMTTRN belongs to (null: an investment one, or none). */
function bankStatementOf(ancestors: readonly MarkupNode[]): MarkupNode | null {
  let stmt: MarkupNode | undefined
  for (let i = ancestors.length - 1; i >= 0 && !stmt; i--) {
    const a = ancestors[i]
    if (a && STATEMENTS.has(a.name)) stmt = a
  }
  // investment statements keep their (rare) bank transactions in order with the trades
  return !stmt || stmt.name === 'INVSTMTRS' ? null : stmt
}

/** Parses OFX/QFX bytes. Throws StatementError when there is no <OFX> element at all. */
export function parseOfx(bytes: Uint8Array, format: 'ofx' | 'qfx' = 'ofx'): ParseResult {
  const { text: source } = decodeStatement(bytes)
  const start = ofxStart(source)
  const ctx = newContext()
  const onClose = (node: MarkupNode, ancestors: readonly MarkupNode[]): boolean => {
    if (node.name !== 'STMTTRN') return false
    const stmt = bankStatementOf(ancestors)
    if (!stmt) return false
    const t = parseBankTransaction(node, ctx)
    let list = ctx.streamed.get(stmt)
    if (!list) {
      list = []
      ctx.streamed.set(stmt, list)
    }
    if (t) list.push(t)
    return true
  }
  const tree = parseMarkup(source, { upperCase: true, leaves: LEAVES, aggregates: AGGREGATES, unnested: UNNESTED, start, onClose })
  return ofxResult(tree, ctx, format, new Map())
}

/**
 * OFX read as a stream of text pieces: each bank or credit-card transaction comes out as soon as
 * its STMTTRN closes, with the account of its statement (read from the statement's opening,
 * which comes before its transactions); `end()` reads the rest (balances, problems) exactly as
 * parseOfx does. Investment statements are not streamed: `end()` returns them whole.
 */
export function ofxStream(format: 'ofx' | 'qfx' = 'ofx'): {
  push(text: string): { account: ParsedAccount; t: ParsedTransaction }[]
  end(): { result: ParseResult; rows: { account: ParsedAccount; t: ParsedTransaction }[] }
  errors: ParseIssue[]
  warnings: ParseIssue[]
} {
  const ctx = newContext()
  let head = ''
  let parser: ReturnType<typeof markupParser> | null = null
  const accountOf = new Map<MarkupNode, ParsedAccount>()
  const emittedKeys = new Map<MarkupNode, string>()
  let out: { account: ParsedAccount; t: ParsedTransaction }[] = []
  const onClose = (node: MarkupNode, ancestors: readonly MarkupNode[]): boolean => {
    if (node.name !== 'STMTTRN') return false
    const stmt = bankStatementOf(ancestors)
    if (!stmt) return false
    let account = accountOf.get(stmt)
    if (!account) {
      // the account as its statement names it so far; end() checks the whole statement agrees
      account = statementAccount(stmt, accountOf.size + 1, newContext())
      accountOf.set(stmt, account)
      emittedKeys.set(stmt, account.key)
    }
    const t = parseBankTransaction(node, ctx)
    if (t) out.push({ account, t })
    return true
  }
  const start = (final: boolean): void => {
    if (parser) return
    // the header before <OFX> is short: wait for it whole
    const at = head.search(/<OFX[\s>]/i)
    if (at === -1 && !final && head.length < 1_000_000) return
    const from = ofxStart(head)
    let firstLine = 1
    for (let i = head.indexOf('\n'); i !== -1 && i < from; i = head.indexOf('\n', i + 1)) firstLine++
    parser = markupParser({ upperCase: true, leaves: LEAVES, aggregates: AGGREGATES, unnested: UNNESTED, onClose, firstLine })
    parser.feed(head.slice(from))
    head = ''
  }
  return {
    errors: ctx.errors,
    warnings: ctx.warnings,
    push(piece) {
      if (parser) parser.feed(piece)
      else {
        head += piece
        start(false)
      }
      const rows = out
      out = []
      return rows
    },
    end() {
      start(true)
      const tree = (parser ?? markupParser()).end()
      const keys = new Map<MarkupNode, string>()
      const result = ofxResult(tree, ctx, format, keys)
      for (const [stmt, key] of emittedKeys) {
        if (keys.get(stmt) !== key) {
          throw new StatementError('This statement names its account after its transactions; Kinwise reads such a large file only with the account first.')
        }
      }
      return { result, rows: out }
    },
  }
}

/**
 * The <OFX> element, or, when the file holds several OFX documents one after the other (one per
 * account, as some banks export them), one element with the contents of all of them.
 */
function wholeOfx(root: MarkupNode): MarkupNode {
  const documents = children(root, 'OFX')
  const first = documents[0]
  if (!first) return root
  if (documents.length === 1) return first
  return { ...first, children: documents.flatMap((d) => d.children ?? []) }
}

/** Everything after the markup is read: securities, sign-on, statements, balances, problems. */
function ofxResult(tree: MarkupTree, ctx: Context, format: 'ofx' | 'qfx', keys: Map<MarkupNode, string>): ParseResult {
  const ofx = wholeOfx(tree.root)
  const curdef = cleanText(text(findFirst(ofx, 'INVSTMTRS'), 'CURDEF')).toUpperCase()
  ctx.securities = readOfxSecurities(ofx, isCurrencyCode(curdef) ? curdef : null, ctx.warnings)

  const signOn = findFirst(ofx, 'SONRS')
  const signOnProblem = statusProblem(signOn)
  if (signOn && signOnProblem) {
    ctx.errors.push(issue(signOn.line, `the bank refused the sign-on (code ${signOnProblem.code}${signOnProblem.message ? `: ${signOnProblem.message}` : ''})`))
  }

  const accounts = new Map<string, ParsedAccount>()
  let index = 0
  for (const node of findAll(ofx, new Set([...RESPONSES, ...STATEMENTS]))) {
    let stmt: MarkupNode | null = node
    if (RESPONSES.has(node.name)) {
      const problem = statusProblem(node)
      stmt = findFirst(node, node.name.replace('TRNRS', 'RS'))
      if (problem && problem.code !== '0') {
        const message = `the bank reported a problem with this statement (code ${problem.code}${problem.message ? `: ${problem.message}` : ''})`
        if (stmt) ctx.warnings.push(issue(node.line, message))
        else ctx.errors.push(issue(node.line, message))
      }
    }
    if (!stmt) continue
    index++
    const account = readStatement(stmt, index, ctx)
    keys.set(stmt, account.key)
    const existing = accounts.get(account.key)
    if (existing) {
      existing.transactions = existing.transactions.concat(account.transactions)
      if (account.activities) existing.activities = (existing.activities ?? []).concat(account.activities)
      if (account.positions) existing.positions = (existing.positions ?? []).concat(account.positions)
      existing.ledgerBalance = latest(existing.ledgerBalance, account.ledgerBalance)
      existing.availableBalance = latest(existing.availableBalance, account.availableBalance)
      existing.currency ??= account.currency
    } else {
      accounts.set(account.key, account)
    }
  }

  if (accounts.size === 0 && ctx.errors.length === 0) {
    ctx.warnings.push(issue(ofx.line, 'the file has no bank, credit-card or investment statement in it'))
  }
  if (!tree.closed) {
    ctx.warnings.push(issue(ofx.line, 'the file ends before </OFX>; it may be cut short, so check the last transactions'))
  }
  for (const account of accounts.values()) {
    makeExternalIdsUnique(account, ctx.warnings)
    if (account.activities) makeActivityIdsUnique(account.activities, ctx.warnings)
  }
  const result: ParseResult = { format, accounts: [...accounts.values()], errors: ctx.errors, warnings: ctx.warnings }
  if (ctx.securities.list.length > 0 || [...accounts.values()].some((a) => a.activities !== undefined)) {
    result.investments = { securities: ctx.securities.list, prices: uniquePrices(ctx.prices.concat(secListPrices(ofx, ctx.securities))) }
  }
  return result
}
