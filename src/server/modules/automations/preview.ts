// The dry run of an automation: what it would have done over the last 90 days, as the member
// who asks sees the household, changing nothing. The one evaluator (./evaluate) decides in its
// preview mode; this lists its firings by date, at most MAX_PREVIEW_ACTIONS.
import { previewMode } from '#src/domain/automation/evaluate'
import { compareDates, localDate } from '#src/domain/dates'
import type { DryRunResult } from '#src/contract/automations'
import type { Db } from '#src/server/db/connect'
import { memberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { evaluateAutomation, MAX_PREVIEW_ACTIONS, voiceOf } from './evaluate'
import { findVisible } from './service'

export async function dryRun(
  db: Db,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<DryRunResult> {
  const scope = await memberScope(db, user)
  const { row, config } = await findVisible(db, user, scope, id)
  const today = localDate(now, user.timeZone)
  const mode = previewMode(today, user.timeZone)
  const firings = await evaluateAutomation(
    db,
    {
      householdId: user.householdId,
      name: row.name,
      memberId: user.id,
      scope,
      voice: voiceOf({ currency: user.baseCurrency, locale: user.locale }, today),
      everyone: [],
      automationCreatedAt: row.createdAt,
      now,
      dipSince: null,
    },
    config,
    mode,
  )
  const actions: DryRunResult['actions'] = firings.map((f) => ({
    date: f.date,
    summary: f.summary ?? '',
    amount: f.amount,
  }))
  actions.sort((a, b) => compareDates(a.date, b.date))
  return {
    from: mode.from,
    to: today,
    actions: actions.slice(0, MAX_PREVIEW_ACTIONS),
    truncated: actions.length > MAX_PREVIEW_ACTIONS,
  }
}
