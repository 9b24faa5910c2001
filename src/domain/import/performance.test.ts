// Generated 100k-row files must parse completely; the times are printed for the lead, not
// asserted (tests assert behaviour; bench/ owns the figures).

import { describe, expect, it } from 'vitest'
import { parseStatement } from './parse'

const ROWS = 100_000
const encoder = new TextEncoder()

function bigCsv(): Uint8Array {
  const lines = ['Date,Description,Amount,Transaction ID']
  for (let i = 0; i < ROWS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0')
    const month = String((i % 12) + 1).padStart(2, '0')
    const sign = i % 3 === 0 ? '' : '-'
    lines.push(`2024-${month}-${day},"Shop ${String(i)}, Main Street",${sign}${String(i % 1000)}.${String(i % 100).padStart(2, '0')},R${String(i)}`)
  }
  return encoder.encode(`${lines.join('\r\n')}\r\n`)
}

function bigOfx(): Uint8Array {
  const parts: string[] = [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n',
    '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240101<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD',
    '<BANKACCTFROM><BANKID>123<ACCTID>98765<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20241231\n',
  ]
  for (let i = 0; i < ROWS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0')
    parts.push(
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202403${day}120000.000[-5:EST]<TRNAMT>-${String(i % 500)}.${String(i % 100).padStart(2, '0')}<FITID>F${String(i)}<NAME>Payee ${String(i)}<MEMO>Memo ${String(i)}</STMTTRN>\n`,
    )
  }
  parts.push('</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20241231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n')
  return encoder.encode(parts.join(''))
}

describe('100k-row files', () => {
  it('parses a generated 100k-row CSV', () => {
    const bytes = bigCsv()
    const start = performance.now()
    const result = parseStatement(bytes)
    const ms = performance.now() - start
    console.log(`100k-row CSV (${(bytes.length / 1e6).toFixed(1)} MB) parsed in ${ms.toFixed(0)} ms`)
    expect(result.errors).toEqual([])
    expect(result.accounts[0]?.transactions).toHaveLength(ROWS)
    expect(result.accounts[0]?.transactions[ROWS - 1]?.externalId).toBe(`R${String(ROWS - 1)}`)
  })

  it('parses a generated 100k-transaction OFX', () => {
    const bytes = bigOfx()
    const start = performance.now()
    const result = parseStatement(bytes)
    const ms = performance.now() - start
    console.log(`100k-transaction OFX (${(bytes.length / 1e6).toFixed(1)} MB) parsed in ${ms.toFixed(0)} ms`)
    expect(result.errors).toEqual([])
    expect(result.accounts[0]?.transactions).toHaveLength(ROWS)
    expect(result.accounts[0]?.ledgerBalance?.amount).toBe(10000)
  })
})
