// `npm test`: lint, typecheck and the production build side by side, unit and API tests on
// PGlite, the same API tests on PostgreSQL when DATABASE_URL is set, the end-to-end specs in
// Chromium, and the scale test (three instances, PgBouncer) when DATABASE_URL is set and pgbouncer
// is installed. Prints each step's time and one closing line: "Tests: N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const reports = mkdtempSync(path.join(tmpdir(), 'kinwise-reports-'))
const totals = { passed: 0, failed: 0, skipped: 0 }
/** @type {string[]} */
const failedSteps = []

/** @param {string} name @param {string} command @param {string[]} args @param {Record<string, string>} [env] */
function run(name, command, args, env = {}) {
  process.stdout.write(`\n▶ ${name}\n`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  process.stdout.write(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`)
  if (!ok) failedSteps.push(name)
  return ok
}

/**
 * Runs single-threaded steps side by side (lint, typecheck and the build each use one core), each
 * one's output held and printed whole when it ends, so the log reads as if they ran in turn.
 * @param {Array<[string, string, string[]]>} steps
 * @returns {Promise<boolean[]>}
 */
function runTogether(steps) {
  process.stdout.write(`\n▶ ${steps.map(([name]) => name).join(', ')} (side by side)\n`)
  return Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now()
          /** @type {Buffer[]} */
          const output = []
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env })
          child.stdout.on('data', (chunk) => output.push(chunk))
          child.stderr.on('data', (chunk) => output.push(chunk))
          child.on('close', (code) => {
            const ok = code === 0
            process.stdout.write(`\n▶ ${name}\n${Buffer.concat(output).toString()}`)
            process.stdout.write(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`)
            if (!ok) failedSteps.push(name)
            resolve(ok)
          })
        }),
    ),
  )
}

/** @param {string} file */
function countVitest(file) {
  if (!existsSync(file)) return
  const report = JSON.parse(readFileSync(file, 'utf8'))
  totals.passed += report.numPassedTests ?? 0
  totals.failed += report.numFailedTests ?? 0
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
}

/** @param {string} file */
function countPlaywright(file) {
  if (!existsSync(file)) return
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {}
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0)
  totals.failed += stats.unexpected ?? 0
  totals.skipped += stats.skipped ?? 0
}

/** @param {string} file */
function countScale(file) {
  if (!existsSync(file)) return false
  const report = JSON.parse(readFileSync(file, 'utf8'))
  totals.passed += report.passed ?? 0
  totals.failed += report.failed ?? 0
  return true
}

/** Debian's pgbouncer (or KINWISE_PGBOUNCER): the scale test starts its own */
function hasPgbouncer() {
  if (process.env.KINWISE_PGBOUNCER) return existsSync(process.env.KINWISE_PGBOUNCER)
  return [...(process.env.PATH ?? '').split(':'), '/usr/sbin'].some((dir) => dir && existsSync(path.join(dir, 'pgbouncer')))
}

/** @param {string[]} args @returns {[string, string[]]} */
const npx = (args) => ['npx', args]
const only = process.argv[2] // optional: unit | e2e | scale

const began = Date.now()
let built = false
if (!only) {
  const [, , buildOk] = await runTogether([
    ['lint', ...npx(['eslint', '.'])],
    ['typecheck', ...npx(['tsc', '-p', 'tsconfig.json'])],
    ['build', 'node', ['scripts/build.mjs']],
  ])
  built = Boolean(buildOk)
}
if (!only || only === 'unit') {
  const pglite = path.join(reports, 'vitest-pglite.json')
  run('unit and API tests (PGlite)', ...npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pglite}`]), {
    KINWISE_TEST_DB: 'pglite',
  })
  countVitest(pglite)
  if (process.env.DATABASE_URL) {
    const postgres = path.join(reports, 'vitest-postgres.json')
    run(
      'API tests (PostgreSQL)',
      ...npx(['vitest', 'run', 'src/server', '--reporter=default', '--reporter=json', `--outputFile.json=${postgres}`]),
      { KINWISE_TEST_DB: 'postgres' },
    )
    countVitest(postgres)
  } else {
    process.stdout.write('\n(DATABASE_URL is not set: the API tests ran on PGlite only)\n')
  }
}
if (only === 'e2e' || only === 'scale') built = run('build', 'node', ['scripts/build.mjs'])
if (!only || only === 'e2e') {
  if (built) {
    const browsers = process.env.KINWISE_CHROMIUM ? [process.env.KINWISE_CHROMIUM] : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']
    if (!browsers.some((file) => existsSync(file))) {
      process.stdout.write('Chromium is missing: install it with `apt-get install -y chromium-headless-shell` (the e2e specs need it).\n')
      failedSteps.push('e2e (no Chromium)')
    } else {
      const e2e = path.join(reports, 'playwright.json')
      run('end-to-end tests (Chromium)', ...npx(['playwright', 'test']), { PLAYWRIGHT_JSON_OUTPUT_NAME: e2e, KINWISE_E2E_JSON: e2e })
      countPlaywright(e2e)
    }
  }
}

if (!only || only === 'scale') {
  if (!process.env.DATABASE_URL || !hasPgbouncer()) {
    const missing = process.env.DATABASE_URL ? 'pgbouncer is not installed (apt-get install -y pgbouncer)' : 'DATABASE_URL is not set'
    process.stdout.write(`\n(${missing}: the scale test did not run)\n`)
    // asked for by name, it must not pass without running
    if (only === 'scale') failedSteps.push(`scale (${missing})`)
  } else if (built) {
    const scale = path.join(reports, 'scale.json')
    const ok = run('scale test (three instances, PgBouncer)', 'node', ['--import', 'tsx', 'scripts/scale-test.ts'], { KINWISE_SCALE_JSON: scale })
    // a test that died before writing its report still counts as one failure
    if (!countScale(scale) && !ok) totals.failed += 1
  }
}

process.stdout.write(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed'}\n`)
process.stdout.write(`Took ${((Date.now() - began) / 60000).toFixed(1)} min\n`)
process.stdout.write(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`)
process.exit(failedSteps.length ? 1 : 0)
