// Reads QIF (Quicken Interchange Format) files: Bank, Cash, CCard, Oth A and Oth L sections,
// multi-account files with !Account blocks, splits and transfers; investment sections (Invst),
// securities and prices through invest-qif.ts. Other lists (categories, classes, memorized
// payees) are skipped.

import { ZERO, parseDecimalToCents, type Cents } from '../money'
import type { IsoDate } from '../dates'
import {
  centsText,
  cleanText,
  dateFromParts,
  emptyTransaction,
  issue,
  newAccount,
  parseAmountGuessingSeparator,
  quoted,
  roundedToCents,
  roundedWarning,
} from './common'
import { decodeStatement } from './decode'
import { contentId, makeActivityIdsUnique, normalizeSymbol, uniquePrices, type ParsedPrice, type ParsedSecurity } from './invest'
import { buildInvestmentEntry, buildSecurity, splitPriceLine, type QifSecurity } from './invest-qif'
import type { AccountType, ParseIssue, ParseResult, ParsedAccount, ParsedSplit, ParsedTransaction, QifDateOrder } from './types'

type SectionKind = 'transactions' | 'investment' | 'account' | 'security' | 'prices' | 'list' | 'unknown'

const TRANSACTION_TYPES: Record<string, { type: AccountType; label: string }> = {
  bank: { type: 'checking', label: 'Bank account' },
  cash: { type: 'cash', label: 'Cash' },
  ccard: { type: 'credit_card', label: 'Credit card' },
  'oth a': { type: 'other', label: 'Other asset' },
  'oth l': { type: 'loan', label: 'Other liability' },
}
const INVESTMENT_TYPES = new Set(['invst', 'port', '401(k)/403(b)', '401(k)', 'mutual', '403(b)'])
const LIST_TYPES = new Set(['cat', 'class', 'memorized', 'security', 'prices', 'invitem', 'template', 'budget', 'bill'])

function accountTypeFromQif(raw: string): AccountType {
  const t = raw.trim().toLowerCase()
  const known = TRANSACTION_TYPES[t]
  if (known) return known.type
  if (INVESTMENT_TYPES.has(t)) return 'investment'
  if (t === 'crcard' || t === 'credit card') return 'credit_card'
  return 'other'
}

type QifDate = { first: number; second: number; year: string; apostrophe: boolean; yearFirst: boolean }

const DATE_PATTERN = /^(\d{1,4})[/.-](\d{1,2})(?:([/.-])|('))(\d{1,4})$/

function splitQifDate(raw: string): QifDate | null {
  const s = raw.replace(/\s+/g, '')
  const m = DATE_PATTERN.exec(s)
  if (!m) return null
  const [, a = '', b = '', , apostrophe, c = ''] = m
  if (a.length === 4) {
    if (apostrophe) return null
    return { first: Number(b), second: Number(c), year: a, apostrophe: false, yearFirst: true }
  }
  if (a.length > 2 || c.length === 3) return null
  return { first: Number(a), second: Number(b), year: c, apostrophe: apostrophe !== undefined, yearFirst: false }
}

function fullYear(year: string, apostrophe: boolean): number {
  const y = Number(year)
  if (year.length === 4) return y
  // Quicken writes years from 2000 on with an apostrophe: 1/ 1'01 is 2001
  if (apostrophe) return 2000 + y
  return y < 70 ? 2000 + y : 1900 + y
}

/** A QIF date ("1/ 2'98", "6/ 1/94", "01/02/1998", "02.01.98", "2024-01-02") as an ISO date. */
export function parseQifDate(raw: string, order: QifDateOrder): IsoDate | null {
  const d = splitQifDate(raw)
  if (!d) return null
  if (d.yearFirst) return dateFromParts(Number(d.year), d.first, d.second)
  const year = fullYear(d.year, d.apostrophe)
  return order === 'mdy' ? dateFromParts(year, d.first, d.second) : dateFromParts(year, d.second, d.first)
}

function linesOf(bytes: Uint8Array): string[] {
  return decodeStatement(bytes).text.split('\n')
}

function headerKind(line: string): { kind: SectionKind; type: string } | null {
  if (!line.startsWith('!')) return null
  const m = /^!\s*type\s*:\s*(.*)$/i.exec(line)
  if (m) {
    const type = (m[1] ?? '').trim().toLowerCase()
    if (TRANSACTION_TYPES[type]) return { kind: 'transactions', type }
    if (INVESTMENT_TYPES.has(type)) return { kind: 'investment', type }
    if (type === 'security') return { kind: 'security', type }
    if (type === 'prices') return { kind: 'prices', type }
    if (LIST_TYPES.has(type) || type.startsWith('cat') || type.startsWith('class')) return { kind: 'list', type }
    return { kind: 'unknown', type }
  }
  if (/^!\s*account\b/i.test(line)) return { kind: 'account', type: '' }
  return { kind: 'list', type: line.slice(1).toLowerCase() }
}

/**
 * Guesses whether the dates of a QIF file are month-first or day-first: a first part over 12
 * means day-first, a second part over 12 means month-first; month-first when nothing tells.
 */
export function guessQifDateOrder(bytes: Uint8Array): QifDateOrder {
  let dmy = 0
  let mdy = 0
  let inTransactions = true
  for (const rawLine of linesOf(bytes)) {
    const line = rawLine.trim()
    const header = headerKind(line)
    if (header) {
      inTransactions = header.kind === 'transactions' || header.kind === 'investment'
      continue
    }
    if (!inTransactions || line[0] !== 'D') continue
    const d = splitQifDate(line.slice(1))
    if (!d || d.yearFirst) continue
    if (d.first > 12 && d.second <= 12) dmy++
    else if (d.second > 12 && d.first <= 12) mdy++
  }
  return dmy > mdy ? 'dmy' : 'mdy'
}

type Draft = {
  line: number
  fields: { code: string; value: string; line: number }[]
}

type AccountState = { account: ParsedAccount; hasSection: boolean }

export function parseQif(bytes: Uint8Array, dateOrder?: QifDateOrder): ParseResult {
  const order = dateOrder ?? guessQifDateOrder(bytes)
  const lines = linesOf(bytes)
  const errors: ParseIssue[] = []
  const warnings: ParseIssue[] = []
  const reader: AmountReader = { decimal: guessQifDecimal(lines), warnings }
  if (reader.decimal === ',') warnings.push(issue(1, 'the amounts are written with a decimal comma (1.234,56); they were read that way'))
  const accounts = new Map<string, AccountState>()

  let kind: SectionKind | null = null
  let sectionType = ''
  let current: AccountState | null = null
  let autoSwitch = false
  let draft: Draft | null = null
  let accountFields: Record<string, string> = {}

  const defaultAccount = (type: string): AccountState => {
    const known = TRANSACTION_TYPES[type]
    const key = `qif:${type}`
    let state = accounts.get(key)
    if (!state) {
      state = { account: newAccount(key, known?.label ?? 'Imported account', known?.type ?? 'other'), hasSection: false }
      accounts.set(key, state)
    }
    return state
  }

  const securityRecords: QifSecurity[] = []
  const prices: { symbol: string; price: ParsedPrice['price']; date: IsoDate }[] = []

  const investmentAccount = (): AccountState => {
    if (current) return current
    const key = 'qif:invst'
    let state = accounts.get(key)
    if (!state) {
      state = { account: newAccount(key, 'Investments', 'investment'), hasSection: true }
      accounts.set(key, state)
    }
    return state
  }

  const finishDraft = (): void => {
    const d = draft
    draft = null
    if (!d || d.fields.length === 0) return
    if (kind === 'security') {
      const security = buildSecurity(d.fields)
      if (security) securityRecords.push(security)
      return
    }
    if (kind === 'investment') {
      const target = investmentAccount()
      const rawDate = d.fields.find((f) => f.code === 'D')
      if (!rawDate) {
        errors.push(issue(d.line, 'the transaction has no date (D line)'))
        return
      }
      const date = parseQifDate(rawDate.value, order)
      if (!date) {
        errors.push(issue(rawDate.line, `${quoted(rawDate.value.trim())} is not a valid date`))
        return
      }
      const entry = buildInvestmentEntry(d.fields, d.line, date, target.account.name, errors, warnings)
      if (!entry) return
      target.account.activities = (target.account.activities ?? []).concat(entry.activities)
      for (const t of entry.cash) target.account.transactions.push(t)
      return
    }
    if (kind !== 'transactions') return
    const target = current ?? defaultAccount(sectionType)
    const t = buildTransaction(d, order, reader, errors, warnings)
    if (t) target.account.transactions.push(t)
  }

  const finishAccountRecord = (): void => {
    const name = cleanText(accountFields['N'])
    const type = accountFields['T'] ?? ''
    accountFields = {}
    if (name === '' || autoSwitch) return
    let state = accounts.get(name)
    if (!state) {
      state = { account: newAccount(name, name, accountTypeFromQif(type)), hasSection: false }
      accounts.set(name, state)
    } else if (type !== '') {
      state.account.type = accountTypeFromQif(type)
    }
    current = state
  }

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1
    const line = (lines[i] ?? '').trim()
    if (line === '' || line.startsWith('#')) continue

    if (line.startsWith('!')) {
      finishDraft()
      if (kind === 'account') finishAccountRecord()
      if (/^!\s*option\s*:\s*autoswitch/i.test(line)) {
        autoSwitch = true
        kind = 'list'
        continue
      }
      if (/^!\s*clear\s*:\s*autoswitch/i.test(line)) {
        autoSwitch = false
        kind = 'list'
        continue
      }
      const header = headerKind(line)
      kind = header?.kind ?? 'list'
      sectionType = header?.type ?? ''
      if (kind === 'account') continue
      if (kind === 'unknown') {
        warnings.push(issue(lineNo, `the section ${quoted(line)} is not a kind Kinwise imports; it was skipped`))
      } else if (kind === 'transactions' || kind === 'investment') {
        const state = current ?? (kind === 'transactions' ? defaultAccount(sectionType) : investmentAccount())
        state.hasSection = true
        // an !Account block without a T line takes the type of its section
        if (kind === 'investment') state.account.type = 'investment'
        else if (state.account.type === 'other') state.account.type = TRANSACTION_TYPES[sectionType]?.type ?? 'other'
      }
      continue
    }

    if (kind === null) {
      // a file with no header: read it as a bank account, as Quicken does
      kind = 'transactions'
      sectionType = 'bank'
      defaultAccount('bank').hasSection = true
      warnings.push(issue(lineNo, 'the file has no !Type header; it was read as a bank account'))
    }

    if (kind === 'account') {
      if (line.startsWith('^')) finishAccountRecord()
      else accountFields[line[0] ?? ''] ??= line.slice(1)
      continue
    }
    if (kind === 'list' || kind === 'unknown') continue
    if (kind === 'prices') {
      if (line.startsWith('^')) continue
      const p = splitPriceLine(line)
      const date = p ? parseQifDate(p.date, order) : null
      if (p && date) prices.push({ symbol: p.symbol, price: p.price, date })
      else warnings.push(issue(lineNo, `${quoted(line)} is not a price line ("SYMBOL",price,"date"); it was left out`))
      continue
    }

    if (line.startsWith('^')) {
      finishDraft()
      continue
    }
    draft ??= { line: lineNo, fields: [] }
    draft.fields.push({ code: line[0] ?? '', value: line.slice(1), line: lineNo })
  }
  finishDraft()
  if (kind === 'account') finishAccountRecord()

  const result = [...accounts.values()].filter((s) => s.hasSection || s.account.transactions.length > 0).map((s) => s.account)
  if (result.length === 0) warnings.push({ line: 1, message: 'The file has no bank, cash, card or investment transactions in it.' })
  const parsed: ParseResult = { format: 'qif', accounts: result, errors, warnings }
  const investments = investmentSecurities(result, securityRecords, prices, errors, warnings)
  if (investments) parsed.investments = investments
  return parsed
}

/**
 * Y lines name a security as the file's security list does: the list gives its symbol (and
 * kind); a name not in it is its own symbol. Ids are made once the symbols are known.
 */
function investmentSecurities(
  accounts: ParsedAccount[],
  records: readonly QifSecurity[],
  rawPrices: readonly ParsedPrice[],
  errors: ParseIssue[],
  warnings: ParseIssue[],
): ParseResult['investments'] | null {
  const withActivities = accounts.filter((a) => a.activities !== undefined)
  if (withActivities.length === 0 && records.length === 0 && rawPrices.length === 0) return null
  const byName = new Map<string, QifSecurity>()
  for (const r of records) {
    for (const key of [r.name.toLowerCase(), r.symbol.toLowerCase()]) if (!byName.has(key)) byName.set(key, r)
  }
  const securities = new Map<string, ParsedSecurity>()
  const symbolOf = (name: string): string => {
    const record = byName.get(name.toLowerCase())
    const symbol = record?.symbol || normalizeSymbol(name)
    if (symbol !== '' && !securities.has(symbol)) {
      securities.set(symbol, { symbol, name: (record?.name ?? name).slice(0, 200), kind: record?.kind ?? 'other', currency: null, uniqueId: null })
    }
    return symbol
  }
  for (const account of withActivities) {
    const activities = (account.activities ?? []).filter((a) => {
      if (a.symbol === null) return true
      const name = a.symbol
      a.symbol = symbolOf(name)
      if (a.symbol !== '') return true
      errors.push(issue(a.line, `the security ${quoted(name)} has no letter or digit to make a symbol of`))
      return false
    })
    for (const a of activities) a.externalId = contentId('qif', a)
    makeActivityIdsUnique(activities, warnings)
    account.activities = activities
  }
  const prices = uniquePrices(rawPrices.map((p) => ({ ...p, symbol: symbolOf(p.symbol) })).filter((p) => p.symbol !== ''))
  return { securities: [...securities.values()], prices }
}

/** 'Food:Groceries/Class' → 'Food:Groceries'; '[Savings]' → a transfer to Savings. */
function splitCategory(raw: string): { category: string | null; transfer: string | null } {
  const value = cleanText(raw)
  const transfer = /^\[(.*)\](?:\/.*)?$/.exec(value)
  if (transfer) return { category: null, transfer: cleanText(transfer[1]) || null }
  const slash = value.indexOf('/')
  const category = cleanText(slash === -1 ? value : value.slice(0, slash))
  return { category: category === '' ? null : category, transfer: null }
}

/** The decimal mark of a file's amounts: ',' only when its amounts show it ("T-1.234,56", "T12,50"). */
export function guessQifDecimal(lines: readonly string[]): '.' | ',' | null {
  let comma = 0
  let dot = 0
  for (const line of lines) {
    const c = line.charCodeAt(0)
    if (c !== 84 /* T */ && c !== 85 /* U */ && c !== 36 /* $ */) continue
    const v = line.slice(1).replace(/\s+/g, '')
    if (/,\d{1,2}$/.test(v) || /\d\.\d{3},/.test(v)) comma++
    else if (/\.\d{1,2}$/.test(v) || /\d,\d{3}\./.test(v)) dot++
  }
  return comma > dot ? ',' : dot > 0 ? '.' : null
}

type AmountReader = { decimal: '.' | ',' | null; warnings: ParseIssue[] }

/** "-1,000.00", ",300.00" and "-,109.59" (a group mark left before the digits), "1.234,56" in a comma file. */
function parseQifAmount(raw: string, reader: AmountReader, line: number): Cents | null {
  const s = raw.replace(/\s+/g, '').replace(/^([+-]?)[.,'](?=\d{3}(?:\D|$))/, '$1')
  const { decimal } = reader
  const read = roundedToCents(s, (text) => (decimal === ',' ? parseDecimalToCents(text, ',') : parseAmountGuessingSeparator(text)))
  if (read?.rounded) reader.warnings.push(roundedWarning(line, raw, read.amount))
  return read?.amount ?? null
}

function buildTransaction(draft: Draft, order: QifDateOrder, reader: AmountReader, errors: ParseIssue[], warnings: ParseIssue[]): ParsedTransaction | null {
  let date: IsoDate | null = null
  let dateLine = draft.line
  let rawDate: string | null = null
  let amount: Cents | null = null
  let rawAmount: string | null = null
  let amountLine = draft.line
  let payee = ''
  let memo = ''
  let number = ''
  let category: string | null = null
  let transfer: string | null = null
  const splits: (ParsedSplit & { line: number; hasAmount: boolean })[] = []

  for (const f of draft.fields) {
    const split = splits[splits.length - 1]
    switch (f.code) {
      case 'D':
        // a D line inside a split (Quicken writes them) is not the transaction's date
        if (splits.length === 0 && rawDate === null) {
          rawDate = f.value
          dateLine = f.line
        }
        break
      case 'T':
        rawAmount = f.value
        amountLine = f.line
        break
      case 'U':
        if (rawAmount === null) {
          rawAmount = f.value
          amountLine = f.line
        }
        break
      case 'P':
        payee = cleanText(f.value)
        break
      case 'M':
        memo = cleanText(f.value)
        break
      case 'N':
        number = cleanText(f.value)
        break
      case 'L': {
        const c = splitCategory(f.value)
        category = c.category
        transfer = c.transfer
        break
      }
      case 'S': {
        const value = cleanText(f.value)
        splits.push({ amount: ZERO, category: value === '' ? null : value.replace(/\/.*$/, '') || null, memo: '', line: f.line, hasAmount: false })
        break
      }
      case 'E':
        if (split) split.memo = cleanText(f.value)
        break
      case '$':
        if (split) {
          const a = parseQifAmount(f.value, reader, f.line)
          if (a === null) errors.push(issue(f.line, `${quoted(f.value)} is not an amount`))
          else {
            split.amount = a
            split.hasAmount = true
          }
        }
        break
      default:
        break
    }
  }

  if (rawDate === null) {
    errors.push(issue(draft.line, 'the transaction has no date (D line)'))
    return null
  }
  date = parseQifDate(rawDate, order)
  if (!date) {
    errors.push(issue(dateLine, `${quoted(rawDate.trim())} is not a valid date`))
    return null
  }
  if (rawAmount === null) {
    errors.push(issue(draft.line, 'the transaction has no amount (T line)'))
    return null
  }
  amount = parseQifAmount(rawAmount, reader, amountLine)
  if (amount === null) {
    errors.push(issue(amountLine, `${quoted(rawAmount.trim())} is not an amount`))
    return null
  }

  const t = emptyTransaction(draft.line, date, amount)
  t.payee = payee
  t.memo = memo
  t.checkNumber = /^\d+$/.test(number) ? number : null
  t.category = category
  t.transferAccount = transfer
  for (const s of splits) {
    if (!s.hasAmount) {
      warnings.push(issue(s.line, 'a split has no amount ($ line); it was left out'))
      continue
    }
    t.splits.push({ amount: s.amount, category: s.category, memo: s.memo })
  }
  if (t.splits.length > 0) {
    const total = t.splits.reduce((sum, s) => sum + s.amount, 0)
    if (total !== amount) {
      warnings.push(issue(draft.line, `the splits add up to ${centsText(total)}, not to the transaction amount ${centsText(amount)}`))
    }
  }
  return t
}
