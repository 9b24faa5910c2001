// The household's insight job off the request path: Refresh only queues it (one row
// per household in insight_jobs), and the work is claimed and run in the background — at once by
// the instance that answered, or by the scheduler's sweep on any instance (a queued job left by
// an instance that stopped). A claim is one atomic update of the row, so of several instances
// exactly one runs a household's job at a time; a run that has not finished after STALE_MS
// (its instance died) may be claimed again. The nightly job claims the same row, so a Refresh
// and the nightly run never run one household's job at once either.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm'
import { INSIGHT_JOB_STATUSES, type InsightJobStatus } from '#src/domain/insights/kinds'
import { effectivePlan, isSubscriptionTier, planAllows } from '#src/domain/tiers'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { householdMembers, households, insightJobs, users } from '#src/server/db/schema'
import { INSTANCE_ID } from '#src/server/instance'
import { runHouseholdInsights } from './job'

/** A run not finished after this long is taken to have died with its instance. */
export const STALE_MS = 15 * 60_000

export type JobState = {
  status: InsightJobStatus
  requestedAt: string | null
  startedAt: string | null
  finishedAt: string | null
}

type JobRow = typeof insightJobs.$inferSelect

const IDLE: JobState = { status: 'idle', requestedAt: null, startedAt: null, finishedAt: null }

function toState(row: JobRow | undefined): JobState {
  if (!row) return IDLE
  const status = INSIGHT_JOB_STATUSES.find((s) => s === row.status) ?? 'idle'
  return {
    status,
    requestedAt: row.requestedAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

/** A run may be claimed: nothing under way, or the one under way is stale. */
const claimable = (now: Date) =>
  or(
    sql`${insightJobs.status} <> 'running'`,
    lt(insightJobs.startedAt, new Date(now.getTime() - STALE_MS)),
  )

export async function jobState(db: DbOrTx, householdId: string): Promise<JobState> {
  const [row] = await db.select().from(insightJobs).where(eq(insightJobs.householdId, householdId))
  return toState(row)
}

/**
 * Queues the household's job (Refresh): a job already queued or running stays as it is (once per
 * household at a time), so pressing Refresh twice runs it once.
 */
export async function queueJob(db: DbOrTx, householdId: string, timeZone: string, now: Date): Promise<JobState> {
  const [queued] = await db
    .insert(insightJobs)
    .values({ householdId, status: 'queued', requestedAt: now, timeZone })
    .onConflictDoUpdate({
      target: insightJobs.householdId,
      set: { status: 'queued', requestedAt: now, timeZone, runId: null, claimedBy: null, startedAt: null, finishedAt: null },
      setWhere: and(sql`${insightJobs.status} <> 'queued'`, claimable(now)),
    })
    .returning()
  return queued ? toState(queued) : jobState(db, householdId)
}

/** Claims the household's run: its run id and time zone, or null when another run has it. */
async function claim(db: DbOrTx, householdId: string, now: Date, from: 'queued' | 'any', timeZone?: string): Promise<{ runId: string; timeZone: string } | null> {
  const runId = randomUUID()
  const set = { status: 'running', runId, claimedBy: INSTANCE_ID, startedAt: now, finishedAt: null }
  const [row] =
    from === 'queued'
      ? await db
          .update(insightJobs)
          .set(set)
          .where(and(eq(insightJobs.householdId, householdId), or(eq(insightJobs.status, 'queued'), and(eq(insightJobs.status, 'running'), claimable(now)))))
          .returning()
      : await db
          .insert(insightJobs)
          .values({ householdId, ...set, timeZone: timeZone ?? 'UTC' })
          .onConflictDoUpdate({ target: insightJobs.householdId, set, setWhere: claimable(now) })
          .returning()
  return row ? { runId, timeZone: row.timeZone } : null
}

async function finish(db: DbOrTx, householdId: string, runId: string, status: 'done' | 'failed', now: Date): Promise<void> {
  await db
    .update(insightJobs)
    .set({ status, finishedAt: now })
    .where(and(eq(insightJobs.householdId, householdId), eq(insightJobs.runId, runId)))
}

/**
 * Runs one household's job under a claim: `queued` runs only a job a member queued (the Refresh
 * path), `any` claims it for the nightly job (in the owner's time zone) unless a run is under way.
 * Returns false when it was not this caller's to run.
 */
export async function runClaimed(
  db: Db,
  householdId: string,
  now: () => Date,
  from: 'queued' | 'any',
  timeZone?: string,
): Promise<boolean> {
  const claimed = await claim(db, householdId, now(), from, timeZone)
  if (!claimed) return false
  try {
    await runHouseholdInsights(db, householdId, now(), claimed.timeZone)
  } catch (error) {
    await finish(db, householdId, claimed.runId, 'failed', now())
    throw error
  }
  await finish(db, householdId, claimed.runId, 'done', now())
  return true
}

/** The households with a job waiting (or a stale run to take over): what the sweep runs. */
export async function waitingJobs(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = await db
    .select({ householdId: insightJobs.householdId })
    .from(insightJobs)
    .where(
      or(
        eq(insightJobs.status, 'queued'),
        and(inArray(insightJobs.status, ['running']), lt(insightJobs.startedAt, new Date(now.getTime() - STALE_MS))),
      ),
    )
    .limit(100)
  return rows.map((r) => r.householdId)
}

/** Runs every waiting job (the scheduler's sweep), each under its claim; failures are reported. */
export async function runWaitingJobs(db: Db, now: () => Date, onError: (householdId: string, error: unknown) => void): Promise<number> {
  let ran = 0
  for (const householdId of await waitingJobs(db, now())) {
    try {
      if (await runClaimed(db, householdId, now, 'queued')) ran += 1
    } catch (error) {
      onError(householdId, error)
    }
  }
  return ran
}

/** The nightly job: every household whose plan (as it stands now) includes Smart Insights. */
export async function runAllInsights(
  db: Db,
  now: Date,
  onError: (householdId: string, error: unknown) => void,
): Promise<{ households: number }> {
  const rows = await db
    .select({
      id: households.id,
      plan: households.plan,
      billingStatus: households.billingStatus,
      graceUntil: households.graceUntil,
      timeZone: users.timeZone,
    })
    .from(households)
    .innerJoin(householdMembers, and(eq(householdMembers.householdId, households.id), eq(householdMembers.role, 'owner')))
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(inArray(households.plan, ['basic', 'premium']))
  const out = { households: 0 }
  const done = new Set<string>()
  for (const h of rows) {
    if (done.has(h.id)) continue
    done.add(h.id)
    const plan = isSubscriptionTier(h.plan) ? h.plan : 'free'
    const billingStatus = h.billingStatus === 'active' || h.billingStatus === 'past_due' || h.billingStatus === 'canceled' ? h.billingStatus : 'none'
    if (!planAllows(effectivePlan({ plan, billingStatus, graceUntil: h.graceUntil }, now), 'smartInsights')) continue
    try {
      // under the household's claim: a Refresh under way already covers tonight's run
      if (await runClaimed(db, h.id, () => now, 'any', h.timeZone)) out.households += 1
    } catch (error) {
      onError(h.id, error)
    }
  }
  return out
}
