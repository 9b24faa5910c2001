// Your data, the export: the ZIP's entries (JSON, CSV and OFX, read back with the project's own
// OFX reader), plain numbers and inert text in every CSV, pages, re-authentication, and what each
// member's export leaves out.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { EXPORT_JSON_NAME } from '#src/contract/data'
import { readCsvRecords } from '#src/domain/import/csv'
import { parseOfx } from '#src/domain/import/ofx'
import { auditLog } from '#src/server/db/schema'
import { createFamily, newAccount } from '#src/server/test/family'
import { signUp } from '#src/server/test/helper'
import { exportZip } from './export'
import { EXPORT_SECTIONS } from './registry'
import { documentOf, download, post, richHousehold, setUpDataRightsTestApp, t, unzip } from './test-support'

setUpDataRightsTestApp()

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
    const { loadSessionUser } = await import('#src/server/core/sessions')
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

  it("writes the document's keys in the registry's order (registry.ts), transactions last", async () => {
    const owner = await signUp(t.app)
    await richHousehold(owner)
    const text = (await download(owner)).get(EXPORT_JSON_NAME) ?? '{}'
    expect(Object.keys(JSON.parse(text))).toEqual(['format', 'version', 'exportedAt', ...EXPORT_SECTIONS])
  })
})
