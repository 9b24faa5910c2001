// The embedded database in its own thread: PGlite (PostgreSQL compiled to WebAssembly) served
// over the PostgreSQL wire protocol on a Unix socket, so the HTTP thread reaches it with the
// same `pg` driver as a real server and never blocks behind a slow query (ADR 0002).
// Plain JavaScript so it runs unchanged under tsx, Vitest and the built server.
import { parentPort, workerData } from 'node:worker_threads'
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createServer } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { ReadAnswers, SESSION_ONLY } from './read-answers.mjs'

// this thread answers the app's queries: named so that the server's background threads, lowered
// below the HTTP thread (threads.ts, DATABASE_THREAD), leave it at the process's priority
try {
  writeFileSync('/proc/thread-self/comm', 'kinwise-db')
} catch {
  // not Linux
}

/** @type {{ dataDir: string | null, socketPath: string, snapshot: string | null, template: string | null }} */
const options = workerData

/** @type {PGlite | undefined} */
let db
/** @type {ReturnType<typeof serveSocket> | undefined} */
let server

/**
 * PGlite's default shared_buffers (128 MB) lives inside its WebAssembly memory, which never
 * shrinks: the server's RSS grew by that much as the buffers filled. The table files are read
 * through the operating system's page cache anyway, so a smaller pool costs the dashboard's
 * small reads little and keeps the whole server well under 400 MB at a million transactions.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB']

/**
 * A first-ever start makes the cluster in a temporary folder and renames it into place only when
 * it is complete, so a kill cannot leave it half made. It copies the build's empty cluster
 * (template) when there is one: PGlite's initdb runs three WebAssembly instances side by side
 * and peaked the server at ~950 MB, which its memory, never returned, then kept (ADR 0039).
 * Without a template (running the sources) it runs initdb here.
 * @param {string} dataDir
 * @param {string | null} template
 */
async function openPersistent(dataDir, template) {
  if (!existsSync(dataDir)) {
    const temp = `${dataDir}.init-${process.pid}`
    await rm(temp, { recursive: true, force: true })
    await mkdir(path.dirname(dataDir), { recursive: true })
    if (template !== null && existsSync(path.join(template, 'PG_VERSION'))) {
      await cp(template, temp, { recursive: true })
    } else {
      const fresh = await PGlite.create({ dataDir: temp })
      await fresh.close()
    }
    await rename(temp, dataDir)
  }
  return PGlite.create({ dataDir, startParams: START_PARAMS })
}

const SSL_REQUEST = 80877103
const CANCEL_REQUEST = 80877102
/** a simple-protocol Query message @param {string} query */
function queryMessage(query) {
  const text = Buffer.from(`${query}\0`)
  const message = Buffer.alloc(5 + text.length)
  message.write('Q', 0)
  message.writeInt32BE(4 + text.length, 1)
  text.copy(message, 5)
  return new Uint8Array(message)
}
const ROLLBACK = queryMessage('ROLLBACK')
const DEALLOCATE_ALL = queryMessage('DEALLOCATE ALL')
/** the application_name of a client that sends only unnamed statements (db/connect.ts connectTarget) */
const UNNAMED_CLIENT = Buffer.from('kinwise-unnamed-statements')

/**
 * Serves the PostgreSQL wire protocol on a Unix socket. Every complete message that arrived in
 * one read goes to PGlite in ONE call and its answer back in one write: node-postgres sends a
 * query as Parse+Bind+Describe+Execute+Sync together, which @electric-sql/pglite-socket ran as
 * five separate calls (five queue turns and five writes). PGlite is one session: connections
 * take turns, and while one is inside a transaction the others wait until it ends.
 * @param {PGlite} pg
 * @param {string} socketPath
 */
function serveSocket(pg, socketPath) {
  /** @type {{ conn: object, bytes: Uint8Array, batch: import('./read-answers.mjs').Batch, done: (reply: Uint8Array) => void }[]} */
  const queue = []
  /** the connection whose transaction is open, which the others wait behind */
  /** @type {object | null} */
  let owner = null
  let running = false
  // reads answered since the last commit, given again to a connection that would wait behind
  // another's transaction (an import's): nothing can have changed them meanwhile (ADR 0042)
  const answers = new ReadAnswers()
  const answerKept = () => {
    for (let i = queue.length - 1; i >= 0; i--) {
      const job = queue[i]
      if (!job || job.conn === owner) continue
      const kept = answers.answer(job.batch)
      if (!kept) continue
      queue.splice(i, 1)
      job.done(kept)
    }
  }

  async function drain() {
    if (running) return
    running = true
    try {
      while (queue.length) {
        if (owner) answerKept()
        const index = owner ? queue.findIndex((job) => job.conn === owner) : 0
        if (index < 0) break
        const [job] = queue.splice(index, 1)
        if (!job) break
        /** @type {Uint8Array[]} */
        const chunks = []
        const inTransaction = pg.isInTransaction()
        try {
          await pg.runExclusive(() => pg.execProtocolRawStream(job.bytes, { onRawData: (data) => chunks.push(data.slice()) }))
        } catch (error) {
          // PGlite reports SQL errors in the protocol; this is the engine itself failing
          process.stderr.write(`embedded database: ${String(error)}\n`)
        }
        owner = pg.isInTransaction() ? job.conn : null
        const reply = chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks)
        answers.ran(job.batch, inTransaction, owner !== null, reply)
        job.done(reply)
      }
    } finally {
      running = false
    }
  }

  /** @param {object} conn @param {Uint8Array} bytes @param {boolean} [session] only sets up the session: changes no data */
  const run = (conn, bytes, session = false) => {
    const batch = session ? SESSION_ONLY : answers.classify(bytes)
    if (owner !== null && owner !== conn) {
      const kept = answers.answer(batch)
      if (kept) return Promise.resolve(kept)
    }
    return new Promise((resolve) => {
      queue.push({ conn, bytes, batch, done: resolve })
      void drain()
    })
  }

  const sockets = new Set()
  const net = createServer((socket) => {
    sockets.add(socket)
    const conn = {}
    let started = false
    let pending = Buffer.alloc(0)
    let busy = Promise.resolve()
    let closed = false
    const close = () => {
      if (closed) return
      closed = true
      sockets.delete(socket)
      socket.destroy()
      // a connection that vanished inside its transaction must not hold the database: roll it
      // back as that connection's last turn
      busy = busy.then(() => (owner === conn ? run(conn, ROLLBACK) : undefined))
    }
    socket.on('error', close)
    socket.on('close', close)
    socket.on('data', (data) => {
      pending = pending.length ? Buffer.concat([pending, data]) : data
      let offset = 0
      let batchStart = 0
      let terminate = false
      /** @param {number} to @param {boolean} [session] */
      const flush = (to, session = false) => {
        if (to > batchStart) {
          const bytes = new Uint8Array(pending.subarray(batchStart, to))
          busy = busy.then(async () => {
            const reply = await run(conn, bytes, session)
            if (reply.length && !socket.destroyed) socket.write(reply)
          })
        }
        batchStart = to
      }
      for (;;) {
        if (!started) {
          // the startup phase: length-prefixed messages without a type byte
          if (pending.length - offset < 8) break
          const length = pending.readInt32BE(offset)
          if (pending.length - offset < length) break
          const code = pending.readInt32BE(offset + 4)
          offset += length
          if (code === SSL_REQUEST) {
            socket.write('N')
            batchStart = offset
          } else if (code === CANCEL_REQUEST) {
            batchStart = offset
            terminate = true
            break
          } else {
            started = true
            // a new client knows no prepared statements, but PGlite's one session still holds
            // those of the client before it (node-postgres replaces a client whose query
            // failed): forget them, as a server does when a connection ends; the answer is ours.
            // A client that prepares none (the import worker's, named by its application_name)
            // comes beside the app's own and leaves its statements alone.
            const startup = pending.subarray(offset - length, offset)
            if (!startup.includes(UNNAMED_CLIENT)) busy = busy.then(() => run(conn, DEALLOCATE_ALL, true))
            flush(offset, true)
          }
          continue
        }
        if (pending.length - offset < 5) break
        const length = 1 + pending.readInt32BE(offset + 1)
        if (pending.length - offset < length) break
        if (pending[offset] === 0x58) {
          // Terminate: this client is done; PGlite's one session stays open for the others
          flush(offset)
          offset += length
          batchStart = offset
          terminate = true
          break
        }
        offset += length
      }
      // every complete message of this read in one call; a partial one waits for the next read
      flush(offset)
      pending = pending.subarray(offset)
      if (terminate) busy = busy.then(() => close())
    })
  })
  return {
    /** @returns {Promise<void>} */
    start: () =>
      new Promise((resolve, reject) => {
        net.once('error', reject)
        net.listen(socketPath, () => resolve())
      }),
    /** @returns {Promise<void>} */
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        net.close(() => resolve())
      }),
  }
}

async function start() {
  if (options.dataDir) {
    db = await openPersistent(options.dataDir, options.template)
  } else if (options.snapshot) {
    const bytes = await readFile(options.snapshot)
    db = await PGlite.create({ loadDataDir: new Blob([bytes]), startParams: START_PARAMS })
  } else {
    db = await PGlite.create({ startParams: START_PARAMS })
  }
  // The app's pool has one connection, but node-postgres drops a client after a failed query
  // and connects anew before the old socket has closed: the server takes any number of
  // connections and lets them take turns
  server = serveSocket(db, options.socketPath)
  await server.start()
}

/** @param {{ type: string, path?: string }} message */
async function handle(message) {
  if (!db) throw new Error('database is not open')
  switch (message.type) {
    case 'dump': {
      // a consistent copy: the caller holds the only connection while this runs
      const blob = await db.dumpDataDir(message.path?.endsWith('.gz') ? 'gzip' : 'none')
      const target = String(message.path)
      await writeFile(`${target}.partial`, Buffer.from(await blob.arrayBuffer()))
      await rename(`${target}.partial`, target)
      return null
    }
    case 'close': {
      await server?.stop()
      await db.close()
      db = undefined
      return null
    }
    default:
      throw new Error(`unknown message ${message.type}`)
  }
}

parentPort?.on('message', (/** @type {{ id: number, type: string, path?: string }} */ message) => {
  handle(message).then(
    (result) => parentPort?.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort?.postMessage({ id: message.id, ok: false, error: String(error?.message ?? error) }),
  )
})

start().then(
  () => parentPort?.postMessage({ id: 0, ok: true, result: 'ready' }),
  (error) => parentPort?.postMessage({ id: 0, ok: false, error: String(error?.stack ?? error) }),
)
