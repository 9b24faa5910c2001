// checkAccess: the one gate route() puts before every handler with a session (ADR 0023). The
// all-routes test proves each route is behind it; this proves the gate itself, for the plans and
// roles no endpoint exercises yet (premium features arrive with later issues). And route() itself
// refuses at start-up a contract that breaks the rules: a write a viewer could make, a GET that writes.
import Fastify from 'fastify'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { endpoint, type Access } from '#src/contract/endpoint'
import { ROLES, type Role } from '#src/domain/access'
import type { SubscriptionTier } from '#src/domain/tiers'
import type { SessionUser } from '../core/sessions'
import { AppError } from './errors'
import { checkAccess, checkRestriction, route } from './route'

function member(role: Role, subscriptionTier: SubscriptionTier): SessionUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    householdId: '00000000-0000-4000-8000-000000000002',
    role,
    subscriptionTier,
    email: 'a@example.com',
    firstName: 'A',
    lastName: '',
    avatarUpdatedAt: null,
    hasCompletedOnboarding: true,
    baseCurrency: 'USD',
    locale: 'en-US',
    timeZone: 'UTC',
    dateFormat: 'locale',
    weekStartsOn: 0,
    theme: 'system',
    notificationPrefs: { billReminders: true, goalReminders: true, budgetAlerts: true, billReminderDays: 3 },
    totpEnabledAt: null,
    passwordChangedAt: null,
    deleteAfter: null,
    coachTone: 'gentle',
    coachingWeek: null,
    mfaEnabled: false,
    householdRequiresMfa: false,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  }
}

function refusal(user: SessionUser, access: Access): AppError | null {
  try {
    checkAccess(user, access)
    return null
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
}

const bankLinking: Access = { feature: 'bankConnections', role: 'adult', writes: true }

describe('checkAccess', () => {
  it('refuses a premium-marked feature to a free household, naming the plan that has it', () => {
    const error = refusal(member('owner', 'free'), bankLinking)
    expect(error?.statusCode).toBe(403)
    expect(error?.code).toBe('PLAN_REQUIRED')
    expect(error?.details).toEqual({ plan: 'basic' })
    expect(error?.message).toBe('Bank connections is part of the Basic and Premium plans')
  })

  it('lets basic and premium households alike use premium-marked features (docs/product.md §6)', () => {
    expect(refusal(member('owner', 'basic'), bankLinking)).toBeNull()
    expect(refusal(member('adult', 'premium'), bankLinking)).toBeNull()
  })

  it('checks the plan before the role, so a free household learns what to buy', () => {
    expect(refusal(member('viewer', 'free'), bankLinking)?.code).toBe('PLAN_REQUIRED')
    expect(refusal(member('viewer', 'basic'), bankLinking)?.code).toBe('FORBIDDEN')
  })

  it('lets each role through exactly from the lowest role an endpoint names', () => {
    const allowed = (role: Role, min: Role) => refusal(member(role, 'free'), { feature: 'core', role: min, writes: min !== 'viewer' }) === null
    expect(ROLES.filter((r) => allowed(r, 'owner'))).toEqual(['owner'])
    expect(ROLES.filter((r) => allowed(r, 'adult'))).toEqual(['owner', 'adult'])
    expect(ROLES.filter((r) => allowed(r, 'teen'))).toEqual(['owner', 'adult', 'teen'])
    expect(ROLES.filter((r) => allowed(r, 'viewer'))).toEqual(['owner', 'adult', 'teen', 'viewer'])
  })

  it('tells a viewer plainly that they can look but not change', () => {
    const error = refusal(member('viewer', 'premium'), { feature: 'core', role: 'teen', writes: true })
    expect(error?.statusCode).toBe(403)
    expect(error?.message).toBe('Viewers can look but not change anything')
  })
})

describe('checkRestriction (ADR 0024)', () => {
  const code = (user: SessionUser, openWhile?: readonly ('deletionPending' | 'mfaSetup')[]) => {
    try {
      checkRestriction(user, openWhile)
      return null
    } catch (error) {
      if (error instanceof AppError) return error.code
      throw error
    }
  }

  it('lets an unrestricted member through everywhere', () => {
    expect(code(member('adult', 'free'))).toBeNull()
  })

  it('keeps a member whose deletion is pending to the endpoints open to it', () => {
    const leaving = { ...member('adult', 'free'), deleteAfter: new Date(0) }
    expect(code(leaving)).toBe('ACCOUNT_DELETION_PENDING')
    expect(code(leaving, ['mfaSetup'])).toBe('ACCOUNT_DELETION_PENDING')
    expect(code(leaving, ['deletionPending'])).toBeNull()
  })

  it('keeps a member without a second factor, in a household that requires one, to MFA set-up', () => {
    const unprotected = { ...member('teen', 'free'), householdRequiresMfa: true }
    expect(code(unprotected)).toBe('MFA_SETUP_REQUIRED')
    expect(code(unprotected, ['mfaSetup'])).toBeNull()
    expect(code({ ...unprotected, mfaEnabled: true })).toBeNull()
  })
})

describe('route()', () => {
  const registering = (method: 'GET' | 'POST', access: Access) => () =>
    route(Fastify(), endpoint({ method, path: '/api/x', summary: 'x', tag: 'x', access, response: z.object({}) }), async () => ({}))

  it('refuses a GET that declares a household write: a GET only reads', () => {
    expect(registering('GET', { feature: 'core', role: 'adult', writes: true })).toThrow('GET /api/x writes household data: a GET only reads')
    expect(registering('POST', { feature: 'core', role: 'adult', writes: true })).not.toThrow()
    expect(registering('GET', { feature: 'core', role: 'adult', writes: false })).not.toThrow()
  })

  it('refuses a write a viewer could make', () => {
    expect(registering('POST', { feature: 'core', role: 'viewer', writes: true })).toThrow('its lowest role must be teen or above')
  })
})
