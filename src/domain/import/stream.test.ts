// The streamed readers give what the whole-file parsers give: on every CSV/OFX/QFX fixture and on
// hand-made files whose awkward places (a multi-byte character, a CR LF, a quoted field with
// line breaks, an OFX tag) fall on the boundary between two pieces.
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { guessCsvMapping, parseStatement } from './parse'
import { EncodingProbe, statementStream, streamEncoding, TextStream } from './stream'
import type { CsvMapping, ParseIssue, ParsedAccount, ParsedTransaction, StatementFormat } from './types'

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements')

function* pieces(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

const sorted = (issues: ParseIssue[]) => [...issues].sort((a, b) => a.line - b.line || a.message.localeCompare(b.message))

function streamed(bytes: Uint8Array, format: StatementFormat, mapping: CsvMapping | null, size: number) {
  const probe = new EncodingProbe()
  for (const p of pieces(bytes, size)) probe.push(p)
  probe.end()
  const text = new TextStream(streamEncoding(bytes.subarray(0, 1 << 20), probe, format === 'csv' ? mapping?.encoding : null))
  const stream = statementStream(format, mapping)
  const rows: { account: ParsedAccount; t: ParsedTransaction }[] = []
  const take = (list: ReturnType<typeof stream.push>) => {
    for (const r of list) rows.push({ account: r.account, t: r.t })
  }
  for (const p of pieces(bytes, size)) take(stream.push(text.push(p)))
  take(stream.push(text.end()))
  const end = stream.end()
  take(end.rows)
  return {
    accounts: end.accounts.map((a) => ({ ...a, transactions: rows.filter((r) => r.account === a).map((r) => r.t) })),
    errors: sorted(stream.errors).slice(0, 1000),
    warnings: sorted(stream.warnings).slice(0, 1000),
  }
}

function whole(bytes: Uint8Array, format: StatementFormat, mapping: CsvMapping | null) {
  const result = parseStatement(bytes, format === 'csv' && mapping ? { format, csv: mapping } : { format })
  return { accounts: result.accounts, errors: sorted(result.errors), warnings: sorted(result.warnings) }
}

function expectSame(bytes: Uint8Array, format: StatementFormat, sizes = [1, 3, 17, 1000, 1 << 20]): void {
  const mapping = format === 'csv' ? guessCsvMapping(bytes).mapping : null
  const expected = whole(bytes, format, mapping)
  for (const size of sizes) expect(streamed(bytes, format, mapping, size), `pieces of ${String(size)} bytes`).toEqual(expected)
}

const utf8 = (text: string) => new TextEncoder().encode(text)

describe('streamed statements read like whole ones', () => {
  const folders = [
    ['csv', 'csv'],
    ['ofx', 'ofx'],
    ['qfx', 'qfx'],
  ] as const
  for (const [folder, format] of folders) {
    const dir = path.join(FIXTURES, folder)
    const files = existsSync(dir) ? readdirSync(dir) : []
    for (const file of files) {
      it(`${folder}/${file}`, () => {
        const bytes = new Uint8Array(readFileSync(path.join(dir, file)))
        let investment = false
        try {
          investment = parseStatement(bytes, { format }).accounts.some((a) => a.activities !== undefined)
        } catch {
          investment = false
        }
        if (investment) {
          // investment statements are read whole: the stream says so
          expect(() => streamed(bytes, format, null, 1000)).toThrow(/investment statement/)
          return
        }
        expectSame(bytes, format, [1, 7, 4096])
      })
    }
  }

  it('CSV: a multi-byte character, a CR LF and a quoted field with line breaks across pieces', () => {
    const bytes = utf8(
      'Date,Description,Amount,Id\r\n2024-01-02,"Café ☕ ""big""\r\nsecond line",-3.50,A1\r\n2024-01-03,Crème brûlée,-2.00,A1\r\n,continued here,,\r\n2024-01-04,"unclosed,-1.00,A3\r\n2024-01-05,Ünïcödé 𝄞,12.34,A4',
    )
    expectSame(bytes, 'csv', [1, 2, 3, 5, 8, 13, 64])
  })

  it('CSV: a preamble with a balance, a windows-1252 file, a BOM', () => {
    const preamble = 'Account,12345678\nLedger Balance,"1,234.56"\n\nDate;Text;Amount\n02.01.2024;Bäcker;-3,50\n03.01.2024;Lohn;1.200,00\n'
    expectSame(utf8(preamble), 'csv', [1, 4, 9])
    const latin = new Uint8Array([...utf8('Date,Payee,Amount\n2024-01-02,Caf'), 0xe9, ...utf8(',-3.50\n2024-01-03,'), 0x80, ...utf8(' fee,-1.00\n')])
    expectSame(latin, 'csv', [1, 2, 5])
    expectSame(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Date,Payee,Amount\n2024-01-02,Tea,-1.00\n')]), 'csv', [1, 2])
  })

  it('OFX: tags, entities and CR LF split between pieces, two statements of one account', () => {
    const stmt = (id: string, rows: string) =>
      `<STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>${id}<ACCTTYPE>SAVINGS</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20240131\r\n${rows}</BANKTRANLIST><LEDGERBAL><BALAMT>10.00<DTASOF>20240131</LEDGERBAL></STMTRS></STMTTRNRS>\r\n`
    const trn = (i: number, name: string) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2024010${String(i)}<TRNAMT>-${String(i)}.50<FITID>F1<NAME>${name}<MEMO>m &amp; n</STMTTRN>\r\n`
    const file = `OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nCHARSET:1252\r\n\r\n<OFX><BANKMSGSRSV1>${stmt('42', trn(1, 'Café') + trn(2, 'AT&amp;T <3'))}${stmt('42', trn(3, 'Ωmega') + trn(4, 'x'))}${stmt('', trn(5, 'no id'))}</BANKMSGSRSV1></OFX>`
    expectSame(utf8(file), 'ofx', [1, 2, 3, 5, 11, 64])
    // cut short: the last transaction closes at the end of the file
    expectSame(utf8(file.slice(0, file.lastIndexOf('</STMTTRN>'))), 'ofx', [1, 4, 33])
  })
})
