// An automation's stored config read back: what the API shows (the contract's config), the
// internal keys kept beside it (the day it was made, the sealed webhook secret, the day a balance
// went under), the accounts it is about and the dates its schedule falls on; and what a run is
// given to work with.
import { firstMonthlyDate, nextScheduleDate } from '#src/domain/automation/schedule'
import { compareDates, type IsoDate } from '#src/domain/dates'
import type { FastifyBaseLogger } from 'fastify'
import { automationConfig, type AutomationConfig } from '#src/contract/automations'
import type { MemberScope } from '#src/server/core/scope'
import type { AutomationRow } from './repo'

/** The config of one kind of automation. */
export type ConfigOf<T extends AutomationConfig['type']> = Extract<AutomationConfig, { type: T }>

export type EngineDeps = {
  /** opens the sealed webhook secrets */
  secretKey: string | null
  /** webhooks to private and loopback addresses allowed */
  allowLocal: boolean
  now: Date
  log?: FastifyBaseLogger
}

/** Kept in the config column beside what the API shows (never sent out). */
export type Internal = { createdOn: IsoDate; secret?: string; dipSince?: IsoDate | null }

export function readConfig(
  row: Pick<AutomationRow, 'config' | 'createdAt'>,
): { config: AutomationConfig; internal: Internal } | null {
  const parsed = automationConfig.safeParse(row.config)
  if (!parsed.success) return null
  const raw = row.config
  const createdOn =
    typeof raw._createdOn === 'string' ? raw._createdOn : row.createdAt.toISOString().slice(0, 10)
  return {
    config: parsed.data,
    internal: {
      createdOn,
      ...(typeof raw._secret === 'string' ? { secret: raw._secret } : {}),
      dipSince: typeof raw._dipSince === 'string' ? raw._dipSince : null,
    },
  }
}

/** The accounts an automation is about: a member who does not see one of them whole never sees it. */
export function accountsOf(config: AutomationConfig): string[] {
  switch (config.type) {
    case 'scheduled_transaction':
      return [config.accountId]
    case 'goal_transfer':
      return [config.incomeAccountId, config.fromAccountId, config.toAccountId].filter(
        (x): x is string => x !== null,
      )
    case 'alert':
      return config.accountId ? [config.accountId] : []
    case 'webhook':
      return []
  }
}

/** Whether the member sees every account the automation is about whole. */
export function visible(scope: MemberScope, config: AutomationConfig): boolean {
  return accountsOf(config).every((id) => scope.accounts.get(id)?.view === 'full')
}

/** The first date of the automation's schedule: a monthly transfer starts on its day. */
function scheduleOf(
  config: AutomationConfig,
  createdOn: IsoDate,
): {
  start: IsoDate
  cadence: 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'yearly'
  anchor?: number
} | null {
  if (config.type === 'scheduled_transaction')
    return { start: config.startDate, cadence: config.cadence }
  if (config.type === 'goal_transfer' && config.trigger === 'monthly')
    return {
      start: firstMonthlyDate(config.dayOfMonth, createdOn),
      cadence: 'monthly',
      anchor: config.dayOfMonth,
    }
  return null
}

/** The next date a scheduled automation acts on, on or after `day`, as the instant stored in next_run_at. */
export function nextRunAt(config: AutomationConfig, createdOn: IsoDate, day: IsoDate): Date | null {
  const schedule = scheduleOf(config, createdOn)
  if (!schedule) return null
  const next = nextScheduleDate(
    schedule.start,
    schedule.cadence,
    compareDates(day, createdOn) < 0 ? createdOn : day,
    schedule.anchor,
  )
  return next ? new Date(`${next}T00:00:00Z`) : null
}
