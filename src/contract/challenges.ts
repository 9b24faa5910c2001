// Savings challenges (ADR 0028): a catalogue, the household's challenges with each
// participant's progress worked out from real data (transactions, goal contributions), joining
// and leaving, and sweeping round-ups or kept allowance into the goal a challenge feeds.
//
// Progress of a goal-based challenge (52-week, custom) is the linked goal's contributions since
// the start: one figure for everyone. Progress of a spending-based one (no-spend, round-ups,
// unspent allowance, cut a category) is each participant's: the transactions they entered, in
// the accounts whose transactions the member asking may see — so no one learns from a challenge
// what their role and the accounts' visibility hide.
import { z } from 'zod'
import { CHALLENGE_KINDS } from '../domain/planning/challenges'
import { ADULT_WRITE, MEMBER_READ, PERSONAL, TEEN_WRITE, endpoint } from './endpoint'
import { id, idParams, isoDate, isoMonth, money, positiveMoney, trimmed } from './common'

export { CHALLENGE_KINDS }
export const challengeKind = z.enum(CHALLENGE_KINDS)

const ids = (most: number) => z.array(id).max(most)

const week52 = z.object({
  kind: z.literal('week52'),
  step: positiveMoney,
  direction: z.enum(['ascending', 'descending']).default('ascending'),
  goalId: id,
})
const noSpend = z.object({
  kind: z.literal('no_spend'),
  which: z.enum(['all', 'weekends']).default('all'),
  /** empty: any spending breaks the day */
  categoryIds: ids(50).default([]),
  endDate: isoDate,
})
const roundUp = z.object({
  kind: z.literal('round_up'),
  accountIds: ids(20).min(1, 'Choose at least one card'),
  target: positiveMoney,
  goalId: id.optional(),
  endDate: isoDate,
})
const unspentAllowance = z.object({
  kind: z.literal('unspent_allowance'),
  /** the allowance to keep the change of; absent: the app's daily allowance today (the dashboard's) */
  dailyAllowance: positiveMoney.optional(),
  target: positiveMoney,
  goalId: id.optional(),
  endDate: isoDate,
})
const cutCategory = z.object({
  kind: z.literal('cut_category'),
  categoryId: id,
  percent: z.number().int('Must be a whole percent').min(1).max(100),
  month: isoMonth,
})
const custom = z.object({
  kind: z.literal('custom'),
  target: positiveMoney,
  endDate: isoDate,
  goalId: id,
})

export const createChallengeBody = z
  .discriminatedUnion('kind', [week52, noSpend, roundUp, unspentAllowance, cutCategory, custom])
  .and(z.object({ name: trimmed(80, 'Name').optional(), startDate: isoDate.optional() }))

export const catalogEntry = z.object({
  kind: challengeKind,
  name: z.string(),
  description: z.string(),
  /** what it needs: a goal to feed, categories, cards */
  needs: z.array(z.enum(['goal', 'categories', 'category', 'cards', 'endDate', 'target', 'step', 'dailyAllowance', 'percent', 'month'])),
})

const milestone = z.object({ share: z.number(), reached: z.boolean(), label: z.string() })
export const challengeProgress = z.object({
  /** money (as a decimal) for saving challenges, days for no-spend */
  value: z.number(),
  target: z.number(),
  unit: z.enum(['money', 'days']),
  share: z.number(),
  expectedByNow: z.number().nullable(),
  status: z.enum(['ahead', 'on_track', 'behind', 'completed', 'failed']),
  summary: z.string(),
  milestones: z.array(milestone),
  streak: z.object({ current: z.number().int(), longest: z.number().int(), freezesUsed: z.number().int() }).nullable(),
})

export const challenge = z.object({
  id,
  kind: challengeKind,
  name: z.string(),
  description: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  goalId: id.nullable(),
  config: z.record(z.string(), z.unknown()),
  createdBy: id,
  /** the member asking takes part */
  joined: z.boolean(),
  completedAt: z.string().nullable(),
  /** shared progress (goal-based), or the asking member's own (null when they have not joined) */
  progress: challengeProgress.nullable(),
  participants: z.array(z.object({ userId: id, name: z.string(), progress: challengeProgress })),
  /** round-ups or kept allowance already swept into the goal */
  swept: money,
})
export type Challenge = z.output<typeof challenge>

export const challengeCatalog = endpoint({
  method: 'GET',
  path: '/api/savings-challenges/catalog',
  summary: 'The challenges one can start',
  tag: 'challenges',
  access: MEMBER_READ,
  response: z.array(catalogEntry),
})

export const listChallenges = endpoint({
  method: 'GET',
  path: '/api/savings-challenges',
  summary: "The household's challenges, each with its progress from real data",
  tag: 'challenges',
  access: MEMBER_READ,
  response: z.array(challenge),
})

export const createChallenge = endpoint({
  method: 'POST',
  path: '/api/savings-challenges',
  summary: 'Start a challenge (its starter joins it)',
  tag: 'challenges',
  access: TEEN_WRITE,
  body: createChallengeBody,
  response: challenge,
  status: 201,
})

export const joinChallenge = endpoint({
  method: 'POST',
  path: '/api/savings-challenges/:id/join',
  summary: 'Take part in a challenge',
  tag: 'challenges',
  access: PERSONAL,
  params: idParams,
  response: challenge,
})

export const leaveChallenge = endpoint({
  method: 'POST',
  path: '/api/savings-challenges/:id/leave',
  summary: 'Stop taking part in a challenge',
  tag: 'challenges',
  access: PERSONAL,
  params: idParams,
  response: challenge,
})

export const sweepChallenge = endpoint({
  method: 'POST',
  path: '/api/savings-challenges/:id/sweep',
  summary: 'Move the round-ups or kept allowance not yet swept into the goal the challenge feeds',
  tag: 'challenges',
  access: ADULT_WRITE,
  params: idParams,
  response: challenge,
})

export const deleteChallenge = endpoint({
  method: 'DELETE',
  path: '/api/savings-challenges/:id',
  summary: 'End and remove a challenge (its starter, or an adult)',
  tag: 'challenges',
  access: TEEN_WRITE,
  params: idParams,
  response: null,
})
