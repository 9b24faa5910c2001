// Every table of the schema in one place, with what happens to its rows when a household's data
// leaves or goes: the export section that carries them (or why none does), the import step that
// writes them back, and what deleting a member does to them. The export writes its sections in
// EXPORT_SECTIONS' order, the import runs IMPORT_STEPS in order, and purgeMember hands the
// 'passed-on' tables to the owner; each of them has a handler for every name listed here, so the
// type checker refuses a section, step or table without one. registry.test.ts fails when a
// table of the schema is not in DATA_TABLES, or names a section the export document lacks.
import type { PgTable } from 'drizzle-orm/pg-core'
import type * as schema from '#src/server/db/schema'

/**
 * The export document's keys after its format, version and date, in the order the file has them
 * (transactions last: they are written page by page).
 */
export const EXPORT_SECTIONS = [
  'household',
  'exportedBy',
  'members',
  'settings',
  'categories',
  'accounts',
  'budgets',
  'goals',
  'plannedIncomes',
  'bills',
  'rules',
  'importPresets',
  'reminders',
  'creditScores',
  'securities',
  'securityPrices',
  'investmentActivities',
  'allocationTargets',
  'exchangeRates',
  'savingsChallenges',
  'debtPlans',
  'automations',
  'advisorConversations',
  'coachingActions',
  'quickbooks',
  'attachments',
  'transactions',
] as const
export type ExportSection = (typeof EXPORT_SECTIONS)[number]
/** The sections of the document's head: everything but the transactions, which are streamed. */
export type HeadSection = Exclude<ExportSection, 'transactions'>

/**
 * The import's steps, in the order they run in its one database transaction: a step reads the
 * new ids of the rows before it (categories and accounts before what names them, transactions
 * before their bill payments and files), and the accounts' balances are set last, over what the
 * transactions and investments made of them.
 */
export const IMPORT_STEPS = [
  'categories',
  'accounts',
  'bills',
  'goals',
  'budgets',
  'rules',
  'plannedIncomes',
  'importPresets',
  'reminders',
  'creditScores',
  'settings',
  'transactions',
  'billPayments',
  'attachments',
  'investments',
  'exchangeRates',
  'savingsChallenges',
  'debtPlans',
  'automations',
  'advisorConversations',
  'coachingActions',
  'quickbooks',
  'accountBalances',
] as const
export type ImportStep = (typeof IMPORT_STEPS)[number]

/**
 * What deleting people does to a table's rows. Deleting a household (its last member) deletes
 * every row of it whatever the table says.
 * - household: the household's; stays with it when a member is deleted
 * - passed-on: the household's record, made by a member; passed to the owner (purgeMember)
 * - member: the member's own; deleted with their user row
 * - member-moves: the member's own; deleted with them, and moved with them to another household
 *   (movePersonalRows in the household module)
 * - kept: no household's (this server's bookkeeping), expired by its own rules
 */
export const DELETIONS = ['household', 'passed-on', 'member', 'member-moves', 'kept'] as const
export type Deletion = (typeof DELETIONS)[number]

/** Why a table has no export section or no import step. */
export type Without = { none: string }

export type TableTreatment = {
  export: ExportSection | Without
  import: ImportStep | Without
  deletion: Deletion
}

/** The name of every table the schema module exports (its other exports are helpers). */
export type SchemaTableName = { [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never }[keyof typeof schema]

const SECRET = 'secrets of this server: never exported'
const DERIVED = 'derived from exported rows, and worked out again after an import'
const NOT_EXPORTED = { none: 'not exported' }
const LOG = 'a log of this server'

/** Every table of the schema, by its name in the schema module. */
export const DATA_TABLES = {
  // users and sign-in
  users: { export: 'settings', import: 'settings', deletion: 'member' },
  sessions: { export: { none: SECRET }, import: NOT_EXPORTED, deletion: 'member' },
  apiTokens: { export: { none: SECRET }, import: NOT_EXPORTED, deletion: 'member' },
  mfaRecoveryCodes: { export: { none: SECRET }, import: NOT_EXPORTED, deletion: 'member' },
  mfaFailures: { export: { none: 'wrong second factors counted for a day: security state of this server' }, import: NOT_EXPORTED, deletion: 'member' },
  webauthnCredentials: { export: { none: "passkeys are bound to this server's address" }, import: NOT_EXPORTED, deletion: 'member' },
  passwordResetTokens: { export: { none: SECRET }, import: NOT_EXPORTED, deletion: 'member' },
  signInFailures: { export: { none: 'sign-in limits by e-mail hash and address, no household’s' }, import: NOT_EXPORTED, deletion: 'kept' },
  rateLimitHits: { export: { none: 'request limits by address, no household’s' }, import: NOT_EXPORTED, deletion: 'kept' },
  userAvatars: { export: { none: 'a profile photo, uploaded again on the new server' }, import: NOT_EXPORTED, deletion: 'member' },
  // households
  households: { export: 'household', import: 'settings', deletion: 'household' },
  householdMembers: { export: 'members', import: { none: 'the new household has one member, the importer' }, deletion: 'member' },
  householdInvites: { export: { none: 'invitation links are secrets, valid on this server only' }, import: NOT_EXPORTED, deletion: 'member' },
  stripeEvents: { export: { none: "the billing provider's events, no household's" }, import: NOT_EXPORTED, deletion: 'kept' },
  auditLog: { export: { none: `security events: ${LOG}` }, import: NOT_EXPORTED, deletion: 'member' },
  // accounts, categories, budgets, rules
  accounts: { export: 'accounts', import: 'accounts', deletion: 'passed-on' },
  categories: { export: 'categories', import: 'categories', deletion: 'household' },
  budgets: { export: 'budgets', import: 'budgets', deletion: 'household' },
  rules: { export: 'rules', import: 'rules', deletion: 'household' },
  payeeCategories: { export: { none: `learnt from the transactions' categories: ${DERIVED}` }, import: NOT_EXPORTED, deletion: 'household' },
  // transactions
  transactions: { export: 'transactions', import: 'transactions', deletion: 'passed-on' },
  transactionSplits: { export: 'transactions', import: 'transactions', deletion: 'household' },
  attachments: { export: 'attachments', import: 'attachments', deletion: 'household' },
  attachmentContents: { export: 'attachments', import: 'attachments', deletion: 'household' },
  monthlyRollups: { export: { none: `totals of the transactions: ${DERIVED}` }, import: NOT_EXPORTED, deletion: 'household' },
  merchantRollups: { export: { none: `totals of the transactions: ${DERIVED}` }, import: NOT_EXPORTED, deletion: 'household' },
  importBatches: { export: { none: "the history of imported files: undoing one works on this server's rows only" }, import: NOT_EXPORTED, deletion: 'passed-on' },
  importPresets: { export: 'importPresets', import: 'importPresets', deletion: 'household' },
  // bills and reminders
  bills: { export: 'bills', import: 'bills', deletion: 'passed-on' },
  billPayments: { export: 'bills', import: 'billPayments', deletion: 'household' },
  plannedIncomes: { export: 'plannedIncomes', import: 'plannedIncomes', deletion: 'member' },
  reminders: { export: 'reminders', import: 'reminders', deletion: 'member-moves' },
  // goals and planning
  goals: { export: 'goals', import: 'goals', deletion: 'passed-on' },
  goalContributions: { export: 'goals', import: 'goals', deletion: 'household' },
  creditScores: { export: 'creditScores', import: 'creditScores', deletion: 'member-moves' },
  debtPlans: { export: 'debtPlans', import: 'debtPlans', deletion: 'member' },
  savingsChallenges: { export: 'savingsChallenges', import: 'savingsChallenges', deletion: 'member' },
  savingsChallengeMembers: { export: 'savingsChallenges', import: 'savingsChallenges', deletion: 'member' },
  // investments and currencies
  securities: { export: 'securities', import: 'investments', deletion: 'household' },
  investmentActivities: { export: 'investmentActivities', import: 'investments', deletion: 'household' },
  securityPrices: { export: 'securityPrices', import: 'investments', deletion: 'household' },
  allocationTargets: { export: 'allocationTargets', import: 'investments', deletion: 'household' },
  investmentMonthValues: { export: { none: `values of the activities at their prices: ${DERIVED}` }, import: NOT_EXPORTED, deletion: 'household' },
  investmentPositions: { export: { none: `holdings of the activities: ${DERIVED}` }, import: NOT_EXPORTED, deletion: 'household' },
  investmentDayValues: { export: { none: `values of the activities at their prices: ${DERIVED}` }, import: NOT_EXPORTED, deletion: 'household' },
  exchangeRates: { export: 'exchangeRates', import: 'exchangeRates', deletion: 'household' },
  // insights, coaching and the advisor
  insights: { export: { none: `the insight feed: ${DERIVED}` }, import: NOT_EXPORTED, deletion: 'household' },
  recurringSeries: { export: { none: `recurring payments found in the transactions: ${DERIVED}` }, import: NOT_EXPORTED, deletion: 'household' },
  categoryModels: { export: { none: `a model learnt from the transactions: ${DERIVED}` }, import: NOT_EXPORTED, deletion: 'household' },
  insightJobs: { export: { none: 'the state of a job running on this server' }, import: NOT_EXPORTED, deletion: 'household' },
  coachingActions: { export: 'coachingActions', import: 'coachingActions', deletion: 'member' },
  advisorConversations: { export: 'advisorConversations', import: 'advisorConversations', deletion: 'member' },
  advisorMessages: { export: 'advisorConversations', import: 'advisorConversations', deletion: 'member' },
  // automations
  automations: { export: 'automations', import: 'automations', deletion: 'member' },
  automationRuns: { export: { none: `the run history of automations: ${LOG}` }, import: NOT_EXPORTED, deletion: 'household' },
  transactionChanges: { export: { none: "changes waiting for webhooks: this server's deliveries" }, import: NOT_EXPORTED, deletion: 'household' },
  // banks and QuickBooks
  bankConnections: { export: { none: 'access tokens are secrets, and a connection cannot move servers' }, import: NOT_EXPORTED, deletion: 'member' },
  bankConnectionAccounts: { export: { none: 'part of a bank connection, which is not exported' }, import: NOT_EXPORTED, deletion: 'member' },
  quickbooksSettings: { export: 'quickbooks', import: 'quickbooks', deletion: 'household' },
  quickbooksMappings: { export: 'quickbooks', import: 'quickbooks', deletion: 'household' },
  quickbooksExports: { export: { none: `what was sent to QuickBooks: ${LOG}` }, import: NOT_EXPORTED, deletion: 'member' },
  quickbooksExported: { export: { none: `what was sent to QuickBooks: ${LOG}` }, import: NOT_EXPORTED, deletion: 'member' },
  // jobs
  jobRuns: { export: { none: "the scheduled jobs' bookkeeping, no household's" }, import: NOT_EXPORTED, deletion: 'kept' },
} as const satisfies Record<SchemaTableName, TableTreatment>

/** The tables whose rows pass to the owner when the member who made them is deleted, in the registry's order. */
export type PassedOnTable = { [K in SchemaTableName]: (typeof DATA_TABLES)[K]['deletion'] extends 'passed-on' ? K : never }[SchemaTableName]

export const PASSED_ON_TABLES = (Object.keys(DATA_TABLES) as SchemaTableName[]).filter(
  (name): name is PassedOnTable => DATA_TABLES[name].deletion === 'passed-on',
)
