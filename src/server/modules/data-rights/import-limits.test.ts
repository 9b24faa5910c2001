// Importing an export that is out to hurt the server: a household that is not empty is refused
// before anything is unpacked; the document and each file are held to limits read from the ZIP's
// central directory (size and compression ratio) before they are opened, and to a running count
// while they are unpacked, so a header that lies is stopped too. The hostile ZIPs are made here,
// a 400 MB document of spaces or a 512 MiB file of zeros compressed as they stream, and the
// process's memory is watched while the server refuses them.
import zlib from 'node:zlib'
import { Readable } from 'node:stream'
import { randomBytes, randomUUID } from 'node:crypto'
import yauzl from 'yauzl'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { EXPORT_JSON_NAME } from '#src/contract/data'
import { parseConfig } from '#src/server/config'
import { newAccount } from '#src/server/test/family'
import { createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'
import { readCapped } from '#src/server/zip'
import { exportImportLimits } from './import'
import { declareSize, filler, zipOf } from '#src/server/test/hostile-zips'

const MB = 1024 * 1024

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})
afterEach(() => {
  vi.restoreAllMocks()
})

function uploadExport(client: Client, bytes: Buffer | string, fileName = 'kinwise-export.zip') {
  const form = new FormData()
  form.append('file', new Blob([typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)]), fileName)
  return client.request({ method: 'POST', url: '/api/export/import', payload: form })
}

/** Runs `work` while this process's memory is sampled; the growth of its peaks over the start, in MB. */
async function watched<T>(work: () => Promise<T>): Promise<{ result: T; arrayBuffersMb: number; rssMb: number }> {
  const start = process.memoryUsage()
  let arrayBuffers = start.arrayBuffers
  let rss = start.rss
  const timer = setInterval(() => {
    const now = process.memoryUsage()
    arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers)
    rss = Math.max(rss, now.rss)
  }, 5)
  try {
    const result = await work()
    return { result, arrayBuffersMb: (arrayBuffers - start.arrayBuffers) / MB, rssMb: (rss - start.rss) / MB }
  } finally {
    clearInterval(timer)
  }
}

const HEAD = '{"format":"kinwise-export","version":1,'

/** An export of a household with one account and one transaction: its document, to be changed. */
async function smallExport(): Promise<{ doc: Record<string, unknown> & { transactions: { id: string }[]; attachments: unknown[] } }> {
  const a = await signUp(t.app)
  const account = await newAccount(a, 'Checking', { openingBalance: 10 })
  expect((await a.post('/api/transactions', { accountId: account, date: '2026-03-02', amount: -5, merchant: 'Shop' })).statusCode).toBe(201)
  const zip = await yauzl.fromBufferPromise((await a.get('/api/export')).rawPayload, { lazyEntries: true })
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName !== EXPORT_JSON_NAME) continue
    const parts: Buffer[] = []
    for await (const part of await zip.openReadStreamPromise(entry)) parts.push(part as Buffer)
    zip.close()
    return { doc: JSON.parse(Buffer.concat(parts).toString('utf8')) }
  }
  throw new Error('no document')
}

/** The document listing one file of `size` bytes on its transaction, at the path returned. */
function withFile(doc: Awaited<ReturnType<typeof smallExport>>['doc'], size: number): { json: string; path: string } {
  const id = randomUUID()
  const path = `attachments/${id}/receipt.jpg`
  const transactionId = doc.transactions[0]?.id
  const attachment = { id, transactionId, fileName: 'receipt.jpg', kind: 'jpeg', size, sha256: '0'.repeat(64), path, createdAt: '2026-03-02T10:00:00.000Z' }
  return { json: JSON.stringify({ ...doc, attachments: [attachment] }), path }
}

async function accountsOf(client: Client): Promise<unknown[]> {
  return (await client.get('/api/accounts')).json() as unknown[]
}

describe('importing a hostile export', () => {
  let spaces: Buffer
  beforeAll(async () => {
    // the attacker's 412 KB ZIP: a document padded with 400 MB of spaces
    spaces = await zipOf([[EXPORT_JSON_NAME, filler(400 * MB, 0x20, HEAD)]])
    expect(spaces.length).toBeLessThan(3 * MB)
  }, 60_000)

  it('answers 409 to a household that is not empty before anything is unpacked', async () => {
    const owner = await signUp(t.app)
    await newAccount(owner, 'Mine')
    const inflate = vi.spyOn(zlib, 'createInflateRaw')
    const { result, arrayBuffersMb } = await watched(() => uploadExport(owner, spaces))
    expect(result.statusCode, result.body).toBe(409)
    expect(result.json().code).toBe('HOUSEHOLD_NOT_EMPTY')
    expect(inflate).not.toHaveBeenCalled()
    expect(arrayBuffersMb).toBeLessThan(32)
  }, 60_000)

  it('refuses a document over the limit from the size its directory gives (413), unpacking nothing and writing nothing', async () => {
    const owner = await signUp(t.app)
    const inflate = vi.spyOn(zlib, 'createInflateRaw')
    const { result, arrayBuffersMb } = await watched(() => uploadExport(owner, spaces))
    expect(result.statusCode, result.body).toBe(413)
    expect(result.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', issues: [{ path: EXPORT_JSON_NAME }] })
    expect(result.json().message).toContain('more than the 16 MB this server takes (EXPORT_IMPORT_MAX_MB)')
    expect(inflate).not.toHaveBeenCalled()
    expect(arrayBuffersMb).toBeLessThan(32)
    // the same document sent alone, as JSON, is held to the same limit
    const alone = await uploadExport(owner, `${HEAD}${' '.repeat(17 * MB)}}`, 'kinwise-export.json')
    expect(alone.statusCode, alone.body).toBe(413)
    expect(alone.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', issues: [{ path: EXPORT_JSON_NAME }] })
    expect(await accountsOf(owner)).toEqual([])
  }, 60_000)

  it('refuses an entry that unpacks to more than 100 times its packed size (400), and a document of nothing but empty values', async () => {
    const owner = await signUp(t.app)
    const bomb = await zipOf([[EXPORT_JSON_NAME, filler(12 * MB, 0x20, HEAD)]])
    const res = await uploadExport(owner, bomb)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'ZIP_BOMB', issues: [{ path: EXPORT_JSON_NAME }] })
    // 2 MB of JSON that would be 40 MB of objects once parsed: no export looks like that
    const dense = `${HEAD}"transactions":[${'{},'.repeat(700_000)}{}]}`
    const parsed = await uploadExport(owner, dense, 'kinwise-export.json')
    expect(parsed.statusCode, parsed.body).toBe(400)
    expect(parsed.json()).toMatchObject({ code: 'NOT_AN_EXPORT', issues: [{ path: EXPORT_JSON_NAME }] })
    expect(await accountsOf(owner)).toEqual([])
  }, 60_000)

  it('refuses a file over ATTACHMENT_MAX_MB (413 naming the entry) before unpacking it, and imports nothing', async () => {
    const { doc } = await smallExport()
    const { json, path } = withFile(doc, 512 * MB)
    // the attacker's 525 KB ZIP: a 512 MiB file of zeros the document lists
    const zip = await zipOf([
      [EXPORT_JSON_NAME, Buffer.from(json)],
      [path, filler(512 * MB, 0)],
    ])
    expect(zip.length).toBeLessThan(3 * MB)
    const owner = await signUp(t.app)
    const { result, arrayBuffersMb } = await watched(() => uploadExport(owner, zip))
    expect(result.statusCode, result.body).toBe(413)
    expect(result.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', issues: [{ path }] })
    expect(result.json().message).toContain('10 MB')
    expect(arrayBuffersMb).toBeLessThan(32)
    expect(await accountsOf(owner)).toEqual([])
    // a file within the limit whose bytes are not an image is still left out, the rest imported
    const small = withFile(doc, 2 * MB)
    const fine = await uploadExport(owner, await zipOf([[EXPORT_JSON_NAME, Buffer.from(small.json)], [small.path, randomBytes(2 * MB)]]))
    expect(fine.statusCode, fine.body).toBe(200)
    expect(fine.json()).toMatchObject({ accounts: 1, transactions: 2, attachments: 0 })
  }, 60_000)

  it('stops an entry whose central directory lies about its size as soon as it unpacks more (400), whatever the entry', async () => {
    const owner = await signUp(t.app)
    const lying = declareSize(spaces, EXPORT_JSON_NAME, 4000)
    const { result, arrayBuffersMb } = await watched(() => uploadExport(owner, lying))
    expect(result.statusCode, result.body).toBe(400)
    expect(result.json()).toMatchObject({ code: 'BAD_ZIP', issues: [{ path: EXPORT_JSON_NAME }] })
    expect(result.json().message).toContain('more than its directory says')
    expect(arrayBuffersMb).toBeLessThan(32)

    const { doc } = await smallExport()
    const { json, path } = withFile(doc, 1000)
    const file = declareSize(await zipOf([[EXPORT_JSON_NAME, Buffer.from(json)], [path, filler(64 * MB, 0xff)]]), path, 1000)
    const second = await watched(() => uploadExport(owner, file))
    expect(second.result.statusCode, second.result.body).toBe(400)
    expect(second.result.json()).toMatchObject({ code: 'BAD_ZIP', issues: [{ path }] })
    expect(second.arrayBuffersMb).toBeLessThan(32)
    // the transaction had begun: it is rolled back
    expect(await accountsOf(owner)).toEqual([])
  }, 60_000)

  it('imports one export at a time: a second one meanwhile is asked to wait (429)', async () => {
    const { doc } = await smallExport()
    const [first, second] = [await signUp(t.app), await signUp(t.app)]
    const json = JSON.stringify(doc)
    const answers = await Promise.all([uploadExport(first, json, 'a.json'), uploadExport(second, json, 'b.json')])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429])
    expect(answers.find((a) => a.statusCode === 429)?.json().code).toBe('IMPORT_BUSY')
    // and once it is done, the other goes through
    const waited = answers[0]?.statusCode === 429 ? first : second
    expect((await uploadExport(waited, json, 'a.json')).statusCode).toBe(200)
  })
})

describe('the running count', () => {
  it('stops a stream at its limit, whatever it was said to hold', async () => {
    let pulled = 0
    const endless = Readable.from(
      (function* () {
        for (;;) {
          pulled += 1
          yield Buffer.alloc(64 * 1024)
        }
      })(),
    )
    await expect(readCapped(endless, 'x.bin', 1000)).rejects.toMatchObject({ statusCode: 400, code: 'BAD_ZIP', details: { issues: [{ path: 'x.bin' }] } })
    expect(pulled).toBeLessThan(64)
    expect((await readCapped(Readable.from([Buffer.from('ab'), Buffer.from('c')]), 'y', 3)).toString()).toBe('abc')
  })
})

describe('the limits', () => {
  it('are sane by default: a document of tens of thousands of transactions, files as large as an attachment, within the memory budget', () => {
    const config = parseConfig({})
    const limits = exportImportLimits(config)
    expect(limits.documentBytes).toBe(16 * MB)
    expect(limits.fileBytes).toBe(config.attachments.maxBytes)
    expect(limits.totalBytes).toBe(16 * MB + 10 * config.maxUploadBytes)
    // a document at the limit took ~40 MB more while it was parsed and checked (bench/export-import-bench.ts),
    // beside the embedded database's ~310–360 MB; a file is held one at a time
    expect(limits.documentBytes + limits.fileBytes).toBeLessThanOrEqual(32 * MB)
    const row = JSON.stringify({
      id: randomUUID(), accountId: randomUUID(), enteredBy: randomUUID(), date: '2026-03-02', amount: -54.3, categoryId: randomUUID(),
      merchant: 'Corner Shop', description: 'CARD PAYMENT CORNER SHOP 0412', notes: '', kind: 'expense', transferGroupId: null,
      source: 'import', externalId: 'FIT20260302-0412', importedPayee: 'CORNER SHOP', billId: null, splits: [],
    })
    expect(Math.floor(limits.documentBytes / (row.length + 1))).toBeGreaterThan(30_000)
    expect(exportImportLimits(parseConfig({ EXPORT_IMPORT_MAX_MB: '64', ATTACHMENT_MAX_MB: '2' }))).toMatchObject({ documentBytes: 64 * MB, fileBytes: 2 * MB })
  })
})
