// Every API module, registered in this order by buildApp.
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../app-deps'
import { accountRoutes } from './accounts/routes'
import { analyticsRoutes } from './analytics/routes'
import { authRoutes } from './auth/routes'
import { securityRoutes } from './auth/security-routes'
import { auditRoutes } from './audit/routes'
import { billRoutes } from './bills/routes'
import { budgetRoutes } from './budgets/routes'
import { categoryRoutes } from './categories/routes'
import { creditScoreRoutes } from './credit-score/routes'
import { dataRoutes } from './data-rights/routes'
import { goalRoutes } from './goals/routes'
import { householdRoutes } from './household/routes'
import { importRoutes } from './imports/routes'
import { metaRoutes } from './meta/routes'
import { mfaRoutes } from './mfa/routes'
import { reminderRoutes } from './reminders/routes'
import { spendingPlanRoutes } from './spending-plan/routes'
import { ruleRoutes } from './rules/routes'
import { subscriptionRoutes } from './subscription/routes'
import { transactionRoutes } from './transactions/routes'
import { userRoutes } from './user/routes'

export const apiModules: Array<(app: FastifyInstance, deps: AppDeps) => void> = [
  metaRoutes,
  authRoutes,
  securityRoutes,
  auditRoutes,
  mfaRoutes,
  accountRoutes,
  transactionRoutes,
  importRoutes,
  ruleRoutes,
  analyticsRoutes,
  categoryRoutes,
  budgetRoutes,
  goalRoutes,
  billRoutes,
  reminderRoutes,
  creditScoreRoutes,
  subscriptionRoutes,
  spendingPlanRoutes,
  userRoutes,
  householdRoutes,
  dataRoutes,
]
