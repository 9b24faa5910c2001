// Large statements: a CSV or OFX file of STREAM_MIN_BYTES or more goes to a temp file as
// it is uploaded and is read a chunk at a time in the import worker, planned and written chunk by
// chunk in one transaction. These files span several chunks, so each test crosses the chunk
// boundaries: rows alike on both sides of one, rules and categories in every chunk, a transfer
// pair, a created account's opening balance, a re-import that finds every row, and undo.
import { createHash, randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MAX_PREVIEW_ROWS } from '#src/contract/imports'
import { embeddedHeld } from '#src/server/db/connect'
import { importBatches } from '#src/server/db/schema'
import { newUser } from '#src/server/test/fixtures'
import { categoryId, createTestApp, type Client, type TestContext } from '#src/server/test/helper'
import { merchantRollups } from '#src/server/test/rollups'
import { upload } from '#src/server/test/upload'
import { STREAM_MIN_BYTES } from './service'
import { STREAM_CHUNK_ROWS } from './stream-source'

// the uploads of this file are spooled in a temp dir of its own (TMPDIR is read when the upload
// module loads), so other test files uploading meanwhile do not show up in its checks
const spool = vi.hoisted(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- runs before the imports
  const { mkdtempSync } = require('node:fs') as typeof import('node:fs')
  const was = process.env.TMPDIR
  const dir = mkdtempSync(`${process.env.TMPDIR ?? '/tmp'}/kinwise-stream-test-`)
  process.env.TMPDIR = dir
  return { dir, was }
})

let t: TestContext
let c: Client

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  c = await newUser(t.app)
})
afterAll(async () => {
  await t.close()
  if (spool.was === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = spool.was
  await rm(spool.dir, { recursive: true, force: true })
})

// several chunks, and at least STREAM_MIN_BYTES
const ROWS = Math.max(Math.ceil(STREAM_CHUNK_ROWS * 2.5), 25_000)
const PAD = 'x'.repeat(60)

const cents = (i: number) => -((i * 7919) % 9000) - 100
const money = (c: number) => `${c < 0 ? '-' : ''}${String(Math.floor(Math.abs(c) / 100))}.${String(Math.abs(c) % 100).padStart(2, '0')}`
const dayOf = (i: number) => new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 100))).toISOString().slice(0, 10)

/**
 * Rows spread over the year; every 7th a coffee; rows STREAM_CHUNK_ROWS−1 and STREAM_CHUNK_ROWS
 * alike (no id); payees enough that their sums by month pass the import's 20,000 held (write.ts).
 */
function bigCsv(): { text: string; sum: number } {
  const lines = ['Date,Description,Amount,Transaction ID']
  let sum = 0
  for (let i = 0; i < ROWS; i++) {
    const twin = i === STREAM_CHUNK_ROWS - 1 || i === STREAM_CHUNK_ROWS
    const amount = twin ? -1234 : cents(i)
    sum += amount
    const payee = twin ? 'Twin Bakery' : i % 7 === 0 ? `Blue Bottle Coffee ${String(i % 13)}` : `Shop ${String(i % 5000)} ${PAD}`
    lines.push(`${twin ? dayOf(STREAM_CHUNK_ROWS) : dayOf(i)},${payee},${money(amount)},${twin ? '' : `S${String(i)}`}`)
  }
  return { text: `${lines.join('\n')}\n`, sum }
}

async function newAccount(name: string): Promise<string> {
  const res = await c.post('/api/accounts', { name, type: 'checking' })
  expect(res.statusCode).toBe(201)
  return res.json().id
}

/** in cents (the API answers in the currency's units) */
const balanceOf = async (id: string): Promise<number> => Math.round((await c.get(`/api/accounts/${id}`)).json().balance * 100)

async function spooled(): Promise<string[]> {
  return readdir(path.join(spool.dir, 'kinwise-uploads')).catch(() => [])
}

describe('a CSV statement larger than a chunk', () => {
  const file = bigCsv()
  let account: string
  let coffee: string

  beforeAll(async () => {
    expect(new TextEncoder().encode(file.text).length).toBeGreaterThanOrEqual(STREAM_MIN_BYTES)
    account = await newAccount('Big checking')
    coffee = await categoryId(t, c, 'Dining Out')
    const rule = await c.post('/api/rules', { name: 'Coffee', conditions: [{ field: 'payee', operator: 'contains', value: 'coffee' }], actions: { setCategoryId: coffee } })
    expect(rule.statusCode).toBe(201)
  })

  it('previews every row without writing: the counts of all, the rows up to the limit', async () => {
    const before = await spooled()
    const res = await upload(c, file.text, { fields: { accountId: account }, preview: true })
    expect(res.statusCode, res.body).toBe(200)
    const preview = res.json()
    expect(preview).toMatchObject({ rowCount: ROWS, added: ROWS, duplicates: 0, errors: [] })
    expect(preview.rows).toHaveLength(Math.min(ROWS, MAX_PREVIEW_ROWS))
    expect(preview.rows[0]).toMatchObject({ row: 1, date: dayOf(0), amount: cents(0) / 100 })
    expect(preview.csv.mapping).toMatchObject({ hasHeader: true })
    expect(await balanceOf(account)).toBe(0)
    expect(await spooled()).toEqual(before)
  })

  it('imports every row in one batch: the balance to the cent, rules in every chunk, alike rows across a chunk boundary both in', async () => {
    const progress = randomUUID()
    expect((await c.get(`/api/imports/progress?id=${progress}`)).json()).toEqual({ stage: 'waiting', rows: 0, updatedAt: null })
    const res = await upload(c, file.text, { fields: { accountId: account }, progress })
    expect(res.statusCode, res.body).toBe(200)
    const result = res.json()
    expect(result).toMatchObject({ added: ROWS, duplicates: 0, rowCount: ROWS })
    expect(await balanceOf(account)).toBe(file.sum)
    // the spending by payee and month, summed across the chunks and written as they grew
    const household = (await c.get('/api/auth/user')).json().householdId as string
    const rollups = await merchantRollups(t.database.db, household)
    expect(rollups.kept.length).toBeGreaterThan(20_000)
    expect(rollups.kept).toEqual(rollups.truth)
    // the progress it was sent with says done, with every row; only to the member who sent it
    expect((await c.get(`/api/imports/progress?id=${progress}`)).json()).toMatchObject({ stage: 'done', rows: ROWS })
    const other = await newUser(t.app)
    expect((await other.get(`/api/imports/progress?id=${progress}`)).json()).toMatchObject({ stage: 'waiting', rows: 0 })
    expect((await c.get('/api/imports/progress?id=not-an-id')).statusCode).toBe(400)

    const [batch] = await t.database.db.select().from(importBatches).where(eq(importBatches.id, result.batchId))
    expect(batch).toMatchObject({ added: ROWS, fileSize: new TextEncoder().encode(file.text).length })
    expect(batch?.fileHash).toBe(createHash('sha256').update(file.text).digest('hex'))

    const twins = (await c.get(`/api/transactions?accountId=${account}&search=Twin%20Bakery&limit=10`)).json()
    expect(twins).toHaveLength(2)
    // a coffee in the last chunk was categorised by the rule, as one in the first was
    const coffees = (await c.get(`/api/transactions?accountId=${account}&search=Blue%20Bottle&limit=500&sort=date_desc`)).json() as { categoryId: string | null; date: string }[]
    expect(coffees.length).toBeGreaterThan(100)
    expect(coffees.every((r) => r.categoryId === coffee)).toBe(true)
    expect(coffees[0]?.date).toBe(dayOf(ROWS - 1 - ((ROWS - 1) % 7)))
  })

  it('finds every row again when the same file comes back, and undo takes the import back to the cent', async () => {
    const again = (await upload(c, file.text, { fields: { accountId: account } })).json()
    expect(again).toMatchObject({ added: 0, duplicates: ROWS })
    const batches = (await c.get('/api/imports')).json() as { id: string; added: number }[]
    const first = batches.find((b) => b.added === ROWS)
    const undo = await c.request({ method: 'DELETE', url: `/api/imports/${first?.id ?? ''}` })
    expect(undo.statusCode, undo.body).toBe(200)
    expect(await balanceOf(account)).toBe(0)
    const rollups = await merchantRollups(t.database.db, (await c.get('/api/auth/user')).json().householdId as string)
    expect(rollups.kept).toEqual(rollups.truth)
  })
})

describe('a re-import whose first chunk is all duplicates', () => {
  it('still pairs a later chunk\'s row with a stored transfer leg (read once its duplicates are known)', async () => {
    const file = bigCsv()
    const lines = file.text.split('\n')
    const account = await newAccount('Re-import checking')
    const savings = await newAccount('Re-import savings')
    // the file's first chunk is already in: every row of it comes back a duplicate, so the next
    // chunk's transfer partners are not read ahead (plan.ts readAhead)
    const head = await upload(c, `${lines.slice(0, STREAM_CHUNK_ROWS + 1).join('\n')}\n`, { fields: { accountId: account } })
    expect(head.statusCode, head.body).toBe(200)
    // a row of the second chunk has its other leg already in savings, the same day
    const k = STREAM_CHUNK_ROWS + 2000
    const leg = await c.post('/api/transactions', { accountId: savings, date: dayOf(k), amount: -cents(k) / 100, merchant: 'From checking' })
    expect(leg.statusCode, leg.body).toBe(201)
    const res = await upload(c, file.text, { fields: { accountId: account } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().duplicates).toBeGreaterThanOrEqual(STREAM_CHUNK_ROWS)
    expect(res.json().transfers).toBe(1)
    const stored = (await c.get(`/api/transactions?accountId=${savings}`)).json() as { kind: string; transferAccountId: string | null }[]
    expect(stored).toEqual([expect.objectContaining({ kind: 'transfer', transferAccountId: account })])
  })
})

describe('a re-import of a statement without bank ids, in either order', () => {
  it('finds every row by its day, amount and payee, whether the file runs oldest or newest first', async () => {
    // ~100 rows a day and no ids: each chunk's ±3 days overlap the chunk before's, whose stored
    // rows it takes from that chunk's read and reads only the days they miss (repo.rowsForDedupe)
    const rows = Array.from({ length: ROWS }, (_, i) => `${dayOf(i)},Market ${String(i % 97)} ${PAD},${money(cents(i))}`)
    const file = (lines: string[]) => `Date,Description,Amount\n${lines.join('\n')}\n`
    const account = await newAccount('No-id checking')
    const first = await upload(c, file(rows), { fields: { accountId: account } })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ added: ROWS, duplicates: 0 })
    const sum = rows.reduce((n, _, i) => n + cents(i), 0)
    expect(await balanceOf(account)).toBe(sum)
    for (const lines of [[...rows].reverse(), rows]) {
      const again = await upload(c, file(lines), { fields: { accountId: account } })
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toMatchObject({ added: 0, duplicates: ROWS })
    }
    // one row more on a day inside a chunk's overlap is the one row added
    const extra = [...rows]
    extra.splice(STREAM_CHUNK_ROWS + 50, 0, `${dayOf(STREAM_CHUNK_ROWS + 50)},Late fee,-123.45`)
    const more = await upload(c, file(extra), { fields: { accountId: account } })
    expect(more.json()).toMatchObject({ added: 1, duplicates: ROWS })
    expect(await balanceOf(account)).toBe(sum - 12345)
  })
})

describe('an OFX statement of two accounts larger than a chunk', () => {
  // the last checking row and the first savings row fall in one chunk (half-way through it)
  const PER = Math.max(1, Math.ceil(9000 / STREAM_CHUNK_ROWS)) * STREAM_CHUNK_ROWS + STREAM_CHUNK_ROWS / 2
  function bigOfx(): string {
    const statement = (acct: string, type: string, rows: string[], ledger: string) =>
      `<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>111000025<ACCTID>${acct}<ACCTTYPE>${type}</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20241231\n${rows.join('\n')}\n</BANKTRANLIST><LEDGERBAL><BALAMT>${ledger}<DTASOF>20241231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>`
    const row = (i: number, amount: number, name: string, fitid: string) =>
      `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${dayOf(i).replace(/-/g, '')}<TRNAMT>${money(amount)}<FITID>${fitid}<NAME>${name}<MEMO>${PAD}</STMTTRN>`
    // the last checking row and the first savings row are one transfer, in the same chunk; the
    // first checking row and the last savings row are another, chunks apart
    const checking = Array.from({ length: PER }, (_, i) =>
      i === PER - 1 ? row(PER, -50000, 'To savings', 'C-T') : i === 0 ? row(0, -30000, 'To savings early', 'C-E') : row(i, cents(i), `Shop ${String(i % 300)}`, `C${String(i)}`),
    )
    const savings = Array.from({ length: PER }, (_, i) =>
      i === 0 ? row(PER, 50000, 'From checking', 'S-T') : i === PER - 1 ? row(0, 30000, 'From checking early', 'S-E') : row(i, 9500, 'Interest', `V${String(i)}`),
    )
    const head = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20250101<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>\n'
    return `${head}${statement('77001', 'CHECKING', checking, '1000.00')}\n${statement('77002', 'SAVINGS', savings, '9999.99')}\n</OFX>\n`
  }

  it('creates both accounts at their statement balances and links the transfer between them', async () => {
    const text = bigOfx()
    expect(new TextEncoder().encode(text).length).toBeGreaterThanOrEqual(STREAM_MIN_BYTES)
    const res = await upload(c, text, { fileName: 'big.ofx' })
    expect(res.statusCode, res.body).toBe(200)
    const result = res.json()
    expect(result).toMatchObject({ format: 'ofx', added: PER * 2, transfers: 4, rowCount: PER * 2 })
    const [checking, savings] = result.accounts as { accountId: string; created: boolean; openingBalance: number | null }[]
    expect(checking?.created).toBe(true)
    expect(savings?.created).toBe(true)
    // the opening balance makes up what the rows do not explain: each account ends at its statement's balance
    expect(await balanceOf(checking?.accountId ?? '')).toBe(100000)
    expect(await balanceOf(savings?.accountId ?? '')).toBe(999999)
    const legs = (await c.get(`/api/transactions?accountId=${checking?.accountId ?? ''}&search=To%20savings`)).json() as { kind: string; transferAccountId: string | null }[]
    expect(legs[0]).toMatchObject({ kind: 'transfer', transferAccountId: savings?.accountId })
    // the pair chunks apart: the checking leg was written first, and linked when its partner came
    const early = (await c.get(`/api/transactions?accountId=${checking?.accountId ?? ''}&search=To%20savings%20early`)).json() as { kind: string; categoryId: string | null; transferAccountId: string | null }[]
    expect(early).toHaveLength(1)
    expect(early[0]).toMatchObject({ kind: 'transfer', categoryId: null, transferAccountId: savings?.accountId })
    // an undo takes every row away and has no stored row to give back
    const undo = await c.request({ method: 'DELETE', url: `/api/imports/${String(result.batchId)}` })
    expect(undo.statusCode, undo.body).toBe(200)
    expect(undo.json()).toMatchObject({ restored: 0 })
    expect(await balanceOf(checking?.accountId ?? '')).toBe(0)
  })
})

describe('a large file with no readable row', () => {
  it('is refused with the line of its first problem, and nothing is written', async () => {
    const account = await newAccount('Unreadable')
    const lines = ['Date,Description,Amount']
    for (let i = 0; i < 60_000; i++) lines.push(`2024-13-45,Payee ${PAD},not money`)
    const res = await upload(c, `${lines.join('\n')}\n`, { fields: { accountId: account, mapping: { delimiter: ',', decimalSeparator: '.', dateFormat: 'YYYY-MM-DD', skipRows: 0, hasHeader: true, columns: { date: 0, payee: 1, amount: 2 }, signConvention: 'as-is' } } })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'PARSE_ERRORS', format: 'csv' })
    expect(res.json().message).toMatch(/Line 2/)
    expect(await balanceOf(account)).toBe(0)
    expect((await c.get(`/api/transactions?accountId=${account}`)).json()).toEqual([])
  })
})

describe('a large file that turns out unreadable after chunks were written', () => {
  it('is refused with what the parser said, and the chunks already written are rolled back', async () => {
    // the account comes after its transactions: known only at the end, when three chunks are in
    const rows = Array.from(
      { length: STREAM_CHUNK_ROWS * 3 },
      (_, i) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20240105<TRNAMT>-${String(1 + (i % 90))}.00<FITID>L${String(i)}<NAME>Shop ${PAD}</STMTTRN>`,
    )
    const text =
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n' +
      `<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD<BANKTRANLIST><DTSTART>20240101<DTEND>20241231\n${rows.join('\n')}\n</BANKTRANLIST>` +
      '<BANKACCTFROM><BANKID>111000025<ACCTID>88001<ACCTTYPE>CHECKING</BANKACCTFROM><LEDGERBAL><BALAMT>0<DTASOF>20241231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n'
    expect(new TextEncoder().encode(text).length).toBeGreaterThanOrEqual(STREAM_MIN_BYTES)
    const accountsBefore = (await c.get('/api/accounts')).json() as unknown[]
    // the import holds the embedded database while its worker runs, and lets go when it fails (ADR 0042)
    let held = false
    const watch = setInterval(() => (held ||= embeddedHeld(t.database.db)), 5)
    const res = await upload(c, text, { fileName: 'late-account.ofx' }).finally(() => clearInterval(watch))
    expect(held).toBe(t.database.kind === 'pglite')
    expect(embeddedHeld(t.database.db)).toBe(false)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ format: 'ofx' })
    expect(res.json().message).toMatch(/names its account after its transactions/)
    expect((await c.get('/api/accounts')).json()).toHaveLength(accountsBefore.length)
    const batches = await c.get('/api/imports')
    expect(JSON.stringify(batches.json())).not.toContain('late-account.ofx')
  })
})

/** Whether a thread named as the import worker names itself (import-worker.ts) runs in this process (Linux). */
function importWorkerThreadRuns(): boolean {
  let tasks: string[]
  try {
    tasks = readdirSync('/proc/self/task')
  } catch {
    return false
  }
  return tasks.some((task) => {
    try {
      return readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === 'kinwise-import'
    } catch {
      return false // ended meanwhile
    }
  })
}

describe('a statement of a few thousand rows', () => {
  // the HTTP thread parses only what takes it a few milliseconds: a 45,000-row CSV parsed there
  // held every other request up to 411 ms (ADR 0040, fifth session)
  const csvOf = (rows: number) =>
    ['Date,Description,Amount', ...Array.from({ length: rows }, (_, i) => `${dayOf(i)},Shop ${String(i % 97)},${money(cents(i))}`)].join('\n') + '\n'
  const mapping = { delimiter: ',', decimalSeparator: '.', dateFormat: 'YYYY-MM-DD', skipRows: 0, hasHeader: true, columns: { date: 0, payee: 1, amount: 2 }, signConvention: 'as-is' }

  it('is imported in the import worker, off the HTTP thread; a short one on it', async () => {
    const few = csvOf(6_000)
    const size = new TextEncoder().encode(few).length
    expect(size).toBeGreaterThanOrEqual(STREAM_MIN_BYTES)
    expect(size).toBeLessThan(256 * 1024)
    const short = csvOf(200)
    expect(new TextEncoder().encode(short).length).toBeLessThan(STREAM_MIN_BYTES)
    for (const [text, inWorker] of [
      [few, true],
      [short, false],
    ] as const) {
      const account = await newAccount(inWorker ? 'A few thousand' : 'A few hundred')
      // the import worker's thread names itself (seen in /proc on Linux, on either database), and
      // its run holds the embedded database (ADR 0042: seen on PGlite only)
      let sawWorker = false
      let held = false
      const watch = setInterval(() => {
        sawWorker ||= importWorkerThreadRuns()
        held ||= embeddedHeld(t.database.db)
      }, 2)
      const res = await upload(c, text, { fields: { accountId: account, mapping } }).finally(() => clearInterval(watch))
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ added: inWorker ? 6_000 : 200, duplicates: 0 })
      if (process.platform === 'linux') expect(sawWorker).toBe(inWorker)
      expect(held).toBe(inWorker && t.database.kind === 'pglite')
    }
  })
})
