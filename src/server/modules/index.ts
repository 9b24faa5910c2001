// Every API module, registered in this order by buildApp.
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../app-deps'
import { accountRoutes } from './accounts/routes'
import { advisorRoutes } from './advisor/routes'
import { apiTokenRoutes } from './api-tokens/routes'
import { attachmentRoutes } from './attachments/routes'
import { analyticsRoutes } from './analytics/routes'
import { authRoutes } from './auth/routes'
import { automationRoutes } from './automations/routes'
import { bankConnectionRoutes } from './bank-connections/routes'
import { securityRoutes } from './auth/security-routes'
import { auditRoutes } from './audit/routes'
import { billRoutes } from './bills/routes'
import { budgetRoutes } from './budgets/routes'
import { categoryRoutes } from './categories/routes'
import { challengeRoutes } from './challenges/routes'
import { coachingRoutes } from './coaching/routes'
import { creditScoreRoutes } from './credit-score/routes'
import { currencyRoutes } from './currencies/routes'
import { dataRoutes } from './data-rights/routes'
import { goalRoutes } from './goals/routes'
import { householdRoutes } from './household/routes'
import { importRoutes } from './imports/routes'
import { insightRoutes } from './insights/routes'
import { investmentRoutes } from './investments/routes'
import { metaRoutes } from './meta/routes'
import { mfaRoutes } from './mfa/routes'
import { planningRoutes } from './planning/routes'
import { quickbooksRoutes } from './quickbooks/routes'
import { reminderRoutes } from './reminders/routes'
import { reportRoutes } from './reports/routes'
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
  apiTokenRoutes,
  mfaRoutes,
  accountRoutes,
  transactionRoutes,
  attachmentRoutes,
  importRoutes,
  ruleRoutes,
  analyticsRoutes,
  categoryRoutes,
  budgetRoutes,
  goalRoutes,
  investmentRoutes,
  billRoutes,
  reminderRoutes,
  reportRoutes,
  creditScoreRoutes,
  currencyRoutes,
  subscriptionRoutes,
  spendingPlanRoutes,
  planningRoutes,
  challengeRoutes,
  automationRoutes,
  bankConnectionRoutes,
  quickbooksRoutes,
  coachingRoutes,
  insightRoutes,
  advisorRoutes,
  userRoutes,
  householdRoutes,
  dataRoutes,
]
