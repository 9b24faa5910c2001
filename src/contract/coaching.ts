// AI Coaching and the Motivation Coach. Coaching: each week up to three actions for
// the member asking, each with the monthly saving it would bring (computed in code from what the
// member may see: domain/coaching/actions), accepted or dismissed, and 30 days after acceptance
// the measured result. The member's tone (gentle | direct) changes the words only. Motivation:
// streaks, milestones, a weekly recap and the mood's trend, with short messages made of the
// member's own figures (domain/coaching/motivation).
import { z } from 'zod'
import { ACTION_KINDS, ACTION_STATUSES, COACH_TONES } from '../domain/coaching/actions'
import type { Access } from './endpoint'
import { endpoint } from './endpoint'
import { id, idParams, isoDate, money } from './common'

export { ACTION_KINDS, COACH_TONES }

const COACHING_READ = { feature: 'aiCoaching', role: 'viewer', writes: false } as const satisfies Access
/** the member's own actions and tone: any role, nothing of the household's changes */
const COACHING_PERSONAL = { feature: 'aiCoaching', role: 'viewer', writes: false } as const satisfies Access
const MOTIVATION_READ = { feature: 'motivationCoach', role: 'viewer', writes: false } as const satisfies Access

export const coachTone = z.enum(COACH_TONES)

export const coachingResult = z.object({
  /** one sentence in the member's tone, with the figures */
  text: z.string(),
  /** the monthly saving it brought (0 when it did not) */
  saved: money,
  /** spending or cash before and after (null for a subscription) */
  before: money.nullable(),
  after: money.nullable(),
  /** a subscription: whether its charges stopped */
  stopped: z.boolean().nullable(),
})

export const coachingAction = z.object({
  id,
  kind: z.enum(ACTION_KINDS),
  /** the Monday of the week it was made for */
  week: isoDate,
  title: z.string(),
  detail: z.string(),
  /** the monthly saving it would bring */
  saving: money,
  status: z.enum(ACTION_STATUSES),
  decidedAt: z.string().nullable(),
  /** accepted: the day its result is measured (30 days after acceptance) */
  measureOn: isoDate.nullable(),
  result: coachingResult.nullable(),
})
export type CoachingActionView = z.output<typeof coachingAction>

export const coachingView = z.object({
  tone: coachTone,
  /** the Monday of this week */
  week: isoDate,
  /** whether this week's actions were made (none may have been found) */
  generated: z.boolean(),
  /** this week's actions, largest saving first */
  actions: z.array(coachingAction),
  /** earlier weeks' accepted actions, newest first, with their results once measured */
  accepted: z.array(coachingAction),
  /** the yearly interest rate assumed for idle cash moved to a goal, percent */
  assumedRatePercent: z.number(),
})
export type CoachingView = z.output<typeof coachingView>

export const getCoaching = endpoint({
  method: 'GET',
  path: '/api/coaching',
  summary: "The member's coaching: this week's actions, the accepted ones with their measured results, and the tone",
  tag: 'coaching',
  access: COACHING_READ,
  response: coachingView,
})

export const generateCoaching = endpoint({
  method: 'POST',
  path: '/api/coaching/actions',
  summary: "Make this week's actions now (once a week: asking again gives the same ones)",
  tag: 'coaching',
  access: COACHING_PERSONAL,
  response: coachingView,
})

export const acceptCoachingAction = endpoint({
  method: 'POST',
  path: '/api/coaching/actions/:id/accept',
  summary: 'Accept an action: its result is measured 30 days later',
  tag: 'coaching',
  access: COACHING_PERSONAL,
  params: idParams,
  response: coachingAction,
})

export const dismissCoachingAction = endpoint({
  method: 'POST',
  path: '/api/coaching/actions/:id/dismiss',
  summary: 'Dismiss an action (it is not suggested again)',
  tag: 'coaching',
  access: COACHING_PERSONAL,
  params: idParams,
  response: coachingAction,
})

export const setCoachTone = endpoint({
  method: 'PUT',
  path: '/api/coaching/tone',
  summary: "The member's coaching tone: gentle or direct (the words change, never the figures)",
  tag: 'coaching',
  access: COACHING_PERSONAL,
  body: z.object({ tone: coachTone }),
  response: z.object({ tone: coachTone }),
})

const streakSummary = z.object({
  current: z.number().int(),
  longest: z.number().int(),
  freezesUsed: z.number().int(),
  /** days (or payments) that counted, of `total` */
  okCount: z.number().int(),
  total: z.number().int(),
})

export const motivationView = z.object({
  today: isoDate,
  /** the spending plan's daily allowance today: the yardstick of the allowance streak */
  allowance: money,
  streaks: z.object({ allowance: streakSummary, noSpend: streakSummary, bills: streakSummary }),
  /** the last 30 days, oldest first: spending (bill payments and transfers left out) */
  days: z.array(z.object({ date: isoDate, spent: money, withinAllowance: z.boolean(), noSpend: z.boolean() })),
  /** the latest bill payments, newest first */
  billPayments: z.array(z.object({ name: z.string(), date: isoDate, dueDate: isoDate, onTime: z.boolean() })),
  milestones: z.object({
    netWorth: z.object({
      value: money,
      reached: money.nullable(),
      next: money.nullable(),
      toNext: money.nullable(),
      crossedThisMonth: z.boolean(),
    }),
    goals: z.array(
      z.object({
        goalId: id,
        name: z.string(),
        percent: z.number().int(),
        reached: z.number().int().nullable(),
        next: z.number().int().nullable(),
        reachedThisWeek: z.boolean(),
      }),
    ),
  }),
  recap: z.object({
    from: isoDate,
    to: isoDate,
    spent: money,
    spentLastWeek: money,
    change: money,
    saved: money,
    goals: z.array(z.object({ goalId: id, name: z.string(), added: money, percent: z.number().int() })),
  }),
  /** the mood score of each of the last 6 months, this one last (so far) */
  mood: z.array(z.object({ month: z.string(), score: z.number().int(), mood: z.string() })),
  messages: z.array(z.string()),
})
export type MotivationView = z.output<typeof motivationView>

export const getMotivation = endpoint({
  method: 'GET',
  path: '/api/motivation',
  summary: "The member's streaks, milestones, weekly recap and mood trend, with short messages from their figures",
  tag: 'coaching',
  access: MOTIVATION_READ,
  response: motivationView,
})
