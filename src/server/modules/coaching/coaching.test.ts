// AI Coaching and the Motivation Coach through the app: this week's actions made from
// seeded figures with their savings to the cent, at most three, accepted or dismissed, measured
// 30 days on; the tone per member; the motivation view's streaks, milestones, recap, mood and
// messages; and access (plan, outsider, another member, what each member may see).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runCoaching } from './service'
import {
  addMember,
  categoryId,
  createTestApp,
  setTestPlan,
  signUp,
  type Client,
  type TestContext,
} from '#src/server/test/helper'

const NOW = '2026-03-18T12:00:00Z' // a Wednesday: the week of Monday 16 March

let t: TestContext
beforeAll(async () => {
  // sessions outlive the 30 days the clock moves on (the measured results)
  t = await createTestApp({ now: NOW, env: { SESSION_IDLE_DAYS: '90', SESSION_TTL_DAYS: '90' } })
})
afterAll(async () => {
  await t.close()
})
beforeEach(() => {
  t.clock.set(NOW)
})

type Action = {
  id: string
  kind: string
  title: string
  detail: string
  saving: number
  status: string
  measureOn: string | null
  result: null | Record<string, unknown>
}

async function ok(
  res: Promise<{ statusCode: number; body: string; json(): unknown }>,
  status = 200,
) {
  const r = await res
  expect(r.statusCode, r.body).toBe(status)
  return r.json() as Record<string, unknown> & { id: string }
}

async function spend(
  c: Client,
  accountId: string,
  date: string,
  amount: number,
  merchant: string,
  category: string | null = null,
) {
  await ok(
    c.post('/api/transactions', {
      accountId,
      date,
      amount,
      merchant,
      ...(category ? { categoryId: category } : {}),
    }),
    201,
  )
}

/**
 * A premium household with: a shared checking account holding $10,000 (no spending from it), a
 * shared card with Dining Out 100 / 120 / 110 then 160.55 in February (46 % over), Shopping
 * 30 / 30 / 30 then 42 (40 % over, $12.00), StreamFlix $15.99 a month since November and nothing
 * else there (unused), GymCo $30 a month with a $12.50 smoothie on 1 March (used).
 */
async function seeded() {
  const o = await signUp(t.app)
  await setTestPlan(t, o, 'premium')
  const checking = await ok(
    o.post('/api/accounts', { name: 'Everyday', type: 'checking', openingBalance: 10_000 }),
    201,
  )
  const card = await ok(o.post('/api/accounts', { name: 'Card', type: 'credit_card' }), 201)
  const dining = await categoryId(t, o, 'Dining Out')
  const shopping = await categoryId(t, o, 'Shopping')
  const months = ['2025-11', '2025-12', '2026-01', '2026-02']
  const diningAmounts = [-100, -120, -110, -160.55]
  const shoppingAmounts = [-30, -30, -30, -42]
  for (const [i, m] of months.entries()) {
    await spend(o, card.id, `${m}-12`, diningAmounts[i] ?? 0, 'Bistro', dining)
    await spend(o, card.id, `${m}-14`, shoppingAmounts[i] ?? 0, 'Mall', shopping)
  }
  for (const m of [...months, '2026-03']) {
    await spend(o, card.id, `${m}-05`, -15.99, 'StreamFlix')
    await spend(o, card.id, `${m}-08`, -30, 'GymCo')
  }
  await spend(o, card.id, '2026-03-01', -12.5, 'GymCo')
  await ok(
    o.post('/api/bills', {
      name: 'StreamFlix',
      amount: 15.99,
      nextDueDate: '2026-04-05',
      accountId: card.id,
    }),
    201,
  )
  await ok(
    o.post('/api/bills', {
      name: 'GymCo',
      amount: 30,
      nextDueDate: '2026-04-08',
      accountId: card.id,
    }),
    201,
  )
  return { o, checking, card, dining, shopping }
}

const view = async (c: Client) =>
  (await ok(c.get('/api/coaching'))) as unknown as {
    tone: string
    week: string
    generated: boolean
    actions: Action[]
    accepted: Action[]
    assumedRatePercent: number
  }
const generate = async (c: Client) =>
  (await ok(c.post('/api/coaching/actions'))) as unknown as Awaited<ReturnType<typeof view>>

describe('coaching actions', () => {
  it("makes this week's three best actions from the household's figures, to the cent", async () => {
    const { o } = await seeded()
    const before = await view(o)
    expect(before).toMatchObject({
      tone: 'gentle',
      week: '2026-03-16',
      generated: false,
      actions: [],
      accepted: [],
      assumedRatePercent: 4,
    })

    const made = await generate(o)
    expect(made.generated).toBe(true)
    // Dining: avg(100, 120, 110) = 110.00, February 160.55 → 50.55 a month, 46 % over.
    // Idle cash: 10,000.00 − three months of spending (390.55 + 102.00 + 137.97 = 630.52)
    //   = 9,369.48 idle; at 4 % a year 9,369.48 × 0.04 / 12 = 31.2316 → 31.23 a month.
    // StreamFlix: 15.99 a month, nothing but its own charge. Shopping (12.00) is fourth: left out.
    expect(made.actions.map((a) => [a.kind, a.saving])).toEqual([
      ['trim_category', 50.55],
      ['move_idle_cash', 31.23],
      ['cancel_subscription', 15.99],
    ])
    const [dining, idle, sub] = made.actions
    expect(dining?.title).toBe('Ease back on Dining Out')
    expect(dining?.detail).toContain('$160.55 in February, 46 % above your usual $110.00')
    expect(idle?.title).toBe('Give $9,369.48 a job')
    expect(idle?.detail).toContain('three months of spending ($630.52)')
    expect(sub?.title).toBe('Maybe pause StreamFlix?')
    // GymCo was used (a smoothie), so it is not suggested
    expect(JSON.stringify(made.actions)).not.toContain('GymCo')
    expect(
      made.actions.every((a) => a.status === 'open' && a.measureOn === null && a.result === null),
    ).toBe(true)

    // asking again this week gives the same ones
    const again = await generate(o)
    expect(again.actions.map((a) => a.id)).toEqual(made.actions.map((a) => a.id))
    expect((await view(o)).actions.map((a) => a.id)).toEqual(made.actions.map((a) => a.id))
  })

  it('accepts and dismisses, never suggests a decided one again, and measures the result 30 days on', async () => {
    const { o, card, dining } = await seeded()
    const [diningAction, idle, sub] = (await generate(o)).actions
    if (!diningAction || !idle || !sub) throw new Error('three actions expected')

    const accepted = await ok(o.post(`/api/coaching/actions/${sub.id}/accept`))
    expect(accepted).toMatchObject({ status: 'accepted', measureOn: '2026-04-17', result: null })
    expect(accepted.decidedAt).toBe('2026-03-18T12:00:00.000Z')
    // accepting twice is harmless; dismissing an accepted one is refused
    expect((await ok(o.post(`/api/coaching/actions/${sub.id}/accept`))).status).toBe('accepted')
    const flip = await o.post(`/api/coaching/actions/${sub.id}/dismiss`)
    expect(flip.statusCode).toBe(409)
    await ok(o.post(`/api/coaching/actions/${diningAction.id}/accept`))
    expect(await ok(o.post(`/api/coaching/actions/${idle.id}/dismiss`))).toMatchObject({
      status: 'dismissed',
      measureOn: null,
    })

    // a week later, only Shopping is left: the decided ones are not suggested again
    t.clock.set('2026-03-25T12:00:00Z')
    const next = await generate(o)
    expect(next.week).toBe('2026-03-23')
    expect(next.actions.map((a) => [a.kind, a.saving, a.title])).toEqual([
      ['trim_category', 12, 'Ease back on Shopping'],
    ])
    expect(next.accepted.map((a) => a.id).sort()).toEqual([diningAction.id, sub.id].sort())
    expect(next.accepted.every((a) => a.result === null && a.measureOn === '2026-04-17')).toBe(true)

    // Dining: $80.00 in the 30 days before acceptance (17 Feb – 17 Mar), $25.40 in the 30 after
    await spend(o, card.id, '2026-03-02', -80, 'Bistro', dining)
    await spend(o, card.id, '2026-04-01', -25.4, 'Bistro', dining)
    // the day before the measure date nothing is measured
    t.clock.set('2026-04-16T12:00:00Z')
    expect((await view(o)).accepted.every((a) => a.result === null)).toBe(true)
    // StreamFlix did not charge again: stopped
    t.clock.set('2026-04-17T12:00:00Z')
    const measured = await view(o)
    const byId = new Map(measured.accepted.map((a) => [a.id, a]))
    expect(byId.get(sub.id)?.result).toEqual({
      text: 'Lovely: no charges in the 30 days since. That’s $15.99 a month kept.',
      saved: 15.99,
      before: null,
      after: null,
      stopped: true,
    })
    expect(byId.get(diningAction.id)?.result).toEqual({
      text: 'Nice work: $25.40 in the 30 days since, down from $80.00. $54.60 kept.',
      saved: 54.6,
      before: 80,
      after: 25.4,
      stopped: null,
    })
    // dismissed ones are not listed with the accepted
    expect(byId.has(idle.id)).toBe(false)
  })

  it('measures a subscription that kept charging as no saving, and idle cash moved into a goal', async () => {
    const { o, card } = await seeded()
    const made = (await generate(o)).actions
    const sub = made.find((a) => a.kind === 'cancel_subscription')
    const idle = made.find((a) => a.kind === 'move_idle_cash')
    if (!sub || !idle) throw new Error('no subscription or idle cash action')
    await ok(o.post(`/api/coaching/actions/${sub.id}/accept`))
    await ok(o.post(`/api/coaching/actions/${idle.id}/accept`))
    await spend(o, card.id, '2026-04-05', -15.99, 'StreamFlix')
    // 500.00 into a goal within the 30 days; one after them does not count
    const goal = await ok(o.post('/api/goals', { name: 'House', targetAmount: 20_000 }), 201)
    await ok(
      o.post(`/api/goals/${goal.id}/contributions`, { amount: 500, date: '2026-03-20' }),
      201,
    )
    await ok(
      o.post(`/api/goals/${goal.id}/contributions`, { amount: 700, date: '2026-04-18' }),
      201,
    )
    t.clock.set('2026-04-20T12:00:00Z')
    const accepted = (await view(o)).accepted
    const result = accepted.find((a) => a.id === sub.id)?.result
    expect(result).toMatchObject({ saved: 0, stopped: false })
    expect(result?.text).toBe(
      'It still charged 1 time ($15.99) in the 30 days since. It may still be worth a look.',
    )
    // 500.00 moved: 500.00 × 4 % / 12 = 1.6667 → 1.67 a month; the cash is 10,000.00 then and now
    expect(accepted.find((a) => a.id === idle.id)?.result).toEqual({
      text: '$500.00 went into your goals in the 30 days since: about $1.67 a month of interest.',
      saved: 1.67,
      before: 10_000,
      after: 10_000,
      stopped: null,
    })
  })

  it("changes the words with each member's own tone, never the figures", async () => {
    const { o } = await seeded()
    const adult = await addMember(t, o, 'adult')
    const gentle = await generate(o)
    await generate(adult)
    expect(await ok(o.put('/api/coaching/tone', { tone: 'direct' }))).toEqual({ tone: 'direct' })
    const direct = await view(o)
    expect(direct.tone).toBe('direct')
    expect(direct.actions.map((a) => [a.id, a.saving])).toEqual(
      gentle.actions.map((a) => [a.id, a.saving]),
    )
    expect(direct.actions.map((a) => a.title)).toEqual([
      'Cut Dining Out by $50.55',
      'Move $9,369.48 into a goal',
      'Cancel StreamFlix',
    ])
    expect(direct.actions[0]?.detail).toBe(
      '$160.55 in February: 46 % over your 3-month average of $110.00. Spend $50.55 less a month.',
    )
    // the adult keeps their own tone
    const theirs = await view(adult)
    expect(theirs.tone).toBe('gentle')
    expect(theirs.actions[0]?.title).toBe('Ease back on Dining Out')
    // a tone that is not one of the two is refused, naming the field, and nothing changes
    const bad = await o.put('/api/coaching/tone', { tone: 'loud' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().issues[0].path).toBe('body.tone')
    expect((await view(o)).tone).toBe('direct')
  })
})

describe('coaching access', () => {
  it('works from what each member may see, and keeps actions to their member', async () => {
    const { o } = await seeded()
    const adult = await addMember(t, o, 'adult')
    const viewer = await addMember(t, o, 'viewer')
    // the adult's private savings: in their idle cash, not in the owner's
    await ok(
      adult.post('/api/accounts', {
        name: 'My savings',
        type: 'savings',
        visibility: 'private',
        openingBalance: 5_000,
      }),
      201,
    )
    const mine = await generate(o)
    const theirs = await generate(adult)
    expect(mine.actions.find((a) => a.kind === 'move_idle_cash')?.saving).toBe(31.23)
    // 15,000.00 − 630.52 = 14,369.48 idle → 47.8983 → 47.90 a month
    expect(theirs.actions.find((a) => a.kind === 'move_idle_cash')?.saving).toBe(47.9)
    expect(theirs.actions.map((a) => a.id)).not.toContain(mine.actions[0]?.id)
    // another member's action is not theirs to accept or dismiss: 404, and it stays open
    const target = mine.actions[0]?.id ?? ''
    expect((await adult.post(`/api/coaching/actions/${target}/accept`)).statusCode).toBe(404)
    expect((await viewer.post(`/api/coaching/actions/${target}/dismiss`)).statusCode).toBe(404)
    // an outsider (premium too) gets 404
    const outsider = await signUp(t.app)
    await setTestPlan(t, outsider, 'premium')
    expect((await outsider.post(`/api/coaching/actions/${target}/accept`)).statusCode).toBe(404)
    expect((await view(o)).actions.find((a) => a.id === target)?.status).toBe('open')
    // a viewer may be coached on their own
    expect((await ok(viewer.post('/api/coaching/actions'))).generated).toBe(true)
    // a bad id is named
    const bad = await o.post('/api/coaching/actions/not-an-id/accept')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().issues[0].path).toBe('params.id')
  })

  it('remembers a week in which nothing was found, so the page does not offer to look again', async () => {
    const quiet = await signUp(t.app)
    await setTestPlan(t, quiet, 'premium')
    expect((await quiet.get('/api/coaching')).json()).toMatchObject({ generated: false, actions: [] })
    const made = await quiet.post('/api/coaching/actions')
    expect(made.statusCode, made.body).toBe(200)
    expect(made.json()).toMatchObject({ generated: true, actions: [] })
    expect((await quiet.get('/api/coaching')).json()).toMatchObject({ generated: true, actions: [] })
  })

  it('needs a plan with coaching', async () => {
    const free = await signUp(t.app)
    for (const res of [
      await free.get('/api/coaching'),
      await free.post('/api/coaching/actions'),
      await free.put('/api/coaching/tone', { tone: 'direct' }),
      await free.get('/api/motivation'),
    ]) {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json().code).toBe('PLAN_REQUIRED')
    }
  })

  it('the weekly job makes each coached member their week once', async () => {
    const { o } = await seeded()
    await setTestPlan(t, await signUp(t.app), 'free')
    const errors: unknown[] = []
    t.clock.set('2026-03-30T09:00:00Z')
    const first = await runCoaching(t.database.db, t.clock.now(), (_id, e) => errors.push(e))
    expect(errors).toEqual([])
    expect(first.made).toBeGreaterThanOrEqual(3)
    const again = await runCoaching(t.database.db, t.clock.now(), (_id, e) => errors.push(e))
    expect(again.made).toBe(0)
    const week = await view(o)
    expect(week.week).toBe('2026-03-30')
    expect(week.generated).toBe(true)
    expect(week.actions).toHaveLength(3)
  })
})

type Motivation = {
  today: string
  allowance: number
  streaks: Record<
    'allowance' | 'noSpend' | 'bills',
    { current: number; longest: number; freezesUsed: number; okCount: number; total: number }
  >
  days: { date: string; spent: number; withinAllowance: boolean; noSpend: boolean }[]
  billPayments: { name: string; date: string; dueDate: string; onTime: boolean }[]
  milestones: {
    netWorth: {
      value: number
      reached: number | null
      next: number | null
      toNext: number | null
      crossedThisMonth: boolean
    }
    goals: {
      name: string
      percent: number
      reached: number | null
      next: number | null
      reachedThisWeek: boolean
    }[]
  }
  recap: {
    from: string
    to: string
    spent: number
    spentLastWeek: number
    change: number
    saved: number
    goals: { name: string; added: number; percent: number }[]
  }
  mood: { month: string; score: number; mood: string }[]
  messages: string[]
}

describe('motivation', () => {
  it('counts streaks, milestones and the week from real figures, with messages made of them', async () => {
    const o = await signUp(t.app)
    await setTestPlan(t, o, 'basic')
    const checking = await ok(
      o.post('/api/accounts', { name: 'Everyday', type: 'checking', openingBalance: 4_000 }),
      201,
    )
    await ok(
      o.post('/api/transactions', {
        accountId: checking.id,
        date: '2026-03-01',
        amount: 3_000,
        merchant: 'Employer',
      }),
      201,
    )
    await spend(o, checking.id, '2026-03-10', -300, 'Furniture')
    await spend(o, checking.id, '2026-03-15', -20, 'Cafe')
    await spend(o, checking.id, '2026-03-17', -5, 'Bakery')
    // a monthly bill paid on time twice: due 20 Feb paid 18 Feb, due 20 Mar paid 18 Mar
    const bill = await ok(
      o.post('/api/bills', {
        name: 'Power',
        amount: 50,
        nextDueDate: '2026-02-20',
        accountId: checking.id,
      }),
      201,
    )
    await ok(o.post(`/api/bills/${bill.id}/pay`, { date: '2026-02-18' }))
    await ok(o.post(`/api/bills/${bill.id}/pay`, { date: '2026-03-18' }))
    // a goal that passed 50 % this week
    const goal = await ok(o.post('/api/goals', { name: 'Trip', targetAmount: 1_000 }), 201)
    await ok(
      o.post(`/api/goals/${goal.id}/contributions`, { amount: 400, date: '2026-03-02' }),
      201,
    )
    await ok(
      o.post(`/api/goals/${goal.id}/contributions`, { amount: 150, date: '2026-03-16' }),
      201,
    )

    const m = (await ok(o.get('/api/motivation'))) as unknown as Motivation
    expect(m.today).toBe('2026-03-18')
    // March so far: income 3,000.00, spending 325.00 (the bill is not a daily spend but is spent),
    // the goal's March money 550.00 set aside: the daily allowance over the 14 days left
    expect(m.allowance).toBeGreaterThan(0)
    expect(m.days).toHaveLength(30)
    expect(m.days[0]?.date).toBe('2026-02-17')
    expect(m.days.at(-1)?.date).toBe('2026-03-18')
    expect(m.days.find((d) => d.date === '2026-03-10')).toMatchObject({
      spent: 300,
      withinAllowance: false,
      noSpend: false,
    })
    // bill payments are left out of daily spending
    expect(m.days.find((d) => d.date === '2026-03-18')).toMatchObject({ spent: 0, noSpend: true })
    // within the allowance: every day but the 10th, which the week's freeze forgives (it keeps
    // the run going without counting in it)
    expect(m.streaks.allowance).toEqual({
      current: 29,
      longest: 29,
      freezesUsed: 1,
      okCount: 29,
      total: 30,
    })
    // no-spend: 27 of 30 days; 17 Feb – 14 Mar is 25 (the 10th frozen), the 15th is that week's
    // second miss and breaks it; the 17th uses the new week's freeze: 16th and 18th make 2
    expect(m.streaks.noSpend).toEqual({
      okCount: 27,
      total: 30,
      current: 2,
      longest: 25,
      freezesUsed: 2,
    })
    expect(m.streaks.bills).toMatchObject({ current: 2, okCount: 2, total: 2 })
    expect(m.billPayments).toEqual([
      { name: 'Power', date: '2026-03-18', dueDate: '2026-03-20', onTime: true },
      { name: 'Power', date: '2026-02-18', dueDate: '2026-02-20', onTime: true },
    ])
    expect(m.milestones.goals).toEqual([
      expect.objectContaining({
        name: 'Trip',
        percent: 55,
        reached: 50,
        next: 75,
        reachedThisWeek: true,
      }),
    ])
    expect(m.milestones.netWorth.reached).not.toBeNull()
    // the week 12–18 March: 20 + 5 + the 50 bill = 75.00; the week before (5–11): 300.00
    expect(m.recap).toMatchObject({
      from: '2026-03-12',
      to: '2026-03-18',
      spent: 75,
      spentLastWeek: 300,
      change: -225,
      saved: 150,
    })
    expect(m.recap.goals).toEqual([
      expect.objectContaining({ name: 'Trip', added: 150, percent: 55 }),
    ])
    expect(m.mood.map((p) => p.month)).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ])
    expect(m.messages).toContain('27 no-spend days in the last 30 days.')
    expect(m.messages).toContain('2 bills in a row paid on time.')
    expect(m.messages).toContain('Trip passed 50 % this week.')
    expect(m.messages).toContain('You spent $225.00 less than the week before.')
    expect(m.messages).toContain('$150.00 went into your goals this week.')
    expect(
      m.messages.some((s) => s.startsWith('29 days in a row within your daily allowance of $')),
    ).toBe(true)
  })

  it("walks another member's balance-only account back at today's balance: its past is its owner's", async () => {
    const o = await signUp(t.app)
    await setTestPlan(t, o, 'basic')
    const adult = await addMember(t, o, 'adult')
    const savings = await ok(
      adult.post('/api/accounts', { name: 'Savings', type: 'savings', visibility: 'balance_only' }),
      201,
    )
    await spend(adult, savings.id, '2025-12-05', 150_000, 'Inheritance')
    const asOwner = (await ok(o.get('/api/motivation'))) as unknown as Motivation
    const asAdult = (await ok(adult.get('/api/motivation'))) as unknown as Motivation
    // the owner sees 150,000 in every month, so no month tells when it came in
    expect(new Set(asOwner.mood.map((p) => p.score)).size).toBe(1)
    const [october, , december] = asAdult.mood
    expect(october?.score).toBeLessThan(december?.score ?? 0)
  })

  it("counts only what the member may see, and starts a new member's first streak", async () => {
    const o = await signUp(t.app)
    await setTestPlan(t, o, 'premium')
    const adult = await addMember(t, o, 'adult')
    const secret = await ok(
      adult.post('/api/accounts', {
        name: 'Mine',
        type: 'checking',
        visibility: 'private',
        openingBalance: 100,
      }),
      201,
    )
    await spend(adult, secret.id, '2026-03-16', -40, 'Secret')
    const asOwner = (await ok(o.get('/api/motivation'))) as unknown as Motivation
    const asAdult = (await ok(adult.get('/api/motivation'))) as unknown as Motivation
    expect(asOwner.recap.spent).toBe(0)
    expect(asOwner.streaks.noSpend.okCount).toBe(30)
    expect(asAdult.recap.spent).toBe(40)
    expect(asAdult.streaks.noSpend.okCount).toBe(29)
    const fresh = await signUp(t.app)
    await setTestPlan(t, fresh, 'basic')
    const empty = (await ok(fresh.get('/api/motivation'))) as unknown as Motivation
    expect(empty.streaks.bills).toMatchObject({ current: 0, total: 0 })
    expect(empty.billPayments).toEqual([])
    expect(empty.messages.length).toBeGreaterThan(0)
  })
})
