// Your data, yours: the export of everything a member may see (one ZIP with a versioned
// JSON document, a CSV per entity and an OFX per account), its import into an empty household
// (the way to move to another Kinwise server), and deleting one's account with 30 days to change
// one's mind. The JSON document's shape is defined here once: the server writes it and reads it
// back with the same schema, so an export always imports.
import { z } from 'zod'
import { ACCOUNT_VISIBILITIES, ROLES } from '../domain/access'
import { ATTACHMENT_KINDS } from '../domain/attachments'
import { isValidTimeZone } from '../domain/dates'
import { RECURRENCES } from '../domain/recurrence'
import { RULE_FIELDS, RULE_MATCHES, RULE_OPERATORS } from '../domain/rules'
import { ADVISOR_ROLES } from '../domain/advisor/answer'
import { AUTOMATION_TYPES } from '../domain/automation/schedule'
import { CATEGORY_KINDS } from '../domain/categories'
import { ACTION_STATUSES } from '../domain/coaching/actions'
import { TRANSACTION_KINDS } from '../domain/ledger'
import { BILL_LINK_KINDS, INCOME_SCHEDULES } from '../domain/plan/kinds'
import { CHALLENGE_KINDS } from '../domain/planning/challenges'
import { DATE_FORMATS, THEMES } from '../domain/preferences'
import { QB_MAPPING_KINDS } from '../domain/quickbooks/chart'
import { REMINDER_PRIORITIES, REMINDER_STATUSES, REMINDER_TYPES } from '../domain/reminder-kinds'
import { OWNER_ONLY, PERSONAL, endpoint } from './endpoint'
import { ACCOUNT_TYPES } from './accounts'
import { RATE_SOURCES, rateValue } from './currencies'
import { currencyCode, id, isoDate, money, nonNegativeMoney } from './common'
import { TRANSACTION_SOURCES } from './transactions'
import { ACTIVITY_SOURCES, ACTIVITY_TYPES, ASSET_KINDS, COST_METHODS, PRICE_SOURCES, price as sharePrice, quantity as shareQuantity } from './investments'
import { notificationPrefs } from './user'

export const EXPORT_FORMAT = 'kinwise-export'
export const EXPORT_VERSION = 1
/** The JSON document's name inside the ZIP. */
export const EXPORT_JSON_NAME = 'kinwise-export.json'

/** Text as stored: bounded, and never a NUL (which PostgreSQL cannot store). */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'Must not contain a NUL character')

/** when the row was made: kept on import, so lists keep their order */
const createdAt = z.iso.datetime()

const exportedMember = z.object({
  id,
  firstName: text(200),
  lastName: text(200),
  role: z.enum(ROLES),
})

const exportedSettings = z.object({
  baseCurrency: currencyCode,
  locale: text(40).refine((v) => {
    try {
      return Intl.NumberFormat.supportedLocalesOf([v]).length === 1
    } catch {
      return false
    }
  }, 'Must be a language tag such as en-US or de-DE'),
  timeZone: text(80).refine(isValidTimeZone, 'Must be a time zone such as Europe/Paris'),
  dateFormat: z.enum(DATE_FORMATS),
  weekStartsOn: z.number().int().min(0).max(6),
  theme: z.enum(THEMES),
  notificationPrefs,
})

const exportedCategory = z.object({
  id,
  name: text(200).min(1),
  parentId: id.nullable(),
  kind: z.enum(CATEGORY_KINDS),
  isHidden: z.boolean(),
  color: text(40).nullable(),
})

const exportedAccount = z.object({
  id,
  createdAt,
  ownerId: id,
  name: text(200).min(1),
  type: z.enum(ACCOUNT_TYPES),
  visibility: z.enum(ACCOUNT_VISIBILITIES),
  sharedWithTeens: z.boolean(),
  currency: currencyCode,
  balance: money,
  accountNumber: text(4).nullable(),
  institution: text(200).nullable(),
  isClosed: z.boolean(),
  externalKey: text(500).nullable(),
  /** false: the exporting member sees only this account's balance, so its transactions are not in the file */
  transactionsIncluded: z.boolean(),
  /** investment accounts: how sold shares take their cost (files made before investments have none: fifo) */
  costMethod: z.enum(COST_METHODS).optional(),
})

// Investments. Quantities and prices are plain numbers with up to 8 decimals, as in the API.
const exportedSecurity = z.object({
  id,
  symbol: z.string().regex(/^[A-Z0-9][A-Z0-9.\-_:/^=]{0,31}$/, 'Must be a symbol in upper case'),
  name: text(200),
  kind: z.enum(ASSET_KINDS),
  currency: currencyCode,
})

const exportedSecurityPrice = z.object({
  securityId: id,
  date: isoDate,
  price: sharePrice,
  source: z.enum(PRICE_SOURCES),
})

// Exchange rates: the household's, as entered (on `date` 1 currency = rate quote).
const exportedExchangeRate = z.object({
  currency: currencyCode,
  quote: currencyCode,
  date: isoDate,
  rate: rateValue,
  source: z.enum(RATE_SOURCES),
})

const exportedInvestmentActivity = z.object({
  id,
  createdAt,
  accountId: id,
  securityId: id.nullable(),
  /** the member who entered it */
  enteredBy: id,
  type: z.enum(ACTIVITY_TYPES),
  date: isoDate,
  quantity: shareQuantity.nullable(),
  price: sharePrice.nullable(),
  amount: nonNegativeMoney.nullable(),
  fees: nonNegativeMoney,
  ratio: z.number().positive().max(1_000_000).nullable(),
  costBasis: nonNegativeMoney.nullable(),
  memo: text(1000),
  source: z.enum(ACTIVITY_SOURCES),
  externalId: text(1000).nullable(),
})

const exportedAllocationTarget = z.object({
  kind: z.enum(ASSET_KINDS),
  percent: z.number().int().min(0).max(100),
})

// Plans, challenges, automations, the advisor, coaching and QuickBooks. Their settings
// (`config`, `input`) are kept as stored, with ids of the file's rows that the import re-maps.
const jsonObject = z.record(z.string(), z.unknown())

const exportedSavingsChallenge = z.object({
  id,
  createdAt,
  kind: z.enum(CHALLENGE_KINDS),
  name: text(200),
  config: jsonObject,
  goalId: id.nullable(),
  startDate: isoDate,
  endDate: isoDate,
  completedAt: z.iso.datetime().nullable(),
  /** the members taking part (ids of `members`) */
  memberIds: z.array(id),
})

const exportedDebtPlan = z.object({
  id,
  createdAt,
  name: text(200),
  /** the simulation's input; a debt's accountId only when that account is in the file */
  input: jsonObject,
  startMonth: isoDate,
})

const exportedAutomation = z.object({
  id,
  createdAt,
  type: z.enum(AUTOMATION_TYPES),
  name: text(200),
  /** a webhook's secret is never in the file: the import makes a new one */
  config: jsonObject,
  enabled: z.boolean(),
  nextRunAt: z.iso.datetime().nullable(),
})

const exportedAdvisorMessage = z.object({
  createdAt,
  role: z.enum(ADVISOR_ROLES),
  text: text(100_000),
  figures: z.array(z.unknown()),
  toolCalls: z.array(z.unknown()),
  engine: text(40),
})

const exportedAdvisorConversation = z.object({
  id,
  createdAt,
  updatedAt: z.iso.datetime(),
  title: text(500),
  messages: z.array(exportedAdvisorMessage),
})

const exportedCoachingAction = z.object({
  createdAt,
  week: isoDate,
  kind: text(100),
  key: text(500),
  title: text(500),
  detail: text(5000),
  saving: money,
  data: jsonObject,
  status: z.enum(ACTION_STATUSES),
  decidedAt: z.iso.datetime().nullable(),
  measuredAt: z.iso.datetime().nullable(),
  result: jsonObject.nullable(),
})

const exportedQuickbooks = z.object({
  chart: z.array(z.object({ name: text(500), type: text(200) })),
  intuBid: text(40),
  /** which QuickBooks account a category or account of the file maps to */
  mappings: z.array(z.object({ kind: z.enum(QB_MAPPING_KINDS), sourceId: id, qbAccount: text(500) })),
})

const exportedBudget = z.object({
  id,
  categoryId: id,
  month: isoDate,
  amount: nonNegativeMoney,
  rollover: z.boolean(),
})

const exportedContribution = z.object({
  id,
  createdAt,
  amount: money,
  date: isoDate,
  note: text(1000),
})

const exportedGoal = z.object({
  id,
  createdAt,
  ownerId: id,
  name: text(200).min(1),
  targetAmount: money.refine((v) => v > 0, 'Must be more than 0'),
  currentAmount: money,
  targetDate: isoDate.nullable(),
  monthlyContribution: money,
  isActive: z.boolean(),
  accountId: id.nullable(),
  contributions: z.array(exportedContribution),
})

/** A payment tied to a due date of a bill: a transaction of the export, or one part (by its place among the splits). */
const exportedBillPayment = z.object({
  dueDate: isoDate,
  transactionId: id,
  splitIndex: z.number().int().min(0).max(49).nullable(),
  amount: nonNegativeMoney,
  kind: z.enum(BILL_LINK_KINDS),
})

const exportedBill = z.object({
  id,
  createdAt,
  ownerId: id,
  name: text(200).min(1),
  amount: nonNegativeMoney,
  categoryId: id.nullable(),
  accountId: id.nullable(),
  recurrence: z.enum(RECURRENCES),
  nextDueDate: isoDate,
  anchorDay: z.number().int().min(1).max(31),
  /** the last due date (absent in exports made before bills could end) */
  endDate: isoDate.nullable().default(null),
  isActive: z.boolean(),
  autopay: z.boolean(),
  notes: text(2000),
  /** what payments are matched on, and what settled its due dates (ADR 0045): absent from files made before them */
  payee: text(200).default(''),
  tolerancePercent: z.number().int().min(0).max(100).default(5),
  payments: z.array(exportedBillPayment).default([]),
})

/** Income a member plans (ADR 0044): its account only when the exporting member's plan counts it. */
const exportedPlannedIncome = z.object({
  id,
  createdAt,
  ownerId: id,
  name: text(200).min(1),
  payee: text(200),
  amount: money.refine((v) => v > 0, 'Must be more than 0'),
  schedule: z.enum(INCOME_SCHEDULES),
  nextDate: isoDate,
  secondDay: z.number().int().min(1).max(31).nullable(),
  accountId: id.nullable(),
  isActive: z.boolean(),
})

const exportedRule = z.object({
  id,
  createdAt,
  name: text(200),
  position: z.number().int().min(0).max(1_000_000),
  isActive: z.boolean(),
  match: z.enum(RULE_MATCHES),
  conditions: z.array(
    z.object({
      field: z.enum(RULE_FIELDS),
      operator: z.enum(RULE_OPERATORS),
      value: text(500),
      value2: text(500).optional(),
    }),
  ),
  actions: z.object({
    setCategoryId: id.nullable().optional(),
    renamePayee: text(500).optional(),
    addNote: text(1000).optional(),
  }),
})

const exportedImportPreset = z.object({
  id,
  createdAt,
  accountId: id.nullable(),
  name: text(200),
  mapping: z.record(z.string(), z.unknown()),
})

const exportedReminder = z.object({
  id,
  createdAt,
  title: text(500),
  description: text(2000),
  type: z.enum(REMINDER_TYPES),
  priority: z.enum(REMINDER_PRIORITIES),
  dueDate: isoDate.nullable(),
  status: z.enum(REMINDER_STATUSES),
  isRead: z.boolean(),
  sourceKey: text(500).nullable(),
})

const exportedCreditScore = z.object({
  id,
  createdAt,
  score: z.number().int().min(300).max(850),
  provider: text(200),
  date: isoDate,
})

const exportedSplit = z.object({
  categoryId: id.nullable(),
  amount: money,
  memo: text(1000),
})

export const exportedTransaction = z.object({
  id,
  accountId: id,
  /** the member who entered it */
  enteredBy: id,
  date: isoDate,
  amount: money,
  categoryId: id.nullable(),
  merchant: text(1000),
  description: text(2000),
  notes: text(5000),
  kind: z.enum(TRANSACTION_KINDS),
  /** both legs of a transfer share it */
  transferGroupId: id.nullable(),
  source: z.enum(TRANSACTION_SOURCES),
  externalId: text(1000).nullable(),
  importedPayee: text(1000).nullable(),
  billId: id.nullable(),
  splits: z.array(exportedSplit),
})

/** A receipt or other file of an exported transaction: its bytes are the ZIP entry at `path`. */
export const exportedAttachment = z.object({
  id,
  transactionId: id,
  fileName: text(1000),
  kind: z.enum(ATTACHMENT_KINDS),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** where the bytes are in the ZIP: attachments/<id>/<file name> */
  path: text(2000),
  createdAt,
})
export type ExportedAttachment = z.output<typeof exportedAttachment>

/**
 * The JSON document of an export, version 1. Amounts are decimal numbers (12.34) as in the API.
 * The file has its keys in the order of EXPORT_SECTIONS (server/modules/data-rights/registry.ts,
 * which also says which table goes to which key), transactions last: the server writes them one
 * page at a time, so the file never has to be held in memory whole.
 */
export const exportDocument = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  household: z.object({ name: text(200) }),
  /** who made the export; their things come back as the importer's */
  exportedBy: id,
  members: z.array(exportedMember),
  settings: exportedSettings,
  categories: z.array(exportedCategory),
  accounts: z.array(exportedAccount),
  budgets: z.array(exportedBudget),
  goals: z.array(exportedGoal),
  bills: z.array(exportedBill),
  /** planned income (ADR 0044): absent from files made before it */
  plannedIncomes: z.array(exportedPlannedIncome).default([]),
  rules: z.array(exportedRule),
  importPresets: z.array(exportedImportPreset),
  reminders: z.array(exportedReminder),
  creditScores: z.array(exportedCreditScore),
  /** investments: absent from files made before them */
  securities: z.array(exportedSecurity).default([]),
  securityPrices: z.array(exportedSecurityPrice).default([]),
  investmentActivities: z.array(exportedInvestmentActivity).default([]),
  allocationTargets: z.array(exportedAllocationTarget).default([]),
  /** exchange rates: absent from files made before them */
  exchangeRates: z.array(exportedExchangeRate).default([]),
  /**
   * challenges, debt plans, automations, the advisor, coaching and QuickBooks: absent from files
   * made before them
   */
  savingsChallenges: z.array(exportedSavingsChallenge).default([]),
  debtPlans: z.array(exportedDebtPlan).default([]),
  automations: z.array(exportedAutomation).default([]),
  advisorConversations: z.array(exportedAdvisorConversation).default([]),
  coachingActions: z.array(exportedCoachingAction).default([]),
  quickbooks: exportedQuickbooks.nullable().default(null),
  /** receipts and other files of the exported transactions: absent from files made before them */
  attachments: z.array(exportedAttachment).default([]),
  transactions: z.array(exportedTransaction),
})
export type ExportDocument = z.output<typeof exportDocument>
export type ExportedAccount = z.output<typeof exportedAccount>
export type ExportedTransaction = z.output<typeof exportedTransaction>
export type ExportedCategory = z.output<typeof exportedCategory>

/** A ZIP streamed to the client (the OpenAPI document says application/zip). */
const zipStream = z
  .custom<{ readonly pipe: (...args: never[]) => unknown }>((v) => typeof v === 'object' && v !== null && 'pipe' in v)
  .meta({ description: 'application/zip: kinwise-export.json, a CSV per entity and an OFX per account' })

export const exportData = endpoint({
  method: 'GET',
  path: '/api/export',
  summary: 'Download everything you may see as one ZIP (needs a recent re-authentication)',
  tag: 'Your data',
  access: PERSONAL,
  tokens: false,
  openWhile: ['deletionPending'],
  response: zipStream,
})

export const importSummary = z.object({
  accounts: z.number().int(),
  transactions: z.number().int(),
  categories: z.number().int(),
  budgets: z.number().int(),
  goals: z.number().int(),
  bills: z.number().int(),
  plannedIncomes: z.number().int(),
  rules: z.number().int(),
  reminders: z.number().int(),
  creditScores: z.number().int(),
  securities: z.number().int(),
  investmentActivities: z.number().int(),
  securityPrices: z.number().int(),
  savingsChallenges: z.number().int(),
  debtPlans: z.number().int(),
  automations: z.number().int(),
  advisorConversations: z.number().int(),
  coachingActions: z.number().int(),
  /** receipts and other files that came back with their transactions */
  attachments: z.number().int(),
})
export type ImportSummary = z.output<typeof importSummary>

export const importExport = endpoint({
  method: 'POST',
  path: '/api/export/import',
  summary: 'Import a Kinwise export (the ZIP or its JSON, multipart field "file") into this empty household',
  tag: 'Your data',
  access: OWNER_ONLY,
  tokens: false,
  response: importSummary,
})

export const deleteAccountBody = z.object({
  /** needed when the account has a password; an account that signs in elsewhere (OpenID) re-authenticates instead */
  password: z.string().min(1, 'Enter your password').max(200).optional(),
})

export const deletionState = z.object({ deleteAfter: z.iso.datetime().nullable() })

export const requestDeletion = endpoint({
  method: 'POST',
  path: '/api/user/delete',
  summary: 'Delete my account after a 30-day grace period (password needed)',
  tag: 'Your data',
  access: PERSONAL,
  tokens: false,
  body: deleteAccountBody,
  response: deletionState,
})

export const cancelDeletion = endpoint({
  method: 'POST',
  path: '/api/user/delete/cancel',
  summary: 'Cancel the deletion of my account',
  tag: 'Your data',
  access: PERSONAL,
  tokens: false,
  openWhile: ['deletionPending'],
  response: deletionState,
})
