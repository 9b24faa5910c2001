// What the data-rights tests share: reading an export ZIP and its document, a household with a
// bit of everything, the document with its ids made comparable, and uploading an export.
import { eq } from 'drizzle-orm'
import yauzl from 'yauzl'
import { afterAll, beforeAll, expect } from 'vitest'
import { EXPORT_JSON_NAME, exportDocument } from '#src/contract/data'
import { householdMembers } from '#src/server/db/schema'
import { newAccount } from '#src/server/test/family'
import { categoryId, createTestApp, type Client, type TestContext } from '#src/server/test/helper'

export let t: TestContext
/** Each file's app, started in beforeAll with the clock at 2026-03-15 12:00 UTC and closed in afterAll. */
export function setUpDataRightsTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  })
  afterAll(async () => {
    await t.close()
  })
}

export async function unzip(bytes: Buffer): Promise<Map<string, string>> {
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

export async function download(client: Client): Promise<Map<string, string>> {
  const res = await client.get('/api/export')
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('application/zip')
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="kinwise-export-\d{4}-\d{2}-\d{2}\.zip"$/)
  return unzip(res.rawPayload)
}

export function documentOf(files: Map<string, string>) {
  const text = files.get(EXPORT_JSON_NAME)
  expect(text).toBeDefined()
  return exportDocument.parse(JSON.parse(text ?? '{}'))
}

export const post = async (client: Client, url: string, body: unknown, status = 201) => {
  const res = await client.post(url, body)
  expect(res.statusCode, `${url} ${res.body}`).toBe(status)
  return res.json()
}

/** A household with a bit of everything: accounts of each kind, splits, a transfer, nested categories, plans. */
/** richHouseholdOf in this file's app. */
export const richHousehold = (owner: Client) => richHouseholdOf(t, owner)

export async function richHouseholdOf(t: TestContext, owner: Client) {
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
export function canonical(doc: ReturnType<typeof exportDocument.parse>) {
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

export async function householdOfIn(t: TestContext, client: Client): Promise<string> {
  const [row] = await t.database.db.select({ id: householdMembers.householdId }).from(householdMembers).where(eq(householdMembers.userId, client.user.id))
  if (!row) throw new Error('no household')
  return row.id
}

export function uploadExport(client: Client, bytes: Buffer | string, fileName = 'kinwise-export.zip') {
  const form = new FormData()
  form.append('file', new Blob([typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)]), fileName)
  return client.request({ method: 'POST', url: '/api/export/import', payload: form })
}

