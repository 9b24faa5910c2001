// `npm start`: builds the app when the build is missing or older than the sources, then runs
// the server in this process (arguments such as --demo pass through). The server stops cleanly on
// SIGTERM or SIGINT and this process exits with it.
//
// npm runs this script through `sh -c`, and when npm alone is sent a signal (as a process manager
// does) it passes it to that shell only: Debian's sh (dash) dies of SIGTERM without passing it on,
// and catches SIGINT and waits. So the start script is `exec node scripts/start.mjs`: the shell
// becomes this process, npm's signals reach the server, and it stops cleanly. Should npm itself
// go away (killed outright), the server stops as if it had been sent SIGTERM. (Run directly,
// `node scripts/start.mjs` gets signals itself, and may outlive its shell, e.g. under nohup; on
// Windows, whose cmd.exe has no exec, run it that way.)
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
const stamp = path.join(root, 'dist', '.build-stamp')

/** @param {string} target @returns {number} */
function newestMtime(target) {
  const info = statSync(target)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

const sources = ['src', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p)).filter(existsSync)
const stale = !existsSync(stamp) || sources.some((s) => newestMtime(s) > statSync(stamp).mtimeMs)
if (stale) {
  process.stdout.write('Building Kinwise (first start, or the sources changed)…\n')
  // in a child process, so the server does not keep the build's memory
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
process.env.NODE_ENV ??= 'production'

if (process.env.npm_lifecycle_event !== undefined) {
  const parent = process.ppid
  const orphaned = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(orphaned)
    process.kill(process.pid, 'SIGTERM')
  }, 500)
  orphaned.unref()
}

await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href)
