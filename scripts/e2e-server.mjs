// The server the Playwright specs run against: a fresh embedded database in a temp folder, on
// 127.0.0.1:3100 with NODE_ENV=test. Before it starts, the admin CLI creates the basic and
// premium users the tier specs sign in as (the CLI needs the database to itself). It runs the
// built server when dist/server is newer than the sources, else the TypeScript through tsx.
// Plaid is configured against a local fake (e2e/support/fake-plaid-server.ts, started first and
// stopped with the server), so the specs can go through Plaid's flows without the internet.
// The web app must be built first (npm run build:web).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { E2E_PLAID_KEYS, E2E_PLAID_PORT } from '../e2e/support/plaid-ports.mjs'
import { PREMIUM_OWNERS, TIER_USERS } from '../e2e/support/tier-users.mjs'

const root = path.resolve(import.meta.dirname, '..')
// KINWISE_E2E_PORT lets two e2e runs share a machine (playwright.config.ts reads it too)
const E2E_PORT = Number(process.env.KINWISE_E2E_PORT ?? 3100)

/** @param {string} dir @returns {number} */
function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}

function runsBuiltServer() {
  const built = path.join(root, 'dist/server/main.js')
  if (!existsSync(built) || !existsSync(path.join(root, 'dist/server/cli.js'))) return false
  const sources = Math.max(
    ...['src/server', 'src/contract', 'src/domain'].map((d) => newestMtime(path.join(root, d))),
  )
  return statSync(built).mtimeMs >= sources
}

const built = runsBuiltServer()
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs')
/** @param {'main' | 'cli'} entry @returns {string[]} */
const commandFor = (entry) =>
  built
    ? [path.join(root, `dist/server/${entry}.js`)]
    : [tsx, path.join(root, `src/server/${entry}.ts`)]

if (!existsSync(path.join(root, 'dist/web/index.html'))) {
  process.stderr.write('e2e-server: dist/web is missing: run `npm run build:web` first.\n')
  process.exit(1)
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'kinwise-e2e-'))
const env = {
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: String(E2E_PORT),
  KINWISE_DATA_DIR: dataDir,
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  KINWISE_BACKUP_INTERVAL_HOURS: '0',
  // the automations job would race the specs that run an automation by hand and check the balance
  KINWISE_JOBS_OFF: 'automations',
  // bank connections reach the specs' fake SimpleFIN Bridge on 127.0.0.1
  KINWISE_ALLOW_LOCAL_PROVIDERS: 'true',
  // bank tokens are stored only sealed: bank connections need a key (a fixed one, for tests only)
  KINWISE_SECRET_KEY: process.env.KINWISE_SECRET_KEY ?? 'e2e0'.repeat(16),
  // Plaid: the local fake below, with the keys it accepts
  PLAID_CLIENT_ID: E2E_PLAID_KEYS.clientId,
  PLAID_SECRET: E2E_PLAID_KEYS.secret,
  PLAID_BASE_URL: `http://127.0.0.1:${E2E_PLAID_PORT}`,
}

/** @type {import('node:child_process').ChildProcess | null} */
let plaid = null

function cleanUp() {
  plaid?.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}

/** @param {string[]} args */
function cli(args) {
  const result = spawnSync(process.execPath, [...commandFor('cli'), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    process.stderr.write(`e2e-server: cli ${args[0]} failed:\n${result.stderr || result.stdout}\n`)
  }
}

process.stdout.write(`e2e-server: ${built ? 'built server' : 'tsx'}, data in ${dataDir}\n`)

// the local Plaid first: the server may call it as soon as it answers
const fakePlaid = spawn(process.execPath, [tsx, path.join(root, 'e2e/support/fake-plaid-server.ts')], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
})
plaid = fakePlaid
try {
  await new Promise((resolve, reject) => {
    fakePlaid.stdout?.on('data', (chunk) => {
      process.stdout.write(chunk)
      if (String(chunk).includes('fake-plaid: ready')) resolve(undefined)
    })
    fakePlaid.on('exit', (code) => reject(new Error(`the fake Plaid stopped (${String(code)})`)))
  })
} catch (error) {
  process.stderr.write(`e2e-server: ${error instanceof Error ? error.message : String(error)}\n`)
  cleanUp()
  process.exit(1)
}

const tierUsers = [
  ...Object.entries(TIER_USERS),
  ...Object.values(PREMIUM_OWNERS).map((user) => /** @type {const} */ (['premium', user])),
]
for (const [tier, user] of tierUsers) {
  cli([
    'create-user',
    '--email',
    user.email,
    '--password',
    user.password,
    '--first-name',
    user.firstName,
    '--last-name',
    'Tester',
    '--tier',
    tier,
  ])
}

const server = spawn(process.execPath, commandFor('main'), { cwd: root, env, stdio: 'inherit' })

let stopping = false
/** @param {NodeJS.Signals} signal */
function stop(signal) {
  if (stopping) return
  stopping = true
  server.kill(signal)
  setTimeout(() => server.kill('SIGKILL'), 12_000).unref()
}
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
server.on('exit', (code) => {
  cleanUp()
  process.exit(code ?? 0)
})
