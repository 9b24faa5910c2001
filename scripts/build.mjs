// Builds what `npm start` runs: the web app (Vite → dist/web) and the server (esbuild →
// dist/server, with its database worker, migrations and empty embedded database beside it).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { build as esbuild } from 'esbuild'
import { build as viteBuild } from 'vite'
import { CHUNK_LIMIT_KB, chunkKey, oversizedChunks } from './web-chunks.mjs'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'dist', 'server')

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/

/**
 * Writes .br and .gz beside every text asset of the web app, once at build time: the server
 * sends them to browsers that accept them (@fastify/static preCompressed) instead of the
 * raw files, and compresses nothing per request.
 * @param {string} dir
 */
async function precompress(dir) {
  const br = promisify(brotliCompress)
  const gz = promisify(gzip)
  for (const entry of await readdir(dir, { recursive: true })) {
    const file = path.join(dir, entry)
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 1024) continue
    const bytes = await readFile(file)
    await writeFile(`${file}.br`, await br(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
    await writeFile(`${file}.gz`, await gz(bytes, { level: 9 }))
  }
}

/**
 * The pages a first visit most often opens straight away, with the modules each one needs
 * (sources under src/web, as Vite's manifest names them). Their HTML lists those chunks as
 * modulepreload links, so the browser fetches them with the entry instead of after it has run.
 */
const ROUTE_PRELOADS = {
  'auth/login': ['app/full-app.tsx', 'features/auth/login-page.tsx'],
  dashboard: [
    'app/full-app.tsx',
    'app/signed-in-routes.tsx',
    'app/layout/app-shell.tsx',
    'features/dashboard/dashboard-page.tsx',
  ],
}

/**
 * Writes dist/web/routes/<path>.html for each route of ROUTE_PRELOADS: index.html with a
 * modulepreload link per chunk the route's modules load (the entry's own imports are already
 * linked by Vite). The server sends it for that path instead of index.html.
 * @param {string} dir
 */
async function writeRoutePages(dir) {
  /** @type {Record<string, {file: string, imports?: string[], isEntry?: boolean}>} */
  const manifest = JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8'))
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
  if (entry === undefined) throw new Error('The Vite manifest has no entry')
  /** @type {(key: string, into: Set<string>) => void} */
  const closure = (key, into) => {
    if (into.has(key) || manifest[key] === undefined) return
    into.add(key)
    for (const next of manifest[key].imports ?? []) closure(next, into)
  }
  const entryChunks = new Set()
  closure('index.html', entryChunks)
  const html = await readFile(path.join(dir, 'index.html'), 'utf8')
  for (const [route, modules] of Object.entries(ROUTE_PRELOADS)) {
    const chunks = new Set()
    for (const source of modules) {
      const key = chunkKey(manifest, source)
      if (key === undefined) throw new Error(`${source} is not in the Vite manifest`)
      closure(key, chunks)
    }
    const links = [...chunks]
      .filter((key) => !entryChunks.has(key))
      .map((key) => `    <link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`)
    const page = html.replace('  </head>', `${links.join('\n')}\n  </head>`)
    const file = path.join(dir, 'routes', `${route}.html`)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, page)
  }
}

/**
 * Warns about every chunk over CHUNK_LIMIT_KB but the password checker's lazily loaded
 * dictionaries (Vite's own warning, which cannot leave one chunk out, is off: vite.config.ts).
 * @param {string} dir
 */
async function checkChunkSizes(dir) {
  /** @type {Record<string, {file: string, isDynamicEntry?: boolean}>} */
  const manifest = JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8'))
  const sizes = new Map()
  for (const chunk of Object.values(manifest)) sizes.set(chunk.file, (await stat(path.join(dir, chunk.file))).size)
  for (const { file, kb } of oversizedChunks(manifest, (file) => sizes.get(file) ?? 0)) {
    process.stdout.write(`(!) ${file} is ${kb.toFixed(0)} kB, over the ${CHUNK_LIMIT_KB} kB a chunk may weigh: load it lazily or split it (vite.config.ts)\n`)
  }
}

/** The files of the app shell besides the hashed ones: what the service worker keeps from the start. */
const SHELL_FILES = [
  '/index.html',
  '/offline.html',
  '/offline.css',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-192.png',
  '/icons/maskable-512.png',
  '/icons/apple-touch-icon.png',
]

/**
 * Builds the service worker (src/web/sw) into dist/web/sw.js with this build's app shell: the
 * files above and the hashed files the entry and the first pages load (ROUTE_PRELOADS), with
 * their CSS. Its version is a hash of that list, so a new build installs a new worker, which
 * keeps the new shell and drops the old one. Other hashed files are kept the first time they load.
 * @param {string} dir
 */
async function writeServiceWorker(dir) {
  /** @type {Record<string, {file: string, css?: string[], imports?: string[], isEntry?: boolean}>} */
  const manifest = JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8'))
  const files = new Set(SHELL_FILES)
  const seen = new Set()
  /** @type {(key: string) => void} */
  const add = (key) => {
    const chunk = manifest[key]
    if (seen.has(key) || chunk === undefined) return
    seen.add(key)
    files.add(`/${chunk.file}`)
    for (const css of chunk.css ?? []) files.add(`/${css}`)
    for (const next of chunk.imports ?? []) add(next)
  }
  add('index.html')
  for (const modules of Object.values(ROUTE_PRELOADS)) {
    for (const source of modules) {
      const key = chunkKey(manifest, source)
      if (key !== undefined) add(key)
    }
  }
  for (const file of files) {
    if (!(await stat(path.join(dir, file)).catch(() => null))) throw new Error(`The service worker's shell names ${file}, which the build did not write`)
  }
  const list = [...files].sort()
  const version = createHash('sha256').update(list.join('\n')).update(await readFile(path.join(dir, 'index.html'))).digest('hex').slice(0, 16)
  await esbuild({
    entryPoints: [path.join(root, 'src/web/sw/service-worker.ts')],
    outfile: path.join(dir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    define: { __PRECACHE__: JSON.stringify(list), __VERSION__: JSON.stringify(version) },
    logLevel: 'warning',
  })
}

/**
 * Puts the empty embedded database that a first start copies (ADR 0039) at
 * dist/server/pgdata-template. It is made by PGlite's initdb in a process of its own (~850 MB
 * for ~10 s) and kept at dist/pgdata-template for the next builds while the PGlite version stays.
 */
async function writePgdataTemplate() {
  const cached = path.join(root, 'dist', 'pgdata-template')
  const made = spawnSync(process.execPath, [path.join(root, 'scripts', 'pgdata-template.mjs'), cached], { stdio: 'inherit' })
  if (made.status !== 0) throw new Error('Could not make the empty embedded database (scripts/pgdata-template.mjs)')
  await cp(cached, path.join(out, 'pgdata-template'), { recursive: true })
}

export async function buildAll({ quiet = false } = {}) {
  const started = Date.now()
  await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: quiet ? 'warn' : 'info' })
  await checkChunkSizes(path.join(root, 'dist', 'web'))
  await writeRoutePages(path.join(root, 'dist', 'web'))
  await writeServiceWorker(path.join(root, 'dist', 'web'))
  await precompress(path.join(root, 'dist', 'web'))
  await rm(out, { recursive: true, force: true })
  await esbuild({
    // the statement import worker beside them: worker-script.ts starts ./<name>.js
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      cli: path.join(root, 'src/server/cli.ts'),
      'import-worker': path.join(root, 'src/server/modules/imports/import-worker.ts'),
    },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // separate chunks, so main.ts can start the database before the HTTP app's modules load
    splitting: true,
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: quiet ? 'warning' : 'info',
  })
  await cp(path.join(root, 'src/server/db/pglite-worker.mjs'), path.join(out, 'pglite-worker.mjs'))
  await cp(path.join(root, 'src/server/db/read-answers.mjs'), path.join(out, 'read-answers.mjs'))
  await cp(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true })
  await writePgdataTemplate()
  await mkdir(path.join(root, 'dist'), { recursive: true })
  await writeFile(path.join(root, 'dist', '.build-stamp'), new Date().toISOString())
  if (!quiet) process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
}

if (import.meta.filename === process.argv[1]) {
  await buildAll()
}
