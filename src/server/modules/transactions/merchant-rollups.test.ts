// The merchant rollups (top merchants) stay equal to what the transactions say after
// every kind of write: create, split, edit of payee, amount, date and account, rules renaming a
// payee, transfers, delete, an import and its undo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantDeltas } from '#src/domain/ledger'
import { asCents } from '#src/domain/money'
import { createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'
import { merchantRollups } from '#src/server/test/rollups'
import { upload } from '#src/server/test/upload'

let t: TestContext
let o: Client
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  o = await signUp(t.app)
})
afterAll(async () => {
  await t.close()
})

describe('merchant rollups', () => {
  it('count only standard money out, a split by its parts that are money out', () => {
    const base = { accountId: 'a', categoryId: null, date: '2026-03-02' as const, kind: 'standard' as const }
    expect(
      merchantDeltas(
        [
          { ...base, merchant: 'Shop', amount: asCents(-1000), splits: [] },
          { ...base, merchant: 'Shop', amount: asCents(-500), splits: [{ categoryId: null, amount: asCents(-800) }, { categoryId: null, amount: asCents(300) }] },
          { ...base, merchant: 'Shop', amount: asCents(2000), splits: [] },
          { ...base, merchant: 'Bank', amount: asCents(-100), kind: 'transfer', splits: [] },
        ],
        1,
      ),
    ).toEqual([{ accountId: 'a', merchant: 'Shop', month: '2026-03-01', spent: 1800, count: 2 }])
  })

  it('stay equal to the transactions through every write', async () => {
    const h = (await o.get('/api/auth/user')).json().householdId as string
    const a = (await o.post('/api/accounts', { name: 'Checking', type: 'checking', openingBalance: 5000 })).json().id
    const b = (await o.post('/api/accounts', { name: 'Card', type: 'credit_card' })).json().id
    const check = async (step: string) => {
      const { kept, truth } = await merchantRollups(t.database.db, h)
      expect(kept, step).toEqual(truth)
    }
    const made = []
    for (const [merchant, amount, date] of [
      ['Corner Shop', -12.5, '2026-02-03'],
      ['Corner Shop', -7.25, '2026-03-04'],
      ['Cinema', -30, '2026-03-05'],
      ['Employer', 2500, '2026-03-01'],
    ] as const)
      made.push((await o.post('/api/transactions', { accountId: a, merchant, amount, date })).json().id)
    await check('created')
    const split = await o.post('/api/transactions', {
      accountId: a,
      merchant: 'Market',
      amount: -50,
      date: '2026-03-06',
      splits: [
        { amount: -60, memo: 'food', categoryId: null },
        { amount: 10, memo: 'refund', categoryId: null },
      ],
    })
    expect(split.statusCode, split.body).toBe(201)
    await check('split')
    await o.patch(`/api/transactions/${made[0]}`, { merchant: 'Corner Store' })
    await check('payee renamed')
    await o.patch(`/api/transactions/${made[1]}`, { amount: -9.75, date: '2026-01-20', accountId: b })
    await check('amount, date and account changed')
    await o.post('/api/transfers', { fromAccountId: a, toAccountId: b, amount: 100, date: '2026-03-07' })
    await check('transfer')
    const rule = await o.post('/api/rules', {
      name: 'Cinema is fun',
      conditions: [{ field: 'payee', operator: 'contains', value: 'cinema' }],
      actions: { renamePayee: 'Movies' },
    })
    expect(rule.statusCode, rule.body).toBe(201)
    expect((await o.post('/api/rules/apply', { onlyUncategorized: false })).json().changed).toBeGreaterThan(0)
    await check('rule renamed a payee')
    await o.delete(`/api/transactions/${made[2]}`)
    await check('deleted')
    const imported = await upload(o, 'Date,Payee,Amount\n2026-03-08,Corner Store,-4.20\n2026-03-09,Bakery,-3.10\n', { fields: { accountId: a } })
    expect(imported.statusCode, imported.body).toBe(200)
    await check('imported')
    expect((await o.delete(`/api/imports/${imported.json().batchId}`)).statusCode).toBe(200)
    await check('import undone')
  })
})
