// The one database schema of Kinwise (PostgreSQL dialect, for PGlite and PostgreSQL alike).
// Money is bigint cents, ids are UUIDs, calendar dates are `date`, events are timestamptz.
// Every user-owned row carries household_id; queries are scoped by the session's household.
//
// The tables live in schema/, one file per area; the column helpers they share (oneOf, cents,
// createdAt, updatedAt, id, bytea) are in schema/columns.ts. This file gathers the areas, so the
// app and drizzle-kit (drizzle.config.ts) both read the whole schema from here:
//   users-and-auth          users, avatars, sessions, API tokens, second factors, password resets,
//                           sign-in and request limits (and userRef())
//   households              households, members, invitations, Stripe events, the audit log
//                           (and householdRef())
//   accounts                accounts
//   budgets-and-categories  categories, budgets, categorisation rules, payee categories
//   transactions            transactions, splits, attachments, rollups, import batches and presets
//   bills-and-reminders     bills, bill payments, planned incomes, reminders
//   goals-and-planning      goals, contributions, credit scores, debt plans, savings challenges
//   investments             securities, activities, prices, allocation targets, valuations,
//                           exchange rates
//   insights                insights, recurring series, category models, insight jobs, coaching
//                           actions, advisor conversations and messages
//   automations             automations, their runs, transaction changes for webhooks
//   banks-and-quickbooks    bank connections and their accounts, QuickBooks settings and exports
//   jobs                    scheduled job runs
export * from './schema/users-and-auth'
export * from './schema/households'
export * from './schema/accounts'
export * from './schema/budgets-and-categories'
export * from './schema/transactions'
export * from './schema/bills-and-reminders'
export * from './schema/goals-and-planning'
export * from './schema/investments'
export * from './schema/insights'
export * from './schema/automations'
export * from './schema/banks-and-quickbooks'
export * from './schema/jobs'
