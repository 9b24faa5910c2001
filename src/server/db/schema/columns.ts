// The helpers the schema's area files build their tables with: the check that a text column holds
// one of a list of allowed values, money in cents, timestamps, UUID primary keys and raw bytes.
// householdRef() and userRef() point at a table, so they are defined beside it (households.ts,
// users-and-auth.ts) and imported from there.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { bigint, customType, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * A check that a text column holds one of a list of allowed values. The list comes from
 * src/domain, where the contracts' zod enums read it too; the SQL is the same `col in ('a', 'b')`
 * the migrations were generated from, so moving a list here changes no migration.
 */
export function oneOf(column: SQLWrapper, values: readonly string[]): SQL {
  for (const value of values) if (!/^[a-z0-9_]+$/.test(value)) throw new Error(`Not a plain value: ${value}`)
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`
}

export const cents = (name?: string) =>
  name ? bigint(name, { mode: 'number' }) : bigint({ mode: 'number' })
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()
export const id = () => uuid().primaryKey().defaultRandom()
/** When a row was made and last changed, the pair most tables end with (spread into the columns). */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() })

/** Raw bytes (PostgreSQL bytea) as a Buffer on both drivers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})
