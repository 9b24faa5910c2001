// The AI Advisor's use cases: answering a question, streamed or not, the member's
// conversations, and the status. Without a language model (or past the plan's model answers of
// the month, or when the model cannot be reached) the deterministic engine answers: it parses the
// question (domain/advisor/question) and runs the one tool that answers it. With a model, the
// model picks tools for at most MAX_TOOL_ROUNDS rounds and words the answer; the figures shown
// are always the tools' own. Every tool call is logged (its name and arguments, never a key).
// Conversations belong to the member who asked; another member gets 404.
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import { z } from 'zod'
import { askResponse, type askBody } from '#src/contract/advisor'
import { EXAMPLE_QUESTIONS, parseQuestion, type Vocabulary } from '#src/domain/advisor/question'
import { unknownAnswer, type Answer, type Figure } from '#src/domain/advisor/answer'
import { startOfMonth } from '#src/domain/dates'
import { asCents } from '#src/domain/money'
import { tierLimits } from '#src/domain/tiers'
import type { Config } from '#src/server/config'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { AppError, notFound } from '#src/server/http/errors'
import { LlmError, openAiCompatibleClient, type LlmClient, type LlmMessage } from '#src/server/integrations/llm/llm'
import type { SessionUser } from '#src/server/core/sessions'
import * as repo from './repo'
import * as tools from './tools'

/** Model turns that may call tools before it must answer in words. */
export const MAX_TOOL_ROUNDS = 3
/** Tool calls the model may make in one round. */
const MAX_CALLS_PER_ROUND = 6
/** Earlier messages of the conversation the model is given. */
const HISTORY_MESSAGES = 10
const MAX_CONVERSATIONS = 200

type Engine = 'deterministic' | 'model'
type ToolCallRecord = { name: string; arguments: unknown }
export type AskResult = { conversationId: string; reply: Answer; engine: Engine }
type Ask = z.output<typeof askBody>

/** What the advisor runs with: the database, the model (null: none configured) and a logger. */
export type AdvisorDeps = { db: Db; llm: LlmClient | null; llmHost: string | null; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> }

export function advisorDeps(db: Db, config: Config, log: AdvisorDeps['log']): AdvisorDeps {
  return {
    db,
    llm: config.llm ? openAiCompatibleClient(config.llm) : null,
    llmHost: config.llm ? new URL(config.llm.baseUrl).host : null,
    log,
  }
}

// ---- the deterministic engine ----

/** The answer of the deterministic engine: the common questions with exact figures, else what it can answer. */
export async function deterministicAnswer(ctx: tools.ToolContext, text: string): Promise<Answer> {
  // the payees (the costliest names to read) matter only to a spending question: read them then
  const vocab = await tools.vocabulary(ctx, { payees: false })
  let q = parseQuestion(text, vocab, ctx.today)
  if (q.kind === 'spending') q = parseQuestion(text, { ...vocab, payees: await tools.payees(ctx) }, ctx.today)
  switch (q.kind) {
    case 'spending':
      return tools.spending(ctx, q)
    case 'biggest_expenses':
      return tools.biggestExpenses(ctx, { period: q.period, categories: vocab.categories })
    case 'afford':
      return tools.canAfford(ctx, { price: q.amount, item: q.item, month: q.month })
    case 'projected_balance':
      return tools.projectedBalance(ctx, { month: q.month })
    case 'goal':
      return tools.goals(ctx, { goal: q.goal })
    case 'bills_due':
      return tools.billsDue(ctx, { to: q.range.to, label: q.range.label })
    case 'net_worth':
      return tools.netWorthTool(ctx)
    case 'balance':
      return tools.balances(ctx, { account: q.account })
    case 'budgets':
      return tools.budgets(ctx, { period: q.period })
    case 'unknown':
      return unknownAnswer()
  }
}

// ---- the model ----

function systemPrompt(ctx: tools.ToolContext): string {
  return [
    "You are Kinwise's money advisor, answering a member of a household about the household's own finances.",
    `Today is ${ctx.today}. Amounts are in ${ctx.format.currency}.`,
    'Every figure you mention must come from a tool result in this conversation: call a tool for it, quote the figures as the tool gives them, and never compute, estimate or invent a number.',
    'A question about a month after this one (can I afford something then, how much will I have at its end) is answered with project_month for that month, never with the figures of this month.',
    'The tools are read-only and see only what this member may see. If no tool fits the question, say what you can answer: spending by category, payee or month, the biggest expenses, whether a price fits the plan this month or in a month ahead, how much they will have at the end of a month, goals, bills due, net worth, balances, budgets, recurring payments, investments, a debt payoff plan and a retirement projection.',
    'Answer in a few plain sentences. Do not give investment, tax or legal advice beyond what the figures show.',
  ].join('\n')
}

function dedupe(figures: readonly Figure[]): Figure[] {
  const seen = new Set<string>()
  return figures.filter((f) => {
    const key = `${f.label}|${f.value}|${f.href ?? ''}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

type ModelAnswer = { answer: Answer; toolCalls: ToolCallRecord[] }

async function modelAnswer(
  deps: AdvisorDeps,
  llm: LlmClient,
  ctx: tools.ToolContext,
  history: readonly { role: string; text: string }[],
  text: string,
  onDelta?: (text: string) => void,
): Promise<ModelAnswer> {
  const messages: LlmMessage[] = [
    { role: 'system', content: systemPrompt(ctx) },
    ...history.map((m): LlmMessage => (m.role === 'user' ? { role: 'user', content: m.text } : { role: 'assistant', content: m.text })),
    { role: 'user', content: text },
  ]
  const specs = tools.toolSpecs()
  let vocab: Promise<Vocabulary> | null = null
  const vocabulary = () => (vocab ??= tools.vocabulary(ctx))
  const figures: Figure[] = []
  const calls: ToolCallRecord[] = []
  const toolTexts: string[] = []
  for (let round = 0; ; round++) {
    const mayCallTools = round < MAX_TOOL_ROUNDS
    const turn = await llm.complete(messages, mayCallTools ? specs : [], onDelta)
    if (!mayCallTools || turn.toolCalls.length === 0) {
      const final = turn.content.trim()
      // a model that says nothing still leaves the tools' own words
      return { answer: { text: final || toolTexts.join('\n\n') || unknownAnswer().text, figures: dedupe(figures) }, toolCalls: calls }
    }
    const chosen = turn.toolCalls.slice(0, MAX_CALLS_PER_ROUND)
    messages.push({
      role: 'assistant',
      content: turn.content || null,
      tool_calls: chosen.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
    })
    for (const call of chosen) {
      const run = await tools.runTool(ctx, call.name, call.arguments, vocabulary)
      deps.log.info({ advisor: { round: round + 1, tool: call.name, arguments: run.arguments, ok: run.ok }, userId: ctx.user.id }, 'advisor tool call')
      calls.push({ name: call.name, arguments: run.arguments })
      if (run.ok) {
        figures.push(...run.answer.figures)
        toolTexts.push(run.answer.text)
      }
      const content = run.ok
        ? { summary: run.answer.text, figures: run.answer.figures.map((f) => ({ label: f.label, value: f.value })) }
        : { error: run.error }
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(content) })
    }
  }
}

// ---- conversations ----

const owner = (user: SessionUser) => ({ householdId: user.householdId, userId: user.id })

async function ownConversation(db: DbOrTx, user: SessionUser, id: string) {
  const row = await repo.findConversation(db, owner(user), id)
  if (!row) throw notFound('Conversation')
  return row
}

const storedFigure = z.object({ label: z.string(), amount: z.number().int().nullable(), value: z.string(), href: z.string().nullable() })
const storedCall = z.object({ name: z.string(), arguments: z.unknown() })

function readFigures(value: unknown): Figure[] {
  const parsed = z.array(storedFigure).safeParse(value)
  return parsed.success ? parsed.data.map((f) => ({ ...f, amount: f.amount === null ? null : asCents(f.amount) })) : []
}

function readCalls(value: unknown): ToolCallRecord[] {
  const parsed = z.array(storedCall).safeParse(value)
  return parsed.success ? parsed.data.map((c) => ({ name: c.name, arguments: c.arguments })) : []
}

/** Model answers the household had this month (a UTC calendar month), against the plan's allowance. */
async function modelUsage(db: Db, user: SessionUser, now: Date) {
  const monthStart = new Date(`${startOfMonth(now.toISOString().slice(0, 10))}T00:00:00Z`)
  const used = await repo.countModelAnswers(db, user.householdId, monthStart)
  const allowed = tierLimits(user.subscriptionTier).aiRequestsPerMonth
  return { allowed, used, left: Math.max(0, allowed - used) }
}

const title = (text: string) => (text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text)

/** Answers a question and keeps both in the member's conversation (a new one without an id). */
export async function ask(deps: AdvisorDeps, user: SessionUser, body: Ask, now: Date, onDelta?: (text: string) => void): Promise<AskResult> {
  const { db } = deps
  const existing = body.conversationId ? await ownConversation(db, user, body.conversationId) : null
  const history = existing
    ? (
        await repo.listRecentMessages(db, existing.id, HISTORY_MESSAGES)
      ).reverse()
    : []
  const ctx = tools.toolContext(db, user, now)

  let engine: Engine = 'deterministic'
  let answer: Answer | null = null
  let toolCalls: ToolCallRecord[] = []
  if (deps.llm && (await modelUsage(db, user, now)).left > 0) {
    try {
      const result = await modelAnswer(deps, deps.llm, ctx, history, body.text, onDelta)
      answer = result.answer
      toolCalls = result.toolCalls
      engine = 'model'
    } catch (error) {
      if (!(error instanceof LlmError)) throw error
      deps.log.warn({ advisor: { error: error.message } }, 'advisor model unavailable: answering without it')
    }
  }
  if (answer === null) {
    answer = await deterministicAnswer(ctx, body.text)
    onDelta?.(answer.text)
  }

  // with a fixed clock two answers may share a moment: keep the messages in the order they came
  const last = history.at(-1)?.createdAt.getTime() ?? 0
  const asked = new Date(Math.max(now.getTime(), last + 1))
  const answered = new Date(asked.getTime() + 1)
  const reply = answer
  const conversationId = await db.transaction(async (tx) => {
    let id = existing?.id
    if (id) {
      await repo.touchConversation(tx, id, answered)
    } else {
      id = await repo.insertConversation(tx, owner(user), { title: title(body.text), createdAt: asked, updatedAt: answered })
    }
    if (!id) throw new AppError(500, 'INTERNAL', 'The conversation could not be saved')
    await repo.insertMessages(tx, [
      { conversationId: id, role: 'user', text: body.text, engine, createdAt: asked },
      { conversationId: id, role: 'assistant', text: reply.text, figures: reply.figures, toolCalls, engine, createdAt: answered },
    ])
    return id
  })
  return { conversationId, reply, engine }
}

type SseWriter = { raw: FastifyReply['raw'] }

function sendEvent({ raw }: SseWriter, event: string, data: unknown): void {
  if (raw.destroyed || raw.writableEnded) return
  raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
}

/**
 * The same answer as Server-Sent Events: `delta` pieces of text as they come, then `done` with
 * the body of POST /api/advisor/messages, or `error`. A conversation the member may not read is
 * a plain 404 before the stream starts.
 */
export async function askStream(deps: AdvisorDeps, user: SessionUser, body: Ask, now: Date, reply: FastifyReply): Promise<void> {
  if (body.conversationId) await ownConversation(deps.db, user, body.conversationId)
  reply.hijack()
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-content-type-options': 'nosniff',
    'x-accel-buffering': 'no',
  })
  const out = { raw: reply.raw }
  try {
    const result = await ask(deps, user, body, now, (text) => sendEvent(out, 'delta', { text }))
    sendEvent(out, 'done', askResponse.encode(result))
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      sendEvent(out, 'error', { message: error.message, code: error.code })
    } else {
      deps.log.error({ err: error }, 'advisor stream failed')
      sendEvent(out, 'error', { message: 'Something went wrong: please try again', code: 'INTERNAL' })
    }
  } finally {
    reply.raw.end()
  }
}

export async function listConversations(db: Db, user: SessionUser) {
  const rows = await repo.listConversationRows(db, owner(user), MAX_CONVERSATIONS)
  return rows.map((r) => ({ id: r.id, title: r.title, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }))
}

export async function getConversation(db: Db, user: SessionUser, id: string) {
  const row = await ownConversation(db, user, id)
  const messages = await repo.listMessageRows(db, id)
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role === 'user' ? ('user' as const) : ('assistant' as const),
      text: m.text,
      figures: readFigures(m.figures),
      engine: m.engine === 'model' ? ('model' as const) : ('deterministic' as const),
      toolCalls: readCalls(m.toolCalls),
      createdAt: m.createdAt.toISOString(),
    })),
  }
}

export async function deleteConversation(db: Db, user: SessionUser, id: string): Promise<void> {
  const gone = await repo.deleteConversationRow(db, owner(user), id)
  if (!gone) throw notFound('Conversation')
}

export async function status(deps: AdvisorDeps, user: SessionUser, now: Date) {
  const usage = await modelUsage(deps.db, user, now)
  const model = deps.llm?.model ?? null
  return {
    modelConfigured: model !== null,
    model,
    dataSharing:
      model !== null
        ? `Answers are worded by the language model ${model} at ${deps.llmHost ?? 'the configured address'}. Each question sends it your question, the last few messages of the conversation and the results of the tools it asks for (amounts, dates and the names of your categories, payees, accounts, goals and bills, only as you may see them). No passwords, account numbers or whole transaction lists leave the server, and every figure shown is computed here. Past this month's model answers, or if the model cannot be reached, answers are computed on the server alone.`
        : 'Nothing leaves the server: no language model is configured, so every answer is computed here from the figures you may see.',
    requestsPerMonth: usage.allowed,
    requestsUsed: usage.used,
    requestsLeft: model !== null ? usage.left : null,
    suggestions: [...EXAMPLE_QUESTIONS],
  }
}
