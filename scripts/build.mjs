// Builds what `npm start` runs: the web app (Vite → dist/web) and the server (esbuild →
// dist/server, with its database worker and migrations beside it).
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { build as esbuild } from 'esbuild'
import { build as viteBuild } from 'vite'

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

export async function buildAll({ quiet = false } = {}) {
  const started = Date.now()
  await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: quiet ? 'warn' : 'info' })
  await precompress(path.join(root, 'dist', 'web'))
  await rm(out, { recursive: true, force: true })
  await esbuild({
    entryPoints: [path.join(root, 'src/server/main.ts'), path.join(root, 'src/server/cli.ts')],
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
  await cp(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true })
  await mkdir(path.join(root, 'dist'), { recursive: true })
  await writeFile(path.join(root, 'dist', '.build-stamp'), new Date().toISOString())
  if (!quiet) process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
}

if (import.meta.filename === process.argv[1]) {
  await buildAll()
}
