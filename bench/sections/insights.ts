// Section 13: Smart Insights, in-process on the pure domain: recurring detection and
// anomalies (per payee and per category month) over a generated 1M-transaction household, as
// the nightly job runs them (target ≤ 3 s), and the category classifier's top-1 accuracy on a
// held-out 20 % of the demo household and of a generated household with noisy payees.
import { monthAnomalies, transactionAnomalies, type SpendingRow } from '../../src/domain/insights/anomalies'
import { accuracy, trainModel, type LabelledRow } from '../../src/domain/insights/classifier'
import { detectRecurring } from '../../src/domain/insights/recurring'
import { dateOfDay, dayNumber } from '../../src/domain/insights/stats'
import { addMonths, startOfMonth } from '../../src/domain/dates'
import { asCents } from '../../src/domain/money'
import { generateTransactions, rng, type Rng } from '../../src/server/demo/generator'
import { row, type Row } from '../lib/report'
import { median, percentile } from '../lib/stats'

const TODAY = '2026-11-22'
const SECTION = '13 insights'

const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T

const SUBSCRIPTIONS = [
  ['Netflix', 'monthly', -1549],
  ['Spotify', 'monthly', -1099],
  ['Gym Plus', 'monthly', -3900],
  ['FiberNet', 'monthly', -6500],
  ['Dog Walker', 'weekly', -2500],
  ['Cleaning Crew', 'biweekly', -9000],
  ['SafeDrive Insurance', 'quarterly', -42000],
  ['Prime Membership', 'yearly', -13900],
] as const

/** A big household: subscriptions on schedule and about `target` everyday purchases at 400 shops. */
function bigHousehold(target: number): SpendingRow[] {
  const r = rng(7)
  const years = 4
  const from = dayNumber(addMonths(startOfMonth(TODAY), -12 * years))
  const to = dayNumber(TODAY)
  const shops = Array.from({ length: 400 }, (_, i) => ({
    names: Array.from({ length: 5 }, (_, v) => `POS PURCHASE SHOP${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))} #${1000 + v * 17}`),
    category: `cat${i % 25}`,
    typical: 500 + Math.floor(r() * 15_000),
  }))
  const accounts = ['checking', 'card', 'card2', 'cash']
  const rows: SpendingRow[] = []
  let n = 0
  for (const [payee, cadence, amount] of SUBSCRIPTIONS) {
    for (let d = from + Math.floor(r() * 7), k = 0; d <= to; k++) {
      rows.push({ id: `s${n++}`, accountId: 'card', payee, date: dateOfDay(d), amount: asCents(amount), categoryId: 'subs' })
      d =
        cadence === 'weekly'
          ? d + 7
          : cadence === 'biweekly'
            ? d + 14
            : dayNumber(addMonths(dateOfDay(from), (k + 1) * (cadence === 'monthly' ? 1 : cadence === 'quarterly' ? 3 : 12), 15))
    }
  }
  const days = to - from + 1
  while (rows.length < target) {
    const shop = pick(r, shops)
    const amount = -Math.max(100, Math.round(shop.typical * (0.5 + r()) * (r() < 0.002 ? 6 : 1)))
    rows.push({
      id: `t${n++}`,
      accountId: pick(r, accounts),
      payee: pick(r, shop.names),
      date: dateOfDay(from + Math.floor(r() * days)),
      amount: asCents(amount),
      categoryId: shop.category,
    })
  }
  return rows
}

/** Shuffles rows (seeded) and splits off the last 20 % to test on. */
function holdOut(rows: LabelledRow[], seed: number): { train: LabelledRow[]; test: LabelledRow[] } {
  const r = rng(seed)
  const shuffled = [...rows]
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1))
    const a = shuffled[i]
    const b = shuffled[j]
    if (a === undefined || b === undefined) continue
    shuffled[i] = b
    shuffled[j] = a
  }
  const cut = Math.floor(shuffled.length * 0.8)
  return { train: shuffled.slice(0, cut), test: shuffled.slice(cut) }
}

/** The demo household's categorised everyday rows (three years, as `seed-demo` makes them). */
function demoRows(): LabelledRow[] {
  const names = [
    'Salary', 'Rent & Mortgage', 'Electricity & Gas', 'Internet & Phone', 'Subscriptions', 'Insurance', 'Interest & Dividends',
    'Groceries', 'Dining Out', 'Fuel', 'Shopping', 'Entertainment', 'Personal Care', 'Public Transit', 'Health', 'Kids', 'Pets', 'Other Income',
  ]
  const out: LabelledRow[] = []
  generateTransactions(
    {
      householdId: 'h',
      userId: 'u',
      accounts: { checking: 'checking', savings: 'savings', card: 'card', investment: 'investment', loan: 'loan', mortgage: 'mortgage', cash: 'cash' },
      categories: Object.fromEntries(names.map((n) => [n, n])),
      from: addMonths(startOfMonth(TODAY), -36),
      to: TODAY,
    },
    (rows) => {
      for (const t of rows) {
        if (t.kind === 'standard' && t.categoryId) out.push({ payee: t.merchant || t.description, amount: t.amount, accountId: t.accountId, categoryId: t.categoryId })
      }
    },
  )
  return out
}

const NOISY_MERCHANTS: readonly (readonly [string, readonly (readonly [string, number])[]])[] = [
  ['Starbucks', [['Dining Out', 1]]],
  ['Blue Bottle Coffee', [['Dining Out', 1]]],
  ['Chipotle', [['Dining Out', 1]]],
  ['Whole Foods', [['Groceries', 0.9], ['Dining Out', 0.1]]],
  ['Trader Joes', [['Groceries', 1]]],
  ['Safeway', [['Groceries', 0.85], ['Pharmacy', 0.15]]],
  ['Walmart', [['Groceries', 0.5], ['Shopping', 0.4], ['Kids', 0.1]]],
  ['Target', [['Shopping', 0.6], ['Groceries', 0.25], ['Kids', 0.15]]],
  ['Amazon Mktp', [['Shopping', 0.7], ['Kids', 0.15], ['Home', 0.15]]],
  ['Costco Whse', [['Groceries', 0.7], ['Shopping', 0.3]]],
  ['Costco Gas', [['Fuel', 1]]],
  ['Shell Oil', [['Fuel', 1]]],
  ['Chevron', [['Fuel', 1]]],
  ['Uber Trip', [['Transport', 1]]],
  ['Uber Eats', [['Dining Out', 1]]],
  ['Lyft Ride', [['Transport', 1]]],
  ['CVS Pharmacy', [['Pharmacy', 0.8], ['Personal Care', 0.2]]],
  ['Walgreens', [['Pharmacy', 0.7], ['Personal Care', 0.3]]],
  ['Home Depot', [['Home', 1]]],
  ['Ikea', [['Home', 0.8], ['Shopping', 0.2]]],
  ['Petco', [['Pets', 1]]],
  ['Banfield Vet', [['Pets', 1]]],
  ['AMC Theatres', [['Entertainment', 1]]],
  ['Steam Games', [['Entertainment', 1]]],
  ['Toys R Us', [['Kids', 1]]],
  ['Great Clips', [['Personal Care', 1]]],
  ['Netflix Com', [['Subscriptions', 1]]],
  ['Spotify Usa', [['Subscriptions', 1]]],
  ['PG&E Web Pay', [['Utilities', 1]]],
  ['Comcast Cable', [['Utilities', 1]]],
]
const PREFIXES = ['', '', 'POS PURCHASE ', 'CHECKCARD 1104 ', 'SQ *', 'TST* ', 'DEBIT CARD PURCHASE ', 'PAYPAL *']
const CITIES = ['', 'SEATTLE WA', 'PORTLAND OR', 'SAN JOSE CA', 'AUSTIN TX']

/** A generated household whose payees look like bank text: prefixes, store numbers, cities, case, truncation, typos, and 5 % mislabelled rows. */
function noisyRows(count: number): LabelledRow[] {
  const r = rng(99)
  const categories = [...new Set(NOISY_MERCHANTS.flatMap(([, c]) => c.map(([name]) => name)))]
  const out: LabelledRow[] = []
  for (let i = 0; i < count; i++) {
    const [name, split] = pick(r, NOISY_MERCHANTS)
    let u = r()
    let category = split[0]?.[0] ?? ''
    for (const [c, share] of split) {
      if (u < share) {
        category = c
        break
      }
      u -= share
    }
    if (r() < 0.05) category = pick(r, categories)
    let text = `${pick(r, PREFIXES)}${name}${r() < 0.6 ? ` #${Math.floor(r() * 9000) + 100}` : ''} ${pick(r, CITIES)}`.trim()
    if (r() < 0.5) text = text.toUpperCase()
    if (r() < 0.1) text = text.slice(0, 18)
    if (r() < 0.05) {
      const at = Math.floor(r() * text.length)
      text = text.slice(0, at) + text.slice(at + 1)
    }
    const amount = -Math.round(300 + r() * (category === 'Groceries' || category === 'Shopping' ? 20_000 : 6000))
    out.push({ payee: text, amount: asCents(amount), accountId: r() < 0.7 ? 'card' : 'checking', categoryId: category })
  }
  return out
}

function timed(runs: number, work: () => void): number[] {
  const out: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    work()
    out.push(performance.now() - t)
  }
  return out
}

export function insightsSection(say: (line: string) => void, size = 1_000_000): Row[] {
  const rows: Row[] = []
  const big = bigHousehold(size)
  let found = 0
  let unusual = 0
  const runs = timed(3, () => {
    found = detectRecurring(big, TODAY).length
    const options = { today: TODAY, categoryNames: new Map<string, string>() }
    unusual = transactionAnomalies(big, options).length + monthAnomalies(big, options).length
  })
  say(`    recurring + anomalies over ${big.length.toLocaleString('en-US')} transactions: ${median(runs).toFixed(0)} ms median of 3 (${found} series, ${unusual} anomalies)`)
  rows.push(
    row({
      section: SECTION,
      figure: 'recurring detection + anomalies (payee and category month), domain, in-process',
      rows: big.length,
      median: median(runs),
      p99: percentile(runs, 99),
      targetOn: 'median',
      unit: 'ms',
      extra: `3 runs; ${found} series, ${unusual} anomalies`,
      target: { op: '<=', value: 3000 },
    }),
  )
  for (const [name, labelled, seed] of [
    ['demo household', demoRows(), 1],
    ['generated household, noisy payees', noisyRows(6000), 2],
  ] as const) {
    const { train, test } = holdOut(labelled, seed)
    const score = accuracy(trainModel(train), test) * 100
    say(`    classifier top-1 accuracy, ${name}: ${score.toFixed(1)} % on ${test.length.toLocaleString('en-US')} held-out rows`)
    rows.push(
      row({
        section: SECTION,
        figure: `category suggestions: top-1 accuracy on a held-out 20 % (${name})`,
        rows: labelled.length,
        median: score,
        unit: '%',
        extra: `trained on ${train.length.toLocaleString('en-US')}, tested on ${test.length.toLocaleString('en-US')}`,
      }),
    )
  }
  return rows
}
