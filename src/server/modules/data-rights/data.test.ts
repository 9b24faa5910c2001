// Your data: the export ZIP (its entries, JSON, CSV and OFX, read back with the
// project's own OFX reader), what each member's export leaves out, re-authentication, the round
// trip export → import into an empty household → export, and deleting an account (restricted
// sessions, cancel, and the purge once the 30 days are over).
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import yauzl from 'yauzl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPORT_JSON_NAME, exportDocument } from '../../../contract/data'
import { readCsvRecords } from '../../../domain/import/csv'
import { parseOfx } from '../../../domain/import/ofx'
import {
  accounts,
  advisorConversations,
  advisorMessages,
  auditLog,
  automations,
  billPayments,
  coachingActions,
  debtPlans,
  householdMembers,
  households,
  quickbooksMappings,
  quickbooksSettings,
  savingsChallengeMembers,
  savingsChallenges,
  transactions,
  users,
} from '../../db/schema'
import { sharedJobs } from '../../jobs/jobs'
import { createFamily, newAccount } from '../../test/family'
import { addMember, categoryId, createTestApp, signUp, type Client, type TestContext } from '../../test/helper'
import { exportToFile, importFromFile } from './cli'
import { bankRelease } from '../bank-connections/release'
import { purgeDeletedAccounts } from './deletion'
import { exportZip } from './export'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

async function unzip(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true })
  const out = new Map<string, string>()
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry)
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'))
  }
  zip.close()
  return out
}

async function download(client: Client): Promise<Map<string, string>> {
  const res = await client.get('/api/export')
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('application/zip')
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="kinwise-export-\d{4}-\d{2}-\d{2}\.zip"$/)
  return unzip(res.rawPayload)
}

function documentOf(files: Map<string, string>) {
  const text = files.get(EXPORT_JSON_NAME)
  expect(text).toBeDefined()
  return exportDocument.parse(JSON.parse(text ?? '{}'))
}

const post = async (client: Client, url: string, body: unknown, status = 201) => {
  const res = await client.post(url, body)
  expect(res.statusCode, `${url} ${res.body}`).toBe(status)
  return res.json()
}

/** A household with a bit of everything: accounts of each kind, splits, a transfer, nested categories, plans. */
async function richHousehold(owner: Client) {
  const checking = await newAccount(owner, 'Main checking', { openingBalance: 2500, institution: 'First Bank', accountNumber: '1234' })
  const card = await newAccount(owner, 'Visa, "gold"', { type: 'credit_card', visibility: 'balance_only' })
  const savings = await newAccount(owner, 'Savings', { type: 'savings', openingBalance: 100, visibility: 'private' })
  const groceries = await categoryId(t, owner, 'Groceries')
  const parent = (await post(owner, '/api/categories', { name: 'Hobbies', color: '#aa3300' })).id
  const child = (await post(owner, '/api/categories', { name: 'Climbing', parentId: parent })).id
  await post(owner, '/api/transactions', { accountId: checking, date: '2026-03-02', amount: -54.3, merchant: 'Corner Shop', categoryId: groceries, notes: 'line one\nline two' })
  await post(owner, '/api/transactions', { accountId: checking, date: '2026-03-02', amount: -20, merchant: 'Second same day' })
  await post(owner, '/api/transactions', {
    accountId: card,
    date: '2026-03-03',
    amount: -100,
    merchant: 'Outdoor store',
    splits: [
      { categoryId: child, amount: -70, memo: 'rope' },
      { categoryId: groceries, amount: -30, memo: 'snacks' },
    ],
  })
  await post(owner, '/api/transfers', { fromAccountId: checking, toAccountId: savings, amount: 300, date: '2026-03-04', description: 'Save' })
  await post(owner, '/api/transactions', { accountId: checking, date: '2026-03-05', amount: 1800, merchant: 'Employer', categoryId: await categoryId(t, owner, 'Salary').catch(() => null) })
  await owner.put('/api/budgets', { categoryId: groceries, month: '2026-03', amount: 400 })
  await owner.put('/api/budgets', { categoryId: child, month: '2026-03', amount: 50, rollover: true })
  const goal = (await post(owner, '/api/goals', { name: 'Holiday', targetAmount: 2000, monthlyContribution: 100, accountId: savings, targetDate: '2026-12-01' })).id
  await post(owner, `/api/goals/${goal}/contributions`, { amount: 150, note: 'first' })
  const bill = (await post(owner, '/api/bills', { name: 'Rent', amount: 1200, nextDueDate: '2026-04-01', accountId: checking, categoryId: groceries, autopay: true })).id
  // settled by the rope part of the card's split (ADR 0045): its link goes out and comes back with it
  await post(owner, '/api/bills', { name: 'Rope', amount: 70, nextDueDate: '2026-03-03', tolerancePercent: 10 })
  // planned income (ADR 0044) goes out and comes back on its account
  await post(owner, '/api/planned-income', { name: 'Pay', payee: 'ACME PAYROLL', amount: 2600, schedule: 'semimonthly', nextDate: '2026-03-01', secondDay: 15, accountId: checking })
  await post(owner, '/api/rules', {
    name: 'Shop rule',
    conditions: [
      { field: 'payee', operator: 'contains', value: 'shop' },
      { field: 'account', operator: 'is', value: checking },
    ],
    actions: { setCategoryId: groceries, addNote: 'auto' },
  })
  await post(owner, '/api/reminders', { title: 'Call the bank', priority: 'high', dueDate: '2026-03-20' })
  await post(owner, '/api/credit-score', { score: 712, provider: 'Bureau', date: '2026-03-01' })
  const mapping = { delimiter: ';', decimalSeparator: ',', dateFormat: 'DD.MM.YYYY', skipRows: 1, hasHeader: true, columns: { date: 0, amount: 3, payee: 1 }, signConvention: 'as-is' }
  expect((await owner.put('/api/import-presets', { accountId: checking, name: 'My bank', mapping })).statusCode).toBe(200)
  expect((await owner.patch('/api/user/settings', { baseCurrency: 'EUR', weekStartsOn: 1 })).statusCode).toBe(200)
  expect((await owner.put('/api/currencies/rates', { currency: 'GBP', date: '2026-03-01', rate: 1.17 })).statusCode).toBe(200)
  return { checking, card, savings, groceries, goal, bill }
}

/**
 * The document with every id replaced by its order of first appearance, and what may differ
 * left out: when it was made, the household's name and the names of the (other) person.
 * Amounts here are cents: the schema decodes them.
 */
function canonical(doc: ReturnType<typeof exportDocument.parse>) {
  const seen = new Map<string, string>()
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string' && uuid.test(value)) {
      if (!seen.has(value)) seen.set(value, `id#${String(seen.size)}`)
      return seen.get(value)
    }
    if (typeof value === 'string') return value.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (m) => String(walk(m)))
    if (Array.isArray(value)) return value.map(walk)
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]))
    return value
  }
  // the importing member is another person: their name is theirs, their role the same
  const { exportedAt: _at, household: _h, members, ...rest } = doc
  return walk({ ...rest, members: members.map((m) => ({ id: m.id, role: m.role })) })
}

describe('GET /api/export', () => {
  it('streams a ZIP with the versioned JSON, a CSV per entity and an OFX per account that the OFX reader reads back', async () => {
    const owner = await signUp(t.app)
    const ids = await richHousehold(owner)
    const files = await download(owner)
    expect([...files.keys()].sort()).toEqual(
      [
        EXPORT_JSON_NAME,
        'accounts.csv',
        'bills.csv',
        'budgets.csv',
        'categories.csv',
        'credit-scores.csv',
        'goal-contributions.csv',
        'goals.csv',
        'reminders.csv',
        'rules.csv',
        'securities.csv',
        'security-prices.csv',
        'investment-activities.csv',
        'allocation-targets.csv',
        'exchange-rates.csv',
        'attachments.csv',
        'transaction-splits.csv',
        'transactions.csv',
        'ofx/Main checking.ofx',
        'ofx/Savings.ofx',
        'ofx/Visa, -gold-.ofx',
      ].sort(),
    )
    const doc = documentOf(files)
    expect(doc).toMatchObject({ format: 'kinwise-export', version: 1, exportedAt: '2026-03-15T12:00:00.000Z', exportedBy: owner.user.id })
    expect(doc.members).toEqual([{ id: owner.user.id, firstName: owner.user.firstName, lastName: 'Example', role: 'owner' }])
    // no secrets anywhere in it
    const json = files.get(EXPORT_JSON_NAME) ?? ''
    for (const secret of ['passwordHash', 'argon2', owner.user.email, 'stripe', 'session']) expect(json.toLowerCase()).not.toContain(secret.toLowerCase())
    expect(doc.settings).toMatchObject({ baseCurrency: 'EUR', weekStartsOn: 1 })
    expect(doc.accounts.map((a) => [a.name, a.balance, a.transactionsIncluded])).toEqual([
      ['Main checking', 392570, true],
      ['Visa, "gold"', -10000, true],
      ['Savings', 40000, true],
    ])
    expect(doc.transactions).toHaveLength(8)
    const split = doc.transactions.find((x) => x.merchant === 'Outdoor store')
    expect(split?.splits.map((s) => [s.amount, s.memo])).toEqual([
      [-7000, 'rope'],
      [-3000, 'snacks'],
    ])
    const legs = doc.transactions.filter((x) => x.kind === 'transfer')
    expect(legs).toHaveLength(2)
    expect(legs[0]?.transferGroupId).toBe(legs[1]?.transferGroupId)
    expect(doc.goals[0]?.contributions.map((c) => c.note)).toEqual(['first'])
    expect(doc.bills[0]).toMatchObject({ id: ids.bill, accountId: ids.checking, autopay: true })
    expect(doc.rules[0]?.conditions[1]).toEqual({ field: 'account', operator: 'is', value: ids.checking })
    expect(doc.importPresets).toEqual([expect.objectContaining({ accountId: ids.checking, name: 'My bank' })])

    // CSV: RFC 4180 quoting, plain numbers
    const csv = files.get('transactions.csv') ?? ''
    expect(csv.split('\r\n')[0]).toBe('id,date,accountId,account,amount,payee,description,notes,categoryId,category,kind,transferGroupId,source,externalId,isSplit')
    expect(csv).toContain(',-54.30,Corner Shop,,"line one\nline two",')
    expect(csv).toContain(',"Visa, ""gold""",-100.00,Outdoor store,')
    expect(files.get('accounts.csv')).toContain('Main checking,checking,shared,false,USD,3925.70,1234,First Bank,false,')
    expect(files.get('transaction-splits.csv')?.trim().split('\r\n')).toHaveLength(3)

    // OFX: the project's reader gets every transaction and the balance back
    const ofx = parseOfx(new TextEncoder().encode(files.get('ofx/Main checking.ofx')))
    expect(ofx.errors).toEqual([])
    expect(ofx.accounts).toHaveLength(1)
    const read = ofx.accounts[0]
    expect(read?.ledgerBalance?.amount).toBe(392570)
    expect(read?.transactions.map((x) => [x.date, x.amount, x.payee, x.externalId])).toEqual(
      doc.transactions.filter((x) => x.accountId === ids.checking).map((x) => [x.date, x.amount, x.merchant || x.description, x.id]),
    )
    const card = parseOfx(new TextEncoder().encode(files.get('ofx/Visa, -gold-.ofx')))
    expect(card.accounts[0]?.type).toBe('credit_card')
    expect(card.accounts[0]?.transactions.map((x) => x.amount)).toEqual([-10000])

    // the export is in the audit log
    const events = await t.database.db.select().from(auditLog).where(and(eq(auditLog.userId, owner.user.id), eq(auditLog.event, 'export')))
    expect(events).toHaveLength(1)
  })

  it('keeps plain numbers and ISO dates in every CSV whatever the member’s locale and date format', async () => {
    const owner = await signUp(t.app)
    await richHousehold(owner)
    expect((await owner.patch('/api/user/settings', { locale: 'de-DE', dateFormat: 'DD.MM.YYYY' })).statusCode).toBe(200)
    const files = await download(owner)
    const transactions = files.get('transactions.csv') ?? ''
    expect(transactions).toContain(',2026-03-02,')
    expect(transactions).toContain(',-54.30,Corner Shop,')
    expect(files.get('accounts.csv')).toContain(',3925.70,')
    expect(files.get('budgets.csv')).toContain('400.00')
    for (const [name, text] of files) {
      if (!name.endsWith('.csv')) continue
      // no German date (02.03.2026) anywhere
      expect(text, name).not.toMatch(/\b\d{2}\.\d{2}\.\d{4}\b/)
    }
  })

  it('writes text a spreadsheet would run as a formula as inert text in every CSV, and numbers as numbers', async () => {
    const owner = await signUp(t.app)
    const formulas = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)']
    const account = await newAccount(owner, '=cmd|/C calc!A0', { openingBalance: -12.5 })
    for (const [i, merchant] of formulas.entries()) {
      await post(owner, '/api/transactions', { accountId: account, date: '2026-03-02', amount: -12.5 - i, merchant, notes: '@note' })
    }
    await post(owner, '/api/categories', { name: '+Category' })
    const files = await download(owner)
    const rowsOf = (name: string) => {
      const [header, ...rows] = readCsvRecords((files.get(name) ?? '').replace(/\r\n/g, '\n'), ',').records.map((r) => r.cells)
      return rows.map((cells) => Object.fromEntries((header ?? []).map((h, i) => [h, cells[i] ?? ''])))
    }
    const transactions = rowsOf('transactions.csv').filter((r) => r.kind === 'standard')
    expect(transactions.map((r) => [r.payee, r.amount, r.notes, r.account]).sort()).toEqual(
      [
        ["'=HYPERLINK(\"http://x\",\"y\")", '-12.50'],
        ["'+1", '-13.50'],
        ["'-2+3", '-14.50'],
        ["'@SUM(A1)", '-15.50'],
      ]
        .map(([payee, amount]) => [payee, amount, "'@note", "'=cmd|/C calc!A0"])
        .sort(),
    )
    // the opening balance less the four payments
    expect(rowsOf('accounts.csv').map((r) => [r.name, r.balance])).toEqual([["'=cmd|/C calc!A0", '-68.50']])
    expect(rowsOf('categories.csv').map((r) => r.name)).toContain("'+Category")
    // no cell of any CSV starts a formula, and every amount is a plain number
    for (const [name, text] of files) {
      if (!name.endsWith('.csv')) continue
      for (const { cells } of readCsvRecords(text.replace(/\r\n/g, '\n'), ',').records) {
        for (const cell of cells) {
          if (/^[=+\-@\t\r]/.test(cell)) expect(cell, name).toMatch(/^-\d+(\.\d+)?$/)
        }
      }
    }
  })

  it('reads transactions page by page: small pages give the same document', async () => {
    const owner = await signUp(t.app)
    await richHousehold(owner)
    const whole = documentOf(await download(owner))
    const { loadSessionUser } = await import('../auth/service')
    const user = await loadSessionUser(t.database.db, owner.user.id, t.clock.now())
    const { stream } = await exportZip(t.database.db, user, t.clock.now(), { pageRows: 2 })
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    const files = await unzip(Buffer.concat(chunks))
    expect(documentOf(files)).toEqual(whole)
    expect(files.get('transactions.csv')?.trim().split('\r\n')).toHaveLength(whole.transactions.length + 1)
  })

  it('needs a re-authentication within 10 minutes', async () => {
    const owner = await signUp(t.app)
    t.clock.set('2026-03-15T12:11:00Z')
    try {
      const res = await owner.get('/api/export')
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('REAUTH_REQUIRED')
    } finally {
      t.clock.set('2026-03-15T12:00:00Z')
    }
  })

  it("leaves out what the member may not see: another member's private account and its transactions, balance-only transactions", async () => {
    const family = await createFamily(t)
    await post(family.adult, '/api/transactions', { accountId: family.accounts.private, date: '2026-03-03', amount: -55.55, merchant: 'Secret shop' })
    await post(family.adult, '/api/transactions', { accountId: family.accounts.balanceOnly, date: '2026-03-03', amount: 10, merchant: 'Hidden interest' })
    await post(family.owner, '/api/transactions', { accountId: family.accounts.family, date: '2026-03-04', amount: -5, merchant: 'Family lunch' })
    await post(family.owner, '/api/rules', { name: 'Grown-up rule', conditions: [{ field: 'payee', operator: 'contains', value: 'x' }], actions: { addNote: 'y' } })
    await post(family.adult, '/api/reminders', { title: 'Adult reminder' })

    for (const member of [family.owner, family.teen, family.viewer]) {
      const files = await download(member)
      const all = [...files.values()].join('\n')
      expect(all).not.toContain(family.accounts.private)
      expect(all).not.toContain('Adult private')
      expect(all).not.toContain('Secret shop')
      expect(all).not.toContain('Hidden interest')
      expect(all).not.toContain('Adult reminder')
      const doc = documentOf(files)
      expect(doc.transactions.some((x) => x.accountId === family.accounts.balanceOnly)).toBe(false)
      expect([...files.keys()].some((name) => name.includes('Adult savings'))).toBe(false)
    }
    // the owner sees the balance-only account's name and balance, without its transactions
    const ownerDoc = documentOf(await download(family.owner))
    expect(ownerDoc.accounts.find((a) => a.id === family.accounts.balanceOnly)).toMatchObject({ balance: 1000, transactionsIncluded: false })
    expect(ownerDoc.rules.map((r) => r.name)).toEqual(['Grown-up rule'])
    // the teen sees only what is shared with teens, and no rules
    const teenDoc = documentOf(await download(family.teen))
    expect(teenDoc.accounts.map((a) => a.name)).toEqual(['Family card'])
    expect(teenDoc.transactions.map((x) => x.merchant)).toEqual(['Family lunch'])
    expect(teenDoc.rules).toEqual([])
    // the adult's own export has all of it
    const adultFiles = await download(family.adult)
    const adultDoc = documentOf(adultFiles)
    expect(adultDoc.transactions.map((x) => x.merchant).sort()).toEqual(['Family lunch', 'Hidden interest', 'Secret shop'])
    expect(adultDoc.reminders.map((r) => r.title)).toEqual(['Adult reminder'])
    expect(adultFiles.has('ofx/Adult private.ofx')).toBe(true)
  })
})

async function householdOf(client: Client): Promise<string> {
  const [row] = await t.database.db.select({ id: householdMembers.householdId }).from(householdMembers).where(eq(householdMembers.userId, client.user.id))
  if (!row) throw new Error('no household')
  return row.id
}

function uploadExport(client: Client, bytes: Buffer | string, fileName = 'kinwise-export.zip') {
  const form = new FormData()
  form.append('file', new Blob([typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)]), fileName)
  return client.request({ method: 'POST', url: '/api/export/import', payload: form })
}

describe('POST /api/export/import', () => {
  it('round trip: export A → import into an empty household B → export B gives the same document (ids, date and household name aside)', async () => {
    const a = await signUp(t.app)
    await richHousehold(a)
    const zip = (await a.get('/api/export')).rawPayload
    const first = documentOf(await unzip(zip))
    expect(first.exchangeRates).toEqual([{ currency: 'GBP', quote: 'EUR', date: '2026-03-01', rate: 1.17, source: 'manual' }])
    expect(first.plannedIncomes).toMatchObject([{ name: 'Pay', payee: 'ACME PAYROLL', schedule: 'semimonthly', nextDate: '2026-03-01', secondDay: 15, isActive: true }])
    expect(first.plannedIncomes[0]?.accountId).toBe(first.accounts.find((x) => x.name === 'Main checking')?.id)
    expect(first.bills.find((x) => x.name === 'Rope')).toMatchObject({
      tolerancePercent: 10,
      payments: [{ dueDate: '2026-03-03', splitIndex: 0, amount: 7000, kind: 'auto' }],
    })

    const b = await signUp(t.app)
    const res = await uploadExport(b, zip)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      accounts: 3,
      transactions: 8,
      categories: first.categories.length,
      budgets: 2,
      goals: 1,
      bills: 2,
      plannedIncomes: 1,
      rules: 1,
      reminders: 1,
      creditScores: 1,
      securities: 0,
      investmentActivities: 0,
      securityPrices: 0,
      savingsChallenges: 0,
      debtPlans: 0,
      automations: 0,
      advisorConversations: 0,
      coachingActions: 0,
      attachments: 0,
    })
    const second = documentOf(await download(b))
    expect(canonical(second)).toEqual(canonical(first))
    // new ids: nothing of A's ids in B
    const json = JSON.stringify(second)
    for (const account of first.accounts) expect(json).not.toContain(account.id)
    // the balances, the accounts page and B's own data agree
    const listed = (await b.get('/api/accounts')).json() as { name: string; balance: number }[]
    expect(listed.map((x) => [x.name, x.balance])).toEqual(first.accounts.map((x) => [x.name, x.balance / 100]))
    // and A is untouched
    expect(canonical(documentOf(await download(a)))).toEqual(canonical(first))
  })

  it('round trip with investments: securities, prices, activities, cost method and targets come back, and so do holdings and balances', async () => {
    const a = await signUp(t.app)
    const brokerage = await newAccount(a, 'Brokerage', { type: 'investment', openingBalance: 500 })
    const pension = await newAccount(a, 'Pension', { type: 'investment' })
    expect((await a.patch(`/api/investments/accounts/${pension}`, { costMethod: 'average' })).statusCode).toBe(200)
    const activity = (body: Record<string, unknown>) => post(a, '/api/investments/activities', body)
    await activity({ accountId: brokerage, type: 'transfer_in', date: '2026-01-02', amount: 3000 })
    await activity({ accountId: brokerage, symbol: 'ACME', type: 'buy', date: '2026-01-05', quantity: 10, price: 100, fees: 1, name: 'Acme Corp' })
    await activity({ accountId: brokerage, symbol: 'ACME', type: 'buy', date: '2026-02-02', quantity: 10, price: 120, fees: 1 })
    await activity({ accountId: brokerage, symbol: 'ACME', type: 'sell', date: '2026-03-02', quantity: 15, price: 130, fees: 1.5, memo: 'part' })
    await activity({ accountId: brokerage, symbol: 'ACME', type: 'dividend', date: '2026-03-03', amount: 1.2 })
    await activity({ accountId: pension, symbol: 'WRLD', type: 'transfer_in', date: '2026-01-10', quantity: 2.5, costBasis: 250, kind: 'etf' })
    await activity({ accountId: pension, symbol: 'WRLD', type: 'split', date: '2026-02-10', ratio: 2 })
    expect((await a.put('/api/investments/prices', { symbol: 'WRLD', date: '2026-03-01', price: 61.12345678 })).statusCode).toBe(200)
    expect((await a.put('/api/investments/targets', { targets: [{ kind: 'stock', percent: 70 }, { kind: 'etf', percent: 30 }] })).statusCode).toBe(200)
    const zip = (await a.get('/api/export')).rawPayload
    const files = await unzip(zip)
    const first = documentOf(files)
    expect(first.securities.map((s) => [s.symbol, s.kind])).toEqual([
      ['ACME', 'stock'],
      ['WRLD', 'etf'],
    ])
    expect(first.investmentActivities).toHaveLength(7)
    expect(first.accounts.map((x) => x.costMethod)).toEqual(['fifo', 'average'])
    expect(files.get('investment-activities.csv')?.split('\r\n')[0]).toBe('id,date,accountId,account,type,symbol,quantity,price,amount,fees,ratio,costBasis,memo,source,securityId')
    expect(files.get('security-prices.csv')).toContain('WRLD,2026-03-01,61.12345678,manual')

    const b = await signUp(t.app)
    const res = await uploadExport(b, zip)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ accounts: 2, securities: 2, investmentActivities: 7, securityPrices: 1 })
    expect(canonical(documentOf(await download(b)))).toEqual(canonical(first))
    const holdings = async (c: Client) => ((await c.get('/api/investments/holdings')).json() as Record<string, unknown>[]).map(({ accountId: _a, securityId: _s, ...h }) => h)
    expect(await holdings(b)).toEqual(await holdings(a))
    expect((await b.get('/api/analytics/net-worth')).json().netWorth).toBe((await a.get('/api/analytics/net-worth')).json().netWorth)
    expect((await b.get('/api/investments/accounts')).json().map((x: { balance: number }) => x.balance)).toEqual(
      (await a.get('/api/investments/accounts')).json().map((x: { balance: number }) => x.balance),
    )
  })

  it('round trip with challenges, debt plans, automations, the advisor, coaching and QuickBooks: ids follow the new rows, no webhook secret in the file', async () => {
    const a = await signUp(t.app)
    const ids = await richHousehold(a)
    const db = t.database.db
    const home = await householdOf(a)
    const [challenge] = await db
      .insert(savingsChallenges)
      .values({ householdId: home, createdBy: a.user.id, kind: 'round_up', name: 'Round it', config: { kind: 'round_up', accountIds: [ids.checking], target: 300, goalId: ids.goal, endDate: '2026-12-31' }, goalId: ids.goal, startDate: '2026-03-01', endDate: '2026-12-31' })
      .returning()
    await db.insert(savingsChallengeMembers).values({ challengeId: challenge?.id ?? '', userId: a.user.id, householdId: home })
    await db.insert(debtPlans).values({
      householdId: home,
      createdBy: a.user.id,
      name: 'Card first',
      input: { strategy: 'avalanche', monthlyBudget: 500, debts: [{ name: 'Visa', balance: 1000, apr: 20, minimumPayment: 25, accountId: ids.card }, { name: 'Car', balance: 5000, apr: 5, minimumPayment: 150 }] },
      startMonth: '2026-03-01',
    })
    await db.insert(automations).values([
      { householdId: home, userId: a.user.id, type: 'alert', name: 'Low balance', config: { type: 'alert', condition: 'balance_under', accountId: ids.checking, categoryId: ids.groceries, _createdOn: '2026-03-01' }, nextRunAt: new Date('2026-03-16T06:00:00Z'), createdAt: new Date('2026-03-01T08:00:00Z') },
      { householdId: home, userId: a.user.id, type: 'webhook', name: 'Hook', config: { type: 'webhook', url: 'https://example.test/hook', events: ['transaction.created'], _secret: 'whsec_old_secret_never_exported' }, isActive: false, createdAt: new Date('2026-03-02T08:00:00Z') },
    ])
    const [conversation] = await db.insert(advisorConversations).values({ householdId: home, userId: a.user.id, title: 'Can I afford it?' }).returning()
    await db.insert(advisorMessages).values([
      { conversationId: conversation?.id ?? '', role: 'user', text: 'Can I afford a bike?', createdAt: new Date('2026-03-10T10:00:00Z') },
      { conversationId: conversation?.id ?? '', role: 'assistant', text: 'Yes, 120.00 left', figures: [{ label: 'left', value: 120 }], createdAt: new Date('2026-03-10T10:00:01Z') },
    ])
    await db.insert(coachingActions).values({ householdId: home, userId: a.user.id, week: '2026-03-09', kind: 'cut_category', key: `cut:${ids.groceries}`, title: 'Spend less on groceries', saving: 4000, data: { categoryId: ids.groceries }, status: 'accepted', decidedAt: new Date('2026-03-10T09:00:00Z') })
    await db.insert(quickbooksSettings).values({ householdId: home, chart: [{ name: 'Groceries expense', type: 'Expense' }], intuBid: '3101' })
    await db.insert(quickbooksMappings).values([
      { householdId: home, kind: 'category', sourceId: ids.groceries, qbAccount: 'Groceries expense' },
      { householdId: home, kind: 'account', sourceId: ids.checking, qbAccount: 'Checking' },
    ])

    const zip = (await a.get('/api/export')).rawPayload
    const files = await unzip(zip)
    expect(files.get(EXPORT_JSON_NAME)).not.toContain('whsec_old_secret_never_exported')
    const first = documentOf(files)
    expect(first.savingsChallenges).toMatchObject([{ name: 'Round it', goalId: ids.goal, memberIds: [a.user.id], config: { accountIds: [ids.checking] } }])
    expect(first.debtPlans[0]?.input).toMatchObject({ debts: [{ accountId: ids.card }, { name: 'Car' }] })
    expect(first.automations.map((x) => [x.name, x.enabled])).toEqual([
      ['Low balance', true],
      ['Hook', false],
    ])
    expect(first.advisorConversations[0]?.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(first.coachingActions).toMatchObject([{ title: 'Spend less on groceries', saving: 4000, status: 'accepted' }])
    expect(first.quickbooks?.mappings).toHaveLength(2)

    const b = await signUp(t.app)
    const res = await uploadExport(b, zip)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ savingsChallenges: 1, debtPlans: 1, automations: 2, advisorConversations: 1, coachingActions: 1 })
    expect(canonical(documentOf(await download(b)))).toEqual(canonical(first))

    // the references point at B's own rows
    const bHome = await householdOf(b)
    const bAccounts = new Map((await db.select().from(accounts).where(eq(accounts.householdId, bHome))).map((x) => [x.name, x.id]))
    const bGoal = ((await b.get('/api/goals')).json() as { id: string }[])[0]?.id
    const bGroceries = await categoryId(t, b, 'Groceries')
    const [bChallenge] = await db.select().from(savingsChallenges).where(eq(savingsChallenges.householdId, bHome))
    expect(bChallenge).toMatchObject({ goalId: bGoal, config: { accountIds: [bAccounts.get('Main checking')], goalId: bGoal } })
    expect(await db.select().from(savingsChallengeMembers).where(eq(savingsChallengeMembers.householdId, bHome))).toMatchObject([{ challengeId: bChallenge?.id, userId: b.user.id }])
    const [bPlan] = await db.select().from(debtPlans).where(eq(debtPlans.householdId, bHome))
    expect(bPlan?.input).toMatchObject({ debts: [{ accountId: bAccounts.get('Visa, "gold"') }, { name: 'Car' }] })
    const bAutomations = await db.select().from(automations).where(eq(automations.householdId, bHome)).orderBy(automations.createdAt)
    expect(bAutomations[0]?.config).toMatchObject({ accountId: bAccounts.get('Main checking'), categoryId: bGroceries })
    // a new secret for the webhook (no key configured in tests: kept as it is)
    expect(bAutomations[1]?.config._secret).toMatch(/^whsec_[0-9a-f]{48}$/)
    expect(bAutomations.every((x) => x.userId === b.user.id)).toBe(true)
    const [bConversation] = await db.select().from(advisorConversations).where(eq(advisorConversations.householdId, bHome))
    expect(bConversation?.userId).toBe(b.user.id)
    expect(await db.select().from(advisorMessages).where(eq(advisorMessages.conversationId, bConversation?.id ?? ''))).toHaveLength(2)
    const [bAction] = await db.select().from(coachingActions).where(eq(coachingActions.householdId, bHome))
    expect(bAction).toMatchObject({ userId: b.user.id, data: { categoryId: bGroceries } })
    const bMappings = await db.select().from(quickbooksMappings).where(eq(quickbooksMappings.householdId, bHome))
    expect(new Set(bMappings.map((m) => m.sourceId))).toEqual(new Set([bGroceries, bAccounts.get('Main checking')]))
    expect((await db.select().from(quickbooksSettings).where(eq(quickbooksSettings.householdId, bHome)))[0]?.intuBid).toBe('3101')
  })

  it("challenges, debt plans, automations, the advisor and coaching follow the member's scope: another member's conversations and coaching, automations and challenges on an unseen account, a debt plan's link to it", async () => {
    const family = await createFamily(t)
    const db = t.database.db
    const home = await householdOf(family.owner)
    await db.insert(advisorConversations).values({ householdId: home, userId: family.adult.user.id, title: 'Adult secret question' })
    await db.insert(coachingActions).values({ householdId: home, userId: family.adult.user.id, week: '2026-03-09', kind: 'tip', key: 'adult-tip', title: 'Adult coaching tip' })
    await db.insert(debtPlans).values({
      householdId: home,
      createdBy: family.adult.user.id,
      name: 'Adult plan',
      input: { strategy: 'snowball', monthlyBudget: 100, debts: [{ name: 'Loan', balance: 900, apr: 9, minimumPayment: 30, accountId: family.accounts.private }] },
      startMonth: '2026-03-01',
    })
    await db.insert(automations).values({ householdId: home, userId: family.adult.user.id, type: 'alert', name: 'Adult private alert', config: { type: 'alert', condition: 'balance_under', accountId: family.accounts.private } })
    await db.insert(savingsChallenges).values({ householdId: home, createdBy: family.adult.user.id, kind: 'round_up', name: 'Adult round-up', config: { kind: 'round_up', accountIds: [family.accounts.private] }, startDate: '2026-03-01', endDate: '2026-06-30' })
    await db.insert(quickbooksMappings).values({ householdId: home, kind: 'account', sourceId: family.accounts.private, qbAccount: 'Adult bank' })

    const ownerFiles = await download(family.owner)
    const all = [...ownerFiles.values()].join('\n')
    for (const hidden of [family.accounts.private, 'Adult secret question', 'Adult coaching tip', 'Adult private alert', 'Adult round-up', 'Adult bank']) expect(all).not.toContain(hidden)
    const ownerDoc = documentOf(ownerFiles)
    // the plan is the household's; its link to the unseen account is not
    expect(ownerDoc.debtPlans.map((p) => p.name)).toEqual(['Adult plan'])
    expect(ownerDoc.debtPlans[0]?.input).toEqual({ strategy: 'snowball', monthlyBudget: 100, debts: [{ name: 'Loan', balance: 900, apr: 9, minimumPayment: 30 }] })
    expect(ownerDoc.advisorConversations).toEqual([])
    expect(ownerDoc.coachingActions).toEqual([])
    // the adult's own export has them
    const adultDoc = documentOf(await download(family.adult))
    expect(adultDoc.advisorConversations.map((c) => c.title)).toEqual(['Adult secret question'])
    expect(adultDoc.coachingActions.map((c) => c.title)).toEqual(['Adult coaching tip'])
    expect(adultDoc.automations.map((x) => x.name)).toEqual(['Adult private alert'])
    expect(adultDoc.savingsChallenges.map((x) => x.name)).toEqual(['Adult round-up'])
    expect(adultDoc.debtPlans[0]?.input).toMatchObject({ debts: [{ accountId: family.accounts.private }] })
  })

  it('imports a file made before challenges, debt plans, automations, the advisor, coaching and QuickBooks (none of their fields)', async () => {
    const a = await signUp(t.app)
    await newAccount(a, 'Old account', { openingBalance: 40 })
    const full: Record<string, unknown> = JSON.parse((await unzip((await a.get('/api/export')).rawPayload)).get(EXPORT_JSON_NAME) ?? '{}')
    const later = ['savingsChallenges', 'debtPlans', 'automations', 'advisorConversations', 'coachingActions', 'quickbooks']
    for (const key of later) expect(full).toHaveProperty(key)
    const doc = Object.fromEntries(Object.entries(full).filter(([key]) => !later.includes(key)))
    const b = await signUp(t.app)
    const res = await uploadExport(b, JSON.stringify(doc), 'kinwise-export.json')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ accounts: 1, savingsChallenges: 0, debtPlans: 0, automations: 0, advisorConversations: 0, coachingActions: 0 })
    expect(documentOf(await download(b))).toMatchObject({ savingsChallenges: [], debtPlans: [], automations: [], quickbooks: null })
  })

  it('refuses investment activities that cannot have happened (400), importing nothing', async () => {
    const a = await signUp(t.app)
    const brokerage = await newAccount(a, 'Brokerage', { type: 'investment' })
    await post(a, '/api/investments/activities', { accountId: brokerage, symbol: 'ACME', type: 'buy', date: '2026-01-05', quantity: 1, price: 100 })
    const doc = JSON.parse((await unzip((await a.get('/api/export')).rawPayload)).get(EXPORT_JSON_NAME) ?? '{}')
    doc.investmentActivities[0].type = 'sell'
    const b = await signUp(t.app)
    const res = await uploadExport(b, Buffer.from(JSON.stringify(doc)))
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toContain('cannot sell 1 when only 0 are held')
    expect((await b.get('/api/accounts')).json()).toEqual([])
  })

  it('cli export and import-export move a household the same way', async () => {
    const a = await signUp(t.app)
    await richHousehold(a)
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'kinwise-export-')), 'a.zip')
    expect(await exportToFile(t.database.db, a.user.email, file, t.clock.now())).toBeGreaterThan(1000)
    const first = documentOf(await unzip(await readFile(file)))
    const b = await signUp(t.app)
    const summary = await importFromFile(t.database.db, b.user.email.toUpperCase(), file, t.clock.now())
    expect(summary.transactions).toBe(8)
    expect(canonical(documentOf(await download(b)))).toEqual(canonical(first))
    await expect(importFromFile(t.database.db, b.user.email, file, t.clock.now())).rejects.toThrow('already has accounts')
  })

  it('takes the JSON alone too', async () => {
    const a = await signUp(t.app)
    await newAccount(a, 'Only account', { openingBalance: 12.5 })
    const json = (await unzip((await a.get('/api/export')).rawPayload)).get(EXPORT_JSON_NAME) ?? ''
    const b = await signUp(t.app)
    const res = await uploadExport(b, json, 'kinwise-export.json')
    expect(res.statusCode, res.body).toBe(200)
    expect(((await b.get('/api/accounts')).json() as { balance: number }[]).map((x) => x.balance)).toEqual([12.5])
  })

  it('refuses a household that is not empty (409), a member who is not the owner (403) and files that are not exports (400)', async () => {
    const a = await signUp(t.app)
    await newAccount(a, 'Mine')
    const zip = (await a.get('/api/export')).rawPayload
    const notEmpty = await uploadExport(a, zip)
    expect(notEmpty.statusCode).toBe(409)
    expect(notEmpty.json().code).toBe('HOUSEHOLD_NOT_EMPTY')
    const owner = await signUp(t.app)
    const adult = await addMember(t, owner, 'adult')
    expect((await uploadExport(adult, zip)).statusCode).toBe(403)
    for (const [content, code] of [
      ['Date,Payee,Amount\n', 'NOT_AN_EXPORT'],
      ['{"format":"kinwise-export","version":2}', 'EXPORT_VERSION'],
      ['{"format":"kinwise-export","version":1,"accounts":"no"}', 'VALIDATION_ERROR'],
    ] as const) {
      const res = await uploadExport(owner, content, 'x.json')
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().code).toBe(code)
    }
    const broken = Buffer.concat([zip.subarray(0, 200)])
    expect((await uploadExport(owner, broken)).statusCode).toBe(400)
    // a NUL in a name is refused before the database sees it
    const doc = JSON.parse((await unzip(zip)).get(EXPORT_JSON_NAME) ?? '{}')
    doc.accounts[0].name = 'a\u0000b'
    const nul = await uploadExport(owner, JSON.stringify(doc), 'x.json')
    expect(nul.statusCode).toBe(400)
    expect(nul.json().message).toContain('accounts.0.name')
    doc.accounts[0].name = 'Fine'
    const badZone = await uploadExport(owner, JSON.stringify({ ...doc, settings: { ...doc.settings, timeZone: 'Mars/Olympus' } }), 'x.json')
    expect(badZone.json().message).toContain('settings.timeZone')
    doc.transactions = [{ ...doc.transactions[0], id: 'not-an-id' }]
    const badRow = await uploadExport(owner, JSON.stringify(doc), 'x.json')
    expect(badRow.statusCode).toBe(400)
    expect(badRow.json().message).toContain('transactions.0.id')
    // nothing was written by the refusals
    expect(((await owner.get('/api/accounts')).json() as unknown[]).length).toBe(0)
  })
})

describe('deleting an account', () => {
  const later = (days: number) => new Date(new Date('2026-03-15T12:00:00Z').getTime() + days * 86_400_000)

  it('needs the right password, then restricts the sessions to the export and the cancel; cancel gives the app back', async () => {
    const me = await signUp(t.app)
    await newAccount(me, 'Checking')
    expect((await me.post('/api/user/delete', {})).json().code).toBe('PASSWORD_REQUIRED')
    const wrong = await me.post('/api/user/delete', { password: 'not my password' })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().code).toBe('WRONG_PASSWORD')
    const res = await me.post('/api/user/delete', { password: 'correct horse battery' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ deleteAfter: '2026-04-14T12:00:00.000Z' })
    expect((await me.get('/api/auth/user')).json().deleteAfter).toBe('2026-04-14T12:00:00.000Z')
    const refused = await me.get('/api/accounts')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('ACCOUNT_DELETION_PENDING')
    expect((await me.get('/api/export')).statusCode).toBe(200)
    // later in the 30 days the export asks for the password again, and the restricted session may give it
    t.clock.set('2026-03-20T12:00:00Z')
    try {
      expect((await me.get('/api/export')).json().code).toBe('REAUTH_REQUIRED')
      const reauth = await me.post('/api/auth/reauth', { password: 'correct horse battery' })
      expect(reauth.statusCode, reauth.body).toBe(200)
      expect((await me.get('/api/export')).statusCode).toBe(200)
    } finally {
      t.clock.set('2026-03-15T12:00:00Z')
    }
    const cancel = await me.post('/api/user/delete/cancel')
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json()).toEqual({ deleteAfter: null })
    expect((await me.get('/api/accounts')).statusCode).toBe(200)
    const events = (await t.database.db.select({ event: auditLog.event }).from(auditLog).where(eq(auditLog.userId, me.user.id))).map((e) => e.event)
    expect(events).toEqual(expect.arrayContaining(['deletion_requested', 'deletion_cancelled']))
    // cancelled: the purge leaves them alone
    expect(await purgeDeletedAccounts(t.database.db, later(31), bankRelease(t.config))).toBeGreaterThanOrEqual(0)
    expect(await t.database.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(1)
  })

  it('an owner with other members transfers ownership first (409)', async () => {
    const owner = await signUp(t.app)
    await addMember(t, owner, 'adult')
    const res = await owner.post('/api/user/delete', { password: 'correct horse battery' })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('TRANSFER_OWNERSHIP_FIRST')
    expect(res.json().message).toContain('make one of them the owner')
  })

  it('after 30 days the job removes every row of the last member, household included; not a day before', async () => {
    const me = await signUp(t.app)
    const ids = await richHousehold(me)
    expect((await me.post('/api/user/delete', { password: 'correct horse battery' })).statusCode).toBe(200)
    const [membership] = await t.database.db.select({ householdId: accounts.householdId }).from(accounts).where(eq(accounts.id, ids.checking))
    const householdId = membership?.householdId ?? ''
    await purgeDeletedAccounts(t.database.db, later(29), bankRelease(t.config))
    expect(await t.database.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(1)
    const job = sharedJobs.find((j) => j.name === 'purge-deleted-accounts')
    expect(job?.everyMinutes).toBe(60)
    // the scheduled job itself, as an instance runs it once its period is claimed
    await job?.run({ db: t.database.db, config: t.config, now: later(31), log: t.app.log })
    expect(await t.database.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(0)
    expect(await t.database.db.select().from(households).where(eq(households.id, householdId))).toHaveLength(0)
    expect(await t.database.db.select().from(transactions).where(eq(transactions.householdId, householdId))).toHaveLength(0)
    expect(await t.database.db.select().from(billPayments).where(eq(billPayments.householdId, householdId))).toHaveLength(0)
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.userId, me.user.id))).toHaveLength(0)
    expect((await me.get('/api/auth/user')).statusCode).toBe(401)
  })

  it("in a household others stay in: the member's private accounts go, shared ones and their entries stay with the owner", async () => {
    const family = await createFamily(t)
    await post(family.adult, '/api/transactions', { accountId: family.accounts.private, date: '2026-03-03', amount: -55.55, merchant: 'Secret shop' })
    await post(family.adult, '/api/transactions', { accountId: family.accounts.checking, date: '2026-03-03', amount: -9, merchant: 'Adult in shared' })
    await post(family.adult, '/api/goals', { name: 'Adult goal', targetAmount: 100 })
    expect((await family.adult.post('/api/user/delete', { password: 'correct horse battery' })).statusCode).toBe(200)
    await purgeDeletedAccounts(t.database.db, later(31), bankRelease(t.config))
    const db = t.database.db
    expect(await db.select().from(users).where(eq(users.id, family.adult.user.id))).toHaveLength(0)
    expect(await db.select().from(accounts).where(eq(accounts.id, family.accounts.private))).toHaveLength(0)
    const [savings] = await db.select().from(accounts).where(eq(accounts.id, family.accounts.balanceOnly))
    expect(savings?.userId).toBe(family.owner.user.id)
    const entries = (await family.owner.get('/api/transactions?limit=500')).json() as { merchant: string }[]
    expect(entries.map((e) => e.merchant)).toContain('Adult in shared')
    expect(entries.map((e) => e.merchant)).not.toContain('Secret shop')
    expect(((await family.owner.get('/api/goals')).json() as { name: string }[]).map((g) => g.name)).toContain('Adult goal')
    const household = (await family.owner.get('/api/household')).json() as { members: unknown[] }
    expect(household.members).toHaveLength(3)
  })
})
