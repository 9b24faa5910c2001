// The tables the all-routes test walks: every endpoint of the contract, what the owner reads,
// which of the owner's ids each endpoint with an id takes, and which writes are personal.
import { endpointKey, isEndpoint } from './fuzz/contracts'

const modules = import.meta.glob<Record<string, unknown>>('../contract/*.ts', { eager: true })

export const endpoints = Object.values(modules).flatMap((m) => Object.values(m).filter(isEndpoint))

/** what owner made: one id of each kind, for the other household to try */
export const ids: Record<string, string> = {}

export const OWNER_READS = [
  '/api/accounts',
  '/api/transactions?limit=500',
  '/api/categories',
  '/api/budgets?month=2026-03',
  '/api/goals',
  '/api/planned-income',
  '/api/spending-plan',
  '/api/savings-challenges',
  '/api/bills',
  '/api/reminders?status=all',
  '/api/credit-score/history',
  '/api/analytics/net-worth',
  '/api/analytics/monthly-summary',
  '/api/reports/cash-flow',
  '/api/reports/net-worth',
  '/api/reports/spending-by-category',
  '/api/reports/sankey',
  '/api/reports/top-merchants',
  '/api/imports',
  '/api/rules',
  '/api/rules/dry-run',
  '/api/import-presets',
  '/api/household',
  '/api/household/invites',
  '/api/investments/activities',
  '/api/investments/holdings',
  '/api/investments/securities',
  '/api/investments/accounts',
  '/api/investments/allocation',
  '/api/currencies',
  '/api/currencies/rates',
  '/api/coaching',
  '/api/motivation',
  '/api/automations',
  '/api/bank-connections',
  '/api/insights',
  '/api/insights/recurring',
]

// For each endpoint with an id in its path: which of owner's ids to put there, and a valid body.
export const OTHERS_IDS: Record<string, { id: string; body?: () => unknown }> = {
  'GET /api/accounts/:id': { id: 'account' },
  'PATCH /api/accounts/:id': { id: 'account', body: () => ({ name: 'Taken' }) },
  'DELETE /api/accounts/:id': { id: 'account' },
  'POST /api/accounts/:id/reconcile': { id: 'account', body: () => ({ statementBalance: 0 }) },
  'GET /api/transactions/:id': { id: 'transaction' },
  'PATCH /api/transactions/:id': { id: 'transaction', body: () => ({ amount: -1 }) },
  'DELETE /api/transactions/:id': { id: 'transaction' },
  'GET /api/transactions/:id/attachments': { id: 'transaction' },
  'POST /api/transactions/:id/attachments': { id: 'transaction' },
  'GET /api/attachments/:id/content': { id: 'attachment' },
  'DELETE /api/attachments/:id': { id: 'attachment' },
  'GET /api/users/:id/avatar': { id: 'photoOwner' },
  'PATCH /api/categories/:id': { id: 'category', body: () => ({ name: 'Taken' }) },
  'DELETE /api/categories/:id': { id: 'category' },
  'POST /api/categories/:id/merge': { id: 'category', body: () => ({ intoId: ids.groceries }) },
  'DELETE /api/budgets/:id': { id: 'budget' },
  'PATCH /api/goals/:id': { id: 'goal', body: () => ({ name: 'Taken' }) },
  'DELETE /api/goals/:id': { id: 'goal' },
  'PATCH /api/planned-income/:id': { id: 'plannedIncome', body: () => ({ name: 'Taken' }) },
  'DELETE /api/planned-income/:id': { id: 'plannedIncome' },
  'GET /api/goals/:id/contributions': { id: 'goal' },
  'POST /api/goals/:id/contributions': { id: 'goal', body: () => ({ amount: 10 }) },
  'PATCH /api/bills/:id': { id: 'bill', body: () => ({ name: 'Taken' }) },
  'DELETE /api/bills/:id': { id: 'bill' },
  'POST /api/bills/:id/pay': { id: 'bill', body: () => ({}) },
  'GET /api/bills/:id/payments': { id: 'bill' },
  'GET /api/bills/:id/matches': { id: 'bill' },
  'POST /api/bills/:id/payments': { id: 'bill', body: () => ({ transactionId: ids.transaction }) },
  'DELETE /api/bills/:id/payments/:paymentId': { id: 'bill' },
  'PATCH /api/reminders/:id/read': { id: 'reminder' },
  'PATCH /api/reminders/:id': { id: 'reminder', body: () => ({ status: 'dismissed' }) },
  'DELETE /api/reminders/:id': { id: 'reminder' },
  'DELETE /api/credit-score/:id': { id: 'creditScore' },
  'POST /api/savings-challenges/:id/join': { id: 'challenge' },
  'POST /api/savings-challenges/:id/leave': { id: 'challenge' },
  'POST /api/savings-challenges/:id/sweep': { id: 'challenge' },
  'DELETE /api/savings-challenges/:id': { id: 'challenge' },
  'DELETE /api/debt-planning/plans/:id': { id: 'debtPlan' },
  'POST /api/debt-planning/plans/:id/bills': { id: 'debtPlan', body: () => ({ dueDay: 1 }) },
  'PATCH /api/rules/:id': { id: 'rule', body: () => ({ name: 'Taken' }) },
  'DELETE /api/rules/:id': { id: 'rule' },
  'POST /api/coaching/actions/:id/accept': { id: 'coachingAction' },
  'POST /api/coaching/actions/:id/dismiss': { id: 'coachingAction' },
  'DELETE /api/imports/:batchId': { id: 'importBatch' },
  'DELETE /api/household/invites/:token': { id: 'invite' },
  'PATCH /api/household/members/:userId': { id: 'member', body: () => ({ role: 'adult' }) },
  'DELETE /api/household/members/:userId': { id: 'member' },
  'DELETE /api/auth/sessions/:id': { id: 'session' },
  'DELETE /api/mfa/passkeys/:id': { id: 'passkey' },
  'PATCH /api/investments/activities/:id': { id: 'activity', body: () => ({ memo: 'Taken' }) },
  'DELETE /api/investments/activities/:id': { id: 'activity' },
  'PATCH /api/investments/securities/:id': { id: 'security', body: () => ({ name: 'Taken' }) },
  'PATCH /api/investments/accounts/:id': { id: 'investmentAccount', body: () => ({ costMethod: 'average' }) },
  'PATCH /api/automations/:id': { id: 'automation', body: () => ({ name: 'Taken' }) },
  'DELETE /api/automations/:id': { id: 'automation' },
  'GET /api/automations/:id/runs': { id: 'automation' },
  'GET /api/automations/:id/dry-run': { id: 'automation' },
  'POST /api/automations/:id/run': { id: 'automation' },
  'POST /api/automations/runs/:id/undo': { id: 'automationRun' },
  'GET /api/advisor/conversations/:id': { id: 'advisorConversation' },
  'DELETE /api/advisor/conversations/:id': { id: 'advisorConversation' },
  'PATCH /api/bank-connections/:id/accounts/:accountId': { id: 'bankConnection', body: () => ({ accountId: null }) },
  'POST /api/bank-connections/:id/sync': { id: 'bankConnection' },
  'DELETE /api/bank-connections/:id': { id: 'bankConnection' },
  'PATCH /api/insights/:id': { id: 'insight', body: () => ({ read: true }) },
  'POST /api/insights/recurring/:id/confirm': { id: 'recurring', body: () => ({}) },
  'POST /api/insights/recurring/:id/dismiss': { id: 'recurring' },
  'DELETE /api/tokens/:id': { id: 'apiToken' },
}

/**
 * Endpoints with an id that are meant for people outside the household: an invite's token is
 * its own permission (whoever holds the link may look at it and join).
 */
export const FOR_TOKEN_HOLDERS = new Set(['GET /api/household/invites/:token/preview', 'POST /api/household/invites/:token/accept'])

/**
 * Endpoints that change something without writing household data: the member's own profile,
 * settings, reminders and credit score, and leaving or joining a household. Any role may call
 * them; a new one must be added here on purpose.
 */
export const PERSONAL_WRITES = new Set([
  'POST /api/user/onboarding-complete',
  'PATCH /api/user/settings',
  'PATCH /api/user/profile',
  'POST /api/user/password',
  // one's own profile photo (modules/user)
  'PUT /api/user/avatar',
  'DELETE /api/user/avatar',
  'PATCH /api/reminders/:id/read',
  'PATCH /api/reminders/:id',
  'POST /api/reminders',
  'DELETE /api/reminders/:id',
  'POST /api/credit-score',
  'DELETE /api/credit-score/:id',
  'POST /api/household/invites/:token/accept',
  'POST /api/household/leave',
  'DELETE /api/auth/sessions/:id',
  'POST /api/auth/sessions/revoke-others',
  // one's own second factors and re-authentication (modules/mfa)
  'POST /api/mfa/totp/setup',
  'POST /api/mfa/totp/enable',
  'POST /api/mfa/totp/disable',
  'POST /api/mfa/recovery-codes',
  'POST /api/mfa/passkeys/options',
  'POST /api/mfa/passkeys',
  'DELETE /api/mfa/passkeys/:id',
  'POST /api/auth/reauth',
  // one's own account: asking for its deletion and cancelling it (modules/data-rights)
  'POST /api/user/delete',
  'POST /api/user/delete/cancel',
  // computations that store nothing: the planning simulations (modules/planning)
  'POST /api/debt-planning/simulate',
  'POST /api/retirement/simulate',
  // taking part in a savings challenge, or no longer (modules/challenges)
  'POST /api/savings-challenges/:id/join',
  'POST /api/savings-challenges/:id/leave',
  // one's own coaching: making one's week, deciding one's actions, one's tone (modules/coaching)
  'POST /api/coaching/actions',
  'POST /api/coaching/actions/:id/accept',
  'POST /api/coaching/actions/:id/dismiss',
  'PUT /api/coaching/tone',
  // asking the advisor and deleting one's own conversations with it (modules/advisor)
  'POST /api/advisor/messages',
  'POST /api/advisor/messages/stream',
  'DELETE /api/advisor/conversations/:id',
  // one's own API tokens (modules/api-tokens)
  'POST /api/tokens',
  'DELETE /api/tokens/:id',
])

export const key = endpointKey
