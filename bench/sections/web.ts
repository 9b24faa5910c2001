// Section 7: what the browser downloads for the landing page, the sign-in page and the dashboard
// (from the Vite manifest: the entry, then the dynamic imports on the way to each route's page,
// each with its static imports and CSS), raw and gzip; and Lighthouse 12 mobile scores, run with
// Debian's Chromium from a temporary folder (never a project dependency).
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { BENCH_PASSWORD } from '../lib/datasets'
import { signIn } from '../lib/http'
import { ROOT, run } from '../lib/proc'
import { row, type Row } from '../lib/report'
import { startServer } from '../lib/server'
import { chunkKey } from '../../scripts/web-chunks.mjs'
import { median } from '../lib/stats'

const WEB = path.join(ROOT, 'dist/web')
const MANIFEST = path.join(WEB, '.vite/manifest.json')

export const ROUTES: {
  name: string
  url: string
  pages: string[]
  jsTargetKb?: number
  signedIn: boolean
}[] = [
  {
    name: 'landing',
    url: '/',
    pages: ['features/landing/landing-page.tsx'],
    jsTargetKb: 100,
    signedIn: false,
  },
  { name: 'login', url: '/auth/login', pages: ['features/auth/login-page.tsx'], signedIn: false },
  {
    name: 'dashboard',
    url: '/dashboard',
    pages: ['app/layout/app-shell.tsx', 'features/dashboard/dashboard-page.tsx'],
    jsTargetKb: 250,
    signedIn: true,
  },
]

type Chunk = {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, Chunk>

/** The chain of manifest keys from the entry to `target` through static and dynamic imports. */
function chainTo(manifest: Manifest, entry: string, target: string): string[] | null {
  const previous = new Map<string, string | null>([[entry, null]])
  const queue = [entry]
  while (queue.length) {
    const key = queue.shift() ?? ''
    if (key === target) {
      const chain: string[] = []
      for (let k: string | null = key; k !== null; k = previous.get(k) ?? null) chain.unshift(k)
      return chain
    }
    const chunk = manifest[key]
    for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) {
      if (!previous.has(next)) {
        previous.set(next, key)
        queue.push(next)
      }
    }
  }
  return null
}

/** A chunk and everything it imports statically (what loads with it). */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key)) return
  into.add(key)
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, into)
}

async function sizes(files: string[]): Promise<{ raw: number; gzip: number }> {
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const bytes = await readFile(path.join(WEB, file))
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 9 }).length
  }
  return { raw, gzip }
}

export async function webBundleSection(): Promise<{ rows: Row[]; raw: unknown }> {
  if (!existsSync(MANIFEST)) {
    return {
      rows: [
        row({
          section: '7 web',
          figure: 'bundle sizes',
          unit: 'KB',
          status: 'SKIP',
          note: 'dist/web/.vite/manifest.json is not there (the web app is not built yet)',
        }),
      ],
      raw: null,
    }
  }
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as Manifest
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? 'index.html'
  const rows: Row[] = []
  const raw: Record<string, unknown> = {}
  for (const route of ROUTES) {
    const keys = new Set<string>()
    const missing: string[] = []
    for (const page of route.pages) {
      const key = chunkKey(manifest, page)
      const chain = key === undefined ? null : chainTo(manifest, entry, key)
      if (!chain) missing.push(page)
      for (const key of chain ?? []) staticClosure(manifest, key, keys)
    }
    if (missing.length === route.pages.length) {
      rows.push(
        row({
          section: '7 web',
          figure: `${route.name}: JavaScript`,
          unit: 'KB',
          status: 'SKIP',
          note: `${missing.join(', ')} not in the manifest`,
        }),
      )
      continue
    }
    const js = [...keys].map((k) => manifest[k]?.file ?? '').filter((f) => f.endsWith('.js'))
    const css = [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))]
    const jsSize = await sizes(js)
    const cssSize = await sizes(css)
    raw[route.name] = { js, css, jsSize, cssSize, missing }
    process.stdout.write(
      `    ${route.name}: JS ${(jsSize.raw / 1024).toFixed(1)} KB (${(jsSize.gzip / 1024).toFixed(1)} KB gzip) in ${String(js.length)} files, CSS ${(cssSize.raw / 1024).toFixed(1)} KB (${(cssSize.gzip / 1024).toFixed(1)} KB gzip)\n`,
    )
    rows.push(
      row({
        section: '7 web',
        figure: `${route.name}: JavaScript gzip`,
        median: jsSize.gzip / 1024,
        unit: 'KB',
        extra: `raw ${(jsSize.raw / 1024).toFixed(1)} KB, ${String(js.length)} files`,
        ...(route.jsTargetKb ? { target: { op: '<=' as const, value: route.jsTargetKb } } : {}),
        ...(missing.length ? { note: `missing ${missing.join(', ')}` } : {}),
      }),
      row({
        section: '7 web',
        figure: `${route.name}: CSS gzip`,
        median: cssSize.gzip / 1024,
        unit: 'KB',
        extra: `raw ${(cssSize.raw / 1024).toFixed(1)} KB`,
      }),
    )
  }
  return { rows, raw }
}

const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync'

/** Lighthouse 12 in a cached temporary folder (npx would resolve third-party-web to a version that breaks it). */
async function lighthouseCli(): Promise<string> {
  const dir = path.join(tmpdir(), 'kinwise-bench-lighthouse-12')
  const cli = path.join(dir, 'node_modules/lighthouse/cli/index.js')
  if (existsSync(cli)) return cli
  await mkdir(dir, { recursive: true })
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'kinwise-bench-lighthouse',
      private: true,
      dependencies: { lighthouse: '^12.8.2' },
      overrides: { 'third-party-web': '^0.27.0' },
    }),
  )
  process.stdout.write(`    installing Lighthouse 12 into ${dir}…\n`)
  await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: dir,
    timeoutMs: 10 * 60_000,
  })
  return cli
}

export async function lighthouseSection(
  workDir: string,
  runs = 3,
): Promise<{ rows: Row[]; raw: unknown }> {
  if (!existsSync(path.join(WEB, 'index.html'))) {
    return {
      rows: [
        row({
          section: '7 web',
          figure: 'Lighthouse',
          unit: '',
          status: 'SKIP',
          note: 'dist/web is not built',
        }),
      ],
      raw: null,
    }
  }
  if (!existsSync('/usr/bin/chromium')) {
    return {
      rows: [
        row({
          section: '7 web',
          figure: 'Lighthouse',
          unit: '',
          status: 'SKIP',
          note: '/usr/bin/chromium is not installed (apt-get install chromium)',
        }),
      ],
      raw: null,
    }
  }
  let cli: string
  try {
    cli = await lighthouseCli()
  } catch (error) {
    return {
      rows: [
        row({
          section: '7 web',
          figure: 'Lighthouse',
          unit: '',
          status: 'SKIP',
          note: `could not install lighthouse@12: ${String(error).slice(0, 120)}`,
        }),
      ],
      raw: null,
    }
  }
  // a small realistic household (the demo) so the dashboard has something to draw
  const dataDir = path.join(workDir, 'lighthouse-data')
  const clean = { ...process.env }
  delete clean.DATABASE_URL
  await run(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'src/server/cli.ts'), 'seed-demo'],
    { env: { ...clean, KINWISE_DATA_DIR: dataDir } },
  )
  const server = await startServer(
    { KINWISE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    path.join(workDir, 'lighthouse-server.log'),
  )
  const rows: Row[] = []
  const raw: Record<string, unknown> = {}
  try {
    const cookie = await signIn(server.base, 'demo@kinwise.local', 'kinwise-demo-2026').catch(() =>
      signIn(server.base, 'demo@kinwise.local', BENCH_PASSWORD),
    )
    for (const route of ROUTES) {
      const perf: number[] = []
      const a11y: number[] = []
      const lcp: number[] = []
      const tbt: number[] = []
      for (let i = 0; i < runs; i++) {
        const out = path.join(workDir, `lighthouse-${route.name}-${String(i)}.json`)
        const args = [
          cli,
          `${server.base}${route.url}`,
          '--quiet',
          '--output=json',
          `--output-path=${out}`,
          '--only-categories=performance,accessibility',
          `--chrome-flags=${CHROME_FLAGS}`,
          ...(route.signedIn ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
        ]
        const result = await run(process.execPath, args, {
          env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
          timeoutMs: 3 * 60_000,
          allowFailure: true,
        })
        if (result.code !== 0 || !existsSync(out)) {
          process.stdout.write(
            `    ! lighthouse ${route.name}: ${result.stderr.trim().split('\n').slice(-2).join(' ').slice(0, 200)}\n`,
          )
          continue
        }
        const report = JSON.parse(await readFile(out, 'utf8')) as {
          finalDisplayedUrl?: string
          categories: Record<string, { score: number | null }>
          audits: Record<string, { numericValue?: number }>
        }
        perf.push(report.categories.performance?.score ?? Number.NaN)
        a11y.push(report.categories.accessibility?.score ?? Number.NaN)
        lcp.push(report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN)
        tbt.push(report.audits['total-blocking-time']?.numericValue ?? Number.NaN)
        if (report.finalDisplayedUrl && !report.finalDisplayedUrl.endsWith(route.url)) {
          process.stdout.write(`    ! ${route.name} ended on ${report.finalDisplayedUrl}\n`)
        }
      }
      raw[route.name] = { perf, a11y, lcp, tbt }
      process.stdout.write(
        `    ${route.name}: performance ${perf.join(', ')}; accessibility ${a11y.join(', ')}\n`,
      )
      const note = perf.length ? undefined : 'Lighthouse did not finish: see the lines above'
      rows.push(
        row({
          section: '7 web',
          figure: `Lighthouse mobile performance: ${route.name}`,
          median: perf.length ? median(perf) : Number.NaN,
          unit: '',
          extra: perf.length
            ? `LCP ${(median(lcp) / 1000).toFixed(1)} s, TBT ${median(tbt).toFixed(0)} ms, ${String(perf.length)} runs`
            : '',
          target: { op: '>=', value: 0.95 },
          ...(note ? { note } : {}),
        }),
        row({
          section: '7 web',
          figure: `Lighthouse accessibility: ${route.name}`,
          median: a11y.length ? median(a11y) : Number.NaN,
          unit: '',
          target: { op: '>=', value: 1 },
          ...(note ? { note } : {}),
        }),
      )
    }
  } finally {
    await server.stop()
  }
  return { rows, raw }
}
