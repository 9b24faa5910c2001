import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importBatches, transactions } from '../../db/schema'
import { newUser } from '../../test/fixtures'
import { categoryId, createTestApp, type Client, type TestContext } from '../../test/helper'
import { upload } from '../../test/upload'

let t: TestContext
let a: Client
let b: Client

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  a = await newUser(t.app)
  b = await newUser(t.app)
})
afterAll(async () => {
  await t.close()
})

type Row = [date: string, payee: string, amount: string]

const csv = (rows: Row[]) => `Date,Description,Amount\n${rows.map((r) => r.join(',')).join('\n')}\n`

async function newAccount(client: Client, name: string, type = 'checking'): Promise<string> {
  const res = await client.post('/api/accounts', { name, type })
  expect(res.statusCode).toBe(201)
  return res.json().id
}

const balanceOf = async (client: Client, id: string): Promise<number> => (await client.get(`/api/accounts/${id}`)).json().balance

async function rowsOf(client: Client, accountId: string) {
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

async function importsOf(client: Client): Promise<{ id: string; added: number }[]> {
  return (await client.get('/api/imports')).json()
}

/** The statement's ledger balance: `ledger`, or else what its rows add up to (so it asks for no
 *  opening balance or reconciliation). */
function ledgerOf(acc: { ledger?: string; rows: [string, string, string, string][] }): string {
  return acc.ledger ?? (acc.rows.reduce((sum, r) => sum + Math.round(Number(r[1]) * 100), 0) / 100).toFixed(2)
}

/** The statement's date: its last row's, or the end of January 2024. */
function asOf(rows: [string, string, string, string][]): string {
  return rows.reduce((max, r) => (r[0] > max ? r[0] : max), '2024-01-31').replace(/-/g, '')
}

function ofx(
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

describe('CSV import', () => {
  let checking: string
  const january: Row[] = [
    ['2024-01-03', 'ACME PAYROLL', '2500.00'],
    ['2024-01-05', 'Corner Market', '-45.99'],
    ['2024-01-09', 'Blue Bottle Coffee', '-4.50'],
    ['2024-01-12', 'City Power', '-80.10'],
    ['2024-01-20', 'Corner Market', '-12.01'],
  ]

  beforeAll(async () => {
    checking = await newAccount(a, 'Everyday')
  })

  it('needs the account a CSV file belongs to, and writes nothing without it', async () => {
    const res = await upload(a, csv(january))
    expect(res.statusCode).toBe(400)
    // the format is data in the error, so the page need not read it out of the message
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_REQUIRED', format: 'csv' })
    expect(res.json().message).toMatch(/Choose the account/)
    expect(await importsOf(a)).toEqual([])
  })

  it('previews without writing: every row with its status, and the mapping to edit', async () => {
    const res = await upload(a, csv(january), { preview: true, fields: { accountId: checking } })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ batchId: null, format: 'csv', added: 5, duplicates: 0, transfers: 0, errors: [], rowCount: 5 })
    expect(body.rows).toHaveLength(5)
    expect(body.rows[1]).toMatchObject({ line: 3, date: '2024-01-05', amount: -45.99, payee: 'Corner Market', status: 'new', matchId: null })
    expect(body.csv.headers).toEqual(['Date', 'Description', 'Amount'])
    expect(body.csv.sampleRows[0]).toEqual(['2024-01-03', 'ACME PAYROLL', '2500.00'])
    expect(body.csv.mapping).toMatchObject({ delimiter: ',', dateFormat: 'YYYY-MM-DD', columns: { date: 0, amount: 2 } })
    expect(body.accounts).toEqual([
      {
        key: 'csv',
        name: 'Everyday',
        accountId: checking,
        created: false,
        numberLast4: null,
        currency: 'USD',
        added: 5,
        duplicates: 0,
        transfers: 0,
        activities: 0,
        // a CSV states no balance
        statementBalance: null,
        statementDate: null,
        openingBalance: null,
        balanceDifference: null,
      },
    ])
    expect(await importsOf(a)).toEqual([])
    expect(await rowsOf(a, checking)).toEqual([])
    expect(await balanceOf(a, checking)).toBe(0)
  })

  it('imports every row with its batch, source and imported payee; the balance moves to the cent', async () => {
    const file = csv(january)
    const res = await upload(a, file, { fileName: 'january.csv', fields: { accountId: checking } })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ format: 'csv', added: 5, duplicates: 0, transfers: 0, skipped: 0 })
    expect(body.rows).toBeUndefined()
    expect(await balanceOf(a, checking)).toBe(2357.4)
    const rows = await rowsOf(a, checking)
    expect(rows.map((r) => r.amount)).toEqual([2500, -45.99, -4.5, -80.1, -12.01])
    expect(rows.every((r) => r.importBatchId === body.batchId && r.source === 'import' && r.kind === 'standard')).toBe(true)
    const [batch] = await t.database.db.select().from(importBatches).where(eq(importBatches.id, body.batchId))
    expect(batch).toMatchObject({
      fileName: 'january.csv',
      format: 'csv',
      fileSize: Buffer.byteLength(file),
      fileHash: createHash('sha256').update(file).digest('hex'),
      added: 5,
      duplicates: 0,
      accountIds: [checking],
      createdAccountIds: [],
    })
    const [stored] = await t.database.db.select().from(transactions).where(eq(transactions.id, rows[0]?.id ?? ''))
    expect(stored?.importedPayee).toBe('ACME PAYROLL')
    const listed = (await a.get('/api/imports')).json()
    expect(listed[0]).toMatchObject({ id: body.batchId, fileName: 'january.csv', format: 'csv', added: 5 })
  })

  it("finds an import's rows by its id range: the list filter and undo take only them, never a row inside the range", async () => {
    const account = await newAccount(a, 'Range')
    const res = (
      await upload(a, csv([['2024-06-01', 'One', '-1.00'], ['2024-06-02', 'Two', '-2.00'], ['2024-06-03', 'Three', '-3.00'], ['2024-06-04', 'Four', '-4.00']]), {
        fields: { accountId: account },
      })
    ).json()
    const imported = await rowsOf(a, account)
    const ids = imported.map((r) => r.id).sort()
    const [batch] = await t.database.db.select().from(importBatches).where(eq(importBatches.id, res.batchId))
    expect(batch).toMatchObject({ firstTransactionId: ids[0], lastTransactionId: ids[ids.length - 1] })
    // a row of the same account whose id falls between the import's first and last (as one
    // written at the same moment by something else would)
    const first = ids[0] ?? ''
    const inside = `${first.slice(0, 24)}${(BigInt(`0x${first.slice(24)}`) + 1n).toString(16).padStart(12, '0')}`
    expect(inside > first && inside < (ids[ids.length - 1] ?? '')).toBe(true)
    expect(ids).not.toContain(inside)
    const manual = await a.post('/api/transactions', { accountId: account, date: '2024-06-02', amount: -7, merchant: 'Inside' })
    expect(manual.statusCode).toBe(201)
    await t.database.db.update(transactions).set({ id: inside }).where(eq(transactions.id, manual.json().id))
    const listed = await a.get(`/api/transactions?importBatchId=${res.batchId}&limit=50`)
    expect(listed.statusCode).toBe(200)
    expect(listed.json().map((r: { merchant: string }) => r.merchant)).toEqual(['Four', 'Three', 'Two', 'One'])
    // another household asking for this import sees nothing of it
    expect((await b.get(`/api/transactions?importBatchId=${res.batchId}`)).json()).toEqual([])
    expect((await a.delete(`/api/imports/${res.batchId}`)).json()).toMatchObject({ deleted: 4 })
    expect((await rowsOf(a, account)).map((r) => r.merchant)).toEqual(['Inside'])
    expect((await a.get(`/api/transactions?importBatchId=${res.batchId}`)).json()).toEqual([])
  })

  it('re-importing the same file adds nothing', async () => {
    const preview = (await upload(a, csv(january), { preview: true, fields: { accountId: checking } })).json()
    expect(preview).toMatchObject({ added: 0, duplicates: 5 })
    expect(preview.rows.every((r: { status: string; matchId: string | null }) => r.status === 'duplicate' && r.matchId !== null)).toBe(true)
    expect(preview.warnings[0].message).toMatch(/This very file was imported on Mar 15, 2026/)
    const res = (await upload(a, csv(january), { fields: { accountId: checking } })).json()
    expect(res).toMatchObject({ added: 0, duplicates: 5 })
    expect(await rowsOf(a, checking)).toHaveLength(5)
    expect(await balanceOf(a, checking)).toBe(2357.4)
  })

  it('an overlapping statement adds only its new rows', async () => {
    const overlapping: Row[] = [
      ['2024-01-12', 'CITY POWER #2231', '-80.10'],
      ['2024-01-20', 'CORNER MARKET', '-12.01'],
      ['2024-01-22', 'Blue Bottle Coffee', '-4.50'],
      ['2024-02-01', 'ACME PAYROLL', '2500.00'],
    ]
    const res = (await upload(a, csv(overlapping), { fields: { accountId: checking } })).json()
    expect(res).toMatchObject({ added: 2, duplicates: 2 })
    const rows = await rowsOf(a, checking)
    expect(rows.map((r) => r.date)).toEqual(['2024-01-03', '2024-01-05', '2024-01-09', '2024-01-12', '2024-01-20', '2024-01-22', '2024-02-01'])
    expect(await balanceOf(a, checking)).toBe(4852.9)
  })

  it('keeps two identical coffees on one day: two new when none is stored, one new against one stored', async () => {
    const cafe = await newAccount(a, 'Cafe card')
    const twice: Row[] = [
      ['2024-03-04', 'Blue Bottle Coffee', '-4.50'],
      ['2024-03-04', 'Blue Bottle Coffee', '-4.50'],
    ]
    const first = (await upload(a, csv(twice), { fields: { accountId: cafe } })).json()
    expect(first).toMatchObject({ added: 2, duplicates: 0 })
    // the same two again: both are duplicates
    expect((await upload(a, csv(twice), { preview: true, fields: { accountId: cafe } })).json()).toMatchObject({ added: 0, duplicates: 2 })
    // a third identical coffee that day in a longer statement is new
    const thrice: Row[] = [...twice, ['2024-03-04', 'Blue Bottle Coffee', '-4.50']]
    const third = (await upload(a, csv(thrice), { fields: { accountId: cafe } })).json()
    expect(third).toMatchObject({ added: 1, duplicates: 2 })
    expect(await balanceOf(a, cafe)).toBe(-13.5)

    const other = await newAccount(a, 'Other card')
    const one = (await upload(a, csv([twice[0] ?? ['', '', '']]), { fields: { accountId: other } })).json()
    expect(one.added).toBe(1)
    const res = (await upload(a, csv(twice), { fields: { accountId: other } })).json()
    expect(res).toMatchObject({ added: 1, duplicates: 1 })
    expect(await rowsOf(a, other)).toHaveLength(2)
  })

  it('overrides force a duplicate in and leave a new row out', async () => {
    const account = await newAccount(a, 'Overrides')
    await upload(a, csv([['2024-04-01', 'Gym', '-30.00']]), { fields: { accountId: account } })
    const file = csv([
      ['2024-04-01', 'Gym', '-30.00'],
      ['2024-04-02', 'Pharmacy', '-8.20'],
      ['2024-04-03', 'Bakery', '-3.10'],
    ])
    const preview = (
      await upload(a, file, { preview: true, fields: { accountId: account, overrides: [{ line: 4, status: 'skip' }] } })
    ).json()
    expect(preview.rows.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'new', 'skip'])
    expect(preview).toMatchObject({ added: 1, duplicates: 1, skipped: 1 })
    const res = await upload(a, file, {
      fields: {
        accountId: account,
        overrides: [
          { line: 2, status: 'new' },
          { line: 4, status: 'skip' },
        ],
      },
    })
    expect(res.json()).toMatchObject({ added: 2, duplicates: 0, skipped: 1 })
    const rows = await rowsOf(a, account)
    expect(rows.map((r) => r.merchant)).toEqual(['Gym', 'Gym', 'Pharmacy'])
    expect(await balanceOf(a, account)).toBe(-68.2)
  })

  it('refuses overrides that are not JSON', async () => {
    const res = await upload(a, csv(january), { fields: { accountId: checking, overrides: 'not json' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/overrides/)
  })

  it('undo removes the rows and restores the balance and summaries to the cent', async () => {
    const account = await newAccount(a, 'Undo me')
    const groceries = await categoryId(t, a, 'Groceries')
    await a.post('/api/transactions', { accountId: account, date: '2024-05-01', amount: -10.05, merchant: 'Before', categoryId: groceries })
    const summaryBefore = (await a.get('/api/analytics/monthly-summary?month=2024-05')).json()
    const res = (
      await upload(a, csv([['2024-05-02', 'Shop', '-19.99'], ['2024-05-03', 'Refund', '5.01'], ['2024-05-31', 'Shop', '-0.01']]), { fields: { accountId: account } })
    ).json()
    expect(await balanceOf(a, account)).toBe(-25.04)
    const undo = await a.delete(`/api/imports/${res.batchId}`)
    expect(undo.statusCode).toBe(200)
    expect(undo.json()).toEqual({ deleted: 3, restored: 0, activities: 0, accountsKept: [] })
    expect(await balanceOf(a, account)).toBe(-10.05)
    expect((await rowsOf(a, account)).map((r) => r.merchant)).toEqual(['Before'])
    const summaryAfter = (await a.get('/api/analytics/monthly-summary?month=2024-05')).json()
    expect(summaryAfter.income).toBe(summaryBefore.income)
    expect(summaryAfter.expenses).toBe(summaryBefore.expenses)
    expect((await importsOf(a)).some((i) => i.id === res.batchId)).toBe(false)
    expect((await a.delete(`/api/imports/${res.batchId}`)).statusCode).toBe(404)
  })

  it('remembers the mapping a commit used for the account, and lists and saves presets', async () => {
    const account = await newAccount(a, 'Semicolons')
    const file = 'Buchungstag;Verwendungszweck;Betrag\n03.01.2024;Miete;-750,00\n04.01.2024;Gehalt;1.200,50\n'
    const mapping = {
      delimiter: ';',
      decimalSeparator: ',',
      dateFormat: 'DD.MM.YYYY',
      skipRows: 0,
      hasHeader: true,
      columns: { date: 0, description: 1, amount: 2 },
      signConvention: 'as-is',
    }
    const res = (await upload(a, file, { fields: { accountId: account, mapping } })).json()
    expect(res.added).toBe(2)
    expect(await balanceOf(a, account)).toBe(450.5)
    const presets = (await a.get('/api/import-presets')).json()
    expect(presets).toEqual([expect.objectContaining({ accountId: account, name: 'Semicolons CSV', mapping: expect.objectContaining({ delimiter: ';' }) })])
    // next time, the preset is used without sending a mapping
    const next = (await upload(a, file, { preview: true, fields: { accountId: account } })).json()
    expect(next.csv.source).toBe('preset')
    expect(next.duplicates).toBe(2)
    const saved = await a.put('/api/import-presets', { accountId: null, name: 'Default', mapping })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ accountId: null, name: 'Default' })
    const again = await a.put('/api/import-presets', { accountId: null, name: 'Default 2', mapping })
    expect(again.json().id).toBe(saved.json().id)
    expect((await a.get('/api/import-presets')).json()).toHaveLength(2)
  })

  it('keeps every character of payees through the bulk path (1,200 rows)', async () => {
    const account = await newAccount(a, 'Bulk')
    const tricky = ['Quote "q" Co', 'Back\\slash', 'Braces {x}', 'Comma, Inc', 'NULL', 'Ünïcödé €', '', 'Both \\" \\\\ at once']
    const lines = ['Date,Description,Amount,Transaction ID']
    for (let i = 0; i < 1200; i++) lines.push(`2024-08-${String((i % 28) + 1).padStart(2, '0')},"${(tricky[i % tricky.length] ?? '').replace(/"/g, '""')}",-1.${String(i % 100).padStart(2, '0')},B${String(i)}`)
    const res = (await upload(a, `${lines.join('\n')}\n`, { fields: { accountId: account } })).json()
    expect(res.added).toBe(1200)
    const stored = await t.database.db
      .select({ merchant: transactions.merchant, importedPayee: transactions.importedPayee, externalId: transactions.externalId })
      .from(transactions)
      .where(eq(transactions.accountId, account))
    const byId = new Map(stored.map((r) => [r.externalId, r]))
    for (let i = 0; i < 1200; i += 97) {
      expect(byId.get(`B${String(i)}`)).toMatchObject({ merchant: tricky[i % tricky.length], importedPayee: tricky[i % tricky.length] })
    }
    expect(await balanceOf(a, account)).toBe(-1794)
  })

  it('lists past imports newest first, a page at a time', async () => {
    const all = (await a.get('/api/imports?limit=500')).json()
    expect(all.length).toBeGreaterThan(3)
    const first = await a.get('/api/imports?limit=2')
    expect(first.json().map((i: { id: string }) => i.id)).toEqual(all.slice(0, 2).map((i: { id: string }) => i.id))
    const cursor = first.headers['x-next-cursor']
    expect(typeof cursor).toBe('string')
    const second = await a.get(`/api/imports?limit=2&cursor=${String(cursor)}`)
    expect(second.json().map((i: { id: string }) => i.id)).toEqual(all.slice(2, 4).map((i: { id: string }) => i.id))
    expect((await a.get('/api/imports?cursor=nonsense')).statusCode).toBe(400)
  })

  it('names the line of each row it cannot read and imports the others', async () => {
    const account = await newAccount(a, 'Errors')
    const good: Row[] = [1, 2, 3, 4, 5, 6, 7, 8].map((d) => [`2024-06-0${d}`, 'Ok', '-1.00'])
    const file = csv([...good.slice(0, 4), ['2024-06-31', 'Bad date', '-2.00'], ['2024-06-02', 'Bad amount', 'abc'], ...good.slice(4)])
    const res = (await upload(a, file, { fields: { accountId: account } })).json()
    expect(res.added).toBe(8)
    expect(res.errors).toEqual([
      { line: 6, message: 'Line 6: "2024-06-31" is not a valid date' },
      { line: 7, message: 'Line 7: "abc" is not an amount' },
    ])
    // a file where no row can be read is refused, naming the first bad line
    const none = await upload(a, csv([['2024-06-31', 'Bad date', '-2.00']]), { fields: { accountId: account, mapping: { delimiter: ',', decimalSeparator: '.', dateFormat: 'YYYY-MM-DD', skipRows: 0, hasHeader: true, columns: { date: 0, description: 1, amount: 2 }, signConvention: 'as-is' } } })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toEqual({ code: 'PARSE_ERRORS', format: 'csv', message: 'No row of the file could be read. Line 2: "2024-06-31" is not a valid date' })
  })
})

describe('OFX import, accounts and transfers', () => {
  it('creates the account named from the file, finds it again by its identity, and marks the source', async () => {
    const file = ofx([{ type: 'CHECKING', acct: '000012345678', rows: [['2024-01-04', '-20.00', 'GROCER', 'F1'], ['2024-01-05', '1000.00', 'PAYROLL', 'F2']] }])
    const preview = (await upload(a, file, { preview: true, fileName: 'bank.ofx' })).json()
    expect(preview.accounts).toEqual([
      expect.objectContaining({ key: '111000025:000012345678', name: 'Checking ••5678', accountId: null, created: true, numberLast4: '5678', added: 2 }),
    ])
    expect((await a.get('/api/accounts')).json().some((x: { name: string }) => x.name === 'Checking ••5678')).toBe(false)
    const res = (await upload(a, file, { fileName: 'bank.ofx' })).json()
    const created = res.accounts[0]
    expect(created).toMatchObject({ created: true, added: 2 })
    const account = (await a.get(`/api/accounts/${created.accountId}`)).json()
    expect(account).toMatchObject({ name: 'Checking ••5678', type: 'checking', accountNumber: '5678', balance: 980 })
    const rows = await rowsOf(a, created.accountId)
    expect(rows.map((r) => r.source)).toEqual(['bank_statement', 'bank_statement'])
    const again = (await upload(a, file, { fileName: 'bank.ofx' })).json()
    expect(again.accounts[0]).toMatchObject({ accountId: created.accountId, created: false, added: 0, duplicates: 2 })
  })

  it('forces in a row whose bank id is already stored without breaking the id index', async () => {
    const c = await newUser(t.app)
    const file = ofx([{ type: 'CHECKING', acct: '3333', rows: [['2024-01-04', '-20.00', 'GROCER', 'DUP1']] }])
    const first = (await upload(c, file, { fileName: 'a.ofx' })).json()
    const [row] = (await upload(c, file, { fileName: 'a.ofx', preview: true })).json().rows
    expect(row).toMatchObject({ status: 'duplicate' })
    const forced = await upload(c, file, { fileName: 'a.ofx', fields: { overrides: [{ line: row.line, status: 'new' }] } })
    expect(forced.statusCode).toBe(200)
    expect(forced.json()).toMatchObject({ added: 1, duplicates: 0 })
    const rows = await t.database.db.select({ externalId: transactions.externalId }).from(transactions).where(eq(transactions.accountId, first.accounts[0].accountId))
    expect(rows.map((r) => r.externalId).sort()).toEqual(['DUP1', null])
    expect(await balanceOf(c, first.accounts[0].accountId)).toBe(-40)
  })

  it('imports a card statement as credit_statement', async () => {
    const res = (await upload(a, ofx([{ type: 'CREDITCARD', acct: '4111111111119999', rows: [['2024-01-06', '-15.00', 'BOOKS', 'C1']] }]), { fileName: 'card.qfx' })).json()
    const rows = await rowsOf(a, res.accounts[0].accountId)
    expect(rows[0]).toMatchObject({ source: 'credit_statement', amount: -15 })
    expect((await a.get(`/api/accounts/${res.accounts[0].accountId}`)).json().type).toBe('credit_card')
  })

  it('links a transfer between two accounts of one file: neither income nor spending', async () => {
    const c = await newUser(t.app)
    const file = ofx([
      { type: 'CHECKING', acct: '1111', rows: [['2024-02-10', '-500.00', 'TRANSFER TO SAVINGS', 'A1'], ['2024-02-11', '-30.00', 'LUNCH', 'A2']] },
      { type: 'SAVINGS', acct: '2222', rows: [['2024-02-12', '500.00', 'TRANSFER FROM CHECKING', 'B1']] },
    ])
    const preview = (await upload(c, file, { preview: true, fileName: 'two.ofx' })).json()
    expect(preview).toMatchObject({ added: 3, transfers: 2 })
    const [out0, in0] = preview.rows.filter((r: { status: string }) => r.status === 'transfer')
    expect(out0).toMatchObject({ amount: -500, matchLine: in0.line, matchId: null, accountKey: '111000025:1111' })
    expect(in0).toMatchObject({ amount: 500, matchLine: out0.line, accountKey: '111000025:2222' })
    const res = (await upload(c, file, { fileName: 'two.ofx' })).json()
    const [checkingId, savingsId] = res.accounts.map((x: { accountId: string }) => x.accountId)
    const out = (await rowsOf(c, checkingId)).find((r) => r.amount === -500)
    const into = (await rowsOf(c, savingsId))[0]
    expect(out).toMatchObject({ kind: 'transfer', categoryId: null, transferAccountId: savingsId })
    expect(into).toMatchObject({ kind: 'transfer', transferAccountId: checkingId })
    expect(out?.transferId).toBe(into?.transferId)
    const summary = (await c.get('/api/analytics/monthly-summary?month=2024-02')).json()
    expect(summary.income).toBe(0)
    expect(summary.expenses).toBe(30)
  })

  it('pairs an imported row with a stored row of another account, and undo gives that row back', async () => {
    const c = await newUser(t.app)
    const card = await newAccount(c, 'Visa', 'credit_card')
    const checking = await newAccount(c, 'Checking')
    const other = await categoryId(t, c, 'Shopping')
    const payment = (await c.post('/api/transactions', { accountId: card, date: '2024-03-06', amount: 300, merchant: 'Payment thank you', categoryId: other })).json()
    const summaryBefore = (await c.get('/api/analytics/monthly-summary?month=2024-03')).json()
    const file = csv([['2024-03-04', 'VISA PAYMENT', '-300.00'], ['2024-03-05', 'Cafe', '-3.00']])
    const preview = (await upload(c, file, { preview: true, fields: { accountId: checking } })).json()
    expect(preview.rows[0]).toMatchObject({ status: 'transfer', matchId: payment.id, suggestedCategoryId: null })
    const res = (await upload(c, file, { fields: { accountId: checking } })).json()
    expect(res).toMatchObject({ added: 2, transfers: 1 })
    const converted = (await c.get(`/api/transactions/${payment.id}`)).json()
    expect(converted).toMatchObject({ kind: 'transfer', categoryId: null, transferAccountId: checking })
    const leg = (await rowsOf(c, checking)).find((r) => r.amount === -300)
    expect(leg?.transferId).toBe(converted.transferId)
    expect(await balanceOf(c, card)).toBe(300)
    expect(await balanceOf(c, checking)).toBe(-303)
    const summaryMid = (await c.get('/api/analytics/monthly-summary?month=2024-03')).json()
    expect(summaryMid.income).toBe(summaryBefore.income - 300)

    const undo = (await c.delete(`/api/imports/${res.batchId}`)).json()
    expect(undo).toMatchObject({ deleted: 2, restored: 1 })
    const restored = (await c.get(`/api/transactions/${payment.id}`)).json()
    expect(restored).toMatchObject({ kind: 'standard', categoryId: other, transferId: null, amount: 300 })
    expect(await balanceOf(c, card)).toBe(300)
    expect(await balanceOf(c, checking)).toBe(0)
    const summaryAfter = (await c.get('/api/analytics/monthly-summary?month=2024-03')).json()
    expect(summaryAfter).toMatchObject({ income: summaryBefore.income, expenses: summaryBefore.expenses })
  })

  it('undo keeps the accounts the import created, empty, and says so', async () => {
    const c = await newUser(t.app)
    const res = (await upload(c, ofx([{ type: 'SAVINGS', acct: '5555', rows: [['2024-01-04', '10.00', 'INTEREST', 'I1']] }]), { fileName: 's.ofx' })).json()
    const undo = (await c.delete(`/api/imports/${res.batchId}`)).json()
    expect(undo).toEqual({ deleted: 1, restored: 0, activities: 0, accountsKept: [{ id: res.accounts[0].accountId, name: 'Savings ••5555', balance: 0, transactionCount: 0 }] })
    expect((await c.get(`/api/accounts/${res.accounts[0].accountId}`)).statusCode).toBe(200)
  })

  it('a transfer leg left alone by undoing the other import becomes an ordinary row', async () => {
    const c = await newUser(t.app)
    const checking = await newAccount(c, 'Checking')
    const savings = await newAccount(c, 'Savings', 'savings')
    const first = (await upload(c, csv([['2024-02-01', 'To savings', '-50.00']]), { fields: { accountId: checking } })).json()
    const second = (await upload(c, csv([['2024-02-02', 'From checking', '50.00']]), { fields: { accountId: savings } })).json()
    expect(second.transfers).toBe(1)
    await c.delete(`/api/imports/${second.batchId}`)
    const back = (await rowsOf(c, checking))[0]
    expect(back).toMatchObject({ kind: 'standard', transferId: null, amount: -50, importBatchId: first.batchId })
    // and the other way round: undo the first import of a new pair
    const third = (await upload(c, csv([['2024-02-02', 'From checking', '50.00']]), { fields: { accountId: savings } })).json()
    expect(third.transfers).toBe(1)
    await c.delete(`/api/imports/${first.batchId}`)
    expect((await rowsOf(c, savings))[0]).toMatchObject({ kind: 'standard', transferId: null })
    expect(await balanceOf(c, savings)).toBe(50)
    expect(await balanceOf(c, checking)).toBe(0)
  })
})

describe('categories at import', () => {
  it('a matching rule wins, else the category last chosen for the payee, else none', async () => {
    const c = await newUser(t.app)
    const account = await newAccount(c, 'Checking')
    const coffee = await categoryId(t, c, 'Dining Out')
    const groceries = await categoryId(t, c, 'Groceries')
    const rule = await c.post('/api/rules', {
      name: 'Coffee',
      conditions: [{ field: 'payee', operator: 'contains', value: 'coffee' }],
      actions: { setCategoryId: coffee, renamePayee: 'Coffee shop', addNote: 'from a rule' },
    })
    expect(rule.statusCode).toBe(201)
    const first = (await upload(c, csv([['2024-01-02', 'BLUE BOTTLE COFFEE #12', '-4.50'], ['2024-01-03', 'CORNER MARKET 0042', '-20.00']]), { fields: { accountId: account } })).json()
    expect(first.added).toBe(2)
    const [cafe, market] = await rowsOf(c, account)
    expect(cafe).toMatchObject({ categoryId: coffee, merchant: 'Coffee shop', notes: 'from a rule' })
    expect(market).toMatchObject({ categoryId: null, merchant: 'CORNER MARKET 0042' })
    // the user files the market under groceries: the next market row gets it
    await c.patch(`/api/transactions/${market?.id}`, { categoryId: groceries })
    const preview = (
      await upload(c, csv([['2024-01-10', 'Corner Market 0077', '-31.00'], ['2024-01-11', 'Blue Bottle Coffee', '-5.00'], ['2024-01-12', 'Unknown', '-1.00']]), {
        preview: true,
        fields: { accountId: account },
      })
    ).json()
    expect(preview.rows.map((r: { suggestedCategoryId: string | null; categorySource: string | null }) => [r.suggestedCategoryId, r.categorySource])).toEqual([
      [groceries, 'learned'],
      [coffee, 'rule'],
      [null, null],
    ])
  })

  it('learns from bulk categorising too, and uses the file categories it knows', async () => {
    const c = await newUser(t.app)
    const account = await newAccount(c, 'Checking')
    const groceries = await categoryId(t, c, 'Groceries')
    await upload(c, csv([['2024-01-02', 'FRESH FOODS 12', '-9.00']]), { fields: { accountId: account } })
    const [row] = await rowsOf(c, account)
    await c.post('/api/transactions/bulk', { action: 'categorize', ids: [row?.id], categoryId: groceries })
    const qif = '!Type:Bank\nD01/05/2024\nT-7.00\nPFresh Foods 99\n^\nD01/06/2024\nT-3.00\nPNewsagent\nLGroceries\n^\n'
    const preview = (await upload(c, qif, { preview: true, fileName: 'a.qif', fields: { accountId: account } })).json()
    expect(preview.rows.map((r: { categorySource: string | null }) => r.categorySource)).toEqual(['learned', 'file'])
    expect(preview.rows[1].suggestedCategoryId).toBe(groceries)
  })
})

describe('files that are not statements', () => {
  async function expectRefused(content: string | Uint8Array, fileName: string, code = 'NOT_A_STATEMENT') {
    const c = await newUser(t.app)
    const account = await newAccount(c, 'Target')
    for (const preview of [true, false]) {
      const res = await upload(c, content, { fileName, preview, fields: { accountId: account } })
      if (preview && res.statusCode === 200) {
        // a CSV whose columns cannot be found previews with the mapping editor and the reason
        expect(res.json().errors[0].message).toMatch(/could not find the date and amount columns/)
        continue
      }
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe(code)
      expect(res.json().message.length).toBeGreaterThan(10)
    }
    expect(await importsOf(c)).toEqual([])
    expect(await rowsOf(c, account)).toEqual([])
    expect((await c.get('/api/accounts')).json()).toHaveLength(1)
  }

  it('refuses text that is no statement', async () => {
    await expectRefused('Dear diary, today I bought nothing at all.\nThe end.\n', 'notes.txt')
  })

  it('refuses a binary file', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0])
    await expectRefused(png, 'photo.png')
    await expectRefused(png, 'statement.ofx')
  })

  it('refuses an empty file', async () => {
    await expectRefused('', 'empty.csv')
  })

  it('refuses a billion-laughs CAMT file without expanding it', async () => {
    const entities = ['<!ENTITY lol "lol">']
    for (let i = 1; i < 10; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`)
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE Document [\n${entities.join('\n')}\n]>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">&lol9;</Amt></Ntry></Stmt></BkToCstmrStmt></Document>\n`
    await expectRefused(xml, 'laughs.xml')
  })

  it('refuses a huge single line', async () => {
    await expectRefused(`Date,Amount,${'x'.repeat(5_000_000)}`, 'line.csv')
    await expectRefused(`<OFX>${'<STMTTRN>'.repeat(1_000_000)}`, 'deep.ofx')
  })

  it('names the line where a truncated OFX breaks, and imports nothing of it', async () => {
    const c = await newUser(t.app)
    const cut = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><BANKID>1<ACCTID>2</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNAMT>-5.00'
    const preview = await upload(c, cut, { fileName: 'cut.ofx', preview: true })
    expect(preview.statusCode).toBe(200)
    expect(preview.json().errors[0].message).toMatch(/^Line 5: /)
    const res = await upload(c, cut, { fileName: 'cut.ofx' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('PARSE_ERRORS')
    expect(await importsOf(c)).toEqual([])
    expect((await c.get('/api/accounts')).json()).toEqual([])
  })

  it('refuses an upload without a file, two files, or no multipart at all', async () => {
    const noFile = new FormData()
    noFile.append('accountId', '00000000-0000-0000-0000-000000000000')
    const none = await a.request({ method: 'POST', url: '/api/imports', payload: noFile })
    expect(none.statusCode).toBe(400)
    expect(none.json().code).toBe('NO_FILE')
    const two = new FormData()
    two.append('file', new Blob(['a']), 'a.csv')
    two.append('file', new Blob(['b']), 'b.csv')
    const twice = await a.request({ method: 'POST', url: '/api/imports', payload: two })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().code).toBe('TOO_MANY_FILES')
    const json = await a.post('/api/imports', { file: 'x' })
    expect(json.statusCode).toBe(400)
    expect(json.json().code).toBe('NOT_MULTIPART')
  })
})

describe('imports are private to the household', () => {
  it('needs a session', async () => {
    const form = new FormData()
    form.append('file', new Blob(['x']), 'x.csv')
    const res = await t.app.inject({ method: 'POST', url: '/api/imports', payload: form })
    expect(res.statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/imports' })).statusCode).toBe(401)
  })

  it("cannot import into, list, or undo someone else's account or batch", async () => {
    const account = await newAccount(a, 'Private')
    const file = csv([['2024-07-01', 'Secret', '-1.00']])
    const mine = (await upload(a, file, { fields: { accountId: account } })).json()
    const into = await upload(b, file, { fields: { accountId: account } })
    expect(into.statusCode).toBe(404)
    expect((await upload(b, file, { preview: true, fields: { accountId: account } })).statusCode).toBe(404)
    expect((await importsOf(b)).some((i) => i.id === mine.batchId)).toBe(false)
    expect((await b.delete(`/api/imports/${mine.batchId}`)).statusCode).toBe(404)
    expect(await rowsOf(a, account)).toHaveLength(1)
    const preset = await b.put('/api/import-presets', { accountId: account, name: 'x', mapping: { delimiter: ',', decimalSeparator: '.', dateFormat: 'YYYY-MM-DD', skipRows: 0, hasHeader: true, columns: { date: 0, amount: 1 }, signConvention: 'as-is' } })
    expect(preset.statusCode).toBe(404)
    expect((await b.get('/api/import-presets')).json()).toEqual([])
  })

  it("does not match another household's rows, bank ids or account identities", async () => {
    const file = ofx([{ type: 'CHECKING', acct: '77778888', rows: [['2024-01-04', '-20.00', 'GROCER', 'SAME-FITID']] }])
    const first = (await upload(a, file, { fileName: 'x.ofx' })).json()
    const other = (await upload(b, file, { fileName: 'x.ofx' })).json()
    expect(other.accounts[0]).toMatchObject({ created: true, added: 1, duplicates: 0 })
    expect(other.accounts[0].accountId).not.toBe(first.accounts[0].accountId)
  })
})

describe('the statement balance', () => {
  it('starts an account the statement creates at the statement balance, with an opening-balance entry the undo takes back', async () => {
    const c = await newUser(t.app)
    const file = ofx([{ type: 'CHECKING', acct: '7001', ledger: '1234.56', rows: [['2024-01-10', '-20.00', 'GROCER', 'L1'], ['2024-01-12', '-14.44', 'CAFE', 'L2']] }])
    const preview = (await upload(c, file, { preview: true, fileName: 'led.ofx' })).json()
    expect(preview.accounts[0]).toMatchObject({ created: true, statementBalance: 1234.56, statementDate: '2024-01-31', openingBalance: 1269, balanceDifference: null })
    const res = (await upload(c, file, { fileName: 'led.ofx' })).json()
    const id = res.accounts[0].accountId as string
    expect(await balanceOf(c, id)).toBe(1234.56)
    const rows = await rowsOf(c, id)
    // the opening entry comes first, dated with the first row, and is part of the import
    expect(rows[0]).toMatchObject({ kind: 'opening_balance', amount: 1269, date: '2024-01-10', importBatchId: res.batchId })
    expect(rows.filter((r) => r.kind === 'standard')).toHaveLength(2)
    // the same file again: the account agrees with it, nothing to reconcile
    const again = (await upload(c, file, { preview: true, fileName: 'led.ofx' })).json()
    expect(again.accounts[0]).toMatchObject({ created: false, openingBalance: null, balanceDifference: 0 })
    const undo = (await c.request({ method: 'DELETE', url: `/api/imports/${String(res.batchId)}` })).json()
    expect(undo).toMatchObject({ deleted: 3 })
    expect(await balanceOf(c, id)).toBe(0)
  })

  it('asks to reconcile an account that exists when the statement balance differs on its date', async () => {
    const c = await newUser(t.app)
    const first = ofx([{ type: 'CHECKING', acct: '7002', rows: [['2024-01-05', '-10.00', 'GROCER', 'R1']] }])
    const res = (await upload(c, first, { fileName: 'one.ofx' })).json()
    const id = res.accounts[0].accountId as string
    // a later row must not count: the statement speaks of its own date
    expect((await c.post('/api/transactions', { accountId: id, date: '2024-03-01', amount: -5, merchant: 'Later' })).statusCode).toBe(201)
    const second = ofx([{ type: 'CHECKING', acct: '7002', ledger: '90.00', rows: [['2024-01-20', '-25.00', 'CAFE', 'R2']] }])
    const preview = (await upload(c, second, { preview: true, fileName: 'two.ofx' })).json()
    // Kinwise on 31 January once imported: −10 − 25 = −35; the bank says 90
    expect(preview.accounts[0]).toMatchObject({ created: false, statementBalance: 90, openingBalance: null, balanceDifference: 125 })
    const done = (await upload(c, second, { fileName: 'two.ofx' })).json()
    expect(done.accounts[0]).toMatchObject({ balanceDifference: 125 })
    // nothing is changed behind the user's back: the prompt's reconcile records the difference
    expect(await balanceOf(c, id)).toBe(-40)
    const rec = await c.post(`/api/accounts/${id}/reconcile`, { statementBalance: -40 + 125, date: '2024-01-31' })
    expect(rec.statusCode, rec.body).toBe(200)
    expect(await balanceOf(c, id)).toBe(85)
  })
})

describe('rows of a one-line file and categories chosen in the review', () => {
  it('gives every row its own number; an override or a category names that row alone', async () => {
    const c = await newUser(t.app)
    const groceries = await categoryId(t, c, 'Groceries')
    // the whole body on one line, as the American Express download writes it
    const file = ofx([
      { type: 'CHECKING', acct: '7003', rows: [['2024-01-10', '-20.00', 'GROCER ONE', 'O1'], ['2024-01-11', '-30.00', 'GROCER TWO', 'O2'], ['2024-01-12', '-40.00', 'CINEMA', 'O3']] },
    ]).replace(/\n(?=<STMTTRN>|<\/BANKTRANLIST>)/g, '')
    const preview = (await upload(c, file, { preview: true, fileName: 'one-line.ofx' })).json()
    const rows = preview.rows as { line: number; row: number; payee: string }[]
    expect(new Set(rows.map((r) => r.line)).size).toBe(1)
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3])
    const second = rows[1]
    if (!second) throw new Error('no second row')
    const res = (
      await upload(c, file, {
        fileName: 'one-line.ofx',
        fields: { overrides: [{ line: second.line, row: 3, status: 'skip' }], categories: [{ row: 2, categoryId: groceries }] },
      })
    ).json()
    expect(res).toMatchObject({ added: 2, skipped: 1 })
    const stored = (await rowsOf(c, res.accounts[0].accountId)).filter((r) => r.kind === 'standard')
    expect(stored.map((r) => [r.merchant, r.categoryId])).toEqual([
      ['GROCER ONE', null],
      ['GROCER TWO', groceries],
    ])
    // the choice is learned for the payee, as an edit would be
    const next = ofx([{ type: 'CHECKING', acct: '7003', rows: [['2024-02-10', '-31.00', 'GROCER TWO', 'O4']] }])
    const later = (await upload(c, next, { preview: true, fileName: 'next.ofx' })).json()
    expect(later.rows[0]).toMatchObject({ suggestedCategoryId: groceries, categorySource: 'learned' })
    // and the preview says whose choice a category is (rows 1 and 2 are in: duplicates now)
    const chosen = (await upload(c, file, { preview: true, fileName: 'x.ofx', fields: { categories: [{ row: 3, categoryId: groceries }] } })).json()
    expect(chosen.rows.map((r: { status: string; categorySource: string | null }) => [r.status, r.categorySource])).toEqual([
      ['duplicate', null],
      ['duplicate', null],
      ['new', 'user'],
    ])
  })
})
