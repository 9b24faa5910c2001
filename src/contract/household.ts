// The household (ADR 0023): its members and roles, invites, leaving, removal and the
// transfer of ownership. Paths and the named fields are fixed: other clients rely on them.
import { z } from 'zod'
import { ACCOUNT_VISIBILITIES, INVITE_MAX_DAYS, INVITE_ROLES, ROLES } from '../domain/access'
import { subscriptionTier } from './auth'
import { id, okResponse, requiredText } from './common'
import { MEMBER_READ, OWNER_ONLY, PERSONAL, endpoint } from './endpoint'

export const role = z.enum(ROLES, { error: 'Role must be owner, adult, teen or viewer' })
export const inviteRole = z.enum(INVITE_ROLES, { error: 'Role must be adult, teen or viewer' })

export const householdMember = z.object({
  userId: id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** the address of the member's uploaded photo on this server (GET /api/users/:id/avatar), or null */
  profileImageUrl: z.string().nullable(),
  role,
  joinedAt: z.string(),
  /** the member's accounts that the caller may see (name, visibility): what they would take along */
  accounts: z.array(
    z.object({ id, name: z.string(), visibility: z.enum(ACCOUNT_VISIBILITIES) }),
  ),
})
export type HouseholdMember = z.output<typeof householdMember>

export const household = z.object({
  id,
  name: z.string(),
  plan: subscriptionTier,
  /** the caller's own role */
  myRole: role,
  members: z.array(householdMember),
})
export type Household = z.output<typeof household>

export const invite = z.object({
  token: z.string(),
  url: z.string(),
  role: inviteRole,
  expiresAt: z.string(),
  createdAt: z.string(),
})
export type Invite = z.output<typeof invite>

export const createInviteBody = z.object({
  role: inviteRole,
  /** how long the link stays valid: 1 to 7 days, 7 by default */
  expiresInDays: z
    .number({ error: 'Must be a number of days' })
    .int('Must be whole days')
    .min(1, 'At least 1 day')
    .max(INVITE_MAX_DAYS, `At most ${INVITE_MAX_DAYS} days`)
    .default(INVITE_MAX_DAYS),
})

const tokenParams = z.object({ token: z.string().min(10).max(100) })
const userParams = z.object({ userId: id })

export const getHousehold = endpoint({
  method: 'GET',
  path: '/api/household',
  summary: 'The household: its name, plan and members with their roles',
  tag: 'household',
  access: MEMBER_READ,
  response: household,
})

export const renameHousehold = endpoint({
  method: 'PATCH',
  path: '/api/household',
  summary: 'Rename the household',
  tag: 'household',
  access: OWNER_ONLY,
  body: z.object({ name: requiredText(80, 'Name') }),
  response: household,
})

export const createInvite = endpoint({
  method: 'POST',
  path: '/api/household/invites',
  summary: 'Invite someone: a single-use link that gives the role, valid up to 7 days',
  tag: 'household',
  access: OWNER_ONLY,
  tokens: false,
  body: createInviteBody,
  response: invite,
  status: 201,
})

export const listInvites = endpoint({
  method: 'GET',
  path: '/api/household/invites',
  summary: 'Pending invites (not used, revoked or expired)',
  tag: 'household',
  // the owner's alone, and a read: a GET never writes
  access: { ...OWNER_ONLY, writes: false },
  tokens: false,
  response: z.array(invite),
})

export const revokeInvite = endpoint({
  method: 'DELETE',
  path: '/api/household/invites/:token',
  summary: 'Revoke a pending invite',
  tag: 'household',
  access: OWNER_ONLY,
  tokens: false,
  params: tokenParams,
  response: null,
})

export const invitePreview = z.object({
  householdName: z.string(),
  invitedBy: z.string(),
  role: inviteRole,
  expiresAt: z.string(),
  /** what joining does to the caller's current household, in plain words */
  consequences: z.array(z.string()),
  /**
   * why accepting is refused for the caller right now (ALREADY_MEMBER, LEAVE_FIRST,
   * HOUSEHOLD_FULL, SUBSCRIPTION_ACTIVE: the accept answers 409 with the same code), else null
   */
  blocked: z.object({ code: z.string(), message: z.string() }).nullable(),
})

export const getInvite = endpoint({
  method: 'GET',
  path: '/api/household/invites/:token/preview',
  summary: 'What an invite offers, for the person who got the link (signed in)',
  tag: 'household',
  access: PERSONAL,
  tokens: false,
  params: tokenParams,
  response: invitePreview,
})

export const acceptInvite = endpoint({
  method: 'POST',
  path: '/api/household/invites/:token/accept',
  summary:
    'Join the household with the invite’s role. Your accounts come along as private accounts; your old household is closed. Refused while others share your current household.',
  tag: 'household',
  access: PERSONAL,
  tokens: false,
  params: tokenParams,
  response: household,
})

export const updateMember = endpoint({
  method: 'PATCH',
  path: '/api/household/members/:userId',
  summary: "Change a member's role (not the owner's: transfer ownership instead)",
  tag: 'household',
  access: OWNER_ONLY,
  tokens: false,
  params: userParams,
  body: z.object({ role: inviteRole }),
  response: household,
})

export const removeMember = endpoint({
  method: 'DELETE',
  path: '/api/household/members/:userId',
  summary: 'Remove a member: their private accounts go with them into a household of their own',
  tag: 'household',
  access: OWNER_ONLY,
  tokens: false,
  params: userParams,
  response: null,
})

export const leaveHousehold = endpoint({
  method: 'POST',
  path: '/api/household/leave',
  summary: 'Leave the household: your private accounts go with you into a household of your own',
  tag: 'household',
  access: PERSONAL,
  tokens: false,
  response: okResponse,
})

export const transferOwnership = endpoint({
  method: 'POST',
  path: '/api/household/transfer-ownership',
  summary: 'Make another member the owner; you become an adult',
  tag: 'household',
  access: OWNER_ONLY,
  tokens: false,
  body: z.object({ userId: id }),
  response: household,
})

export const mfaPolicy = z.object({
  /** every member must use a second factor; members without one can only set it up */
  required: z.boolean(),
})

export const setMfaPolicy = endpoint({
  method: 'PUT',
  path: '/api/household/mfa-policy',
  summary:
    'Require two-step verification of every member, or make it optional (the owner must have it on first: 409 MFA_NOT_ENABLED)',
  tag: 'household',
  access: OWNER_ONLY,
  tokens: false,
  body: z.object({ required: z.boolean({ error: 'Must be true or false' }) }),
  response: mfaPolicy,
})
