// What each member of a household sees and may change of its transactions (ADR 0023):
// lists, search, every filter, one row by id, transfers, writes and bulk changes, for the owner,
// an adult, a teen and a viewer, over a shared account, an adult's private and balance-only
// accounts, an account shared with teens and a teen's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categoryId, type Client, type TestContext } from '#src/server/test/helper'
import { createFamilyApp, newAccount, type Family } from '#src/server/test/family'

let t: TestContext
let owner: Client
let adult: Client
let teen: Client
let viewer: Client
let groceries: string

const acc = { checking: '', private: '', balanceOnly: '', family: '', teenWallet: '' }
/** one row per account, each with a merchant found nowhere else */
const row = { bakery: '', hardware: '', secret: '', vault: '', pizza: '', comics: '', transferOut: '', transferIn: '' }

type Row = { id: string; accountId: string; merchant: string; enteredBy: string; transferAccountId: string | null; categoryId: string | null }

async function add(client: Client, accountId: string, merchant: string, amount: number, date = '2026-03-05'): Promise<string> {
  const res = await client.post('/api/transactions', { accountId, date, amount, merchant, notes: `note of ${merchant}` })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id
}

async function rows(client: Client, query = ''): Promise<Row[]> {
  const res = await client.get(`/api/transactions?limit=200${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const ids = (list: { id: string }[]) => list.map((r) => r.id).sort()
const balanceOf = async (client: Client, id: string): Promise<number> => (await client.get(`/api/accounts/${id}`)).json().balance

beforeAll(async () => {
  let accounts: Family['accounts']
  ;({ t, owner, adult, teen, viewer, accounts } = await createFamilyApp())
  Object.assign(acc, accounts)
  groceries = await categoryId(t, owner, 'Groceries')
  acc.teenWallet = await newAccount(teen, 'Teen wallet')

  row.bakery = await add(owner, acc.checking, 'Bakery', -12.5, '2026-03-01')
  row.hardware = await add(adult, acc.checking, 'Hardware', -40, '2026-03-02')
  row.secret = await add(adult, acc.private, 'Zyxsecret', -99, '2026-03-03')
  row.vault = await add(adult, acc.balanceOnly, 'Vaultword', 500, '2026-03-04')
  row.pizza = await add(owner, acc.family, 'Pizza', -25, '2026-03-05')
  row.comics = await add(teen, acc.teenWallet, 'Comics', -7, '2026-03-06')
  const transfer = await adult.post('/api/transfers', { fromAccountId: acc.checking, toAccountId: acc.private, amount: 100, date: '2026-03-07' })
  expect(transfer.statusCode, transfer.body).toBe(201)
  row.transferOut = transfer.json().from.id
  row.transferIn = transfer.json().to.id
})
afterAll(async () => {
  await t.close()
})

describe('reading transactions by role', () => {
  it('lists exactly the rows of accounts whose transactions the member sees', async () => {
    const everything = Object.values(row).sort()
    const sharedOnes = [row.bakery, row.hardware, row.pizza, row.comics, row.transferOut].sort()
    expect(ids(await rows(adult))).toEqual(everything)
    expect(ids(await rows(owner))).toEqual(sharedOnes)
    expect(ids(await rows(viewer))).toEqual(sharedOnes)
    expect(ids(await rows(teen))).toEqual([row.pizza, row.comics].sort())
    // the newest page without transfers, and the same list page by page (the prepared first
    // page, then cursor pages): the hidden rows never appear
    expect(ids(await rows(owner, '&includeTransfers=false'))).toEqual([row.bakery, row.hardware, row.pizza, row.comics].sort())
    const paged: string[] = []
    let next: string | undefined
    do {
      const res = await owner.get(`/api/transactions?limit=2${next ? `&cursor=${next}` : ''}`)
      paged.push(...(res.json() as Row[]).map((r) => r.id))
      next = res.headers['x-next-cursor'] as string | undefined
    } while (next)
    expect(paged.sort()).toEqual(sharedOnes)
  })

  it('finds nothing in a search for a word that only a private or balance-only account holds', async () => {
    for (const member of [owner, teen, viewer]) {
      expect(await rows(member, '&search=Zyxsecret')).toEqual([])
      expect(await rows(member, '&search=Vaultword')).toEqual([])
      // the notes too
      expect(await rows(member, '&search=note%20of%20Zyx')).toEqual([])
    }
    expect(ids(await rows(adult, '&search=Zyxsecret'))).toEqual([row.secret])
    expect(ids(await rows(adult, '&search=Vaultword'))).toEqual([row.vault])
    expect(ids(await rows(owner, '&search=Bakery'))).toEqual([row.bakery])
    expect(await rows(teen, '&search=Bakery')).toEqual([])
  })

  it('leaves hidden rows out of every filter and sort', async () => {
    const filters = [
      '&sort=amount_asc',
      '&sort=date_asc',
      '&type=expense',
      '&type=income',
      '&minAmount=-1000&maxAmount=1000',
      '&from=2026-03-01&to=2026-03-31',
      '&source=manual',
      '&kind=standard',
      '&kind=transfer',
      '&categoryId=uncategorized',
      `&enteredBy=${adult.user.id}`,
    ]
    const hidden = [row.secret, row.vault, row.transferIn]
    for (const query of filters) {
      const seen = ids(await rows(owner, query))
      for (const id of hidden) expect(seen, query).not.toContain(id)
      const teenSees = ids(await rows(teen, query))
      for (const id of teenSees) expect([row.pizza, row.comics], query).toContain(id)
    }
    expect(ids(await rows(owner, '&kind=transfer'))).toEqual([row.transferOut])
    expect(ids(await rows(owner, '&sort=amount_desc'))).toHaveLength(5)
  })

  it('answers 404 for an account filter on an account whose transactions the member does not see', async () => {
    const refused: [Client, string][] = [
      [owner, acc.private],
      [owner, acc.balanceOnly],
      [viewer, acc.private],
      [viewer, acc.balanceOnly],
      [teen, acc.checking],
      [teen, acc.private],
      [teen, acc.balanceOnly],
    ]
    for (const [member, accountId] of refused) {
      const res = await member.get(`/api/transactions?accountId=${accountId}`)
      expect(res.statusCode).toBe(404)
    }
    // the account itself is still there for the balance-only viewer, as GET /api/accounts says
    expect((await owner.get(`/api/accounts/${acc.balanceOnly}`)).json()).toMatchObject({ view: 'balance', balance: 500 })
    expect(ids(await rows(teen, `&accountId=${acc.family}`))).toEqual([row.pizza])
    expect(ids(await rows(adult, `&accountId=${acc.private}`))).toEqual([row.secret, row.transferIn].sort())
  })

  it('gives one row by id only to a member who sees its account', async () => {
    const cases: [Client, string, number][] = [
      [owner, row.secret, 404],
      [owner, row.vault, 404],
      [owner, row.transferIn, 404],
      [viewer, row.secret, 404],
      [viewer, row.vault, 404],
      [teen, row.bakery, 404],
      [teen, row.secret, 404],
      [teen, row.pizza, 200],
      [teen, row.comics, 200],
      [owner, row.comics, 200],
      [adult, row.secret, 200],
      [adult, row.vault, 200],
    ]
    for (const [member, id, status] of cases) {
      expect((await member.get(`/api/transactions/${id}`)).statusCode, `${id}`).toBe(status)
    }
  })

  it('names the other account of a transfer only to a member who sees that account', async () => {
    const forOwner = (await owner.get(`/api/transactions/${row.transferOut}`)).json()
    expect(forOwner).toMatchObject({ kind: 'transfer', transferAccountId: null })
    expect((await rows(owner)).find((r) => r.id === row.transferOut)?.transferAccountId).toBeNull()
    expect((await adult.get(`/api/transactions/${row.transferOut}`)).json().transferAccountId).toBe(acc.private)
    expect((await rows(adult)).find((r) => r.id === row.transferOut)?.transferAccountId).toBe(acc.private)
  })

  it('records who entered each row, and filters by member', async () => {
    const all = await rows(adult)
    const by = (id: string) => all.find((r) => r.id === id)?.enteredBy
    expect(by(row.bakery)).toBe(owner.user.id)
    expect(by(row.hardware)).toBe(adult.user.id)
    expect(by(row.comics)).toBe(teen.user.id)
    expect(by(row.transferIn)).toBe(adult.user.id)
    expect(ids(await rows(adult, `&enteredBy=${adult.user.id}`))).toEqual(
      [row.hardware, row.secret, row.vault, row.transferOut, row.transferIn].sort(),
    )
    // the owner sees the adult's shared entries only
    expect(ids(await rows(owner, `&enteredBy=${adult.user.id}`))).toEqual([row.hardware, row.transferOut].sort())
    expect(ids(await rows(owner, `&enteredBy=${teen.user.id}`))).toEqual([row.comics])
    expect(ids(await rows(teen, `&enteredBy=${owner.user.id}`))).toEqual([row.pizza])
    expect(await rows(owner, `&enteredBy=${viewer.user.id}`)).toEqual([])
    expect((await owner.get('/api/transactions?enteredBy=nobody')).statusCode).toBe(400)
  })
})

describe('changing transactions by role', () => {
  it('refuses writes into accounts the member may not change, and changes nothing', async () => {
    const balances = async () =>
      Promise.all([acc.checking, acc.private, acc.balanceOnly, acc.family, acc.teenWallet].map((id) => balanceOf(adult, id)))
    const before = await balances()
    const newRow = (accountId: string) => ({ accountId, date: '2026-03-08', amount: -1, merchant: 'Sneaky' })
    const refused: [() => Promise<{ statusCode: number }>, number][] = [
      [() => owner.post('/api/transactions', newRow(acc.private)), 404],
      [() => owner.post('/api/transactions', newRow(acc.balanceOnly)), 404],
      [() => teen.post('/api/transactions', newRow(acc.checking)), 404],
      [() => teen.post('/api/transactions', newRow(acc.private)), 404],
      [() => viewer.post('/api/transactions', newRow(acc.checking)), 403],
      [() => owner.patch(`/api/transactions/${row.secret}`, { amount: -1 }), 404],
      [() => owner.patch(`/api/transactions/${row.vault}`, { merchant: 'Mine' }), 404],
      [() => owner.delete(`/api/transactions/${row.secret}`), 404],
      [() => owner.delete(`/api/transactions/${row.transferIn}`), 404],
      [() => teen.patch(`/api/transactions/${row.bakery}`, { amount: -1 }), 404],
      [() => teen.delete(`/api/transactions/${row.hardware}`), 404],
      [() => viewer.patch(`/api/transactions/${row.bakery}`, { amount: -1 }), 403],
      [() => viewer.delete(`/api/transactions/${row.bakery}`), 403],
      // moving a row needs both accounts
      [() => owner.patch(`/api/transactions/${row.bakery}`, { accountId: acc.private }), 404],
      [() => owner.patch(`/api/transactions/${row.bakery}`, { accountId: acc.balanceOnly }), 404],
      [() => teen.patch(`/api/transactions/${row.pizza}`, { accountId: acc.checking }), 404],
    ]
    for (const [send, status] of refused) expect((await send()).statusCode).toBe(status)
    // a hidden row answers word for word as a row that does not exist
    const missing = '00000000-0000-4000-8000-000000000000'
    for (const [method, body] of [['PATCH', { amount: -1 }], ['DELETE', undefined], ['GET', undefined]] as const) {
      const hidden = await owner.request({ method, url: `/api/transactions/${row.secret}`, ...(body ? { payload: body } : {}) })
      const absent = await owner.request({ method, url: `/api/transactions/${missing}`, ...(body ? { payload: body } : {}) })
      expect([hidden.statusCode, hidden.json()], method).toEqual([absent.statusCode, absent.json()])
    }
    const bulkHidden = await owner.post('/api/transactions/bulk', { action: 'delete', ids: [row.bakery, row.secret] })
    const bulkAbsent = await owner.post('/api/transactions/bulk', { action: 'delete', ids: [row.bakery, missing] })
    expect(bulkHidden.json()).toEqual(bulkAbsent.json())
    const intoHidden = await owner.post('/api/transactions', newRow(acc.private))
    const intoAbsent = await owner.post('/api/transactions', newRow(missing))
    expect(intoHidden.json()).toEqual(intoAbsent.json())
    expect(await balances()).toEqual(before)
    expect(ids(await rows(adult))).toEqual(Object.values(row).sort())
    const bakery = (await owner.get(`/api/transactions/${row.bakery}`)).json()
    expect(bakery).toMatchObject({ accountId: acc.checking, amount: -12.5, merchant: 'Bakery' })
  })

  it("lets a teen change only their own entries in an account shared with them, not a parent's", async () => {
    const pizza = (await owner.get(`/api/transactions/${row.pizza}`)).json()
    expect(pizza.enteredBy).not.toBe(teen.user.id)
    for (const res of [
      await teen.patch(`/api/transactions/${row.pizza}`, { amount: -1 }),
      await teen.delete(`/api/transactions/${row.pizza}`),
      await teen.post('/api/transactions/bulk', { action: 'delete', ids: [row.pizza] }),
      await teen.post('/api/transactions/bulk', { action: 'categorize', ids: [row.pizza], categoryId: null }),
    ]) {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json().code).toBe('NOT_YOUR_ENTRY')
    }
    expect((await owner.get(`/api/transactions/${row.pizza}`)).json()).toEqual(pizza)
  })

  it('lets each member write where they may', async () => {
    const teenRow = await add(teen, acc.family, 'Snacks', -3)
    expect((await teen.patch(`/api/transactions/${teenRow}`, { accountId: acc.teenWallet })).statusCode).toBe(200)
    expect((await teen.delete(`/api/transactions/${teenRow}`)).statusCode).toBe(204)
    const adultRow = await add(adult, acc.checking, 'Lamp', -15)
    expect((await adult.patch(`/api/transactions/${adultRow}`, { accountId: acc.private })).statusCode).toBe(200)
    expect((await owner.get(`/api/transactions/${adultRow}`)).statusCode).toBe(404)
    expect((await adult.delete(`/api/transactions/${adultRow}`)).statusCode).toBe(204)
  })

  it('refuses a transfer into or out of an account the member may not change, writing nothing', async () => {
    const before = await Promise.all([balanceOf(adult, acc.checking), balanceOf(adult, acc.private), balanceOf(adult, acc.balanceOnly)])
    const count = (await rows(adult)).length
    const transfer = (member: Client, fromAccountId: string, toAccountId: string) =>
      member.post('/api/transfers', { fromAccountId, toAccountId, amount: 5, date: '2026-03-09' })
    expect((await transfer(owner, acc.checking, acc.private)).statusCode).toBe(404)
    expect((await transfer(owner, acc.balanceOnly, acc.checking)).statusCode).toBe(404)
    expect((await transfer(teen, acc.teenWallet, acc.checking)).statusCode).toBe(404)
    expect((await transfer(viewer, acc.checking, acc.family)).statusCode).toBe(403)
    expect(await Promise.all([balanceOf(adult, acc.checking), balanceOf(adult, acc.private), balanceOf(adult, acc.balanceOnly)])).toEqual(before)
    expect(await rows(adult)).toHaveLength(count)
    const mine = await transfer(teen, acc.teenWallet, acc.family)
    expect(mine.statusCode).toBe(201)
    expect((await teen.delete(`/api/transactions/${mine.json().from.id}`)).statusCode).toBe(204)
  })

  it('keeps a transfer leg from reaching into the other side the member may not change', async () => {
    const checkingBefore = await balanceOf(owner, acc.checking)
    const privateBefore = await balanceOf(adult, acc.private)
    const amountChange = await owner.patch(`/api/transactions/${row.transferOut}`, { amount: -1 })
    expect(amountChange.statusCode).toBe(403)
    expect(amountChange.json().code).toBe('TRANSFER_PARTNER_LOCKED')
    expect((await owner.patch(`/api/transactions/${row.transferOut}`, { date: '2026-03-08' })).statusCode).toBe(403)
    expect((await owner.delete(`/api/transactions/${row.transferOut}`)).statusCode).toBe(403)
    expect((await owner.post('/api/transactions/bulk', { action: 'delete', ids: [row.bakery, row.transferOut] })).statusCode).toBe(403)
    expect(await balanceOf(owner, acc.checking)).toBe(checkingBefore)
    expect(await balanceOf(adult, acc.private)).toBe(privateBefore)
    expect((await owner.get(`/api/transactions/${row.bakery}`)).statusCode).toBe(200)
    expect((await adult.get(`/api/transactions/${row.transferIn}`)).json()).toMatchObject({ amount: 100, date: '2026-03-07' })
    // notes are this leg's own
    const noted = await owner.patch(`/api/transactions/${row.transferOut}`, { notes: 'for the trip' })
    expect(noted.statusCode).toBe(200)
    expect((await adult.get(`/api/transactions/${row.transferIn}`)).json().notes).toBe('')
  })

  it('changes nothing in bulk when one id is not the member’s to see', async () => {
    const cases: [Client, string[]][] = [
      [owner, [row.bakery, row.secret]],
      [owner, [row.pizza, row.vault]],
      [teen, [row.pizza, row.bakery]],
      [viewer, [row.bakery]],
    ]
    for (const [member, list] of cases) {
      const categorize = await member.post('/api/transactions/bulk', { action: 'categorize', ids: list, categoryId: groceries })
      expect(categorize.statusCode).toBe(member === viewer ? 403 : 404)
      const remove = await member.post('/api/transactions/bulk', { action: 'delete', ids: list })
      expect(remove.statusCode).toBe(member === viewer ? 403 : 404)
    }
    const all = await rows(adult)
    expect(ids(all)).toEqual(Object.values(row).sort())
    for (const r of all) expect(r.categoryId, r.merchant).toBeNull()
    // a teen's own entry in their own wallet is theirs to change (a parent's pizza is not: above)
    const done = await teen.post('/api/transactions/bulk', { action: 'categorize', ids: [row.comics], categoryId: groceries })
    expect(done.json()).toEqual({ updated: 1 })
    const undo = await teen.post('/api/transactions/bulk', { action: 'categorize', ids: [row.comics], categoryId: null })
    expect(undo.statusCode).toBe(200)
  })
})
