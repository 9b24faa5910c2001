// Statement imports beyond CSV: OFX with accounts and transfers, categories at import, files that are not statements, privacy, the statement balance, one-line files.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { transactions } from '#src/server/db/schema'
import { newUser } from '#src/server/test/fixtures'
import { categoryId } from '#src/server/test/helper'
import { upload } from '#src/server/test/upload'
import { a, b, balanceOf, csv, importsOf, newAccount, ofx, rowsOf, t, setUpImportsTestApp } from './test-support'

setUpImportsTestApp()

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
