// Reads ISO 20022 cash-management statements: CAMT.053 statements (Stmt), CAMT.052 intraday
// reports (Rpt) and CAMT.054 debit/credit notifications (Ntfctn), versions .01 to .08 and later. One
// transaction per booked entry (Ntry), or one per transaction detail (TxDtls) when an entry
// batches several whose amounts add up to it (as OCA's reference import splits them); several
// statements of one account become one account.

import { negate, parseDecimalToCents, type Cents } from '../money'
import type { IsoDate } from '../dates'
import { lastFour } from '../accounts'
import {
  centsText,
  cleanText,
  dateFromParts,
  emptyTransaction,
  isCurrencyCode,
  issue,
  makeExternalIdsUnique,
  newAccount,
  quoted,
  roundedToCents,
  roundedWarning,
} from './common'
import { decodeStatement } from './decode'
import { child, children, findAll, findFirst, parseMarkup, text, type MarkupNode } from './markup'
import { StatementError, type ParseIssue, type ParseResult, type ParsedAccount, type ParsedBalance, type ParsedTransaction } from './types'

// the message element; version .01 names it with its version (BkToCstmrAcctRptV01)
const MESSAGE = /^BkToCstmr(?:Stmt|AcctRpt|DbtCdtNtfctn)(?:V\d{2})?$/
const REPORTS = new Set(['Stmt', 'Rpt', 'Ntfctn'])

/** The calendar date as written in <Dt> or <DtTm> (2014-12-31T13:15:00+01:00 → 2014-12-31). */
function camtDate(node: MarkupNode | null): IsoDate | null {
  const raw = text(node, 'Dt') ?? text(node, 'DtTm')
  const m = raw ? /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(raw) : null
  return m ? dateFromParts(Number(m[1]), Number(m[2]), Number(m[3])) : null
}

function signed(amount: Cents, indicator: string | null): Cents | null {
  if (indicator === 'DBIT') return negate(amount)
  if (indicator === 'CRDT') return amount
  return null
}

function maskedId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 4)}…${id.slice(-4)}` : id
}

/** The name of a party: <Nm> directly (up to .07) or inside <Pty> (.08). */
function partyName(parties: MarkupNode | null, role: string): string {
  const party = child(parties, role)
  return cleanText(text(party, 'Nm') ?? text(party, 'Pty', 'Nm'))
}

type Context = { errors: ParseIssue[]; warnings: ParseIssue[] }

type Details = { line: number; name: string; memo: string; amount: string | null; indicator: string; refs: MarkupNode | null }

function readDetails(tx: MarkupNode, debit: boolean): Details {
  const parties = child(tx, 'RltdPties')
  const counterparty = debit ? 'Cdtr' : 'Dbtr'
  const name =
    partyName(parties, counterparty) ||
    partyName(parties, debit ? 'UltmtCdtr' : 'UltmtDbtr') ||
    partyName(parties, debit ? 'Dbtr' : 'Cdtr')
  const remittance = child(tx, 'RmtInf')
  const unstructured = children(remittance, 'Ustrd')
    .map((u) => cleanText(u.value))
    .filter((u) => u !== '')
    .join(' ')
  const reference = remittance ? cleanText(text(findFirst(remittance, 'CdtrRefInf'), 'Ref')) : ''
  const memo = unstructured || (reference ? `Ref ${reference}` : '') || cleanText(text(tx, 'AddtlTxInf'))
  const amount = text(tx, 'Amt') ?? text(tx, 'AmtDtls', 'TxAmt', 'Amt')
  const indicator = cleanText(text(tx, 'CdtDbtInd')).toUpperCase()
  return { line: tx.line, name, memo, amount, indicator, refs: child(tx, 'Refs') }
}

/** A detail's own bank reference. */
function detailRef(refs: MarkupNode | null): string | null {
  return (
    usableRef(text(refs, 'AcctSvcrRef')) ??
    usableRef(text(refs, 'EndToEndId')) ??
    usableRef(text(refs, 'TxId')) ??
    usableRef(text(refs, 'InstrId'))
  )
}

/**
 * The signed amount of each detail when every one has an amount and together they make up the
 * entry (a detail without its own indicator goes the entry's way); otherwise null, and the
 * entry stays one row.
 */
function detailAmounts(details: readonly Details[], entryAmount: Cents): Cents[] | null {
  if (details.length < 2) return null
  const amounts: Cents[] = []
  for (const d of details) {
    const magnitude = d.amount ? parseDecimalToCents(d.amount, '.') : null
    if (magnitude === null || magnitude < 0) return null
    const own = signed(magnitude, d.indicator)
    amounts.push(own ?? (entryAmount < 0 ? negate(magnitude) : magnitude))
  }
  return amounts.reduce((sum, a) => sum + a, 0) === entryAmount ? amounts : null
}

function usableRef(value: string | null): string | null {
  const v = cleanText(value)
  return v === '' || v.toUpperCase() === 'NOTPROVIDED' ? null : v
}

function readEntry(ntry: MarkupNode, accountCurrency: string | null, ctx: Context): ParsedTransaction[] {
  const status = cleanText(text(ntry, 'Sts') ?? text(ntry, 'Sts', 'Cd')).toUpperCase()
  if (status === 'PDNG' || status === 'INFO' || status === 'FUTR') {
    ctx.warnings.push(issue(ntry.line, `the entry is not booked yet (status ${status}); it was skipped`))
    return []
  }
  const amtNode = child(ntry, 'Amt')
  const rawAmount = amtNode?.value ?? null
  if (!rawAmount) {
    ctx.errors.push(issue(ntry.line, 'the entry has no amount (Amt)'))
    return []
  }
  const read = roundedToCents(rawAmount, (t) => parseDecimalToCents(t, '.'))
  const magnitude = read?.amount ?? null
  if (magnitude === null || magnitude < 0) {
    ctx.errors.push(issue(ntry.line, `${quoted(rawAmount)} is not an amount`))
    return []
  }
  if (read?.rounded) ctx.warnings.push(roundedWarning(ntry.line, rawAmount, magnitude))
  const indicator = cleanText(text(ntry, 'CdtDbtInd')).toUpperCase()
  // CdtDbtInd already gives the direction of a reversal booking (ISO 20022: "if DBIT and
  // RvslInd true, the original operation was a credit"), so RvslInd does not flip the sign;
  // the PostFinance sample's balances only reconcile this way.
  const amount = signed(magnitude, indicator)
  if (amount === null) {
    ctx.errors.push(issue(ntry.line, `the entry's credit/debit indicator ${quoted(indicator)} is neither CRDT nor DBIT`))
    return []
  }
  const entryCurrency = amtNode?.attrs?.['Ccy'] ?? null
  if (accountCurrency && entryCurrency && entryCurrency !== accountCurrency) {
    ctx.warnings.push(issue(ntry.line, `the entry is in ${entryCurrency} but the account is in ${accountCurrency}`))
  }
  // the booking date, or the value date when the bank gives no booking date
  const dateNode = child(ntry, 'BookgDt') ?? child(ntry, 'ValDt')
  const date = camtDate(dateNode)
  if (!date) {
    const raw = text(dateNode, 'Dt') ?? text(dateNode, 'DtTm')
    ctx.errors.push(issue(ntry.line, raw ? `${quoted(raw)} is not a valid date` : 'the entry has no booking date (BookgDt)'))
    return []
  }

  const debit = amount < 0
  const details = findAll(ntry, new Set(['TxDtls'])).map((tx) => readDetails(tx, debit))
  const entryInfo = cleanText(text(ntry, 'AddtlNtryInf'))
  const reversal = cleanText(text(ntry, 'RvslInd')).toLowerCase() === 'true'
  const entryRef = usableRef(text(ntry, 'AcctSvcrRef')) ?? usableRef(text(ntry, 'NtryRef'))
  const parts = detailAmounts(details, amount)
  if (parts) {
    // each detail is its own row, with its own counterparty, line and reference
    return details.map((d, i) => {
      const part = emptyTransaction(d.line, date, parts[i] ?? amount)
      part.payee = d.name
      const memo = d.memo || entryInfo
      part.memo = reversal ? `Reversal${memo ? `: ${memo}` : ''}` : memo
      part.externalId = detailRef(d.refs) ?? (entryRef ? `${entryRef}/${String(i + 1)}` : null)
      return part
    })
  }
  const t = emptyTransaction(ntry.line, date, amount)
  let memo: string
  const only = details.length === 1 ? details[0] : undefined
  if (only) {
    t.payee = only.name
    memo = only.memo || entryInfo
  } else if (details.length > 1) {
    const names = new Set(details.map((d) => d.name).filter((n) => n !== ''))
    t.payee = names.size === 1 ? [...names][0] ?? '' : ''
    const listed = details.slice(0, 10).map((d) => {
      const cents = d.amount ? parseDecimalToCents(d.amount, '.') : null
      const label = d.name || d.memo || 'payment'
      return cents === null ? label : `${label} ${centsText(cents)}`
    })
    const more = details.length > 10 ? `, and ${String(details.length - 10)} more` : ''
    memo = `${entryInfo ? `${entryInfo}. ` : ''}Batch of ${String(details.length)}: ${listed.join(', ')}${more}`
  } else {
    memo = entryInfo
  }
  t.memo = reversal ? `Reversal${memo ? `: ${memo}` : ''}` : memo
  t.externalId =
    entryRef ??
    usableRef(text(only?.refs, 'AcctSvcrRef')) ??
    usableRef(text(only?.refs, 'EndToEndId')) ??
    usableRef(text(only?.refs, 'TxId'))
  return [t]
}

type BalanceRead = { code: string; balance: ParsedBalance; currency: string | null; line: number }

function readBalance(bal: MarkupNode, ctx: Context): BalanceRead | null {
  const code = cleanText(text(bal, 'Tp', 'CdOrPrtry', 'Cd') ?? text(bal, 'Tp', 'CdOrPrtry', 'Prtry')).toUpperCase()
  const amtNode = child(bal, 'Amt')
  const magnitude = amtNode?.value ? parseDecimalToCents(amtNode.value, '.') : null
  const amount = magnitude === null ? null : signed(magnitude, cleanText(text(bal, 'CdtDbtInd')).toUpperCase())
  const date = camtDate(child(bal, 'Dt'))
  if (amount === null || !date) {
    ctx.warnings.push(issue(bal.line, `the ${code || 'unnamed'} balance could not be read; it was left out`))
    return null
  }
  return { code, balance: { amount, date }, currency: amtNode?.attrs?.['Ccy'] ?? null, line: bal.line }
}

function pickBalance(balances: BalanceRead[], codes: string[], currency: string | null, ctx: Context): ParsedBalance | null {
  for (const code of codes) {
    const candidates = balances.filter((b) => b.code === code)
    let best: BalanceRead | null = null
    for (const b of candidates) {
      if (currency && b.currency && b.currency !== currency) {
        ctx.warnings.push(issue(b.line, `the ${code} balance is in ${b.currency} but the account is in ${currency}; it was left out`))
        continue
      }
      if (!best || b.balance.date >= best.balance.date) best = b
    }
    if (best) return best.balance
  }
  return null
}

/** The BkToCstmr… element, as the child of the Document or (unwrapped) at the top. */
function findMessage(root: MarkupNode): MarkupNode | null {
  const todo = [...(root.children ?? [])]
  for (let depth = 0; depth < 3; depth++) {
    const next: MarkupNode[] = []
    for (const node of todo) {
      if (MESSAGE.test(node.name)) return node
      next.push(...(node.children ?? []))
    }
    todo.splice(0, todo.length, ...next)
  }
  return null
}

/** Parses CAMT.052/053/054 bytes. Throws StatementError for XML that is not a CAMT message. */
export function parseCamt(bytes: Uint8Array): ParseResult {
  const { text: source } = decodeStatement(bytes)
  const tree = parseMarkup(source)
  const message = findMessage(tree.root)
  if (!message) {
    throw new StatementError('This XML file is not an ISO 20022 bank statement (CAMT.052, CAMT.053 or CAMT.054).')
  }
  const ctx: Context = { errors: [], warnings: [] }
  const accounts = new Map<string, { account: ParsedAccount; balances: BalanceRead[] }>()
  let index = 0
  for (const report of findAll(message, REPORTS)) {
    index++
    const acct = child(report, 'Acct')
    const id = cleanText(text(acct, 'Id', 'IBAN') ?? text(acct, 'Id', 'Othr', 'Id') ?? text(acct, 'Id', 'PrtryAcct', 'Id'))
    const entries = children(report, 'Ntry')
    const declared = cleanText(text(acct, 'Ccy')).toUpperCase()
    const firstEntryCurrency = child(entries[0], 'Amt')?.attrs?.['Ccy'] ?? null
    const currency = isCurrencyCode(declared) ? declared : isCurrencyCode(firstEntryCurrency) ? firstEntryCurrency : null
    const key = id || `camt-${String(index)}`
    let state = accounts.get(key)
    if (!state) {
      const name = id ? `CAMT ${maskedId(id)}` : 'CAMT account'
      state = { account: newAccount(key, name, 'checking', lastFour(id), currency), balances: [] }
      accounts.set(key, state)
    }
    state.account.currency ??= currency
    for (const bal of children(report, 'Bal')) {
      const b = readBalance(bal, ctx)
      if (b) state.balances.push(b)
    }
    for (const ntry of entries) {
      state.account.transactions.push(...readEntry(ntry, state.account.currency, ctx))
    }
  }
  for (const { account, balances } of accounts.values()) {
    account.ledgerBalance = pickBalance(balances, ['CLBD', 'ITBD'], account.currency, ctx)
    account.availableBalance = pickBalance(balances, ['CLAV', 'ITAV'], account.currency, ctx)
    makeExternalIdsUnique(account, ctx.warnings)
  }
  if (accounts.size === 0) ctx.warnings.push(issue(message.line, 'the file has no statement, report or notification in it'))
  return { format: 'camt', accounts: [...accounts.values()].map((s) => s.account), errors: ctx.errors, warnings: ctx.warnings }
}
