// OFX files as banks send them in the wild, on small inline files in their exact shapes: several
// statements left open in SGML, several OFX documents in one file, padding after </OFX> and
// amounts written with more decimals than cents.

import { describe, expect, it } from 'vitest'
import { parseAmountGuessingSeparator, roundedToCents } from './common'
import { ofxStream } from './ofx'
import { parseStatement } from './parse'

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)

const HEADER = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n'

function trn(id: string, amount: string): string {
  return `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>20240105\n<TRNAMT>${amount}\n<FITID>${id}\n<NAME>Row ${id}\n</STMTTRN>\n`
}

/** one statement response; `close` false leaves STMTRS and STMTTRNRS open, as some banks do */
function statement(acct: string, rows: string, close = true): string {
  return (
    `<STMTTRNRS>\n<TRNUID>1\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<STMTRS>\n<CURDEF>USD\n` +
    `<BANKACCTFROM>\n<BANKID>111\n<ACCTID>${acct}\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n` +
    `<BANKTRANLIST>\n<DTSTART>20240101\n<DTEND>20240131\n${rows}</BANKTRANLIST>\n` +
    `<LEDGERBAL>\n<BALAMT>10.00\n<DTASOF>20240131\n</LEDGERBAL>\n${close ? '</STMTRS>\n</STMTTRNRS>\n' : ''}`
  )
}

function document(body: string): string {
  return `${HEADER}<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<DTSERVER>20240131\n<LANGUAGE>ENG\n</SONRS>\n</SIGNONMSGSRSV1>\n<BANKMSGSRSV1>\n${body}</BANKMSGSRSV1>\n</OFX>\n`
}

const summary = (bytes: Uint8Array) =>
  parseStatement(bytes).accounts.map((a) => ({ key: a.key, rows: a.transactions.length, sum: a.transactions.reduce((s, t) => s + t.amount, 0) }))

describe('OFX with several statements', () => {
  it('reads every statement of one response, each with its own account, when SGML leaves them open', () => {
    const file = document(statement('1001', trn('a', '-1.00') + trn('b', '-2.00'), false) + statement('1002', trn('c', '5.00'), false))
    expect(summary(utf8(file))).toEqual([
      { key: '111:1001', rows: 2, sum: -300 },
      { key: '111:1002', rows: 1, sum: 500 },
    ])
  })

  it('reads several OFX documents one after the other in one file', () => {
    const file = document(statement('1001', trn('a', '-1.00'))) + document(statement('1002', trn('c', '5.00') + trn('d', '6.00')))
    expect(summary(utf8(file))).toEqual([
      { key: '111:1001', rows: 1, sum: -100 },
      { key: '111:1002', rows: 2, sum: 1100 },
    ])
  })

  it('streams them the same way', () => {
    const file = document(statement('1001', trn('a', '-1.00'), false) + statement('1002', trn('c', '5.00'), false)) + document(statement('1003', trn('e', '7.00')))
    const stream = ofxStream()
    const rows = stream.push(file)
    const end = stream.end()
    const keys = rows.concat(end.rows).map((r) => `${r.account.key}:${String(r.t.amount)}`)
    expect(keys).toEqual(['111:1001:-100', '111:1002:500', '111:1003:700'])
    expect(end.result.accounts.map((a) => a.key)).toEqual(['111:1001', '111:1002', '111:1003'])
  })
})

describe('OFX with padding after </OFX>', () => {
  it('ignores a NUL after the closing tag and says so', () => {
    const text = utf8(document(statement('1001', trn('a', '-1.00'))))
    const bytes = new Uint8Array(text.length + 1)
    bytes.set(text)
    const result = parseStatement(bytes)
    expect(result.accounts[0]?.transactions).toHaveLength(1)
    expect(result.warnings.map((w) => w.message).join('\n')).toMatch(/padding \(NUL or other control bytes\) after its last tag; it was ignored/)
  })

  it('still refuses a NUL inside the statement', () => {
    const text = document(statement('1001', trn('a', '-1.00'))).replace('<NAME>Row a', '<NAME>Row\u0000a')
    expect(() => parseStatement(utf8(text))).toThrow(/binary data/)
  })
})

describe('amounts with more decimals than cents', () => {
  it.each([
    ['+00000000000115.8331', 11583],
    ['-00000000000197.1063', -19711],
    ['0.125', 13],
    ['-0.125', -13],
    ['-0.005', -1],
    ['12.3449', 1234],
    ['1.500,555', 150056],
  ])('rounds %s half away from zero to %i cents', (raw, cents) => {
    expect(roundedToCents(raw, parseAmountGuessingSeparator)?.amount).toBe(cents)
  })

  it('reads such rows, with a warning naming the line and the rounded value', () => {
    const result = parseStatement(utf8(document(statement('1001', trn('a', '+00000000000115.8331') + trn('b', '-00000000001500.0000')))))
    expect(result.errors).toEqual([])
    expect(result.accounts[0]?.transactions.map((t) => t.amount)).toEqual([11583, -150000])
    expect(result.warnings).toHaveLength(1)
    expect(result.warnings[0]?.message).toMatch(/^Line \d+: "\+00000000000115\.8331" has more decimals than cents; it was rounded to 115\.83$/)
  })
})
