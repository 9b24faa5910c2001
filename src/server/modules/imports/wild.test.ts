// Statements from the wild through the app: an OFX download of several statements, a CSV whose
// direction is a column of its own, and a file with an unreadable row shown in the preview.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { newUser } from '#src/server/test/fixtures'
import { upload } from '#src/server/test/upload'
import { importsOf, newAccount, rowsOf, setUpImportsTestApp, t } from './test-support'

setUpImportsTestApp()

const WILD = path.resolve(import.meta.dirname, '../../../domain/import/wild')

describe('statements from the wild', () => {
  it('brings in every statement of an OFX download, each into its own account', async () => {
    const c = await newUser(t.app)
    const file = new Uint8Array(readFileSync(path.join(WILD, 'ofx/derived_ofxparse_checking_two_documents.ofx')))
    const preview = await upload(c, file, { fileName: 'two.ofx', preview: true })
    expect(preview.statusCode).toBe(200)
    expect(preview.json().accounts.map((a: { key: string; added: number }) => [a.key, a.added])).toEqual([
      ['5472369148:1452687~7', 3],
      ['5472369148:1452687~8', 3],
    ])
    const res = await upload(c, file, { fileName: 'two.ofx' })
    expect(res.statusCode).toBe(200)
    expect(res.json().added).toBe(6)
  })

  it('signs amounts by a direction column, saying in the preview what it guessed', async () => {
    const c = await newUser(t.app)
    const account = await newAccount(c, 'ING')
    const file = '"Datum","Naam / Omschrijving","Af Bij","Bedrag (EUR)"\n"20190419","Albert Heijn","Af","12,34"\n"20190418","Werkgever","Bij","2500,00"\n'
    const preview = await upload(c, file, { preview: true, fields: { accountId: account } })
    expect(preview.statusCode).toBe(200)
    expect(preview.json().csv.mapping.columns.direction).toBe(2)
    expect(preview.json().warnings.map((w: { message: string }) => w.message).join('\n')).toMatch(/guessed: the column Af Bij says the direction/)
    const res = await upload(c, file, { fields: { accountId: account, mapping: preview.json().csv.mapping } })
    expect(res.statusCode).toBe(200)
    expect((await rowsOf(c, account)).map((r) => r.amount).sort((x, y) => x - y)).toEqual([-12.34, 2500])
  })

  it('shows an unreadable row in the preview by line and value before anything is written', async () => {
    const c = await newUser(t.app)
    const account = await newAccount(c, 'Everyday')
    const rows = ['2024-01-02,Shop,-1.00', '2024-01-03,Odd,12..0', '2024-01-04,A,1.00', '2024-01-05,B,2.00', '2024-01-06,C,3.00']
    const file = `Date,Description,Amount\n${rows.join('\n')}\n`
    const preview = await upload(c, file, { preview: true, fields: { accountId: account } })
    expect(preview.statusCode).toBe(200)
    expect(preview.json().errors).toEqual([{ line: 3, message: 'Line 3: "12..0" is not an amount' }])
    expect(preview.json().added).toBe(4)
    expect(await importsOf(c)).toEqual([])
  })
})
