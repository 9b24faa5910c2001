// Upload size: above MAX_UPLOAD_MB a clear 413 and nothing written; a 50 MB statement is
// accepted with the default limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newUser } from '#src/server/test/fixtures'
import { createTestApp, type TestContext } from '#src/server/test/helper'
import { upload } from '#src/server/test/upload'

/** A CSV statement of about `megabytes` MB: long descriptions, a bank id per row. */
function bigCsv(megabytes: number): { bytes: Uint8Array; rows: number } {
  const filler = 'CARD PURCHASE AT A SHOP WITH A RATHER LONG DESCRIPTION THAT BANKS LIKE TO WRITE, REF'
  const lines = ['Date,Description,Amount,Transaction ID']
  let size = lines[0]?.length ?? 0
  let i = 0
  while (size < megabytes * 1024 * 1024) {
    const line = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')},"${filler} ${String(i)}",-${String(i % 997)}.${String(i % 100).padStart(2, '0')},T${String(i)}`
    lines.push(line)
    size += line.length + 1
    i++
  }
  return { bytes: new TextEncoder().encode(`${lines.join('\n')}\n`), rows: i }
}

describe('upload size limit', () => {
  let small: TestContext
  beforeAll(async () => {
    small = await createTestApp({ env: { MAX_UPLOAD_MB: '1' } })
  })
  afterAll(async () => {
    await small.close()
  })

  it('answers 413 above MAX_UPLOAD_MB and writes nothing', async () => {
    const user = await newUser(small.app)
    const account = (await user.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
    const { bytes } = bigCsv(1.5)
    const res = await upload(user, bytes, { fields: { accountId: account } })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ message: 'The file is larger than 1 MB', code: 'PAYLOAD_TOO_LARGE' })
    expect((await user.get('/api/imports')).json()).toEqual([])
    expect((await user.get(`/api/transactions?accountId=${account}`)).json()).toEqual([])
    // just under the limit goes through
    const under = bigCsv(0.9)
    const ok = await upload(user, under.bytes, { preview: true, fields: { accountId: account } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().rowCount).toBe(under.rows)
  })
})

describe('a 50 MB statement', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it('is accepted by default and parses completely (preview)', async () => {
    const user = await newUser(t.app)
    const account = (await user.post('/api/accounts', { name: 'Checking', type: 'checking' })).json().id
    const { bytes, rows } = bigCsv(50)
    expect(bytes.length).toBeGreaterThan(50 * 1024 * 1024)
    const res = await upload(user, bytes, { preview: true, fileName: 'big.csv', fields: { accountId: account } })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ errors: [], rowCount: rows, added: rows, duplicates: 0 })
    expect(body.rows).toHaveLength(10_000)
    expect((await user.get('/api/imports')).json()).toEqual([])
  }, 120_000)
})
