// The scheduled jobs beside a long import on the embedded database (ADR 0042): while its
// transaction holds PGlite's one session, a job's statement would wait for it and hold the app's
// one connection, and every request with it. The minute's jobs are skipped meanwhile and run at
// the first tick after; on PostgreSQL nothing is held and they run as always.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixedClock } from '../clock'
import { parseConfig } from '../config'
import { embeddedReleased, holdEmbedded } from '../db/connect'
import { jobRuns } from '../db/schema'
import { createTestApp, type TestContext } from '../test/helper'
import { startJobs } from './scheduler'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('scheduled jobs while an import holds the embedded database', () => {
  it('skips the ticks while held and runs them at the first tick after', async () => {
    const db = t.database.db
    await db.delete(jobRuns).where(eq(jobRuns.name, 'purge-sessions'))
    const config = { ...parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), jobMinuteMs: 120 }
    const release = holdEmbedded(db)
    const jobs = startJobs({
      database: t.database,
      config,
      clock: fixedClock('2026-03-15T12:00:00Z'),
      log: t.app.log,
    })
    const claims = async () =>
      (await db.select().from(jobRuns).where(eq(jobRuns.name, 'purge-sessions'))).length
    /** the claims once the jobs have had time for them (a tick on a busy machine can take a while) */
    const claimed = async () => {
      for (let waited = 0; waited < 10_000 && (await claims()) === 0; waited += 50) await sleep(50)
      return claims()
    }
    try {
      // the first pass at 10 ms and two ticks after it: skipped while held; a server is never held
      await sleep(400)
      expect(t.database.kind === 'pglite' ? await claims() : await claimed()).toBe(
        t.database.kind === 'pglite' ? 0 : 1,
      )
      release()
      expect(await claimed()).toBe(1)
    } finally {
      release()
      await jobs.stop()
    }
  })

  it('lets a backup wait for the import to end: released at once when nothing holds it', async () => {
    const db = t.database.db
    const order: string[] = []
    await embeddedReleased(db).then(() => order.push('free'))
    const release = holdEmbedded(db)
    const waiting = embeddedReleased(db).then(() => order.push('released'))
    await sleep(20)
    order.push('import ends')
    release()
    await waiting
    expect(order).toEqual(
      t.database.kind === 'pglite'
        ? ['free', 'import ends', 'released']
        : ['free', 'released', 'import ends'],
    )
  })
})

describe('jobs an instance turns off (KINWISE_JOBS_OFF)', () => {
  it('never claims a job that is off, and runs the others', async () => {
    const db = t.database.db
    await db.delete(jobRuns)
    const config = {
      ...parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', KINWISE_JOBS_OFF: 'automations, purge-sessions' }),
      jobMinuteMs: 120,
    }
    expect(config.jobsOff).toEqual(['automations', 'purge-sessions'])
    const jobs = startJobs({ database: t.database, config, clock: fixedClock('2026-03-15T12:00:00Z'), log: t.app.log })
    const claimed = async () => (await db.select({ name: jobRuns.name }).from(jobRuns)).map((r) => r.name)
    try {
      // the first pass runs every job that is on: wait for one of them, then look at what ran
      for (let waited = 0; waited < 10_000 && !(await claimed()).includes('bank-sync'); waited += 50) await sleep(50)
      const names = await claimed()
      expect(names).toContain('bank-sync')
      expect(names).not.toContain('automations')
      expect(names).not.toContain('purge-sessions')
    } finally {
      await jobs.stop()
    }
  })

  it('refuses a name that is no job, and a list that is not names', () => {
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', KINWISE_JOBS_OFF: 'automation' })
    expect(() => startJobs({ database: t.database, config, clock: fixedClock('2026-03-15T12:00:00Z'), log: t.app.log })).toThrow(
      /KINWISE_JOBS_OFF names no such job: automation \(jobs: purge-sessions, automations/,
    )
    expect(() => parseConfig({ NODE_ENV: 'test', KINWISE_JOBS_OFF: 'automations;bank-sync' })).toThrow(/KINWISE_JOBS_OFF/)
  })
})
