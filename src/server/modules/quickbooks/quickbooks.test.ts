// QuickBooks setup through the app: settings, the chart read from QuickBooks' own IIF
// and CSV exports, mappings checked against the chart, exports of a range as IIF, QBO and CSV
// (headers, contents that read back, "only new" and the log, which only a POST records; a GET
// reads only), formulas written as text, and access: plan, role, household and each account's
// visibility.
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCsvRecords } from '#src/domain/import/csv'
import { parseStatement } from '#src/domain/import/parse'
import { readIif } from '#src/domain/quickbooks/chart'
import { quickbooksExported, quickbooksExports } from '#src/server/db/schema'
import { addMember, categoryId, createTestApp, setTestPlan, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
let owner: Client
let adult: Client
let teen: Client
let viewer: Client
let outsider: Client
const ids: Record<string, string> = {}

const CHART_IIF =
  '!HDR\tPROD\tVER\r\nHDR\tQuickBooks Pro\tVersion 34.0\r\n' +
  '!ACCNT\tNAME\tREFNUM\tACCNTTYPE\tOBAMOUNT\tACCNUM\r\n' +
  'ACCNT\tBusiness Checking\t1\tBANK\t0.00\t1000\r\n' +
  'ACCNT\tSavings\t2\tBANK\t0.00\t1010\r\n' +
  'ACCNT\tVisa Card\t3\tCCARD\t0.00\t2000\r\n' +
  'ACCNT\tFood:Groceries\t4\tEXP\t0.00\t6100\r\n' +
  'ACCNT\tOffice Supplies\t5\tEXP\t0.00\t6200\r\n' +
  'ACCNT\tSalary\t6\tINC\t0.00\t4000\r\n' +
  'ACCNT\tMystery\t7\tWHAT\t0.00\t\r\n'

const ok = async (res: Promise<LightMyRequestResponse>, status = 200): Promise<LightMyRequestResponse> => {
  const r = await res
  expect(r.statusCode, r.body).toBe(status)
  return r
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  owner = await signUp(t.app)
  await setTestPlan(t, owner, 'premium')
  adult = await addMember(t, owner, 'adult')
  teen = await addMember(t, owner, 'teen')
  viewer = await addMember(t, owner, 'viewer')
  outsider = await signUp(t.app)
  await setTestPlan(t, outsider, 'premium')

  ids.checking = (await owner.post('/api/accounts', { name: 'Everyday Checking', type: 'checking', openingBalance: 1000 })).json().id
  ids.savings = (await owner.post('/api/accounts', { name: 'Rainy Day Savings', type: 'savings', openingBalance: 0 })).json().id
  ids.card = (await owner.post('/api/accounts', { name: 'Visa', type: 'credit_card' })).json().id
  ids.groceries = await categoryId(t, owner, 'Groceries')
  ids.shopping = await categoryId(t, owner, 'Shopping')
  ids.salary = await categoryId(t, owner, 'Salary')
  const post = async (body: Record<string, unknown>) => (await ok(owner.post('/api/transactions', body), 201)).json() as { id: string }
  ids.food = (await post({ accountId: ids.checking, date: '2026-03-02', amount: -12.34, merchant: 'Corner Shop', categoryId: ids.groceries })).id
  ids.pay = (await post({ accountId: ids.checking, date: '2026-03-01', amount: 2500, merchant: 'Acme Payroll', categoryId: ids.salary })).id
  ids.split = (
    await post({
      accountId: ids.card,
      date: '2026-03-05',
      amount: -85.5,
      merchant: 'Big Store',
      splits: [
        { categoryId: ids.groceries, amount: -60, memo: 'food' },
        { categoryId: ids.shopping, amount: -25.5, memo: 'soap' },
      ],
    })
  ).id
  ids.early = (await post({ accountId: ids.checking, date: '2026-02-10', amount: -7, merchant: 'February Cafe' })).id
  const transfer = (await ok(owner.post('/api/transfers', { fromAccountId: ids.checking, toAccountId: ids.savings, amount: 500, date: '2026-03-06' }), 201)).json()
  ids.transferOut = transfer.from.id
  ids.transferIn = transfer.to.id
  // the adult's private account and a balance-only one: the owner sees neither's transactions
  ids.private = (await adult.post('/api/accounts', { name: 'Adult Private', type: 'checking', visibility: 'private' })).json().id
  ids.secret = (await ok(adult.post('/api/transactions', { accountId: ids.private, date: '2026-03-03', amount: -55.55, merchant: 'Secret Shop' }), 201)).json().id
  ids.balanceOnly = (await adult.post('/api/accounts', { name: 'Adult Balance Only', type: 'savings', visibility: 'balance_only' })).json().id
  ids.hiddenRow = (await ok(adult.post('/api/transactions', { accountId: ids.balanceOnly, date: '2026-03-04', amount: -44.44, merchant: 'Hidden Shop' }), 201)).json().id
})
afterAll(async () => {
  await t.close()
})

async function mapEverything(): Promise<void> {
  await ok(owner.put('/api/quickbooks/chart', { format: 'iif', text: CHART_IIF }))
  await ok(
    owner.put('/api/quickbooks/mappings', {
      categories: [
        { id: ids.groceries, qbAccount: 'food:groceries' },
        { id: ids.salary, qbAccount: 'Salary' },
      ],
      accounts: [
        { id: ids.checking, qbAccount: 'Business Checking' },
        { id: ids.savings, qbAccount: 'Savings' },
        { id: ids.card, qbAccount: 'Visa Card' },
      ],
    }),
  )
}

type Block = { type: string; rows: { account: string; amount: number; date: string; name: string; memo: string }[] }

function iifBlocks(text: string): Block[] {
  const blocks: Block[] = []
  for (const r of readIif(text)) {
    const row = {
      account: r.fields.ACCNT ?? '',
      amount: Math.round(Number(r.fields.AMOUNT) * 100),
      date: r.fields.DATE ?? '',
      name: r.fields.NAME ?? '',
      memo: r.fields.MEMO ?? '',
    }
    if (r.type === 'TRNS') blocks.push({ type: r.fields.TRNSTYPE ?? '', rows: [row] })
    else if (r.type === 'SPL') blocks.at(-1)?.rows.push(row)
  }
  return blocks
}

describe('access', () => {
  it('refuses a free household with 403 PLAN_REQUIRED', async () => {
    const free = await signUp(t.app)
    for (const url of ['/api/quickbooks/settings', '/api/quickbooks/mappings', '/api/quickbooks/exports', '/api/quickbooks/export?format=iif&from=2026-03-01&to=2026-03-31']) {
      const res = await free.get(url)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().code).toBe('PLAN_REQUIRED')
    }
    const post = await free.post('/api/quickbooks/export', { format: 'iif', from: '2026-03-01', to: '2026-03-31' })
    expect(post.json().code).toBe('PLAN_REQUIRED')
  })

  it('is for adults and the owner: a teen and a viewer get 403 and change nothing', async () => {
    for (const member of [teen, viewer]) {
      expect((await member.get('/api/quickbooks/settings')).statusCode).toBe(403)
      expect((await member.get('/api/quickbooks/export?format=csv&from=2026-03-01&to=2026-03-31')).statusCode).toBe(403)
      expect((await member.post('/api/quickbooks/export', { format: 'csv', from: '2026-03-01', to: '2026-03-31' })).statusCode).toBe(403)
      const put = await member.put('/api/quickbooks/settings', { intuBid: '1234' })
      expect(put.statusCode).toBe(403)
      expect(put.json().code).toBe('FORBIDDEN')
    }
    expect((await owner.get('/api/quickbooks/settings')).json().intuBid).toBe('3000')
    expect((await owner.get('/api/quickbooks/exports')).json()).toEqual([])
  })

  it('keeps households apart: an outsider sees nothing and cannot map or export what is not theirs', async () => {
    const mappings = (await outsider.get('/api/quickbooks/mappings')).json()
    expect(mappings.accounts).toEqual([])
    expect(JSON.stringify(mappings)).not.toContain(ids.groceries)
    expect((await outsider.put('/api/quickbooks/mappings', { accounts: [{ id: ids.checking, qbAccount: 'Mine' }] })).statusCode).toBe(404)
    expect((await outsider.put('/api/quickbooks/mappings', { categories: [{ id: ids.groceries, qbAccount: 'Mine' }] })).statusCode).toBe(404)
    expect((await outsider.get(`/api/quickbooks/export?format=qbo&from=2026-03-01&to=2026-03-31&accountId=${ids.checking}`)).statusCode).toBe(404)
    const body = { format: 'qbo', from: '2026-03-01', to: '2026-03-31', accountId: ids.checking }
    expect((await outsider.post('/api/quickbooks/export', body)).statusCode).toBe(404)
    const file = await ok(outsider.post('/api/quickbooks/export', { format: 'csv', from: '2026-01-01', to: '2026-12-31' }))
    expect(file.body.trim().split('\r\n')).toHaveLength(1)
  })
})

describe('settings and the chart of accounts', () => {
  it('sets INTU.BID and names the field when it is not a number', async () => {
    const bad = await owner.put('/api/quickbooks/settings', { intuBid: 'abc' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().issues[0].path).toBe('body.intuBid')
    const set = (await ok(owner.put('/api/quickbooks/settings', { intuBid: ' 10898 ' }))).json()
    expect(set.intuBid).toBe('10898')
    expect(set.updatedAt).toBe('2026-03-15T12:00:00.000Z')
    expect((await owner.get('/api/quickbooks/settings')).json().intuBid).toBe('10898')
  })

  it('reads the chart from a QuickBooks IIF export, naming the line it left out', async () => {
    const res = (await ok(owner.put('/api/quickbooks/chart', { format: 'iif', text: CHART_IIF }))).json()
    expect(res.chart).toEqual([
      { name: 'Business Checking', type: 'Bank' },
      { name: 'Savings', type: 'Bank' },
      { name: 'Visa Card', type: 'Credit Card' },
      { name: 'Food:Groceries', type: 'Expense' },
      { name: 'Office Supplies', type: 'Expense' },
      { name: 'Salary', type: 'Income' },
    ])
    expect(res.problems).toEqual(['Line 10: "WHAT" is not a QuickBooks account type (Mystery was left out)'])
  })

  it('reads a CSV account list, naming a bad line; refuses a file with no accounts and a typed list with a name twice', async () => {
    const csv = 'Account List\nAccount,Type,Detail type\nChecking,Bank,Checking\nRent,Expense,Rent\nOdd one,Planet,\n'
    const res = (await ok(owner.put('/api/quickbooks/chart', { format: 'csv', text: csv }))).json()
    expect(res.chart).toEqual([
      { name: 'Checking', type: 'Bank' },
      { name: 'Rent', type: 'Expense' },
    ])
    expect(res.problems).toEqual(['Line 5: "Planet" is not a QuickBooks account type (Odd one was left out)'])

    const empty = await owner.put('/api/quickbooks/chart', { format: 'csv', text: 'a,b\n1,2\n' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().issues[0].path).toBe('body.text')
    const twice = await owner.put('/api/quickbooks/chart', { accounts: [{ name: 'Rent', type: 'Expense' }, { name: 'rent', type: 'Expense' }] })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().issues[0].path).toBe('body.accounts.1.name')
    const nameless = await owner.put('/api/quickbooks/chart', { accounts: [{ name: 'Rent', type: 'Expense' }, { name: ' ', type: 'Expense' }] })
    expect(nameless.statusCode).toBe(400)
    expect(nameless.json().issues[0].path).toBe('body.accounts.1.name')
    const badType = await owner.put('/api/quickbooks/chart', { accounts: [{ name: 'Rent', type: 'Spaceship' }] })
    expect(badType.statusCode).toBe(400)
    expect(badType.json().issues[0].path).toBe('body.accounts.0.type')
    const noFormat = await owner.put('/api/quickbooks/chart', { text: 'Account,Type\nRent,Expense\n' })
    expect(noFormat.statusCode).toBe(400)
    expect(noFormat.json().issues[0].path).toBe('body.format')
    // nothing changed by the refusals
    expect((await owner.get('/api/quickbooks/settings')).json().chart).toHaveLength(2)

    const typed = (await ok(owner.put('/api/quickbooks/chart', { accounts: [{ name: 'Groceries', type: 'Expense' }] }))).json()
    expect(typed.chart).toEqual([{ name: 'Groceries', type: 'Expense' }])
  })
})

describe('mappings', () => {
  it('suggests chart accounts by name and checks each mapping against the chart, naming the field', async () => {
    await ok(owner.put('/api/quickbooks/chart', { format: 'iif', text: CHART_IIF }))
    const before = (await owner.get('/api/quickbooks/mappings')).json()
    const groceries = before.categories.find((c: { id: string }) => c.id === ids.groceries)
    expect(groceries).toMatchObject({ qbAccount: null, suggestion: 'Food:Groceries', kind: 'expense' })
    expect(before.categories.find((c: { id: string }) => c.id === ids.salary)?.suggestion).toBe('Salary')
    expect(before.accounts.find((a: { id: string }) => a.id === ids.card)?.suggestion).toBe('Visa Card')
    expect(before.defaults).toEqual({ expense: 'Uncategorized Expense', income: 'Uncategorized Income' })
    // the owner never sees the adult's private or balance-only account here
    expect(before.accounts.map((a: { name: string }) => a.name)).toEqual(['Everyday Checking', 'Rainy Day Savings', 'Visa'])

    const unknown = await owner.put('/api/quickbooks/mappings', { categories: [{ id: ids.groceries, qbAccount: 'Not There' }] })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().issues[0].path).toBe('body.categories.0.qbAccount')
    const expenseRegister = await owner.put('/api/quickbooks/mappings', {
      accounts: [
        { id: ids.savings, qbAccount: 'Savings' },
        { id: ids.checking, qbAccount: 'Office Supplies' },
      ],
    })
    expect(expenseRegister.statusCode).toBe(400)
    expect(expenseRegister.json().issues[0].path).toBe('body.accounts.1.qbAccount')
    const blank = await owner.put('/api/quickbooks/mappings', { categories: [{ id: ids.groceries, qbAccount: '  ' }] })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().issues[0].path).toMatch(/^body\.categories\.0\.qbAccount/)
    expect((await owner.put('/api/quickbooks/mappings', { accounts: [{ id: ids.private, qbAccount: 'Savings' }] })).statusCode).toBe(404)
    // nothing was saved by the refusals
    expect((await owner.get('/api/quickbooks/mappings')).json()).toEqual(before)

    const after = (await ok(owner.put('/api/quickbooks/mappings', { categories: [{ id: ids.groceries, qbAccount: 'food:groceries' }] }))).json()
    expect(after.categories.find((c: { id: string }) => c.id === ids.groceries)).toMatchObject({ qbAccount: 'Food:Groceries', suggestion: null })
    const removed = (await ok(owner.put('/api/quickbooks/mappings', { categories: [{ id: ids.groceries, qbAccount: null }] }))).json()
    expect(removed.categories.find((c: { id: string }) => c.id === ids.groceries)?.qbAccount).toBe(null)
  })

  it('drops mappings to accounts a new chart no longer has', async () => {
    await mapEverything()
    await ok(owner.put('/api/quickbooks/chart', { accounts: [{ name: 'BUSINESS CHECKING', type: 'Bank' }, { name: 'Salary', type: 'Income' }] }))
    const m = (await owner.get('/api/quickbooks/mappings')).json()
    expect(m.accounts.find((a: { id: string }) => a.id === ids.checking)?.qbAccount).toBe('BUSINESS CHECKING')
    expect(m.accounts.find((a: { id: string }) => a.id === ids.savings)?.qbAccount).toBe(null)
    expect(m.categories.find((c: { id: string }) => c.id === ids.groceries)?.qbAccount).toBe(null)
  })
})

describe('exports', () => {
  it('refuses an IIF while an account has no QuickBooks account, naming it, and a bad range naming the field', async () => {
    await ok(owner.put('/api/quickbooks/chart', { format: 'iif', text: CHART_IIF }))
    await ok(owner.put('/api/quickbooks/mappings', { accounts: [{ id: ids.savings, qbAccount: null }, { id: ids.card, qbAccount: null }] }))
    const res = await owner.get('/api/quickbooks/export?format=iif&from=2026-03-01&to=2026-03-31')
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('QUICKBOOKS_UNMAPPED')
    expect(res.json().message).toContain('Rainy Day Savings')
    const backwards = await owner.get('/api/quickbooks/export?format=iif&from=2026-03-31&to=2026-03-01')
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().issues[0].path).toBe('querystring.to')
    const format = await owner.get('/api/quickbooks/export?format=pdf&from=2026-03-01&to=2026-03-31')
    expect(format.statusCode).toBe(400)
    expect(format.json().issues[0].path).toBe('querystring.format')
    // the POST's fields are named as the body's
    const unmapped = await owner.post('/api/quickbooks/export', { format: 'csv', from: '2026-03-01', to: '2026-03-31' })
    expect(unmapped.json().code).toBe('QUICKBOOKS_UNMAPPED')
    const postBackwards = await owner.post('/api/quickbooks/export', { format: 'iif', from: '2026-03-31', to: '2026-03-01' })
    expect(postBackwards.statusCode).toBe(400)
    expect(postBackwards.json().issues[0].path).toBe('body.to')
    const postFormat = await owner.post('/api/quickbooks/export', { format: 'pdf', from: '2026-03-01', to: '2026-03-31' })
    expect(postFormat.statusCode).toBe(400)
    expect(postFormat.json().issues[0].path).toBe('body.format')
    const onlyNewText = await owner.post('/api/quickbooks/export', { format: 'iif', from: '2026-03-01', to: '2026-03-31', onlyNew: 'yes' })
    expect(onlyNewText.statusCode).toBe(400)
    expect(onlyNewText.json().issues[0].path).toBe('body.onlyNew')
    // nothing was logged
    expect((await owner.get('/api/quickbooks/exports')).json()).toEqual([])
  })

  it('writes an IIF whose blocks sum to zero, dated MM/DD/YYYY, a split in parts and a transfer once', async () => {
    await mapEverything()
    const res = await ok(owner.get('/api/quickbooks/export?format=iif&from=2026-03-01&to=2026-03-31'))
    expect(res.headers['content-type']).toBe('application/x-iif')
    expect(res.headers['content-disposition']).toBe('attachment; filename="kinwise-quickbooks-2026-03-01-to-2026-03-31.iif"')
    expect(res.headers['x-kinwise-export-count']).toBe('5')
    const text = res.body
    expect(text.startsWith('!TRNS\t')).toBe(true)
    expect(text).not.toContain('Secret Shop')
    expect(text).not.toContain('Hidden Shop')
    expect(text).not.toContain('February Cafe')
    const blocks = iifBlocks(text)
    for (const b of blocks) expect(b.rows.reduce((s, r) => s + r.amount, 0)).toBe(0)
    expect(blocks.map((b) => [b.type, b.rows[0]?.date, b.rows.map((r) => `${r.account} ${String(r.amount)}`)])).toEqual([
      ['DEPOSIT', '03/01/2026', ['Business Checking 250000', 'Salary -250000']],
      ['CHECK', '03/02/2026', ['Business Checking -1234', 'Food:Groceries 1234']],
      // shopping is not mapped: QuickBooks' own uncategorized expense account takes it
      ['CREDIT CARD', '03/05/2026', ['Visa Card -8550', 'Food:Groceries 6000', 'Uncategorized Expense 2550']],
      ['TRANSFER', '03/06/2026', ['Business Checking -50000', 'Savings 50000']],
    ])
    expect(blocks[2]?.rows.map((r) => r.memo)).toEqual(['', 'food', 'soap'])
  })

  it('writes a QBO with the INTU.BID that the project’s own OFX parser reads back, with the same FITIDs each time', async () => {
    await ok(owner.put('/api/quickbooks/settings', { intuBid: '10898' }))
    const url = '/api/quickbooks/export?format=qbo&from=2026-03-01&to=2026-03-31'
    const res = await ok(owner.get(url))
    expect(res.headers['content-type']).toBe('application/vnd.intu.qbo')
    expect(res.headers['content-disposition']).toBe('attachment; filename="kinwise-quickbooks-2026-03-01-to-2026-03-31.qbo"')
    expect(res.body).toContain('<INTU.BID>10898\n')
    expect(res.body).not.toContain(ids.secret ?? 'x')
    const parsed = parseStatement(new Uint8Array(res.rawPayload))
    expect(parsed.errors).toEqual([])
    const rows = parsed.accounts.flatMap((a) => a.transactions.map((tx) => [a.type, tx.externalId, tx.date, tx.amount]))
    expect(rows).toEqual([
      ['checking', ids.pay, '2026-03-01', 250000],
      ['checking', ids.food, '2026-03-02', -1234],
      ['checking', ids.transferOut, '2026-03-06', -50000],
      ['savings', ids.transferIn, '2026-03-06', 50000],
      ['credit_card', ids.split, '2026-03-05', -8550],
    ])
    const again = parseStatement(new Uint8Array((await ok(owner.get(url))).rawPayload))
    expect(again.accounts.flatMap((a) => a.transactions.map((tx) => tx.externalId))).toEqual(rows.map((r) => r[1]))
    // one account alone
    const one = parseStatement(new Uint8Array((await ok(owner.get(`${url}&accountId=${ids.savings}`))).rawPayload))
    expect(one.accounts.map((a) => a.transactions.length)).toEqual([1])
  })

  it('writes a CSV, one row per split part', async () => {
    const res = await ok(owner.get('/api/quickbooks/export?format=csv&from=2026-03-05&to=2026-03-05'))
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="kinwise-quickbooks-2026-03-05-to-2026-03-05.csv"')
    expect(res.body).toBe(
      'Date,Description,Amount,Account,Category,Memo,Kinwise ID\r\n' +
        `03/05/2026,Big Store,-60.00,Visa Card,Food:Groceries,food,${ids.split}\r\n` +
        `03/05/2026,Big Store,-25.50,Visa Card,Uncategorized Expense,soap,${ids.split}\r\n`,
    )
  })

  it('records an export made by POST: logged, and "only new" leaves its rows out after it', async () => {
    const onlyNew = { format: 'iif', from: '2026-02-01', to: '2026-03-31', onlyNew: true }
    t.clock.set('2026-03-15T12:01:00Z')
    // the files above were GETs, which record nothing: every row is still new
    const first = await ok(owner.post('/api/quickbooks/export', onlyNew))
    expect(first.headers['content-type']).toBe('application/x-iif')
    expect(first.headers['content-disposition']).toBe('attachment; filename="kinwise-quickbooks-2026-02-01-to-2026-03-31.iif"')
    expect(first.headers['x-kinwise-export-count']).toBe('6')
    expect(iifBlocks(first.body).map((b) => b.rows[0]?.name)).toEqual(['February Cafe', 'Acme Payroll', 'Corner Shop', 'Big Store', 'Transfer'])
    t.clock.set('2026-03-15T12:02:00Z')
    expect(iifBlocks((await ok(owner.post('/api/quickbooks/export', onlyNew))).body)).toEqual([])
    // whichever format: a QBO of only new rows is empty too, and a GET agrees without recording
    t.clock.set('2026-03-15T12:02:30Z')
    expect(parseStatement(new Uint8Array((await ok(owner.post('/api/quickbooks/export', { ...onlyNew, format: 'qbo' }))).rawPayload)).accounts.flatMap((a) => a.transactions)).toEqual([])
    expect(iifBlocks((await ok(owner.get('/api/quickbooks/export?format=iif&from=2026-02-01&to=2026-03-31&onlyNew=true'))).body)).toEqual([])
    t.clock.set('2026-03-15T12:03:00Z')
    await ok(owner.post('/api/transactions', { accountId: ids.checking, date: '2026-03-14', amount: -3.5, merchant: 'Late Bakery' }), 201)
    const later = iifBlocks((await ok(owner.post('/api/quickbooks/export', onlyNew))).body)
    expect(later.map((b) => [b.rows[0]?.name, b.rows[1]?.account])).toEqual([['Late Bakery', 'Uncategorized Expense']])

    const log = (await owner.get('/api/quickbooks/exports')).json()
    const facts = log.map((e: { format: string; count: number; onlyNew: boolean }) => `${e.format} ${String(e.count)} ${String(e.onlyNew)}`)
    // newest first: only the POSTs
    expect(facts).toEqual(['iif 1 true', 'qbo 0 true', 'iif 0 true', 'iif 6 true'])
    expect(log[0]).toMatchObject({ from: '2026-02-01', to: '2026-03-31', createdAt: '2026-03-15T12:03:00.000Z' })
    expect(log[0].by).toContain('Tester')
    // the outsider's log holds only their own export
    expect((await outsider.get('/api/quickbooks/exports')).json()).toHaveLength(1)
  })

  it('gives a member only the accounts they see whole: the adult exports their private account, the owner never does', async () => {
    const mine = await ok(adult.get(`/api/quickbooks/export?format=qbo&from=2026-03-01&to=2026-03-31&accountId=${ids.private}`))
    const parsed = parseStatement(new Uint8Array(mine.rawPayload))
    expect(parsed.accounts.flatMap((a) => a.transactions.map((tx) => tx.externalId))).toEqual([ids.secret])
    expect((await owner.get(`/api/quickbooks/export?format=qbo&from=2026-03-01&to=2026-03-31&accountId=${ids.private}`)).statusCode).toBe(404)
    expect((await owner.get(`/api/quickbooks/export?format=qbo&from=2026-03-01&to=2026-03-31&accountId=${ids.balanceOnly}`)).statusCode).toBe(404)
    // the adult sees the balance-only account's transactions (it is theirs); the owner's whole export still lacks both
    const all = await ok(owner.get('/api/quickbooks/export?format=csv&from=2026-01-01&to=2026-12-31'))
    expect(all.body).not.toContain('Secret Shop')
    expect(all.body).not.toContain('Hidden Shop')
    expect(all.body).not.toContain(ids.hiddenRow ?? 'x')
  })
})

describe('cells a spreadsheet would run', () => {
  const formulas = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)']
  const range = 'from=2025-12-10&to=2025-12-10'

  beforeAll(async () => {
    await mapEverything()
    for (const [i, merchant] of formulas.entries()) {
      await ok(owner.post('/api/transactions', { accountId: ids.checking, date: '2025-12-10', amount: -12.5 - i, merchant, notes: '-note' }), 201)
    }
  })

  it('writes them as text in the CSV, with amounts as plain numbers', async () => {
    const res = await ok(owner.get(`/api/quickbooks/export?format=csv&${range}`))
    const [header, ...rows] = readCsvRecords(res.body.replace(/\r\n/g, '\n'), ',').records.map((r) => r.cells)
    expect(header).toEqual(['Date', 'Description', 'Amount', 'Account', 'Category', 'Memo', 'Kinwise ID'])
    expect(rows.map((r) => [r[1], r[2], r[5]])).toEqual([
      ["'=HYPERLINK(\"http://x\",\"y\")", '-12.50', "'-note"],
      ["'+1", '-13.50', "'-note"],
      ["'-2+3", '-14.50', "'-note"],
      ["'@SUM(A1)", '-15.50', "'-note"],
    ])
  })

  it('writes them as text in the IIF, with amounts as plain numbers', async () => {
    const res = await ok(owner.get(`/api/quickbooks/export?format=iif&${range}`))
    const blocks = iifBlocks(res.body)
    expect(blocks.map((b) => [b.rows[0]?.name, b.rows[0]?.amount, b.rows[0]?.memo])).toEqual([
      ["'=HYPERLINK('http://x','y')", -1250, "'-note"],
      ["'+1", -1350, "'-note"],
      ["'-2+3", -1450, "'-note"],
      ["'@SUM(A1)", -1550, "'-note"],
    ])
    for (const line of res.body.split('\r\n').filter(Boolean)) {
      for (const cell of line.split('\t')) {
        if (/^[=+\-@]/.test(cell)) expect(cell).toMatch(/^-\d+\.\d{2}$/)
      }
    }
  })

  it('escapes &, < and > once in the QBO, a long payee too', async () => {
    const long = 'Smith & Sons <Hardware> & Garden Supplies Ltd'
    await ok(owner.post('/api/transactions', { accountId: ids.checking, date: '2025-12-11', amount: -1, merchant: 'A & B' }), 201)
    await ok(owner.post('/api/transactions', { accountId: ids.checking, date: '2025-12-11', amount: -2, merchant: long }), 201)
    const res = await ok(owner.get(`/api/quickbooks/export?format=qbo&from=2025-12-11&to=2025-12-11&accountId=${ids.checking}`))
    expect(res.body).toContain('<NAME>A &amp; B\n')
    expect(res.body).toContain('<MEMO>Smith &amp; Sons &lt;Hardware&gt; &amp; Garden Supplies Ltd\n')
    expect(res.body).not.toContain('&amp;amp;')
    expect(res.body).not.toContain('&amp;lt;')
    // NAME is cut at 32 characters of the payee, never inside an entity
    const names = [...res.body.matchAll(/<NAME>(.*)\n/g)].map((m) => m[1])
    expect(names).toEqual(['A &amp; B', 'Smith &amp; Sons &lt;Hardware&gt; &amp; Garden'])
    const parsed = parseStatement(new Uint8Array(res.rawPayload))
    expect(parsed.accounts.flatMap((a) => a.transactions.map((tx) => tx.payee))).toEqual(['A & B', 'Smith & Sons <Hardware> & Garden'])
  })
})

describe('a GET only reads', () => {
  // every household's marks and log: nothing anywhere may change
  const marks = async () => {
    const db = t.database.db
    const exported = await db.select().from(quickbooksExported)
    const log = await db.select().from(quickbooksExports)
    return { exported: exported.map((r) => r.transactionId).sort(), log: log.map((r) => r.id).sort() }
  }

  it('downloads the new rows with onlyNew=true but marks nothing and logs nothing, however often', async () => {
    await mapEverything()
    const late = (await ok(owner.post('/api/transactions', { accountId: ids.checking, date: '2025-11-20', amount: -9.99, merchant: 'Never Exported' }), 201)).json()
    const before = await marks()
    expect(before.exported).not.toContain(late.id)
    for (const format of ['iif', 'qbo', 'csv']) {
      const url = `/api/quickbooks/export?format=${format}&from=2025-11-20&to=2025-11-20&onlyNew=true`
      expect((await ok(owner.get(url))).headers['x-kinwise-export-count'], format).toBe('1')
      expect((await ok(owner.get(url))).body, format).toContain('Never Exported')
    }
    expect(await marks()).toEqual(before)
  })
})
