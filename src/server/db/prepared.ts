// Hot, fixed-shape reads as named prepared statements: PostgreSQL (and PGlite) parse and plan
// them once per connection, and after five runs keep a generic plan, instead of planning on
// every call; and Drizzle builds their SQL once, not on every request (ADR 0018). The
// dashboard's monthly summary spent 1.2 ms planning for 0.5 ms of work, and building the SQL
// of a small select was a fifth of the CPU of its request.
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db, DbOrTx } from './connect'

const dialect = new PgDialect({ casing: 'snake_case' })

/**
 * Runs `query` on the pool as the prepared statement `name`. The query's text must be the same
 * on every call (values only as parameters), and it must not run inside a transaction (it takes
 * its own connection from the pool).
 */
export async function queryPrepared<T extends object>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query)
  const result = await db.$client.query<T>({ name, text, values: params })
  return result.rows
}

/** A value a prepared query takes when it runs: `prepared(…).execute({ name: value })`. */
export const param = (name: string) => sql.placeholder(name)

const names = new Set<string>()

/**
 * A Drizzle query of one fixed shape (values only through `param(name)`), built and prepared
 * once per database handle and run as the named statement `kinwise_<name>`. Given an open
 * transaction it is prepared for that transaction, and runs on its connection.
 */
export function prepared<Q>(name: string, build: (db: DbOrTx) => { prepare(name: string): Q }): (db: DbOrTx) => Q {
  const statement = `kinwise_${name}`
  if (names.has(statement)) throw new Error(`prepared: ${statement} is defined twice`)
  names.add(statement)
  const built = new WeakMap<DbOrTx, Q>()
  return (db) => {
    let query = built.get(db)
    if (!query) {
      query = build(db).prepare(statement)
      built.set(db, query)
    }
    return query
  }
}
