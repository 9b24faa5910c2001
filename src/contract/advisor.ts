// The AI Advisor: a member asks about the household's money and gets an answer with
// the figures it used, each linked to what is behind it. Without a language model a deterministic
// engine answers the common questions; with one configured (LLM_BASE_URL, LLM_API_KEY,
// LLM_MODEL) the model picks read-only tools and words their results, and the figures are the
// tools' own. Conversations are the member's own, listed, read and deleted by them alone.
//
// `POST /api/advisor/messages/stream` answers the same question as Server-Sent Events:
// `event: delta` `{ text }` pieces of the reply as the model writes it, then `event: done` with
// the same body as `POST /api/advisor/messages`, or `event: error` `{ message, code }`.
import { z } from 'zod'
import { ADVISOR_ENGINES, ADVISOR_ROLES } from '../domain/advisor/answer'
import { endpoint, type Access } from './endpoint'
import { id, idParams, money, requiredText } from './common'

/** Any member may ask about what they can see; their conversations are their own. */
export const ADVISOR_READ = { feature: 'aiAdvisor', role: 'viewer', writes: false } as const satisfies Access

export const figure = z.object({
  label: z.string(),
  /** the figure when it is money; null for a date or a count */
  amount: money.nullable(),
  /** the figure as the reply says it */
  value: z.string(),
  /** the page behind the figure (transactions with filters, goals, bills...) */
  href: z.string().nullable(),
})
export type Figure = z.output<typeof figure>

export const MAX_QUESTION_CHARS = 1000

export const askBody = z.object({
  conversationId: id.optional(),
  text: requiredText(MAX_QUESTION_CHARS, 'Question'),
})

export const askResponse = z.object({
  conversationId: id,
  reply: z.object({
    text: z.string(),
    figures: z.array(figure),
  }),
  /** who answered: the deterministic engine or the configured model */
  engine: z.enum(ADVISOR_ENGINES),
})
export type AskResponse = z.output<typeof askResponse>

export const conversationSummary = z.object({
  id,
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const advisorMessage = z.object({
  id,
  role: z.enum(ADVISOR_ROLES),
  text: z.string(),
  figures: z.array(figure),
  engine: z.enum(ADVISOR_ENGINES),
  /** the tools the model called for this answer (name and arguments) */
  toolCalls: z.array(z.object({ name: z.string(), arguments: z.unknown() })),
  createdAt: z.string(),
})
export type AdvisorMessage = z.output<typeof advisorMessage>

export const conversationDetail = conversationSummary.extend({ messages: z.array(advisorMessage) })

export const advisorStatus = z.object({
  /** a language model is configured: answers stream from it */
  modelConfigured: z.boolean(),
  /** the model's name when configured */
  model: z.string().nullable(),
  /** in plain words, what leaves the server when a question is asked */
  dataSharing: z.string(),
  /** model answers the plan allows a month, used this month, and left (null without a model) */
  requestsPerMonth: z.number().int(),
  requestsUsed: z.number().int(),
  requestsLeft: z.number().int().nullable(),
  suggestions: z.array(z.string()),
})
export type AdvisorStatus = z.output<typeof advisorStatus>

export const askAdvisor = endpoint({
  method: 'POST',
  path: '/api/advisor/messages',
  summary: 'Ask the advisor a question; the answer comes with the figures it used',
  tag: 'advisor',
  access: ADVISOR_READ,
  body: askBody,
  response: askResponse,
})

export const askAdvisorStream = endpoint({
  method: 'POST',
  path: '/api/advisor/messages/stream',
  summary: 'Ask the advisor a question, the answer streamed as Server-Sent Events (delta, then done)',
  tag: 'advisor',
  access: ADVISOR_READ,
  body: askBody,
  // the body is an event stream, not JSON; its last event carries the same object as askAdvisor
  response: z.string(),
})

export const listConversations = endpoint({
  method: 'GET',
  path: '/api/advisor/conversations',
  summary: "The member's own conversations with the advisor, latest first",
  tag: 'advisor',
  access: ADVISOR_READ,
  response: z.array(conversationSummary),
})

export const getConversation = endpoint({
  method: 'GET',
  path: '/api/advisor/conversations/:id',
  summary: 'One of the member’s conversations with its messages',
  tag: 'advisor',
  access: ADVISOR_READ,
  params: idParams,
  response: conversationDetail,
})

export const deleteConversation = endpoint({
  method: 'DELETE',
  path: '/api/advisor/conversations/:id',
  summary: 'Delete one of the member’s conversations',
  tag: 'advisor',
  access: ADVISOR_READ,
  params: idParams,
  response: null,
})

export const getAdvisorStatus = endpoint({
  method: 'GET',
  path: '/api/advisor/status',
  summary: 'Whether a model is configured, what leaves the server, and the model requests left this month',
  tag: 'advisor',
  access: ADVISOR_READ,
  response: advisorStatus,
})
