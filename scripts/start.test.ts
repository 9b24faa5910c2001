// `npm start` stops with npm: a process manager that sends SIGTERM or SIGINT to npm alone (npm
// hands it to the `sh -c` it ran the script in, which would die of SIGTERM or swallow SIGINT
// without passing either on) no longer leaves the server running, nor does npm killed outright,
// and Ctrl-C (SIGINT to the whole process group) stops it cleanly too. It runs the
// real start script and package.json's start command in a scratch folder, with a stand-in for the
// built server that records the signal it was stopped by.
import { spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

const FAKE_SERVER = `import { writeFileSync } from 'node:fs'
const stop = (signal) => {
  writeFileSync('stopped-by', signal)
  setTimeout(() => process.exit(0), 200)
}
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
setInterval(() => {}, 1000)
writeFileSync('server.pid', String(process.pid))
`

/** A folder laid out like a built checkout: package.json's start script, scripts/start.mjs, dist. */
function scratchCheckout(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kinwise-start-'))
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'kinwise-start-test', private: true, type: 'module', scripts: { start: pkg.scripts.start } }))
  mkdirSync(path.join(dir, 'scripts'))
  copyFileSync(path.join(root, 'scripts', 'start.mjs'), path.join(dir, 'scripts', 'start.mjs'))
  mkdirSync(path.join(dir, 'dist', 'server'), { recursive: true })
  writeFileSync(path.join(dir, 'dist', 'server', 'main.js'), FAKE_SERVER)
  // a build newer than the (absent) sources: start.mjs does not build
  writeFileSync(path.join(dir, 'dist', '.build-stamp'), new Date().toISOString())
  return dir
}

/** Alive and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  const stat = `/proc/${pid}/stat`
  if (existsSync(stat)) {
    const state = readFileSync(stat, 'utf8').split(') ')[1]?.[0]
    return state !== 'Z' && state !== 'X'
  }
  return true
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (check()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return check()
}

let dir = ''
let npm: ChildProcess | undefined
let serverPid = 0

async function npmStart(env: Record<string, string | undefined> = {}): Promise<void> {
  if (dir !== '') rmSync(dir, { recursive: true, force: true })
  dir = scratchCheckout()
  // its own process group, as in a terminal: the Ctrl-C case signals the whole group
  npm = spawn('npm', ['start'], { cwd: dir, detached: true, stdio: 'ignore', env: { ...process.env, ...env } })
  const pidFile = path.join(dir, 'server.pid')
  if (!(await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 20_000))) throw new Error('the server did not start')
  serverPid = Number(readFileSync(pidFile, 'utf8'))
}

afterEach(() => {
  // whatever the outcome, leave no process of ours behind
  for (const pid of [serverPid, npm?.pid ?? 0]) if (pid > 0 && alive(pid)) process.kill(pid, 'SIGKILL')
  rmSync(dir, { recursive: true, force: true })
  dir = ''
  npm = undefined
  serverPid = 0
})

/** One variable of a running process's environment (Linux), or undefined. */
function environOf(pid: number, name: string): string | undefined {
  const entries = readFileSync(`/proc/${String(pid)}/environ`, 'utf8').split('\0')
  return entries.find((e) => e.startsWith(`${name}=`))?.slice(name.length + 1)
}

describe('npm start', () => {
  it.runIf(process.platform === 'linux')('gives the server 2 malloc arenas and a fixed mmap threshold on the embedded database, unless told otherwise', async () => {
    await npmStart({ DATABASE_URL: undefined, MALLOC_ARENA_MAX: undefined, MALLOC_MMAP_THRESHOLD_: undefined })
    expect(environOf(serverPid, 'MALLOC_ARENA_MAX')).toBe('2')
    expect(environOf(serverPid, 'MALLOC_MMAP_THRESHOLD_')).toBe('131072')
    process.kill(serverPid, 'SIGKILL')
    await npmStart({ DATABASE_URL: undefined, MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536' })
    expect(environOf(serverPid, 'MALLOC_ARENA_MAX')).toBe('4')
    expect(environOf(serverPid, 'MALLOC_MMAP_THRESHOLD_')).toBe('65536')
    process.kill(serverPid, 'SIGKILL')
    // on PostgreSQL the import's speed and the HTTP thread's latency gained more than memory did
    await npmStart({ DATABASE_URL: 'postgres://127.0.0.1:1/none', MALLOC_ARENA_MAX: undefined, MALLOC_MMAP_THRESHOLD_: undefined })
    expect(environOf(serverPid, 'MALLOC_ARENA_MAX')).toBeUndefined()
    expect(environOf(serverPid, 'MALLOC_MMAP_THRESHOLD_')).toBeUndefined()
  }, 60_000)

  it('stops the server cleanly when npm alone is sent SIGTERM', async () => {
    await npmStart()
    expect(alive(serverPid)).toBe(true)
    process.kill(npm?.pid ?? 0, 'SIGTERM')
    expect(await until(() => !alive(serverPid), 10_000)).toBe(true)
    expect(readFileSync(path.join(dir, 'stopped-by'), 'utf8')).toBe('SIGTERM')
  }, 40_000)

  it('stops the server cleanly when npm alone is sent SIGINT, and npm exits with it', async () => {
    await npmStart()
    const exited = new Promise<boolean>((resolve) => npm?.on('exit', () => resolve(true)))
    process.kill(npm?.pid ?? 0, 'SIGINT')
    expect(await until(() => !alive(serverPid), 10_000)).toBe(true)
    expect(readFileSync(path.join(dir, 'stopped-by'), 'utf8')).toBe('SIGINT')
    expect(await exited).toBe(true)
  }, 40_000)

  it('stops the server when npm is killed outright', async () => {
    await npmStart()
    process.kill(npm?.pid ?? 0, 'SIGKILL')
    expect(await until(() => !alive(serverPid), 10_000)).toBe(true)
    expect(readFileSync(path.join(dir, 'stopped-by'), 'utf8')).toBe('SIGTERM')
  }, 40_000)

  it('stops the server cleanly on Ctrl-C, and npm exits with it', async () => {
    await npmStart()
    const exited = new Promise<boolean>((resolve) => npm?.on('exit', () => resolve(true)))
    process.kill(-(npm?.pid ?? 0), 'SIGINT')
    expect(await until(() => !alive(serverPid), 10_000)).toBe(true)
    expect(readFileSync(path.join(dir, 'stopped-by'), 'utf8')).toBe('SIGINT')
    expect(await exited).toBe(true)
  }, 40_000)
})

describe('the README', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8')

  it('says how to stop the server', () => {
    expect(readme).toMatch(/To stop it, press Ctrl-C, or send the process SIGTERM or SIGINT/)
  })

  it('shows registering beside signing in', () => {
    expect(readme).toContain('POST /api/auth/register')
    expect(readme).toContain('POST /api/auth/login')
  })
})
