// The embedded database keeps each household's account facts in the process (ADR 0023 addendum).
// A stale copy would leak: the lists are of accounts to leave out, so an account made private, or
// a new private one, must be left out of every other member's very next answer. These tests run
// with the cache on and check exactly that after each kind of write that changes accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, createTestApp, signUp, type Client, type TestContext } from '../test/helper'
import { upload } from '../test/upload'

let t: TestContext
let owner: Client
let adult: Client

const names = async (client: Client) => ((await client.get('/api/accounts')).json() as { name: string }[]).map((a) => a.name).sort()
const netWorth = async (client: Client) => (await client.get('/api/analytics/net-worth')).json().netWorth as number
const merchants = async (client: Client) =>
  ((await client.get('/api/transactions?limit=500')).json() as { merchant: string }[]).map((r) => r.merchant)

beforeAll(async () => {
  t = await createTestApp({ scopeCache: true })
  owner = await signUp(t.app)
  adult = await addMember(t, owner, 'adult')
})
afterAll(async () => {
  await t.close()
})

describe('the account facts kept in the process', () => {
  it('leave out an account the moment its owner makes it private', async () => {
    const id = (await adult.post('/api/accounts', { name: 'Joint', type: 'checking', openingBalance: 50 })).json().id
    await adult.post('/api/transactions', { accountId: id, date: '2026-03-02', amount: -5, merchant: 'Cafe' })
    // the owner's reads fill the cache
    expect(await names(owner)).toContain('Joint')
    expect(await merchants(owner)).toContain('Cafe')
    expect(await netWorth(owner)).toBe(45)
    expect((await adult.patch(`/api/accounts/${id}`, { visibility: 'private' })).statusCode).toBe(200)
    expect(await names(owner)).not.toContain('Joint')
    expect(await merchants(owner)).not.toContain('Cafe')
    expect(await netWorth(owner)).toBe(0)
  })

  it('leave out a new private account at once, created directly or by an import', async () => {
    expect(await netWorth(owner)).toBe(0)
    const id = (await adult.post('/api/accounts', { name: 'Secret', type: 'savings', visibility: 'private', openingBalance: 777.77 })).json().id
    await adult.post('/api/transactions', { accountId: id, date: '2026-03-03', amount: -1.23, merchant: 'Hidden shop' })
    expect(await names(owner)).not.toContain('Secret')
    expect(await merchants(owner)).not.toContain('Hidden shop')
    expect(await netWorth(owner)).toBe(0)
    // an import into an account the adult then makes private
    const target = (await adult.post('/api/accounts', { name: 'Card', type: 'credit_card' })).json().id
    expect((await upload(adult, 'Date,Payee,Amount\n2026-03-04,Imported shop,-9.99\n', { fields: { accountId: target } })).statusCode).toBe(200)
    expect(await merchants(owner)).toContain('Imported shop')
    await adult.patch(`/api/accounts/${target}`, { visibility: 'balance_only' })
    expect(await merchants(owner)).not.toContain('Imported shop')
    expect(await netWorth(owner)).toBe(-9.99)
  })

  it('do not decide what the answer to a change shows', async () => {
    const id = (await adult.post('/api/accounts', { name: 'Holiday fund', type: 'savings' })).json().id
    expect((await owner.get(`/api/accounts/${id}`)).json().view).toBe('full')
    // the household's owner makes the adult's shared account balance-only: the answer says so
    const changed = await owner.patch(`/api/accounts/${id}`, { visibility: 'balance_only' })
    expect(changed.json()).toMatchObject({ visibility: 'balance_only', view: 'balance' })
    expect((await owner.get(`/api/accounts/${id}`)).json().view).toBe('balance')
    await adult.delete(`/api/accounts/${id}`)
  })

  it('follow a member out of the household', async () => {
    expect(await names(adult)).toEqual(['Card', 'Joint', 'Secret'])
    expect((await adult.post('/api/household/leave')).statusCode).toBe(200)
    // the private accounts went with the adult; the balance-only card stays with the owner
    expect(await names(owner)).toEqual(['Card'])
    expect(await names(adult)).toEqual(['Joint', 'Secret'])
    expect(await merchants(owner)).toContain('Imported shop')
  })
})
