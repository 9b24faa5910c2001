// The investment part of an OFX/QFX statement (INVSTMTRS): the securities of its SECLIST, its
// trades, income, expenses, reinvestments, transfers of shares and splits as activities, and its
// positions (with their prices). Cash entries (INVBANKTRAN) stay with the bank reader in ofx.ts.
//
// OFX signs TOTAL from the account's view (negative for a buy); activities carry the gross
// amount, positive, and the fees (COMMISSION + FEES + LOAD + TAXES) apart:
//   buy:  gross = |TOTAL| − fees        sell: gross = |TOTAL| + fees
// so the cash the account paid or got is exactly the file's TOTAL.

import type { IsoDate } from '../dates'
import { asCents, type Cents } from '../money'
import type { Price, Quantity } from '../investments/lots'
import { cleanText, isCurrencyCode, issue, parseOfxDate, quoted } from './common'
import {
  absolute,
  contentId,
  grossOf,
  normalizeSymbol,
  parseMoney,
  parsePrice,
  parseQuantity,
  type ActivityType,
  type ParsedActivity,
  type ParsedPosition,
  type ParsedPrice,
  type ParsedSecurity,
  type SecurityKind,
} from './invest'
import { child, findAll, findFirst, text, type MarkupNode } from './markup'
import type { ParseIssue } from './types'

const INFO_KINDS: Record<string, SecurityKind> = {
  MFINFO: 'fund',
  STOCKINFO: 'stock',
  DEBTINFO: 'bond',
  OPTINFO: 'other',
  OTHERINFO: 'other',
}

const TRADE_KINDS: Record<string, SecurityKind> = {
  BUYMF: 'fund',
  SELLMF: 'fund',
  BUYSTOCK: 'stock',
  SELLSTOCK: 'stock',
  BUYDEBT: 'bond',
  SELLDEBT: 'bond',
}

const BUYS = new Set(['BUYDEBT', 'BUYMF', 'BUYOPT', 'BUYOTHER', 'BUYSTOCK'])
const SELLS = new Set(['SELLDEBT', 'SELLMF', 'SELLOPT', 'SELLOTHER', 'SELLSTOCK'])
const POSITIONS = new Set(['POSMF', 'POSSTOCK', 'POSDEBT', 'POSOPT', 'POSOTHER'])
/** read by the bank reader (INVBANKTRAN) or not investment entries at all */
const NOT_ACTIVITIES = new Set(['INVBANKTRAN', 'DTSTART', 'DTEND'])

export type OfxSecurities = {
  /** by UNIQUEID */
  byId: Map<string, ParsedSecurity>
  list: ParsedSecurity[]
}

/** The SECLIST of the file: one security per UNIQUEID (the first, when a file repeats one). */
export function readOfxSecurities(
  root: MarkupNode,
  defaultCurrency: string | null,
  warnings: ParseIssue[],
): OfxSecurities {
  const byId = new Map<string, ParsedSecurity>()
  const list: ParsedSecurity[] = []
  const symbols = new Set<string>()
  for (const info of findAll(root, new Set(Object.keys(INFO_KINDS)))) {
    const sec = child(info, 'SECINFO') ?? findFirst(info, 'SECINFO')
    const uniqueId = cleanText(text(sec, 'SECID', 'UNIQUEID'))
    const ticker = normalizeSymbol(text(sec, 'TICKER'))
    const symbol = ticker || normalizeSymbol(uniqueId)
    if (symbol === '') continue
    if (uniqueId !== '' && byId.has(uniqueId)) {
      warnings.push(
        issue(
          info.line,
          `the security ${symbol} has the same id ${quoted(uniqueId)} as ${byId.get(uniqueId)?.symbol ?? ''}; the first one was used`,
        ),
      )
      continue
    }
    const currencyRaw = cleanText(text(sec, 'CURRENCY', 'CURSYM')).toUpperCase()
    const security: ParsedSecurity = {
      symbol,
      name: (cleanText(text(sec, 'SECNAME')) || symbol).slice(0, 200),
      kind: INFO_KINDS[info.name] ?? 'other',
      currency: isCurrencyCode(currencyRaw) ? currencyRaw : defaultCurrency,
      uniqueId: uniqueId === '' ? null : uniqueId,
    }
    if (uniqueId !== '') byId.set(uniqueId, security)
    if (!symbols.has(symbol)) {
      symbols.add(symbol)
      list.push(security)
    }
  }
  return { byId, list }
}

type Ctx = {
  errors: ParseIssue[]
  warnings: ParseIssue[]
  securities: OfxSecurities
  currency: string | null
  prices: ParsedPrice[]
}

/** The symbol of the entry's SECID: the SECLIST ticker, else the id itself (a new security then). */
function symbolOf(node: MarkupNode, ctx: Ctx, kind: SecurityKind, memo: string): string | null {
  const uniqueId = cleanText(findFirst(node, 'UNIQUEID')?.value)
  if (uniqueId === '') return null
  const known = ctx.securities.byId.get(uniqueId)
  if (known) return known.symbol
  const symbol = normalizeSymbol(uniqueId)
  if (symbol === '') return null
  const security: ParsedSecurity = {
    symbol,
    name: (memo || symbol).slice(0, 200),
    kind,
    currency: ctx.currency,
    uniqueId,
  }
  ctx.securities.byId.set(uniqueId, security)
  if (!ctx.securities.list.some((s) => s.symbol === symbol)) ctx.securities.list.push(security)
  return symbol
}

function leaf(node: MarkupNode, name: string): string | null {
  return findFirst(node, name)?.value ?? null
}

/** A number leaf that may be absent; a present but unreadable one is an error (undefined). */
function amountLeaf(node: MarkupNode, name: string, ctx: Ctx): Cents | null | undefined {
  const raw = leaf(node, name)
  if (raw === null || raw.trim() === '') return null
  const value = parseMoney(raw)
  if (value === null) {
    ctx.errors.push(issue(node.line, `${quoted(raw)} is not an amount (${name})`))
    return undefined
  }
  return value
}

function sumFees(node: MarkupNode, ctx: Ctx): Cents | undefined {
  let fees = 0
  for (const name of ['COMMISSION', 'FEES', 'LOAD', 'TAXES']) {
    const v = amountLeaf(node, name, ctx)
    if (v === undefined) return undefined
    if (v !== null) fees += absolute(v)
  }
  return asCents(fees)
}

function quantityLeaf(node: MarkupNode, name: string, ctx: Ctx): Quantity | null | undefined {
  const raw = leaf(node, name)
  if (raw === null || raw.trim() === '') return null
  const value = parseQuantity(raw)
  if (value === null) {
    ctx.errors.push(issue(node.line, `${quoted(raw)} is not a number of shares (${name})`))
    return undefined
  }
  return value
}

function priceLeaf(node: MarkupNode, name: string, ctx: Ctx): Price | null | undefined {
  const raw = leaf(node, name)
  if (raw === null || raw.trim() === '') return null
  const value = parsePrice(raw)
  if (value === null || value < 0) {
    ctx.errors.push(issue(node.line, `${quoted(raw)} is not a price (${name})`))
    return undefined
  }
  return value
}

function activity(
  node: MarkupNode,
  fields: Pick<ParsedActivity, 'type' | 'date' | 'memo'> & Partial<ParsedActivity>,
  fitid: string,
): ParsedActivity {
  const a: ParsedActivity = {
    line: node.line,
    externalId: '',
    symbol: null,
    quantity: null,
    price: null,
    amount: null,
    fees: asCents(0),
    ratio: null,
    costBasis: null,
    ...fields,
  }
  a.externalId = fitid === '' ? contentId('ofx', a) : fitid
  return a
}

const INCOME_MEMO: Record<string, string> = {
  CGLONG: 'Long-term capital gain distribution',
  CGSHORT: 'Short-term capital gain distribution',
  MISC: 'Other income',
}

/** One entry of INVTRANLIST as activities (a reinvestment is two); null after an error. */
function readEntry(node: MarkupNode, ctx: Ctx): ParsedActivity[] | null {
  const name = node.name
  const invtran = findFirst(node, 'INVTRAN')
  const rawDate = text(invtran, 'DTTRADE') || text(invtran, 'DTSETTLE')
  if (!rawDate) {
    ctx.errors.push(issue(node.line, `the ${name} entry has no date (DTTRADE)`))
    return null
  }
  const date: IsoDate | null = parseOfxDate(rawDate)
  if (!date) {
    ctx.errors.push(issue(node.line, `${quoted(rawDate)} is not a valid date`))
    return null
  }
  const memo = cleanText(text(invtran, 'MEMO')).slice(0, 500)
  const fitid = cleanText(text(invtran, 'FITID'))
  const total = amountLeaf(node, 'TOTAL', ctx)
  const fees = sumFees(node, ctx)
  const units = quantityLeaf(node, 'UNITS', ctx)
  const unitPrice = priceLeaf(node, 'UNITPRICE', ctx)
  if (total === undefined || fees === undefined || units === undefined || unitPrice === undefined)
    return null
  const symbol = symbolOf(node, ctx, TRADE_KINDS[name] ?? 'other', memo)
  const base = { date, memo, symbol }

  if (BUYS.has(name) || SELLS.has(name)) {
    const buy = BUYS.has(name)
    if (symbol === null) {
      ctx.errors.push(issue(node.line, `the ${name} entry does not say which security (SECID)`))
      return null
    }
    if (units === null || units === 0) {
      ctx.errors.push(issue(node.line, `the ${name} entry has no number of shares (UNITS)`))
      return null
    }
    const quantity = absolute(units)
    let amount: Cents
    if (total !== null) {
      const gross = buy ? absolute(total) - fees : absolute(total) + fees
      amount = asCents(Math.max(0, gross))
    } else if (unitPrice !== null) {
      amount = grossOf(quantity, unitPrice)
    } else {
      ctx.errors.push(
        issue(node.line, `the ${name} entry has neither an amount (TOTAL) nor a price (UNITPRICE)`),
      )
      return null
    }
    if (unitPrice !== null && unitPrice > 0) ctx.prices.push({ symbol, date, price: unitPrice })
    return [
      activity(
        node,
        { ...base, type: buy ? 'buy' : 'sell', quantity, price: unitPrice, amount, fees },
        fitid,
      ),
    ]
  }

  switch (name) {
    case 'INCOME':
    case 'RETOFCAP':
    case 'REINVEST': {
      if (total === null) {
        ctx.errors.push(issue(node.line, `the ${name} entry has no amount (TOTAL)`))
        return null
      }
      const incomeType = cleanText(leaf(node, 'INCOMETYPE')).toUpperCase()
      const type: ActivityType =
        incomeType === 'INTEREST' || (incomeType === 'MISC' && symbol === null)
          ? 'interest'
          : 'dividend'
      let incomeMemo = INCOME_MEMO[incomeType] ?? ''
      if (name === 'RETOFCAP') {
        incomeMemo = 'Return of capital'
        ctx.warnings.push(
          issue(
            node.line,
            'a return of capital was imported as cash received; the cost basis of the shares was not lowered',
          ),
        )
      }
      const fullMemo = [incomeMemo, memo].filter((m) => m !== '').join(': ')
      if (total < 0 && name !== 'REINVEST') {
        // a reversal of income: the money left the account again
        return [
          activity(
            node,
            {
              ...base,
              type: 'fee',
              amount: absolute(total),
              memo: `Reversal: ${fullMemo}`.slice(0, 500),
            },
            fitid,
          ),
        ]
      }
      if (name !== 'REINVEST') {
        return [
          activity(
            node,
            {
              ...base,
              type,
              amount: asCents(absolute(total) + (name === 'INCOME' ? fees : 0)),
              fees: name === 'INCOME' ? fees : asCents(0),
              memo: fullMemo,
            },
            fitid,
          ),
        ]
      }
      // reinvested: the income is paid, then the same money buys shares
      if (symbol === null || units === null || units === 0) {
        ctx.errors.push(
          issue(node.line, 'the REINVEST entry does not say which security or how many shares'),
        )
        return null
      }
      const quantity = absolute(units)
      const gross = asCents(Math.max(0, absolute(total) - fees))
      if (unitPrice !== null && unitPrice > 0) ctx.prices.push({ symbol, date, price: unitPrice })
      const income = activity(
        node,
        {
          ...base,
          type,
          amount: absolute(total),
          memo: (fullMemo ? `Reinvested: ${fullMemo}` : 'Reinvested').slice(0, 500),
        },
        fitid,
      )
      const buy = activity(
        node,
        {
          ...base,
          type: 'buy',
          quantity,
          price: unitPrice,
          amount: gross,
          fees,
          memo: (memo ? `Reinvestment: ${memo}` : 'Reinvestment').slice(0, 500),
        },
        '',
      )
      buy.externalId = `${income.externalId}:reinvest`
      return [income, buy]
    }
    case 'INVEXPENSE':
    case 'MARGININTEREST': {
      if (total === null) {
        ctx.errors.push(issue(node.line, `the ${name} entry has no amount (TOTAL)`))
        return null
      }
      const what =
        name === 'MARGININTEREST'
          ? ['Margin interest', memo].filter((m) => m !== '').join(': ')
          : memo
      return [
        activity(
          node,
          {
            ...base,
            symbol: name === 'MARGININTEREST' ? null : symbol,
            type: 'fee',
            amount: absolute(total),
            memo: what,
          },
          fitid,
        ),
      ]
    }
    case 'TRANSFER': {
      if (symbol === null || units === null || units === 0) {
        ctx.errors.push(
          issue(node.line, 'the TRANSFER entry does not say which security or how many shares'),
        )
        return null
      }
      const action = cleanText(leaf(node, 'TFERACTION')).toUpperCase()
      const incoming = action === 'IN' || (action !== 'OUT' && units > 0)
      const quantity = absolute(units)
      if (!incoming)
        return [
          activity(node, { ...base, type: 'transfer_out', quantity, price: unitPrice }, fitid),
        ]
      const avg = priceLeaf(node, 'AVGCOSTBASIS', ctx)
      if (avg === undefined) return null
      // AVGCOSTBASIS is the basis per share; without it the shares come in at the day's price
      const per = avg ?? unitPrice
      const costBasis = per === null ? asCents(0) : grossOf(quantity, per)
      if (per === null)
        ctx.warnings.push(
          issue(
            node.line,
            'shares transferred in without a cost basis or price: their basis was set to 0',
          ),
        )
      return [
        activity(
          node,
          { ...base, type: 'transfer_in', quantity, price: unitPrice, costBasis },
          fitid,
        ),
      ]
    }
    case 'SPLIT': {
      if (symbol === null) {
        ctx.errors.push(issue(node.line, 'the SPLIT entry does not say which security (SECID)'))
        return null
      }
      const numerator = parseMoney(leaf(node, 'NUMERATOR'))
      const denominator = parseMoney(leaf(node, 'DENOMINATOR'))
      const oldUnits = parseQuantity(leaf(node, 'OLDUNITS'))
      const newUnits = parseQuantity(leaf(node, 'NEWUNITS'))
      const ratio =
        numerator !== null && denominator !== null && numerator > 0 && denominator > 0
          ? numerator / denominator
          : oldUnits !== null && newUnits !== null && oldUnits > 0 && newUnits > 0
            ? newUnits / oldUnits
            : null
      if (ratio === null) {
        ctx.errors.push(
          issue(node.line, 'the SPLIT entry has no ratio (NUMERATOR and DENOMINATOR)'),
        )
        return null
      }
      return [activity(node, { ...base, type: 'split', ratio }, fitid)]
    }
    default:
      ctx.warnings.push(
        issue(node.line, `the ${name} entry is not a kind Kinwise imports; it was left out`),
      )
      return []
  }
}

/** A position of INVPOSLIST, with its price as a price of that day. */
function readPosition(
  node: MarkupNode,
  ctx: Ctx,
  fallbackDate: IsoDate | null,
): ParsedPosition | null {
  const inv = child(node, 'INVPOS') ?? findFirst(node, 'INVPOS')
  if (!inv) return null
  const units = quantityLeaf(inv, 'UNITS', ctx)
  const price = priceLeaf(inv, 'UNITPRICE', ctx)
  const marketValue = amountLeaf(inv, 'MKTVAL', ctx)
  if (units === undefined || price === undefined || marketValue === undefined || units === null)
    return null
  const date = parseOfxDate(text(inv, 'DTPRICEASOF')) ?? fallbackDate
  const kind: SecurityKind =
    node.name === 'POSMF'
      ? 'fund'
      : node.name === 'POSSTOCK'
        ? 'stock'
        : node.name === 'POSDEBT'
          ? 'bond'
          : 'other'
  const symbol = symbolOf(inv, ctx, kind, cleanText(text(inv, 'MEMO')))
  if (symbol === null || date === null) return null
  if (cleanText(text(inv, 'POSTYPE')).toUpperCase() === 'SHORT') {
    ctx.warnings.push(
      issue(
        node.line,
        `the short position in ${symbol} was not imported: Kinwise keeps long holdings only`,
      ),
    )
    return null
  }
  if (price !== null) ctx.prices.push({ symbol, date, price })
  return { symbol, date, quantity: absolute(units), price, marketValue }
}

export type OfxInvestments = {
  activities: ParsedActivity[]
  positions: ParsedPosition[]
  prices: ParsedPrice[]
}

/** Activities, positions and prices of one INVSTMTRS. */
export function readOfxInvestments(
  stmt: MarkupNode,
  securities: OfxSecurities,
  currency: string | null,
  errors: ParseIssue[],
  warnings: ParseIssue[],
): OfxInvestments {
  const ctx: Ctx = { errors, warnings, securities, currency, prices: [] }
  const asOf = parseOfxDate(text(stmt, 'DTASOF'))
  const positions: ParsedPosition[] = []
  // positions first: their prices are the day's closing prices, a trade's only one fill
  const posList = child(stmt, 'INVPOSLIST') ?? findFirst(stmt, 'INVPOSLIST')
  for (const node of posList?.children ?? []) {
    if (!POSITIONS.has(node.name)) continue
    const p = readPosition(node, ctx, asOf)
    if (p) positions.push(p)
  }
  const activities: ParsedActivity[] = []
  const list = child(stmt, 'INVTRANLIST') ?? findFirst(stmt, 'INVTRANLIST')
  for (const node of list?.children ?? []) {
    if (NOT_ACTIVITIES.has(node.name) || node.children === null) continue
    const read = readEntry(node, ctx)
    if (read) for (const a of read) activities.push(a)
  }
  return { activities, positions, prices: ctx.prices }
}

/** SECINFO UNITPRICE with a DTASOF: a price of that day. */
export function secListPrices(root: MarkupNode, securities: OfxSecurities): ParsedPrice[] {
  const out: ParsedPrice[] = []
  for (const sec of findAll(root, new Set(['SECINFO']))) {
    const uniqueId = cleanText(text(sec, 'SECID', 'UNIQUEID'))
    const security = securities.byId.get(uniqueId)
    const date = parseOfxDate(text(sec, 'DTASOF'))
    const price = parsePrice(text(sec, 'UNITPRICE'))
    if (security && date && price !== null && price >= 0)
      out.push({ symbol: security.symbol, date, price })
  }
  return out
}
