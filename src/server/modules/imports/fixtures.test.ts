// Every real bank file in shared/fixtures/statements imported end to end through the API: the
// accounts it names are found or created, every row lands with the right source, an account a
// bank statement creates ends at the statement's ledger balance (an opening-balance entry makes
// up what the rows do not), other balances are the sum of the file's amounts to the cent
// (investment accounts: plus their activities' cash and holdings), and importing it again adds
// nothing. The investment statements' stated values hold.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detectFormat, parseStatement } from '#src/domain/import/parse'
import { accounts, investmentActivities, securities, securityPrices, transactions } from '#src/server/db/schema'
import { newUser } from '#src/server/test/fixtures'
import { createTestApp, type TestContext } from '#src/server/test/helper'
import { upload } from '#src/server/test/upload'

const ROOT = path.resolve(import.meta.dirname, '../../../..')
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/statements')
const present = existsSync(FIXTURES)

const files = present ? ['ofx', 'qfx', 'qif', 'csv', 'camt'].flatMap((dir) => readdirSync(path.join(FIXTURES, dir)).map((f) => `${dir}/${f}`)) : []

type Expected = Record<string, { source_stated?: Record<string, unknown>; verified_from_file?: Record<string, unknown> }>
const expected: Expected = present ? (JSON.parse(readFileSync(path.join(FIXTURES, 'EXPECTED.json'), 'utf8')) as Expected) : {}

function expectedCount(file: string): number | undefined {
  const v = expected[file]?.verified_from_file ?? {}
  const s = expected[file]?.source_stated ?? {}
  // a CAMT entry that batches several transaction details comes as those details
  const camtEntries = file.startsWith('camt/') && typeof v['txdtls_count'] !== 'number' && typeof s['transaction_count'] !== 'number' ? undefined : v['entry_count']
  return [v['transaction_count'], s['transaction_count'], v['txdtls_count'], camtEntries, v['posted_rows'], s['bank_transaction_count']].find(
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
    // an investment statement's entries are activities (a reinvestment is two: income and a buy)
    const entries = parsed.accounts.reduce((n, acc) => n + (acc.activities ?? []).filter((a) => !a.externalId.endsWith(':reinvest')).length, 0)
    const count = expectedCount(file)
    const bankOnly = typeof expected[file]?.source_stated?.['bank_transaction_count'] === 'number'
    if (count !== undefined) expect(bankOnly ? total : total + entries).toBe(count)

    const user = await newUser(t.app)
    // CSV and plain QIF files do not say which account they are: the user picks one
    const needsAccount = format === 'csv' || parsed.accounts.some((acc) => acc.key.startsWith('qif:'))
    const fields: Record<string, string> = {}
    if (needsAccount) fields['accountId'] = (await user.post('/api/accounts', { name: 'Picked', type: 'checking' })).json().id

    const res = await upload(user, bytes, { fileName, fields })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.errors).toEqual([])
    expect(body.added).toBe(total)
    expect(body.duplicates).toBe(0)
    const activityTotal = parsed.accounts.reduce((n, acc) => n + (acc.activities?.length ?? 0), 0)
    // opening positions for shares held before the statement come on top of the file's activities
    expect(body.activities).toBeGreaterThanOrEqual(activityTotal)

    // each account's balance is the sum of its rows in the file, to the cent; an account a bank
    // statement created starts at the statement's balance instead (plus any row dated after it);
    // an investment account's adds the value of its activities and holdings (investment_value)
    const expectedBalance = new Map<string, number>()
    let openings = 0
    parsed.accounts.forEach((acc, i) => {
      const summary = body.accounts[i] as { accountId: string; created: boolean; openingBalance: number | null }
      const id = summary.accountId
      const rowsSum = acc.transactions.reduce((sum, tx) => sum + tx.amount, 0)
      const stated = acc.ledgerBalance
      const bankFile = format === 'ofx' || format === 'qfx' || format === 'camt'
      if (bankFile && summary.created && stated && acc.type !== 'investment') {
        const after = acc.transactions.filter((tx) => tx.date > stated.date).reduce((sum, tx) => sum + tx.amount, 0)
        expectedBalance.set(id, stated.amount + after)
        if (stated.amount !== rowsSum - after) openings += 1
        expect(summary.openingBalance === null ? 0 : Math.round(summary.openingBalance * 100)).toBe(stated.amount - (rowsSum - after))
      } else {
        expectedBalance.set(id, (expectedBalance.get(id) ?? 0) + rowsSum)
      }
    })
    for (const [id, cents] of expectedBalance) {
      const account = (await user.get(`/api/accounts/${id}`)).json()
      const [stored] = await t.database.db.select({ value: accounts.investmentValue }).from(accounts).where(eq(accounts.id, id))
      expect(Math.round(account.balance * 100), `${file} ${account.name}`).toBe(cents + (stored?.value ?? 0))
    }
    const rows = await t.database.db
      .select({ source: transactions.source, accountId: transactions.accountId })
      .from(transactions)
      .where(inArray(transactions.accountId, [...expectedBalance.keys()]))
    expect(rows).toHaveLength(total + openings)
    const bank = format === 'ofx' || format === 'qfx' || format === 'camt'
    const accountTypes = new Map<string, string>()
    for (const id of expectedBalance.keys()) accountTypes.set(id, (await user.get(`/api/accounts/${id}`)).json().type)
    for (const row of rows) {
      const wanted = !bank ? 'import' : accountTypes.get(row.accountId) === 'credit_card' ? 'credit_statement' : 'bank_statement'
      expect(row.source).toBe(wanted)
    }

    const again = (await upload(user, bytes, { fileName, fields })).json()
    expect(again).toMatchObject({ added: 0, duplicates: total, activities: 0 })
    expect(again.accounts.every((acc: { created: boolean }) => !acc.created)).toBe(true)
    const after = await t.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(inArray(transactions.accountId, [...expectedBalance.keys()]))
    expect(after).toHaveLength(total + openings)
    // the account now agrees with the statement: nothing to reconcile
    for (const acc of again.accounts as { statementBalance: number | null; balanceDifference: number | null }[]) {
      if (acc.statementBalance !== null) expect(acc.balanceDifference).toBe(0)
    }
  })

  it('an American Express download leaves its new card account at the file\'s ledger balance, not the sum of its rows', async () => {
    const user = await newUser(t.app)
    const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, 'ofx/beangulp_amex_ofxdownload.ofx')))
    const body = (await upload(user, bytes, { fileName: 'ofxdownload.ofx' })).json()
    // the 12 rows add up to −352.82; LEDGERBAL (and beangulp's balance assertion) says −2356.38
    expect(body.accounts[0]).toMatchObject({ created: true, statementBalance: -2356.38, statementDate: '2013-12-18', openingBalance: -2003.56 })
    expect((await user.get(`/api/accounts/${String(body.accounts[0].accountId)}`)).json().balance).toBe(-2356.38)
  })

  describe('investment statements', () => {
    type Row = { type: string; date: string; symbol: string | null; quantity: number | null; price: number | null; amount: number | null; fees: number; externalId?: string | null }
    async function importInvestment(file: string, fields: Record<string, string> = {}) {
      const user = await newUser(t.app)
      const res = await upload(user, new Uint8Array(readFileSync(path.join(FIXTURES, file))), { fileName: path.basename(file), fields })
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json()
      const account = body.accounts.find((a: { activities: number }) => a.activities > 0)
      const rows: Row[] = await t.database.db
        .select({
          type: investmentActivities.type,
          date: investmentActivities.date,
          symbol: securities.symbol,
          quantity: investmentActivities.quantity,
          price: investmentActivities.price,
          amount: investmentActivities.amount,
          fees: investmentActivities.fees,
          externalId: investmentActivities.externalId,
        })
        .from(investmentActivities)
        .leftJoin(securities, eq(securities.id, investmentActivities.securityId))
        .where(eq(investmentActivities.accountId, account.accountId))
        .orderBy(asc(investmentActivities.date), asc(investmentActivities.id))
      // opening positions have no id from the file
      const fromFile = rows.filter((r) => r.externalId !== null).map(({ externalId: _id, ...r }) => r)
      return { user, body, account, rows, fromFile }
    }

    it('E*TRADE: the buys (VISA 5.55 @ 242.21 for 1344.27), the TSM dividend 104.23 and the foreign tax 21.89, into a new investment account', async () => {
      const { user, body, account, rows, fromFile } = await importInvestment('qfx/reds_etrade_09092023.qfx')
      expect(account).toMatchObject({ created: true, key: 'etrade.com:555555555' })
      expect((await user.get(`/api/accounts/${account.accountId}`)).json().type).toBe('investment')
      expect(fromFile).toEqual([
        { type: 'buy', date: '2023-07-12', symbol: 'V', quantity: 555_000_000, price: 24_221_000_000, amount: 134427, fees: 0 },
        { type: 'buy', date: '2023-07-14', symbol: 'TSM', quantity: 76_817_000, price: 10_718_950_000, amount: 8234, fees: 0 },
        { type: 'fee', date: '2023-07-14', symbol: 'TSM', quantity: null, price: null, amount: 2189, fees: 0 },
        { type: 'dividend', date: '2023-07-14', symbol: 'TSM', quantity: null, price: null, amount: 10423, fees: 0 },
      ])
      // the positions (TSM 55.55, V 500) are more than the window's buys: the rest was held before
      const openings = rows.filter((r) => r.externalId === null)
      expect(openings.map((r) => [r.symbol, r.quantity, r.date])).toEqual([
        ['V', 49_445_000_000, '2023-07-11'],
        ['TSM', 5_478_183_000, '2023-07-13'],
      ])
      expect(body.activities).toBe(6)
      // prices: the positions' of 2023-09-08 and the trades'
      const household = (await t.database.db.select({ h: accounts.householdId }).from(accounts).where(eq(accounts.id, account.accountId)))[0]?.h ?? ''
      const prices = await t.database.db
        .select({ symbol: securities.symbol, date: securityPrices.date, price: securityPrices.price, source: securityPrices.source })
        .from(securityPrices)
        .innerJoin(securities, eq(securities.id, securityPrices.securityId))
        .where(and(eq(securityPrices.householdId, household), eq(securityPrices.date, '2023-09-08')))
        .orderBy(asc(securities.symbol))
      expect(prices).toEqual([
        { symbol: 'TSM', date: '2023-09-08', price: 8_964_000_000, source: 'statement' },
        { symbol: 'V', date: '2023-09-08', price: 24_729_000_000, source: 'statement' },
      ])
      expect(body.prices).toBe(4)
      // cash −1344.27 − 82.34 + 104.23 − 21.89 = −1344.27; holdings 55.55 × 89.64 + 500 × 247.29; openings cost 0 cash
      const value = (await user.get(`/api/accounts/${account.accountId}`)).json().balance
      expect(value).toBe(127280.23)
    })

    it('Vanguard: the SELLMF of 42.123 units at 100 for 4212.30, two positions (one security id twice)', async () => {
      const { body, rows } = await importInvestment('ofx/ofxparse_vanguard.ofx')
      const sale = rows.find((r) => r.type === 'sell')
      expect(sale).toMatchObject({ type: 'sell', date: '2011-07-15', symbol: 'VFINX', quantity: 4_212_300_000, price: 10_000_000_000, amount: 421230, fees: 0 })
      // the two positions of the same id are one holding of 244.2 after the sale: 286.323 before it
      expect(rows.filter((r) => r.type === 'transfer_in').map((r) => [r.symbol, r.quantity, r.date])).toEqual([['VFINX', 28_632_300_000, '2011-07-14']])
      expect(body.warnings.some((w: { message: string }) => /same id/.test(w.message))).toBe(true)
    })

    it('beangulp 401(k): 12 BUYMF, 4 TRANSFER and 2 REINVEST (each a dividend and a buy)', async () => {
      const { fromFile } = await importInvestment('qfx/beangulp_example.qfx')
      const count = (type: string) => fromFile.filter((r) => r.type === type).length
      expect(count('buy')).toBe(12 + 2)
      expect(count('dividend')).toBe(2)
      expect(count('transfer_in') + count('transfer_out')).toBe(4)
      expect(fromFile.find((r) => r.type === 'buy')).toMatchObject({ date: '2013-08-30', quantity: 3_434_341_000, price: 1_179_000_000, amount: 17563 })
    })

    it('QIF !Type:Invst beside a bank section: the buy goes to an "Investments" account, the bank rows to the chosen one', async () => {
      const user = await newUser(t.app)
      const picked = (await user.post('/api/accounts', { name: 'Picked', type: 'checking' })).json().id
      const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, 'qif/quiffen_test.qif')))
      const res = await upload(user, bytes, { fileName: 'quiffen_test.qif', fields: { accountId: picked } })
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json()
      expect(body.accounts.map((a: { name: string; added: number; activities: number; created: boolean }) => [a.name, a.added, a.activities, a.created])).toEqual([
        ['Picked', 6, 0, false],
        ['Investments', 0, 1, true],
      ])
      // 376 shares at 32 = 12,032.00 plus a commission of 10
      const rows = await t.database.db
        .select({ type: investmentActivities.type, quantity: investmentActivities.quantity, amount: investmentActivities.amount, fees: investmentActivities.fees })
        .from(investmentActivities)
        .where(eq(investmentActivities.accountId, body.accounts[1].accountId))
      expect(rows).toEqual([{ type: 'buy', quantity: 37_600_000_000, amount: 1203200, fees: 1000 }])
    })

    it('undo removes the activities and the holdings from the balance', async () => {
      const { user, body, account } = await importInvestment('qfx/reds_etrade_09092023.qfx')
      const undo = await user.request({ method: 'DELETE', url: `/api/imports/${body.batchId}` })
      expect(undo.statusCode, undo.body).toBe(200)
      expect(undo.json()).toMatchObject({ deleted: 0, activities: 6 })
      const left = await t.database.db.select({ id: investmentActivities.id }).from(investmentActivities).where(eq(investmentActivities.accountId, account.accountId))
      expect(left).toEqual([])
      expect((await user.get(`/api/accounts/${account.accountId}`)).json().balance).toBe(0)
    })
  })
})
