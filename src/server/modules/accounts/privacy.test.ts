// Who may change a member's balance-only account (ADR 0023, ADR 0048): others see its name and
// balance, never its transactions, so only its owner re-shares it, gives it away, writes into it
// (transactions, transfers, imports, reconciliation) or deletes it; the household's owner
// included. The household's owner still manages a member's shared account, and a balance-only
// account passes to them when its owner is removed, as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client, TestContext } from '#src/server/test/helper'
import { createFamilyApp, newAccount, type Family } from '#src/server/test/family'
import { upload } from '#src/server/test/upload'

let t: TestContext
let owner: Client
let adult: Client
let viewer: Client
const acc = { checking: '', private: '', balanceOnly: '', family: '' }

type Account = { id: string; name: string; ownerId: string; visibility: string; balance: number; isClosed: boolean; view: string }

const accountAs = async (client: Client, id: string): Promise<Account> => {
  const res = await client.get(`/api/accounts/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const rowsIn = async (id: string): Promise<string[]> => {
  const res = await adult.get(`/api/transactions?accountId=${id}&limit=500`)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { id: string }[]).map((r) => r.id).sort()
}

beforeAll(async () => {
  let accounts: Family['accounts']
  ;({ t, owner, adult, viewer, accounts } = await createFamilyApp())
  Object.assign(acc, accounts)
  const opened = await adult.post('/api/transactions', { accountId: acc.balanceOnly, date: '2026-03-02', amount: 1200, merchant: 'Payday' })
  expect(opened.statusCode, opened.body).toBe(201)
})
afterAll(async () => {
  await t.close()
})

describe("another member's balance-only account", () => {
  it('is not the household owner’s to re-share, give away, write into, reconcile or delete: nothing changes', async () => {
    const before = await accountAs(adult, acc.balanceOnly)
    const rowsBefore = await rowsIn(acc.balanceOnly)
    expect((await accountAs(owner, acc.balanceOnly)).view).toBe('balance')
    const refused: [string, () => Promise<{ statusCode: number; body: string }>, number][] = [
      ['share it', () => owner.patch(`/api/accounts/${acc.balanceOnly}`, { visibility: 'shared' }), 403],
      ['take it', () => owner.patch(`/api/accounts/${acc.balanceOnly}`, { ownerId: owner.user.id }), 403],
      ['make it private', () => owner.patch(`/api/accounts/${acc.balanceOnly}`, { visibility: 'private' }), 403],
      ['show it to teens', () => owner.patch(`/api/accounts/${acc.balanceOnly}`, { sharedWithTeens: false }), 403],
      ['rename it', () => owner.patch(`/api/accounts/${acc.balanceOnly}`, { name: 'Mine now' }), 403],
      ['close it', () => owner.patch(`/api/accounts/${acc.balanceOnly}`, { isClosed: true }), 403],
      ['reconcile it', () => owner.post(`/api/accounts/${acc.balanceOnly}/reconcile`, { statementBalance: 0 }), 403],
      ['delete it', () => owner.delete(`/api/accounts/${acc.balanceOnly}`), 403],
      // an account whose transactions the member does not see answers as one that does not exist
      ['add a transaction', () => owner.post('/api/transactions', { accountId: acc.balanceOnly, date: '2026-03-10', amount: -1, merchant: 'Sneaky' }), 404],
      ['transfer into it', () => owner.post('/api/transfers', { fromAccountId: acc.checking, toAccountId: acc.balanceOnly, amount: 5, date: '2026-03-10' }), 404],
      ['import into it', () => upload(owner, 'Date,Payee,Amount\n2026-03-10,Sneaky,-1.00\n', { fields: { accountId: acc.balanceOnly } }), 404],
      ['viewer renames it', () => viewer.patch(`/api/accounts/${acc.balanceOnly}`, { name: 'Mine now' }), 403],
    ]
    for (const [what, send, status] of refused) {
      const res = await send()
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status)
    }
    const refusal = (await owner.patch(`/api/accounts/${acc.balanceOnly}`, { visibility: 'shared' })).json()
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', message: 'Only its owner can change a balance-only account' })
    expect(await accountAs(adult, acc.balanceOnly)).toEqual(before)
    expect(await rowsIn(acc.balanceOnly)).toEqual(rowsBefore)
    expect((await owner.get('/api/transactions?limit=500')).json().map((r: { merchant: string }) => r.merchant)).not.toContain('Payday')
  })

  it('is its owner’s to write into, reconcile, re-share, give away and delete', async () => {
    const id = await newAccount(adult, 'Adult pot', { visibility: 'balance_only', openingBalance: 100 })
    expect((await adult.post('/api/transactions', { accountId: id, date: '2026-03-10', amount: -10, merchant: 'Shop' })).statusCode).toBe(201)
    expect((await upload(adult, 'Date,Payee,Amount\n2026-03-11,Market,-5.00\n', { fields: { accountId: id } })).statusCode).toBe(200)
    const reconciled = await adult.post(`/api/accounts/${id}/reconcile`, { statementBalance: 80 })
    expect(reconciled.statusCode, reconciled.body).toBe(200)
    expect(reconciled.json()).toMatchObject({ difference: -5, account: { balance: 80 } })
    expect((await adult.patch(`/api/accounts/${id}`, { name: 'Adult pot (renamed)', visibility: 'shared' })).json()).toMatchObject({ visibility: 'shared', view: 'full' })
    expect((await adult.patch(`/api/accounts/${id}`, { visibility: 'balance_only' })).statusCode).toBe(200)
    const given = await adult.patch(`/api/accounts/${id}`, { ownerId: owner.user.id })
    expect(given.statusCode, given.body).toBe(200)
    expect(given.json()).toMatchObject({ ownerId: owner.user.id, view: 'balance' })
    // now the household owner's own, so theirs to delete
    expect((await adult.delete(`/api/accounts/${id}`)).statusCode).toBe(403)
    expect((await owner.delete(`/api/accounts/${id}`)).statusCode).toBe(200)
    const mine = await newAccount(adult, 'Adult spare', { visibility: 'balance_only' })
    expect((await adult.delete(`/api/accounts/${mine}`)).statusCode).toBe(200)
  })

  it('leaves a member’s shared account the household owner’s to manage, as before', async () => {
    const id = await newAccount(adult, 'Adult shared')
    expect((await owner.patch(`/api/accounts/${id}`, { name: 'Renamed by the owner' })).statusCode).toBe(200)
    expect((await owner.post(`/api/accounts/${id}/reconcile`, { statementBalance: 10 })).statusCode).toBe(200)
    expect((await owner.delete(`/api/accounts/${id}`)).statusCode).toBe(200)
  })

  it('passes to the household owner when its owner is removed, and is then theirs to manage', async () => {
    expect((await owner.delete(`/api/household/members/${adult.user.id}`)).statusCode).toBe(204)
    const kept = await accountAs(owner, acc.balanceOnly)
    expect(kept).toMatchObject({ ownerId: owner.user.id, view: 'full', balance: 1200 })
    expect((await owner.patch(`/api/accounts/${acc.balanceOnly}`, { visibility: 'shared' })).statusCode).toBe(200)
    expect((await owner.post(`/api/accounts/${acc.balanceOnly}/reconcile`, { statementBalance: 1000 })).statusCode).toBe(200)
  })
})
