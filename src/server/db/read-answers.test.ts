// The embedded database's kept read answers (read-answers.mjs, ADR 0042): which requests count as
// reads, when an answer is kept and when all are forgotten, and, on a real embedded database with
// two connections, that a read waiting behind another connection's open transaction is answered
// as committed, that no answer survives a commit, and that a read that is not a plain read waits.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectTarget, openDatabase, targetOf, type Database } from './connect'
import { param, preparedSql } from './prepared'
import {
  MAX_ANSWER_BYTES,
  MAX_ANSWERS_BYTES,
  onlyReads,
  ReadAnswers,
  SESSION_ONLY,
} from './read-answers.mjs'

// frontend messages of the PostgreSQL wire protocol
const message = (type: string, body: Buffer): Buffer => {
  const head = Buffer.alloc(5)
  head.write(type, 0)
  head.writeInt32BE(4 + body.length, 1)
  return Buffer.concat([head, body])
}
const cstr = (text: string) => Buffer.from(`${text}\0`)
const parse = (name: string, query: string) =>
  message('P', Buffer.concat([cstr(name), cstr(query), Buffer.from([0, 0])]))
const bind = (statement: string, value: string) => {
  const v = Buffer.from(value)
  const len = Buffer.alloc(4)
  len.writeInt32BE(v.length)
  return message(
    'B',
    Buffer.concat([
      cstr(''),
      cstr(statement),
      Buffer.from([0, 0, 0, 1]),
      len,
      v,
      Buffer.from([0, 0]),
    ]),
  )
}
const describePortal = () => message('D', Buffer.concat([Buffer.from('P'), cstr('')]))
const execute = () => message('E', Buffer.concat([cstr(''), Buffer.alloc(4)]))
const sync = () => message('S', Buffer.alloc(0))
const query = (text: string) => message('Q', cstr(text))
const batch = (...parts: Buffer[]) => new Uint8Array(Buffer.concat(parts))
const extended = (name: string, text: string, value: string, withParse = true) =>
  batch(
    ...(withParse ? [parse(name, text)] : []),
    bind(name, value),
    describePortal(),
    execute(),
    sync(),
  )

// backend messages: an answer that ends idle, one that ends inside a transaction, one with an error
const reply = (status: 'I' | 'T', size = 0, error = false) =>
  new Uint8Array(
    Buffer.concat([
      message('C', cstr(`SELECT ${'1'.repeat(Math.max(1, size))}`)),
      ...(error ? [message('E', cstr('SERROR'))] : []),
      message('Z', Buffer.from(status)),
    ]),
  )

describe('which requests are reads', () => {
  it('takes a SELECT of the data, and nothing that locks, writes, or reads the clock, chance or a sequence', () => {
    expect(onlyReads('select "id", "name" from "accounts" where "household_id" = $1')).toBe(true)
    expect(onlyReads('  SELECT count(*) from transactions')).toBe(true)
    for (const text of [
      'insert into t values (1)',
      'update t set v = 1',
      'with x as (delete from t returning *) select * from x',
      'select now()',
      'select current_date',
      'select * from accounts for update',
      'select * from accounts for key share',
      'select * into copy from accounts',
      'select nextval($1)',
      'select pg_advisory_xact_lock(1)',
      'select current_setting($1)',
      'select random()',
      'select 1; delete from t',
      'begin',
      'commit',
    ]) {
      expect(onlyReads(text), text).toBe(false)
    }
  })

  it('reads one statement per request: unnamed, or named by a statement it has seen prepared', () => {
    const answers = new ReadAnswers()
    const unnamed = answers.classify(extended('', 'select v from t where v = $1', '1'))
    expect(unnamed.read).toBe(true)
    expect(unnamed.key).not.toBeNull()
    // a request that prepares a named statement is a read, but its answer is not given again (the
    // statement would stay unprepared); the same statement run by name later is
    const named = answers.classify(extended('kinwise_t', 'select v from t where v = $1', '1'))
    expect(named).toEqual({ read: true, key: null })
    const byName = answers.classify(extended('kinwise_t', '', '1', false))
    expect(byName.read).toBe(true)
    expect(byName.key).not.toBeNull()
    expect(answers.classify(extended('kinwise_unknown', '', '1', false)).read).toBe(false)
    expect(answers.classify(batch(query('select 1'))).read).toBe(true)
    // two statements, a write, a request cut off, a bare Sync: not reads
    expect(
      answers.classify(
        batch(parse('', 'select 1'), bind('', '1'), execute(), bind('', '2'), execute(), sync()),
      ).read,
    ).toBe(false)
    expect(answers.classify(extended('', 'insert into t values ($1)', '1')).read).toBe(false)
    expect(answers.classify(extended('', 'select v from t', '1').subarray(0, 20)).read).toBe(false)
    expect(answers.classify(batch(sync())).read).toBe(false)
  })
})

describe('kept answers', () => {
  it('keeps a read answered outside a transaction, and gives it again for the same request only', () => {
    const answers = new ReadAnswers()
    const one = answers.classify(extended('', 'select v from t where v = $1', '1'))
    answers.ran(one, false, false, reply('I'))
    expect(
      answers.answer(answers.classify(extended('', 'select v from t where v = $1', '1'))),
    ).toEqual(reply('I'))
    // another parameter is another request
    expect(
      answers.answer(answers.classify(extended('', 'select v from t where v = $1', '2'))),
    ).toBeNull()
  })

  it('keeps no answer read inside a transaction, with an error, or too large', () => {
    const answers = new ReadAnswers()
    const read = (v: string) => answers.classify(extended('', 'select v from t where v = $1', v))
    answers.ran(read('1'), true, true, reply('T'))
    answers.ran(read('2'), false, false, reply('I', 0, true))
    answers.ran(read('3'), false, false, reply('I', MAX_ANSWER_BYTES))
    for (const v of ['1', '2', '3']) expect(answers.answer(read(v)), v).toBeNull()
  })

  it('forgets every answer when anything but a read ends outside a transaction, not before', () => {
    const answers = new ReadAnswers()
    const read = answers.classify(batch(query('select v from t')))
    answers.ran(read, false, false, reply('I'))
    // another connection starting (the import worker's): its session set-up changes no data
    answers.ran(SESSION_ONLY, false, false, reply('I'))
    expect(answers.answer(read)).not.toBeNull()
    // an import's writes inside its transaction: nobody else can see them yet
    answers.ran(answers.classify(batch(query('begin'))), false, true, reply('T'))
    answers.ran(
      answers.classify(extended('', 'insert into t values ($1)', '9')),
      true,
      true,
      reply('T'),
    )
    expect(answers.answer(read)).not.toBeNull()
    answers.ran(answers.classify(batch(query('commit'))), true, false, reply('I'))
    expect(answers.answer(read)).toBeNull()
    // a write on its own (autocommit), and a ROLLBACK, forget them too
    answers.ran(read, false, false, reply('I'))
    answers.ran(
      answers.classify(extended('', 'update t set v = $1', '2')),
      false,
      false,
      reply('I'),
    )
    expect(answers.answer(read)).toBeNull()
  })

  it('keeps them through what changes no data: ANALYZE, CHECKPOINT, a write of no row', () => {
    const answers = new ReadAnswers()
    const read = answers.classify(batch(query('select v from t')))
    answers.ran(read, false, false, reply('I'))
    answers.ran(answers.classify(batch(query('analyze "transactions"'))), false, false, reply('I'))
    answers.ran(answers.classify(batch(query('CHECKPOINT'))), false, false, reply('I'))
    // a job's claim of its period when it is not due yet: INSERT … ON CONFLICT … WHERE that wrote nothing
    const claim = (...tags: string[]) =>
      new Uint8Array(
        Buffer.concat([
          message('1', Buffer.alloc(0)),
          message('2', Buffer.alloc(0)),
          ...tags.map((tag) => message('C', cstr(tag))),
          message('Z', Buffer.from('I')),
        ]),
      )
    const claiming = answers.classify(
      extended(
        '',
        'insert into job_runs (name) values ($1) on conflict (name) do update set runs = 1 where false returning name',
        'x',
      ),
    )
    answers.ran(claiming, false, false, claim('INSERT 0 0'))
    answers.ran(
      answers.classify(extended('', 'update sessions set last_seen_at = $1', 'x')),
      false,
      false,
      claim('UPDATE 0'),
    )
    expect(answers.answer(read)).not.toBeNull()
    // one row written, or an error: forgotten
    answers.ran(claiming, false, false, claim('INSERT 0 1'))
    expect(answers.answer(read)).toBeNull()
    answers.ran(read, false, false, reply('I'))
    answers.ran(claiming, false, false, reply('I', 0, true))
    expect(answers.answer(read)).toBeNull()
    // two statements in one query: the second wrote rows
    answers.ran(read, false, false, reply('I'))
    answers.ran(
      answers.classify(batch(query('delete from t where false; delete from u'))),
      false,
      false,
      claim('DELETE 0', 'DELETE 5'),
    )
    expect(answers.answer(read)).toBeNull()
  })

  it('forgets the answers to a statement name that comes back meaning another statement', () => {
    const answers = new ReadAnswers()
    answers.classify(extended('kinwise_x', 'select v from t where v = $1', '1'))
    const byName = answers.classify(extended('kinwise_x', '', '1', false))
    answers.ran(byName, false, false, reply('I'))
    expect(answers.answer(byName)).not.toBeNull()
    answers.classify(extended('kinwise_x', 'select w from u where w = $1', '1'))
    expect(answers.answer(byName)).toBeNull()
  })

  it('holds at most its size, dropping the oldest answers first', () => {
    const answers = new ReadAnswers()
    const size = MAX_ANSWER_BYTES - 100
    const count = Math.ceil(MAX_ANSWERS_BYTES / size) + 2
    const reads = Array.from({ length: count }, (_, i) =>
      answers.classify(extended('', 'select v from t where v = $1', String(i))),
    )
    for (const r of reads) answers.ran(r, false, false, reply('I', size - 20))
    expect(answers.bytes).toBeLessThanOrEqual(MAX_ANSWERS_BYTES)
    const [oldest] = reads
    const newest = reads[count - 1]
    if (!oldest || !newest) throw new Error('no reads')
    expect(answers.answer(oldest)).toBeNull()
    expect(answers.answer(newest)).not.toBeNull()
  })
})

describe('on the embedded database, beside another connection’s open transaction', () => {
  let database: Database
  let other: ReturnType<typeof connectTarget>
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null })
    other = connectTarget(targetOf(database.db))
    await database.db.execute(sql`create table kept (v int)`)
    await database.db.execute(sql`insert into kept values (1)`)
  }, 120_000)
  afterAll(async () => {
    await other.close()
    await database.close()
  })

  const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'waiting'> =>
    Promise.race([
      promise,
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms)),
    ])

  it('answers a read it answered before as committed, makes any other wait, and forgets them all at the commit', async () => {
    const count = preparedSql<{ n: number }>(
      'read_answers_test_count',
      () => sql`select count(*)::int as n from kept where v >= ${param('min')}`,
    )
    const db = database.db
    // answered before the transaction: a simple query, an unnamed one with a value, a named one
    expect((await db.execute(sql`select count(*)::int as n from kept`)).rows).toEqual([{ n: 1 }])
    expect(
      (await db.execute(sql`select count(*)::int as n from kept where v > ${0}`)).rows,
    ).toEqual([{ n: 1 }])
    expect(await count(db, { min: 0 })).toEqual([{ n: 1 }])
    expect(await count(db, { min: 0 })).toEqual([{ n: 1 }])

    let release = (): void => undefined
    let inserted = (): void => undefined
    const didInsert = new Promise<void>((resolve) => (inserted = resolve))
    const holding = other.db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (2)`)
      inserted()
      await new Promise<void>((resolve) => (release = resolve))
    })
    await didInsert
    // the same reads: answered at once, without the uncommitted row
    expect(
      await within(
        db.execute(sql`select count(*)::int as n from kept`).then((r) => r.rows),
        2000,
      ),
    ).toEqual([{ n: 1 }])
    expect(
      await within(
        db.execute(sql`select count(*)::int as n from kept where v > ${0}`).then((r) => r.rows),
        2000,
      ),
    ).toEqual([{ n: 1 }])
    expect(await within(count(db, { min: 0 }), 2000)).toEqual([{ n: 1 }])
    // a read not answered before waits for the commit, and then sees it
    const fresh = db
      .execute(sql`select count(*)::int as n from kept where v > ${1}`)
      .then((r) => r.rows)
    expect(await within(fresh, 300)).toBe('waiting')
    release()
    await holding
    expect(await fresh).toEqual([{ n: 1 }])
    // after the commit nothing kept is given again: the reads see the new row
    expect((await db.execute(sql`select count(*)::int as n from kept`)).rows).toEqual([{ n: 2 }])
    expect(await count(db, { min: 0 })).toEqual([{ n: 2 }])
  }, 60_000)

  it('makes a read of the clock wait, though it was answered before', async () => {
    const db = database.db
    await db.execute(sql`select now() as at`)
    let release = (): void => undefined
    let begun = (): void => undefined
    const didBegin = new Promise<void>((resolve) => (begun = resolve))
    const holding = other.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      begun()
      await new Promise<void>((resolve) => (release = resolve))
    })
    await didBegin
    const clock = db.execute(sql`select now() as at`)
    expect(await within(clock, 300)).toBe('waiting')
    release()
    await holding
    await clock
  }, 60_000)
})
