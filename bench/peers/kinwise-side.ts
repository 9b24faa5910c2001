// Kinwise's side of the peer comparison, run as its own process: a fresh embedded database
// (PGlite in its worker thread), the same generated rows imported account by account as CSV
// statements through the import service (parse, duplicate check, transfers, rules, ledger), then
// one month's spending (the monthly summary the dashboard shows). Prints JSON after @@RESULT.
//   node --import tsx bench/peers/kinwise-side.ts <data.json> <data dir>
import { readFile } from 'node:fs/promises'
import { openDatabase } from '../../src/server/db/connect'
import { accounts } from '../../src/server/db/schema'
import { monthlySummary } from '../../src/server/modules/analytics/service'
import { createUser } from '../../src/server/modules/auth/service'
import { importStatement } from '../../src/server/modules/imports/service'
import type { PeerData } from './data'

const [dataFile = '', dataDir = ''] = process.argv.slice(2)
const data = JSON.parse(await readFile(dataFile, 'utf8')) as PeerData
const peak = { mb: 0 }
const timer = setInterval(
  () => (peak.mb = Math.max(peak.mb, process.memoryUsage().rss / 1048576)),
  100,
)

const database = await openDatabase({ kind: 'pglite', dataDir })
const user = await createUser(database.db, {
  email: 'peer@example.com',
  firstName: 'Peer',
  lastName: 'Bench',
})
const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${String(Math.floor(Math.abs(cents) / 100))}.${String(Math.abs(cents) % 100).padStart(2, '0')}`
const quote = (text: string) => `"${text.replace(/"/g, '""')}"`
const now = new Date()

const started = performance.now()
let added = 0
for (const account of data.accounts) {
  const rows = data.rows.filter((r) => r.a === account.key)
  if (rows.length === 0) continue
  const [created] = await database.db
    .insert(accounts)
    .values({
      householdId: user.householdId,
      userId: user.id,
      name: account.name,
      type: 'checking',
    })
    .returning({ id: accounts.id })
  const csv = [
    'Date,Description,Amount,Category',
    ...rows.map((r) => `${r.d},${quote(r.p || 'Transfer')},${money(r.m)},${quote(r.c ?? '')}`),
  ].join('\n')
  const result = await importStatement(
    database.db,
    user,
    {
      bytes: new TextEncoder().encode(`${csv}\n`),
      fileName: `${account.key}.csv`,
      preview: false,
      accountId: created?.id ?? '',
    },
    now,
  )
  added += result.added
}
const importSeconds = (performance.now() - started) / 1000

const queryMs: number[] = []
let spent = 0
for (let i = 0; i < 20; i++) {
  const t0 = performance.now()
  const summary = await monthlySummary(database.db, user, now, data.month)
  queryMs.push(performance.now() - t0)
  spent = -summary.expenses
}
clearInterval(timer)
await database.close()
process.stdout.write(
  `\n@@RESULT${JSON.stringify({ importSeconds, added, queryMs, spent, peakRssMb: peak.mb })}\n`,
)
process.exit(0)
