// Investment statements through POST /api/imports on small hand-made files: preview counts,
// balances (ledger + activities' cash + holdings) to the cent, overlapping statements, typed prices
// kept, the wrong kind of account refused, QIF cash paired as a transfer, and undo.
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accounts,
  investmentActivities,
  investmentDayValues,
  investmentMonthValues,
  investmentPositions,
  securities,
  securityPrices,
  transactions,
} from '#src/server/db/schema'
import { householdOf, newUser } from '#src/server/test/fixtures'
import { revalueAccounts } from '../investments/revalue'
import { createTestApp, type Client, type TestContext } from '#src/server/test/helper'
import { upload } from '#src/server/test/upload'

let t: TestContext

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

const HEADER = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n'
const SECLIST =
  '<SECLISTMSGSRSV1><SECLIST><STOCKINFO><SECINFO><SECID><UNIQUEID>111<UNIQUEIDTYPE>CUSIP</SECID><SECNAME>Acme Corp<TICKER>ACME</SECINFO></STOCKINFO></SECLIST></SECLISTMSGSRSV1>'
const tran = (fitid: string, date: string) => `<INVTRAN><FITID>${fitid}<DTTRADE>${date}</INVTRAN>`
const acme = '<SECID><UNIQUEID>111<UNIQUEIDTYPE>CUSIP</SECID>'

const BUY = `<BUYSTOCK><INVBUY>${tran('B1', '20240105')}${acme}<UNITS>10<UNITPRICE>10<TOTAL>-100</INVBUY><BUYTYPE>BUY</BUYSTOCK>`
const DIV = `<INCOME>${tran('I1', '20240110')}${acme}<INCOMETYPE>DIV<TOTAL>5</INCOME>`
const DEPOSIT =
  '<INVBANKTRAN><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240102<TRNAMT>1000<FITID>D1<NAME>Deposit</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN>'
const SELL = `<SELLSTOCK><INVSELL>${tran('S1', '20240210')}${acme}<UNITS>-4<UNITPRICE>15<TOTAL>60</INVSELL><SELLTYPE>SELL</SELLSTOCK>`
const position = (units: string, price: string, date: string) =>
  `<POSSTOCK><INVPOS>${acme}<HELDINACCT>CASH<POSTYPE>LONG<UNITS>${units}<UNITPRICE>${price}<MKTVAL>0<DTPRICEASOF>${date}</INVPOS></POSSTOCK>`

function statement(entries: string, positions: string): string {
  return (
    `${HEADER}<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><DTASOF>20240131<CURDEF>USD<INVACCTFROM><BROKERID>broker.com<ACCTID>7654321</INVACCTFROM>` +
    `<INVTRANLIST><DTSTART>20240101<DTEND>20240229${entries}</INVTRANLIST><INVPOSLIST>${positions}</INVPOSLIST>` +
    `</INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>${SECLIST}</OFX>`
  )
}

const JANUARY = statement(DEPOSIT + BUY + DIV, position('10', '12', '20240131'))
const FEBRUARY = statement(BUY + DIV + SELL, position('6', '15', '20240228'))

const balanceOf = async (client: Client, id: string): Promise<number> =>
  (await client.get(`/api/accounts/${id}`)).json().balance

/** What an import (or its undo) stored from its first day on equals a revaluation of the whole history (ADR 0034). */
async function expectStoredAsWhole(user: Client, accountId: string): Promise<void> {
  const db = t.database.db
  const state = async () => ({
    positions: await db.select().from(investmentPositions).where(eq(investmentPositions.accountId, accountId)),
    days: await db.select().from(investmentDayValues).where(eq(investmentDayValues.accountId, accountId)).orderBy(asc(investmentDayValues.date)),
    months: await db.select().from(investmentMonthValues).where(eq(investmentMonthValues.accountId, accountId)).orderBy(asc(investmentMonthValues.month)),
  })
  const kept = await state()
  expect(kept.days.length).toBeGreaterThan(0)
  // an import's revaluation takes the month-end values to the machine's day, as this one does
  await revalueAccounts(db, await householdOf(db, user), [accountId])
  const whole = await state()
  expect({ ...whole, positions: whole.positions.map((p) => ({ ...p, updatedAt: null })) }).toEqual({
    ...kept,
    positions: kept.positions.map((p) => ({ ...p, updatedAt: null })),
  })
}

async function activitiesOf(accountId: string) {
  return t.database.db
    .select({
      type: investmentActivities.type,
      externalId: investmentActivities.externalId,
      source: investmentActivities.source,
      batch: investmentActivities.importBatchId,
    })
    .from(investmentActivities)
    .where(eq(investmentActivities.accountId, accountId))
    .orderBy(investmentActivities.date, investmentActivities.id)
}

describe('investment statements through POST /api/imports', () => {
  it('previews the activities and prices it would bring, writing nothing', async () => {
    const user = await newUser(t.app)
    const res = await upload(user, JANUARY, { fileName: 'jan.ofx', preview: true })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ batchId: null, added: 1, activities: 2, prices: 2, errors: [] })
    expect(body.accounts).toEqual([
      expect.objectContaining({
        key: 'broker.com:7654321',
        created: true,
        accountId: null,
        activities: 2,
      }),
    ])
    const household = await householdOf(t.database.db, user)
    expect(
      await t.database.db.select().from(accounts).where(eq(accounts.householdId, household)),
    ).toEqual([])
    expect(
      await t.database.db.select().from(securities).where(eq(securities.householdId, household)),
    ).toEqual([])
  })

  it('imports into a new investment account: balance = deposit + activities’ cash + holdings, to the cent', async () => {
    const user = await newUser(t.app)
    const res = await upload(user, JANUARY, { fileName: 'jan.ofx' })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ added: 1, activities: 2, prices: 2 })
    const id = body.accounts[0].accountId as string
    const account = (await user.get(`/api/accounts/${id}`)).json()
    expect(account).toMatchObject({ type: 'investment', name: 'Investment ••4321' })
    // 1000 − 100 + 5 + 10 × 12 = 1025.00
    expect(account.balance).toBe(1025)
    expect(await activitiesOf(id)).toEqual([
      { type: 'buy', externalId: 'B1', source: 'import', batch: body.batchId },
      { type: 'dividend', externalId: 'I1', source: 'import', batch: body.batchId },
    ])
    const [deposit] = await t.database.db
      .select({ amount: transactions.amount, source: transactions.source })
      .from(transactions)
      .where(eq(transactions.accountId, id))
    expect(deposit).toEqual({ amount: 100000, source: 'bank_statement' })

    const listed = (await user.get('/api/imports')).json()
    expect(listed).toEqual([expect.objectContaining({ id: body.batchId, added: 1, activities: 2 })])

    // the next month's statement repeats two entries: only the sale is new
    const next = (await upload(user, FEBRUARY, { fileName: 'feb.ofx' })).json()
    expect(next).toMatchObject({ added: 0, activities: 1 })
    expect(next.accounts[0]).toMatchObject({ accountId: id, created: false })
    // 1000 − 100 + 5 + 60 + 6 × 15 = 1055.00
    expect(await balanceOf(user, id)).toBe(1055)
    await expectStoredAsWhole(user, id)

    // undoing January would leave February's sale without its shares: refused, nothing changed
    const undoJanuary = await user.delete(`/api/imports/${body.batchId}`)
    expect(undoJanuary.statusCode, undoJanuary.body).toBe(409)
    expect(undoJanuary.json().code).toBe('INVESTMENT_HISTORY')
    expect(await activitiesOf(id)).toHaveLength(3)
    // February first, then January: back to nothing
    expect((await user.delete(`/api/imports/${next.batchId}`)).json()).toMatchObject({
      deleted: 0,
      activities: 1,
    })
    // the sale is gone; February's prices stay (they are the market's, not the import's): 10 × 15
    expect(await balanceOf(user, id)).toBe(1000 - 100 + 5 + 150)
    await expectStoredAsWhole(user, id)
    expect((await user.delete(`/api/imports/${body.batchId}`)).json()).toMatchObject({
      deleted: 1,
      activities: 2,
    })
    expect(await balanceOf(user, id)).toBe(0)
    expect(await activitiesOf(id)).toEqual([])
  })

  it('keeps a price the user typed and a security they named', async () => {
    const user = await newUser(t.app)
    const householdId = await householdOf(t.database.db, user)
    const [security] = await t.database.db
      .insert(securities)
      .values({ householdId, symbol: 'ACME', name: 'My Acme', kind: 'etf', currency: 'USD' })
      .returning({ id: securities.id })
    if (!security) throw new Error('no security')
    await t.database.db
      .insert(securityPrices)
      .values({
        securityId: security.id,
        householdId,
        date: '2024-01-31',
        price: 1_100_000_000,
        source: 'manual',
      })
    const body = (await upload(user, JANUARY, { fileName: 'jan.ofx' })).json()
    const prices = await t.database.db
      .select({
        date: securityPrices.date,
        price: securityPrices.price,
        source: securityPrices.source,
      })
      .from(securityPrices)
      .where(eq(securityPrices.securityId, security.id))
      .orderBy(securityPrices.date)
    expect(prices).toEqual([
      { date: '2024-01-05', price: 1_000_000_000, source: 'statement' },
      { date: '2024-01-31', price: 1_100_000_000, source: 'manual' },
    ])
    const [kept] = await t.database.db
      .select({ name: securities.name, kind: securities.kind })
      .from(securities)
      .where(eq(securities.id, security.id))
    expect(kept).toEqual({ name: 'My Acme', kind: 'etf' })
    // 1000 − 100 + 5 + 10 × 11 = 1015.00
    expect(await balanceOf(user, body.accounts[0].accountId)).toBe(1015)
  })

  it('adds the shares held before the statement as an opening position, once', async () => {
    const user = await newUser(t.app)
    // a sale of 4 with no buy in the window, and a position of 6 after it: 10 were held before
    const file = statement(SELL, position('6', '15', '20240228'))
    const body = (await upload(user, file, { fileName: 'feb.ofx' })).json()
    expect(body).toMatchObject({ activities: 2 })
    expect(body.warnings.map((w: { message: string }) => w.message)).toContainEqual(
      expect.stringMatching(
        /^ACME: 10 shares held before the statement .* on Feb 9, 2024 .* at 15 a share \(cost basis 150\.00\)/,
      ),
    )
    const id = body.accounts[0].accountId as string
    expect((await activitiesOf(id)).map((a) => [a.type, a.externalId])).toEqual([
      ['transfer_in', null],
      ['sell', 'S1'],
    ])
    // cash 60 + 6 × 15
    expect(await balanceOf(user, id)).toBe(150)
    const again = (await upload(user, file, { fileName: 'feb.ofx' })).json()
    expect(again).toMatchObject({ activities: 0 })
  })

  it('refuses to put a statement’s activities into an account that is not an investment account', async () => {
    const user = await newUser(t.app)
    const checking = (
      await user.post('/api/accounts', { name: 'Everyday', type: 'checking' })
    ).json().id
    const res = await upload(user, JANUARY, {
      fileName: 'jan.ofx',
      fields: { accountId: checking },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'NOT_INVESTMENT_ACCOUNT',
      message: expect.stringMatching(/Everyday.*not an investment account/),
    })
    expect(
      await t.database.db.select().from(transactions).where(eq(transactions.accountId, checking)),
    ).toEqual([])
  })

  it('QIF BuyX: the buy, and the money from Checking paired with the stored withdrawal as a transfer', async () => {
    const user = await newUser(t.app)
    const checking = (
      await user.post('/api/accounts', { name: 'Checking', type: 'checking' })
    ).json().id
    expect(
      (
        await user.post('/api/transactions', {
          accountId: checking,
          date: '2024-01-02',
          amount: -100,
          merchant: 'To broker',
        })
      ).statusCode,
    ).toBe(201)
    const qif =
      '!Account\nNBroker\nTInvst\n^\n!Type:Invst\nD1/2/2024\nNBuyX\nYACME\nI10\nQ10\nT100\nL[Checking]\n$100\n^\n'
    const res = await upload(user, qif, { fileName: 'broker.qif' })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ added: 1, transfers: 1, activities: 1 })
    const broker = body.accounts[0].accountId as string
    expect((await user.get(`/api/accounts/${broker}`)).json()).toMatchObject({
      name: 'Broker',
      type: 'investment',
    })
    // +100 in, −100 for the shares, 10 shares at the trade's price of 10
    expect(await balanceOf(user, broker)).toBe(100)
    const [leg] = await t.database.db
      .select({ kind: transactions.kind })
      .from(transactions)
      .where(and(eq(transactions.accountId, broker), eq(transactions.importBatchId, body.batchId)))
    expect(leg).toEqual({ kind: 'transfer' })
  })
})
