// What each member of a household may import, see and undo (ADR 0023): imports go
// only into accounts the member may change, a file is matched only against accounts whose
// transactions the member sees, and past imports and saved mappings follow the same rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client, TestContext } from '#src/server/test/helper'
import { createFamilyApp, type Family } from '#src/server/test/family'
import { upload } from '#src/server/test/upload'

let t: TestContext
let owner: Client
let adult: Client
let teen: Client
let viewer: Client
const acc = { checking: '', private: '', balanceOnly: '', family: '' }

type Row = [date: string, payee: string, amount: string]
const csv = (rows: Row[]) => `Date,Description,Amount\n${rows.map((r) => r.join(',')).join('\n')}\n`

function ofx(acct: string, rows: [date: string, amount: string, name: string, fitid: string][]): string {
  const list = rows
    .map(([date, amount, name, fitid]) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${date.replace(/-/g, '')}<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}</STMTTRN>`)
    .join('\n')
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240201<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>\n<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>111000025<ACCTID>${acct}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20240131\n${list}\n</BANKTRANLIST><LEDGERBAL><BALAMT>${(rows.reduce((sum, r) => sum + Math.round(Number(r[1]) * 100), 0) / 100).toFixed(2)}<DTASOF>20240131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n`
}

const mapping = { delimiter: ',', decimalSeparator: '.', dateFormat: 'YYYY-MM-DD', skipRows: 0, hasHeader: true, columns: { date: 0, amount: 2, payee: 1 }, signConvention: 'as-is' }

async function importInto(client: Client, accountId: string, rows: Row[]): Promise<string> {
  const res = await upload(client, csv(rows), { fields: { accountId } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().batchId
}

const batchesOf = async (client: Client): Promise<string[]> => {
  const res = await client.get('/api/imports?limit=100')
  expect(res.statusCode).toBe(200)
  return (res.json() as { id: string }[]).map((b) => b.id)
}

const countIn = async (accountId: string): Promise<number> => (await adult.get(`/api/transactions?accountId=${accountId}&limit=500`)).json().length

beforeAll(async () => {
  let accounts: Family['accounts']
  ;({ t, owner, adult, teen, viewer, accounts } = await createFamilyApp())
  Object.assign(acc, accounts)
})
afterAll(async () => {
  await t.close()
})

describe('imports by member', () => {
  it('imports only into accounts the member may change, writing nothing otherwise', async () => {
    const file = csv([['2024-01-05', 'Corner Market', '-10.00']])
    const before = [await countIn(acc.private), await countIn(acc.balanceOnly)]
    for (const accountId of [acc.private, acc.balanceOnly]) {
      expect((await upload(owner, file, { fields: { accountId } })).statusCode).toBe(404)
      expect((await upload(owner, file, { preview: true, fields: { accountId } })).statusCode).toBe(404)
    }
    // adults and the owner only, by contract
    expect((await upload(teen, file, { fields: { accountId: acc.family } })).statusCode).toBe(403)
    expect((await upload(viewer, file, { fields: { accountId: acc.checking } })).statusCode).toBe(403)
    expect([await countIn(acc.private), await countIn(acc.balanceOnly)]).toEqual(before)
    // the answer for another member's private account is the answer for no account at all
    const hidden = await upload(owner, file, { fields: { accountId: acc.private } })
    const absent = await upload(owner, file, { fields: { accountId: '00000000-0000-4000-8000-000000000000' } })
    expect(hidden.json()).toEqual(absent.json())
  })

  it('lists a past import only to members who see every account it went into, and undoes it only for them', async () => {
    const secret = await importInto(adult, acc.private, [['2024-01-06', 'Zyxsecret shop', '-50.00']])
    const shared = await importInto(owner, acc.checking, [['2024-01-07', 'Bakery', '-5.00']])
    const family = await importInto(owner, acc.family, [['2024-01-08', 'Pizza', '-20.00']])
    expect(await batchesOf(adult)).toEqual(expect.arrayContaining([secret, shared, family]))
    for (const member of [owner, viewer]) {
      const seen = await batchesOf(member)
      expect(seen).toEqual(expect.arrayContaining([shared, family]))
      expect(seen).not.toContain(secret)
    }
    const teenSees = await batchesOf(teen)
    expect(teenSees).toContain(family)
    expect(teenSees).not.toContain(secret)
    expect(teenSees).not.toContain(shared)
    // paging stays right when batches are left out: one at a time, the same set
    const paged: string[] = []
    let cursor: string | undefined
    do {
      const res = await owner.get(`/api/imports?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      paged.push(...(res.json() as { id: string }[]).map((b) => b.id))
      cursor = res.headers['x-next-cursor'] as string | undefined
    } while (cursor)
    expect(paged.sort()).toEqual((await batchesOf(owner)).sort())

    const rowsBefore = await countIn(acc.private)
    const hidden = await owner.delete(`/api/imports/${secret}`)
    const absent = await owner.delete('/api/imports/00000000-0000-4000-8000-000000000000')
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json()).toEqual(absent.json())
    expect((await viewer.delete(`/api/imports/${shared}`)).statusCode).toBe(403)
    expect((await teen.delete(`/api/imports/${family}`)).statusCode).toBe(403)
    expect(await countIn(acc.private)).toBe(rowsBefore)
    expect((await adult.get(`/api/transactions?importBatchId=${secret}`)).json()).toHaveLength(1)
    expect(await owner.get(`/api/transactions?importBatchId=${secret}`).then((r) => r.json())).toEqual([])
    expect((await adult.delete(`/api/imports/${secret}`)).statusCode).toBe(200)
    expect(await countIn(acc.private)).toBe(rowsBefore - 1)
    expect((await adult.delete(`/api/imports/${shared}`)).statusCode).toBe(200)
  })

  it('never pairs a file row with a row of an account the member does not see', async () => {
    const stored = (await adult.post('/api/transactions', { accountId: acc.private, date: '2024-02-10', amount: 77, merchant: 'Move in' })).json()
    const file = csv([['2024-02-10', 'TRANSFER OUT', '-77.00']])
    const preview = (await upload(owner, file, { preview: true, fields: { accountId: acc.checking } })).json()
    expect(preview.rows[0]).toMatchObject({ status: 'new', matchId: null })
    const done = (await upload(owner, file, { fields: { accountId: acc.checking } })).json()
    expect(done).toMatchObject({ added: 1, transfers: 0 })
    expect((await adult.get(`/api/transactions/${stored.id}`)).json()).toMatchObject({ kind: 'standard', transferId: null })
    expect((await owner.delete(`/api/imports/${done.batchId}`)).statusCode).toBe(200)
    // the adult sees both accounts: for them the same file pairs with the stored row
    const theirs = (await upload(adult, file, { preview: true, fields: { accountId: acc.checking } })).json()
    expect(theirs.rows[0]).toMatchObject({ status: 'transfer', matchId: stored.id })
  })

  it('does not let another member undo an import that linked a row of an account they do not see', async () => {
    const stored = (await adult.post('/api/transactions', { accountId: acc.private, date: '2024-02-20', amount: 33, merchant: 'Top up' })).json()
    const done = (await upload(adult, csv([['2024-02-20', 'TOP UP', '-33.00']]), { fields: { accountId: acc.checking } })).json()
    expect(done).toMatchObject({ added: 1, transfers: 1 })
    // the batch went into the shared account only, so the owner lists it…
    expect(await batchesOf(owner)).toContain(done.batchId)
    // …but undoing it would change the adult's private row
    const refused = await owner.delete(`/api/imports/${done.batchId}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('TRANSFER_PARTNER_LOCKED')
    expect((await adult.get(`/api/transactions/${stored.id}`)).json()).toMatchObject({ kind: 'transfer' })
    expect((await adult.delete(`/api/imports/${done.batchId}`)).json()).toMatchObject({ deleted: 1, restored: 1 })
    expect((await adult.get(`/api/transactions/${stored.id}`)).json()).toMatchObject({ kind: 'standard', transferId: null })
  })

  it('gives a bank file of a hidden account a new account of its own, and says nothing of the earlier import', async () => {
    const file = ofx('55556666', [['2024-01-04', '-20.00', 'GROCER', 'PRIV-1']])
    const first = (await upload(adult, file, { fileName: 'bank.ofx' })).json()
    const theirs = first.accounts[0].accountId as string
    expect((await adult.patch(`/api/accounts/${theirs}`, { visibility: 'private' })).statusCode).toBe(200)
    const preview = (await upload(owner, file, { fileName: 'bank.ofx', preview: true })).json()
    expect(preview.accounts[0]).toMatchObject({ created: true, accountId: null, duplicates: 0 })
    expect(JSON.stringify(preview.warnings)).not.toContain('imported on')
    const second = await upload(owner, file, { fileName: 'bank.ofx' })
    expect(second.statusCode, second.body).toBe(200)
    const mine = second.json().accounts[0]
    expect(mine).toMatchObject({ created: true, added: 1 })
    expect(mine.accountId).not.toBe(theirs)
    expect(await countIn(theirs)).toBe(1)
    // the adult, who sees both, is told of the earlier file
    const adultPreview = (await upload(adult, file, { fileName: 'bank.ofx', preview: true })).json()
    expect(JSON.stringify(adultPreview.warnings)).toContain('imported on')
  })

  it('keeps the saved CSV mapping of an account to members who may import into it', async () => {
    expect((await adult.put('/api/import-presets', { accountId: acc.private, name: 'Private CSV', mapping })).statusCode).toBe(200)
    expect((await owner.put('/api/import-presets', { accountId: acc.checking, name: 'Checking CSV', mapping })).statusCode).toBe(200)
    expect((await owner.put('/api/import-presets', { accountId: null, name: 'Default', mapping })).statusCode).toBe(200)
    const names = async (client: Client) => ((await client.get('/api/import-presets')).json() as { name: string }[]).map((p) => p.name).sort()
    expect(await names(adult)).toEqual(['Checking CSV', 'Default', 'Private CSV'])
    expect(await names(owner)).toEqual(['Checking CSV', 'Default'])
    expect(await names(viewer)).toEqual(['Checking CSV', 'Default'])
    expect(await names(teen)).toEqual(['Default'])
    for (const accountId of [acc.private, acc.balanceOnly]) {
      expect((await owner.put('/api/import-presets', { accountId, name: 'Taken', mapping })).statusCode).toBe(404)
    }
    expect(await names(adult)).toEqual(['Checking CSV', 'Default', 'Private CSV'])
  })
})
