// Hot, fixed-shape reads as named prepared statements: PostgreSQL (and PGlite) parse and plan
// them once per connection, and after five runs keep a generic plan, instead of planning on
// every call. The dashboard's monthly summary spent 1.2 ms planning for 0.5 ms of work.
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from './connect'

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
