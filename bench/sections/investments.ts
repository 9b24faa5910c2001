// Section 10, investments: on a seeded household, 50 securities with a price for every
// weekday of 20 years and 10k activities in its investment account (bench/lib/investments-plan.ts,
// written straight into the tables and revalued once by bench/lib/investments-seed.ts); then,
// on the built server, the calls of the /investments page one at a time (holdings and
// performance: target ≤ 200 ms, as the issue sets against Ghostfolio's 16 s for 1.9k
// activities), and the two writes that revalue the account: an activity and a price.
import path from 'node:path'
import { BENCH_EMAIL, BENCH_PASSWORD, type Dataset } from '../lib/datasets'
import { request, signIn } from '../lib/http'
import type { InvestmentSeedResult } from '../lib/investments-seed'
import { cpuMs, ROOT, run } from '../lib/proc'
import { row, type Row } from '../lib/report'
import { startServer } from '../lib/server'
import { summarize, type Summary } from '../lib/stats'

export const INVESTMENT_TARGETS = { readMs: 200 }

export type InvestmentOptions = {
  securities: number
  activities: number
  years: number
  /** a price every weekday, or every Friday */
  priceEvery: 'day' | 'week'
  /** timed runs of each call */
  repeats: number
  /** timed runs of each write */
  writes: number
  workDir: string
}

const say = (line: string) => process.stdout.write(`${line}\n`)

/** Adds the investments to the dataset's household (in a child process) and revalues once. */
async function seed(dataset: Dataset, options: InvestmentOptions): Promise<InvestmentSeedResult> {
  const clean = { ...process.env }
  delete clean.DATABASE_URL
  delete clean.KINWISE_DATA_DIR
  const result = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'bench/lib/investments-seed.ts'),
      '--email',
      BENCH_EMAIL,
      '--securities',
      String(options.securities),
      '--activities',
      String(options.activities),
      '--years',
      String(options.years),
      '--prices',
      options.priceEvery,
    ],
    { env: { ...clean, ...dataset.env, LOG_LEVEL: 'warn' }, timeoutMs: 20 * 60_000 },
  )
  const line = result.stdout.trim().split('\n').at(-1) ?? ''
  return JSON.parse(line) as InvestmentSeedResult
}

async function timed(
  base: string,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ ms: number; body: string }> {
  const reply = await request(`${base}${url}`, {
    method,
    headers: { cookie },
    ...(body === undefined ? {} : { body }),
  })
  if (reply.status < 200 || reply.status >= 300)
    throw new Error(`${method} ${url}: ${String(reply.status)} ${reply.body.slice(0, 300)}`)
  return { ms: reply.ms, body: reply.body }
}

async function repeat(
  times: number,
  work: (i: number) => Promise<{ ms: number }>,
): Promise<Summary> {
  const values: number[] = []
  for (let i = 0; i < times; i++) values.push((await work(i)).ms)
  return summarize(values)
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

export async function investmentsSection(
  dataset: Dataset,
  options: InvestmentOptions,
): Promise<{ rows: Row[]; raw: Record<string, unknown> }> {
  const { db, size } = dataset
  const tag = { db, rows: size }
  const rows: Row[] = []
  const raw: Record<string, unknown> = {}

  say(
    `    seeding ${String(options.securities)} securities, ${options.activities.toLocaleString('en-US')} activities over ${String(options.years)} years…`,
  )
  const seeded = await seed(dataset, options)
  raw.seed = seeded
  say(
    `    seeded ${seeded.activities.toLocaleString('en-US')} activities and ${seeded.prices.toLocaleString('en-US')} prices in ${seeded.insertSeconds.toFixed(1)} s; revalued in ${seeded.revalueSeconds.toFixed(2)} s`,
  )
  const what = `${String(seeded.securities)} sec., ${(seeded.activities / 1000).toFixed(0)}k act., ${(seeded.prices / 1000).toFixed(0)}k prices`
  rows.push(
    row({
      section: '10 investments',
      figure: `seed: ${what} (tables, one transaction)`,
      ...tag,
      median: seeded.insertSeconds,
      unit: 's',
    }),
    row({
      section: '10 investments',
      figure: 'revalueAccounts once after the seed (20 years of month ends)',
      ...tag,
      median: seeded.revalueSeconds * 1000,
      unit: 'ms',
    }),
  )

  const server = await startServer(
    dataset.env,
    path.join(options.workDir, `server-investments-${db}-${String(size)}.log`),
  )
  try {
    const cookie = await signIn(server.base, BENCH_EMAIL, BENCH_PASSWORD)
    const account = seeded.accountId
    const today = isoDay(new Date())
    const yearAgo = isoDay(new Date(Date.now() - 365 * 86_400_000))
    const reads: { name: string; url: string; target: boolean }[] = [
      {
        name: 'GET holdings (the account)',
        url: `/api/investments/holdings?accountId=${account}`,
        target: true,
      },
      { name: 'GET holdings (every account)', url: '/api/investments/holdings', target: true },
      {
        name: 'GET performance, all (20 years)',
        url: `/api/investments/performance?accountId=${account}&from=${seeded.firstDate}&to=${today}`,
        target: true,
      },
      {
        name: 'GET performance, 1Y',
        url: `/api/investments/performance?accountId=${account}&from=${yearAgo}&to=${today}`,
        target: true,
      },
      {
        name: 'GET valuation, all',
        url: `/api/investments/valuation?accountId=${account}&range=all`,
        target: false,
      },
      { name: 'GET income', url: `/api/investments/income?accountId=${account}`, target: false },
      { name: 'GET allocation', url: '/api/investments/allocation', target: false },
    ]
    const figures: Record<string, Summary> = {}
    // the server's CPU time per call (every thread): what the wall time would be on a quiet
    // machine, for calls that keep one core busy
    const cpuPerCall: Record<string, number> = {}
    for (const r of reads) {
      // a call this build does not answer is a SKIP row (the ones with a target fail the section)
      const first = await request(`${server.base}${r.url}`, { headers: { cookie } })
      if (first.status !== 200 && !r.target) {
        say(`    ${r.name}: ${String(first.status)} ${first.body.slice(0, 120)}`)
        rows.push(
          row({
            section: '10 investments',
            figure: r.name,
            ...tag,
            unit: 'ms',
            status: 'SKIP',
            note: `answers ${String(first.status)}`,
          }),
        )
        continue
      }
      // warm-up: a few answers first (caches, JIT)
      for (let i = 0; i < 3; i++) await timed(server.base, cookie, 'GET', r.url)
      const cpuBefore = await cpuMs(server.pid)
      const s = await repeat(options.repeats, () => timed(server.base, cookie, 'GET', r.url))
      const cpu = ((await cpuMs(server.pid)) - cpuBefore) / s.n
      figures[r.name] = s
      cpuPerCall[r.name] = cpu
      say(
        `    ${r.name.padEnd(44)} ${s.median.toFixed(1)} / ${s.p99.toFixed(1)} ms (median / p99 of ${String(s.n)}), server CPU ${cpu.toFixed(0)} ms a call`,
      )
      rows.push(
        row({
          section: '10 investments',
          figure: `${r.name}, one at a time`,
          ...tag,
          median: s.median,
          p99: s.p99,
          unit: 'ms',
          extra: `server CPU ${cpu.toFixed(0)} ms/call; ${String(s.n)} runs; ${what}`,
          ...(r.target ? { target: { op: '<=' as const, value: INVESTMENT_TARGETS.readMs } } : {}),
        }),
      )
    }

    // the writes: each revalues the account (its 10k activities, 20 years of month ends)
    const symbol = seeded.heldSymbol
    const latest = JSON.parse(
      (
        await timed(
          server.base,
          cookie,
          'GET',
          `/api/investments/prices?symbol=${symbol}&from=${yearAgo}`,
        )
      ).body,
    ) as { price: number }[]
    const price = latest[0]?.price ?? 100
    const writes: { name: string; method: string; url: string; body: (i: number) => unknown }[] = [
      {
        name: 'POST activity (a buy; revalues the account)',
        method: 'POST',
        url: '/api/investments/activities',
        body: () => ({
          accountId: account,
          symbol,
          type: 'buy',
          date: today,
          quantity: 1,
          price,
          fees: 0,
        }),
      },
      {
        name: "PUT price (today's; revalues holders)",
        method: 'PUT',
        url: '/api/investments/prices',
        body: (i) => ({
          symbol,
          date: today,
          price: Math.round(price * (1 + (i % 7) / 100) * 1e4) / 1e4,
        }),
      },
    ]
    for (const w of writes) {
      const cpuBefore = await cpuMs(server.pid)
      const s = await repeat(options.writes, (i) =>
        timed(server.base, cookie, w.method, w.url, w.body(i)),
      )
      const cpu = ((await cpuMs(server.pid)) - cpuBefore) / s.n
      figures[w.name] = s
      cpuPerCall[w.name] = cpu
      say(
        `    ${w.name.padEnd(44)} ${s.median.toFixed(1)} / ${s.p99.toFixed(1)} ms (median / p99 of ${String(s.n)}), server CPU ${cpu.toFixed(0)} ms a call`,
      )
      rows.push(
        row({
          section: '10 investments',
          figure: `${w.name}, one at a time`,
          ...tag,
          median: s.median,
          p99: s.p99,
          unit: 'ms',
          extra: `server CPU ${cpu.toFixed(0)} ms/call; ${String(s.n)} runs`,
        }),
      )
    }
    raw.figures = figures
    raw.serverCpuMsPerCall = cpuPerCall
    return { rows, raw }
  } finally {
    await server.stop()
  }
}
