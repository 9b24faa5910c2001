// Statements read as a stream, for files too large to hold: the bytes arrive a piece at a time
// (from a temp file, in a worker thread), are decoded as decodeStatement would decode the whole
// file, and come out as transactions in file order, each with the account it belongs to. The same
// row readers as the whole-file parsers do the reading (csvRows, the markup tokenizer), so a
// stream gives exactly the rows, errors and warnings parseStatement gives. CSV and OFX/QFX stream;
// QIF and CAMT are read whole.

import { MAX_EXTERNAL_ID, MAX_IMPORT_CENTS } from './parse'
import { csvRows, readCsvRecordStep } from './csv'
import { IdUniquifier, issue } from './common'
import { assertNotBinary, declaredEncoding, guessSingleByteEncoding, normalizeEncodingLabel, sniffEncodingStart } from './decode'
import { ofxStream } from './ofx'
import { StatementError, type CsvMapping, type ParseIssue, type ParsedAccount, type ParsedTransaction, type StatementFormat } from './types'

export const STREAMED_FORMATS: readonly StatementFormat[] = ['csv', 'ofx', 'qfx']

// ---------------------------------------------------------------------------------------
// Encoding: decided from the head of the file and one pass over all of it

/** What decodeStatement looks at beyond the head: are all the bytes valid UTF-8, and is any not ASCII. */
export class EncodingProbe {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  valid = true
  nonAscii = false

  push(bytes: Uint8Array): void {
    if (!this.valid) return
    if (!this.nonAscii) {
      for (let i = 0; i < bytes.length; i++) {
        if ((bytes[i] ?? 0) >= 0x80) {
          this.nonAscii = true
          break
        }
      }
    }
    if (!this.nonAscii) return
    try {
      this.decoder.decode(bytes, { stream: true })
    } catch {
      this.valid = false
    }
  }

  end(): void {
    if (!this.valid) return
    try {
      this.decoder.decode()
    } catch {
      this.valid = false
    }
  }
}

export type StreamEncoding = { encoding: string; skip: number }

/**
 * The encoding decodeStatement would choose for the whole file, from its first megabyte (`head`)
 * and a probe fed with every byte; `skip` is the byte-order mark's length.
 */
export function streamEncoding(head: Uint8Array, probe: EncodingProbe, forced?: string | null): StreamEncoding {
  assertNotBinary(head)
  const start = sniffEncodingStart(head)
  if (start) return start
  const forcedLabel = normalizeEncodingLabel(forced)
  if (forcedLabel) return { encoding: forcedLabel, skip: 0 }
  const declared = declaredEncoding(head)
  if (declared && declared !== 'utf-8' && !declared.startsWith('utf-16')) {
    if (probe.valid) return { encoding: probe.nonAscii ? 'utf-8' : declared, skip: 0 }
    return { encoding: declared, skip: 0 }
  }
  if (probe.valid) return { encoding: 'utf-8', skip: 0 }
  return { encoding: guessSingleByteEncoding(head), skip: 0 }
}

const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
]

/**
 * Decodes pieces of bytes into text as decodeStatement decodes the whole: a character split
 * between two pieces is joined, a CR LF split between two pieces is one line break.
 */
export class TextStream {
  private readonly decoder: TextDecoder
  private skip: number
  private carry = ''

  constructor(private readonly encoding: StreamEncoding) {
    this.decoder = new TextDecoder(encoding.encoding, { ignoreBOM: true })
    this.skip = encoding.skip
  }

  push(bytes: Uint8Array): string {
    let piece = bytes
    if (this.skip > 0) {
      const cut = Math.min(this.skip, piece.length)
      piece = piece.subarray(cut)
      this.skip -= cut
    }
    return this.lines(this.decoder.decode(piece, { stream: true }), false)
  }

  end(): string {
    return this.lines(this.decoder.decode(), true)
  }

  private lines(decoded: string, final: boolean): string {
    let text = this.carry + this.mapped(decoded)
    this.carry = ''
    if (!final) {
      // a CR at the end may be the first half of a CR LF
      let cut = text.length
      while (cut > 0 && text.charCodeAt(cut - 1) === 13) cut--
      this.carry = text.slice(cut)
      text = text.slice(0, cut)
    }
    return text.indexOf('\r') === -1 ? text : text.replace(/\r*\n|\r/g, '\n')
  }

  private mapped(text: string): string {
    if (this.encoding.encoding !== 'windows-1252') return text
    return text.replace(/[\u0080-\u009f]/g, (c) => {
      const code = CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? 0
      return code === 0 ? c : String.fromCharCode(code)
    })
  }
}

// ---------------------------------------------------------------------------------------
// Rows

export type StreamedRow = { account: ParsedAccount; t: ParsedTransaction }

export type StatementStream = {
  /** the next piece of text: the rows it completes */
  push(text: string): StreamedRow[]
  /** no more text: the last rows, and every account with its balances (without its rows) */
  end(): { rows: StreamedRow[]; accounts: ParsedAccount[] }
  errors: ParseIssue[]
  warnings: ParseIssue[]
}

/** Unique bank ids per account, then the API's bounds (parse.ts withinBounds), one row at a time. */
function finishing(errors: ParseIssue[], warnings: ParseIssue[]): (rows: StreamedRow[]) => StreamedRow[] {
  const ids = new Map<string, IdUniquifier>()
  return (rows) =>
    rows.filter(({ account, t }) => {
      let unique = ids.get(account.key)
      if (!unique) ids.set(account.key, (unique = new IdUniquifier()))
      unique.apply(t, warnings)
      if (t.externalId !== null && t.externalId.length > MAX_EXTERNAL_ID) {
        warnings.push(issue(t.line, `its id is longer than ${MAX_EXTERNAL_ID} characters: a re-import matches it by date, amount and payee instead`))
        t.externalId = null
      }
      if (Math.abs(t.amount) >= MAX_IMPORT_CENTS) errors.push(issue(t.line, 'the amount is too large (10,000,000,000 or more)'))
      else if (!(t.date >= '1900-01-01' && t.date <= '2200-12-31')) errors.push(issue(t.line, `the date ${t.date} is not between 1900 and 2200`))
      else return true
      return false
    })
}

function boundedBalances(account: ParsedAccount): ParsedAccount {
  for (const key of ['ledgerBalance', 'availableBalance'] as const) {
    const balance = account[key]
    if (balance && (Math.abs(balance.amount) >= MAX_IMPORT_CENTS || !(balance.date >= '1900-01-01' && balance.date <= '2200-12-31'))) account[key] = null
  }
  return account
}

/** A CSV file read with a mapping, as parseCsv reads it. */
export function csvStatementStream(mapping: CsvMapping): StatementStream {
  const rows = csvRows(mapping)
  const { errors, warnings } = rows
  const finish = finishing(errors, warnings)
  // the account is known only at the end (a column that holds one value throughout): the rows
  // point at this one, which end() fills in
  const account: ParsedAccount = { key: 'csv', name: '', numberLast4: null, type: 'checking', currency: null, ledgerBalance: null, availableBalance: null, transactions: [] }
  let text = ''
  let preamble: string | null = null
  let line = mapping.skipRows + 1
  let stopped = false

  const read = (final: boolean): StreamedRow[] => {
    if (preamble === null) {
      let at = 0
      for (let l = 0; l < mapping.skipRows; l++) {
        const nl = text.indexOf('\n', at)
        if (nl === -1) {
          if (!final) return []
          at = text.length
          break
        }
        at = nl + 1
      }
      preamble = text.slice(0, at)
      text = text.slice(at)
    }
    let offset = 0
    while (!stopped && offset < text.length) {
      const step = readCsvRecordStep(text, offset, mapping.delimiter, final)
      if (!step) break
      stopped = !rows.record({ cells: step.cells, line }, step.broken)
      line += 1 + step.newlines
      offset = step.next
    }
    text = offset >= text.length ? '' : text.slice(offset)
    // the newest row may still take a continuation row: it waits for the next piece
    const list = rows.transactions
    const ready = final ? list.length : Math.max(0, list.length - 1)
    const taken = list.splice(0, ready)
    return finish(taken.map((t) => ({ account, t })))
  }
  return {
    errors,
    warnings,
    push(piece) {
      text += piece
      return read(false)
    },
    end() {
      const last = read(true)
      const parsed = rows.finish(preamble ?? '')
      const whole = parsed.accounts[0]
      if (whole) Object.assign(account, { ...whole, transactions: [] })
      return { rows: last, accounts: [boundedBalances(account)] }
    },
  }
}

/** An OFX or QFX file, as parseOfx reads it (bank and credit-card statements). */
export function ofxStatementStream(format: 'ofx' | 'qfx'): StatementStream {
  const ofx = ofxStream(format)
  const { errors, warnings } = ofx
  const finish = finishing(errors, warnings)
  // one account object per key, as parseOfx merges statements of one account
  const byKey = new Map<string, ParsedAccount>()
  const same = (rows: { account: ParsedAccount; t: ParsedTransaction }[]): StreamedRow[] =>
    rows.map(({ account, t }) => {
      let one = byKey.get(account.key)
      if (!one) byKey.set(account.key, (one = account))
      return { account: one, t }
    })
  return {
    errors,
    warnings,
    push(piece) {
      return finish(same(ofx.push(piece)))
    },
    end() {
      const { result, rows: last } = ofx.end()
      const rows = finish(same(last))
      if (result.investments || result.accounts.some((a) => a.transactions.length > 0 || a.activities !== undefined)) {
        throw new StatementError('This is an investment statement: Kinwise reads investment statements whole, and this one is too large for that.')
      }
      const accounts = result.accounts.map((a) => {
        const one = byKey.get(a.key)
        if (!one) return boundedBalances(a)
        Object.assign(one, { ...a, transactions: [] })
        return boundedBalances(one)
      })
      return { rows, accounts }
    },
  }
}

export function statementStream(format: StatementFormat, mapping: CsvMapping | null): StatementStream {
  if (format === 'csv') {
    if (!mapping) throw new StatementError('Choose the columns of this CSV file before importing.')
    return csvStatementStream(mapping)
  }
  if (format === 'ofx' || format === 'qfx') return ofxStatementStream(format)
  throw new StatementError(`A ${format.toUpperCase()} file is read whole, not as a stream.`)
}
