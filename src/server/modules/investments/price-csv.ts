// Reads a CSV of prices: the columns symbol, date and price, with a header row in any case and
// order (other columns are ignored), or without a header in that order. Separators: comma,
// semicolon or tab; fields may be quoted. Dates are YYYY-MM-DD; prices use a dot for decimals
// (a leading currency sign and thousands commas inside quotes are tolerated). The first bad line
// is named, with its number, and nothing is imported.
import { isIsoDate, type IsoDate } from '#src/domain/dates'
import { toPrice, type Price } from '#src/domain/investments/lots'

export const MAX_PRICE_LINES = 100_000

export type PriceCsvResult =
  | { ok: true; prices: { symbol: string; date: IsoDate; price: Price }[] }
  | { ok: false; message: string }

function splitLine(line: string, separator: string): string[] {
  const out: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === separator) {
      out.push(field)
      field = ''
    } else field += ch
  }
  out.push(field)
  return out.map((f) => f.trim())
}

const SYMBOL = /^[A-Za-z0-9][A-Za-z0-9.\-_:/^=]{0,31}$/

function pickSeparator(line: string): string {
  if (line.includes('\t')) return '\t'
  if (line.includes(';') && !line.includes(',')) return ';'
  return ','
}

export function parsePriceCsv(text: string): PriceCsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  const firstIndex = lines.findIndex((l) => l.trim() !== '')
  if (firstIndex < 0) return { ok: false, message: 'The CSV has no lines' }
  const first = lines[firstIndex] ?? ''
  const separator = pickSeparator(first)
  const head = splitLine(first, separator).map((h) => h.toLowerCase())
  let columns = { symbol: 0, date: 1, price: 2 }
  let start = firstIndex
  if (head.includes('symbol') || head.includes('date') || head.includes('price')) {
    const at = (name: string): number => head.indexOf(name)
    const missing = ['symbol', 'date', 'price'].filter((n) => at(n) < 0)
    if (missing.length > 0) return { ok: false, message: `Line ${firstIndex + 1}: the header has no ${missing.join(' or ')} column` }
    columns = { symbol: at('symbol'), date: at('date'), price: at('price') }
    start = firstIndex + 1
  }
  const prices: { symbol: string; date: IsoDate; price: Price }[] = []
  for (let i = start; i < lines.length; i += 1) {
    const line = lines[i] ?? ''
    if (line.trim() === '') continue
    if (prices.length >= MAX_PRICE_LINES) return { ok: false, message: `The CSV has more than ${MAX_PRICE_LINES} prices` }
    const fields = splitLine(line, separator)
    const n = i + 1
    const symbol = fields[columns.symbol] ?? ''
    const date = fields[columns.date] ?? ''
    const priceText = (fields[columns.price] ?? '').replace(/^[$€£¥]/, '').replace(/,(?=\d{3}(\D|$))/g, '')
    const shown = line.length > 60 ? `${line.slice(0, 60)}…` : line
    if (!SYMBOL.test(symbol)) return { ok: false, message: `Line ${n} ("${shown}"): "${symbol}" is not a symbol` }
    if (!isIsoDate(date)) return { ok: false, message: `Line ${n} ("${shown}"): "${date}" is not a date written YYYY-MM-DD` }
    const year = Number(date.slice(0, 4))
    if (year < 1900 || year > 2200) return { ok: false, message: `Line ${n} ("${shown}"): the date must be between 1900 and 2200` }
    if (!/^\d+(\.\d+)?$/.test(priceText)) return { ok: false, message: `Line ${n} ("${shown}"): "${fields[columns.price] ?? ''}" is not a price` }
    const value = Number(priceText)
    let price: Price
    try {
      if (value >= 90_000_000) throw new RangeError('too large')
      price = toPrice(value)
    } catch {
      return { ok: false, message: `Line ${n} ("${shown}"): the price must be below 90,000,000 with at most 8 decimals` }
    }
    prices.push({ symbol: symbol.toUpperCase(), date, price })
  }
  if (prices.length === 0) return { ok: false, message: 'The CSV has no prices' }
  return { ok: true, prices }
}
