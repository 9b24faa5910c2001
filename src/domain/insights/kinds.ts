// The words Smart Insights uses everywhere: cadences of recurring payments, the
// states of a found series, the kinds of insight the nightly job writes and the one-click
// actions an insight carries.

/** Cadences recurring detection recognises (each one is also a bill recurrence). */
export const CADENCES = ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const
export type Cadence = (typeof CADENCES)[number]

/** found: detected; confirmed: made a bill; dismissed: a member said no; stopped: 2 expected dates missed */
export const RECURRING_STATUSES = ['found', 'confirmed', 'dismissed', 'stopped'] as const
export type RecurringStatus = (typeof RECURRING_STATUSES)[number]

export const INSIGHT_KINDS = [
  /** one transaction far above the payee's usual amount */
  'anomaly_transaction',
  /** one category's month far above its usual month */
  'anomaly_month',
  'recurring_new',
  'recurring_stopped',
  'recurring_price_rise',
  /** a series that is a bill, whose amount or day no longer agrees with the bill: update the bill? */
  'recurring_bill_differs',
  /** a cash balance would go below zero within the forecast */
  'forecast_low',
  /** uncategorised transactions waiting, with suggestions */
  'uncategorised',
] as const
export type InsightKind = (typeof INSIGHT_KINDS)[number]

export const INSIGHT_SEVERITIES = ['info', 'notice', 'warning'] as const
export type InsightSeverity = (typeof INSIGHT_SEVERITIES)[number]

/**
 * What an insight turns into in one click (performed by the page through the existing endpoints):
 * a rule, a budget change, a bill made from a series, a stopped payment's bill ended, or a stopped
 * payment no longer tracked.
 */
export const INSIGHT_ACTIONS = ['rule', 'budget', 'bill', 'end_bill', 'dismiss_recurring'] as const
export type InsightActionKind = (typeof INSIGHT_ACTIONS)[number]

/** Where a category suggestion came from: the payee's learned category, or the classifier. */
export const SUGGESTION_SOURCES = ['payee', 'model'] as const
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number]

/**
 * The household's insight job as the page's Refresh sees it: never run (idle), waiting for an
 * instance to take it (queued), running, or its last run done or failed.
 */
export const INSIGHT_JOB_STATUSES = ['idle', 'queued', 'running', 'done', 'failed'] as const
export type InsightJobStatus = (typeof INSIGHT_JOB_STATUSES)[number]

export const FORECAST_DAYS = [30, 60, 90] as const
export type ForecastDays = (typeof FORECAST_DAYS)[number]
