// Hostile export imports (ADR 0047): ZIPs made to have the server unpack far more than it was
// sent, posted to POST /api/export/import of the BUILT server (node dist/server/main.js) on a fresh
// embedded database and, when DATABASE_URL is set, a fresh PostgreSQL database. For each: the
// answer, the time, and the server's peak RSS while it answers (VmHWM, reset before each upload)
// against the 400 MB target. The ZIPs are a few hundred KB to a few MB, made in memory here with
// their big entries deflated as they stream. Under two minutes. Writes
// bench/results/export-import.json.
//
//   npm run build && npx tsx bench/export-import-bench.ts
//   (KINWISE_BENCH_DBS=pglite or postgres for one database)
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import yauzl from 'yauzl'
import { request } from './lib/http'
import { peakRssMb, ROOT, rssMb } from './lib/proc'
import { startServer } from './lib/server'
import { IMPORT_RSS_TARGET_MB } from './sections/import'
import { declareSize, filler, zipOf } from '../src/server/test/hostile-zips'

const DBS = (process.env.KINWISE_BENCH_DBS ?? 'pglite,postgres').split(',')
const MB = 1024 * 1024
const JSON_NAME = 'kinwise-export.json'
const HEAD = '{"format":"kinwise-export","version":1,'
/** the server's document limit (EXPORT_IMPORT_MAX_MB, passed on to it): the largest document case is made that size */
const DOCUMENT_MB = Number(process.env.EXPORT_IMPORT_MAX_MB ?? 16)

let people = 0

/** A new account on the server (its own empty household); the session cookie. */
async function register(base: string): Promise<string> {
  people += 1
  const reply = await request(`${base}/api/auth/register`, {
    method: 'POST',
    body: { firstName: `Bench${String(people)}`, lastName: 'Import', email: `import-${String(people)}-${randomUUID().slice(0, 8)}@example.com`, password: 'bench password 2026', acceptTerms: true },
  })
  if (reply.status !== 201) throw new Error(`register answered ${String(reply.status)}: ${reply.body.slice(0, 200)}`)
  const cookie = (reply.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('kinwise_session='))
  if (!cookie) throw new Error('register gave no session cookie')
  return cookie
}

/** POSTs the bytes to /api/export/import as the multipart field "file". */
function upload(base: string, cookie: string, bytes: Buffer, fileName: string): Promise<{ status: number; body: string }> {
  const boundary = `----kinwise${randomUUID()}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const body = Buffer.concat([head, bytes, tail])
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/export/import`, {
      method: 'POST',
      agent: false,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
      timeout: 10 * 60_000,
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** A real export's document: a household with an account and a transaction, exported. */
async function realDocument(base: string): Promise<{ transactions: Record<string, unknown>[]; attachments: unknown[] } & Record<string, unknown>> {
  const cookie = await register(base)
  const account = await request(`${base}/api/accounts`, { method: 'POST', headers: { cookie }, body: { name: 'Checking', type: 'checking', openingBalance: 10 } })
  const accountId = (JSON.parse(account.body) as { id: string }).id
  await request(`${base}/api/transactions`, { method: 'POST', headers: { cookie }, body: { accountId, date: '2026-03-02', amount: -5, merchant: 'Corner shop' } })
  const zipped = await new Promise<Buffer>((resolve, reject) => {
    http.get(`${base}/api/export`, { headers: { cookie } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve(Buffer.concat(chunks)))
      res.on('error', reject)
    })
  })
  const zip = await yauzl.fromBufferPromise(zipped, { lazyEntries: true })
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName !== JSON_NAME) continue
    const parts: Buffer[] = []
    for await (const part of await zip.openReadStreamPromise(entry)) parts.push(part as Buffer)
    zip.close()
    return JSON.parse(Buffer.concat(parts).toString('utf8'))
  }
  throw new Error('the export has no document')
}

type Case = { name: string; bytes: Buffer; fileName: string; household: 'empty' | 'not empty'; expect: number; copies?: number }

async function cases(base: string): Promise<Case[]> {
  const doc = await realDocument(base)
  const transactionId = String(doc.transactions[0]?.id)
  const listing = (size: number) => {
    const id = randomUUID()
    const file = `attachments/${id}/receipt.jpg`
    const attachment = { id, transactionId, fileName: 'receipt.jpg', kind: 'jpeg', size, sha256: '0'.repeat(64), path: file, createdAt: '2026-03-02T10:00:00.000Z' }
    return { json: Buffer.from(JSON.stringify({ ...doc, attachments: [attachment] })), file }
  }
  const spaces = await zipOf([[JSON_NAME, filler(400 * MB, 0x20, HEAD)]])
  const big = listing(512 * MB)
  const zeros = await zipOf([
    [JSON_NAME, big.json],
    [big.file, filler(512 * MB, 0)],
  ])
  const small = listing(1000)
  const lyingFile = declareSize(await zipOf([[JSON_NAME, small.json], [small.file, filler(512 * MB, 0)]]), small.file, 1000)
  // a document as large as the limit lets in, refused only at its last row once it is all parsed
  // and checked: what an accepted document costs before it is written
  const row = doc.transactions[0] ?? {}
  const rows: Record<string, unknown>[] = []
  let size = 0
  while (size < (DOCUMENT_MB - 0.5) * MB) {
    const copy = { ...row, id: randomUUID(), externalId: `bench-${String(rows.length)}` }
    rows.push(copy)
    size += JSON.stringify(copy).length + 1
  }
  rows.push({ ...row, id: 'not-an-id' })
  const full = Buffer.from(JSON.stringify({ ...doc, transactions: rows }))
  return [
    { name: 'the 400 MB document of spaces, household not empty', bytes: spaces, fileName: 'x.zip', household: 'not empty', expect: 409 },
    { name: 'the 400 MB document of spaces', bytes: spaces, fileName: 'x.zip', household: 'empty', expect: 413 },
    { name: 'a 512 MiB file of zeros', bytes: zeros, fileName: 'x.zip', household: 'empty', expect: 413 },
    { name: 'the document says 4 KB, holds 400 MB', bytes: declareSize(spaces, JSON_NAME, 4000), fileName: 'x.zip', household: 'empty', expect: 400 },
    { name: 'a file says 1,000 bytes, holds 512 MiB', bytes: lyingFile, fileName: 'x.zip', household: 'empty', expect: 400 },
    { name: `a ${String(Math.round(full.length / MB))} MB document (the limit), bad last row`, bytes: full, fileName: 'x.json', household: 'empty', expect: 400 },
    { name: '4 of those at once (1 read, 3 asked to wait)', bytes: full, fileName: 'x.json', household: 'empty', expect: 400, copies: 4 },
  ]
}

type Result = { database: string; case: string; zipKb: number; status: string; seconds: number; rssBeforeMb: number; peakRssMb: number }

async function runOn(database: string, env: Record<string, string>, dir: string): Promise<Result[]> {
  const server = await startServer({ ...env, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, path.join(dir, `${database}.log`))
  const results: Result[] = []
  try {
    process.stdout.write(`  ${database} server RSS after start: ${String(Math.round(await rssMb(server.pid)))} MB\n`)
    // every household is made first, one at a time: a sign-up's password hash takes memory of its own
    const planned: { c: Case; cookies: string[] }[] = []
    for (const c of await cases(server.base)) {
      const cookies: string[] = []
      for (let i = 0; i < (c.copies ?? 1); i++) cookies.push(await register(server.base))
      if (c.household === 'not empty') {
        for (const cookie of cookies) await request(`${server.base}/api/accounts`, { method: 'POST', headers: { cookie }, body: { name: 'Mine', type: 'checking' } })
      }
      planned.push({ c, cookies })
    }
    for (const { c, cookies } of planned) {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const before = await rssMb(server.pid)
      await writeFile(`/proc/${String(server.pid)}/clear_refs`, '5').catch(() => undefined)
      const started = performance.now()
      const replies = await Promise.all(cookies.map((cookie) => upload(server.base, cookie, c.bytes, c.fileName)))
      const seconds = (performance.now() - started) / 1000
      const peak = await peakRssMb(server.pid)
      const statuses = replies.map((r) => r.status)
      // an unexpected answer is reported, not thrown: the bench also measures older builds
      const unexpected = statuses.includes(c.expect) ? '' : ` (expected ${String(c.expect)}: ${replies[0]?.body.slice(0, 120) ?? ''})`
      const status = [...new Set(statuses)].map((s) => `${String(s)}${statuses.length > 1 ? ` ×${String(statuses.filter((x) => x === s).length)}` : ''}`).join(', ')
      const result = { database, case: c.name, zipKb: c.bytes.length / 1024, status: `${status}${unexpected}`, seconds, rssBeforeMb: before, peakRssMb: peak }
      results.push(result)
      process.stdout.write(
        `  ${database} ${c.name} (${Math.round(result.zipKb).toLocaleString('en-US')} KB): ${result.status} in ${seconds.toFixed(2)} s, RSS ${Math.round(before)} → peak ${Math.round(peak)} MB (+${String(Math.round(peak - before))}) ${peak <= IMPORT_RSS_TARGET_MB ? 'PASS' : 'FAIL'}\n`,
      )
    }
  } finally {
    await server.stop()
  }
  return results
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kinwise-export-import-bench-'))
  const results: Result[] = []
  try {
    if (DBS.includes('pglite')) {
      const dataDir = path.join(dir, 'pglite')
      await mkdir(dataDir)
      results.push(...(await runOn('pglite', { KINWISE_DATA_DIR: dataDir }, dir)))
    }
    const adminUrl = process.env.DATABASE_URL
    if (DBS.includes('postgres') && adminUrl) {
      const name = `kinwise_bench_export_${String(process.pid)}`
      const admin = new pg.Client({ connectionString: adminUrl })
      await admin.connect()
      await admin.query(`create database ${name}`)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      try {
        results.push(...(await runOn('postgres', { DATABASE_URL: url.toString() }, dir)))
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true })
  await writeFile(path.join(ROOT, 'bench/results/export-import.json'), `${JSON.stringify({ targetMb: IMPORT_RSS_TARGET_MB, results }, null, 2)}\n`)
  const failed = results.filter((r) => r.peakRssMb > IMPORT_RSS_TARGET_MB)
  process.stdout.write(`${failed.length ? `${String(failed.length)} over` : 'All under'} the ${String(IMPORT_RSS_TARGET_MB)} MB target; bench/results/export-import.json\n`)
}

await main()
