// Hot, fixed-shape reads as named prepared statements (ADR 0018): Drizzle builds their SQL once,
// not on every request, and PostgreSQL (and PGlite) parse and plan them once per connection and
// after five runs keep a generic plan. The dashboard's monthly summary spent 1.2 ms planning for
// 0.5 ms of work, and building the SQL of a small select was a fifth of its request's CPU. Only
// queries whose best plan does not depend on the values belong here: a filter whose rows may be
// few or many (a category, a search) keeps a plan made for its values.
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db, DbOrTx } from './connect'

const dialect = new PgDialect({ casing: 'snake_case' })

/** A value a prepared query takes when it runs: `query(db).execute({ name: value })`. */
export const param = (name: string) => sql.placeholder(name)

/** A household member's own rows, as values a prepared query takes: run it with the `Owner`. */
export const ownerParams = { householdId: param('householdId'), userId: param('userId') }

const names = new Set<string>()

function statementName(name: string): string {
  const statement = `kinwise_${name}`
  if (names.has(statement)) throw new Error(`prepared: ${statement} is defined twice`)
  names.add(statement)
  return statement
}

/**
 * A Drizzle query of one fixed shape (values only through `param(name)`), built and prepared
 * once per database handle and run as the named statement `kinwise_<name>`. Given an open
 * transaction it is prepared for that transaction, and runs on its connection.
 */
export function prepared<Q>(name: string, build: (db: DbOrTx) => { prepare(name: string): Q }): (db: DbOrTx) => Q {
  const statement = statementName(name)
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

/**
 * The same for a raw `sql` template (one round trip that a builder cannot express), rendered
 * once. It runs on the pool, so never inside a transaction (PGlite's pool has one connection).
 */
export function preparedSql<T extends object>(
  name: string,
  build: () => SQL,
): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const statement = statementName(name)
  let query: { sql: string; params: unknown[] } | undefined
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build())
    const result = await db.$client.query<T>({ name: statement, text: query.sql, values: fillPlaceholders(query.params, values) })
    return result.rows
  }
}
