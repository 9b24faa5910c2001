// Every real bank file in shared/fixtures/statements imported end to end through the API: the
// accounts it names are found or created, every row lands with the right source, balances are
// the sum of the file's amounts to the cent, and importing it again adds nothing.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detectFormat, parseStatement } from '../../../domain/import/parse'
import { transactions } from '../../db/schema'
import { newUser } from '../../test/fixtures'
import { createTestApp, type TestContext } from '../../test/helper'
import { upload } from '../../test/upload'

const ROOT = path.resolve(import.meta.dirname, '../../../..')
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/statements')
const present = existsSync(FIXTURES)

const files = present ? ['ofx', 'qfx', 'qif', 'csv', 'camt'].flatMap((dir) => readdirSync(path.join(FIXTURES, dir)).map((f) => `${dir}/${f}`)) : []

type Expected = Record<string, { source_stated?: Record<string, unknown>; verified_from_file?: Record<string, unknown> }>
const expected: Expected = present ? (JSON.parse(readFileSync(path.join(FIXTURES, 'EXPECTED.json'), 'utf8')) as Expected) : {}

function expectedCount(file: string): number | undefined {
  const v = expected[file]?.verified_from_file ?? {}
  const s = expected[file]?.source_stated ?? {}
  return [v['transaction_count'], v['entry_count'], v['posted_rows'], s['transaction_count'], s['bank_transaction_count']].find(
    (c): c is number => typeof c === 'number',
  )
}

const suite = present ? describe : describe.skip
const title = present ? 'statement fixtures through POST /api/imports' : `statement fixtures (skipped: ${FIXTURES} is not present)`

suite(title, () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('finds the fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(40)
  })

  it.each(files)('%s imports with the right counts, sources and balances, and again adds nothing', async (file) => {
    const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, file)))
    const fileName = path.basename(file)
    const format = detectFormat(bytes, fileName)
    const parsed = parseStatement(bytes)
    const total = parsed.accounts.reduce((n, acc) => n + acc.transactions.length, 0)
    const count = expectedCount(file)
    if (count !== undefined) expect(total).toBe(count)

    const user = await newUser(t.app)
    // CSV and plain QIF files do not say which account they are: the user picks one
    const needsAccount = format === 'csv' || parsed.accounts.some((acc) => acc.key.startsWith('qif:'))
    const fields: Record<string, string> = {}
    if (needsAccount) fields['accountId'] = (await user.post('/api/accounts', { name: 'Picked', type: 'checking' })).json().id

    const res = await upload(user, bytes, { fileName, fields })
    if (total === 0 && format === 'qif') {
      // investment-only QIF: nothing Kinwise imports, and it says why
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'NO_TRANSACTIONS', message: expect.stringMatching(/investment/) })
      return
    }
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.errors).toEqual([])
    expect(body.added).toBe(total)
    expect(body.duplicates).toBe(0)

    // each account's balance is the sum of its rows in the file, to the cent
    const expectedBalance = new Map<string, number>()
    parsed.accounts.forEach((acc, i) => {
      const id = body.accounts[i].accountId as string
      expectedBalance.set(id, (expectedBalance.get(id) ?? 0) + acc.transactions.reduce((sum, tx) => sum + tx.amount, 0))
    })
    for (const [id, cents] of expectedBalance) {
      const account = (await user.get(`/api/accounts/${id}`)).json()
      expect(Math.round(account.balance * 100), `${file} ${account.name}`).toBe(cents)
    }
    const rows = await t.database.db
      .select({ source: transactions.source, accountId: transactions.accountId })
      .from(transactions)
      .where(inArray(transactions.accountId, [...expectedBalance.keys()]))
    expect(rows).toHaveLength(total)
    const bank = format === 'ofx' || format === 'qfx' || format === 'camt'
    const accountTypes = new Map<string, string>()
    for (const id of expectedBalance.keys()) accountTypes.set(id, (await user.get(`/api/accounts/${id}`)).json().type)
    for (const row of rows) {
      const wanted = !bank ? 'import' : accountTypes.get(row.accountId) === 'credit_card' ? 'credit_statement' : 'bank_statement'
      expect(row.source).toBe(wanted)
    }

    const again = (await upload(user, bytes, { fileName, fields })).json()
    expect(again).toMatchObject({ added: 0, duplicates: total })
    expect(again.accounts.every((acc: { created: boolean }) => !acc.created)).toBe(true)
    const after = await t.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(inArray(transactions.accountId, [...expectedBalance.keys()]))
    expect(after).toHaveLength(total)
  })
})
