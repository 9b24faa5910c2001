// The investment part of QIF files: `!Type:Invst` entries (Quicken's actions: Buy, Sell, Div,
// ReinvDiv, ShrsIn, StkSplit, XIn…) as activities plus the cash that moved, `!Type:Security`
// records (name → symbol, kind) and `!Type:Prices` lines ("AAPL",123.45,"1/ 2'98").
//
// An action ending in X moved its cash to or from another account (the L[Account] line), so the
// investment account gets the activity and, beside it, a cash entry that brings the money in or
// takes it out: BuyX is a buy plus the money coming in from [Checking]. XIn, XOut, Cash,
// ContribX and WithdrwX are cash only: ordinary transactions of the account, which the importer
// can pair as transfers with the other account's rows.

import type { IsoDate } from '../dates'
import { asCents, type Cents } from '../money'
import type { Price, Quantity } from '../investments/lots'
import { cleanText, emptyTransaction, issue, parseAmountRounded, quoted } from './common'
import {
  grossOf,
  normalizeSymbol,
  parseScaled,
  type ActivityType,
  type ParsedActivity,
  type SecurityKind,
} from './invest'
import type { ParseIssue, ParsedTransaction } from './types'

export type QifField = { code: string; value: string; line: number }

/** What one Invst entry gives: activities (symbol still the file's Y name) and cash entries. */
export type QifInvestmentEntry = { activities: ParsedActivity[]; cash: ParsedTransaction[] }

type Kind =
  | { type: 'buy' | 'sell' }
  | { type: 'income'; income: 'dividend' | 'interest'; memo: string }
  | { type: 'reinvest'; income: 'dividend' | 'interest'; memo: string }
  | { type: 'fee'; memo: string }
  | { type: 'shares'; direction: 'transfer_in' | 'transfer_out' }
  | { type: 'split' }
  | { type: 'cash'; sign: 1 | -1 | 0 }

const ACTIONS: Record<string, Kind> = {
  buy: { type: 'buy' },
  sell: { type: 'sell' },
  shtsell: { type: 'sell' },
  cvrshrt: { type: 'buy' },
  div: { type: 'income', income: 'dividend', memo: '' },
  intinc: { type: 'income', income: 'interest', memo: '' },
  cglong: { type: 'income', income: 'dividend', memo: 'Long-term capital gain distribution' },
  cgmid: { type: 'income', income: 'dividend', memo: 'Mid-term capital gain distribution' },
  cgshort: { type: 'income', income: 'dividend', memo: 'Short-term capital gain distribution' },
  miscinc: { type: 'income', income: 'dividend', memo: 'Other income' },
  rtrncap: { type: 'income', income: 'dividend', memo: 'Return of capital' },
  reinvdiv: { type: 'reinvest', income: 'dividend', memo: '' },
  reinvint: { type: 'reinvest', income: 'interest', memo: '' },
  reinvlg: { type: 'reinvest', income: 'dividend', memo: 'Long-term capital gain distribution' },
  reinvmd: { type: 'reinvest', income: 'dividend', memo: 'Mid-term capital gain distribution' },
  reinvsh: { type: 'reinvest', income: 'dividend', memo: 'Short-term capital gain distribution' },
  miscexp: { type: 'fee', memo: '' },
  margint: { type: 'fee', memo: 'Margin interest' },
  shrsin: { type: 'shares', direction: 'transfer_in' },
  shrsout: { type: 'shares', direction: 'transfer_out' },
  stksplit: { type: 'split' },
  xin: { type: 'cash', sign: 1 },
  contribx: { type: 'cash', sign: 1 },
  xout: { type: 'cash', sign: -1 },
  withdrwx: { type: 'cash', sign: -1 },
  cash: { type: 'cash', sign: 0 },
}

/** 'BuyX' → the Buy kind moved through another account; null for an action Kinwise does not know. */
function actionOf(raw: string): { kind: Kind; viaOther: boolean } | null {
  const action = raw.trim().toLowerCase().replace(/\s+/g, '')
  const direct = ACTIONS[action]
  if (direct) return { kind: direct, viaOther: false }
  if (action.endsWith('x')) {
    const base = ACTIONS[action.slice(0, -1)]
    if (
      base &&
      base.type !== 'cash' &&
      base.type !== 'shares' &&
      base.type !== 'split' &&
      base.type !== 'reinvest'
    ) {
      return { kind: base, viaOther: true }
    }
  }
  return null
}

/** "1,234.5", "11 1/4", "0.125" as whole 1e-8 units. */
function qifUnits(raw: string): number | null {
  const s = raw.replace(/\s+/g, ' ').trim()
  const fraction = /^(\d+)?\s*(\d+)\/(\d+)$/.exec(s)
  if (fraction) {
    const [, whole = '0', num = '0', den = '1'] = fraction
    const d = Number(den)
    if (d === 0) return null
    return Number(whole) * 100_000_000 + Math.round((Number(num) * 100_000_000) / d)
  }
  const plain = s.replace(/ /g, '')
  return parseScaled(plain.includes('.') ? plain.replace(/,/g, '') : plain, 8)
}

function qifMoney(raw: string): Cents | null {
  return parseAmountRounded(raw.replace(/\s+/g, '').replace(/^\$/, ''))
}

function transferTarget(raw: string | undefined): string | null {
  if (raw === undefined) return null
  const m = /^\[(.*)\](?:\/.*)?$/.exec(cleanText(raw))
  return m ? cleanText(m[1]) || null : null
}

/**
 * One `!Type:Invst` entry. `date` is the parsed D line (the caller reports a bad one);
 * `accountName` keeps a transfer to the account itself from pairing with anything.
 */
export function buildInvestmentEntry(
  fields: readonly QifField[],
  line: number,
  date: IsoDate,
  accountName: string | null,
  errors: ParseIssue[],
  warnings: ParseIssue[],
): QifInvestmentEntry | null {
  const value: Record<string, QifField> = {}
  for (const f of fields) value[f.code] ??= f
  const actionField = value['N']
  if (!actionField || cleanText(actionField.value) === '') {
    errors.push(issue(line, 'the investment entry has no action (N line)'))
    return null
  }
  const actionText = cleanText(actionField.value)
  const action = actionOf(actionText)
  if (!action) {
    warnings.push(
      issue(
        actionField.line,
        `the investment action ${quoted(actionText)} is not one Kinwise imports; it was left out`,
      ),
    )
    return { activities: [], cash: [] }
  }
  const read = <T>(
    code: string,
    parse: (raw: string) => T | null,
    what: string,
  ): T | null | undefined => {
    const f = value[code]
    if (!f || f.value.trim() === '') return null
    const v = parse(f.value)
    if (v === null) {
      errors.push(issue(f.line, `${quoted(f.value.trim())} is not ${what}`))
      return undefined
    }
    return v
  }
  const total =
    read('T', qifMoney, 'an amount') ?? (value['T'] ? undefined : read('U', qifMoney, 'an amount'))
  const commission = read('O', qifMoney, 'an amount')
  const quantityRaw = read('Q', qifUnits, 'a number of shares')
  const priceRaw = read('I', qifUnits, 'a price')
  const moved = read('$', qifMoney, 'an amount')
  if (
    total === undefined ||
    commission === undefined ||
    quantityRaw === undefined ||
    priceRaw === undefined ||
    moved === undefined
  )
    return null
  const symbolName = cleanText(value['Y']?.value)
  const payee = cleanText(value['P']?.value)
  const memo = (cleanText(value['M']?.value) || payee).slice(0, 500)
  let target = transferTarget(value['L']?.value)
  if (target !== null && accountName !== null && target.toLowerCase() === accountName.toLowerCase())
    target = null
  const fees = asCents(Math.abs(commission ?? 0))
  const quantity = quantityRaw === null ? null : (Math.abs(quantityRaw) as Quantity)
  const price = priceRaw === null ? null : (Math.abs(priceRaw) as Price)
  const absTotal = total === null ? null : asCents(Math.abs(total))

  const base = (type: ActivityType, more: Partial<ParsedActivity>): ParsedActivity => ({
    line,
    externalId: '',
    type,
    date,
    symbol: symbolName === '' ? null : symbolName,
    quantity: null,
    price: null,
    amount: null,
    fees: asCents(0),
    ratio: null,
    costBasis: null,
    memo,
    ...more,
  })
  const cashEntry = (amount: Cents, what: string): ParsedTransaction => {
    const t = emptyTransaction(line, date, amount)
    t.payee = (payee || what).slice(0, 200)
    t.memo = memo
    t.transferAccount = target
    return t
  }
  const needSymbol = (): boolean => {
    if (symbolName !== '') return true
    errors.push(issue(line, `the ${actionText} entry does not say which security (Y line)`))
    return false
  }
  const needShares = (): Quantity | null => {
    if (quantity !== null && quantity > 0) return quantity
    errors.push(issue(line, `the ${actionText} entry has no number of shares (Q line)`))
    return null
  }
  const label = `${actionText}${symbolName ? ` ${symbolName}` : ''}`
  const kind = action.kind
  const activities: ParsedActivity[] = []
  const cash: ParsedTransaction[] = []
  // the money an X action moved to or from the other account: its $ line, else the total
  const movedAmount = (): Cents => asCents(Math.abs(moved ?? total ?? 0))

  switch (kind.type) {
    case 'buy':
    case 'sell': {
      const shares = needSymbol() ? needShares() : null
      if (shares === null) return null
      let amount: Cents
      if (absTotal !== null)
        amount = asCents(Math.max(0, kind.type === 'buy' ? absTotal - fees : absTotal + fees))
      else if (price !== null) amount = grossOf(shares, price)
      else {
        errors.push(
          issue(
            line,
            `the ${actionText} entry has neither an amount (T line) nor a price (I line)`,
          ),
        )
        return null
      }
      activities.push(base(kind.type, { quantity: shares, price, amount, fees }))
      if (action.viaOther)
        cash.push(cashEntry(asCents(kind.type === 'buy' ? movedAmount() : -movedAmount()), label))
      break
    }
    case 'income': {
      if (absTotal === null) {
        errors.push(issue(line, `the ${actionText} entry has no amount (T line)`))
        return null
      }
      const type =
        kind.income === 'dividend' && symbolName === '' && kind.memo === 'Other income'
          ? 'interest'
          : kind.income
      activities.push(
        base(type, {
          amount: absTotal,
          memo: [kind.memo, memo].filter((m) => m !== '').join(': '),
        }),
      )
      if (action.viaOther) cash.push(cashEntry(asCents(-movedAmount()), label))
      break
    }
    case 'reinvest': {
      const shares = needSymbol() ? needShares() : null
      if (shares === null) return null
      const income = absTotal ?? (price !== null ? grossOf(shares, price) : null)
      if (income === null) {
        errors.push(
          issue(
            line,
            `the ${actionText} entry has neither an amount (T line) nor a price (I line)`,
          ),
        )
        return null
      }
      const incomeMemo = [kind.memo, memo].filter((m) => m !== '').join(': ')
      activities.push(
        base(kind.income, {
          amount: income,
          memo: `Reinvested${incomeMemo ? `: ${incomeMemo}` : ''}`,
        }),
      )
      activities.push(
        base('buy', {
          quantity: shares,
          price,
          amount: asCents(Math.max(0, income - fees)),
          fees,
          memo: `Reinvestment${memo ? `: ${memo}` : ''}`,
        }),
      )
      break
    }
    case 'fee': {
      if (absTotal === null) {
        errors.push(issue(line, `the ${actionText} entry has no amount (T line)`))
        return null
      }
      activities.push(
        base('fee', {
          amount: absTotal,
          memo: [kind.memo, memo].filter((m) => m !== '').join(': '),
        }),
      )
      if (action.viaOther) cash.push(cashEntry(movedAmount(), label))
      break
    }
    case 'shares': {
      const shares = needSymbol() ? needShares() : null
      if (shares === null) return null
      if (kind.direction === 'transfer_out') {
        activities.push(base('transfer_out', { quantity: shares, price }))
        break
      }
      const costBasis = absTotal ?? (price !== null ? grossOf(shares, price) : null)
      if (costBasis === null)
        warnings.push(
          issue(line, 'shares added without an amount or price: their cost basis was set to 0'),
        )
      activities.push(
        base('transfer_in', { quantity: shares, price, costBasis: costBasis ?? asCents(0) }),
      )
      break
    }
    case 'split': {
      if (!needSymbol()) return null
      // Quicken writes the ratio times ten: Q20 is two new shares for one
      if (quantityRaw === null || quantityRaw <= 0) {
        errors.push(issue(line, `the ${actionText} entry has no ratio (Q line)`))
        return null
      }
      activities.push(base('split', { ratio: quantityRaw / 1_000_000_000 }))
      break
    }
    case 'cash': {
      if (total === null) {
        warnings.push(
          issue(line, `the ${actionText} entry has no amount (T line); it was imported as 0`),
        )
      }
      const amount = total ?? asCents(0)
      const signed = kind.sign === 0 ? amount : asCents(kind.sign * Math.abs(amount))
      cash.push(cashEntry(signed, actionText))
      break
    }
  }
  return { activities, cash }
}

const SECURITY_TYPES: Record<string, SecurityKind> = {
  stock: 'stock',
  'mutual fund': 'fund',
  fund: 'fund',
  bond: 'bond',
  cd: 'bond',
  etf: 'etf',
  'market index': 'other',
  option: 'other',
  'emp. stock opt.': 'other',
  crypto: 'crypto',
  cryptocurrency: 'crypto',
  'money market': 'cash',
  cash: 'cash',
}

export type QifSecurity = { name: string; symbol: string; kind: SecurityKind }

/** A `!Type:Security` record (N name, S symbol, T type); null without a name or symbol. */
export function buildSecurity(fields: readonly QifField[]): QifSecurity | null {
  const value: Record<string, string> = {}
  for (const f of fields) value[f.code] ??= f.value
  const name = cleanText(value['N'])
  const symbol = normalizeSymbol(value['S'])
  if (name === '' && symbol === '') return null
  const kind = SECURITY_TYPES[cleanText(value['T']).toLowerCase()] ?? 'other'
  return { name: name || symbol, symbol: symbol || normalizeSymbol(name), kind }
}

/**
 * A `!Type:Prices` line: "AAPL",123.45,"1/ 2'98" (symbol or security name as written, price,
 * date). The date is read by the caller's QIF date reader. Null when it is not such a line.
 */
export function splitPriceLine(
  line: string,
): { symbol: string; price: Price; date: string } | null {
  const cells = line.split(',').map((c) => c.trim().replace(/^"|"$/g, '').trim())
  if (cells.length < 3) return null
  const [rawSymbol = '', rawPrice = '', ...rest] = cells
  const price = qifUnits(rawPrice)
  if (normalizeSymbol(rawSymbol) === '' || price === null || price < 0) return null
  return { symbol: rawSymbol, price: price as Price, date: rest.join(',') }
}
