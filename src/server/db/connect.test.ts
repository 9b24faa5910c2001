import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTemplate } from '../../../scripts/pgdata-template.mjs'
import { createTestApp, type TestContext } from '../test/helper'
import { beginOpenDatabase, embeddedHeld, holdEmbedded, openDatabase, targetOf, type Database } from './connect'
import { DataDirLockedError } from './lock'
import { param, prepared } from './prepared'
import { users } from './schema'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('database connection', () => {
  it('keeps working after a failed query and a rolled-back transaction', async () => {
    const db = t.database.db
    await expect(db.execute(sql`select "no_such_column" from users`)).rejects.toThrow()
    expect((await db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }])
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect((await db.execute(sql`select 2 as two`)).rows).toEqual([{ two: 2 }])
  })

  it('marks the embedded database held while an import is, and a server never', () => {
    const db = t.database.db
    const embedded = t.database.kind === 'pglite'
    expect(embeddedHeld(db)).toBe(false)
    const first = holdEmbedded(db)
    const second = holdEmbedded(db)
    expect(embeddedHeld(db)).toBe(embedded)
    first()
    first()
    expect(embeddedHeld(db)).toBe(embedded)
    second()
    expect(embeddedHeld(db)).toBe(false)
  })

  it('tells another thread (the import worker) whether it reaches the embedded database or a server', () => {
    expect(targetOf(t.database.db).embedded).toBe(t.database.kind === 'pglite')
  })

  it('runs a prepared statement again after a failed query replaced the connection', async () => {
    // node-postgres drops a client whose query failed and connects anew; on the embedded
    // database the new connection shares PGlite's one session with the old one's statements
    const someUsers = prepared('connect_test_users', (db) => db.select({ id: users.id }).from(users).limit(param('n')))
    const db = t.database.db
    await someUsers(db).execute({ n: 1 })
    await expect(db.execute(sql`select "no_such_column" from users`)).rejects.toThrow()
    await expect(someUsers(db).execute({ n: 1 })).resolves.toBeInstanceOf(Array)
    await expect(someUsers(db).execute({ n: 2 })).resolves.toBeInstanceOf(Array)
  })

  it('answers a request that needs no database while a slow query runs', async () => {
    const order: string[] = []
    const slow = t.database.db
      .execute(sql`select count(*) from generate_series(1, 3000000)`)
      .then(() => order.push('slow query'))
    // let the query reach the database first
    await new Promise((resolve) => setTimeout(resolve, 20))
    const health = t.app.inject({ method: 'GET', url: '/api/health' }).then((res) => {
      order.push('health')
      return res.statusCode
    })
    expect(await health).toBe(200)
    await slow
    if (t.database.kind === 'pglite') expect(order).toEqual(['health', 'slow query'])
  })
})

describe('embedded data directory', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kinwise-lock-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('refuses a second opening of the same directory, and allows it after a clean close', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir: dir })
    await first.db.execute(sql`create table if not exists kept (v int)`)
    await first.db.execute(sql`insert into kept values (42)`)
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError)
    await first.close()
    const second = await openDatabase({ kind: 'pglite', dataDir: dir })
    expect((await second.db.execute(sql`select v from kept`)).rows).toEqual([{ v: 42 }])
    await second.close()
  }, 120_000)
})

/** What a migrated database is: every column, index, constraint, migration and database setting. */
async function schemaOf(database: Database): Promise<unknown[]> {
  const queries = [
    sql`select table_schema, table_name, column_name, data_type, column_default, is_nullable
        from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2, 3`,
    sql`select schemaname, tablename, indexname, indexdef from pg_indexes
        where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2, 3`,
    sql`select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def from pg_constraint
        where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace) order by 1, 2`,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`,
    sql`select datname, pg_encoding_to_char(encoding) as encoding, datcollate, datctype from pg_database order by 1`,
    sql`select extname, extversion from pg_extension order by 1`,
  ]
  const results: unknown[] = []
  for (const query of queries) results.push((await database.db.execute(query)).rows)
  return results
}

describe("a new data directory from the build's empty cluster (ADR 0039)", () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kinwise-template-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('migrates to the same database as a directory made by initdb in the server, and leaves the template as it was', async () => {
    // made as the build makes it: the script, in a process of its own
    const template = path.join(dir, 'template')
    const made = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../../scripts/pgdata-template.mjs'), template])
    expect(made.status, made.stderr.toString()).toBe(0)
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true)
    const templateFiles = (await readdir(template, { recursive: true })).sort()
    // a second build keeps it
    expect(await makeTemplate(template)).toBe(false)

    const fromInitdb = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'initdb'), template: null })
    const expected = await schemaOf(fromInitdb)
    const [columns, , , migrations] = expected as unknown[][]
    expect(columns?.length).toBeGreaterThan(100)
    expect(migrations?.length).toBeGreaterThan(10)
    await fromInitdb.close()

    const copied = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'copied'), template })
    expect(await schemaOf(copied)).toEqual(expected)
    await copied.db.execute(sql`create table kept (v int)`)
    await copied.db.execute(sql`insert into kept values (7)`)
    await copied.close()

    const reopened = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'copied'), template })
    expect((await reopened.db.execute(sql`select v from kept`)).rows).toEqual([{ v: 7 }])
    await reopened.close()
    expect((await readdir(template, { recursive: true })).sort()).toEqual(templateFiles)
    expect((await readdir(dir)).sort()).toEqual(['copied', 'initdb', 'template', 'template.json'])
  }, 300_000)
})

describe('opening in two steps (start-up builds the app while the database boots)', () => {
  it('hands out the handle first and answers with the migrations run once ready', async () => {
    const opening = await beginOpenDatabase({ kind: 'pglite', dataDir: null })
    await opening.ready
    const tables = await opening.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from information_schema.tables where table_name in ('users', 'transactions')`,
    )
    expect(tables.rows).toEqual([{ n: 2 }])
    await opening.database.close()
  }, 120_000)

  it('rejects ready and closes the handle when the embedded database cannot start', async () => {
    const opening = await beginOpenDatabase({ kind: 'pglite', dataDir: null, snapshot: '/no/such/snapshot.tar' })
    await expect(opening.ready).rejects.toThrow(/Embedded database/)
    expect(opening.database.pool.ended).toBe(true)
  }, 120_000)

  it('rejects ready and closes the pool when PostgreSQL cannot be reached', async () => {
    const opening = await beginOpenDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 })
    await expect(opening.ready).rejects.toThrow()
    expect(opening.database.pool.ended).toBe(true)
    expect(targetOf(opening.database.db)).toMatchObject({ embedded: false, unnamed: false })
  })
})
