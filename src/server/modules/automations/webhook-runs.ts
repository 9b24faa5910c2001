// Running an outgoing webhook: each event the evaluator finds (./evaluate, run mode) is claimed
// as a run with its signed body, then delivered after the claim is committed; a failed delivery
// is recorded on its run and tried again by later runs within a day, up to MAX_ATTEMPTS in all.
import type { EvaluationMode } from '#src/domain/automation/evaluate'
import { openSecret } from '#src/server/crypto/secret-box'
import type { Db } from '#src/server/db/connect'
import { uuidv7 } from '#src/server/db/ids'
import type { ConfigOf, EngineDeps, Internal } from './config'
import { WEBHOOK_LOOKBACK_MS, webhookFirings, type EvaluationContext } from './evaluate'
import * as repo from './repo'
import type { AutomationRow, RunRow } from './repo'
import { ATTEMPTS_AT_ONCE, MAX_ATTEMPTS, deliverOnce, type Attempt } from './webhooks'

async function deliver(
  db: Db,
  run: RunRow,
  url: string,
  secret: string,
  deps: EngineDeps,
  times: number,
): Promise<RunRow> {
  const changes = run.changes
  const body = typeof changes.body === 'string' ? changes.body : '{}'
  const attempts = Array.isArray(changes.attempts) ? (changes.attempts as Attempt[]) : []
  let ok = false
  for (let i = 0; i < times && attempts.length < MAX_ATTEMPTS; i += 1) {
    const attempt = await deliverOnce(url, secret, body, deps.now, deps.allowLocal)
    attempts.push(attempt)
    if (attempt.error === null) {
      ok = true
      break
    }
  }
  const out = await repo.updateRun(db, run.id, {
    status: ok ? 'done' : 'failed',
    changes: { ...changes, attempts },
  })
  return out ?? run
}

export async function runWebhook(
  db: Db,
  row: AutomationRow,
  config: ConfigOf<'webhook'>,
  internal: Internal,
  ctx: EvaluationContext,
  mode: EvaluationMode,
  deps: EngineDeps,
): Promise<RunRow[]> {
  if (!internal.secret) return []
  let secret: string
  try {
    secret = openSecret(internal.secret, deps.secretKey)
  } catch {
    deps.log?.warn(
      { automation: row.id },
      'webhook secret cannot be opened: KINWISE_SECRET_KEY changed?',
    )
    return []
  }
  const out: RunRow[] = []
  for (const { key, summary, event } of await webhookFirings(db, ctx, config, mode)) {
    const claimed = await db.transaction(async (tx) => {
      const id = uuidv7()
      const body = JSON.stringify({
        id,
        type: event.type,
        createdAt: deps.now.toISOString(),
        automationId: row.id,
        data: event.data,
      })
      return repo.claimRun(tx, {
        automationId: row.id,
        householdId: row.householdId,
        period: key,
        summary: summary ?? '',
        status: 'pending',
        changes: { body, attempts: [], ...(event.accountId ? { accountId: event.accountId } : {}) },
        ranAt: deps.now,
      })
    })
    if (claimed) out.push(await deliver(db, claimed, config.url, secret, deps, ATTEMPTS_AT_ONCE))
  }
  // failed deliveries of the last day get another try each time, up to MAX_ATTEMPTS in all
  const failed = await repo.failedRunsSince(
    db,
    row.id,
    new Date(deps.now.getTime() - WEBHOOK_LOOKBACK_MS),
    20,
  )
  for (const run of failed) {
    const attempts = Array.isArray(run.changes.attempts)
      ? run.changes.attempts.length
      : MAX_ATTEMPTS
    if (attempts < MAX_ATTEMPTS && !out.some((r) => r.id === run.id))
      await deliver(db, run, config.url, secret, deps, 1)
  }
  return out
}
