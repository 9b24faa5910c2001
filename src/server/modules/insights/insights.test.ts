// Smart Insights through the API: Refresh runs the household's insight job, then the
// recurring payments, anomalies, suggestions and the feed show what it found; the forecast is
// worked out on request. Access: outsiders get 404, viewers read but do not write, the free plan
// gets 403, and a member who cannot see an account sees nothing about it. Last, the demo
// household's subscriptions are found with the right cadence and next date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemoHousehold } from '#src/server/demo/demo'
import { addMember, categoryId, clientFor, createTestApp, refreshInsights, setTestPlan, signUp, type Client, type TestContext } from '#src/server/test/helper'
import { newAccount } from '#src/server/test/family'
import { eq } from 'drizzle-orm'
import { householdMembers, insightJobs, recurringSeries } from '#src/server/db/schema'
import { sharedJobs } from '#src/server/jobs/jobs'
import { runAllInsights, runClaimed, queueJob } from './job-queue'
import { settleInsightJobs } from './routes'

const NOW = '2026-06-20T12:00:00Z'

type Recurring = { id: string; payee: string; cadence: string; amount: number; nextDate: string; lastDate: string; accountId: string; status: string; billId: string | null; occurrences: number; monthly: number; priceChange: unknown }
type Anomaly = { id: string; kind: string; payee: string | null; amount: number; usual: number; reason: string; accountIds: string[]; transactionId: string | null }
type Suggestion = { transactionId: string; categoryId: string; categoryName: string; confidence: number; source: string; payee: string }
type Insight = { id: string; kind: string; title: string; accountIds: string[]; readAt: string | null; dismissedAt: string | null; action: { action: string; amount?: number; nextDueDate?: string } | null }

let t: TestContext
let owner: Client
let adult: Client
let viewer: Client
let outsider: Client
let free: Client
let checking: string
let privateAccount: string
let groceries: string
let subscriptions: string
let salary: string
let bigGrocery: string
let uncategorised: string

async function add(client: Client, accountId: string, date: string, amount: number, merchant: string, categoryId: string | null = null): Promise<string> {
  const res = await client.post('/api/transactions', { accountId, date, amount, merchant, categoryId })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW })
  owner = await signUp(t.app)
  await setTestPlan(t, owner, 'premium')
  adult = await addMember(t, owner, 'adult')
  viewer = await addMember(t, owner, 'viewer')
  outsider = await signUp(t.app)
  await setTestPlan(t, outsider, 'premium')
  free = await signUp(t.app)
  groceries = await categoryId(t, owner, 'Groceries')
  subscriptions = await categoryId(t, owner, 'Subscriptions')
  salary = await categoryId(t, owner, 'Salary')
  checking = await newAccount(owner, 'Everyday checking')
  privateAccount = await newAccount(adult, 'Adult private', { visibility: 'private' })

  await add(owner, checking, '2026-06-01', 1000, 'Acme Payroll', salary)
  for (const month of ['01', '02', '03', '04', '05', '06']) await add(owner, checking, `2026-${month}-03`, -15.49, 'Netflix', subscriptions)
  const usual = [40, 42, 38, 41, 39, 40, 40, 40]
  for (const [i, amount] of usual.entries()) await add(owner, checking, `2026-0${1 + (i % 5)}-${String(10 + i).padStart(2, '0')}`, -amount, 'Harbor Grocers', groceries)
  bigGrocery = await add(owner, checking, '2026-06-10', -136, 'Harbor Grocers', groceries)
  uncategorised = await add(owner, checking, '2026-06-15', -25, 'HARBOR GROCERS #77')
  // the adult's private gym: nobody else may learn of it
  for (const month of ['01', '02', '03', '04', '05', '06']) await add(adult, privateAccount, `2026-${month}-12`, -50, 'Secret Gym', subscriptions)
  await add(adult, privateAccount, '2026-06-16', -30, 'Secret Gym Shop')
  const bill = await owner.post('/api/bills', { name: 'Rent', amount: 500, nextDueDate: '2026-07-01', accountId: checking, recurrence: 'monthly' })
  expect(bill.statusCode, bill.body).toBe(201)
}, 120_000)

afterAll(async () => {
  await t.close()
})

describe('refresh and recurring payments', () => {
  it('queues the job on Refresh (202) and runs it in the background, never on the request', async () => {
    expect((await owner.get('/api/insights/refresh')).json()).toEqual({ status: 'idle', requestedAt: null, startedAt: null, finishedAt: null })
    const refresh = await owner.post('/api/insights/refresh')
    expect(refresh.statusCode, refresh.body).toBe(202)
    // the answer comes before the job has run: nothing is found yet
    expect(refresh.json()).toEqual({ status: 'queued', requestedAt: NOW.replace('Z', '.000Z'), startedAt: null, finishedAt: null })
    await settleInsightJobs(t.database.db)
    // the page polls this until the run is over
    const state = (await viewer.get('/api/insights/refresh')).json()
    expect(state).toEqual({ status: 'done', requestedAt: '2026-06-20T12:00:00.000Z', startedAt: '2026-06-20T12:00:00.000Z', finishedAt: '2026-06-20T12:00:00.000Z' })
    const [job] = await t.database.db.select().from(insightJobs).where(eq(insightJobs.status, 'done'))
    expect(job?.claimedBy).toMatch(/:\d+$/)
  })

  it('finds the monthly subscription with its amount and next date', async () => {
    const list = (await owner.get('/api/insights/recurring')).json() as Recurring[]
    expect(list).toEqual([
      expect.objectContaining({
        payee: 'Netflix',
        cadence: 'monthly',
        amount: -15.49,
        nextDate: '2026-07-03',
        lastDate: '2026-06-03',
        accountId: checking,
        status: 'found',
        occurrences: 6,
        monthly: -15.49,
        priceChange: null,
        billId: null,
      }),
    ])
  })

  it('shows the private series only to the member who sees its account', async () => {
    const mine = (await adult.get('/api/insights/recurring')).json() as Recurring[]
    expect(mine.map((r) => r.payee).sort()).toEqual(['Netflix', 'Secret Gym'])
    const viewed = (await viewer.get('/api/insights/recurring')).json() as Recurring[]
    expect(viewed.map((r) => r.payee)).toEqual(['Netflix'])
    const gym = mine.find((r) => r.payee === 'Secret Gym')
    expect((await owner.post(`/api/insights/recurring/${gym?.id}/dismiss`)).statusCode).toBe(404)
  })

  it('makes a series a bill in one step, and lets a dismissed one stay dismissed', async () => {
    const [netflix] = (await owner.get('/api/insights/recurring')).json() as Recurring[]
    expect((await viewer.post(`/api/insights/recurring/${netflix?.id}/confirm`, {})).statusCode).toBe(403)
    expect((await outsider.post(`/api/insights/recurring/${netflix?.id}/confirm`, {})).statusCode).toBe(404)
    const bad = await owner.post(`/api/insights/recurring/${netflix?.id}/confirm`, { name: '' })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('name')
    const res = await owner.post(`/api/insights/recurring/${netflix?.id}/confirm`, { name: 'Netflix plan' })
    expect(res.statusCode, res.body).toBe(200)
    const { series, billId } = res.json() as { series: Recurring; billId: string }
    expect(series).toMatchObject({ status: 'confirmed', billId })
    const bills = (await owner.get('/api/bills')).json() as { id: string; name: string; amount: number; nextDueDate: string; recurrence: string; categoryId: string | null }[]
    expect(bills.find((b) => b.id === billId)).toMatchObject({ name: 'Netflix plan', amount: 15.49, nextDueDate: '2026-07-03', recurrence: 'monthly', categoryId: subscriptions })
    expect((await owner.post(`/api/insights/recurring/${netflix?.id}/confirm`, {})).statusCode).toBe(409)

    const gym = ((await adult.get('/api/insights/recurring')).json() as Recurring[]).find((r) => r.payee === 'Secret Gym')
    const dismissed = await adult.post(`/api/insights/recurring/${gym?.id}/dismiss`)
    expect(dismissed.json()).toMatchObject({ status: 'dismissed' })
    expect((await refreshInsights(t, adult)).status).toBe('done')
    const after = (await adult.get('/api/insights/recurring')).json() as Recurring[]
    expect(after.map((r) => `${r.payee} ${r.status}`)).toEqual(['Netflix confirmed'])
    const all = (await adult.get('/api/insights/recurring?includeDismissed=true')).json() as Recurring[]
    expect(all.map((r) => `${r.payee} ${r.status}`).sort()).toEqual(['Netflix confirmed', 'Secret Gym dismissed'])
  })
})

describe('anomalies', () => {
  it('gives the unusual transaction with its reason in words', async () => {
    const list = (await owner.get('/api/insights/anomalies')).json() as Anomaly[]
    expect(list).toEqual([
      expect.objectContaining({
        kind: 'transaction',
        transactionId: bigGrocery,
        payee: 'Harbor Grocers',
        amount: 136,
        usual: 40,
        reason: '3.4× your usual at Harbor Grocers',
        accountIds: [checking],
      }),
      // Jan–May: 80, 82, 78, 41 and 39 → usual 78; June 136
      expect.objectContaining({
        kind: 'category_month',
        month: '2026-06',
        date: '2026-06-01',
        categoryName: 'Groceries',
        amount: 136,
        usual: 78,
        reason: '1.7× your usual Groceries spending in June 2026',
        accountIds: [checking],
      }),
    ])
    expect((await outsider.get('/api/insights/anomalies')).json()).toEqual([])
    expect((await free.get('/api/insights/anomalies')).statusCode).toBe(403)
  })
})

describe('the insight feed', () => {
  it('lists what the job found, marks one read or dismissed, and hides what a member may not see', async () => {
    const feed = (await owner.get('/api/insights')).json() as Insight[]
    const kinds = feed.map((i) => i.kind).sort()
    expect(kinds).toContain('anomaly_transaction')
    expect(kinds).toContain('uncategorised')
    expect(feed.every((i) => !i.accountIds.includes(privateAccount))).toBe(true)
    // each turns into something in one click: a rule for the uncategorised payee, a bill for the new series
    expect(feed.find((i) => i.kind === 'uncategorised')?.action).toEqual({ action: 'rule', name: 'HARBOR GROCERS #77 is Groceries', payee: 'HARBOR GROCERS #77', categoryId: groceries })
    // (Netflix's was dismissed when it became a bill above)
    expect(feed.some((i) => i.kind === 'recurring_new')).toBe(false)
    const everything = (await owner.get('/api/insights?includeDismissed=true')).json() as Insight[]
    expect(everything.find((i) => i.kind === 'recurring_new')?.action).toMatchObject({ action: 'bill', name: 'Netflix', amount: 15.49, nextDueDate: '2026-07-03', recurrence: 'monthly', accountId: checking })
    expect(feed.find((i) => i.kind === 'anomaly_month')?.action).toEqual({ action: 'budget', categoryId: groceries, month: '2026-06', amount: 78, rollover: false })
    const adultFeed = (await adult.get('/api/insights')).json() as Insight[]
    expect(adultFeed.some((i) => i.accountIds.includes(privateAccount))).toBe(true)

    const item = feed.find((i) => i.kind === 'anomaly_transaction')
    expect((await viewer.patch(`/api/insights/${item?.id}`, { read: true })).statusCode).toBe(403)
    expect((await outsider.patch(`/api/insights/${item?.id}`, { read: true })).statusCode).toBe(404)
    expect((await owner.patch(`/api/insights/${item?.id}`, {})).statusCode).toBe(400)
    const read = await owner.patch(`/api/insights/${item?.id}`, { read: true })
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json().readAt).toBe('2026-06-20T12:00:00.000Z')
    const dismissed = await owner.patch(`/api/insights/${item?.id}`, { dismissed: true })
    expect(dismissed.json().dismissedAt).not.toBeNull()
    expect(((await owner.get('/api/insights')).json() as Insight[]).some((i) => i.id === item?.id)).toBe(false)
    expect(((await owner.get('/api/insights?includeDismissed=true')).json() as Insight[]).some((i) => i.id === item?.id)).toBe(true)

    const privateInsight = adultFeed.find((i) => i.accountIds.includes(privateAccount))
    expect((await owner.patch(`/api/insights/${privateInsight?.id}`, { read: true })).statusCode).toBe(404)
  })
})

describe('one-click actions', () => {
  type Action = Record<string, unknown> & { action: string }
  const feedOf = async (c: Client) => (await c.get('/api/insights?includeDismissed=true')).json() as (Insight & { body: string; action: Action | null })[]

  it('an unusual charge: a budget for its month with room for it, made through PUT /api/budgets', async () => {
    const unusual = (await feedOf(owner)).find((i) => i.kind === 'anomaly_transaction')
    // Groceries usually costs 78.00 a month (Jan–May: 80, 82, 78, 41, 39); 136.00 is 96.00 above the usual 40.00
    expect(unusual?.action).toEqual({ action: 'budget', categoryId: groceries, month: '2026-06', amount: 174, rollover: false })
    expect(unusual?.body).toContain('A Groceries budget of $174.00 for June 2026 (its usual month, $78.00, and this charge’s extra) makes room for it.')
    const { action: _kind, ...body } = unusual?.action ?? { action: '' }
    expect((await viewer.put('/api/budgets', body)).statusCode).toBe(403)
    const res = await owner.put('/api/budgets', body)
    expect(res.statusCode, res.body).toBe(200)
    const june = (await owner.get('/api/budgets?month=2026-06')).json() as { categoryId: string; amount: number }[]
    expect(june.find((b) => b.categoryId === groceries)?.amount).toBe(174)
    // put back: the forecast and the other tests know no June budget
    const budgetId = (june.find((b) => b.categoryId === groceries) as { id?: string } | undefined)?.id
    expect((await owner.delete(`/api/budgets/${budgetId}`)).statusCode).toBe(204)
  })

  it('a cash low point: the biggest flexible category’s budget trimmed by the shortfall, before it', async () => {
    // the adult sees both cash accounts the household's forecast covers; the owner does not see the private one
    expect((await feedOf(owner)).some((i) => i.kind === 'forecast_low')).toBe(false)
    const low = (await feedOf(adult)).find((i) => i.kind === 'forecast_low')
    expect(low?.action).toMatchObject({ action: 'budget', categoryId: groceries, month: '2026-06', rollover: false })
    expect(low?.body).toMatch(/Most of your flexible spending goes to Groceries \(about \$[\d.,]+ a month lately\)\. Spending \$[\d.,]+ less on it (keeps you above zero|covers part of the gap): a Groceries budget of \$[\d.,]+ for June 2026\./)
    const { action: _kind, ...body } = low?.action ?? { action: '' }
    const res = await adult.put('/api/budgets', body)
    expect(res.statusCode, res.body).toBe(200)
    const june = (await adult.get('/api/budgets?month=2026-06')).json() as { id: string; categoryId: string; amount: number }[]
    const made = june.find((b) => b.categoryId === groceries)
    expect(made?.amount).toBe(low?.action?.amount)
    expect((await adult.delete(`/api/budgets/${made?.id}`)).statusCode).toBe(204)
  })

  it('a stopped payment: its bill ended, or its month taken off its budget, or no longer tracked', async () => {
    const stops = await signUp(t.app)
    await setTestPlan(t, stops, 'premium')
    const account = await newAccount(stops, 'Stops checking')
    const subs = await categoryId(t, stops, 'Subscriptions')
    for (const month of ['01', '02', '03', '04']) {
      await add(stops, account, `2026-${month}-05`, -30, 'Gym Club')
      await add(stops, account, `2026-${month}-08`, -9.99, 'Music Box', subs)
      await add(stops, account, `2026-${month}-09`, -5, 'Paper Daily')
    }
    const gymBill = (await stops.post('/api/bills', { name: 'Gym membership', amount: 30, nextDueDate: '2026-05-05', accountId: account, recurrence: 'monthly' })).json().id as string
    expect((await stops.put('/api/budgets', { categoryId: subs, month: '2026-06', amount: 50, rollover: true })).statusCode).toBe(200)
    expect((await refreshInsights(t, stops)).status).toBe('done')
    const stopped = (await feedOf(stops)).filter((i) => i.kind === 'recurring_stopped')
    const by = Object.fromEntries(stopped.map((i) => [i.title, i]))
    expect(Object.keys(by).sort()).toEqual(['Gym Club seems to have stopped', 'Music Box seems to have stopped', 'Paper Daily seems to have stopped'])

    const gym = by['Gym Club seems to have stopped']
    expect(gym?.action).toEqual({ action: 'end_bill', billId: gymBill, name: 'Gym membership' })
    expect(gym?.body).toContain('End the bill Gym membership if it is over.')
    expect((await owner.patch(`/api/bills/${gymBill}`, { isActive: false })).statusCode).toBe(404)
    const ended = await stops.patch(`/api/bills/${gymBill}`, { isActive: false })
    expect(ended.statusCode, ended.body).toBe(200)
    expect(ended.json()).toMatchObject({ isActive: false, name: 'Gym membership' })

    const music = by['Music Box seems to have stopped']
    // 50.00 − 9.99 a month; the budget's rollover stays as it is
    expect(music?.action).toEqual({ action: 'budget', categoryId: subs, month: '2026-06', amount: 40.01, rollover: true })
    expect(music?.body).toContain('If it is over, its $9.99 a month can come off the Subscriptions budget of June 2026: $40.01 instead of $50.00.')
    const { action: _kind, ...budget } = music?.action ?? { action: '' }
    expect((await stops.put('/api/budgets', budget)).statusCode).toBe(200)
    expect(((await stops.get('/api/budgets?month=2026-06')).json() as { amount: number; rollover: boolean }[])[0]).toMatchObject({ amount: 40.01, rollover: true })

    const paper = by['Paper Daily seems to have stopped']
    const paperId = paper?.action?.recurringId
    expect(paper?.action).toEqual({ action: 'dismiss_recurring', recurringId: paperId, name: 'Paper Daily' })
    const dismissed = await stops.post(`/api/insights/recurring/${String(paperId)}/dismiss`)
    expect(dismissed.statusCode, dismissed.body).toBe(200)
    expect(dismissed.json()).toMatchObject({ payee: 'Paper Daily', status: 'dismissed' })

    // a bill made from a series that later stops is offered to be ended too, once
    const series = ((await stops.get('/api/insights/recurring')).json() as Recurring[]).find((r) => r.payee === 'Gym Club')
    expect(series?.status).toBe('stopped')
  })

  it('a payee with nothing to suggest: a rule whose category the member picks', async () => {
    const fresh = await signUp(t.app)
    await setTestPlan(t, fresh, 'premium')
    const account = await newAccount(fresh, 'Fresh checking')
    for (const [i, amount] of [10, 11, 9, 10, 12, 10, 9, 11].entries()) await add(fresh, account, `2026-0${1 + (i % 5)}-${String(3 + i).padStart(2, '0')}`, -amount, 'Corner Shop')
    await add(fresh, account, '2026-06-15', -90, 'Corner Shop')
    expect((await refreshInsights(t, fresh)).status).toBe('done')
    const feed = await feedOf(fresh)
    const waiting = feed.find((i) => i.kind === 'uncategorised')
    expect(waiting?.action).toEqual({ action: 'rule', name: 'Corner Shop', payee: 'Corner Shop', categoryId: null })
    expect(waiting?.body).toBe('Corner Shop comes up most often: choose its category, and a rule files it from now on.')
    const unusual = feed.find((i) => i.kind === 'anomaly_transaction')
    expect(unusual?.action).toEqual({ action: 'rule', name: 'Corner Shop', payee: 'Corner Shop', categoryId: null })
    // the page sends the rule with the category picked in its dialog
    const household = await categoryId(t, fresh, 'Groceries')
    const made = await fresh.post('/api/rules', {
      name: 'Corner Shop',
      match: 'all',
      conditions: [{ field: 'payee', operator: 'contains', value: 'Corner Shop' }],
      actions: { setCategoryId: household },
    })
    expect(made.statusCode, made.body).toBe(201)
    const applied = await fresh.post('/api/rules/apply', {})
    expect(applied.json()).toMatchObject({ changed: 9 })
  })
})

describe('category suggestions', () => {
  it('suggests the payee’s category for an uncategorised row and learns from accepting it', async () => {
    const res = await owner.get('/api/insights/category-suggestions')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { items: Suggestion[]; uncategorised: number; trainedAt: string | null }
    expect(body.uncategorised).toBe(1)
    expect(body.trainedAt).not.toBeNull()
    expect(body.items).toEqual([
      expect.objectContaining({ transactionId: uncategorised, categoryId: groceries, categoryName: 'Groceries', confidence: 1, source: 'payee', payee: 'HARBOR GROCERS #77' }),
    ])
    // the adult sees the private account's uncategorised row too
    const adults = (await adult.get('/api/insights/category-suggestions')).json() as { uncategorised: number; items: Suggestion[] }
    expect(adults.uncategorised).toBe(2)
    expect(adults.items.find((s) => s.payee === 'Secret Gym Shop')?.source).toBe('model')

    expect((await viewer.post('/api/insights/category-suggestions/accept', { items: [{ transactionId: uncategorised, categoryId: groceries }] })).statusCode).toBe(403)
    const empty = await owner.post('/api/insights/category-suggestions/accept', { items: [] })
    expect(empty.statusCode).toBe(400)
    expect(empty.body).toContain('items')
    const privateRow = adults.items.find((s) => s.payee === 'Secret Gym Shop')
    // one row the member may not see and nothing changes
    const hidden = await owner.post('/api/insights/category-suggestions/accept', {
      items: [{ transactionId: uncategorised, categoryId: groceries }, { transactionId: privateRow?.transactionId, categoryId: groceries }],
    })
    expect(hidden.statusCode).toBe(404)
    expect((await owner.get(`/api/transactions/${uncategorised}`)).json().categoryId).toBeNull()

    const before = (await owner.get(`/api/accounts/${checking}`)).json().balance
    const accepted = await owner.post('/api/insights/category-suggestions/accept', { items: [{ transactionId: uncategorised, categoryId: groceries }] })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toEqual({ updated: 1 })
    expect((await owner.get(`/api/transactions/${uncategorised}`)).json().categoryId).toBe(groceries)
    expect((await owner.get(`/api/accounts/${checking}`)).json().balance).toBe(before)
    expect(((await owner.get('/api/insights/category-suggestions')).json() as { uncategorised: number }).uncategorised).toBe(0)
  })

  it('counts a correction at once: the payee’s next suggestions follow the newer choice, not the model’s history', async () => {
    const dining = await categoryId(t, owner, 'Dining Out')
    const shopping = await categoryId(t, owner, 'Shopping')
    const next = await add(owner, checking, '2026-06-18', -12, 'Harbor Grocers')
    const suggested = async (id: string) =>
      ((await owner.get('/api/insights/category-suggestions')).json() as { items: Suggestion[] }).items.find((s) => s.transactionId === id)
    // nine Groceries rows in the model's history
    expect(await suggested(next)).toMatchObject({ categoryId: groceries, source: 'payee' })
    // corrected on the transactions page: the model is not retrained until tonight, the suggestion follows at once
    const fixed = await owner.patch(`/api/transactions/${bigGrocery}`, { categoryId: dining })
    expect(fixed.statusCode, fixed.body).toBe(200)
    expect(await suggested(next)).toMatchObject({ categoryId: dining, categoryName: 'Dining Out', confidence: 1, source: 'payee' })
    // a category picked on the suggestions card other than the one suggested is a correction too
    const other = await add(owner, checking, '2026-06-19', -8, 'Harbor Grocers')
    const picked = await owner.post('/api/insights/category-suggestions/accept', { items: [{ transactionId: other, categoryId: shopping }] })
    expect(picked.statusCode, picked.body).toBe(200)
    expect(await suggested(next)).toMatchObject({ categoryId: shopping, categoryName: 'Shopping', source: 'payee' })
    // put back as they were for the tests that follow
    expect((await owner.patch(`/api/transactions/${bigGrocery}`, { categoryId: groceries })).statusCode).toBe(200)
    expect((await owner.delete(`/api/transactions/${next}`)).statusCode).toBe(204)
    expect((await owner.delete(`/api/transactions/${other}`)).statusCode).toBe(204)
  })
})

describe('forecast', () => {
  it('walks the cash balance with bills and recurring payments and finds the first day below zero', async () => {
    const res = await owner.get('/api/insights/forecast?days=30')
    expect(res.statusCode, res.body).toBe(200)
    const f = res.json() as {
      today: string
      startBalance: number
      dailySpending: number
      points: { date: string; balance: number; low: number; high: number }[]
      lowPoint: { date: string; balance: number } | null
      events: { date: string; label: string; amount: number; source: string }[]
      accountIds: string[]
    }
    // 1000 − 6 × 15.49 − (320 + 136) − 25 = 426.06
    expect(f).toMatchObject({ today: '2026-06-20', startBalance: 426.06, dailySpending: 0, accountIds: [checking] })
    expect(f.points).toHaveLength(30)
    expect(f.points[0]?.date).toBe('2026-06-21')
    // Netflix is a bill now (confirmed above): rent on the 1st, Netflix on the 3rd
    expect(f.events.map((e) => `${e.date} ${e.label} ${e.amount} ${e.source}`)).toEqual(['2026-07-01 Rent -500 bill', '2026-07-03 Netflix plan -15.49 bill'])
    expect(f.lowPoint).toEqual({ date: '2026-07-01', balance: -73.94 })
    expect(f.points.at(-1)?.balance).toBe(-89.43)
    // planned pay twice a month on checking is expected income: 300 on July 1 and 15 lifts the low point
    const pay = await owner.post('/api/planned-income', { name: 'Pay', amount: 300, schedule: 'semimonthly', nextDate: '2026-07-01', secondDay: 15, accountId: checking })
    expect(pay.statusCode, pay.body).toBe(201)
    const withPay = (await owner.get('/api/insights/forecast?days=30')).json() as typeof f
    expect(withPay.events.map((e) => `${e.date} ${e.label} ${e.amount}`)).toEqual(['2026-07-01 Pay 300', '2026-07-01 Rent -500', '2026-07-03 Netflix plan -15.49', '2026-07-15 Pay 300'])
    // 426.06 + 300 − 500 = 226.06 on July 1: never below zero
    expect(withPay.lowPoint).toBeNull()
    expect(withPay.points.at(-1)?.balance).toBe(510.57)
    expect((await owner.delete(`/api/planned-income/${(pay.json() as { id: string }).id}`)).statusCode).toBe(204)
    expect((await owner.get('/api/insights/forecast?days=45')).statusCode).toBe(400)
    expect((await owner.get('/api/insights/forecast?days=45')).body).toContain('days')
    // the adult sees the private account too; the outsider has nothing of this household
    expect(((await adult.get('/api/insights/forecast?days=60')).json() as { accountIds: string[] }).accountIds.sort()).toEqual([checking, privateAccount].sort())
    expect(((await outsider.get('/api/insights/forecast')).json() as { accountIds: string[] }).accountIds).toEqual([])
  })
})

describe('the nightly job', () => {
  it('refreshes every household on a plan with Smart Insights and leaves free ones alone', async () => {
    const freeChecking = await newAccount(free, 'Free checking')
    for (const month of ['01', '02', '03', '04']) await add(free, freeChecking, `2026-${month}-07`, -9.99, 'Music Stream')
    const failures: unknown[] = []
    const done = await runAllInsights(t.database.db, new Date(NOW), (_id, error) => failures.push(error))
    expect(failures).toEqual([])
    expect(done.households).toBeGreaterThanOrEqual(2)
    const freeSeries = await t.database.db.select().from(recurringSeries).where(eq(recurringSeries.accountId, freeChecking))
    expect(freeSeries).toEqual([])
    // the owner's feed is still there, with the same series
    expect(((await owner.get('/api/insights/recurring')).json() as Recurring[]).map((r) => r.payee)).toEqual(['Netflix'])
  })
})

describe('one run of the job per household at a time, on any instance', () => {
  it('queues once for two presses, lets one of two instances claim it, and the sweep takes over a job left behind', async () => {
    const db = t.database.db
    const [member] = await db.select().from(householdMembers).where(eq(householdMembers.userId, owner.user.id))
    const householdId = member?.householdId ?? ''
    const now = new Date(NOW)
    const state = async () => (await owner.get('/api/insights/refresh')).json()
    // Refresh pressed twice before it runs: one job
    const first = await queueJob(db, householdId, 'UTC', now)
    expect(first.status).toBe('queued')
    expect(await queueJob(db, householdId, 'UTC', new Date(now.getTime() + 5000))).toEqual(first)
    // two instances reaching for it at once: exactly one runs it
    const ran = await Promise.all([runClaimed(db, householdId, () => now, 'queued'), runClaimed(db, householdId, () => now, 'queued')])
    expect(ran.sort()).toEqual([false, true])
    expect(await state()).toMatchObject({ status: 'done' })
    // while a run is under way, neither the nightly job nor a Refresh starts another
    await db.update(insightJobs).set({ status: 'running', startedAt: now, finishedAt: null }).where(eq(insightJobs.householdId, householdId))
    expect(await runClaimed(db, householdId, () => now, 'any', 'UTC')).toBe(false)
    const pressed = await owner.post('/api/insights/refresh')
    expect(pressed.statusCode).toBe(202)
    expect(pressed.json()).toMatchObject({ status: 'running', startedAt: '2026-06-20T12:00:00.000Z' })
    await settleInsightJobs(db)
    expect(await state()).toMatchObject({ status: 'running' })
    // a run not finished after 15 minutes died with its instance: the scheduler's sweep (on any
    // instance) takes it over, as it runs a job queued by an instance that stopped before running it
    const sweep = async () => {
      const job = sharedJobs.find((j) => j.name === 'insights-queued')
      expect(job?.everyMinutes).toBe(1)
      await job?.run({ db, config: t.config, now, log: t.app.log })
    }
    await db.update(insightJobs).set({ startedAt: new Date(now.getTime() - 16 * 60_000) }).where(eq(insightJobs.householdId, householdId))
    await sweep()
    expect(await state()).toMatchObject({ status: 'done', startedAt: '2026-06-20T12:00:00.000Z' })
    await db.update(insightJobs).set({ status: 'queued', startedAt: null, finishedAt: null }).where(eq(insightJobs.householdId, householdId))
    await sweep()
    expect(await state()).toMatchObject({ status: 'done', finishedAt: '2026-06-20T12:00:00.000Z' })
  })
})

describe('access', () => {
  it('needs a plan with Smart Insights, and the adult role to write', async () => {
    for (const url of ['/api/insights', '/api/insights/recurring', '/api/insights/anomalies', '/api/insights/forecast', '/api/insights/category-suggestions']) {
      expect((await free.get(url)).statusCode, url).toBe(403)
      expect((await viewer.get(url)).statusCode, url).toBe(200)
    }
    expect((await free.post('/api/insights/refresh')).statusCode).toBe(403)
    expect((await free.get('/api/insights/refresh')).statusCode).toBe(403)
    expect((await viewer.post('/api/insights/refresh')).statusCode).toBe(403)
  })
})

describe('the demo household', () => {
  it('finds its subscriptions with the right cadence and next date', async () => {
    await ensureDemoHousehold(t.database.db, new Date(NOW))
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD } })
    expect(login.statusCode).toBe(200)
    const demo = clientFor(t.app, String(login.headers['set-cookie']).split(';')[0] ?? '', login.json())
    expect((await refreshInsights(t, demo)).status).toBe('done')
    const list = (await demo.get('/api/insights/recurring')).json() as Recurring[]
    const by = Object.fromEntries(list.map((r) => [r.payee, `${r.cadence} ${r.amount} ${r.nextDate}`]))
    // the generator's card subscriptions and checking bills, on their days of the month
    expect(by).toMatchObject({
      Netflix: 'monthly -15.49 2026-07-03',
      Spotify: 'monthly -10.99 2026-07-09',
      // charged today (the 20th): next month's is next
      'Gym Plus': 'monthly -39 2026-07-20',
      FiberNet: 'monthly -65 2026-07-08',
      'Mobile One': 'monthly -45 2026-07-12',
      'Oakwood Apartments': 'monthly -1650 2026-07-01',
    })
    expect(list.find((r) => r.payee === 'City Power & Gas')?.cadence).toBe('monthly')
    // pay on the 1st and the 15th: a monthly series for each day
    expect(list.filter((r) => r.payee === 'Acme Corp Payroll').map((r) => `${r.cadence} ${r.nextDate}`)).toEqual(['monthly 2026-07-01', 'monthly 2026-07-15'])
    // bills the demo keeps for rent, Netflix and the rest count once, and pay keeps the family afloat
    const forecast = (await demo.get('/api/insights/forecast?days=90')).json() as { points: unknown[]; lowPoint: unknown; events: { label: string }[] }
    expect(forecast.points).toHaveLength(90)
    expect(forecast.lowPoint).toBeNull()
    expect(forecast.events.filter((e) => e.label === 'Oakwood Apartments')).toEqual([])
    expect(forecast.events.filter((e) => e.label === 'Acme Corp Payroll')).toHaveLength(6)
    // everyday shops are not subscriptions
    expect(list.some((r) => ['Target', 'Fresh Market', 'Shell'].includes(r.payee))).toBe(false)
  }, 120_000)
})
