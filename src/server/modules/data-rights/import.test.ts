// Your data, the import: the round trip export → import into an empty household → export (with
// investments, plans and helpers), the cli, the JSON alone, and what an import refuses.
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { EXPORT_JSON_NAME } from '#src/contract/data'
import {
  accounts,
  advisorConversations,
  advisorMessages,
  automations,
  coachingActions,
  debtPlans,
  quickbooksMappings,
  quickbooksSettings,
  savingsChallengeMembers,
  savingsChallenges,
} from '#src/server/db/schema'
import { createFamily, newAccount } from '#src/server/test/family'
import { addMember, categoryId, signUp, type Client } from '#src/server/test/helper'
import { exportToFile, importFromFile } from './cli'
import { canonical, documentOf, download, householdOfIn, post, richHousehold, setUpDataRightsTestApp, t, unzip, uploadExport } from './test-support'

setUpDataRightsTestApp()
const householdOf = (client: Client) => householdOfIn(t, client)

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
