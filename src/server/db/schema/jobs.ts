// The scheduled jobs' bookkeeping, shared by every instance and no household's.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Which scheduled job ran for which period, so several instances never repeat one.
export const jobRuns = pgTable('job_runs', {
  name: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
  /** periods claimed so far, by every instance together (ADR 0011, 0031) */
  runs: integer().notNull().default(0),
  /** the instance (host:pid) that claimed the last one */
  claimedBy: text(),
})
