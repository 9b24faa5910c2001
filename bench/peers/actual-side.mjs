// Actual Budget's side of the peer comparison, run as its own process with the published
// @actual-app/api installed in a temporary folder: a local budget (no server, no network), the
// bench's generated transactions imported account by account with importTransactions (its bank
// import: reconcile + rules), then one month's spending read back. Prints JSON.
//   node actual-side.mjs <folder with node_modules/@actual-app/api> <data.json> <budget dir>
import { createRequire } from 'node:module'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const [apiFolder = '', dataFile = '', budgetDir = ''] = process.argv.slice(2)
const require = createRequire(path.join(apiFolder, 'package.json'))
const api = await import(pathToFileURL(require.resolve('@actual-app/api')).href)

/** @type {{ accounts: { key: string, name: string }[], categories: string[], month: string, rows: { a: string, d: string, m: number, p: string, c: string | null }[] }} */
const data = JSON.parse(await readFile(dataFile, 'utf8'))
// the API logs every reconciled transaction; silence it so only Actual's own work is timed
const quiet = () => undefined
console.log = quiet
console.info = quiet
console.debug = quiet
console.warn = quiet
const peakRss = { mb: 0 }
const timer = setInterval(
  () => (peakRss.mb = Math.max(peakRss.mb, process.memoryUsage().rss / 1048576)),
  100,
)

await api.init({ dataDir: budgetDir })
/** @type {Record<string, string>} */
const accountIds = {}
/** @type {Record<string, string>} */
const categoryIds = {}
await api.runImport('Kinwise bench', async () => {
  const group = await api.createCategoryGroup({ name: 'Bench' })
  for (const name of data.categories)
    categoryIds[name] = await api.createCategory({ name, group_id: group })
  for (const account of data.accounts)
    accountIds[account.key] = await api.createAccount({ name: account.name, offbudget: false }, 0)
})
const budgets = await api.getBudgets()
const budget =
  budgets.find((/** @type {{ name: string }} */ b) => b.name === 'Kinwise bench') ?? budgets[0]
await api.loadBudget(budget.id)

const started = performance.now()
let added = 0
for (const account of data.accounts) {
  const rows = data.rows
    .filter((r) => r.a === account.key)
    .map((r) => ({
      date: r.d,
      amount: r.m,
      payee_name: r.p || 'Transfer',
      ...(r.c && categoryIds[r.c] ? { category: categoryIds[r.c] } : {}),
    }))
  if (rows.length === 0) continue
  const result = await api.importTransactions(accountIds[account.key], rows)
  added += result.added?.length ?? 0
}
const importSeconds = (performance.now() - started) / 1000

// one month's spending, as a budget page or a report reads it
const first = `${data.month}-01`
const last = `${data.month}-31`
const query = api
  .q('transactions')
  .filter({ date: { $gte: first, $lte: last }, amount: { $lt: 0 } })
  .calculate({ $sum: '$amount' })
const queryMs = []
const budgetMonthMs = []
let spent = 0
for (let i = 0; i < 20; i++) {
  const t0 = performance.now()
  const result = await api.aqlQuery(query)
  queryMs.push(performance.now() - t0)
  spent = result.data
  const t1 = performance.now()
  await api.getBudgetMonth(data.month)
  budgetMonthMs.push(performance.now() - t1)
}
clearInterval(timer)
await api.shutdown()
process.stdout.write(
  `\n@@RESULT${JSON.stringify({ importSeconds, added, queryMs, budgetMonthMs, spent, peakRssMb: peakRss.mb })}\n`,
)
process.exit(0)
