// The kill test: an import is all or nothing. The CLI imports a generated 200k-row CSV into a
// fresh embedded database in a temp folder and is killed with SIGKILL while it writes; the
// database then holds none of that import's rows (or all of them, had it finished), balances
// agree with the rows, and running the import again brings in each row exactly once.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile, rm, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openDatabase, type Database } from '#src/server/db/connect'
import { accounts, importBatches, transactions } from '#src/server/db/schema'
import { createUser } from '../auth/service'

const ROOT = path.resolve(import.meta.dirname, '../../../..')
const ROWS = 200_000
const EMAIL = 'killed@example.com'

let dir: string
let file: string
let accountId: string
let expectedBalance = 0

function csv(): string {
  const lines = ['Date,Description,Amount,Transaction ID']
  for (let i = 0; i < ROWS; i++) {
    const cents = ((i * 7919) % 50_000) - 20_000
    expectedBalance += cents
    const amount = `${cents < 0 ? '-' : ''}${String(Math.floor(Math.abs(cents) / 100))}.${String(Math.abs(cents) % 100).padStart(2, '0')}`
    const date = new Date(Date.UTC(2023, 0, 1 + Math.floor(i / 200))).toISOString().slice(0, 10)
    lines.push(`${date},Payee ${String(i % 1500)},${amount},K${String(i)}`)
  }
  return `${lines.join('\n')}\n`
}

/** A migrated data directory: from the test run's snapshot when there is one (fast), else initdb. */
async function prepareDataDir(): Promise<void> {
  const snapshot = inject('pgliteSnapshot')
  if (snapshot) {
    const db = await PGlite.create({ dataDir: path.join(dir, 'pgdata'), loadDataDir: new Blob([await readFile(snapshot)]) })
    await db.close()
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: dir })
  try {
    const user = await createUser(database.db, { email: EMAIL, firstName: 'Kill', lastName: 'Test' })
    const [row] = await database.db
      .insert(accounts)
      .values({ householdId: user.householdId, userId: user.id, name: 'Checking', type: 'checking' })
      .returning({ id: accounts.id })
    accountId = row?.id ?? ''
  } finally {
    await database.close()
  }
}

function runCli(...extra: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null>; wrote: Promise<void> } {
  const env: NodeJS.ProcessEnv = { ...process.env, KINWISE_DATA_DIR: dir, LOG_LEVEL: 'silent' }
  delete env['DATABASE_URL']
  // node itself (not npx, which would leave its child running when killed) with tsx as loader
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'import', '--email', EMAIL, '--file', file, '--account-id', accountId, ...extra], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let resolveWrote: () => void = () => undefined
  const wrote = new Promise<void>((resolve) => {
    resolveWrote = resolve
  })
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    if (out.includes('Writing')) resolveWrote()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  void exited.then(() => resolveWrote())
  return { child, output: () => out, exited, wrote }
}

async function state(): Promise<{ rows: number; distinct: number; sum: number; balance: number; batches: number }> {
  const database: Database = await openDatabase({ kind: 'pglite', dataDir: dir })
  try {
    const [counts] = await database.db
      .select({
        rows: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct ${transactions.externalId})::int`,
        sum: sql<string>`coalesce(sum(${transactions.amount}), 0)::text`,
      })
      .from(transactions)
      .where(eq(transactions.accountId, accountId))
    const [account] = await database.db.select({ balance: accounts.balance }).from(accounts).where(eq(accounts.id, accountId))
    const [batches] = await database.db.select({ n: sql<number>`count(*)::int` }).from(importBatches)
    return { rows: counts?.rows ?? -1, distinct: counts?.distinct ?? -1, sum: Number(counts?.sum ?? NaN), balance: account?.balance ?? NaN, batches: batches?.n ?? -1 }
  } finally {
    await database.close()
  }
}

describe('an import killed mid-way', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kinwise-kill-'))
    file = path.join(dir, 'statement.csv')
    await writeFile(file, csv())
    await prepareDataDir()
  }, 60_000)
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('previews through the CLI without writing', async () => {
    const preview = runCli('--preview')
    expect(await preview.exited, preview.output()).toBe(0)
    expect(preview.output()).toContain('Preview (nothing written): 200,000 new transactions')
    expect(await state()).toMatchObject({ rows: 0, batches: 0 })
  }, 60_000)

  it('leaves none of its rows (or all), and importing again adds each row exactly once', async () => {
    const first = runCli()
    await first.wrote
    // let it write for a moment: the outcome must not depend on when the kill lands
    await new Promise((resolve) => setTimeout(resolve, 400))
    const killed = first.child.kill('SIGKILL')
    const code = await first.exited
    const finished = code === 0

    const after = await state()
    if (finished) {
      console.log(`the import finished before the kill (exit ${String(code)})`)
      expect(after).toMatchObject({ rows: ROWS, distinct: ROWS, batches: 1 })
    } else {
      expect(killed).toBe(true)
      expect(first.output()).toContain('Writing transactions')
      expect(after).toMatchObject({ rows: 0, batches: 0, balance: 0 })
    }
    expect(after.balance).toBe(after.sum)

    const second = runCli()
    expect(await second.exited, second.output()).toBe(0)
    expect(second.output()).toMatch(finished ? /Imported 0 new transactions.*200,000 duplicates/ : /Imported 200,000 new transactions/)
    const end = await state()
    expect(end).toMatchObject({ rows: ROWS, distinct: ROWS, sum: expectedBalance, balance: expectedBalance, batches: finished ? 2 : 1 })
  }, 120_000)
})
