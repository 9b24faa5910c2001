// Entry point: parse the configuration, open (and migrate) the database, start the HTTP server
// and the scheduled jobs, and shut everything down cleanly on SIGTERM/SIGINT.
import { parseArgs } from 'node:util'
import { ConfigError, parseConfig } from './config'
import { beginOpenDatabase } from './db/connect'
import { DataDirLockedError } from './db/lock'
import { yieldBackgroundThreads } from './threads'

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { demo: { type: 'boolean', default: false } }, allowPositionals: true })
  const config = parseConfig(process.env)
  const startedAt = performance.now()
  // The embedded database boots in its own thread (about a second): the HTTP app's modules
  // (Fastify, zod, the routes: a few hundred ms) load and the app is built meanwhile instead of
  // after it. The build splits them into their own chunk so that nothing of theirs loads before
  // this line. Nothing queries the database before `ready`.
  const [opening, { buildApp }, { systemClock }, { ensureDemoHousehold, DEMO_FAMILY }, { startJobs }] = await Promise.all([
    beginOpenDatabase(
      config.database.kind === 'postgres'
        ? { kind: 'postgres', url: config.database.url, poolSize: config.database.poolSize, pooler: config.database.pooler }
        : { kind: 'pglite', dataDir: config.database.dataDir },
    ),
    import('./app'),
    import('./clock'),
    import('./demo/demo'),
    import('./jobs/scheduler'),
  ])
  const database = opening.database
  const [app] = await Promise.all([
    buildApp({
      db: database.db,
      config,
      clock: systemClock,
      logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    }),
    opening.ready,
  ])

  if (values.demo) {
    const demo = await ensureDemoHousehold(database.db, systemClock.now())
    app.log.info(demo.created ? 'demo household created' : 'demo household already present')
    process.stdout.write(
      `\n  Demo household ready. Sign in at http://localhost:${config.port}/auth/login with\n` +
        `    e-mail:   ${demo.email}\n    password: ${demo.password}\n` +
        `  The rest of the family (same password): ${DEMO_FAMILY.map((p) => `${p.email} (${p.role})`).join(', ')}\n\n`,
    )
  }

  if (config.attachments.dir) {
    // files of attachments whose rows are gone (deleted transactions, accounts, households)
    const { sweepAttachmentFiles } = await import('./modules/attachments/storage')
    const removed = await sweepAttachmentFiles(database.db, config.attachments.dir, systemClock.now())
    if (removed) app.log.info({ removed }, 'attachment files without a row removed')
  }

  const jobs = startJobs({ database, config, clock: systemClock, log: app.log })

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
    try {
      await jobs.stop()
      await app.close()
      await database.close()
    } finally {
      process.exit(0)
    }
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
  // the server's background threads (V8's helpers, libuv's pool) yield the CPU to this one
  yieldBackgroundThreads()
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    `Kinwise is listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  )
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`)
  } else {
    process.stderr.write(`Kinwise could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  }
  process.exit(1)
})
