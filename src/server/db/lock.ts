// A lock file in the data directory: PGlite takes no lock of its own, and two processes
// writing one PGlite directory corrupt it. A second server (or CLI) refuses to start.
import { hostname } from 'node:os'
import { mkdir, open, readFile, unlink } from 'node:fs/promises'
import path from 'node:path'

export type DataDirLock = { release(): Promise<void> }

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Another Kinwise process (pid ${pid}) is using the data directory ${dataDir}. ` +
        'Stop it first, or set KINWISE_DATA_DIR to another folder.',
    )
    this.name = 'DataDirLockedError'
  }
}

type LockInfo = { pid: number; host: string; startedAt: string }

// lock files this process holds: a file naming our own pid that is not among them was left
// by an earlier process that happened to have the same pid (a restarted container)
const heldHere = new Set<string>()

function isAlive(pid: number, file: string): boolean {
  if (pid === process.pid) return heldHere.has(file)
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function readLock(file: string): Promise<LockInfo | null> {
  try {
    const info = JSON.parse(await readFile(file, 'utf8')) as Partial<LockInfo>
    return typeof info.pid === 'number' && typeof info.host === 'string'
      ? { pid: info.pid, host: info.host, startedAt: String(info.startedAt) }
      : null
  } catch {
    return null
  }
}

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir)
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, 'kinwise.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx')
      const info: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }
      await handle.writeFile(JSON.stringify(info))
      await handle.close()
      heldHere.add(file)
      let released = false
      return {
        release: async () => {
          if (released) return
          released = true
          heldHere.delete(file)
          await unlink(file).catch(() => undefined)
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = await readLock(file)
      if (holder && holder.host === hostname() && isAlive(holder.pid, file)) {
        throw new DataDirLockedError(dir, holder.pid)
      }
      if (holder && holder.host !== hostname()) {
        throw new Error(
          `The data directory ${dir} is locked by host ${holder.host} (pid ${holder.pid}). ` +
            `If that machine no longer runs Kinwise, delete ${file}.`,
        )
      }
      // the process that held it is gone: the lock is stale
      await unlink(file).catch(() => undefined)
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`)
}
