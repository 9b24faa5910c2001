import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Bill } from '#src/contract/bills'
import { accounts, bills, monthlyRollups, transactions } from '#src/server/db/schema'
import { householdOf, insertAccount, MISSING_ID, newUser } from '#src/server/test/fixtures'
import { addMember, categoryId, createTestApp, jsonOf, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

async function createBill(client: Client, body: Record<string, unknown>): Promise<Bill> {
  return jsonOf(await client.post('/api/bills', body), 201)
}

async function billsOf(client: Client, path = '/api/bills'): Promise<Bill[]> {
  return jsonOf(await client.get(path))
}

async function pay(client: Client, id: string, body: Record<string, unknown> = {}) {
  const res = await client.post(`/api/bills/${id}/pay`, body)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { bill: Bill; transactionId: string }
}

const balanceOf = async (accountId: string) =>
  (
    await t.database.db
      .select({ balance: accounts.balance })
      .from(accounts)
      .where(eq(accounts.id, accountId))
  )[0]?.balance

const transactionsOf = (accountId: string) =>
  t.database.db.select().from(transactions).where(eq(transactions.accountId, accountId))

const anchorOf = async (billId: string) =>
  (
    await t.database.db
      .select({ anchorDay: bills.anchorDay })
      .from(bills)
      .where(eq(bills.id, billId))
  )[0]?.anchorDay

describe('bills', () => {
  it('creates a bill with defaults and lists every bill soonest first', async () => {
    const a = await newUser(t.app)
    const rent = await createBill(a, { name: ' Rent ', amount: 1200, nextDueDate: '2026-04-01' })
    expect(rent).toEqual({
      id: expect.any(String),
      name: 'Rent',
      amount: 1200,
      nextDueDate: '2026-04-01',
      categoryId: null,
      accountId: null,
      recurrence: 'monthly',
      endDate: null,
      isActive: true,
      autopay: false,
      notes: '',
      payee: '',
      tolerancePercent: 5,
      current: { dueDate: '2026-04-01', amount: 1200, paid: 0, status: 'due' },
    })
    expect(await anchorOf(rent.id)).toBe(1)
    const account = await insertAccount(t.database.db, a)
    const internet = await createBill(a, {
      name: 'Internet',
      amount: 39.99,
      nextDueDate: '2026-03-20',
      categoryId: await categoryId(t, a, 'Internet & Phone'),
      accountId: account,
      recurrence: 'quarterly',
      autopay: true,
      notes: 'Fibre 500',
    })
    expect(internet).toMatchObject({
      amount: 39.99,
      accountId: account,
      recurrence: 'quarterly',
      autopay: true,
      notes: 'Fibre 500',
    })
    const paused = await createBill(a, { name: 'Gym', amount: 30, nextDueDate: '2026-03-01' })
    await a.patch(`/api/bills/${paused.id}`, { isActive: false })
    expect((await billsOf(a)).map((b) => b.name)).toEqual(['Gym', 'Internet', 'Rent'])
  })

  it('lists upcoming active bills within `days` (overdue included), soonest first', async () => {
    const a = await newUser(t.app)
    const overdue = await createBill(a, { name: 'Overdue', amount: 1, nextDueDate: '2026-03-10' })
    const today = await createBill(a, { name: 'Today', amount: 2, nextDueDate: '2026-03-15' })
    const edge = await createBill(a, { name: 'Edge', amount: 3, nextDueDate: '2026-04-14' })
    await createBill(a, { name: 'Later', amount: 4, nextDueDate: '2026-04-15' })
    const inactive = await createBill(a, { name: 'Inactive', amount: 5, nextDueDate: '2026-03-16' })
    await a.patch(`/api/bills/${inactive.id}`, { isActive: false })

    expect((await billsOf(a, '/api/bills/upcoming')).map((b) => b.id)).toEqual([
      overdue.id,
      today.id,
      edge.id,
    ])
    expect((await billsOf(a, '/api/bills/upcoming?days=30')).length).toBe(3)
    expect((await billsOf(a, '/api/bills/upcoming?days=1')).map((b) => b.name)).toEqual([
      'Overdue',
      'Today',
    ])
    for (const days of ['0', '367', 'soon', '1.5']) {
      const res = await a.get(`/api/bills/upcoming?days=${days}`)
      expect(res.statusCode, days).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
  })

  it('edits a bill; a new due date resets the day of month it is anchored to', async () => {
    const a = await newUser(t.app)
    const bill = await createBill(a, { name: 'Phone', amount: 25, nextDueDate: '2026-03-31' })
    expect(await anchorOf(bill.id)).toBe(31)
    const res = await a.patch(`/api/bills/${bill.id}`, {
      name: 'Mobile',
      amount: 27.5,
      notes: 'new plan',
      autopay: true,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      ...bill,
      name: 'Mobile',
      amount: 27.5,
      notes: 'new plan',
      autopay: true,
      current: { ...bill.current, amount: 27.5 },
    })
    await a.patch(`/api/bills/${bill.id}`, { nextDueDate: '2026-03-31', recurrence: 'yearly' })
    expect(await anchorOf(bill.id)).toBe(31)
    const moved = await a.patch(`/api/bills/${bill.id}`, { nextDueDate: '2026-04-12' })
    expect(moved.json()).toMatchObject({ nextDueDate: '2026-04-12', recurrence: 'yearly' })
    expect(await anchorOf(bill.id)).toBe(12)
  })

  it('pays a bill: a spending transaction on its account and category, and the due date moves on (Jan 31 → Feb 28 → Mar 31)', async () => {
    const a = await newUser(t.app)
    const account = await insertAccount(t.database.db, a, { balance: 100_000 })
    const utilities = await categoryId(t, a, 'Electricity & Gas')
    const bill = await createBill(a, {
      name: 'Power company',
      amount: 84.37,
      nextDueDate: '2026-01-31',
      categoryId: utilities,
      accountId: account,
    })

    const first = await pay(a, bill.id)
    expect(first.bill).toEqual({ ...bill, nextDueDate: '2026-02-28', current: { dueDate: '2026-02-28', amount: 84.37, paid: 0, status: 'overdue' } })
    const [txn] = await transactionsOf(account)
    expect(txn).toMatchObject({
      id: first.transactionId,
      householdId: await householdOf(t.database.db, a),
      userId: a.user.id,
      accountId: account,
      categoryId: utilities,
      date: '2026-03-15',
      amount: -8437,
      merchant: 'Power company',
      kind: 'standard',
      source: 'manual',
      billId: bill.id,
      isSplit: false,
    })
    expect(await balanceOf(account)).toBe(100_000 - 8437)
    const rollups = await t.database.db
      .select()
      .from(monthlyRollups)
      .where(eq(monthlyRollups.accountId, account))
    expect(rollups).toHaveLength(1)
    expect(rollups[0]).toMatchObject({ categoryId: utilities, month: '2026-03-01', count: 1 })

    const second = await pay(a, bill.id, { date: '2026-03-01', amount: 90.01 })
    expect(second.bill.nextDueDate).toBe('2026-03-31')
    const paid = await transactionsOf(account)
    expect(paid.find((r) => r.id === second.transactionId)).toMatchObject({
      date: '2026-03-01',
      amount: -9001,
    })
    expect(await balanceOf(account)).toBe(100_000 - 8437 - 9001)
    // the next due date is more than a week away: the bill shows the one just paid
    expect((await billsOf(a))[0]).toEqual({ ...bill, nextDueDate: '2026-03-31', current: { dueDate: '2026-02-28', amount: 84.37, paid: 90.01, status: 'paid' } })
  })

  it('pays from another account of the household when asked, and moves weekly bills by 7 days', async () => {
    const a = await newUser(t.app)
    const card = await insertAccount(t.database.db, a, { name: 'Card', type: 'credit_card' })
    const bill = await createBill(a, {
      name: 'Cleaner',
      amount: 40,
      nextDueDate: '2026-03-13',
      recurrence: 'weekly',
    })
    const paid = await pay(a, bill.id, { accountId: card })
    expect(paid.bill.nextDueDate).toBe('2026-03-20')
    const [txn] = await transactionsOf(card)
    expect(txn).toMatchObject({
      id: paid.transactionId,
      amount: -4000,
      categoryId: null,
      merchant: 'Cleaner',
    })
    expect(await balanceOf(card)).toBe(-4000)
  })

  it('makes a one-off bill inactive once paid, and will not pay it twice', async () => {
    const a = await newUser(t.app)
    const account = await insertAccount(t.database.db, a)
    const bill = await createBill(a, {
      name: 'Passport',
      amount: 75,
      nextDueDate: '2026-03-20',
      recurrence: 'once',
      accountId: account,
    })
    const paid = await pay(a, bill.id)
    expect(paid.bill).toEqual({ ...bill, isActive: false, current: { dueDate: '2026-03-20', amount: 75, paid: 75, status: 'paid' } })
    expect(await billsOf(a, '/api/bills/upcoming')).toEqual([])
    const again = await a.post(`/api/bills/${bill.id}/pay`, {})
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('BILL_INACTIVE')
    expect(await transactionsOf(account)).toHaveLength(1)
    expect(await balanceOf(account)).toBe(-7500)
  })

  it('ends a bill with its last due date: paying that one makes it inactive, and this month counts no date after it', async () => {
    const a = await newUser(t.app)
    const account = await insertAccount(t.database.db, a)
    const bill = await createBill(a, {
      name: 'Car loan',
      amount: 200,
      nextDueDate: '2026-03-16',
      recurrence: 'weekly',
      endDate: '2026-03-26',
      accountId: account,
    })
    expect(bill.endDate).toBe('2026-03-26')
    // still due this month: the 16th and the 23rd; the 30th is after the end
    const summary = (await a.get('/api/analytics/monthly-summary')).json()
    expect(summary.billsStillDue).toBe(400)
    expect((await pay(a, bill.id)).bill).toMatchObject({ nextDueDate: '2026-03-23', isActive: true })
    // the 23rd was the last: the 30th would be after the end
    expect((await pay(a, bill.id)).bill).toMatchObject({ nextDueDate: '2026-03-23', isActive: false })
    expect(await billsOf(a, '/api/bills/upcoming')).toEqual([])
    expect(await transactionsOf(account)).toHaveLength(2)
    // an end before the next due date is refused, at the field; clearing it (null) is allowed
    const early = await a.post('/api/bills', { name: 'X', amount: 1, nextDueDate: '2026-04-10', endDate: '2026-04-09' })
    expect(early.statusCode).toBe(400)
    expect(early.json().issues[0].path).toBe('body.endDate')
    const open = await createBill(a, { name: 'Y', amount: 1, nextDueDate: '2026-04-10', endDate: '2026-06-10' })
    const moved = await a.patch(`/api/bills/${open.id}`, { nextDueDate: '2026-07-10' })
    expect(moved.statusCode).toBe(400)
    expect(moved.json().issues[0].path).toBe('body.endDate')
    const cleared = await a.patch(`/api/bills/${open.id}`, { nextDueDate: '2026-07-10', endDate: null })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(cleared.json().endDate).toBeNull()
  })

  it('makes a bill inactive once paid when its next due date would be after 2200; the list still answers', async () => {
    const a = await newUser(t.app)
    const account = await insertAccount(t.database.db, a)
    const bill = await createBill(a, {
      name: 'Far future',
      amount: 10,
      nextDueDate: '2200-12-15',
      recurrence: 'monthly',
      accountId: account,
    })
    // before: the due date moved to 2201-01-15, and this answer and every list after it were 500
    const paid = await pay(a, bill.id)
    const done = { ...bill, isActive: false, current: { dueDate: '2200-12-15', amount: 10, paid: 10, status: 'paid' } }
    expect(paid.bill).toEqual(done)
    expect(await billsOf(a)).toEqual([done])
    expect(await transactionsOf(account)).toHaveLength(1)
  })

  it('refuses to pay without a usable account (400, 404 for one the payer may not write), changing nothing', async () => {
    const a = await newUser(t.app)
    const b = await newUser(t.app)
    const bAccount = await insertAccount(t.database.db, b)
    const closed = await insertAccount(t.database.db, a, { name: 'Old' })
    await t.database.db.update(accounts).set({ isClosed: true }).where(eq(accounts.id, closed))
    const bill = await createBill(a, { name: 'Water', amount: 20, nextDueDate: '2026-03-18' })

    const none = await a.post(`/api/bills/${bill.id}/pay`, {})
    expect(none.statusCode).toBe(400)
    expect(none.json()).toEqual({
      message: 'Choose the account this bill is paid from',
      code: 'ACCOUNT_REQUIRED',
    })
    // paying writes a transaction: an account that does not exist and one of another
    // household answer alike, 404 as adding a transaction there would
    const unknown = await a.post(`/api/bills/${bill.id}/pay`, { accountId: MISSING_ID })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Account not found', code: 'NOT_FOUND' })
    const foreign = await a.post(`/api/bills/${bill.id}/pay`, { accountId: bAccount })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual(unknown.json())
    const shut = await a.post(`/api/bills/${bill.id}/pay`, { accountId: closed })
    expect(shut.statusCode).toBe(400)
    expect(shut.json().code).toBe('ACCOUNT_CLOSED')
    for (const body of [
      { amount: -5, accountId: closed },
      { date: '2026-13-01' },
      { amount: 1.001 },
      { accountId: 'x' },
    ]) {
      const res = await a.post(`/api/bills/${bill.id}/pay`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    expect(await billsOf(a)).toEqual([bill])
    expect(await transactionsOf(closed)).toEqual([])
    expect(await transactionsOf(bAccount)).toEqual([])
    expect(await balanceOf(bAccount)).toBe(0)
  })

  it('answers 400 for bad input and unknown references, changing nothing', async () => {
    const a = await newUser(t.app)
    const bill = await createBill(a, { name: 'Keep', amount: 10, nextDueDate: '2026-03-20' })
    for (const body of [
      { name: '', amount: 10, nextDueDate: '2026-03-20' },
      { name: 'X', amount: -10, nextDueDate: '2026-03-20' },
      { name: 'X', amount: 10.555, nextDueDate: '2026-03-20' },
      { name: 'X', amount: 10, nextDueDate: '2026-02-29' },
      { name: 'X', amount: 10 },
      { name: 'X', amount: 10, nextDueDate: '2026-03-20', recurrence: 'daily' },
      { name: 'X', amount: 10, nextDueDate: '2026-03-20', categoryId: 'food' },
    ]) {
      const res = await a.post('/api/bills', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    const unknownCategory = await a.post('/api/bills', {
      name: 'X',
      amount: 1,
      nextDueDate: '2026-03-20',
      categoryId: MISSING_ID,
    })
    expect(unknownCategory.json()).toEqual({
      message: 'That category does not exist',
      code: 'UNKNOWN_CATEGORY',
    })
    const unknownAccount = await a.post('/api/bills', {
      name: 'X',
      amount: 1,
      nextDueDate: '2026-03-20',
      accountId: MISSING_ID,
    })
    expect(unknownAccount.json()).toEqual({
      message: 'That account does not exist',
      code: 'UNKNOWN_ACCOUNT',
    })
    expect((await a.patch(`/api/bills/${bill.id}`, { categoryId: MISSING_ID })).statusCode).toBe(400)
    expect((await a.patch(`/api/bills/${bill.id}`, { amount: -1 })).json().code).toBe(
      'VALIDATION_ERROR',
    )
    expect(await billsOf(a)).toEqual([bill])
  })

  it('deletes a bill, keeping its past payments, then answers 404 for it', async () => {
    const a = await newUser(t.app)
    const account = await insertAccount(t.database.db, a)
    const bill = await createBill(a, {
      name: 'Streaming',
      amount: 12.99,
      nextDueDate: '2026-03-15',
      accountId: account,
    })
    const { transactionId } = await pay(a, bill.id)
    expect((await a.delete(`/api/bills/${bill.id}`)).statusCode).toBe(204)
    expect(await billsOf(a)).toEqual([])
    const [txn] = await transactionsOf(account)
    expect(txn).toMatchObject({ id: transactionId, amount: -1299, billId: null })
    for (const id of [bill.id, MISSING_ID]) {
      expect((await a.delete(`/api/bills/${id}`)).statusCode).toBe(404)
      expect((await a.patch(`/api/bills/${id}`, { name: 'X' })).statusCode).toBe(404)
      const res = await a.post(`/api/bills/${id}/pay`, { accountId: account })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Bill not found', code: 'NOT_FOUND' })
    }
    expect(await transactionsOf(account)).toHaveLength(1)
  })

  it("keeps households apart: B can neither see, change, pay nor delete A's bills, nor use A's accounts or categories", async () => {
    const a = await newUser(t.app)
    const b = await newUser(t.app)
    const aAccount = await insertAccount(t.database.db, a)
    const bAccount = await insertAccount(t.database.db, b)
    const aCategory = await categoryId(t, a, 'Groceries')
    const bill = await createBill(a, {
      name: 'Private',
      amount: 50,
      nextDueDate: '2026-03-16',
      accountId: aAccount,
      categoryId: aCategory,
    })

    expect(await billsOf(b)).toEqual([])
    expect(await billsOf(b, '/api/bills/upcoming')).toEqual([])
    expect((await b.patch(`/api/bills/${bill.id}`, { amount: 1 })).statusCode).toBe(404)
    expect((await b.post(`/api/bills/${bill.id}/pay`, { accountId: bAccount })).statusCode).toBe(
      404,
    )
    expect((await b.delete(`/api/bills/${bill.id}`)).statusCode).toBe(404)
    expect(
      (
        await b.post('/api/bills', {
          name: 'X',
          amount: 1,
          nextDueDate: '2026-03-20',
          accountId: aAccount,
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (
        await b.post('/api/bills', {
          name: 'X',
          amount: 1,
          nextDueDate: '2026-03-20',
          categoryId: aCategory,
        })
      ).statusCode,
    ).toBe(400)
    const bBill = await createBill(b, { name: 'Own', amount: 5, nextDueDate: '2026-03-20' })
    expect((await b.post(`/api/bills/${bBill.id}/pay`, { accountId: aAccount })).statusCode).toBe(
      404,
    )
    expect((await b.patch(`/api/bills/${bBill.id}`, { accountId: aAccount })).statusCode).toBe(400)

    expect(await billsOf(a)).toEqual([bill])
    expect(await transactionsOf(aAccount)).toEqual([])
    expect(await balanceOf(aAccount)).toBe(0)
  })
})

describe('bill payments (the calendar shows them as paid)', () => {
  it('lists the payments of a month that the member sees, and refuses a wrong range', async () => {
    const owner = await newUser(t.app)
    const adult = await addMember(t, owner, 'adult')
    const shared = (await owner.post('/api/accounts', { name: 'Joint', type: 'checking', openingBalance: 900 })).json().id
    const mine = (await owner.post('/api/accounts', { name: 'Mine', type: 'checking', openingBalance: 900, visibility: 'private' })).json().id
    const water = await createBill(owner, { name: 'Water', amount: 40, nextDueDate: '2026-03-16', accountId: shared })
    const gym = await createBill(owner, { name: 'Gym', amount: 30, nextDueDate: '2026-03-20', recurrence: 'once', accountId: mine })
    const paidWater = await pay(owner, water.id)
    const paidGym = await pay(owner, gym.id, { date: '2026-03-14', amount: 29.5 })
    const payments = async (client: Client, query = '?from=2026-03-01&to=2026-03-31') => {
      const res = await client.get(`/api/bills/payments${query}`)
      return { status: res.statusCode, body: res.json() }
    }
    expect(await payments(owner)).toEqual({
      status: 200,
      body: [
        { billId: gym.id, name: 'Gym', date: '2026-03-14', amount: 29.5, transactionId: paidGym.transactionId },
        { billId: water.id, name: 'Water', date: '2026-03-15', amount: 40, transactionId: paidWater.transactionId },
      ],
    })
    // the adult does not see the owner's private account: nor the payment made from it
    expect((await payments(adult)).body.map((p: { name: string }) => p.name)).toEqual(['Water'])
    expect((await payments(owner, '?from=2026-04-01&to=2026-04-30')).body).toEqual([])
    for (const query of ['?from=2026-03-31&to=2026-03-01', '?from=2026-01-01&to=2026-12-31', '?from=2026-03-01', '?from=March&to=2026-03-31']) {
      expect((await payments(owner, query)).status, query).toBe(400)
    }
  })
})
