// Bills settled by the payments that pay them (ADR 0045), through the API on a real database:
// typed in, imported, split, edited and deleted payments; unlink, link and Mark paid by hand;
// who may do what.
import { readFileSync } from 'node:fs'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Bill, BillLink } from '#src/contract/bills'
import { billPayments, reminders, transactions } from '#src/server/db/schema'
import { addMember, createTestApp, type Client, type TestContext } from '#src/server/test/helper'
import { insertTransactionRow, newUser } from '#src/server/test/fixtures'
import { upload } from '#src/server/test/upload'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

async function account(client: Client, body: Record<string, unknown> = {}): Promise<string> {
  const res = await client.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 5000, ...body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id
}

async function bill(client: Client, body: Record<string, unknown>): Promise<Bill> {
  const res = await client.post('/api/bills', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function spend(client: Client, accountId: string, date: string, amount: number, merchant: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await client.post('/api/transactions', { accountId, date, amount: -amount, merchant, ...extra })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id
}

async function billOf(client: Client, id: string): Promise<Bill> {
  const res = await client.get('/api/bills')
  expect(res.statusCode, res.body).toBe(200)
  const found = (res.json() as Bill[]).find((b) => b.id === id)
  if (!found) throw new Error('no such bill')
  return found
}

async function linksOf(client: Client, id: string): Promise<BillLink[]> {
  const res = await client.get(`/api/bills/${id}/payments`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const markerOf = async (transactionId: string) =>
  (await t.database.db.select({ billId: transactions.billId }).from(transactions).where(eq(transactions.id, transactionId)))[0]?.billId

const rentBody = (accountId: string) => ({ name: 'Rent', payee: 'Oakwood Apartments', amount: 1650, nextDueDate: '2026-03-01', accountId })

describe('a typed-in payment settles the bill', () => {
  it('3 days early: the due date moves on, the row is marked, the bill shows Paid; an edit that no longer fits and a delete move it back', async () => {
    const a = await newUser(t.app)
    const checking = await account(a)
    const rent = await bill(a, rentBody(checking))
    expect(rent.current).toEqual({ dueDate: '2026-03-01', amount: 1650, paid: 0, status: 'overdue' })

    const paid = await spend(a, checking, '2026-02-26', 1650, 'OAKWOOD APARTMENTS')
    const after = await billOf(a, rent.id)
    expect(after.nextDueDate).toBe('2026-04-01')
    // April 1st is 17 days away: the bill shows the due date just paid
    expect(after.current).toEqual({ dueDate: '2026-03-01', amount: 1650, paid: 1650, status: 'paid' })
    expect(await markerOf(paid)).toBe(rent.id)
    expect(await linksOf(a, rent.id)).toEqual([
      { id: expect.any(String), dueDate: '2026-03-01', transactionId: paid, splitId: null, amount: 1650, kind: 'auto', date: '2026-02-26', merchant: 'OAKWOOD APARTMENTS', accountId: checking },
    ])

    // $100 is no longer the rent: the link goes and March is overdue again
    expect((await a.patch(`/api/transactions/${paid}`, { amount: -100 })).statusCode).toBe(200)
    expect(await billOf(a, rent.id)).toMatchObject({ nextDueDate: '2026-03-01', current: { status: 'overdue', paid: 0 } })
    expect(await markerOf(paid)).toBeNull()
    expect(await linksOf(a, rent.id)).toEqual([])

    // 5 days late (the 6th) and the whole amount again: settled again
    expect((await a.patch(`/api/transactions/${paid}`, { amount: -1650, date: '2026-03-06' })).statusCode).toBe(200)
    expect((await billOf(a, rent.id)).nextDueDate).toBe('2026-04-01')

    expect((await a.delete(`/api/transactions/${paid}`)).statusCode).toBe(204)
    expect(await billOf(a, rent.id)).toMatchObject({ nextDueDate: '2026-03-01', current: { status: 'overdue' } })
    expect(await t.database.db.select().from(billPayments).where(eq(billPayments.billId, rent.id))).toEqual([])
  })

  it('in part: $1,000 leaves it partly paid, the $650 rest pays it; money in, another payee or account never settle it', async () => {
    const a = await newUser(t.app)
    const checking = await account(a)
    const card = await account(a, { name: 'Card', type: 'credit_card', openingBalance: 0 })
    const rent = await bill(a, rentBody(checking))
    await a.post('/api/transactions', { accountId: checking, date: '2026-03-01', amount: 1650, merchant: 'Oakwood Apartments' }) // a refund
    await spend(a, card, '2026-03-01', 1650, 'Oakwood Apartments') // not the bill's account
    await spend(a, checking, '2026-03-01', 1650, 'Greenfield Property')
    expect((await billOf(a, rent.id)).current).toMatchObject({ status: 'overdue', paid: 0 })

    await spend(a, checking, '2026-03-02', 1000, 'Oakwood Apartments')
    expect(await billOf(a, rent.id)).toMatchObject({ nextDueDate: '2026-03-01', current: { dueDate: '2026-03-01', paid: 1000, status: 'partial' } })
    await spend(a, checking, '2026-03-04', 650, 'Oakwood Apartments')
    expect(await billOf(a, rent.id)).toMatchObject({ nextDueDate: '2026-04-01', current: { dueDate: '2026-03-01', paid: 1650, status: 'paid' } })
    expect((await linksOf(a, rent.id)).map((l) => l.amount).sort()).toEqual([1000, 650].sort())
  })

  it('by one part of a split: $95 electricity inside a $180 split; new parts take the link off', async () => {
    const a = await newUser(t.app)
    const checking = await account(a)
    const power = await bill(a, { name: 'Electricity', amount: 95, nextDueDate: '2026-03-10', accountId: checking })
    const split = await spend(a, checking, '2026-03-09', 180, 'City Utilities', {
      splits: [
        { categoryId: null, amount: -95, memo: 'Electricity' },
        { categoryId: null, amount: -85, memo: 'Water' },
      ],
    })
    const [link] = await linksOf(a, power.id)
    expect(link).toMatchObject({ transactionId: split, splitId: expect.any(String), amount: 95, dueDate: '2026-03-10', kind: 'auto' })
    expect((await billOf(a, power.id)).nextDueDate).toBe('2026-04-10')
    expect(await markerOf(split)).toBe(power.id)

    const res = await a.patch(`/api/transactions/${split}`, {
      splits: [
        { categoryId: null, amount: -100, memo: 'Gas' },
        { categoryId: null, amount: -80, memo: 'Water' },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await billOf(a, power.id)).nextDueDate).toBe('2026-03-10')
    expect(await markerOf(split)).toBeNull()
  })

  it('completes the paid due date’s reminders, as Mark paid does', async () => {
    const a = await newUser(t.app)
    const checking = await account(a)
    const internet = await bill(a, { name: 'Internet', payee: 'FIBRENET', amount: 65, nextDueDate: '2026-03-16', accountId: checking })
    const db = t.database.db
    // the daily job writes the reminder; run it as the scheduler does
    const { generateReminders } = await import('../reminders/generated')
    await generateReminders(db, t.clock.now())
    const active = () => db.select().from(reminders).where(and(eq(reminders.userId, a.user.id), eq(reminders.status, 'active')))
    expect((await active()).some((r) => r.sourceKey?.includes(internet.id))).toBe(true)
    await spend(a, checking, '2026-03-14', 65, 'FIBRENET BROADBAND')
    expect((await active()).some((r) => r.sourceKey?.includes(internet.id))).toBe(false)
  })
})

describe('an imported payment settles the bill', () => {
  it('a CSV row pays the rent; undoing the import makes it due again', async () => {
    const a = await newUser(t.app)
    const checking = await account(a)
    const rent = await bill(a, rentBody(checking))
    const res = await upload(a, 'Date,Payee,Amount\n2026-03-02,ACH DEBIT OAKWOOD APARTMENTS 0042,-1650.00\n2026-03-03,Corner Shop,-4.20\n', {
      fields: { accountId: checking },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await billOf(a, rent.id)).toMatchObject({ nextDueDate: '2026-04-01', current: { status: 'paid', paid: 1650 } })
    const [link] = await linksOf(a, rent.id)
    expect(link).toMatchObject({ date: '2026-03-02', amount: 1650, kind: 'auto' })

    expect((await a.delete(`/api/imports/${res.json().batchId}`)).statusCode).toBe(200)
    expect(await billOf(a, rent.id)).toMatchObject({ nextDueDate: '2026-03-01', current: { status: 'overdue' } })
  })
})

describe('linking by hand', () => {
  it('unlink sticks (the matcher does not tie it again); linking it by hand ties it back; re-linking moves it', async () => {
    const a = await newUser(t.app)
    const checking = await account(a)
    const rent = await bill(a, rentBody(checking))
    const paid = await spend(a, checking, '2026-03-01', 1650, 'Oakwood Apartments')
    const [link] = await linksOf(a, rent.id)
    if (!link) throw new Error('not linked')

    const unlinked = await a.delete(`/api/bills/${rent.id}/payments/${link.id}`)
    expect(unlinked.statusCode, unlinked.body).toBe(200)
    expect(unlinked.json()).toMatchObject({ nextDueDate: '2026-03-01', current: { status: 'overdue' } })
    expect(await markerOf(paid)).toBeNull()
    // another write runs the pass again: still untied
    await spend(a, checking, '2026-03-05', 3, 'Coffee')
    await a.patch(`/api/transactions/${paid}`, { date: '2026-03-02' })
    expect(await linksOf(a, rent.id)).toEqual([])
    expect((await billOf(a, rent.id)).nextDueDate).toBe('2026-03-01')
    // it is no longer offered either
    expect((await a.get(`/api/bills/${rent.id}/matches`)).json().matches).toEqual([])
    expect((await a.delete(`/api/bills/${rent.id}/payments/${link.id}`)).statusCode).toBe(404)

    const relinked = await a.post(`/api/bills/${rent.id}/payments`, { transactionId: paid })
    expect(relinked.statusCode, relinked.body).toBe(201)
    expect(relinked.json().payment).toMatchObject({ transactionId: paid, dueDate: '2026-03-01', kind: 'manual', amount: 1650 })
    expect(relinked.json().bill.nextDueDate).toBe('2026-04-01')
    expect(await markerOf(paid)).toBe(rent.id)

    // moved to another bill: the rent is due again, the other is paid
    const other = await bill(a, { name: 'Parking', amount: 1650, nextDueDate: '2026-03-03' })
    const moved = await a.post(`/api/bills/${other.id}/payments`, { transactionId: paid, splitId: null })
    expect(moved.statusCode, moved.body).toBe(201)
    expect(moved.json().bill.nextDueDate).toBe('2026-04-03')
    expect((await billOf(a, rent.id)).nextDueDate).toBe('2026-03-01')
    expect(await markerOf(paid)).toBe(other.id)
  })

  it('refuses bad input at its field: money in, a due date not on the schedule, a part of another row; 404 for an unknown transaction', async () => {
    const a = await newUser(t.app)
    const checking = await account(a)
    const rent = await bill(a, rentBody(checking))
    const income = (await a.post('/api/transactions', { accountId: checking, date: '2026-03-01', amount: 1650, merchant: 'Oakwood' })).json().id
    const out = await spend(a, checking, '2026-03-01', 20, 'Shop')
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ transactionId: income }, 400, 'body.transactionId'],
      [{ transactionId: out, dueDate: '2026-03-02' }, 400, 'body.dueDate'],
      [{ transactionId: out, splitId: '00000000-0000-4000-8000-000000000000' }, 400, 'body.splitId'],
      [{ transactionId: 'nope' }, 400, 'body.transactionId'],
      [{}, 400, 'body.transactionId'],
      [{ transactionId: '00000000-0000-4000-8000-000000000000' }, 404, null],
    ]
    for (const [body, status, path] of cases) {
      const res = await a.post(`/api/bills/${rent.id}/payments`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
      if (path) expect(res.json().issues?.[0]?.path ?? res.json().issues, JSON.stringify(body)).toBe(path)
    }
    for (const tol of [-1, 101, 2.5, 'x']) {
      const res = await a.patch(`/api/bills/${rent.id}`, { tolerancePercent: tol })
      expect(res.statusCode).toBe(400)
      expect(res.json().issues[0].path).toBe('body.tolerancePercent')
    }
    expect((await a.patch(`/api/bills/${rent.id}`, { tolerancePercent: 20, payee: 'OAKWOOD' })).json()).toMatchObject({ tolerancePercent: 20, payee: 'OAKWOOD' })
  })

  it('Mark paid with a transaction of the ledger: offered by /matches, no new row, a paid link, the due date moves on', async () => {
    const a = await newUser(t.app)
    const checking = await account(a)
    const rent = await bill(a, rentBody(checking))
    // the bank wrote another name: not tied by itself, but offered for its amount
    const landlord = await spend(a, checking, '2026-03-02', 1650, 'J SMITH PROPERTY')
    await spend(a, checking, '2026-03-02', 40, 'Groceries')
    const matches = await a.get(`/api/bills/${rent.id}/matches`)
    expect(matches.statusCode, matches.body).toBe(200)
    expect(matches.json()).toEqual({
      dueDate: '2026-03-01',
      // another payee: offered, but not the bill's (the dialog does not choose it for the member)
      matches: [{ transactionId: landlord, splitId: null, date: '2026-03-02', merchant: 'J SMITH PROPERTY', amount: -1650, accountId: checking, payeeMatches: false }],
    })
    const rowsOf = async () => (await t.database.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.accountId, checking))).length
    const before = await rowsOf()
    const res = await a.post(`/api/bills/${rent.id}/pay`, { transactionId: landlord })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ transactionId: landlord, bill: { nextDueDate: '2026-04-01', current: { status: 'paid', paid: 1650 } } })
    expect(await rowsOf()).toBe(before)
    expect((await linksOf(a, rent.id)).map((l) => l.kind)).toEqual(['paid'])
    expect(await markerOf(landlord)).toBe(rent.id)
    // with a transaction, the new row's fields are not allowed
    const both = await a.post(`/api/bills/${rent.id}/pay`, { transactionId: landlord, amount: 10 })
    expect(both.statusCode).toBe(400)
    expect(both.json().issues[0].path).toBe('body.amount')
    // Mark paid without one records a payment and a paid link for the next due date
    const paid = await a.post(`/api/bills/${rent.id}/pay`, {})
    expect(paid.json().bill.nextDueDate).toBe('2026-05-01')
    expect((await linksOf(a, rent.id)).map((l) => [l.dueDate, l.kind])).toEqual([
      ['2026-04-01', 'paid'],
      ['2026-03-01', 'paid'],
    ])
  })
})

describe('who may link', () => {
  it('viewer and teen cannot link or unlink (403), an outsider gets 404, and a member gets no match from an account they do not see', async () => {
    const owner = await newUser(t.app)
    const shared = await account(owner)
    const privateAcct = await account(owner, { name: 'Mine', visibility: 'private' })
    const rent = await bill(owner, { name: 'Rent', payee: 'Oakwood Apartments', amount: 1650, nextDueDate: '2026-03-01' })
    const adult = await addMember(t, owner, 'adult')
    const teen = await addMember(t, owner, 'teen')
    const viewer = await addMember(t, owner, 'viewer')
    const outsider = await newUser(t.app)
    // the owner pays from the private account: tied (the owner's pass sees every account), and hidden from the adult
    const hidden = await spend(owner, privateAcct, '2026-03-01', 1650, 'Oakwood Apartments')
    expect((await billOf(owner, rent.id)).nextDueDate).toBe('2026-04-01')
    expect(await linksOf(adult, rent.id)).toEqual([])
    const [link] = await linksOf(owner, rent.id)
    if (!link) throw new Error('not linked')
    expect(link.transactionId).toBe(hidden)

    for (const client of [viewer, teen]) {
      expect((await client.post(`/api/bills/${rent.id}/payments`, { transactionId: hidden })).statusCode).toBe(403)
      expect((await client.delete(`/api/bills/${rent.id}/payments/${link.id}`)).statusCode).toBe(403)
    }
    // the adult may not see that payment: as if it did not exist
    expect((await adult.delete(`/api/bills/${rent.id}/payments/${link.id}`)).statusCode).toBe(404)
    expect((await adult.post(`/api/bills/${rent.id}/payments`, { transactionId: hidden })).statusCode).toBe(404)
    expect((await adult.post(`/api/bills/${rent.id}/pay`, { transactionId: hidden })).statusCode).toBe(404)
    for (const req of [
      outsider.get(`/api/bills/${rent.id}/payments`),
      outsider.get(`/api/bills/${rent.id}/matches`),
      outsider.post(`/api/bills/${rent.id}/payments`, { transactionId: hidden }),
      outsider.delete(`/api/bills/${rent.id}/payments/${link.id}`),
    ]) {
      expect((await req).statusCode).toBe(404)
    }

    // April's rent: one payment on the private account, one on the shared one; the adult is offered only the shared one
    await owner.delete(`/api/bills/${rent.id}/payments/${link.id}`)
    await owner.patch(`/api/bills/${rent.id}`, { nextDueDate: '2026-04-01' })
    const other = await spend(owner, privateAcct, '2026-04-01', 1650, 'J Smith')
    const seen = await spend(owner, shared, '2026-04-01', 1650, 'J Smith')
    const offered = (await adult.get(`/api/bills/${rent.id}/matches`)).json().matches.map((m: { transactionId: string }) => m.transactionId)
    expect(offered).toEqual([seen])
    const ownerOffered = (await owner.get(`/api/bills/${rent.id}/matches`)).json().matches.map((m: { transactionId: string }) => m.transactionId)
    expect(ownerOffered.sort()).toEqual([other, seen].sort())
    // the viewer reads (MEMBER_READ)
    expect((await viewer.get(`/api/bills/${rent.id}/matches`)).statusCode).toBe(200)
  })
})

describe('backfill (migration 0018)', () => {
  it('ties each earlier "Pay" transaction to its bill’s due date nearest its date', async () => {
    const a = await newUser(t.app)
    const checking = await account(a)
    const db = t.database.db
    const monthEnd = await bill(a, { name: 'Phone', amount: 30, nextDueDate: '2026-03-31' })
    const weekly = await bill(a, { name: 'Cleaner', amount: 40, nextDueDate: '2026-03-16', recurrence: 'weekly' })
    const once = await bill(a, { name: 'Passport', amount: 75, nextDueDate: '2026-03-20', recurrence: 'once' })
    const quarterly = await bill(a, { name: 'Water', amount: 90, nextDueDate: '2026-04-15', recurrence: 'quarterly' })
    const rows: [string, string, number, string][] = [
      [monthEnd.id, '2026-02-27', -3000, '2026-02-28'],
      [monthEnd.id, '2026-01-30', -3000, '2026-01-31'],
      [weekly.id, '2026-03-08', -4000, '2026-03-09'],
      [once.id, '2026-03-18', -7500, '2026-03-20'],
      [quarterly.id, '2026-01-10', -9000, '2026-01-15'],
    ]
    const ids: string[] = []
    for (const [billId, date, amount] of rows) {
      const id = await insertTransactionRow(db, a, { accountId: checking, categoryId: null, date, amount })
      await db.update(transactions).set({ billId }).where(eq(transactions.id, id))
      ids.push(id)
    }
    const migration = readFileSync(new URL('../../db/migrations/0018_daily_plan.sql', import.meta.url), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO "bill_payments"'))
    if (!backfill) throw new Error('no backfill in 0018')
    await db.execute(sql.raw(backfill))
    // twice changes nothing
    await db.execute(sql.raw(backfill))
    const links = await db.select().from(billPayments).where(inArray(billPayments.transactionId, ids))
    expect(links.map((l) => [l.billId, l.dueDate, l.amount, l.kind]).sort()).toEqual(
      rows.map(([billId, , amount, due]) => [billId, due, -amount, 'paid']).sort(),
    )
  })
})
