// Smart Insights: category suggestions learned from the household's own history,
// recurring payments (cadence, expected amount, next date, price rises, stopped ones), unusual
// transactions and months (median and MAD), a 30/60/90-day cash-flow forecast with a band, and
// a feed of insights written by the nightly job (or the page's Refresh, which queues the same job
// to run in the background and is polled until it is done). Every number is
// computed in code (src/domain/insights); the GET endpoints read what the job stored, except the
// forecast, which is worked out for the member asking over the cash accounts they see.
//
// Privacy: a member sees only suggestions, series, anomalies and insights about accounts whose
// transactions they may see (memberScope noTransactions); an insight about several accounts is
// shown only to members who see every one of them.
import { z } from 'zod'
import {
  CADENCES,
  FORECAST_DAYS,
  INSIGHT_JOB_STATUSES,
  INSIGHT_KINDS,
  INSIGHT_SEVERITIES,
  RECURRING_STATUSES,
  SUGGESTION_SOURCES,
} from '../domain/insights/kinds'
import { RECURRENCES } from '../domain/recurrence'
import type { Access } from './endpoint'
import { endpoint } from './endpoint'
import { booleanQuery, id, idParams, isoDate, isoMonth, money } from './common'

export { CADENCES, FORECAST_DAYS, INSIGHT_KINDS, RECURRING_STATUSES }

/** Reads: every member (rows still filtered by what they see). */
const INSIGHTS_READ = { feature: 'smartInsights', role: 'viewer', writes: false } as const satisfies Access
/** Changes to household data (categories, bills, the shared feed, a refresh): adults and owner. */
const INSIGHTS_WRITE = { feature: 'smartInsights', role: 'adult', writes: true } as const satisfies Access

export const cadence = z.enum(CADENCES)
export const recurringStatus = z.enum(RECURRING_STATUSES)
export const insightKind = z.enum(INSIGHT_KINDS)

// ---- category suggestions ----

export const categorySuggestion = z.object({
  transactionId: id,
  date: isoDate,
  payee: z.string(),
  /** negative = money out */
  amount: money,
  accountId: id,
  /** the suggested category */
  categoryId: id,
  categoryName: z.string(),
  /** 0..1: the share of the payee's history for `payee`, the classifier's probability for `model` */
  confidence: z.number(),
  source: z.enum(SUGGESTION_SOURCES),
})
export type CategorySuggestion = z.output<typeof categorySuggestion>

export const categorySuggestionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** leave out suggestions below this confidence */
  minConfidence: z.coerce.number().min(0).max(1).default(0),
})

export const categorySuggestions = z.object({
  /** newest first, at most `limit` */
  items: z.array(categorySuggestion),
  /** uncategorised transactions the member sees (with or without a suggestion) */
  uncategorised: z.number().int(),
  /** when the household's classifier was last trained (null: never; payee learning still works) */
  trainedAt: z.string().nullable(),
})

export const acceptSuggestionsBody = z.object({
  items: z
    .array(z.object({ transactionId: id, categoryId: id }))
    .min(1, 'Choose at least one suggestion')
    .max(500, 'At most 500 at a time'),
})

export const acceptSuggestionsResult = z.object({ updated: z.number().int() })

// ---- recurring payments ----

export const priceChange = z.object({
  /** the amount before the change and after it (negative = money out) */
  from: money,
  to: money,
  /** the date of the first charge at the new amount */
  date: isoDate,
  /** (to − from) / |from|: 0.1 = 10 % more */
  change: z.number(),
})

export const recurringItem = z.object({
  id,
  payee: z.string(),
  cadence,
  /** the expected amount (median of the recent charges), negative = money out */
  amount: money,
  nextDate: isoDate,
  lastDate: isoDate,
  accountId: id,
  categoryId: id.nullable(),
  status: recurringStatus,
  /** the bill it became (status confirmed) */
  billId: id.nullable(),
  /** how many charges it was found from */
  occurrences: z.number().int(),
  /** the last charge differs from the one before by more than a cent; null otherwise */
  priceChange: priceChange.nullable(),
  /** what it costs a month on average (domain/recurrence monthlyEquivalent), negative = money out */
  monthly: money,
})
export type RecurringItem = z.output<typeof recurringItem>

export const recurringQuery = z.object({
  /** also list the ones a member dismissed */
  includeDismissed: booleanQuery.optional(),
})

export const confirmRecurringBody = z
  .object({
    /** default: the payee */
    name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters').optional(),
    /** default: the series' category */
    categoryId: id.nullable().optional(),
  })
  .default({})

export const confirmRecurringResult = z.object({ series: recurringItem, billId: id })

// ---- anomalies ----

export const anomaly = z.object({
  /** the insight row it is stored in */
  id,
  kind: z.enum(['transaction', 'category_month']),
  /** the transaction's date, or the first day of the month */
  date: isoDate,
  month: isoMonth.nullable(),
  transactionId: id.nullable(),
  payee: z.string().nullable(),
  categoryId: id.nullable(),
  categoryName: z.string().nullable(),
  accountIds: z.array(id),
  /** the amount spent (positive) */
  amount: money,
  /** the median of the usual amounts (positive) */
  usual: money,
  /** amount / usual */
  ratio: z.number(),
  /** robust z-score: (amount − median) / (1.4826 × MAD) */
  score: z.number(),
  /** in words: "3.4× your usual at Harbor Grocers" */
  reason: z.string(),
  dismissed: z.boolean(),
})
export type Anomaly = z.output<typeof anomaly>

// ---- forecast ----

export const forecastQuery = z.object({
  days: z.coerce
    .number()
    .int('Must be 30, 60 or 90')
    .refine((d) => (FORECAST_DAYS as readonly number[]).includes(d), 'Must be 30, 60 or 90')
    .default(30),
})

export const forecastPoint = z.object({
  date: isoDate,
  /** the expected total of the cash accounts at the end of the day */
  balance: money,
  low: money,
  high: money,
})

export const forecastEvent = z.object({
  date: isoDate,
  label: z.string(),
  /** negative = money out */
  amount: money,
  source: z.enum(['bill', 'recurring']),
  accountId: id.nullable(),
})

export const forecast = z.object({
  days: z.number().int(),
  /** the day the forecast starts from (today in the member's time zone); points start the day after */
  today: isoDate,
  /** the cash accounts it covers (checking, savings, cash, credit cards the member sees) */
  accountIds: z.array(id),
  startBalance: money,
  /** the usual variable spending per day (the median week of the last 12, a seventh a day), positive */
  dailySpending: money,
  points: z.array(forecastPoint),
  /** the first day the expected balance is below zero; null when it never is */
  lowPoint: z.object({ date: isoDate, balance: money }).nullable(),
  /** bills and recurring payments inside the window */
  events: z.array(forecastEvent),
})
export type Forecast = z.output<typeof forecast>

// ---- the insight feed ----

/** What an insight turns into in one click; the page performs it through the existing endpoints. */
export const insightAction = z.discriminatedUnion('action', [
  /** POST /api/rules: payee contains `payee` → set category (null: the member picks it in the dialog) */
  z.object({ action: z.literal('rule'), name: z.string(), payee: z.string(), categoryId: id.nullable() }),
  /** PUT /api/budgets (the budget's rollover as it is) */
  z.object({ action: z.literal('budget'), categoryId: id, month: isoMonth, amount: money, rollover: z.boolean().default(false) }),
  /** PATCH /api/bills/:id { isActive: false }: a stopped payment's bill ends (its history stays) */
  z.object({ action: z.literal('end_bill'), billId: id, name: z.string() }),
  /** POST /api/insights/recurring/:id/dismiss: a stopped payment with no bill or budget is no longer tracked */
  z.object({ action: z.literal('dismiss_recurring'), recurringId: id, name: z.string() }),
  /** POST /api/insights/recurring/:recurringId/confirm (or POST /api/bills with these fields) */
  z.object({
    action: z.literal('bill'),
    recurringId: id,
    name: z.string(),
    /** positive, as bills take it */
    amount: money,
    nextDueDate: isoDate,
    recurrence: z.enum(RECURRENCES),
    accountId: id,
    categoryId: id.nullable(),
  }),
])
export type InsightAction = z.output<typeof insightAction>

export const insight = z.object({
  id,
  kind: insightKind,
  title: z.string(),
  body: z.string(),
  severity: z.enum(INSIGHT_SEVERITIES),
  accountIds: z.array(id),
  /** the one-click action, when there is one */
  action: insightAction.nullable(),
  /** the figures behind it (kind-specific) */
  data: z.record(z.string(), z.unknown()),
  readAt: z.string().nullable(),
  dismissedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Insight = z.output<typeof insight>

export const insightsQuery = z.object({
  includeDismissed: booleanQuery.optional(),
})

export const updateInsightBody = z
  .object({ read: z.boolean().optional(), dismissed: z.boolean().optional() })
  .refine((b) => b.read !== undefined || b.dismissed !== undefined, 'Send read or dismissed')

/** Where the household's insight job stands: Refresh queues it, the page polls until it is done. */
export const refreshStatus = z.object({
  /** idle: never run; queued: waiting for an instance; running; done or failed: how the last run ended */
  status: z.enum(INSIGHT_JOB_STATUSES),
  /** when a member last pressed Refresh */
  requestedAt: z.string().nullable(),
  /** when the run under way (or the last one) started */
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
})
export type RefreshStatus = z.output<typeof refreshStatus>

// ---- endpoints ----

export const listInsights = endpoint({
  method: 'GET',
  path: '/api/insights',
  summary: 'The insight feed: newest first, expired ones left out, dismissed ones on request',
  tag: 'insights',
  access: INSIGHTS_READ,
  query: insightsQuery,
  response: z.array(insight),
})

export const updateInsight = endpoint({
  method: 'PATCH',
  path: '/api/insights/:id',
  summary: 'Mark an insight read or dismissed (or undo either)',
  tag: 'insights',
  access: INSIGHTS_WRITE,
  params: idParams,
  body: updateInsightBody,
  response: insight,
})

export const refreshInsights = endpoint({
  method: 'POST',
  path: '/api/insights/refresh',
  summary:
    "Run the household's insight job now (the nightly job's code), in the background: 202 with where it stands; once per household at a time",
  tag: 'insights',
  access: INSIGHTS_WRITE,
  response: refreshStatus,
  status: 202,
})

export const getInsightRefresh = endpoint({
  method: 'GET',
  path: '/api/insights/refresh',
  summary: "Where the household's insight job stands (queued, running, done or failed), for the page to poll after Refresh",
  tag: 'insights',
  access: INSIGHTS_READ,
  response: refreshStatus,
})

export const listCategorySuggestions = endpoint({
  method: 'GET',
  path: '/api/insights/category-suggestions',
  summary: 'Uncategorised transactions the member sees, each with a suggested category and a confidence',
  tag: 'insights',
  access: INSIGHTS_READ,
  query: categorySuggestionsQuery,
  response: categorySuggestions,
})

export const acceptCategorySuggestions = endpoint({
  method: 'POST',
  path: '/api/insights/category-suggestions/accept',
  summary: 'Set the categories of one or more transactions (the payee learning follows)',
  tag: 'insights',
  access: INSIGHTS_WRITE,
  body: acceptSuggestionsBody,
  response: acceptSuggestionsResult,
})

export const listRecurring = endpoint({
  method: 'GET',
  path: '/api/insights/recurring',
  summary: 'Recurring payments found in the history: cadence, expected amount, next date, price rises, stopped ones',
  tag: 'insights',
  access: INSIGHTS_READ,
  query: recurringQuery,
  response: z.array(recurringItem),
})

export const confirmRecurring = endpoint({
  method: 'POST',
  path: '/api/insights/recurring/:id/confirm',
  summary: 'Make a recurring payment a bill with its cadence, amount and next date',
  tag: 'insights',
  access: INSIGHTS_WRITE,
  params: idParams,
  body: confirmRecurringBody,
  response: confirmRecurringResult,
})

export const dismissRecurring = endpoint({
  method: 'POST',
  path: '/api/insights/recurring/:id/dismiss',
  summary: 'Dismiss a recurring payment (it is not found again)',
  tag: 'insights',
  access: INSIGHTS_WRITE,
  params: idParams,
  response: recurringItem,
})

export const listAnomalies = endpoint({
  method: 'GET',
  path: '/api/insights/anomalies',
  summary: 'Unusual transactions and category months, each with the reason in words',
  tag: 'insights',
  access: INSIGHTS_READ,
  query: insightsQuery,
  response: z.array(anomaly),
})

export const getForecast = endpoint({
  method: 'GET',
  path: '/api/insights/forecast',
  summary: 'Cash-flow forecast over the cash accounts the member sees, with a band and the first day below zero',
  tag: 'insights',
  access: INSIGHTS_READ,
  query: forecastQuery,
  response: forecast,
})
