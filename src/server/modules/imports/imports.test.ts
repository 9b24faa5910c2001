// CSV statement imports through the app: preview, mapping, duplicates, transfers and undo.
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { importBatches, transactions } from '#src/server/db/schema'
import { categoryId } from '#src/server/test/helper'
import { upload } from '#src/server/test/upload'
import { a, b, balanceOf, csv, importsOf, newAccount, type Row, rowsOf, t, setUpImportsTestApp } from './test-support'

setUpImportsTestApp()

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
