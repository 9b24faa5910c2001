// Times the transactions page in Chromium against a running server with a big household (seed
// one with `npm run seed -- --transactions 100000 …` into its own KINWISE_DATA_DIR, then start a
// server on it): the first render of the table after navigation, and a search filter, each
// measured with performance.now() in the page. Prints the figures; asserts nothing.
//   npx tsx scripts/measure-transactions-page.ts --url http://127.0.0.1:3200 --email … --password …
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string' },
    password: { type: 'string' },
    search: { type: 'string', default: 'market' },
    runs: { type: 'string', default: '5' },
  },
})
if (!values.email || !values.password) {
  process.stderr.write('usage: --url URL --email E --password P [--search text] [--runs n]\n')
  process.exit(2)
}
const runs = Number(values.runs)
const browser = await chromium.launch({
  executablePath: process.env.KINWISE_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
const login = await context.request.post(`${values.url}/api/auth/login`, {
  data: { email: values.email, password: values.password },
})
if (!login.ok()) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`)
const page = await context.newPage()
const rows = page.getByTestId('transaction-row')

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const firstRender: number[] = []
const filter: number[] = []
const domRows: number[] = []
for (let i = 0; i < runs; i += 1) {
  // a client-side navigation from the dashboard, as a person clicks Transactions
  await page.goto(`${values.url}/`)
  await page.getByTestId('dashboard').waitFor()
  await page.evaluate(() => {
    performance.clearMarks()
    performance.mark('kw-start')
  })
  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: /^Transactions/ })
    .click()
  await rows.first().waitFor()
  firstRender.push(await page.evaluate(() => performance.measure('kw-render', 'kw-start').duration))
  domRows.push(await rows.count())

  // type a search; the figure runs from the keystroke through the debounce, the query and the
  // new rows on screen
  const before = await rows.first().innerText()
  await page.evaluate(() => {
    performance.clearMarks()
    performance.mark('kw-start')
  })
  await page.getByRole('searchbox', { name: 'Search transactions' }).fill(values.search)
  await page.waitForFunction((old) => {
    const first = document.querySelector('[data-testid="transaction-row"]')
    return (
      new URL(window.location.href).searchParams.get('q') !== null &&
      first !== null &&
      first.textContent !== old
    )
  }, before)
  filter.push(await page.evaluate(() => performance.measure('kw-filter', 'kw-start').duration))
}
await browser.close()
const fmt = (xs: number[]): string => xs.map((x) => x.toFixed(0)).join(', ')
process.stdout.write(
  [
    `transactions page, ${runs} runs`,
    `  first render (click → first rows on screen): median ${median(firstRender).toFixed(0)} ms  [${fmt(firstRender)}]`,
    `  search "${values.search}" (keystroke → new rows, incl. 300 ms debounce): median ${median(filter).toFixed(0)} ms  [${fmt(filter)}]`,
    `  rows in the DOM after first render: ${domRows.join(', ')} (virtualized)`,
    '',
  ].join('\n'),
)
