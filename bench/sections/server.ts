// Sections 1, 2, 3, 5 (existing data dir) and 6 for one data set: start the built server on it,
// then the dashboard calls under 1/5/20 connections, the no-database route idle and under load,
// the transactions page, start-up time and the server's RSS.
import path from 'node:path'
import { DASHBOARD_CALLS, PAGE_CALLS } from '../lib/dashboard'
import { BENCH_EMAIL, BENCH_PASSWORD, type Dataset } from '../lib/datasets'
import { request, signIn } from '../lib/http'
import { transactionsInBrowser } from './browser'
import { load, probe, type LoadResult } from '../lib/load'
import { rssMb } from '../lib/proc'
import { row, type Row } from '../lib/report'
import { sampleRss, startServer, type ServerHandle } from '../lib/server'
import { median, sleep, summarize, type Summary } from '../lib/stats'

export { DASHBOARD_CALLS, PAGE_CALLS }

export const CONCURRENCY = [1, 5, 20] as const

export const TARGETS = {
  dashboardP99Ms: 50,
  isolationFactor: 2,
  startupMs: 2000,
  rssMb: 400,
}

export type ServerOptions = {
  /** seconds of load per endpoint and concurrency */
  loadSeconds: number
  /** seconds of the mixed load the isolation probe runs under */
  isolationSeconds: number
  startRuns: number
  pageRepeats: number
  workDir: string
}

export type DashboardFigure = { call: string; connections: number; result: LoadResult }

export type ServerFigures = {
  db: string
  size: number
  rows: Row[]
  dashboard: DashboardFigure[]
  raw: Record<string, unknown>
}

const say = (line: string) => process.stdout.write(`${line}\n`)

async function timeRepeated(times: number, work: () => Promise<number>): Promise<Summary> {
  const values: number[] = []
  for (let i = 0; i < times; i++) values.push(await work())
  return summarize(values)
}

async function get(
  base: string,
  path_: string,
  cookie: string,
): Promise<{ ms: number; body: string; next: string | null }> {
  const reply = await request(`${base}${path_}`, { headers: { cookie } })
  if (reply.status !== 200)
    throw new Error(`GET ${path_}: ${String(reply.status)} ${reply.body.slice(0, 200)}`)
  const next = reply.headers['x-next-cursor']
  return { ms: reply.ms, body: reply.body, next: typeof next === 'string' ? next : null }
}

/** GET /api/health one at a time while 20 connections ask for `paths` for `seconds`. */
async function probeUnderLoad(
  base: string,
  paths: string[],
  seconds: number,
  cookie: string,
): Promise<{ probed: Summary; load: LoadResult }> {
  const running = load({ base, paths, connections: 20, durationS: seconds, cookie })
  await sleep(500)
  const probed = await probe(`${base}/api/health`, Math.max(1, seconds - 1.5))
  return { probed, load: await running }
}

export async function serverSections(
  dataset: Dataset,
  options: ServerOptions,
): Promise<ServerFigures> {
  const { db, size } = dataset
  const rows: Row[] = []
  const raw: Record<string, unknown> = {}
  const logFile = path.join(options.workDir, `server-${db}-${String(size)}.log`)
  const tag = { db, rows: size }

  // 5. start-up on the existing data: a few cold starts, the last one stays up for the loads
  const startTimes: number[] = []
  let server: ServerHandle | null = null
  const runs = db === 'pglite' ? options.startRuns : 1
  for (let i = 0; i < runs; i++) {
    server = await startServer(dataset.env, logFile)
    startTimes.push(server.startMs)
    if (i < runs - 1) await server.stop()
  }
  if (!server) throw new Error('no server')
  const startup = summarize(startTimes)
  raw.startupMs = startTimes
  say(`    start-up to first 200: ${startTimes.map((t) => t.toFixed(0)).join(', ')} ms`)
  rows.push(
    row({
      section: '5 start-up',
      figure: db === 'pglite' ? 'existing data dir → first 200' : 'existing database → first 200',
      ...tag,
      median: startup.median,
      p99: startup.p99,
      unit: 'ms',
      extra: `${String(startup.n)} starts`,
      ...(db === 'pglite' ? { target: { op: '<=' as const, value: TARGETS.startupMs } } : {}),
    }),
  )

  try {
    await sleep(1000)
    const rssAfterStart = await rssMb(server.pid)
    const cookie = await signIn(server.base, BENCH_EMAIL, BENCH_PASSWORD)

    // warm-up: every call a few times, checking each answers 200
    for (let i = 0; i < 3; i++)
      for (const call of DASHBOARD_CALLS) await get(server.base, call, cookie)

    // 2. the no-database route, idle
    const idle = await probe(`${server.base}/api/health`, Math.max(2, options.isolationSeconds - 1))

    const rss = sampleRss(server.pid)
    // 1. every dashboard call (and the Spending Plan page's) under 1, 5 and 20 connections
    const dashboard: DashboardFigure[] = []
    for (const call of [...DASHBOARD_CALLS, ...PAGE_CALLS]) {
      const cells: string[] = []
      for (const connections of CONCURRENCY) {
        const result = await load({
          base: server.base,
          paths: [call],
          connections,
          durationS: options.loadSeconds,
          cookie,
        })
        if (result.errors)
          say(`    ! ${call} c=${String(connections)}: ${String(result.errors)} errors`)
        dashboard.push({ call, connections, result })
        cells.push(
          `c${String(connections)} ${result.latency.median.toFixed(1)}/${result.latency.p99.toFixed(1)} ms`,
        )
      }
      say(`    ${call.padEnd(32)} ${cells.join('  ')}`)
    }
    const worst = dashboard
      .filter((d) => d.connections === 20 && (DASHBOARD_CALLS as readonly string[]).includes(d.call))
      .reduce((a, b) => (b.result.latency.p99 > a.result.latency.p99 ? b : a))
    rows.push(
      row({
        section: '1 dashboard',
        figure: `every call, 20 conn.: worst (${worst.call.replace('/api/', '')})`,
        ...tag,
        median: worst.result.latency.median,
        p99: worst.result.latency.p99,
        unit: 'ms',
        extra: `${worst.result.rps.toFixed(0)} req/s`,
        target: { op: '<=', value: TARGETS.dashboardP99Ms },
      }),
    )

    // 2. the no-database route while all dashboard calls run under 20 connections
    const { probed: loaded, load: mixed } = await probeUnderLoad(
      server.base,
      [...DASHBOARD_CALLS],
      options.isolationSeconds,
      cookie,
    )
    const rssLoad = await rss.stop()
    await sleep(1000)
    const rssAfterLoad = await rssMb(server.pid)
    raw.isolation = { idle, loaded, mixed }
    say(
      `    /api/health p99 idle ${idle.p99.toFixed(2)} ms, under load ${loaded.p99.toFixed(2)} ms (dashboard mix p99 ${mixed.latency.p99.toFixed(1)} ms)`,
    )
    rows.push(
      row({
        section: '1 dashboard',
        figure: 'all calls mixed, 20 conn.',
        ...tag,
        median: mixed.latency.median,
        p99: mixed.latency.p99,
        unit: 'ms',
        extra: `${mixed.rps.toFixed(0)} req/s`,
        target: { op: '<=', value: TARGETS.dashboardP99Ms },
      }),
      row({
        section: '2 isolation',
        figure: 'GET /api/health idle',
        ...tag,
        median: idle.median,
        p99: idle.p99,
        unit: 'ms',
      }),
      row({
        section: '2 isolation',
        figure: 'GET /api/health under dashboard load',
        ...tag,
        median: loaded.median,
        p99: loaded.p99,
        unit: 'ms',
        extra: `${(loaded.p99 / idle.p99).toFixed(1)}× idle`,
        target: {
          op: '<=',
          value: Number((idle.p99 * TARGETS.isolationFactor).toFixed(2)),
          label: `≤ 2× idle (${(idle.p99 * 2).toFixed(2)} ms)`,
        },
      }),
    )

    // 2. control: the same probe while 20 connections ask the no-database route itself. What a
    // saturated Node.js process does to a cheap route with no database anywhere: the part of
    // the figure above that is the CPU, not the database.
    const { probed: control, load: controlLoad } = await probeUnderLoad(
      server.base,
      ['/api/health'],
      options.isolationSeconds,
      cookie,
    )
    raw.isolationControl = { control, controlLoad }
    say(
      `    /api/health p99 under no-database load ${control.p99.toFixed(2)} ms (${controlLoad.rps.toFixed(0)} req/s of /api/health)`,
    )
    rows.push(
      row({
        section: '2 isolation',
        figure: 'GET /api/health under no-database load (control)',
        ...tag,
        median: control.median,
        p99: control.p99,
        unit: 'ms',
        extra: `${(control.p99 / idle.p99).toFixed(1)}× idle, ${controlLoad.rps.toFixed(0)} req/s`,
      }),
    )

    // 6. memory (the embedded database lives in the server process)
    if (db === 'pglite') {
      raw.rss = {
        afterStart: rssAfterStart,
        peakUnderLoad: rssLoad.peakMb,
        afterLoad: rssAfterLoad,
      }
      say(
        `    RSS after start ${rssAfterStart.toFixed(0)} MB, peak under load ${rssLoad.peakMb.toFixed(0)} MB, after ${rssAfterLoad.toFixed(0)} MB`,
      )
      rows.push(
        row({
          section: '6 memory',
          figure: 'server RSS after start',
          ...tag,
          median: rssAfterStart,
          unit: 'MB',
          target: { op: '<=', value: TARGETS.rssMb },
        }),
        row({
          section: '6 memory',
          figure: 'server RSS after the dashboard load',
          ...tag,
          median: rssAfterLoad,
          unit: 'MB',
          extra: `peak ${rssLoad.peakMb.toFixed(0)} MB`,
          target: { op: '<=', value: TARGETS.rssMb },
        }),
      )
    }

    // 3. the transactions page
    rows.push(...(await transactionsPage(server.base, cookie, options.pageRepeats, tag, raw)))
    rows.push(
      ...(await transactionsInBrowser(
        server.base,
        cookie,
        Math.max(2, Math.ceil(options.pageRepeats / 6)),
        tag,
        raw,
      )),
    )
    return { db, size, rows, dashboard, raw }
  } finally {
    await server.stop()
  }
}

type Named = { id: string; name: string }

async function transactionsPage(
  base: string,
  cookie: string,
  repeats: number,
  tag: { db: string; rows: number },
  raw: Record<string, unknown>,
): Promise<Row[]> {
  const accounts = JSON.parse((await get(base, '/api/accounts', cookie)).body) as Named[]
  const categories = JSON.parse((await get(base, '/api/categories', cookie)).body) as Named[]
  const card = accounts.find((a) => a.name === 'Visa Rewards') ?? accounts[0]
  const groceries = categories.find((c) => c.name === 'Groceries') ?? categories[0]
  const today = new Date().toISOString().slice(0, 10)
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)
  const cases: [string, string][] = [
    ['first page (50)', '/api/transactions?limit=50'],
    [
      'filtered: account + year + category',
      `/api/transactions?limit=50&accountId=${card?.id ?? ''}&from=${yearAgo}&to=${today}&categoryId=${groceries?.id ?? ''}`,
    ],
    ['search "sushi"', '/api/transactions?limit=50&search=sushi'],
    ['search with no match (every row)', '/api/transactions?limit=50&search=no-such-payee'],
  ]
  const out: Row[] = []
  const figures: Record<string, Summary> = {}
  for (const [name, url] of cases) {
    const s = await timeRepeated(repeats, async () => (await get(base, url, cookie)).ms)
    figures[name] = s
    say(`    transactions ${name}: ${s.median.toFixed(1)} / ${s.p99.toFixed(1)} ms`)
    out.push(
      row({
        section: '3 transactions',
        figure: name,
        ...tag,
        median: s.median,
        p99: s.p99,
        unit: 'ms',
      }),
    )
  }
  // deep pagination: follow X-Next-Cursor 50 pages in
  const pageTimes: number[] = []
  const page50: number[] = []
  for (let r = 0; r < Math.max(1, Math.ceil(repeats / 10)); r++) {
    let next: string | null = null
    for (let page = 1; page <= 50; page++) {
      const url: string = `/api/transactions?limit=50${next ? `&cursor=${encodeURIComponent(next)}` : ''}`
      const reply = await get(base, url, cookie)
      pageTimes.push(reply.ms)
      if (page === 50) page50.push(reply.ms)
      next = reply.next
      if (!next) break
    }
  }
  const deep = summarize(pageTimes)
  figures['pages 1–50'] = deep
  raw.transactions = figures
  say(
    `    transactions pages 1–50: ${deep.median.toFixed(1)} / ${deep.p99.toFixed(1)} ms, page 50 ${median(page50).toFixed(1)} ms`,
  )
  out.push(
    row({
      section: '3 transactions',
      figure: 'deep pagination: pages 1–50 by cursor',
      ...tag,
      median: deep.median,
      p99: deep.p99,
      unit: 'ms',
      extra: `page 50: ${median(page50).toFixed(1)} ms`,
    }),
  )
  return out
}
