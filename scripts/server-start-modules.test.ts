// What a server start loads (ADR 0040): the packages the HTTP thread would hold from every start
// though most servers never use them load when first needed instead. The graph is esbuild's own
// (the build's bundler, run in memory): main.ts, everything it imports, and the modules main.ts
// itself loads at start with import(); other import() calls are the lazy ones.
import path from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const MAIN = 'src/server/main.ts'

/** Packages a start must not load: each is loaded where it is first needed. */
const LOADED_WHEN_NEEDED = [
  '@zxcvbn-ts/core', // the password checker, with the first new password (~24 MB with its dictionaries)
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-en',
  'stripe', // when Stripe is configured
  '@simplewebauthn/server', // with the first passkey
  'nodemailer', // with the first mail
  'plaid', // with the first Plaid call
]

/** The packages a server start loads, from the bundler's graph of the server. */
async function packagesLoadedAtStart(): Promise<Set<string>> {
  const result = await build({
    entryPoints: [path.join(root, MAIN)],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    outdir: 'out',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const inputs = result.metafile.inputs
  const packages = new Set<string>()
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const imported of inputs[file]?.imports ?? []) {
      const atStart = imported.kind !== 'dynamic-import' || file === MAIN
      if (!atStart) continue
      if (imported.external) packages.add(imported.path.startsWith('@') ? imported.path.split('/').slice(0, 2).join('/') : (imported.path.split('/')[0] ?? ''))
      else visit(imported.path)
    }
  }
  visit(MAIN)
  return packages
}

describe('a server start', () => {
  it('loads the HTTP app and its database, and none of the packages loaded when first needed', async () => {
    const packages = await packagesLoadedAtStart()
    // the graph reached the app (main.ts loads it with import()) and its routes
    expect(packages).toContain('fastify')
    expect(packages).toContain('drizzle-orm')
    expect(packages).toContain('@node-rs/argon2')
    for (const lazy of LOADED_WHEN_NEEDED) expect(packages, lazy).not.toContain(lazy)
  }, 60_000)
})
