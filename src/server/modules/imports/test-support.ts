// What the imports tests share: their app (setUpImportsTestApp() in each file) and the steps they repeat.
import { afterAll, beforeAll, expect } from 'vitest'
import { newUser } from '#src/server/test/fixtures'
import { createTestApp, type Client, type TestContext } from '#src/server/test/helper'

export let t: TestContext
export let a: Client
export let b: Client

export function setUpImportsTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
    a = await newUser(t.app)
    b = await newUser(t.app)
  })
  afterAll(async () => {
    await t.close()
  })
}

export type Row = [date: string, payee: string, amount: string]

export const csv = (rows: Row[]) => `Date,Description,Amount\n${rows.map((r) => r.join(',')).join('\n')}\n`

export async function newAccount(client: Client, name: string, type = 'checking'): Promise<string> {
  const res = await client.post('/api/accounts', { name, type })
  expect(res.statusCode).toBe(201)
  return res.json().id
}

export const balanceOf = async (client: Client, id: string): Promise<number> => (await client.get(`/api/accounts/${id}`)).json().balance

export async function rowsOf(client: Client, accountId: string) {
  const res = await client.get(`/api/transactions?accountId=${accountId}&limit=500&sort=date_asc`)
  expect(res.statusCode).toBe(200)
  return res.json() as {
    id: string
    date: string
    amount: number
    merchant: string
    description: string
    notes: string
    categoryId: string | null
    kind: string
    source: string
    transferId: string | null
    transferAccountId: string | null
    importBatchId: string | null
  }[]
}

export async function importsOf(client: Client): Promise<{ id: string; added: number }[]> {
  return (await client.get('/api/imports')).json()
}

/** The statement's ledger balance: `ledger`, or else what its rows add up to (so it asks for no
 *  opening balance or reconciliation). */
export function ledgerOf(acc: { ledger?: string; rows: [string, string, string, string][] }): string {
  return acc.ledger ?? (acc.rows.reduce((sum, r) => sum + Math.round(Number(r[1]) * 100), 0) / 100).toFixed(2)
}

/** The statement's date: its last row's, or the end of January 2024. */
export function asOf(rows: [string, string, string, string][]): string {
  return rows.reduce((max, r) => (r[0] > max ? r[0] : max), '2024-01-31').replace(/-/g, '')
}

export function ofx(
  accounts: { type: 'CHECKING' | 'SAVINGS' | 'CREDITCARD'; acct: string; ledger?: string; rows: [date: string, amount: string, name: string, fitid: string][] }[],
): string {
  const statements = accounts.map((acc) => {
    const list = acc.rows
      .map(([date, amount, name, fitid]) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${date.replace(/-/g, '')}<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}</STMTTRN>`)
      .join('\n')
    if (acc.type === 'CREDITCARD') {
      return `<CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>${acc.acct}</CCACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20240131\n${list}\n</BANKTRANLIST><LEDGERBAL><BALAMT>${ledgerOf(acc)}<DTASOF>${asOf(acc.rows)}</LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>`
    }
    return `<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>111000025<ACCTID>${acc.acct}<ACCTTYPE>${acc.type}</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20240131\n${list}\n</BANKTRANLIST><LEDGERBAL><BALAMT>${ledgerOf(acc)}<DTASOF>${asOf(acc.rows)}</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>`
  })
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240201<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>\n${statements.join('\n')}\n</OFX>\n`
}
