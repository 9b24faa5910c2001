// The store of @fastify/rate-limit's per-minute limits (sign-in, registration, password and MFA
// attempts per client address), kept in the database instead of each process's memory: with
// several instances behind a load balancer an address gets the limit once, not once per instance
// (ADR 0031). One atomic upsert a counted request; the database's clock times every window, so
// instances whose clocks differ still agree.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/connect'

type Result = { current: number; ttl: number }
type Callback = (error: Error | null, result: Result) => void

/** Rows whose window ended this long ago are purged (purgeSecurityRows, the daily job). */
export const RATE_LIMIT_KEEP_MS = 60 * 60_000

/** A store class for `@fastify/rate-limit`'s `store` option, counting in `db`. */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      /** the route's part of every key: each limited route counts on its own, as the default store does */
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      db.execute<{ hits: number; ttl: number }>(sql`
        insert into rate_limit_hits (key, hits, resets_at)
        values (${this.prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when rate_limit_hits.resets_at <= now() then 1 else least(rate_limit_hits.hits + 1, 1000000000) end,
          resets_at = case when rate_limit_hits.resets_at <= now() then excluded.resets_at else rate_limit_hits.resets_at end
        returning hits, greatest(0, extract(epoch from resets_at - now()) * 1000)::float8 as ttl`).then(
        (result) => {
          const row = result.rows[0]
          callback(null, { current: Number(row?.hits ?? 1), ttl: Math.round(Number(row?.ttl ?? timeWindow)) })
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), { current: 0, ttl: 0 }),
      )
    }

    read(key: string, callback: Callback): void {
      db.execute<{ hits: number; ttl: number }>(sql`
        select hits, greatest(0, extract(epoch from resets_at - now()) * 1000)::float8 as ttl
        from rate_limit_hits where key = ${this.prefix + key} and resets_at > now()`).then(
        (result) => {
          const row = result.rows[0]
          callback(null, row ? { current: Number(row.hits), ttl: Math.round(Number(row.ttl)) } : { current: 0, ttl: 0 })
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), { current: 0, ttl: 0 }),
      )
    }

    /** the plugin passes the route's merged limit options, whose routeInfo names the route */
    child(routeOptions: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${routeName(routeOptions)}|`)
    }
  }
}

function routeName(options: object): string {
  const info: unknown = 'routeInfo' in options ? options.routeInfo : options
  if (typeof info !== 'object' || info === null) return ''
  const method = 'method' in info ? [info.method].flat().join(',') : ''
  const url = 'url' in info && typeof info.url === 'string' ? info.url : ''
  return `${method} ${url}`
}
