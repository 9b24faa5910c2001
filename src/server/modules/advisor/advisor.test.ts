// The AI Advisor through the app: the deterministic engine's answers to the common
// questions with exact figures from seeded data, the honest fallback, tool calling through a
// local fake of the OpenAI chat-completions API (figures from the tools, at most a few rounds,
// streamed as Server-Sent Events), conversations per member, access and privacy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { advisorMessages, plannedIncomes, recurringSeries } from '#src/server/db/schema'
import { startFakeLlm, type FakeLlm } from '#src/server/integrations/llm/fake-llm-server'
import { addMember, categoryId, createTestApp, setTestPlan, signUp, type Client, type TestContext } from '#src/server/test/helper'
import { MAX_TOOL_ROUNDS } from './service'

type FigureJson = { label: string; amount: number | null; value: string; href: string | null }
type AskJson = { conversationId: string; reply: { text: string; figures: FigureJson[] }; engine: 'deterministic' | 'model' }

/** A premium household on 2026-03-15: a shared checking account, an adult's private card, a goal and bills. */
async function seed(t: TestContext) {
  const owner = await signUp(t.app)
  await setTestPlan(t, owner, 'premium')
  const adult = await addMember(t, owner, 'adult')
  const viewer = await addMember(t, owner, 'viewer')
  const groceries = await categoryId(t, owner, 'Groceries')
  const shopping = await categoryId(t, owner, 'Shopping')
  const checking = (await owner.post('/api/accounts', { name: 'Everyday Checking', type: 'checking', openingBalance: 5000, openingDate: '2026-01-01' })).json()
  const secret = (await adult.post('/api/accounts', { name: 'Private Card', type: 'credit_card', visibility: 'private', openingDate: '2026-01-01' })).json()
  const tx = async (client: Client, body: Record<string, unknown>) => {
    const res = await client.post('/api/transactions', body)
    expect(res.statusCode, res.body).toBe(201)
  }
  await tx(owner, { accountId: checking.id, date: '2026-02-03', amount: -120.5, categoryId: groceries, merchant: 'Harbor Grocers' })
  await tx(owner, { accountId: checking.id, date: '2026-02-17', amount: -79.25, categoryId: groceries, merchant: 'Harbor Grocers' })
  await tx(owner, { accountId: checking.id, date: '2026-03-02', amount: -45, categoryId: groceries, merchant: 'Corner Market' })
  await tx(owner, { accountId: checking.id, date: '2026-01-20', amount: -899.99, categoryId: shopping, merchant: 'Best Buy' })
  await tx(owner, { accountId: checking.id, date: '2026-03-05', amount: 2500, merchant: 'Employer' })
  // the adult's private card: never in the owner's or the viewer's answers
  await tx(adult, { accountId: secret.id, date: '2026-02-10', amount: -300, categoryId: groceries, merchant: 'Secret Market' })
  await tx(adult, { accountId: secret.id, date: '2026-03-03', amount: -1234.56, categoryId: shopping, merchant: 'Secret Jeweller' })
  const goal = (await owner.post('/api/goals', { name: 'Vacation Fund', targetAmount: 3000, currentAmount: 600, monthlyContribution: 200 })).json()
  await owner.post('/api/bills', { name: 'Electric', amount: 95.4, nextDueDate: '2026-03-20' })
  await owner.post('/api/bills', { name: 'Internet', amount: 60, nextDueDate: '2026-04-30' })
  return { owner, adult, viewer, checking, secret, groceries, goal }
}

async function ask(client: Client, text: string, conversationId?: string): Promise<AskJson> {
  const res = await client.post('/api/advisor/messages', conversationId ? { text, conversationId } : { text })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const amounts = (a: AskJson) => a.reply.figures.map((f) => f.amount)

describe('advisor without a model', () => {
  let t: TestContext
  let s: Awaited<ReturnType<typeof seed>>
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
    s = await seed(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('says how much was spent on groceries last month, linked to those transactions', async () => {
    const a = await ask(s.owner, 'How much did I spend on groceries last month?')
    expect(a.engine).toBe('deterministic')
    expect(a.reply.text).toBe('You spent $199.75 on Groceries in February 2026.')
    expect(a.reply.figures).toEqual([
      { label: 'Groceries, February 2026', amount: 199.75, value: '$199.75', href: `/transactions?category=${s.groceries}&from=2026-02-01&to=2026-02-28` },
    ])
  })

  it('answers spending at a payee and spending in all, with the top categories', async () => {
    const payee = await ask(s.owner, 'How much did I spend at Harbor Grocers in February?')
    expect(payee.reply.text).toBe('You spent $199.75 at Harbor Grocers in February 2026.')
    expect(payee.reply.figures).toEqual([
      { label: 'Harbor Grocers, February 2026', amount: 199.75, value: '$199.75', href: '/transactions?q=Harbor+Grocers&from=2026-02-01&to=2026-02-28' },
    ])
    const all = await ask(s.owner, 'How much did I spend this year?')
    // 120.50 + 79.25 + 45 + 899.99
    expect(all.reply.text).toBe('You spent $1,144.74 in all this year (2026). The most went to Shopping $899.99 and Groceries $244.75.')
    expect(amounts(all)).toEqual([1144.74, 899.99, 244.75])
  })

  it('counts only the accounts the member may see', async () => {
    // the adult sees their own private card: 199.75 + 300
    expect(amounts(await ask(s.adult, 'How much did I spend on groceries last month?'))).toEqual([499.75])
    expect(amounts(await ask(s.viewer, 'How much did I spend on groceries last month?'))).toEqual([199.75])
    // a teen sees none of the household's accounts unless they are shared with teens
    const teen = await addMember(t, s.owner, 'teen')
    expect((await ask(teen, 'How much did I spend on groceries last month?')).reply.text).toBe('You spent nothing on Groceries in February 2026 ($0.00).')
    const biggest = await ask(s.owner, 'What were my biggest expenses this year?')
    expect(biggest.reply.text).not.toContain('Secret')
    expect(JSON.stringify(biggest.reply.figures)).not.toContain('1,234.56')
    const mine = await ask(s.adult, 'What were my biggest expenses this year?')
    expect(mine.reply.figures[0]).toMatchObject({ label: 'Secret Jeweller, Mar 3, 2026', amount: 1234.56 })
  })

  it('lists the biggest expenses this year, largest first, each linked to its day', async () => {
    const a = await ask(s.owner, 'What were my biggest expenses this year?')
    expect(a.reply.text.split('\n')[0]).toBe('Your biggest expenses this year (2026):')
    expect(a.reply.figures.map((f) => [f.label, f.amount])).toEqual([
      ['Best Buy, Jan 20, 2026', 899.99],
      ['Harbor Grocers, Feb 3, 2026', 120.5],
      ['Harbor Grocers, Feb 17, 2026', 79.25],
      ['Corner Market, Mar 2, 2026', 45],
    ])
    expect(a.reply.figures[0]?.href).toBe(`/transactions?account=${s.checking.id}&q=Best+Buy&from=2026-01-20&to=2026-01-20`)
  })

  it('answers "can I afford" from the spending plan', async () => {
    const plan = (await s.owner.get('/api/spending-plan')).json().plan
    const a = await ask(s.owner, 'Can I afford 500?')
    const available = a.reply.figures.find((f) => f.label === 'Available for the rest of March 2026')
    expect(available?.amount).toBe(plan.available)
    expect(a.reply.figures.find((f) => f.label === 'Price')?.amount).toBe(500)
    expect(a.reply.figures.find((f) => f.label === 'Daily allowance today')?.amount).toBe(plan.dailyAllowance)
    expect(a.reply.text.startsWith(plan.available >= 500 ? 'Yes, ' : 'Not this month')).toBe(true)
  })

  it('says when a goal will be reached', async () => {
    const a = await ask(s.owner, 'When will I reach my vacation goal?')
    expect(a.reply.text).toBe('At $200.00 a month, Vacation Fund ($600.00 of $3,000.00) will be reached in 12 months, around March 2027.')
    expect(a.reply.figures.find((f) => f.label === 'Vacation Fund: projected date')?.value).toBe('March 2027')
  })

  it('lists the bills due in the next 30 days', async () => {
    const a = await ask(s.owner, 'What bills are due?')
    expect(a.reply.text).toBe('1 bill is due in the next 30 days, $95.40 in all:\nElectric: $95.40 on Mar 20, 2026')
    expect(a.reply.figures.map((f) => [f.label, f.amount])).toEqual([
      ['Total due', 95.4],
      ['Electric, Mar 20, 2026', 95.4],
    ])
  })

  it('answers net worth and balances from what the member sees', async () => {
    const owner = await ask(s.owner, 'What is my net worth?')
    // 5000 − 120.5 − 79.25 − 45 − 899.99 + 2500
    expect(owner.reply.figures[0]).toMatchObject({ label: 'Net worth', amount: 6355.26 })
    // the adult also sees their private card: 6355.26 − 300 − 1234.56
    const adult = await ask(s.adult, 'What is my net worth?')
    expect(adult.reply.figures[0]).toMatchObject({ label: 'Net worth', amount: 4820.7 })
    const balance = await ask(s.owner, 'What are my account balances?')
    expect(balance.reply.text).not.toContain('Private Card')
  })

  it('is honest about what it cannot answer', async () => {
    const a = await ask(s.owner, 'Tell me a joke about penguins')
    expect(a.reply.text.startsWith("I can't answer that yet. I can answer questions like:")).toBe(true)
    expect(a.reply.figures).toEqual([])
  })

  it('keeps conversations per member, readable and deletable by them alone', async () => {
    const first = await ask(s.owner, 'What bills are due?')
    const second = await ask(s.owner, 'What is my net worth?', first.conversationId)
    expect(second.conversationId).toBe(first.conversationId)
    const list = (await s.owner.get('/api/advisor/conversations')).json()
    expect(list.map((c: { id: string }) => c.id)).toContain(first.conversationId)
    const detail = (await s.owner.get(`/api/advisor/conversations/${first.conversationId}`)).json()
    expect(detail.title).toBe('What bills are due?')
    expect(detail.messages.map((m: { role: string; text: string }) => [m.role, m.text.split('\n')[0]])).toEqual([
      ['user', 'What bills are due?'],
      ['assistant', '1 bill is due in the next 30 days, $95.40 in all:'],
      ['user', 'What is my net worth?'],
      ['assistant', expect.stringMatching(/^Your net worth is \$6,355\.26/)],
    ])
    expect(detail.messages[1].figures[0]).toMatchObject({ label: 'Total due', amount: 95.4 })
    // another member of the same household, and an outsider, get 404 and cannot continue it
    const outsider = await signUp(t.app)
    await setTestPlan(t, outsider, 'premium')
    for (const other of [s.adult, outsider]) {
      expect((await other.get(`/api/advisor/conversations/${first.conversationId}`)).statusCode).toBe(404)
      expect((await other.delete(`/api/advisor/conversations/${first.conversationId}`)).statusCode).toBe(404)
      expect((await other.post('/api/advisor/messages', { text: 'hi', conversationId: first.conversationId })).statusCode).toBe(404)
      expect((await other.get('/api/advisor/conversations')).json().map((c: { id: string }) => c.id)).not.toContain(first.conversationId)
    }
    expect((await s.owner.delete(`/api/advisor/conversations/${first.conversationId}`)).statusCode).toBe(204)
    expect((await s.owner.get(`/api/advisor/conversations/${first.conversationId}`)).statusCode).toBe(404)
  })

  it('lets a viewer ask, and refuses the free plan', async () => {
    expect((await s.viewer.post('/api/advisor/messages', { text: 'What bills are due?' })).statusCode).toBe(200)
    const free = await signUp(t.app)
    for (const res of [
      await free.post('/api/advisor/messages', { text: 'What bills are due?' }),
      await free.post('/api/advisor/messages/stream', { text: 'What bills are due?' }),
      await free.get('/api/advisor/conversations'),
      await free.get('/api/advisor/status'),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('PLAN_REQUIRED')
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/advisor/status' })).statusCode).toBe(401)
  })

  it('names the field of bad input and stores nothing', async () => {
    const before = (await s.viewer.get('/api/advisor/conversations')).json().length
    for (const [body, field] of [
      [{ text: '' }, 'text'],
      [{ text: 'x'.repeat(1001) }, 'text'],
      [{}, 'text'],
      [{ text: 'hi', conversationId: 'nope' }, 'conversationId'],
    ] as const) {
      const res = await s.viewer.post('/api/advisor/messages', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.body).toContain(field)
    }
    expect((await s.viewer.get('/api/advisor/conversations')).json().length).toBe(before)
  })

  it('streams the answer as Server-Sent Events', async () => {
    const res = await s.owner.post('/api/advisor/messages/stream', { text: 'What bills are due?' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/event-stream')
    const events = parseSse(res.body)
    expect(events.map((e) => e.event)).toEqual(['delta', 'done'])
    const done = events[1]?.data as AskJson
    expect(done.reply.figures[0]).toMatchObject({ label: 'Total due', amount: 95.4 })
    expect(events[0]?.data).toEqual({ text: done.reply.text })
  })

  it('says no model is configured and nothing leaves the server', async () => {
    const status = (await s.owner.get('/api/advisor/status')).json()
    expect(status).toMatchObject({ modelConfigured: false, model: null, requestsLeft: null, requestsPerMonth: 1000 })
    expect(status.dataSharing).toContain('Nothing leaves the server')
    expect(status.suggestions.length).toBeGreaterThan(3)
  })
})

function parseSse(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n')
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? ''
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6) ?? 'null'
      return { event, data: JSON.parse(data) }
    })
}

describe('advisor with a model (a local fake of the chat-completions API)', () => {
  let t: TestContext
  let fake: FakeLlm
  let s: Awaited<ReturnType<typeof seed>>
  beforeAll(async () => {
    fake = await startFakeLlm()
    t = await createTestApp({ now: '2026-03-15T12:00:00Z', env: { LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: fake.apiKey, LLM_MODEL: 'fake-model' } })
    s = await seed(t)
  })
  afterAll(async () => {
    await t.close()
    await fake.close()
  })

  it('lets the model call a tool; the figures are the tool’s', async () => {
    fake.requests.length = 0
    fake.script = (request) =>
      request.messages.some((m) => m.role === 'tool')
        ? { content: 'You spent $199.75 on groceries in February.' }
        : { toolCalls: [{ name: 'spending', arguments: { category: 'groceries', from: '2026-02', to: '2026-02' } }] }
    const a = await ask(s.owner, 'What did groceries cost me in February?')
    expect(a.engine).toBe('model')
    expect(a.reply.text).toBe('You spent $199.75 on groceries in February.')
    expect(a.reply.figures).toEqual([
      { label: 'Groceries, February 2026', amount: 199.75, value: '$199.75', href: `/transactions?category=${s.groceries}&from=2026-02-01&to=2026-02-28` },
    ])
    expect(fake.requests).toHaveLength(2)
    expect(fake.requests[0]?.model).toBe('fake-model')
    expect(fake.requests[0]?.tools.map((tool) => tool.function.name)).toEqual(
      expect.arrayContaining(['spending', 'biggest_expenses', 'can_afford', 'project_month', 'goals', 'bills_due', 'net_worth', 'balances', 'budgets', 'recurring_payments', 'investments', 'debt_plan', 'retirement']),
    )
    const toolMessage = fake.requests[1]?.messages.find((m) => m.role === 'tool')
    expect(String(toolMessage?.content)).toContain('$199.75')
    // the conversation keeps the tool call
    const detail = (await s.owner.get(`/api/advisor/conversations/${a.conversationId}`)).json()
    expect(detail.messages[1]).toMatchObject({ engine: 'model', toolCalls: [{ name: 'spending', arguments: { category: 'groceries', from: '2026-02', to: '2026-02' } }] })
    const status = (await s.owner.get('/api/advisor/status')).json()
    expect(status).toMatchObject({ modelConfigured: true, model: 'fake-model', requestsUsed: 1, requestsLeft: 999 })
    expect(status.dataSharing).toContain(new URL(fake.baseUrl).host)
  })

  it('gives the model only what the member may see', async () => {
    fake.script = (request) =>
      request.messages.some((m) => m.role === 'tool')
        ? { content: 'Here you go.' }
        : { toolCalls: [{ name: 'spending', arguments: { category: 'Groceries', from: '2026-02' } }, { name: 'biggest_expenses', arguments: { from: '2026-01', to: '2026-03' } }] }
    const a = await ask(s.viewer, 'Where did my money go?')
    expect(a.reply.figures[0]).toMatchObject({ label: 'Groceries, February 2026', amount: 199.75 })
    const sent = JSON.stringify(fake.requests.at(-1)?.messages)
    expect(sent).not.toContain('Secret')
    expect(sent).not.toContain('499.75')
  })

  it('runs every other tool from the services, within what the member sees', async () => {
    // what the nightly insight job would have found: one series in the shared account, one in the private card
    const household = (await s.owner.get('/api/household')).json().id
    await t.database.db.insert(recurringSeries).values([
      { householdId: household, payeeKey: 'streamflix', payee: 'StreamFlix', accountId: s.checking.id, cadence: 'monthly', amount: -1599, lastDate: '2026-03-01', nextDate: '2026-04-01' },
      { householdId: household, payeeKey: 'secret club', payee: 'Secret Club', accountId: s.secret.id, cadence: 'monthly', amount: -5000, lastDate: '2026-03-01', nextDate: '2026-04-01' },
    ])
    const loan = await s.owner.post('/api/accounts', { name: 'Car Loan', type: 'loan', openingBalance: -6000, openingDate: '2026-01-01' })
    expect(loan.statusCode, loan.body).toBe(201)
    const calls = [
      { name: 'net_worth', arguments: {} },
      { name: 'balances', arguments: { account: 'everyday checking' } },
      { name: 'budgets', arguments: { month: '2026-03' } },
      { name: 'recurring_payments', arguments: {} },
      { name: 'investments', arguments: {} },
      { name: 'debt_plan', arguments: { strategy: 'avalanche', extraMonthly: 100, apr: 7.5 } },
      { name: 'retirement', arguments: { currentAge: 40 } },
      { name: 'goals', arguments: { goal: 'vacation' } },
      { name: 'can_afford', arguments: { price: 500, item: 'a bike' } },
    ]
    fake.requests.length = 0
    fake.script = (request) => (request.messages.some((m) => m.role === 'tool') ? { content: 'Done.' } : { toolCalls: calls })
    const a = await ask(s.owner, 'Tell me everything')
    const results = fake.requests[1]?.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(String(m.content)) as { summary?: string; error?: string }) ?? []
    expect(results.map((r) => r.error)).toEqual(calls.slice(0, 6).map(() => undefined))
    expect(results).toHaveLength(6)
    expect(results[1]?.summary).toBe('Everyday Checking has a balance of $6,355.26.')
    expect(results[3]?.summary).toBe('You have 1 recurring payment:\nStreamFlix: $15.99 monthly, next on Apr 1, 2026')
    expect(results[5]?.summary).toContain('Debt-free in')
    expect(a.reply.figures).toEqual(expect.arrayContaining([{ label: 'Owed', amount: 6000, value: '$6,000.00', href: '/debt-planning' }]))
    expect(JSON.stringify(fake.requests[1]?.messages)).not.toContain('Secret')
  })

  it('runs the retirement simulation, goals and can-afford tools', async () => {
    fake.requests.length = 0
    fake.script = (request) =>
      request.messages.some((m) => m.role === 'tool')
        ? { content: 'Done.' }
        : { toolCalls: [{ name: 'retirement', arguments: { currentAge: 40 } }, { name: 'goals', arguments: { goal: 'vacation' } }, { name: 'can_afford', arguments: { price: 500, item: 'a bike' } }] }
    const a = await ask(s.owner, 'Am I fine?')
    const results = fake.requests[1]?.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(String(m.content)) as { summary?: string; error?: string }) ?? []
    expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined])
    expect(results[0]?.summary).toContain('Your FIRE number is')
    expect(results[1]?.summary).toContain('Vacation Fund ($600.00 of $3,000.00) will be reached in 12 months')
    expect(a.reply.figures.map((f) => f.label)).toEqual(expect.arrayContaining(['FIRE number', 'Vacation Fund: saved', 'Price']))
  })

  it('stops after the most tool rounds and answers from the tools', async () => {
    fake.requests.length = 0
    fake.script = () => ({ toolCalls: [{ name: 'bills_due', arguments: { days: 30 } }] })
    const a = await ask(s.owner, 'Keep calling tools')
    expect(fake.requests).toHaveLength(MAX_TOOL_ROUNDS + 1)
    expect(fake.requests.at(-1)?.tools).toEqual([])
    expect(a.reply.text).toContain('Electric: $95.40 on Mar 20, 2026')
    expect(a.reply.figures).toEqual([
      { label: 'Total due', amount: 95.4, value: '$95.40', href: '/bills' },
      { label: 'Electric, Mar 20, 2026', amount: 95.4, value: '$95.40', href: '/bills' },
    ])
    const detail = (await s.owner.get(`/api/advisor/conversations/${a.conversationId}`)).json()
    expect(detail.messages[1].toolCalls).toHaveLength(MAX_TOOL_ROUNDS)
  })

  it('tells the model when its tool call is wrong', async () => {
    fake.requests.length = 0
    fake.script = (request) =>
      request.messages.some((m) => m.role === 'tool') ? { content: 'Sorry.' } : { toolCalls: [{ name: 'spending', arguments: { from: 'March' } }, { name: 'launch_rockets', arguments: {} }] }
    const a = await ask(s.owner, 'Break things')
    expect(a.reply).toEqual({ text: 'Sorry.', figures: [] })
    const toolMessages = fake.requests[1]?.messages.filter((m) => m.role === 'tool').map((m) => String(m.content))
    expect(toolMessages?.[0]).toContain('from: Must be a month YYYY-MM')
    expect(toolMessages?.[1]).toContain('There is no tool called launch_rockets')
  })

  it('streams the model’s words, then the figures', async () => {
    fake.script = (request) =>
      request.messages.some((m) => m.role === 'tool') ? { content: 'Your Electric bill of $95.40 is due on March 20.' } : { toolCalls: [{ name: 'bills_due', arguments: {} }] }
    const res = await s.owner.post('/api/advisor/messages/stream', { text: 'What is due?' })
    expect(res.statusCode).toBe(200)
    const events = parseSse(res.body)
    const deltas = events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text)
    expect(deltas.length).toBeGreaterThan(1)
    expect(deltas.join('')).toBe('Your Electric bill of $95.40 is due on March 20.')
    const done = events.at(-1)
    expect(done?.event).toBe('done')
    expect((done?.data as AskJson).reply.figures[0]).toMatchObject({ label: 'Total due', amount: 95.4 })
    expect((done?.data as AskJson).engine).toBe('model')
  })

  it('answers without the model once the plan’s model answers of the month are used', async () => {
    const other = await signUp(t.app)
    await setTestPlan(t, other, 'basic')
    fake.script = () => ({ content: 'Nothing is due.' })
    const first = await ask(other, 'What bills are due?')
    expect(first.engine).toBe('model')
    // the month's other 99 model answers (basic allows 100)
    await t.database.db.insert(advisorMessages).values(
      Array.from({ length: 99 }, () => ({ conversationId: first.conversationId, role: 'assistant', text: 'earlier', engine: 'model' })),
    )
    expect((await other.get('/api/advisor/status')).json()).toMatchObject({ requestsPerMonth: 100, requestsUsed: 100, requestsLeft: 0 })
    fake.requests.length = 0
    const a = await ask(other, 'What bills are due?')
    expect(a.engine).toBe('deterministic')
    expect(fake.requests).toHaveLength(0)
  })

  it('answers without the model when the model fails', async () => {
    fake.script = () => {
      throw new Error('down')
    }
    const a = await ask(s.owner, 'What bills are due?')
    expect(a.engine).toBe('deterministic')
    expect(a.reply.figures[0]).toMatchObject({ label: 'Total due', amount: 95.4 })
  })
})

// ---- months ahead ----

/**
 * The household of domain/plan/projection.test through the app, on Wednesday 2026-12-02: paid
 * $2,600 by Acme Payroll on the 1st and the 15th (planned income), rent $1,650 on the 1st and
 * utilities $180 on the 20th (bills settled by their payments since September), a goal of $500 a
 * month with $3,000 to go, and spending outside bills of $2,000, $2,100 and $2,960 in September,
 * October and November (median $2,100). Checking opens at $0 on Sep 1: 7 × 2,600 in; 4 × 1,650 +
 * 3 × 180 + 2,000 + 2,100 + 2,960 out: $4,000.00 today. A teen has their own private account
 * ($350, $50 spent in November: $300).
 */
async function seedAhead(t: TestContext) {
  const owner = await signUp(t.app)
  await setTestPlan(t, owner, 'premium')
  const teen = await addMember(t, owner, 'teen')
  const groceries = await categoryId(t, owner, 'Groceries')
  const checking = (await owner.post('/api/accounts', { name: 'Joint Checking', type: 'checking', openingBalance: 0, openingDate: '2026-09-01' })).json()
  const tx = async (client: Client, body: Record<string, unknown>) => {
    const res = await client.post('/api/transactions', body)
    expect(res.statusCode, res.body).toBe(201)
  }
  for (const date of ['2026-09-01', '2026-09-15', '2026-10-01', '2026-10-15', '2026-11-01', '2026-11-15', '2026-12-01']) {
    await tx(owner, { accountId: checking.id, date, amount: 2600, merchant: 'Acme Payroll' })
  }
  for (const date of ['2026-09-01', '2026-10-01', '2026-11-01', '2026-12-01']) await tx(owner, { accountId: checking.id, date, amount: -1650, merchant: 'Rent' })
  for (const date of ['2026-09-20', '2026-10-20', '2026-11-20']) await tx(owner, { accountId: checking.id, date, amount: -180, merchant: 'Utilities' })
  for (const [date, amount] of [['2026-09-10', -2000], ['2026-10-10', -2100], ['2026-11-10', -2960]] as const) {
    await tx(owner, { accountId: checking.id, date, amount, categoryId: groceries, merchant: 'Harbor Grocers' })
  }
  // the bills come after their payments: each is settled by them as it is created
  for (const bill of [
    { name: 'Rent', amount: 1650, nextDueDate: '2026-09-01', accountId: checking.id },
    { name: 'Utilities', amount: 180, nextDueDate: '2026-09-20', accountId: checking.id },
  ]) {
    const res = await owner.post('/api/bills', bill)
    expect(res.statusCode, res.body).toBe(201)
  }
  const bills = (await owner.get('/api/bills')).json() as { name: string; nextDueDate: string }[]
  expect(bills.map((b) => [b.name, b.nextDueDate]).sort()).toEqual([
    ['Rent', '2027-01-01'],
    ['Utilities', '2026-12-20'],
  ])
  await owner.post('/api/goals', { name: 'Emergency Fund', targetAmount: 10000, currentAmount: 7000, monthlyContribution: 500 })
  const household = (await owner.get('/api/household')).json().id
  await t.database.db.insert(plannedIncomes).values({
    householdId: household,
    userId: owner.user.id,
    name: 'Paycheck',
    payee: 'Acme Payroll',
    amount: 260000,
    schedule: 'semimonthly',
    nextDate: '2026-12-01',
    secondDay: 15,
    accountId: checking.id,
  })
  // private: the teen's own money, not in the household's plan
  const own = (await teen.post('/api/accounts', { name: 'My Money', type: 'checking', visibility: 'private', openingBalance: 350, openingDate: '2026-09-01' })).json()
  await tx(teen, { accountId: own.id, date: '2026-11-05', amount: -50, merchant: 'Cinema' })
  return { owner, teen, checking }
}

const figure = (a: AskJson, label: string) => a.reply.figures.find((f) => f.label === label)?.amount

describe('advisor: months ahead, on 2026-12-02', () => {
  let t: TestContext
  let s: Awaited<ReturnType<typeof seedAhead>>
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-12-02T12:00:00Z' })
    s = await seedAhead(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('answers the vacation in June about June 2027, with its figures', async () => {
    const a = await ask(s.owner, 'Can I afford a $2,000 vacation in June?')
    expect(a.engine).toBe('deterministic')
    // worked in domain/plan/projection.test: June 5,200 − 1,830 − 0 − 2,100 = 1,270; start 7,670; cushion 1,830
    expect(a.reply.text).toBe(
      'Yes, a vacation at $2,000.00 fits your plan for June 2027. June 2027 should bring $5,200.00 of income, less $1,830.00 of bills, $0.00 of goal contributions and $2,100.00 of usual spending: $1,270.00 left. You should start June 2027 with $7,670.00 in your checking, savings and cash accounts; keeping one month of bills ($1,830.00) as a cushion, that leaves $7,110.00, $5,110.00 more than the price. Usual spending is $2,100.00 a month outside bills: the median of your last 3 complete months, less the bills paid in them.',
    )
    expect(a.reply.figures.map((f) => [f.label, f.amount])).toEqual([
      ['Price', 2000],
      ['Expected income, June 2027', 5200],
      ['Bills, June 2027', 1830],
      ['Goal contributions, June 2027', 0],
      ['Usual spending, June 2027', 2100],
      ['Left after the plan, June 2027', 1270],
      ['Balance at the start of June 2027', 7670],
      ['Cushion: one month of bills', 1830],
      ['Left for spending beyond the plan, June 2027', 7110],
      ['Left after buying it', 5110],
    ])
  })

  it('answers the end of March 2027, and next month and March 2027 by name', async () => {
    const march = await ask(s.owner, 'How much will I have at the end of March?')
    expect(march.reply.text.split('\n')[0]).toBe(
      'At the end of March 2027 you should have $6,130.00 in your checking, savings and cash accounts, from $4,000.00 today. March 2027 should bring $5,200.00 of income, less $1,830.00 of bills, $500.00 of goal contributions and $2,100.00 of usual spending: $770.00 left. Usual spending is $2,100.00 a month outside bills: the median of your last 3 complete months, less the bills paid in them.',
    )
    expect(figure(march, 'Projected balance, end of March 2027')).toBe(6130)
    expect(figure(march, 'Checking, savings and cash today')).toBe(4000)
    // January: 3,820 + 770 = 4,590; room 4,590 − 1,830 = 2,760 < 3,000
    const next = await ask(s.owner, 'Can I afford a $3,000 vacation next month?')
    expect(next.reply.text.startsWith('Not in January 2027 without going below your cushion: a vacation at $3,000.00 is $240.00 more than the $2,760.00 your plan leaves for it.')).toBe(true)
    expect(figure(next, 'Short by')).toBe(240)
    const named = await ask(s.owner, 'Can I afford a $2,000 vacation in March 2027?')
    expect(figure(named, 'Left for spending beyond the plan, March 2027')).toBe(6130 - 1830)
  })

  it('keeps this month’s answer on today’s plan', async () => {
    const plan = (await s.owner.get('/api/spending-plan')).json().plan
    const a = await ask(s.owner, 'Can I afford 500?')
    expect(figure(a, 'Available for the rest of December 2026')).toBe(plan.available)
    expect(figure(a, 'Daily allowance today')).toBe(plan.dailyAllowance)
  })

  it('counts a teen’s own money only: no household bills, goals or income', async () => {
    const a = await ask(s.teen, 'Can I afford a $2,000 vacation in June?')
    // $300 today; usual spending $50 (November, the one month with any); nothing else: 300 − 7 × 50 = −50 at June's end
    expect(a.reply.figures.map((f) => [f.label, f.amount])).toEqual([
      ['Price', 2000],
      ['Expected income, June 2027', 0],
      ['Bills, June 2027', 0],
      ['Goal contributions, June 2027', 0],
      ['Usual spending, June 2027', 50],
      ['Left after the plan, June 2027', -50],
      ['Balance at the start of June 2027', 0],
      ['Cushion: one month of bills', 0],
      ['Left for spending beyond the plan, June 2027', -50],
      ['Short by', 2050],
    ])
    expect(a.reply.text).not.toContain('1,830')
    const end = await ask(s.teen, 'How much will I have at the end of March?')
    expect(figure(end, 'Projected balance, end of March 2027')).toBe(100)
    expect(end.reply.text).toContain('your spending last month')
  })

  it('refuses a past month and says what it cannot answer, never answering another question', async () => {
    const past = await ask(s.owner, 'Can I afford a $500 TV in March 2026?')
    expect(past.reply.text.startsWith('March 2026 has already passed')).toBe(true)
    expect(past.reply.figures).toEqual([])
    for (const text of ['Can I retire at 50?', 'Can I afford to retire at 50?', 'Can I afford a vacation next year?', 'How much will I spend next month?', 'What bills are due in June?']) {
      const a = await ask(s.owner, text)
      expect(a.reply.text.startsWith("I can't answer that yet."), text).toBe(true)
      expect(a.reply.figures, text).toEqual([])
    }
  })
})

describe('advisor with a model: months ahead', () => {
  let t: TestContext
  let fake: FakeLlm
  let s: Awaited<ReturnType<typeof seedAhead>>
  beforeAll(async () => {
    fake = await startFakeLlm()
    t = await createTestApp({ now: '2026-12-02T12:00:00Z', env: { LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: fake.apiKey, LLM_MODEL: 'fake-model' } })
    s = await seedAhead(t)
  })
  afterAll(async () => {
    await t.close()
    await fake.close()
  })

  it('lets the model project a month; the figures are the tool’s', async () => {
    fake.requests.length = 0
    fake.script = (request) =>
      request.messages.some((m) => m.role === 'tool')
        ? { content: 'Yes: June leaves you $7,110.00 above your cushion.' }
        : {
            toolCalls: [
              { name: 'project_month', arguments: { month: '2027-06', price: 2000, item: 'a vacation' } },
              { name: 'project_month', arguments: { month: '2027-03' } },
              { name: 'project_month', arguments: { month: '2026-03', price: 10 } },
              { name: 'project_month', arguments: { month: 'June' } },
            ],
          }
    const a = await ask(s.owner, 'Can I afford a $2,000 vacation in June?')
    expect(a.engine).toBe('model')
    expect(a.reply.text).toBe('Yes: June leaves you $7,110.00 above your cushion.')
    expect(figure(a, 'Left for spending beyond the plan, June 2027')).toBe(7110)
    expect(figure(a, 'Projected balance, end of March 2027')).toBe(6130)
    const results = fake.requests[1]?.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(String(m.content)) as { summary?: string; error?: string }) ?? []
    expect(results[0]?.summary?.startsWith('Yes, a vacation at $2,000.00 fits your plan for June 2027.')).toBe(true)
    expect(results[2]?.summary?.startsWith('March 2026 has already passed')).toBe(true)
    expect(results[3]?.error).toContain('month: Must be a month YYYY-MM')
    const detail = (await s.owner.get(`/api/advisor/conversations/${a.conversationId}`)).json()
    expect(detail.messages[1].toolCalls[0]).toEqual({ name: 'project_month', arguments: { month: '2027-06', price: 2000, item: 'a vacation' } })
  })
})
