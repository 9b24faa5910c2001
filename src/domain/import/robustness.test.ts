// Broken, binary and hostile files must end as a StatementError or a result with errors:
// never a TypeError, a hang or a blown stack.

import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseStatement } from './parse'
import { StatementError, type CsvMapping, type ParseOptions, type ParseResult, type StatementFormat } from './types'

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)
const MB10 = 10_000_000

/** Parses and returns the result, or 'refused' for a StatementError; anything else fails. */
function outcome(bytes: Uint8Array, options?: ParseOptions): ParseResult | 'refused' {
  try {
    return parseStatement(bytes, options)
  } catch (error) {
    if (error instanceof StatementError) {
      expect(error.message).not.toMatch(/could not read this file/)
      return 'refused'
    }
    throw error
  }
}

/** A small deterministic pseudo-random generator, so failures can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const SGML = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n'

describe('binary files', () => {
  it.each([
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]],
    ['ZIP', [0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]],
    ['PDF', [...utf8('%PDF-1.7\n%âãÏÓ\n')]],
    ['gzip', [0x1f, 0x8b, 8, 0]],
    ['XLS', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
    ['NUL bytes', [...utf8('Date,Amount\n2024-01-01,'), 0, 0, 0, ...utf8('1\n')]],
    ['empty', []],
  ])('refuses %s', (_name, bytes) => {
    expect(() => parseStatement(new Uint8Array(bytes))).toThrow(StatementError)
  })

  it('never crashes on random bytes', () => {
    const next = random(42)
    for (let i = 0; i < 300; i++) {
      const bytes = new Uint8Array(1 + Math.floor(next() * 2048))
      for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(next() * 256)
      outcome(bytes)
    }
  })

  it('never crashes on random printable text forced into each format', () => {
    const next = random(7)
    const alphabet = '<>/!?[]"\',;|\t\n\r^DTPMNLS$ENTRY&#x;0123456789.-:ABCOFXNtryAmtCdtDbtInd '
    for (let i = 0; i < 300; i++) {
      let s = ''
      const n = Math.floor(next() * 600)
      for (let j = 0; j < n; j++) s += alphabet[Math.floor(next() * alphabet.length)] ?? ''
      for (const format of ['ofx', 'qif', 'csv', 'camt'] satisfies StatementFormat[]) outcome(utf8(s), { format })
    }
  })
})

describe('hostile markup', () => {
  it('refuses billion laughs in CAMT and in OFX', () => {
    const dtd = '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>'
    expect(outcome(utf8(`<?xml version="1.0"?>${dtd}<Document><BkToCstmrStmt><Stmt><Ntry>&c;</Ntry></Stmt></BkToCstmrStmt></Document>`))).toBe('refused')
    expect(outcome(utf8(`<?xml version="1.0"?>${dtd}<OFX><SIGNONMSGSRSV1>&c;</SIGNONMSGSRSV1></OFX>`))).toBe('refused')
    expect(outcome(utf8(`${SGML}<OFX><!ENTITY x "y"></OFX>`))).toBe('refused')
  })

  it('refuses deeply nested tags without blowing the stack', () => {
    expect(outcome(utf8(`<Document><BkToCstmrStmt>${'<a>'.repeat(1_000_000)}`))).toBe('refused')
    expect(outcome(utf8(`${SGML}<OFX>${'<AGG>'.repeat(1_000_000)}`))).toBe('refused')
    const balanced = `<Document><BkToCstmrStmt>${'<a>'.repeat(150)}${'</a>'.repeat(150)}</BkToCstmrStmt></Document>`
    expect(outcome(utf8(balanced))).not.toBe('refused')
  })

  it('stays linear on unclosed comments, CDATA, processing instructions and stray brackets', () => {
    for (const tail of ['<!--', '<![CDATA[', '<?pi', '<a x="', '<<<<', '</X>', '&#x']) {
      const body = tail.length <= 4 ? tail.repeat(MB10 / 4 / tail.length) : tail + 'x'.repeat(MB10 / 4)
      outcome(utf8(`${SGML}<OFX>${body}`))
      outcome(utf8(`<Document><BkToCstmrStmt>${body}`))
    }
  })
})

describe('pathological CSV with a mapping', () => {
  const mapping: CsvMapping = {
    delimiter: ',',
    decimalSeparator: '.',
    dateFormat: 'YYYY-MM-DD',
    skipRows: 0,
    hasHeader: false,
    columns: { date: 0, amount: 1 },
    signConvention: 'as-is',
  }

  it('stays linear on a 10 MB line of quoted fields and on lines of lone quotes', () => {
    expect(outcome(utf8('"a",'.repeat(MB10 / 4)), { format: 'csv', csv: mapping })).not.toBe('refused')
    const r = outcome(utf8('"x\n'.repeat(300_000)), { format: 'csv', csv: mapping })
    expect(r !== 'refused' && r.errors).toHaveLength(1001)
    outcome(utf8(`"${'x'.repeat(MB10 / 2)}${'\n"y'.repeat(100_000)}`), { format: 'csv', csv: mapping })
  })
})

describe('10 MB single lines', () => {
  const big = 'x'.repeat(MB10)

  it('CSV: refused when no columns show up, parsed when they do', () => {
    expect(outcome(utf8(big))).toBe('refused')
    expect(outcome(utf8(big), { format: 'csv' })).toBe('refused')
    const r = outcome(utf8(`Date,Amount,Payee\n2024-01-01,-1.00,${big}`))
    expect(r).not.toBe('refused')
    if (r !== 'refused') expect(r.accounts[0]?.transactions[0]?.payee.length).toBe(MB10)
    outcome(utf8(`Date,Amount\n${',"'.repeat(MB10 / 2)}`))
    outcome(utf8(`Date;Amount\n${'2024-01-01;'.repeat(MB10 / 11)}`))
  })

  it('QIF: a huge payee is kept, a huge date is an error with a short message', () => {
    const ok = outcome(utf8(`!Type:Bank\nD1/1/2024\nT-1\nP${big}`))
    expect(ok !== 'refused' && ok.accounts[0]?.transactions).toHaveLength(1)
    const bad = outcome(utf8(`!Type:Bank\nD${'1'.repeat(MB10)}\nT-1\n^`))
    expect(bad !== 'refused' && bad.errors[0]?.message.length).toBeLessThan(100)
  })

  it('OFX and CAMT: a huge value is read once', () => {
    const ofx = outcome(utf8(`${SGML}<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST><STMTTRN><DTPOSTED>20240101<TRNAMT>-1<NAME>${big}</STMTTRN>`))
    expect(ofx !== 'refused' && ofx.accounts[0]?.transactions).toHaveLength(1)
    const camt = outcome(
      utf8(
        `<Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">1</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-01-01</Dt></BookgDt>` +
          `<NtryDtls><TxDtls><RmtInf><Ustrd>${big}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>`,
      ),
    )
    expect(camt !== 'refused' && camt.accounts[0]?.transactions).toHaveLength(1)
  })

  it('OFX and CAMT with 100k elements on one line stay linear', () => {
    const entry = '<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-01-01</Dt></BookgDt><AcctSvcrRef>X</AcctSvcrRef></Ntry>'
    const camt = outcome(utf8(`<Document><BkToCstmrStmt><Stmt><Acct><Id><IBAN>DE00</IBAN></Id></Acct>${entry.repeat(100_000)}</Stmt></BkToCstmrStmt></Document>`))
    expect(camt !== 'refused' && camt.accounts[0]?.transactions).toHaveLength(100_000)
    const ofx = outcome(utf8(`${SGML}<OFX>${'<STMTRS><CURDEF>USD</STMTRS>'.repeat(100_000)}`))
    expect(ofx !== 'refused' && ofx.accounts).toHaveLength(100_000)
  })

  it('CSV with an unclosed quote on every line stays linear', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `2024-01-01,"-1.00,payee ${String(i)}`).join('\n')
    const r = outcome(utf8(`Date,Amount,Payee\n${lines}`))
    expect(r).not.toBe('refused')
    if (r !== 'refused') {
      expect(r.accounts[0]?.transactions).toHaveLength(200_000)
      expect(r.warnings).toHaveLength(1001)
      expect(r.warnings[1000]?.message).toBe('…and 199000 more warnings like these')
    }
  })
})

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements')

const damaged = existsSync(FIXTURES) ? describe : describe.skip
damaged(`damaged fixtures${existsSync(FIXTURES) ? '' : ` (skipped: the statement fixtures are not present at ${FIXTURES})`}`, () => {
  const files = existsSync(FIXTURES)
    ? ['ofx', 'qfx', 'qif', 'csv', 'camt'].flatMap((dir) => readdirSync(path.join(FIXTURES, dir)).map((f) => path.join(FIXTURES, dir, f)))
    : ['none']

  it.each(files)('%s cut short or with damaged bytes never crashes', (file) => {
    const bytes = new Uint8Array(readFileSync(file))
    const next = random(bytes.length)
    for (let k = 1; k <= 12; k++) outcome(bytes.subarray(0, Math.floor((bytes.length * k) / 13)))
    for (let k = 0; k < 20; k++) {
      const copy = bytes.slice()
      for (let j = 0; j < 5; j++) copy[Math.floor(next() * copy.length)] = Math.floor(next() * 128)
      outcome(copy)
    }
  })
})

describe('ids longer than OFX allows', () => {
  it('drops a FITID over 255 characters with a warning, keeping the row (found by the contract fuzz: it broke the id index on PostgreSQL)', () => {
    const ofx = (fitid: string) =>
      `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250105<TRNAMT>-0.11<FITID>${fitid}<NAME>Shop</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`
    const long = parseStatement(new TextEncoder().encode(ofx('é'.repeat(300))))
    expect(long.accounts[0]?.transactions[0]?.externalId).toBeNull()
    expect(long.warnings[0]?.message).toMatch(/longer than 255 characters/)
    const fine = parseStatement(new TextEncoder().encode(ofx('a'.repeat(255))))
    expect(fine.accounts[0]?.transactions[0]?.externalId).toBe('a'.repeat(255))
    expect(fine.warnings).toEqual([])
  })
})
