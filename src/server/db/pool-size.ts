// How many connections an instance opens to PostgreSQL when DB_POOL_SIZE is not set (ADR 0019).
import { availableParallelism } from 'node:os'

/**
 * Twice the cores, at least 2: the usual rule for a database on the same machine. An instance's
 * event loop is one thread: on a 2-core box, 4 connections answered 20–25 % more dashboard calls
 * per second than 10 did, at a quarter lower p99 (more connections only queued work in
 * PostgreSQL and in the loop), and cheap requests waited half as long.
 */
export const defaultPoolSize = (cores = availableParallelism()): number => Math.max(2, 2 * cores)
